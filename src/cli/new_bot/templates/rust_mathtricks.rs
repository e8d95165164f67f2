//! {{name}}: a MathTricks bot (see arena's docs/games/mathtricks.md for the rules).
//!
//! Greedy, written out: for each legal move (in row-major order of the cell it steps
//! on), the value of the position it leads to for me: a finished game is a win, a loss
//! or a draw (`leaf_value`), otherwise my total minus the opponent's (the game's
//! heuristic). The first move with the largest value wins, so it makes the same moves
//! as `builtin:greedy`. Replace it with something smarter (look further ahead?).

use arena_sdk::games::strategy::leaf_value;
use arena_sdk::prelude::*;

fn choose(ctx: &Context, state: &MathTricks) -> Cell {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let mut best = moves[0];
    let mut best_value = i64::MIN;
    for &cell in &moves {
        let mut next = state.clone();
        next.apply(cell);
        let value = leaf_value(&next, ctx.seat, 1);
        if value > best_value {
            best = cell;
            best_value = value;
        }
    }
    debug_log(&format!("ply {}: moving to {best}", ctx.ply));
    best
}

arena_sdk::bot!(MathTricks, choose);
