//! Randomized fair boards.
//!
//! Every number the generator uses is here and in `docs/games/mathtricks.md`:
//! - **Symmetry.** Cells come in pairs `(r, c)` / `(R-1-r, C-1-c)` (the centre of an
//!   odd-by-odd board pairs with itself); both cells of a pair get the same operation, so
//!   each player faces the same board from its own corner. The corner pair holds `+0`.
//! - **Required cells.** Five pairs, chosen uniformly among the non-corner pairs, hold
//!   `+k` (k >= 1), `-k`, `x0`, `x2` and `/2`, so every board has them.
//! - **Scale.** With `s = max(R, C)`, operands of `+` and `-` go up to `A = 9 + s / 2`
//!   (4x4: 11, 8x8: 13, 64x64: 41).
//! - **Mix** of the other pairs, by weight: add 45, subtract 35, multiply 10, divide 10.
//!   Additions draw k uniformly in `0..=A`, subtractions in `1..=A`. Multipliers by weight:
//!   `x0` 2, `x2` 4, `x3` 2 (from s >= 8), `x4` 1 (from s >= 12). Divisors: `/2` 4,
//!   `/3` 2 (from s >= 8), `/4` 1 (from s >= 12).
//! - **Randomness.** A [`GameRng`] from the board's seed: the pairs are shuffled once to
//!   place the required cells, then the remaining pairs draw their operations in row-major
//!   order of their first cell.

use crate::game::PositionError;
use super::board::{check_size, Board, Cell, Op};
use crate::rng::GameRng;

/// Kind weights: add, subtract, multiply, divide.
const KIND_WEIGHTS: [u64; 4] = [45, 35, 10, 10];

/// The largest `+`/`-` operand on a board whose longer side is `s`.
pub fn operand_bound(s: u32) -> u32 {
    9 + s / 2
}

/// Multipliers and their weights for a board whose longer side is `s`.
pub fn multipliers(s: u32) -> Vec<(u32, u64)> {
    let mut m = vec![(0, 2), (2, 4)];
    if s >= 8 {
        m.push((3, 2));
    }
    if s >= 12 {
        m.push((4, 1));
    }
    m
}

/// Divisors and their weights for a board whose longer side is `s`.
pub fn divisors(s: u32) -> Vec<(u32, u64)> {
    let mut d = vec![(2, 4)];
    if s >= 8 {
        d.push((3, 2));
    }
    if s >= 12 {
        d.push((4, 1));
    }
    d
}

fn pick(rng: &mut GameRng, table: &[(u32, u64)]) -> u32 {
    let weights: Vec<u64> = table.iter().map(|&(_, w)| w).collect();
    table[rng.weighted(&weights)].0
}

/// Draws one operation from the documented mix.
fn random_op(rng: &mut GameRng, s: u32) -> Op {
    let a = operand_bound(s) as i64;
    match rng.weighted(&KIND_WEIGHTS) {
        0 => Op::Add(rng.range(0, a) as u32),
        1 => Op::Sub(rng.range(1, a) as u32),
        2 => Op::Mul(pick(rng, &multipliers(s))),
        _ => Op::Div(pick(rng, &divisors(s))),
    }
}

/// A fair board of `rows` x `cols` (each in `4..=64`) drawn from `rng`.
///
/// # Errors
/// When a side is outside `4..=64`.
pub fn fair_board(rows: u32, cols: u32, rng: &mut GameRng) -> Result<Board, PositionError> {
    check_size(rows, cols)?;
    let s = rows.max(cols);
    let n = (rows * cols) as usize;
    let mirror = |i: usize| n - 1 - i;
    // Representatives of the pairs other than the corner pair, in row-major order.
    let mut reps: Vec<usize> = (1..n).filter(|&i| i <= mirror(i)).collect();
    let mut cells = vec![Op::Add(0); n];
    let mut shuffled = reps.clone();
    rng.shuffle(&mut shuffled);
    let a = operand_bound(s) as i64;
    let required = [
        Op::Add(rng.range(1, a) as u32),
        Op::Sub(rng.range(1, a) as u32),
        Op::Mul(0),
        Op::Mul(2),
        Op::Div(2),
    ];
    for (&rep, op) in shuffled.iter().zip(required) {
        cells[rep] = op;
        cells[mirror(rep)] = op;
    }
    let fixed = &shuffled[..required.len()];
    reps.retain(|r| !fixed.contains(r));
    for rep in reps {
        let op = random_op(rng, s);
        cells[rep] = op;
        cells[mirror(rep)] = op;
    }
    Board::new(rows, cols, cells)
}

/// Whether `board` is point-symmetric about its centre.
pub fn is_symmetric(board: &Board) -> bool {
    (0..board.rows()).all(|r| {
        (0..board.cols()).all(|c| {
            let cell = Cell::new(r, c);
            board.op(cell) == board.op(board.mirror(cell))
        })
    })
}
