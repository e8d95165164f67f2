//! An upper bound of the work of one `maxn` move of a one-way piece, for
//! [`crate::strategy::budget`].

use super::{Piece, Square};

/// How many squares `P` can reach from `from` on a `rows` × `cols` board (what
/// [`super::targets`] lists, counted without listing them).
fn move_count<P: Piece>(rows: u32, cols: u32, from: Square) -> u64 {
    let on = |r: i64, c: i64| (0..i64::from(rows)).contains(&r) && (0..i64::from(cols)).contains(&c);
    P::STEPS
        .iter()
        .map(|&(dr, dc)| {
            let (dr, dc) = (i64::from(dr), i64::from(dc));
            let (mut r, mut c) = (i64::from(from.row) + dr, i64::from(from.col) + dc);
            let mut n = 0;
            while on(r, c) {
                n += 1;
                if !P::SLIDES {
                    break;
                }
                r += dr;
                c += dc;
            }
            n
        })
        .sum()
}

/// An upper bound of the positions a `maxn` search of `depth` moves reaches on a `rows` ×
/// `cols` board, from any start (the piece starts at most at the top-right corner): the
/// product over the plies `i` below the root of the most moves from a square that is not
/// a goal and whose row plus column is at most the corner's less `i` (every move of every
/// piece lowers row plus column by at least 1), each at least 1. The evaluation of a leaf
/// reads no cells (the heuristic is 0), so a position is one unit. Monotone in both sides
/// and in the depth; saturating.
pub fn maxn_work<P: Piece>(rows: u32, cols: u32, depth: u32) -> u64 {
    let top = (rows - 1 + cols - 1) as usize;
    // most[s]: the most moves from a square with row + column at most s.
    let mut most = vec![0u64; top + 1];
    for row in 0..rows {
        for col in 0..cols {
            let sq = Square { row, col };
            if !P::is_goal(sq) {
                let s = (row + col) as usize;
                most[s] = most[s].max(move_count::<P>(rows, cols, sq));
            }
        }
    }
    for s in 1..=top {
        most[s] = most[s].max(most[s - 1]);
    }
    crate::strategy::budget::tree_work(depth, 1, |i| {
        top.checked_sub(i as usize).map_or(0, |s| most[s])
    })
}
