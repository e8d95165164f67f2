//! `bots/games/pursuer.wasm`: pursuit as a pursuer — one step along a shortest path round
//! the obstacles toward the evader (the first such step in row-major order). It declares
//! pursuit, whose series give every bot every role too: as the evader it steps to the
//! free cell farthest (round the obstacles) from the nearest pursuer.

use arena_sdk::games::pursuit::{Pursuit, PursuitView, Role};
use arena_sdk::prelude::*;

/// The move for whatever role the seat has.
pub fn choose(_ctx: &TableContext, view: &PursuitView) -> u32 {
    let moves = view.legal_moves();
    match view.role(view.me) {
        Role::Pursuer => {
            let Some(evader) = view.at[view.evader() as usize] else {
                return moves[0];
            };
            let to_evader = view.board.distances(evader);
            *moves
                .iter()
                .min_by_key(|&&c| to_evader[c as usize])
                .expect("a piece always has a move (passing when blocked)")
        }
        Role::Evader => {
            let pursuers: Vec<Vec<u32>> = (0..view.evader())
                .filter_map(|s| view.at[s as usize])
                .map(|p| view.board.distances(p))
                .collect();
            let nearest = |c: u32| pursuers.iter().map(|d| d[c as usize]).min().unwrap_or(0);
            *moves
                .iter()
                .max_by_key(|&&c| (nearest(c), std::cmp::Reverse(c)))
                .expect("a piece always has a move")
        }
    }
}

arena_sdk::table_bot!(Pursuit, choose);
