//! The common board of `path` and `pursuit` (`docs/games/pursuit.md`): a grid whose inaccessible
//! cells are drawn from the game seed so that the free cells stay connected through king
//! moves, and the distances a king walks on it.

use std::collections::VecDeque;

use crate::game::{DecodeError, Dimension, ParamError};
use crate::rng::GameRng;

/// Smallest number of rows or columns.
pub const MIN_SIDE: u32 = 4;
/// Largest number of rows or columns.
pub const MAX_SIDE: u32 = 64;
/// The largest obstacle share, in hundredths (0.4).
pub const MAX_OBSTACLES: u32 = 40;
/// The most obstacle layouts drawn before a board is refused as unconnectable.
pub const MAX_DRAWS: u32 = 10_000;

/// Reads an obstacle share written with at most two decimals (`0`, `0.2`, `0.25`, `.4`)
/// as an integer number of hundredths, exactly (no floating point).
///
/// # Errors
/// [`ParamError::BadOption`] naming `obstacles` for any other text or a share above 0.4.
pub fn parse_share(text: &str) -> Result<u32, ParamError> {
    let bad = |reason: String| ParamError::BadOption {
        name: "obstacles".into(),
        reason,
    };
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    let digits = |s: &str| s.chars().all(|c| c.is_ascii_digit());
    if (whole.is_empty() && frac.is_empty())
        || !digits(whole)
        || !digits(frac)
        || frac.len() > 2
        || whole.len() > 1
    {
        return Err(bad(format!(
            "`{text}` is not a share from 0 to 0.4 with at most two decimals"
        )));
    }
    let whole: u32 = if whole.is_empty() {
        0
    } else {
        whole.parse().unwrap_or(9)
    };
    let frac: u32 = format!("{frac:0<2}").parse().unwrap_or(0);
    let hundredths = whole * 100 + frac;
    if hundredths > MAX_OBSTACLES {
        return Err(bad(format!("{text} is more than 0.4")));
    }
    Ok(hundredths)
}

/// A rows × cols grid with inaccessible cells; cells are numbered row by row.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    rows: u32,
    cols: u32,
    blocked: Vec<bool>,
}

impl Board {
    /// A board without obstacles.
    ///
    /// # Errors
    /// [`ParamError::OutOfRange`] for a side outside 4..=64.
    pub fn open(rows: u32, cols: u32) -> Result<Board, ParamError> {
        let side = Dimension::Range {
            min: MIN_SIDE,
            max: MAX_SIDE,
        };
        side.check("rows", rows)?;
        side.check("cols", cols)?;
        Ok(Board {
            rows,
            cols,
            blocked: vec![false; (rows * cols) as usize],
        })
    }

    /// A board with the given blocked cells (row by row); `None` when their number does
    /// not match the size or the free cells are not connected.
    pub fn with_blocked(rows: u32, cols: u32, blocked: Vec<bool>) -> Option<Board> {
        let board = Board {
            rows,
            cols,
            blocked,
        };
        (board.blocked.len() == (rows * cols) as usize && board.free_cells_connected())
            .then_some(board)
    }

    /// Draws `⌊share × cells⌋` inaccessible cells (share in hundredths, in integers),
    /// uniformly, again and again from the same stream until the free cells are connected
    /// through king moves.
    ///
    /// # Errors
    /// [`ParamError`] for a side outside 4..=64, a share above 40 hundredths, or when
    /// [`MAX_DRAWS`] layouts in a row left the free cells apart.
    pub fn draw(rows: u32, cols: u32, share: u32, rng: &mut GameRng) -> Result<Board, ParamError> {
        let mut board = Board::open(rows, cols)?;
        if share > MAX_OBSTACLES {
            return Err(ParamError::BadOption {
                name: "obstacles".into(),
                reason: format!("{share} hundredths is more than 0.4"),
            });
        }
        let cells = rows * cols;
        let count = (share * cells / 100) as usize;
        if count == 0 {
            return Ok(board);
        }
        let mut order: Vec<u32> = (0..cells).collect();
        for _ in 0..MAX_DRAWS {
            board.blocked.iter_mut().for_each(|b| *b = false);
            for i in 0..count {
                let j = i + rng.below((order.len() - i) as u64) as usize;
                order.swap(i, j);
                board.blocked[order[i] as usize] = true;
            }
            if board.free_cells_connected() {
                return Ok(board);
            }
        }
        Err(ParamError::BadOption {
            name: "obstacles".into(),
            reason: format!(
                "{MAX_DRAWS} layouts of {count} obstacles on {rows}x{cols} left the free cells apart: use fewer"
            ),
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

    /// Cells.
    pub fn cells(&self) -> u32 {
        self.rows * self.cols
    }

    /// Whether `cell` is inaccessible.
    pub fn is_blocked(&self, cell: u32) -> bool {
        self.blocked[cell as usize]
    }

    /// The free cells, ascending.
    pub fn free_cells(&self) -> Vec<u32> {
        (0..self.cells()).filter(|&c| !self.is_blocked(c)).collect()
    }

    /// (row, col) of a cell.
    pub fn row_col(&self, cell: u32) -> (u32, u32) {
        (cell / self.cols, cell % self.cols)
    }

    /// The Chebyshev (king) distance between two cells, ignoring obstacles.
    pub fn chebyshev(&self, a: u32, b: u32) -> u32 {
        let ((ar, ac), (br, bc)) = (self.row_col(a), self.row_col(b));
        ar.abs_diff(br).max(ac.abs_diff(bc))
    }

    /// The free neighbours of `cell` (up to 8), ascending.
    pub fn free_neighbours(&self, cell: u32) -> Vec<u32> {
        let (r, c) = self.row_col(cell);
        let mut out = Vec::with_capacity(8);
        for nr in r.saturating_sub(1)..=(r + 1).min(self.rows - 1) {
            for nc in c.saturating_sub(1)..=(c + 1).min(self.cols - 1) {
                let n = nr * self.cols + nc;
                if n != cell && !self.is_blocked(n) {
                    out.push(n);
                }
            }
        }
        out
    }

    /// King-move distances from `from` to every cell over free cells (`u32::MAX` where
    /// unreachable or blocked).
    pub fn distances(&self, from: u32) -> Vec<u32> {
        let mut dist = vec![u32::MAX; self.cells() as usize];
        if self.is_blocked(from) {
            return dist;
        }
        dist[from as usize] = 0;
        let mut queue = VecDeque::from([from]);
        while let Some(c) = queue.pop_front() {
            for n in self.free_neighbours(c) {
                if dist[n as usize] == u32::MAX {
                    dist[n as usize] = dist[c as usize] + 1;
                    queue.push_back(n);
                }
            }
        }
        dist
    }

    /// Whether every free cell reaches every other through king moves.
    pub fn free_cells_connected(&self) -> bool {
        let free = self.free_cells();
        let Some(&first) = free.first() else {
            return true;
        };
        let dist = self.distances(first);
        free.iter().all(|&c| dist[c as usize] != u32::MAX)
    }

    /// The blocked cells as text, rows separated by `/`: `#` blocked, `.` free.
    pub fn text(&self) -> String {
        let mut s = String::with_capacity((self.cells() + self.rows) as usize);
        for (i, &b) in self.blocked.iter().enumerate() {
            if i > 0 && (i as u32).is_multiple_of(self.cols) {
                s.push('/');
            }
            s.push(if b { '#' } else { '.' });
        }
        s
    }

    /// Reads [`Board::text`] back for a `rows` × `cols` board.
    ///
    /// # Errors
    /// [`DecodeError`] naming what is wrong: rows of the wrong number or length, a character
    /// other than `#` and `.`, free cells that are not connected.
    pub fn from_text(rows: u32, cols: u32, text: &str) -> Result<Board, DecodeError> {
        let err = DecodeError;
        Board::open(rows, cols).map_err(|e| err(e.to_string()))?;
        let lines: Vec<&str> = text.split('/').collect();
        if lines.len() != rows as usize || lines.iter().any(|l| l.len() != cols as usize) {
            return Err(err(format!("the board is not {rows} rows of {cols} cells")));
        }
        let mut blocked = Vec::with_capacity((rows * cols) as usize);
        for c in lines.concat().chars() {
            match c {
                '#' => blocked.push(true),
                '.' => blocked.push(false),
                _ => return Err(err("a board cell is neither `#` nor `.`".into())),
            }
        }
        Board::with_blocked(rows, cols, blocked)
            .ok_or_else(|| err("the board's free cells are not connected".into()))
    }
}
