//! `games/pursuer.wasm`: pursuit, written for a pursuer's seat (A, or A2 of three). Steps
//! along a shortest path to the evader round the obstacles (a breadth-first search from
//! the evader's cell); among equally short steps it keeps the closer one as the crow
//! flies and, with a partner, the one farther from the partner, so that two pursuers close
//! in from different sides. Seated as the evader (a series gives every seat to every
//! bot), it simply steps to the cell farthest from the pursuers it sees.

use arena_sdk::games::pursuit::{Pursuit, PursuitView, Role};
use arena_sdk::prelude::*;

/// The pursuer's step.
fn chase(view: &PursuitView) -> u32 {
    let board = &view.board;
    let evader = view.at[usize::from(view.evader())].expect("a pursuer sees the evader");
    let to_evader = board.distances(evader);
    let partner = (0..view.evader())
        .filter(|&s| s != view.me)
        .find_map(|s| view.at[usize::from(s)]);
    let key = |cell: u32| {
        let apart = partner.map_or(0, |p| board.chebyshev(cell, p));
        (
            to_evader[cell as usize],
            board.chebyshev(cell, evader),
            u32::MAX - apart,
        )
    };
    let moves = view.legal_moves();
    moves
        .into_iter()
        .min_by_key(|&cell| key(cell))
        .expect("a seat always has a move")
}

/// The evader's step, when this module is seated there: the cell farthest (round the
/// obstacles) from the nearest pursuer it sees; a blind evader the most open cell.
fn flee(view: &PursuitView) -> u32 {
    let board = &view.board;
    let from: Vec<Vec<u32>> = (0..view.evader())
        .filter_map(|s| view.at[usize::from(s)])
        .map(|p| board.distances(p))
        .collect();
    let key = |cell: u32| {
        let nearest = from.iter().map(|d| d[cell as usize]).min().unwrap_or(0);
        (nearest, board.free_neighbours(cell).len())
    };
    let moves = view.legal_moves();
    // The first of the best: `max_by_key` keeps the last, so compare reversed positions.
    moves
        .into_iter()
        .rev()
        .max_by_key(|&cell| key(cell))
        .expect("a seat always has a move")
}

fn choose(_ctx: &TableContext, view: &PursuitView) -> u32 {
    match view.role(view.me) {
        Role::Pursuer => chase(view),
        Role::Evader => flee(view),
    }
}

arena_sdk::table_bot!(Pursuit, choose);
