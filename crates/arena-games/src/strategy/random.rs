//! `random`: a uniformly random legal move, seeded from the per-game seed.

use super::{Context, Strategy};
use crate::game::Game;
use crate::rng::GameRng;

/// Plays a uniformly random legal move. Its generator is seeded once per game from the
/// context's seed, so a replay of the same game makes the same moves.
#[derive(Debug, Default)]
pub struct RandomMover {
    rng: Option<GameRng>,
}

impl<G: Game> Strategy<G> for RandomMover {
    fn choose(&mut self, ctx: &Context, state: &G) -> G::Move {
        let rng = self.rng.get_or_insert_with(|| GameRng::new(ctx.seed));
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        moves[rng.below(moves.len() as u64) as usize]
    }
}
