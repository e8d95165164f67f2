//! `games/path.wasm`: the path, one player. A breadth-first search from the target over
//! the free cells gives every cell its distance (in king moves, round the obstacles); the
//! bot steps to the neighbour nearest the target, so it walks a shortest path.

use std::collections::VecDeque;

use arena_sdk::games::pursuit::Path;
use arena_sdk::prelude::*;

/// King-move distance of every cell from `target` over free cells (`u32::MAX`: blocked or
/// cut off).
fn distances_to(view: &Path, target: u32) -> Vec<u32> {
    let board = view.board();
    let mut dist = vec![u32::MAX; board.cells() as usize];
    dist[target as usize] = 0;
    let mut queue = VecDeque::from([target]);
    while let Some(cell) = queue.pop_front() {
        for next in board.free_neighbours(cell) {
            if dist[next as usize] == u32::MAX {
                dist[next as usize] = dist[cell as usize] + 1;
                queue.push_back(next);
            }
        }
    }
    dist
}

fn choose(ctx: &TableContext, view: &Path) -> u32 {
    let dist = distances_to(view, view.target());
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
