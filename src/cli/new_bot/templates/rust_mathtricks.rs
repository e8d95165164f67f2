//! {{name}}: a MathTricks bot (see arena's docs/games/mathtricks.md for the rules).
//!
//! Steps onto the neighbour that leaves my total highest (ties: the first in row-major
//! order, the order `legal_moves` lists them in). Replace it with something smarter.

use arena_sdk::prelude::*;

fn choose(ctx: &Context, state: &MathTricks) -> Cell {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let mine = state.total(ctx.seat);
    let after = |cell: Cell| state.board().op(cell).apply(mine);
    let mut best = moves[0];
    for &cell in &moves[1..] {
        if after(cell) > after(best) {
            best = cell;
        }
    }
    debug_log(&format!("ply {}: moving to {best}", ctx.ply));
    best
}

arena_sdk::bot!(MathTricks, choose);
