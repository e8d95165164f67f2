//! `alphabeta` with a random choice among equally good moves: the Min-Max players that
//! choose at random between moves of equal value, for the games that ask for
//! it through [`crate::registry::ExtraStrategies::RANDOM_TIES`].

use super::{AlphaBeta, Context, Strategy};
use crate::game::Game;
use crate::rng::GameRng;

/// Alpha-beta to a fixed depth that plays a uniformly random move among the root moves of
/// the best value. Its generator is seeded once per game from the context's seed (the
/// bot's own seed, never the board's) and is drawn from only when there is a tie, so a
/// replay of the same game makes the same moves.
#[derive(Debug, Clone)]
pub struct RandomTies {
    search: AlphaBeta,
    rng: Option<GameRng>,
}

impl RandomTies {
    /// A searcher to `depth` plies (at least 1).
    pub fn new(depth: u32) -> RandomTies {
        RandomTies {
            search: AlphaBeta::new(depth),
            rng: None,
        }
    }

    /// The search depth in plies.
    pub fn depth(&self) -> u32 {
        self.search.depth()
    }
}

impl<G: Game> Strategy<G> for RandomTies {
    fn choose(&mut self, ctx: &Context, state: &G) -> G::Move {
        let mut best = Vec::new();
        self.search.search_ties(state, &mut best);
        if best.len() == 1 {
            return best[0];
        }
        let rng = self.rng.get_or_insert_with(|| GameRng::new(ctx.seed));
        best[rng.below(best.len() as u64) as usize]
    }
}
