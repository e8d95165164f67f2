//! `games/evader.wasm`: pursuit, written for the evader's seat (B). Steps to the cell
//! whose distance round the obstacles from the nearest pursuer it sees is largest, and
//! among those to the one with the most free neighbours (corners and dead ends are where
//! it gets caught). A blind evader sees no pursuer: it heads for open ground, the cell
//! with the most free cells within two steps, and keeps moving there. Seated as a
//! pursuer, it steps toward the evader as the crow flies.

use arena_sdk::games::pursuit::{Board, Pursuit, PursuitView, Role};
use arena_sdk::prelude::*;

/// Free cells within two king steps of `cell` (itself excluded).
fn openness(board: &Board, cell: u32) -> usize {
    let mut near: Vec<u32> = board
        .free_neighbours(cell)
        .into_iter()
        .flat_map(|n| {
            let mut two = board.free_neighbours(n);
            two.push(n);
            two
        })
        .filter(|&n| n != cell)
        .collect();
    near.sort_unstable();
    near.dedup();
    near.len()
}

/// The evader's step.
fn flee(view: &PursuitView) -> u32 {
    let board = &view.board;
    let pursuers: Vec<Vec<u32>> = (0..view.evader())
        .filter_map(|s| view.at[usize::from(s)])
        .map(|p| board.distances(p))
        .collect();
    let key = |cell: u32| {
        if pursuers.is_empty() {
            return (0, openness(board, cell));
        }
        let nearest = pursuers.iter().map(|d| d[cell as usize]).min();
        (nearest.unwrap_or(0), board.free_neighbours(cell).len())
    };
    let moves = view.legal_moves();
    // `max_by_key` keeps the last of equals: reversed, that is the first in cell order.
    moves
        .into_iter()
        .rev()
        .max_by_key(|&cell| key(cell))
        .expect("a seat always has a move")
}

/// A pursuer's step, when this module is seated there: toward the evader as the crow
/// flies.
fn chase(view: &PursuitView) -> u32 {
    let evader = view.at[usize::from(view.evader())].expect("a pursuer sees the evader");
    let moves = view.legal_moves();
    moves
        .into_iter()
        .min_by_key(|&cell| view.board.chebyshev(cell, evader))
        .expect("a seat always has a move")
}

fn choose(ctx: &TableContext, view: &PursuitView) -> u32 {
    if ctx.ply < u32::from(view.players) && view.blind && view.role(view.me) == Role::Evader {
        debug_log("blind: heading for open ground");
    }
    match view.role(view.me) {
        Role::Evader => flee(view),
        Role::Pursuer => chase(view),
    }
}

arena_sdk::table_bot!(Pursuit, choose);
