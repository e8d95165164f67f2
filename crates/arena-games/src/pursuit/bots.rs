//! Pursuit's and the path's builtin strategies, by name ([`TableStrategies`]), each
//! deciding from what its seat sees.

use super::strategies as chase;
use super::{Path, Pursuit, PursuitView, Role};
use crate::game::{GameParams, TableGame};
use crate::rng::GameRng;
use crate::strategy::budget::Search;
use crate::strategy::named::{Built, Refusal, TableStrategies};
use crate::strategy::table::{MaxN, TableContext, TableRandom, TableStrategy};

/// Max^n for pursuit where the mover sees every piece (`blind=0`): the search runs on
/// the game its view describes. For two players it is minimax (the values are
/// constant-sum).
#[derive(Debug)]
pub struct PursuitSearch(pub MaxN);

impl TableStrategy<Pursuit> for PursuitSearch {
    /// The search where the seat sees every piece; a blind evader, which cannot search a
    /// game it does not see, plays the classic strategy (`builtin:maxn` itself is
    /// refused for `blind=1`, but the SDK's any-game search bot meets such games).
    fn choose(&mut self, ctx: &TableContext, view: &PursuitView) -> u32 {
        match view.to_game() {
            Some(game) => self.0.best_move(&game, ctx.ply),
            None => TomAndJerry.choose(ctx, view),
        }
    }
}

/// Pursuit's `greedy`: the classic strategies, Tom as a pursuer (a step toward the
/// evader) and Jerry as the evader (away from the nearest pursuer it sees), so that one
/// bot plays every role a series gives it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TomAndJerry;

impl TableStrategy<Pursuit> for TomAndJerry {
    fn choose(&mut self, _ctx: &TableContext, view: &PursuitView) -> u32 {
        match view.role(view.me) {
            Role::Pursuer => chase::tom_sees(view),
            Role::Evader => chase::jerry_sees(view),
        }
    }
}

/// Pursuit's `perfect` for two players who see each other: best play by retrograde
/// analysis ([`crate::pursuit::perfect`]), solved once per game on its first move.
#[derive(Debug, Default)]
pub struct PerfectPursuit {
    solution: Option<crate::pursuit::perfect::Solution>,
}

impl TableStrategy<Pursuit> for PerfectPursuit {
    fn choose(&mut self, _ctx: &TableContext, view: &PursuitView) -> u32 {
        let game = view
            .to_game()
            .expect("perfect is built only for two players who see each other");
        let solution = self.solution.get_or_insert_with(|| {
            crate::pursuit::perfect::Solution::solve(&view.board, view.rounds)
                .expect("perfect is built only for boards within the solution's size")
        });
        solution
            .best_move(&game)
            .expect("a running two-player game of the solved board has a best move")
    }
}

/// A way of walking the path's king.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathStrategy {
    /// The free neighbour nearest the target as the crow flies (Chebyshev distance,
    /// obstacles ignored; the first of equals): it can stall behind a wall.
    Greedy,
    /// A first step of a shortest path round the obstacles.
    Perfect,
}

impl TableStrategy<Path> for PathStrategy {
    fn choose(&mut self, _ctx: &TableContext, state: &Path) -> u32 {
        let board = state.board();
        let pick = match self {
            PathStrategy::Greedy => state
                .legal_moves()
                .into_iter()
                .min_by_key(|&c| board.chebyshev(c, state.target())),
            PathStrategy::Perfect => state.perfect_move(),
        };
        pick.expect("a path not over has a move")
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
                if 2 * u64::from(s.rounds) * cells * cells > super::perfect::MAX_ENTRIES {
                    return Err("the board and round limit are too large to solve (2 × rounds × cells² above 2^25)".into());
                }
                Some(Box::new(PerfectPursuit::default()))
            }
            _ => None,
        })
    }
}

/// Checks pursuit's search `name` (max^n, also as `alphabeta`) for `params` at `depth`:
/// [`super::search_work`].
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
        min_side: super::MIN_SIDE,
        work: &|rows, cols, depth| super::search_work(rows, cols, seats, depth),
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
