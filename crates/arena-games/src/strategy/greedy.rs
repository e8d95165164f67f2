//! `greedy`: the move with the best immediate value.

use super::alphabeta::HEURISTIC_CAP;
use super::{terminal_value, Context, Strategy};
use crate::game::Game;

/// Plays the move whose resulting position has the best value for the mover: a win
/// first, then the game's heuristic (MathTricks: the best immediate total). Ties go to
/// the first move in the game's sorted order.
#[derive(Debug, Default, Clone, Copy)]
pub struct Greedy;

impl<G: Game> Strategy<G> for Greedy {
    fn choose(&mut self, ctx: &Context, state: &G) -> G::Move {
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let mut best = moves[0];
        let mut best_value = i64::MIN;
        for &mv in &moves {
            let mut next = state.clone();
            next.apply(mv);
            let value = if next.is_terminal() {
                terminal_value(&next, ctx.seat, 1)
            } else {
                // Clamped as alphabeta does, so no total ever outranks a win.
                next.heuristic(ctx.seat)
                    .clamp(-HEURISTIC_CAP, HEURISTIC_CAP)
            };
            if value > best_value {
                best_value = value;
                best = mv;
            }
        }
        best
    }
}
