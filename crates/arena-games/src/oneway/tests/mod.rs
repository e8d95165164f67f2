//! One-way family tests: the rules of each piece, and each piece's theory against an
//! exhaustive solver.

mod rules;
mod table;
mod theory;

use super::*;

/// The position with `P` on `(row, col)` of a `rows` x `cols` board, player 1 to move.
fn at<P: Piece>(rows: u32, cols: u32, row: u32, col: u32) -> OneWay<P> {
    OneWay::new(rows, cols, Square { row, col }, Player::First).unwrap()
}

/// Every square of a board, in encoding order.
fn squares(rows: u32, cols: u32) -> impl Iterator<Item = Square> {
    (0..rows).flat_map(move |row| (0..cols).map(move |col| Square { row, col }))
}

/// Encodings worth probing on a board: just off both ends and every square.
fn probe(rows: u32, cols: u32) -> Vec<i32> {
    (-1..=(rows * cols) as i32).collect()
}
