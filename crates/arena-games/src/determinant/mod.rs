//! Determinant: two players take turns writing the numbers 1 to 9, each once,
//! into the empty cells of a 3 × 3 table. When it is full, SA is the sum of the three row
//! products and SB the sum of the three column products: SA > SB wins for A (the first
//! player), SA < SB for B, equal is a draw.
//!
//! Rules, state words, move encoding, setup line and the solution: `docs/games/determinant.md`.

mod perfect;
mod render;
#[cfg(test)]
mod tests;

pub use perfect::{solution_stats, value, Perfect, SolutionStats};

use crate::game::{DecodeError, Dimension, Game, GameInfo, GameOption, GameParams, MoveTextError, Outcome, ParamError, Player, PositionError};
use crate::rng::GameRng;
use crate::strategy::{ExtraStrategies, Strategy};

/// Cells of the table.
pub const CELLS: usize = 9;
/// Rows and columns of the table.
pub const SIDE: usize = 3;

/// A move: write `number` (1..=9) into `cell` (`row * 3 + col`, 0..9). Encoded
/// `cell * 9 + number - 1`, so the 81 moves of the empty table are 0..=80.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Place {
    /// The cell, `row * 3 + col`, rows and columns from 0.
    pub cell: u8,
    /// The number written, 1..=9.
    pub number: u8,
}

impl Place {
    /// The move's `i32` encoding, `cell * 9 + number - 1`.
    pub fn code(self) -> i32 {
        self.cell as i32 * 9 + self.number as i32 - 1
    }

    /// The move an encoding names, if it is in `0..81`.
    pub fn from_code(raw: i32) -> Option<Place> {
        (0..81).contains(&raw).then(|| Place {
            cell: (raw / 9) as u8,
            number: (raw % 9) as u8 + 1,
        })
    }
}

/// A Determinant position: the table, `0` for an empty cell. Whose turn it is follows from
/// the number of filled cells (A, player 1, when it is even).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Determinant {
    cells: [u8; CELLS],
}

/// The sum of the row products and the sum of the column products of a table (empty cells
/// count as 0).
pub fn sums(cells: &[u8; CELLS]) -> (i32, i32) {
    let c = |r: usize, k: usize| cells[r * SIDE + k] as i32;
    let rows = (0..SIDE).map(|r| c(r, 0) * c(r, 1) * c(r, 2)).sum();
    let cols = (0..SIDE).map(|k| c(0, k) * c(1, k) * c(2, k)).sum();
    (rows, cols)
}

/// Reads a table written as 9 cells row by row: digits `1`–`9`, `.` for an empty cell,
/// `/` (or spaces) between rows allowed anywhere, e.g. `917/.5./682`.
fn parse_table(text: &str) -> Result<[u8; CELLS], PositionError> {
    let mut cells = Vec::with_capacity(CELLS);
    for ch in text.chars() {
        match ch {
            '/' | ' ' => {}
            '.' => cells.push(0),
            '1'..='9' => cells.push(ch as u8 - b'0'),
            other => {
                return Err(PositionError::Unreadable {
                    text: other.to_string(),
                    expected: "a cell: write digits 1-9 and `.` for an empty cell, rows separated by `/`, e.g. `917/.5./682`",
                })
            }
        }
    }
    let cells: [u8; CELLS] = cells
        .try_into()
        .map_err(|c: Vec<u8>| PositionError::CellCount {
            what: "a 3x3 table".into(),
            expected: CELLS,
            got: c.len(),
        })?;
    check_cells(&cells)?;
    Ok(cells)
}

/// Every number at most once.
fn check_cells(cells: &[u8; CELLS]) -> Result<(), PositionError> {
    let mut seen = 0u16;
    for &n in cells {
        if n > 9 {
            return Err(PositionError::OutOfRange {
                what: "a written number".into(),
                got: i64::from(n),
                min: 1,
                max: 9,
            });
        }
        if n > 0 {
            if seen & 1 << n != 0 {
                return Err(PositionError::Repeated {
                    what: "number",
                    got: i64::from(n),
                });
            }
            seen |= 1 << n;
        }
    }
    Ok(())
}

impl Determinant {
    /// The empty table, A to move.
    pub fn empty() -> Determinant {
        Determinant { cells: [0; CELLS] }
    }

    /// The position with this table (`0` = empty cell); whose turn it is follows from the
    /// number of filled cells.
    ///
    /// # Errors
    /// When a cell holds more than 9 or a number is written twice.
    pub fn new(cells: [u8; CELLS]) -> Result<Determinant, PositionError> {
        check_cells(&cells)?;
        Ok(Determinant { cells })
    }

    /// The table, row by row, `0` for an empty cell.
    pub fn cells(&self) -> &[u8; CELLS] {
        &self.cells
    }

    /// Filled cells.
    pub fn filled(&self) -> u32 {
        self.cells.iter().filter(|&&n| n > 0).count() as u32
    }

    /// The numbers already written, as bits `1 << n`.
    pub fn used(&self) -> u16 {
        self.cells.iter().fold(0, |acc, &n| acc | (1 << n)) & !1
    }

    /// The numbers not written yet, ascending.
    pub fn left(&self) -> Vec<u8> {
        let used = self.used();
        (1..=9).filter(|n| used & 1 << n == 0).collect()
    }

    /// SA − SB: the row products' sum minus the column products' sum (A's score once the
    /// table is full).
    pub fn difference(&self) -> i32 {
        let (a, b) = sums(&self.cells);
        a - b
    }

    /// The table as the setup line writes it: rows separated by `/`, `.` for empty.
    pub fn table_text(&self) -> String {
        let mut s = String::with_capacity(11);
        for (i, &n) in self.cells.iter().enumerate() {
            if i > 0 && i % SIDE == 0 {
                s.push('/');
            }
            s.push(if n == 0 { '.' } else { (b'0' + n) as char });
        }
        s
    }
}

impl Game for Determinant {
    type Move = Place;

    const INFO: GameInfo = GameInfo {
        name: "determinant",
        id: 10,
        summary: "write 1..9 into a 3 x 3 table in turns; row products against column products",
        size_doc: "fixed 3 x 3 table",
        rows: Dimension::Ignored,
        cols: Dimension::Ignored,
        options: &[GameOption {
            name: "table",
            values: "ROW/ROW/ROW",
            doc: "start from a partly filled table, e.g. table=917/.5./682 (`.` is an empty cell)",
            samples: &["917/.5./682", ".../.../..1", "12./.../..."],
        }],
        default_rows: 3,
        default_cols: 3,
        default_depth: 3,
        max_depth: 9,
        always_paired: true,
    };

    fn new_random(params: &GameParams, _rng: &mut GameRng) -> Result<Self, ParamError> {
        params.check_option_names(&Self::INFO)?;
        let mut game = Determinant::empty();
        for (name, value) in &params.options {
            let bad = |reason: String| ParamError::BadOption {
                name: name.clone(),
                reason,
            };
            game = Determinant::new(parse_table(value).map_err(|e| bad(e.to_string()))?).map_err(|e| bad(e.to_string()))?;
            if game.filled() as usize == CELLS {
                return Err(bad("the table is full: nothing is left to play".to_string()));
            }
        }
        Ok(game)
    }

    fn to_move(&self) -> Player {
        if self.filled().is_multiple_of(2) {
            Player::First
        } else {
            Player::Second
        }
    }

    fn legal_moves(&self, out: &mut Vec<Place>) {
        let used = self.used();
        for cell in 0..CELLS as u8 {
            if self.cells[cell as usize] == 0 {
                out.extend(
                    (1..=9)
                        .filter(|n| used & 1 << n == 0)
                        .map(|number| Place { cell, number }),
                );
            }
        }
    }

    fn apply(&mut self, mv: Place) {
        self.cells[mv.cell as usize] = mv.number;
    }

    fn why_illegal(&self, mv: Place) -> Option<String> {
        if self.is_terminal() {
            return Some("the game is over: the table is full".to_string());
        }
        let (row, col) = (mv.cell / 3 + 1, mv.cell % 3 + 1);
        if mv.cell as usize >= CELLS || !(1..=9).contains(&mv.number) {
            return Some("not a cell and a number 1 to 9".to_string());
        }
        let held = self.cells[mv.cell as usize];
        if held != 0 {
            return Some(format!("cell ({row}, {col}) already holds {held}"));
        }
        if self.used() & 1 << mv.number != 0 {
            return Some(format!("{} is already in the table", mv.number));
        }
        None
    }

    fn is_terminal(&self) -> bool {
        self.cells.iter().all(|&n| n > 0)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.is_terminal()
            .then(|| match self.difference().signum() {
                1 => Outcome::Win(Player::First),
                -1 => Outcome::Win(Player::Second),
                _ => Outcome::Draw,
            })
    }

    fn scores(&self) -> [i64; 2] {
        if !self.is_terminal() {
            return [0, 0];
        }
        let d = self.difference() as i64;
        [d, -d]
    }

    /// SA − SB for A, SB − SA for B: the searches prefer bigger wins (the margin is the game's price).
    fn margin(&self, seat: Player) -> i64 {
        self.scores()[seat.index()]
    }

    /// SA − SB (for A; the opposite for B) with every empty cell counted as the mean of
    /// the numbers left, scaled by (numbers left)³ to stay in integers.
    fn heuristic(&self, seat: Player) -> i64 {
        let left = self.left();
        let n = left.len().max(1) as i64;
        let s: i64 = left.iter().map(|&x| x as i64).sum::<i64>().max(1);
        let line = |cells: [usize; 3]| -> i64 {
            cells.iter().fold(1, |acc, &i| match self.cells[i] {
                0 => acc * s,
                v => acc * v as i64 * n,
            })
        };
        let rows: i64 = (0..3).map(|r| line([3 * r, 3 * r + 1, 3 * r + 2])).sum();
        let cols: i64 = (0..3).map(|k| line([k, k + 3, k + 6])).sum();
        match seat {
            Player::First => rows - cols,
            Player::Second => cols - rows,
        }
    }

    fn encode_move(&self, mv: Place) -> i32 {
        mv.code()
    }

    fn decode_move(&self, raw: i32) -> Option<Place> {
        Place::from_code(raw)
    }

    fn write_state(&self, out: &mut Vec<i32>) {
        out.extend(self.cells.iter().map(|&n| n as i32));
    }

    fn read_state(words: &[i32], me: Player) -> Result<Self, DecodeError> {
        let err = |s: String| DecodeError(format!("determinant: {s}"));
        let cells: [i32; CELLS] = words
            .try_into()
            .map_err(|_| err(format!("{} words, expected 9", words.len())))?;
        let mut table = [0u8; CELLS];
        for (t, &w) in table.iter_mut().zip(&cells) {
            *t = u8::try_from(w)
                .ok()
                .filter(|&n| n <= 9)
                .ok_or_else(|| err(format!("cell word {w}: 0 (empty) or 1 to 9")))?;
        }
        let game = Determinant::new(table).map_err(|e| err(e.to_string()))?;
        if !game.is_terminal() && game.to_move() != me {
            return Err(err(format!(
                "{} cells filled, so {} is to move, but the header says {me}",
                game.filled(),
                game.to_move()
            )));
        }
        Ok(game)
    }

    fn setup(&self) -> String {
        self.table_text()
    }

    fn from_setup(text: &str) -> Result<Self, DecodeError> {
        let err = |s: String| DecodeError(format!("determinant setup `{text}`: {s}"));
        let game = Determinant::new(parse_table(text.trim()).map_err(|e| err(e.to_string()))?).map_err(|e| err(e.to_string()))?;
        if game.is_terminal() {
            return Err(err("the table is full: nothing is left to play".to_string()));
        }
        Ok(game)
    }

    fn render(&self, color: bool) -> String {
        render::render(self, color)
    }

    fn parse_move(&self, text: &str) -> Result<Place, MoveTextError> {
        let nums: Vec<&str> = text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|s| !s.is_empty())
            .collect();
        let [r, c, n] = nums[..] else {
            return Err(MoveTextError::Form {
                expected: "type three numbers: row, column (1 to 3) and the number to write (1 to 9), e.g. `2 1 4`".into(),
                got: text.trim().to_string(),
            });
        };
        let read = |s: &str, what: &str, max: u8| {
            s.parse::<u8>()
                .ok()
                .filter(|v| (1..=max).contains(v))
                .ok_or_else(|| MoveTextError::Part {
                    part: s.to_string(),
                    what: format!("{what} (1 to {max})"),
                })
        };
        let (row, col, number) = (
            read(r, "row", 3)?,
            read(c, "column", 3)?,
            read(n, "number", 9)?,
        );
        Ok(Place {
            cell: (row - 1) * 3 + col - 1,
            number,
        })
    }

    fn describe_move(&self, mv: Place) -> String {
        format!("{} {} {}", mv.cell / 3 + 1, mv.cell % 3 + 1, mv.number)
    }

    fn move_prompt(&self) -> String {
        let left: Vec<String> = self.left().iter().map(u8::to_string).collect();
        format!(
            "{} ({}), type row, column and number, e.g. `2 1 {}` (numbers left: {})",
            self.to_move(),
            role(self.to_move()),
            left.first().map_or("1", String::as_str),
            left.join(" ")
        )
    }
}

/// What a seat plays for: A the rows, B the columns.
pub fn role(seat: Player) -> &'static str {
    match seat {
        Player::First => "A, rows",
        Player::Second => "B, columns",
    }
}

impl ExtraStrategies for Determinant {
    const EXTRA: &'static [&'static str] = &["perfect"];
    const RANDOM_TIES: bool = true;

    fn extra_strategy(name: &str) -> Option<Box<dyn Strategy<Self>>> {
        (name == "perfect").then(|| Box::new(Perfect) as Box<dyn Strategy<Self>>)
    }
}
