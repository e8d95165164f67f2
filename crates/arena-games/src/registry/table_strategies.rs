//! The builtin strategies of each table game, by name.

use crate::game::{GameParams, Observed, TableGame};
use crate::minesweeper::bots::MineStrategy;
use crate::minesweeper::Minesweeper;
use crate::oneway::{OneWayTable, Piece};
use crate::pursuit::bots::{PathStrategy, PerfectPursuit, PursuitSearch, TomAndJerry};
use crate::pursuit::{Path, Pursuit};
use crate::rng::GameRng;
use crate::strategy::budget::{tree_work, Search, TooMuchWork};
use crate::strategy::table::{full_information, MaxN, TableContext, TableRandom, TableStrategy};
use crate::tictactoe::TicTacToe;

/// A strategy built by name: `Ok(None)` for an unknown name, `Err(why)` for one that
/// cannot play the parameters.
pub type Built<G> = Result<Option<Box<dyn TableStrategy<G>>>, Refusal>;

/// Why a strategy cannot play the parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Not for these parameters, and why, with what it does play.
    NotHere(&'static str),
    /// Its search could not finish a move here ([`crate::strategy::budget`]).
    TooMuchWork(Box<TooMuchWork>),
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::NotHere(reason) => f.write_str(reason),
            Refusal::TooMuchWork(why) => why.fmt(f),
        }
    }
}

impl From<&'static str> for Refusal {
    fn from(reason: &'static str) -> Refusal {
        Refusal::NotHere(reason)
    }
}

impl From<Box<TooMuchWork>> for Refusal {
    fn from(why: Box<TooMuchWork>) -> Refusal {
        Refusal::TooMuchWork(why)
    }
}

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
            TICTACTOE_MAXN.check(rows, cols, depth)?;
        }
        if name != "perfect" {
            return Ok(full_information::<TicTacToe>(name, depth));
        }
        let game = TicTacToe::new_random(params, &mut GameRng::new(0))
            .map_err(|_| "the parameters are not a tic-tac-toe board")?;
        if crate::tictactoe::perfect_move(&game).is_none() {
            return Err("perfect play is solved for 3x3, k=3, two players only".into());
        }
        Ok(Some(Box::new(PerfectTicTacToe)))
    }
}

/// Tic-tac-toe's `maxn` and its work a move ([`maxn_work`]): the default depth 4 plays
/// every board up to 7 × 7, `builtin:maxn:2` every board up to 15 × 15.
pub(crate) const TICTACTOE_MAXN: Search<'static> = Search {
    game: "tictactoe",
    name: "maxn",
    what: "cells × (cells − 1) × … over the depth, times the cells its heuristic reads",
    min_side: crate::tictactoe::MIN_SIDE,
    work: &|rows, cols, depth| maxn_work(rows * cols, depth),
};

/// An upper bound on the work of one `maxn` move from the empty board of `cells` cells:
/// the positions `depth` moves deep (cells × (cells − 1) × …) times the cells the
/// heuristic reads at each (saturating).
pub(crate) fn maxn_work(cells: u32, depth: u32) -> u64 {
    tree_work(depth.min(cells), u64::from(cells), |i| u64::from(cells - i))
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

    fn strategy(name: &str, depth: Option<u32>, params: &GameParams) -> Built<Self> {
        if name == "maxn" {
            let (rows, cols) = params
                .size(&P::INFO)
                .map_err(|_| "the parameters are not a board of this piece")?;
            let depth = depth.unwrap_or(P::INFO.default_depth);
            oneway_maxn::<P>().check(rows, cols, depth)?;
        }
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
                    return Err("alphabeta plays two players who see each other (players=2, blind=0); maxn plays three".into());
                }
                let depth = depth.unwrap_or(Pursuit::INFO.default_depth);
                pursuit_search("alphabeta", params, depth)?;
                Some(Box::new(PursuitSearch(MaxN::new(depth))))
            }
            "maxn" => {
                if params.options.get("blind").is_some_and(|v| v == "1") {
                    return Err("a search needs every seat to see every piece (blind=0)".into());
                }
                let depth = depth.unwrap_or(Pursuit::INFO.default_depth);
                pursuit_search("maxn", params, depth)?;
                Some(Box::new(PursuitSearch(MaxN::new(depth))))
            }
            "perfect" => {
                let game = Pursuit::new_random(params, &mut GameRng::new(0))
                    .map_err(|_| "the parameters are not a pursuit board")?;
                let s = game.settings();
                if s.players != 2 || s.blind {
                    return Err(
                        "perfect plays two players who see each other (players=2, blind=0)".into(),
                    );
                }
                let cells = u64::from(game.board().cells());
                if 2 * u64::from(s.rounds) * cells * cells > crate::pursuit::perfect::MAX_ENTRIES {
                    return Err("the board and round limit are too large to solve (2 × rounds × cells² above 2^25)".into());
                }
                Some(Box::new(PerfectPursuit::default()))
            }
            _ => None,
        })
    }
}

/// The one-way piece's `maxn` (for two or three seats) and its work a move
/// ([`crate::oneway::maxn_work`]).
pub(crate) fn oneway_maxn<P: Piece>() -> Search<'static> {
    Search {
        game: P::INFO.name,
        name: "maxn",
        what: "the product over the depth of the most moves the piece can have that many moves from its start",
        min_side: crate::oneway::MIN_SIDE,
        work: &crate::oneway::maxn_work::<P>,
    }
}

/// Checks pursuit's search `name` (max^n, also as `alphabeta`) for `params` at `depth`:
/// [`crate::pursuit::search_work`].
fn pursuit_search(name: &'static str, params: &GameParams, depth: u32) -> Result<(), Refusal> {
    let (rows, cols) = params
        .size(&Pursuit::INFO)
        .map_err(|_| "the parameters are not a pursuit board")?;
    let seats = params
        .number_option("players", 2, 3)
        .map_err(|_| "the players option is not 2 or 3")?
        .unwrap_or(2);
    Search {
        game: Pursuit::INFO.name,
        name,
        what: "8 king moves a seat to the power of the depth, times a walk over the cells for each seat's heuristic",
        min_side: crate::pursuit::MIN_SIDE,
        work: &|rows, cols, depth| crate::pursuit::search_work(rows, cols, seats, depth),
    }
    .check(rows, cols, depth)?;
    Ok(())
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
