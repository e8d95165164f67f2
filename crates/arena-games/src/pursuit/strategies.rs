//! The classic strategies for pursuit: Tom, the pursuer, steps toward the
//! evader; Jerry, the evader, maximises its distance from the nearest pursuer. Ties
//! between equally good cells go to the first in row-major order.

use super::{Board, Pursuit, PursuitView};
use crate::game::Observed;

/// The pursuer's step: the step by the signs of the row and column differences toward
/// the evader when it is legal and on a shortest path (always, on an open board), else
/// the first legal cell (ascending) nearest the evader in king moves around obstacles.
pub fn tom(game: &Pursuit) -> u32 {
    tom_sees(&game.view())
}

/// [`tom`] from what the pursuer sees (pursuers always see every piece).
pub fn tom_sees(view: &PursuitView) -> u32 {
    let board = &view.board;
    let here = view.here();
    let target = view.at[usize::from(view.evader())].expect("a pursuer sees the evader");
    let moves = view.legal_moves();
    let dist = board.distances(target);
    let sign_step = sign_step(board, here, target);
    if moves.contains(&sign_step) && dist[sign_step as usize] < dist[here as usize] {
        return sign_step;
    }
    moves
        .into_iter()
        .min_by_key(|&c| dist[c as usize])
        .expect("a seat to move always has a move")
}

/// The cell one king step from `from` toward `to` by the signs of the differences.
fn sign_step(board: &Board, from: u32, to: u32) -> u32 {
    let ((fr, fc), (tr, tc)) = (board.row_col(from), board.row_col(to));
    let step = |a: u32, b: u32| match a.cmp(&b) {
        std::cmp::Ordering::Less => a + 1,
        std::cmp::Ordering::Equal => a,
        std::cmp::Ordering::Greater => a - 1,
    };
    step(fr, tr) * board.cols() + step(fc, tc)
}

/// The evader's step: the legal cell (ascending order breaks ties) whose Chebyshev
/// distance from the nearest pursuer it sees is largest. A blind evader sees no
/// pursuer: it takes the cell with the most free neighbours, keeping out of corners.
pub fn jerry(game: &Pursuit) -> u32 {
    jerry_sees(&game.view())
}

/// [`jerry`] from what the evader sees.
pub fn jerry_sees(view: &PursuitView) -> u32 {
    let seat = view.me;
    let board = &view.board;
    let seen: Vec<u32> = view
        .at
        .iter()
        .copied()
        .enumerate()
        .filter(|&(s, _)| s as u8 != seat)
        .filter_map(|(_, c)| c)
        .collect();
    let value = |c: u32| -> u32 {
        if seen.is_empty() {
            board.free_neighbours(c).len() as u32
        } else {
            seen.iter()
                .map(|&p| board.chebyshev(c, p))
                .min()
                .unwrap_or(0)
        }
    };
    let mut best: Option<(u32, u32)> = None;
    for c in view.legal_moves() {
        let v = value(c);
        if best.is_none_or(|(b, _)| v > b) {
            best = Some((v, c));
        }
    }
    best.expect("a seat to move always has a move").1
}
