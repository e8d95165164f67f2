//! Pursuit on a grid with obstacles and the shortest path, rules to the letter of
//! `docs/games/pursuit.md`.
//!
//! - [`Board`]: the grid, inaccessible cells drawn from the game seed with the free cells
//!   connected through king moves, and king distances.
//! - [`Path`]: one player walks a king from a start to a target.
//! - [`Pursuit`]: pursuer A (and A2 with three players) against evader B.
//! - [`perfect`]: best play for two players by retrograde analysis, on boards up to a size.
//! - [`strategies`]: the classic strategies (Tom steps toward B; Jerry maximises the
//!   distance from the nearest pursuer).
//!
//! This module holds the rules as states that move forward; the game model for N seats,
//! roles and teams plays them through the registry.

mod board;
pub mod bots;
mod path;
mod path_table;
pub mod perfect;
mod state;
pub mod strategies;
mod table;
#[cfg(test)]
mod tests;
mod view;

pub use board::{parse_share, Board, MAX_DRAWS, MAX_OBSTACLES, MAX_SIDE, MIN_SIDE};
pub use path::Path;
pub use state::{Pursuit, PursuitSettings, Role};
pub use view::PursuitView;

use crate::game::ParamError;
use crate::rng::GameRng;

/// The most start positions drawn on one board before it is refused (no free cells far
/// enough apart).
const MAX_START_DRAWS: u32 = 1000;

/// A free cell drawn uniformly from `candidates`, or `None` if there are none.
fn pick(candidates: &[u32], rng: &mut GameRng) -> Option<u32> {
    (!candidates.is_empty()).then(|| candidates[rng.below(candidates.len() as u64) as usize])
}

/// The error for a board too crowded for its pieces' starts.
fn no_start(board: &Board) -> ParamError {
    ParamError::BadOption {
        name: "obstacles".into(),
        reason: format!(
            "no start cells at king distance 2 or more fit the {}x{} board's free cells",
            board.rows(),
            board.cols()
        ),
    }
}

/// Draws one cell uniformly among the free cells, then `others` cells, each uniformly
/// among the free cells at Chebyshev distance at least 2 from the first and distinct
/// from the cells drawn before it; the first cell is drawn again when they do not fit.
fn draw_starts(
    board: &Board,
    others: usize,
    rng: &mut GameRng,
) -> Result<(u32, Vec<u32>), ParamError> {
    let free = board.free_cells();
    for _ in 0..MAX_START_DRAWS {
        let anchor = pick(&free, rng).ok_or_else(|| no_start(board))?;
        let mut chosen = Vec::with_capacity(others);
        for _ in 0..others {
            let far: Vec<u32> = free
                .iter()
                .copied()
                .filter(|&c| board.chebyshev(c, anchor) >= 2 && !chosen.contains(&c))
                .collect();
            match pick(&far, rng) {
                Some(c) => chosen.push(c),
                None => break,
            }
        }
        if chosen.len() == others {
            return Ok((anchor, chosen));
        }
    }
    Err(no_start(board))
}

/// An upper bound of the work of one move of pursuit's search (max^n, also
/// `builtin:alphabeta`), for [`crate::strategy::budget`]: every seat has at most 8 moves
/// (the king's), so a search of `depth` moves reaches at most 8^depth positions, and at
/// each the heuristic of every one of the `seats` walks the `rows` × `cols` cells (the
/// evader's distances round the obstacles). Monotone in the sides, the seats and the
/// depth; saturating.
pub fn search_work(rows: u32, cols: u32, seats: u32, depth: u32) -> u64 {
    let leaf = u64::from(seats) * u64::from(rows) * u64::from(cols);
    crate::strategy::budget::tree_work(depth, leaf, |_| 8)
}
