//! Tic-tac-toe on m × n, k in a row, for two or three players, rules to the letter of
//! `docs/games/tictactoe.md`.
//!
//! Seats place their own mark on any empty cell in turn (seat 0, 1, 2, 0, …). Completing
//! `k` or more of one's marks in a row, column or diagonal wins at once (score 1, every
//! other seat 0, sharing second place); a full board with no such line is a draw (every
//! seat ranks 1 and scores 1/N). No randomness: fairness comes from seat rotation.
//!
//! This module holds the rules as a state that moves forward; the game model for N seats
//! plays it through the registry.

pub(crate) mod bots;
mod perfect;
mod table;
#[cfg(test)]
mod tests;

pub use perfect::{perfect_move, value_3x3};

use crate::game::{Dimension, ParamError, Score};

/// Smallest number of rows or columns.
pub const MIN_SIDE: u32 = 3;
/// Largest number of rows or columns.
pub const MAX_SIDE: u32 = 15;

/// The four line directions: along a row, down a column, and the two diagonals.
const DIRECTIONS: [(i32, i32); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

/// A tic-tac-toe position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TicTacToe {
    rows: u32,
    cols: u32,
    k: u32,
    players: u8,
    /// 0 for an empty cell, `seat + 1` for a seat's mark, row by row.
    cells: Vec<u8>,
    to_move: u8,
    filled: u32,
    winner: Option<u8>,
}

impl TicTacToe {
    /// The empty board, seat 0 to move.
    ///
    /// # Errors
    /// [`ParamError`] naming the setting: a side outside 3..=15, `k` outside
    /// 3..=max(rows, cols), players other than 2 or 3.
    pub fn new(rows: u32, cols: u32, k: u32, players: u8) -> Result<TicTacToe, ParamError> {
        let side = Dimension::Range {
            min: MIN_SIDE,
            max: MAX_SIDE,
        };
        side.check("rows", rows)?;
        side.check("cols", cols)?;
        let longest = rows.max(cols);
        if !(3..=longest).contains(&k) {
            return Err(ParamError::BadOption {
                name: "k".into(),
                reason: format!("a {rows}x{cols} board takes k=3..={longest}, not {k}"),
            });
        }
        if !(2..=3).contains(&players) {
            return Err(ParamError::BadOption {
                name: "players".into(),
                reason: format!("tic-tac-toe is for 2 or 3 players, not {players}"),
            });
        }
        Ok(TicTacToe {
            rows,
            cols,
            k,
            players,
            cells: vec![0; (rows * cols) as usize],
            to_move: 0,
            filled: 0,
            winner: None,
        })
    }

    /// Rows.
    pub fn rows(&self) -> u32 {
        self.rows
    }

    /// Columns.
    pub fn cols(&self) -> u32 {
        self.cols
    }

    /// Marks in a row that win.
    pub fn k(&self) -> u32 {
        self.k
    }

    /// Seats.
    pub fn players(&self) -> u8 {
        self.players
    }

    /// The seat to move (in a finished game, the seat that would move next).
    pub fn to_move(&self) -> u8 {
        self.to_move
    }

    /// The mark on `cell`: `None` if empty, else the seat that placed it.
    pub fn mark(&self, cell: u32) -> Option<u8> {
        match self.cells[cell as usize] {
            0 => None,
            m => Some(m - 1),
        }
    }

    /// The seat that completed a line, if one did.
    pub fn winner(&self) -> Option<u8> {
        self.winner
    }

    /// Whether the game is over: a line is complete or the board is full.
    pub fn is_terminal(&self) -> bool {
        self.winner.is_some() || self.filled == self.rows * self.cols
    }

    /// The empty cells, ascending (none once the game is over).
    pub fn legal_moves(&self) -> Vec<u32> {
        if self.is_terminal() {
            return Vec::new();
        }
        (0..self.rows * self.cols)
            .filter(|&c| self.cells[c as usize] == 0)
            .collect()
    }

    /// Why placing on `cell` is not a legal move, or `None` if it is.
    pub fn why_illegal(&self, cell: u32) -> Option<String> {
        if self.is_terminal() {
            Some("the game is over".into())
        } else if cell >= self.rows * self.cols {
            Some(format!(
                "cell {cell} is off the {}x{} board (cells 0..{})",
                self.rows,
                self.cols,
                self.rows * self.cols
            ))
        } else {
            self.mark(cell).map(|seat| {
                format!(
                    "cell ({}, {}) already holds seat {}'s mark",
                    cell / self.cols + 1,
                    cell % self.cols + 1,
                    seat + 1
                )
            })
        }
    }

    /// Places the mover's mark on the empty `cell` (a legal move).
    pub fn place(&mut self, cell: u32) {
        let seat = self.to_move;
        self.cells[cell as usize] = seat + 1;
        self.filled += 1;
        if self.longest_through(cell) >= self.k {
            self.winner = Some(seat);
        }
        self.to_move = (seat + 1) % self.players;
    }

    /// Whether a mark of `seat` on the empty cell `cell` would make `k` in a row (whoever
    /// is to move): what a bot asks to win, or to block the seat after it.
    pub fn completes_line(&self, seat: u8, cell: u32) -> bool {
        let mut after = self.clone();
        after.cells[cell as usize] = seat + 1;
        after.longest_through(cell) >= self.k
    }

    /// Takes back the mark on `cell`, placed by the last move (for searches).
    pub fn unplace(&mut self, cell: u32) {
        self.to_move = (self.to_move + self.players - 1) % self.players;
        self.cells[cell as usize] = 0;
        self.filled -= 1;
        self.winner = None;
    }

    /// The longest line of the mark on `cell` through `cell`, in any direction.
    fn longest_through(&self, cell: u32) -> u32 {
        let mark = self.cells[cell as usize];
        let (r, c) = ((cell / self.cols) as i32, (cell % self.cols) as i32);
        DIRECTIONS
            .iter()
            .map(|&(dr, dc)| 1 + self.run(r, c, dr, dc, mark) + self.run(r, c, -dr, -dc, mark))
            .max()
            .unwrap_or(1)
    }

    /// Marks equal to `mark` from (r, c) (exclusive) in direction (dr, dc).
    fn run(&self, r: i32, c: i32, dr: i32, dc: i32, mark: u8) -> u32 {
        let mut n = 0;
        let (mut r, mut c) = (r + dr, c + dc);
        while (0..self.rows as i32).contains(&r)
            && (0..self.cols as i32).contains(&c)
            && self.cells[(r as u32 * self.cols + c as u32) as usize] == mark
        {
            n += 1;
            r += dr;
            c += dc;
        }
        n
    }

    /// Each seat's competition rank once the game is over: the winner 1 and every other
    /// seat 2; on a draw every seat 1.
    pub fn ranks(&self) -> Option<Vec<u32>> {
        if !self.is_terminal() {
            return None;
        }
        Some(
            (0..self.players)
                .map(|s| match self.winner {
                    Some(w) if w != s => 2,
                    _ => 1,
                })
                .collect(),
        )
    }

    /// Each seat's score: the winner 1, the others 0; on a draw (and before the end)
    /// every seat 1/N.
    pub fn scores(&self) -> Vec<Score> {
        (0..self.players)
            .map(|s| match self.winner {
                Some(w) if w == s => Score::ONE,
                Some(_) => Score::ZERO,
                None => Score::ratio(1, u64::from(self.players)).expect("2 or 3 players"),
            })
            .collect()
    }

    /// The cells as `seat` sees them, row by row: 0 empty, 1 its own mark, 2 the mark of
    /// the seat after it, 3 of the one after that.
    pub fn cell_words(&self, seat: u8) -> Vec<i32> {
        let p = self.players;
        self.cells
            .iter()
            .map(|&m| match m {
                0 => 0,
                m => i32::from((m - 1 + p - seat) % p) + 1,
            })
            .collect()
    }

    /// A heuristic value for `seat`: over every window of `k` cells in a line, a window
    /// holding only `seat`'s marks (and empties) adds 4^marks − 1, one holding only
    /// another single seat's marks subtracts it. Larger is better.
    pub fn heuristic(&self, seat: u8) -> i64 {
        let k = self.k as i32;
        let (rows, cols) = (self.rows as i32, self.cols as i32);
        let mut total = 0i64;
        for r in 0..rows {
            for c in 0..cols {
                for &(dr, dc) in &DIRECTIONS {
                    let (er, ec) = (r + dr * (k - 1), c + dc * (k - 1));
                    if !(0..rows).contains(&er) || !(0..cols).contains(&ec) {
                        continue;
                    }
                    let mut owner = 0u8;
                    let mut count = 0u32;
                    let mut mixed = false;
                    for i in 0..k {
                        let m = self.cells[((r + dr * i) * cols + c + dc * i) as usize];
                        if m != 0 {
                            if owner != 0 && owner != m {
                                mixed = true;
                                break;
                            }
                            owner = m;
                            count += 1;
                        }
                    }
                    if mixed || owner == 0 {
                        continue;
                    }
                    let value = 4i64.pow(count) - 1;
                    total += if owner == seat + 1 { value } else { -value };
                }
            }
        }
        total
    }
}
