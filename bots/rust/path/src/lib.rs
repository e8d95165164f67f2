//! `games/path.wasm`: the path, one player. A breadth-first search from the target over
//! the free cells gives every cell its distance (in king moves, round the obstacles); the
//! bot steps to the neighbour nearest the target, so it walks a shortest path.

use arena_sdk::games::pursuit::Path;
use arena_sdk::prelude::*;

fn choose(ctx: &TableContext, view: &Path) -> u32 {
    // King-move distance of every cell from the target over free cells (`u32::MAX`:
    // blocked or cut off), by the board's own breadth-first search.
    let dist = view.board().distances(view.target());
    let moves = view.legal_moves();
    let best = *moves
        .iter()
        .min_by_key(|&&cell| dist[cell as usize])
        .expect("the referee asks only while a step is left");
    if ctx.ply == 0 {
        debug_log(&format!("{} steps to the target", dist[view.at() as usize]));
    }
    best
}

arena_sdk::table_bot!(Path, choose);
