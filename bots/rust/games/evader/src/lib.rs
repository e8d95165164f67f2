//! `bots/games/evader.wasm`: pursuit as the evader — it keeps to the free cell where the
//! nearest pursuer it sees is farthest round the obstacles, preferring cells with more
//! ways out (a dead end is where it gets caught). A blind evader sees no pursuer: it
//! heads for the cell with the most free neighbours and stays on the move. As a
//! pursuer (series give every role) it steps toward the evader.

use arena_sdk::games::pursuit::{Pursuit, PursuitView, Role};
use arena_sdk::prelude::*;

/// The move for whatever role the seat has.
pub fn choose(_ctx: &TableContext, view: &PursuitView) -> u32 {
    let moves = view.legal_moves();
    let exits = |c: u32| view.board.free_neighbours(c).len();
    match view.role(view.me) {
        Role::Evader => {
            let pursuers: Vec<Vec<u32>> = (0..view.evader())
                .filter_map(|s| view.at[s as usize])
                .map(|p| view.board.distances(p))
                .collect();
            let nearest = |c: u32| pursuers.iter().map(|d| d[c as usize]).min().unwrap_or(0);
            *moves
                .iter()
                .max_by_key(|&&c| (nearest(c), exits(c), std::cmp::Reverse(c)))
                .expect("a piece always has a move")
        }
        Role::Pursuer => {
            let Some(evader) = view.at[view.evader() as usize] else {
                return moves[0];
            };
            let to_evader = view.board.distances(evader);
            *moves
                .iter()
                .min_by_key(|&&c| (to_evader[c as usize], std::cmp::Reverse(exits(c))))
                .expect("a piece always has a move")
        }
    }
}

arena_sdk::table_bot!(Pursuit, choose);
