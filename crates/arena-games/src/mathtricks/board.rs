//! The MathTricks board: cells holding one arithmetic operation each.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use crate::game::{DecodeError, PositionError};

/// Smallest number of rows or columns.
pub const MIN_SIDE: u32 = 4;
/// Largest number of rows or columns the harness accepts.
pub const MAX_SIDE: u32 = 64;
/// Largest operand a cell may hold (it must fit the ABI's 24-bit field).
pub const MAX_OPERAND: u32 = (1 << 24) - 1;

/// One cell's operation on the mover's running total.
///
/// Operands are checked where boards are built ([`Board::new`]): `Sub` takes at least 1,
/// `Div` at least 2 (there is never a division by 0 or 1), every operand at most
/// [`MAX_OPERAND`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    /// `+k`, k >= 0 (`+0` is a no-op).
    Add(u32),
    /// `-k`, k >= 1.
    Sub(u32),
    /// `xk`, k >= 0 (`x0` wipes the total).
    Mul(u32),
    /// `/k`, k >= 2, truncating toward zero.
    Div(u32),
}

impl Op {
    /// The total after stepping on this cell: `+ - x` saturate at the `i64` bounds, `/`
    /// truncates toward zero.
    pub fn apply(self, total: i64) -> i64 {
        match self {
            Op::Add(k) => total.saturating_add(k as i64),
            Op::Sub(k) => total.saturating_sub(k as i64),
            Op::Mul(k) => total.saturating_mul(k as i64),
            Op::Div(k) => total / k as i64,
        }
    }

    /// Why the operand is out of range for its operation, if it is.
    pub fn check(self) -> Result<(), PositionError> {
        let (k, min) = match self {
            Op::Add(k) | Op::Mul(k) => (k, 0),
            Op::Sub(k) => (k, 1),
            Op::Div(k) => (k, 2),
        };
        if k < min || k > MAX_OPERAND {
            Err(PositionError::OutOfRange {
                what: format!("the operand of `{self}`"),
                got: i64::from(k),
                min: i64::from(min),
                max: i64::from(MAX_OPERAND),
            })
        } else {
            Ok(())
        }
    }

    /// The ABI's kind number: 0 add, 1 subtract, 2 multiply, 3 divide.
    pub fn kind(self) -> u32 {
        match self {
            Op::Add(_) => 0,
            Op::Sub(_) => 1,
            Op::Mul(_) => 2,
            Op::Div(_) => 3,
        }
    }

    /// The operand.
    pub fn operand(self) -> u32 {
        match self {
            Op::Add(k) | Op::Sub(k) | Op::Mul(k) | Op::Div(k) => k,
        }
    }

    /// The operation from its ABI kind number and operand (unchecked range).
    pub fn from_kind(kind: u32, k: u32) -> Option<Op> {
        match kind {
            0 => Some(Op::Add(k)),
            1 => Some(Op::Sub(k)),
            2 => Some(Op::Mul(k)),
            3 => Some(Op::Div(k)),
            _ => None,
        }
    }
}

impl fmt::Display for Op {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Op::Add(k) => write!(f, "+{k}"),
            Op::Sub(k) => write!(f, "-{k}"),
            Op::Mul(k) => write!(f, "x{k}"),
            Op::Div(k) => write!(f, "/{k}"),
        }
    }
}

impl FromStr for Op {
    type Err = PositionError;

    /// Reads `+5`, `-11`, `x2`, `/2`, and a bare number as an addition (`0`, `5`).
    fn from_str(s: &str) -> Result<Op, PositionError> {
        let bad = || PositionError::Unreadable {
            text: s.to_string(),
            expected: "an operation (+k, -k, xk, /k)",
        };
        let (ctor, digits): (fn(u32) -> Op, &str) = match s.as_bytes().first() {
            Some(b'+') => (Op::Add, &s[1..]),
            Some(b'-') => (Op::Sub, &s[1..]),
            Some(b'x') | Some(b'*') => (Op::Mul, &s[1..]),
            Some(b'/') => (Op::Div, &s[1..]),
            Some(b'0'..=b'9') => (Op::Add, s),
            _ => return Err(bad()),
        };
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let k: u32 = digits.parse().map_err(|_| bad())?;
        let op = ctor(k);
        op.check()?;
        Ok(op)
    }
}

/// A square on the board, `(row, column)`, 0-based, row 0 at the top.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// Row, from 0 at the top.
    pub row: u32,
    /// Column, from 0 at the left.
    pub col: u32,
}

impl Cell {
    /// The cell at `(row, col)`.
    pub fn new(row: u32, col: u32) -> Cell {
        Cell { row, col }
    }

    /// Whether `other` is one of the up to 8 neighbours of this cell.
    pub fn is_adjacent(self, other: Cell) -> bool {
        self != other && self.row.abs_diff(other.row) <= 1 && self.col.abs_diff(other.col) <= 1
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.row, self.col)
    }
}

/// Checks that a board of `rows` x `cols` is within `4..=64` on both sides.
///
/// # Errors
/// A sentence naming the side that is out of range.
pub fn check_size(rows: u32, cols: u32) -> Result<(), PositionError> {
    for (what, n) in [("rows", rows), ("cols", cols)] {
        if !(MIN_SIDE..=MAX_SIDE).contains(&n) {
            return Err(PositionError::OutOfRange {
                what: what.into(),
                got: i64::from(n),
                min: i64::from(MIN_SIDE),
                max: i64::from(MAX_SIDE),
            });
        }
    }
    Ok(())
}

/// A rectangular board of operations, shared (cheaply cloned) between game states.
#[derive(Debug, PartialEq, Eq)]
pub struct Board {
    rows: u32,
    cols: u32,
    cells: Arc<[Op]>,
}

impl Clone for Board {
    fn clone(&self) -> Board {
        Board {
            rows: self.rows,
            cols: self.cols,
            cells: Arc::clone(&self.cells),
        }
    }

    /// Nothing to do when both already share the cells (as every position of one game
    /// does): no reference count is touched.
    fn clone_from(&mut self, source: &Board) {
        self.rows = source.rows;
        self.cols = source.cols;
        if !Arc::ptr_eq(&self.cells, &source.cells) {
            self.cells = Arc::clone(&source.cells);
        }
    }
}

impl Board {
    /// A board from its cells in row-major order.
    ///
    /// # Errors
    /// When a side is outside `4..=64`, the cell count does not match, an operand is out
    /// of range, or a start corner does not hold `+0`.
    pub fn new(rows: u32, cols: u32, cells: Vec<Op>) -> Result<Board, PositionError> {
        check_size(rows, cols)?;
        if cells.len() != (rows * cols) as usize {
            return Err(PositionError::CellCount {
                what: format!("a {rows}x{cols} board"),
                expected: (rows * cols) as usize,
                got: cells.len(),
            });
        }
        for op in &cells {
            op.check()?;
        }
        let board = Board {
            rows,
            cols,
            cells: cells.into(),
        };
        for corner in [Cell::new(0, 0), Cell::new(rows - 1, cols - 1)] {
            if board.op(corner) != Op::Add(0) {
                return Err(PositionError::Required {
                    what: format!("start cell ({corner})"),
                    expected: "+0".into(),
                    got: board.op(corner).to_string(),
                });
            }
        }
        Ok(board)
    }

    /// Number of rows.
    pub fn rows(&self) -> u32 {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> u32 {
        self.cols
    }

    /// The operation on `cell` (which must be on the board).
    pub fn op(&self, cell: Cell) -> Op {
        self.cells[self.index(cell)]
    }

    /// The row-major index of `cell`, which is also the move's `i32` encoding.
    pub fn index(&self, cell: Cell) -> usize {
        (cell.row * self.cols + cell.col) as usize
    }

    /// The cell at a row-major index.
    pub fn cell(&self, index: usize) -> Cell {
        Cell::new(index as u32 / self.cols, index as u32 % self.cols)
    }

    /// Whether `(row, col)` lies on the board.
    pub fn contains(&self, row: i64, col: i64) -> bool {
        (0..self.rows as i64).contains(&row) && (0..self.cols as i64).contains(&col)
    }

    /// All cells' operations in row-major order.
    pub fn ops(&self) -> &[Op] {
        &self.cells
    }

    /// The cell point-symmetric to `cell` about the board's centre.
    pub fn mirror(&self, cell: Cell) -> Cell {
        Cell::new(self.rows - 1 - cell.row, self.cols - 1 - cell.col)
    }

    /// The board as one line: `RxC` and the operations in row-major order.
    pub fn to_line(&self) -> String {
        let mut s = format!("{}x{}", self.rows, self.cols);
        for op in self.cells.iter() {
            s.push(' ');
            s.push_str(&op.to_string());
        }
        s
    }

    /// Reads [`Board::to_line`]'s format.
    ///
    /// # Errors
    /// [`DecodeError`] naming what is wrong.
    pub fn from_line(line: &str) -> Result<Board, DecodeError> {
        let mut parts = line.split_whitespace();
        let size = parts
            .next()
            .ok_or_else(|| DecodeError("empty board line".into()))?;
        let (r, c) = size
            .split_once('x')
            .ok_or_else(|| DecodeError(format!("`{size}` is not a size RxC")))?;
        let rows: u32 = r
            .parse()
            .map_err(|_| DecodeError(format!("bad rows `{r}`")))?;
        let cols: u32 = c
            .parse()
            .map_err(|_| DecodeError(format!("bad cols `{c}`")))?;
        let cells = parts
            .map(|p| p.parse::<Op>().map_err(|e| DecodeError(e.to_string())))
            .collect::<Result<Vec<_>, _>>()?;
        Board::new(rows, cols, cells).map_err(|e| DecodeError(e.to_string()))
    }
}
