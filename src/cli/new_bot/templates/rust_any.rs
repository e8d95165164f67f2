//! {{name}}: a bot for {{game}} (see arena's docs/games/{{game}}.md for the rules).
//!
//! It plays the first legal move in the game's order. The SDK decodes the state words
//! into the game's own type, so `state` has the game's rules: `legal_moves`, `apply`,
//! `is_terminal`, `outcome`, `heuristic`... Replace `choose` with something smarter.

use arena_sdk::prelude::*;

/// Plays the first legal move.
struct FirstLegal;

impl AnyGameStrategy for FirstLegal {
    fn choose<G: ExtraStrategies>(&mut self, ctx: &Context, state: &G) -> G::Move {
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        debug_log(&format!("ply {}: {} legal moves", ctx.ply, moves.len()));
        moves[0]
    }
}

arena_sdk::any_game_bot!(FirstLegal);
