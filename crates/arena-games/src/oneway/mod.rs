//! The one-way family: one piece shared by both players walks toward the bottom-left
//! corner of an m x n board; whoever puts it on the goal wins. `king`, `queen`, `rook` and
//! `knight` are the same board walk ([`OneWay`]) with a different [`Piece`].
//!
//! Rules, state words, setup line and theory: `docs/games/oneway.md`.

pub(crate) mod bots;
mod perfect;
mod piece;
mod pieces;
mod render;
mod table;
mod work;
#[cfg(test)]
mod tests;
pub mod theory;

pub use perfect::Perfect;
pub use piece::Piece;
pub use pieces::{King, Knight, Queen, Rook};
pub use table::OneWayTable;
pub use work::maxn_work;

use std::fmt;

use crate::game::{DecodeError, Game, GameInfo, GameParams, MoveTextError, Outcome, ParamError, Player, PositionError, parse_row_col};
use crate::rng::GameRng;
use crate::strategy::{ExtraStrategies, Strategy};

/// Smallest number of rows or columns.
pub const MIN_SIDE: u32 = 4;
/// Largest number of rows or columns.
pub const MAX_SIDE: u32 = 64;
/// Side of the top-right area the random start is drawn from.
pub const START_AREA: u32 = 3;

/// A square: `row` counts up from 0 at the bottom, `col` right from 0 at the left, so the
/// goal corner is `(0, 0)`. Ordered like its move encoding `row * cols + col`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    /// Row from the bottom, 0-based.
    pub row: u32,
    /// Column from the left, 0-based.
    pub col: u32,
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.row, self.col)
    }
}

/// Appends the squares `P` can reach from `from` on a `rows` x `cols` board, sorted.
pub fn targets<P: Piece>(rows: u32, cols: u32, from: Square, out: &mut Vec<Square>) {
    let start = out.len();
    for &(dr, dc) in P::STEPS {
        let (mut r, mut c) = (from.row as i64 + dr as i64, from.col as i64 + dc as i64);
        while (0..rows as i64).contains(&r) && (0..cols as i64).contains(&c) {
            out.push(Square {
                row: r as u32,
                col: c as u32,
            });
            if !P::SLIDES {
                break;
            }
            r += dr as i64;
            c += dc as i64;
        }
    }
    out[start..].sort_unstable();
}

/// Where the piece starts: the option `start`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// A uniformly random square of the top-right 3x3 area that is not a goal (default).
    Random,
    /// The top-right corner.
    Corner,
}

fn read_options(params: &GameParams) -> Result<Start, ParamError> {
    let mut start = Start::Random;
    for (name, value) in &params.options {
        match (name.as_str(), value.as_str()) {
            ("start", "random") => start = Start::Random,
            ("start", "corner") => start = Start::Corner,
            ("start", _) => {
                return Err(ParamError::BadOption {
                    name: name.clone(),
                    reason: format!("`{value}`: use start=random or start=corner"),
                })
            }
            _ => unreachable!("option names are checked first"),
        }
    }
    Ok(start)
}

/// A position of a one-way game played with piece `P`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OneWay<P> {
    rows: u32,
    cols: u32,
    at: Square,
    to_move: Player,
    piece: P,
}

impl<P: Piece> OneWay<P> {
    /// The position with the piece on `at` of a `rows` x `cols` board, `to_move` to play.
    ///
    /// # Errors
    /// When a side is outside `4..=64` or `at` is off the board.
    pub fn new(
        rows: u32,
        cols: u32,
        at: Square,
        to_move: Player,
    ) -> Result<OneWay<P>, PositionError> {
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
        if at.row >= rows || at.col >= cols {
            return Err(PositionError::Required {
                what: "the piece's square".into(),
                expected: format!("on the {rows}x{cols} board"),
                got: format!("({at})"),
            });
        }
        Ok(OneWay {
            rows,
            cols,
            at,
            to_move,
            piece: P::default(),
        })
    }

    /// Number of rows.
    pub fn rows(&self) -> u32 {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> u32 {
        self.cols
    }

    /// The piece's square.
    pub fn at(&self) -> Square {
        self.at
    }

    /// The squares a random start is drawn from: the top-right 3x3 area without goal
    /// squares, in encoding order.
    pub fn start_squares(rows: u32, cols: u32) -> Vec<Square> {
        (rows - START_AREA..rows)
            .flat_map(|row| (cols - START_AREA..cols).map(move |col| Square { row, col }))
            .filter(|&sq| !P::is_goal(sq))
            .collect()
    }

    fn contains(&self, sq: Square) -> bool {
        sq.row < self.rows && sq.col < self.cols
    }
}

impl<P: Piece> Game for OneWay<P> {
    type Move = Square;

    const INFO: GameInfo = P::INFO;

    fn new_random(params: &GameParams, rng: &mut GameRng) -> Result<Self, ParamError> {
        params.check_option_names(&P::INFO)?;
        let start = read_options(params)?;
        let (rows, cols) = params.size(&P::INFO)?;
        let at = match start {
            Start::Corner => Square {
                row: rows - 1,
                col: cols - 1,
            },
            Start::Random => {
                let squares = Self::start_squares(rows, cols);
                squares[rng.below(squares.len() as u64) as usize]
            }
        };
        Ok(OneWay {
            rows,
            cols,
            at,
            to_move: Player::First,
            piece: P::default(),
        })
    }

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn legal_moves(&self, out: &mut Vec<Square>) {
        targets::<P>(self.rows, self.cols, self.at, out);
    }

    fn apply(&mut self, sq: Square) {
        self.at = sq;
        self.to_move = self.to_move.other();
    }

    fn why_illegal(&self, sq: Square) -> Option<String> {
        let name = P::INFO.name;
        if !self.contains(sq) {
            return Some(format!(
                "({sq}) is off the {}x{} board: rows 0..={} from the bottom, columns 0..={} from the left",
                self.rows,
                self.cols,
                self.rows - 1,
                self.cols - 1
            ));
        }
        if self.is_terminal() {
            return Some(format!("the game is over: the {name} is on {}", P::GOAL));
        }
        if sq == self.at {
            return Some(format!("the {name} must move; it already stands on ({sq})"));
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        (!moves.contains(&sq)).then(|| {
            format!(
                "the {name} cannot go from ({}) to ({sq}): it moves {}",
                self.at,
                P::RULE
            )
        })
    }

    fn is_terminal(&self) -> bool {
        P::is_goal(self.at)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.is_terminal()
            .then(|| Outcome::Win(self.to_move.other()))
    }

    fn encode_move(&self, sq: Square) -> i32 {
        (sq.row * self.cols + sq.col) as i32
    }

    fn decode_move(&self, raw: i32) -> Option<Square> {
        let raw = u32::try_from(raw).ok()?;
        (raw < self.rows * self.cols).then(|| Square {
            row: raw / self.cols,
            col: raw % self.cols,
        })
    }

    fn write_state(&self, out: &mut Vec<i32>) {
        out.extend_from_slice(&[
            self.rows as i32,
            self.cols as i32,
            self.at.row as i32,
            self.at.col as i32,
        ]);
    }

    fn read_state(words: &[i32], me: Player) -> Result<Self, DecodeError> {
        let err = |s: String| DecodeError(format!("{}: {s}", P::INFO.name));
        let [rows, cols, row, col] = words else {
            return Err(err(format!("{} words, expected 4", words.len())));
        };
        let num = |n: &i32| u32::try_from(*n).map_err(|_| err(format!("negative number {n}")));
        let at = Square {
            row: num(row)?,
            col: num(col)?,
        };
        OneWay::new(num(rows)?, num(cols)?, at, me).map_err(|e| err(e.to_string()))
    }

    fn setup(&self) -> String {
        format!("{}x{} {}", self.rows, self.cols, self.at)
    }

    fn from_setup(text: &str) -> Result<Self, DecodeError> {
        let err = |s: String| DecodeError(format!("{} setup `{text}`: {s}", P::INFO.name));
        let parts: Vec<&str> = text.split_whitespace().collect();
        let [size, row, col] = parts[..] else {
            return Err(err("expected `ROWSxCOLS ROW COL`".to_string()));
        };
        let (r, c) = size
            .split_once('x')
            .ok_or_else(|| err(format!("`{size}` is not a size ROWSxCOLS")))?;
        let num = |s: &str| {
            s.parse::<u32>()
                .map_err(|_| err(format!("`{s}` is not a number")))
        };
        let at = Square {
            row: num(row)?,
            col: num(col)?,
        };
        let game = OneWay::new(num(r)?, num(c)?, at, Player::First).map_err(|e| err(e.to_string()))?;
        if game.is_terminal() {
            return Err(err(format!(
                "the {} starts on {}: nothing to play",
                P::INFO.name,
                P::GOAL
            )));
        }
        Ok(game)
    }

    fn render(&self, color: bool) -> String {
        render::render(self, color)
    }

    fn parse_move(&self, text: &str) -> Result<Square, MoveTextError> {
        let (row, col) = parse_row_col(
            text,
            "type the target square as two numbers, row and column",
        )?;
        let square = u32::try_from(row)
            .and_then(|row| {
                Ok(Square {
                    row,
                    col: u32::try_from(col)?,
                })
            })
            .ok()
            .filter(|&sq| self.contains(sq));
        square.ok_or_else(|| MoveTextError::Outside {
            got: format!("({row} {col})"),
            problem: "is off the board",
            allowed: format!(
                "rows are 0..={} from the bottom, columns 0..={} from the left",
                self.rows - 1,
                self.cols - 1
            ),
        })
    }

    fn describe_move(&self, sq: Square) -> String {
        sq.to_string()
    }

    fn move_prompt(&self) -> String {
        format!(
            "{}, move the {} {}: type the target as `row col` (row 0 is the bottom)",
            self.to_move,
            P::INFO.name,
            P::RULE
        )
    }
}

impl<P: Piece> ExtraStrategies for OneWay<P> {
    const EXTRA: &'static [&'static str] = &["perfect"];

    fn extra_strategy(name: &str) -> Option<Box<dyn Strategy<Self>>> {
        (name == "perfect").then(|| Box::new(Perfect::<P>::default()) as Box<dyn Strategy<Self>>)
    }
}
