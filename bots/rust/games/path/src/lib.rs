//! `bots/games/path.wasm`: the shortest path — a breadth-first search from the target
//! round the obstacles, then every step to a neighbour one closer (the first in row-major
//! order), so it always scores 1.

use arena_sdk::games::pursuit::Path;
use arena_sdk::prelude::*;

/// The step along a shortest path.
pub fn choose(_ctx: &TableContext, view: &Path) -> u32 {
    let to_target = view.board().distances(view.target());
    view.legal_moves()
        .into_iter()
        .min_by_key(|&c| to_target[c as usize])
        .expect("a game not over has a move")
}

arena_sdk::table_bot!(Path, choose);
