//! The reference strategies of `arena_games::strategy` as [`AnyGameStrategy`]s.
//!
//! These are adapters, not strategies: every decision is made by the shared code in
//! `arena_games`, so a bot built from them makes the same moves as `builtin:NAME` — in
//! the two-seat games and, through the table registry's builtins, in the table games.

use arena_games::registry::ExtraStrategies;
use arena_games::strategy::{self, Context, Strategy};

use crate::AnyGameStrategy;

/// `builtin:random`: a uniformly random legal move, seeded from the header's seed.
#[derive(Debug, Default)]
pub struct Random(strategy::RandomMover);

impl AnyGameStrategy for Random {
    const PLAYS_TABLES: bool = true;

    /// `builtin:random` of every table game.
    fn table_builtins(&self, _game: &str) -> (&'static [&'static str], Option<u32>) {
        (&["random"], None)
    }

    fn choose<G: ExtraStrategies>(&mut self, ctx: &Context, state: &G) -> G::Move {
        Strategy::<G>::choose(&mut self.0, ctx, state)
    }
}

/// `builtin:greedy`: an immediate win first, then the best immediate heuristic value.
#[derive(Debug, Default, Clone, Copy)]
pub struct Greedy;

impl AnyGameStrategy for Greedy {
    const PLAYS_TABLES: bool = true;

    /// `builtin:greedy` of every table game.
    fn table_builtins(&self, _game: &str) -> (&'static [&'static str], Option<u32>) {
        (&["greedy"], None)
    }

    fn choose<G: ExtraStrategies>(&mut self, ctx: &Context, state: &G) -> G::Move {
        Strategy::<G>::choose(&mut strategy::Greedy, ctx, state)
    }
}

/// `builtin:alphabeta`: alpha-beta search to a fixed depth. In the games that break ties
/// at random ([`ExtraStrategies::RANDOM_TIES`]: Kalah, Determinant) it chooses among the
/// equally good moves from the header's seed, as the builtin does.
#[derive(Debug, Default, Clone)]
pub struct AlphaBeta {
    depth: Option<u32>,
    ties: Option<strategy::RandomTies>,
}

impl AlphaBeta {
    /// Searches each game to its default depth (`G::INFO.default_depth`), as
    /// `builtin:alphabeta` does.
    pub fn game_default() -> AlphaBeta {
        AlphaBeta {
            depth: None,
            ties: None,
        }
    }

    /// Searches every game to `depth` plies (at least 1).
    pub fn with_depth(depth: u32) -> AlphaBeta {
        AlphaBeta {
            depth: Some(depth),
            ties: None,
        }
    }
}

impl AnyGameStrategy for AlphaBeta {
    const PLAYS_TABLES: bool = true;

    /// The table game's search: `maxn` (to the game's default depth or this bot's),
    /// `solver` in minesweeper, `perfect` (breadth-first search) on the path; where no
    /// search can play (pursuit with a blind evader) `greedy`.
    fn table_builtins(&self, _game: &str) -> (&'static [&'static str], Option<u32>) {
        (&["maxn", "solver", "perfect", "greedy"], self.depth)
    }

    fn choose<G: ExtraStrategies>(&mut self, ctx: &Context, state: &G) -> G::Move {
        let depth = self.depth.unwrap_or(G::INFO.default_depth);
        if G::RANDOM_TIES {
            // One value plays one game, so the generator kept here is this game's.
            let ties = self
                .ties
                .get_or_insert_with(|| strategy::RandomTies::new(depth));
            return Strategy::<G>::choose(ties, ctx, state);
        }
        strategy::AlphaBeta::new(depth).search(state).0
    }
}
