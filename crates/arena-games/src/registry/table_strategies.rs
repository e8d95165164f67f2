//! The builtin strategies of each table game, by name.

use crate::game::{GameParams, Observed, TableGame};
use crate::minesweeper::bots::MineStrategy;
use crate::minesweeper::Minesweeper;
use crate::oneway::{OneWayTable, Piece};
use crate::pursuit::bots::{PathStrategy, PerfectPursuit, PursuitSearch, TomAndJerry};
use crate::pursuit::{Path, Pursuit};
use crate::rng::GameRng;
use crate::strategy::table::{full_information, MaxN, TableContext, TableRandom, TableStrategy};
use crate::tictactoe::TicTacToe;

/// A strategy built by name: `Ok(None)` for an unknown name, `Err(reason)` for one that
/// cannot play the parameters.
pub type Built<G> = Result<Option<Box<dyn TableStrategy<G>>>, &'static str>;

/// The builtin strategies of a table game, by name.
pub trait TableStrategies: Observed {
    /// The names, in the order `arena games` lists them.
    const NAMES: &'static [&'static str];

    /// The named strategy for games of `params`.
    ///
    /// # Errors
    /// `Ok(None)` for an unknown name; `Err(reason)` for a strategy that cannot play
    /// these parameters.
    fn strategy(name: &str, depth: Option<u32>, params: &GameParams) -> Built<Self>;
}

impl TableStrategies for TicTacToe {
    const NAMES: &'static [&'static str] = &["random", "greedy", "maxn", "perfect"];

    fn strategy(name: &str, depth: Option<u32>, params: &GameParams) -> Built<Self> {
        if name == "maxn" {
            let (rows, cols) = params
                .size(&TicTacToe::INFO)
                .map_err(|_| "the parameters are not a tic-tac-toe board")?;
            let depth = depth.unwrap_or(TicTacToe::INFO.default_depth);
            if maxn_work(rows * cols, depth) > MAXN_MOST_WORK {
                return Err("its search would not finish on this board: (cells) × (cells − 1) × … for each level of depth, times the cells its heuristic reads, passes 2^28; give a smaller depth (builtin:maxn:2) or a smaller board");
            }
        }
        if name != "perfect" {
            return Ok(full_information::<TicTacToe>(name, depth));
        }
        let game = TicTacToe::new_random(params, &mut GameRng::new(0))
            .map_err(|_| "the parameters are not a tic-tac-toe board")?;
        if crate::tictactoe::perfect_move(&game).is_none() {
            return Err("perfect play is solved for 3x3, k=3, two players only");
        }
        Ok(Some(Box::new(PerfectTicTacToe)))
    }
}

/// The most work one `maxn` move of tic-tac-toe may cost, in [`maxn_work`]'s units: 2^28,
/// about 7 × 7 at the default depth 4. Beyond it a move takes minutes to hours (15 × 15 at
/// depth 4 is about 2^42), so the builtin is refused with the reason before a
/// tournament starts rather than left to stall it.
pub(crate) const MAXN_MOST_WORK: u64 = 1 << 28;

/// An upper bound on the work of one `maxn` move from the empty board of `cells` cells:
/// the positions `depth` moves deep (cells × (cells − 1) × …) times the cells the
/// heuristic reads at each (saturating).
pub(crate) fn maxn_work(cells: u32, depth: u32) -> u64 {
    (0..depth.min(cells))
        .map(|i| u64::from(cells - i))
        .fold(u64::from(cells), u64::saturating_mul)
}

/// Perfect 3 × 3 tic-tac-toe (the first best cell).
struct PerfectTicTacToe;

impl TableStrategy<TicTacToe> for PerfectTicTacToe {
    fn choose(&mut self, _ctx: &TableContext, view: &TicTacToe) -> u32 {
        crate::tictactoe::perfect_move(view).expect("checked solvable when built; a move remains")
    }
}

impl<P: Piece> TableStrategies for OneWayTable<P> {
    const NAMES: &'static [&'static str] = &["random", "greedy", "maxn"];

    fn strategy(name: &str, depth: Option<u32>, _params: &GameParams) -> Built<Self> {
        Ok(full_information::<OneWayTable<P>>(name, depth))
    }
}

impl TableStrategies for Minesweeper {
    const NAMES: &'static [&'static str] = &["random", "greedy", "solver"];

    fn strategy(name: &str, _depth: Option<u32>, _params: &GameParams) -> Built<Self> {
        Ok(match name {
            "random" => Some(Box::new(TableRandom::default())),
            "greedy" => Some(Box::new(MineStrategy::Greedy)),
            "solver" => Some(Box::new(MineStrategy::Solver)),
            _ => None,
        })
    }
}

impl TableStrategies for Pursuit {
    const NAMES: &'static [&'static str] = &["random", "greedy", "alphabeta", "maxn", "perfect"];

    fn strategy(name: &str, depth: Option<u32>, params: &GameParams) -> Built<Self> {
        Ok(match name {
            "random" => Some(Box::new(TableRandom::default())),
            "greedy" => Some(Box::new(TomAndJerry)),
            "alphabeta" => {
                // Two players who see each other: max^n is then minimax, the moves
                // alpha-beta makes (it only prunes).
                let two = params.options.get("players").is_none_or(|p| p == "2");
                if !two || params.options.get("blind").is_some_and(|v| v == "1") {
                    return Err("alphabeta plays two players who see each other (players=2, blind=0); maxn plays three");
                }
                let depth = depth.unwrap_or(Pursuit::INFO.default_depth);
                Some(Box::new(PursuitSearch(MaxN::new(depth))))
            }
            "maxn" => {
                if params.options.get("blind").is_some_and(|v| v == "1") {
                    return Err("a search needs every seat to see every piece (blind=0)");
                }
                let depth = depth.unwrap_or(Pursuit::INFO.default_depth);
                Some(Box::new(PursuitSearch(MaxN::new(depth))))
            }
            "perfect" => {
                let game = Pursuit::new_random(params, &mut GameRng::new(0))
                    .map_err(|_| "the parameters are not a pursuit board")?;
                let s = game.settings();
                if s.players != 2 || s.blind {
                    return Err(
                        "perfect plays two players who see each other (players=2, blind=0)",
                    );
                }
                let cells = u64::from(game.board().cells());
                if 2 * u64::from(s.rounds) * cells * cells > crate::pursuit::perfect::MAX_ENTRIES {
                    return Err("the board and round limit are too large to solve (2 × rounds × cells² above 2^25)");
                }
                Some(Box::new(PerfectPursuit::default()))
            }
            _ => None,
        })
    }
}

impl TableStrategies for Path {
    const NAMES: &'static [&'static str] = &["random", "greedy", "perfect"];

    fn strategy(name: &str, _depth: Option<u32>, _params: &GameParams) -> Built<Self> {
        Ok(match name {
            "random" => Some(Box::new(TableRandom::default())),
            "greedy" => Some(Box::new(PathStrategy::Greedy)),
            "perfect" => Some(Box::new(PathStrategy::Perfect)),
            _ => None,
        })
    }
}
