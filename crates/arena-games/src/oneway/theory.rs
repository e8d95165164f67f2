//! Which squares are lost for the player to move, piece by piece.
//!
//! All four games are impartial and end when the mover has no move, so a square is lost
//! exactly when its Sprague–Grundy value is 0.
//! - **King** (the parity proof, the odd-odd rule): lost exactly when row and column
//!   are both even counted from 0 at the corner (both odd counted from 1). From such a
//!   square every move makes a coordinate odd; from any other square one move (down,
//!   left or diagonal) makes both even. It is beans with the piles as coordinates.
//! - **Rook**: two Nim heaps (the coordinates); lost exactly when `row == col`.
//! - **Queen**: Wythoff's game; lost exactly on the pairs `{⌊kφ⌋, ⌊kφ⌋ + k}`, `k >= 0`,
//!   with φ the golden ratio.
//! - **Knight**: no closed form on a finite board (the top and right edges bend the
//!   pattern), so the Grundy values are computed square by square in order of
//!   `row + col`, which every move lowers.

use super::{targets, Piece, Square};

/// King: lost exactly when both coordinates are even (0-based from the corner).
pub fn king_losing(sq: Square) -> bool {
    sq.row.is_multiple_of(2) && sq.col.is_multiple_of(2)
}

/// Rook: lost exactly on the diagonal, as two equal Nim heaps.
pub fn rook_losing(sq: Square) -> bool {
    sq.row == sq.col
}

/// `⌊kφ⌋` exactly, in integers: `(k + ⌊√(5k²)⌋) / 2` (√5·k is irrational for k > 0, so
/// flooring the root first does not change the result).
pub fn lower_wythoff(k: u32) -> u32 {
    let k = k as u64;
    ((k + (5 * k * k).isqrt()) / 2) as u32
}

/// The `k`-th losing pair of Wythoff's game, `(⌊kφ⌋, ⌊kφ⌋ + k)`.
pub fn wythoff_pair(k: u32) -> (u32, u32) {
    let a = lower_wythoff(k);
    (a, a + k)
}

/// Queen: lost exactly when the coordinates are a Wythoff pair (in either order).
pub fn queen_losing(sq: Square) -> bool {
    let (a, b) = (sq.row.min(sq.col), sq.row.max(sq.col));
    wythoff_pair(b - a).0 == a
}

/// The Sprague–Grundy value of every square of a `rows` x `cols` board for piece `P`, in
/// row-major order (0 = lost for the player to move): the knight's theory, which has no
/// closed form on a finite board.
pub fn grundy_values<P: Piece>(rows: u32, cols: u32) -> Vec<u32> {
    let mut g = vec![0; (rows * cols) as usize];
    let mut children = Vec::new();
    for sum in 0..rows + cols - 1 {
        for row in sum.saturating_sub(cols - 1)..=sum.min(rows - 1) {
            let sq = Square {
                row,
                col: sum - row,
            };
            children.clear();
            targets::<P>(rows, cols, sq, &mut children);
            let seen: Vec<u32> = children
                .iter()
                .map(|c| g[(c.row * cols + c.col) as usize])
                .collect();
            g[(row * cols + sq.col) as usize] =
                (0..).find(|v| !seen.contains(v)).expect("mex exists");
        }
    }
    g
}
