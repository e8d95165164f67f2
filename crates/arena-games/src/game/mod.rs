//! The state API every game implements.
//!
//! Modelled on OpenSpiel's state: whose turn it is, the legal moves (sorted, never empty
//! before the end), apply, terminal, outcome, render. Two additions make a game playable by
//! sandboxed bots without the game knowing anything of WebAssembly: a state can be written
//! as `i32` words from the mover's point of view and read back, and a move converts to and
//! from one `i32`.

use std::fmt;

use thiserror::Error;

pub mod grid;
mod info;
mod observed;
mod params;
mod score;
mod seat;
pub mod setup;
mod table;

pub use info::{Dimension, GameInfo, GameOption};
pub use observed::{Observed, TableHeader};
pub use params::{GameParams, ParamError};
pub use score::{Score, ScoreParseError};
pub use seat::{are_competition_ranks, seat_results, Seat, SeatRange, SeatResult, MAX_SEATS};
pub use table::{TableGame, TwoSeat, Viewer};

use crate::rng::GameRng;

/// One of the two seats. `First` moves first in a fresh game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// Player 1: moves first.
    First,
    /// Player 2.
    Second,
}

impl Player {
    /// Both seats, in order.
    pub const BOTH: [Player; 2] = [Player::First, Player::Second];

    /// 0 for the first player, 1 for the second: the index into per-seat arrays.
    pub fn index(self) -> usize {
        match self {
            Player::First => 0,
            Player::Second => 1,
        }
    }

    /// The seat with the given index (0 or 1); `None` for anything else.
    pub fn from_index(i: usize) -> Option<Player> {
        match i {
            0 => Some(Player::First),
            1 => Some(Player::Second),
            _ => None,
        }
    }

    /// The other seat.
    pub fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// The seat's number as people say it: 1 or 2.
    pub fn number(self) -> u8 {
        self.index() as u8 + 1
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.number())
    }
}

/// How a finished game came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// That player won.
    Win(Player),
    /// Neither did.
    Draw,
}

impl Outcome {
    /// The game points the seat earns: 1 for a win, ½ for a draw, 0 for a loss, in halves.
    pub fn half_points(self, seat: Player) -> u32 {
        match self {
            Outcome::Win(p) if p == seat => 2,
            Outcome::Win(_) => 0,
            Outcome::Draw => 1,
        }
    }
}

/// A move that the rules do not allow in this state.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("illegal move {raw}: {reason}")]
pub struct IllegalMove {
    /// The move as its `i32` encoding.
    pub raw: i32,
    /// Why it is illegal, in words a student understands.
    pub reason: String,
}

/// Why a move typed by a person names no move of the position. It repeats what was
/// typed (a person's own input, never a file).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveTextError {
    /// The text does not have the move's form; `expected` says what to type.
    #[error("{expected} (got `{got}`)")]
    Form {
        /// What to type, as an instruction.
        expected: String,
        /// What was typed, trimmed.
        got: String,
    },
    /// A part of the text is not a number of the kind needed.
    #[error("`{part}` is not a {what}")]
    Part {
        /// The part.
        part: String,
        /// What it should be (for example `row number`).
        what: String,
    },
    /// The move is read but lies outside this position (off the board, no such heap).
    #[error("{got} {problem}: {allowed}")]
    Outside {
        /// The move as read.
        got: String,
        /// What is wrong with it.
        problem: &'static str,
        /// What the position allows.
        allowed: String,
    },
}

/// A position the rules cannot hold (from a setup line, state words or an option): what
/// is wrong with it, typed, for every game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    /// A count, size or value outside its range.
    #[error("{what} is {got}, but must be {min}..={max}")]
    OutOfRange {
        /// What it is (for example `the white pile`).
        what: String,
        /// Its value.
        got: i64,
        /// The smallest allowed.
        min: i64,
        /// The largest allowed.
        max: i64,
    },
    /// A value that may appear once appears again.
    #[error("{what} {got} appears twice")]
    Repeated {
        /// What kind of value (for example `number`).
        what: &'static str,
        /// The value.
        got: i64,
    },
    /// A part of a setup text that cannot be read.
    #[error("`{text}` is not {expected}")]
    Unreadable {
        /// The part.
        text: String,
        /// What it should be, with an example where it helps.
        expected: &'static str,
    },
    /// A board or table with the wrong number of cells.
    #[error("{what} has {expected} cells, not {got}")]
    CellCount {
        /// The board (for example `a 5x6 board`).
        what: String,
        /// How many it has.
        expected: usize,
        /// How many were given.
        got: usize,
    },
    /// Something that must hold a particular value holds another.
    #[error("{what} must be {expected}, is {got}")]
    Required {
        /// What (for example `start cell (0, 0)`).
        what: String,
        /// What it must be.
        expected: String,
        /// What it is.
        got: String,
    },
}

/// Reads a square typed by a person as two numbers, row then column, separated by
/// spaces or a comma. `hint` says what to type when the text is not two numbers.
///
/// # Errors
/// [`MoveTextError::Form`] when the text is not two numbers, [`MoveTextError::Part`]
/// naming one that is not a number.
pub fn parse_row_col(text: &str, hint: &str) -> Result<(i64, i64), MoveTextError> {
    let nums: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|s| !s.is_empty())
        .collect();
    let [r, c] = nums[..] else {
        return Err(MoveTextError::Form {
            expected: hint.to_string(),
            got: text.trim().to_string(),
        });
    };
    let parse = |s: &str, what: &str| {
        s.parse::<i64>().map_err(|_| MoveTextError::Part {
            part: s.to_string(),
            what: format!("{what} number"),
        })
    };
    Ok((parse(r, "row")?, parse(c, "column")?))
}

/// Applies a move after its verdict ([`Game::why_illegal`] or
/// [`TableGame::why_illegal`]): `apply` runs when there is no reason against it.
///
/// # Errors
/// [`IllegalMove`] with the reason, without running `apply`.
pub(crate) fn checked_play(
    verdict: Option<String>,
    raw: i32,
    apply: impl FnOnce(),
) -> Result<(), IllegalMove> {
    match verdict {
        None => {
            apply();
            Ok(())
        }
        Some(reason) => Err(IllegalMove { raw, reason }),
    }
}

/// State words that do not describe a valid position of the game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("invalid state words: {0}")]
pub struct DecodeError(pub String);

/// The rules of one game, as a state that moves forward.
///
/// # Contract
/// - [`Game::legal_moves`] lists every legal move exactly once, in ascending order of
///   [`Game::encode_move`], and is empty exactly when [`Game::is_terminal`] holds.
/// - [`Game::apply`] is only ever called with a legal move; callers holding untrusted moves
///   use [`Game::play`], which checks first.
/// - [`Game::outcome`] is `Some` exactly when the game is terminal.
/// - [`Game::write_state`] followed by [`Game::read_state`] (with the mover's seat) gives back
///   a state with the same legal moves, outcome and future: a bot sees everything it needs.
/// - No method does I/O or draws randomness it was not handed.
pub trait Game: Clone + fmt::Debug + Send + Sync + 'static {
    /// A move of this game.
    type Move: Copy + Eq + Ord + fmt::Debug + Send + Sync;

    /// The registry's facts about this game.
    const INFO: GameInfo;

    /// A fresh starting position drawn with `rng` for the given parameters.
    ///
    /// # Errors
    /// [`ParamError`] when the parameters are outside what the game supports.
    fn new_random(params: &GameParams, rng: &mut GameRng) -> Result<Self, ParamError>;

    /// The seat whose turn it is. In a terminal state, the seat that could not move.
    fn to_move(&self) -> Player;

    /// Appends the legal moves to `out` (which the caller clears), sorted, without repeats.
    fn legal_moves(&self, out: &mut Vec<Self::Move>);

    /// Plays a move known to be legal. Calling it with an illegal move is a logic error:
    /// the state is unspecified afterwards (it never causes undefined behaviour).
    fn apply(&mut self, mv: Self::Move);

    /// Why `mv` is illegal here, or `None` if it is legal. The default looks it up in
    /// [`Game::legal_moves`]; games override it with a precise reason.
    fn why_illegal(&self, mv: Self::Move) -> Option<String> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        if moves.contains(&mv) {
            None
        } else if moves.is_empty() {
            Some("the game is over".to_string())
        } else {
            Some("not a legal move in this position".to_string())
        }
    }

    /// Plays `mv` if it is legal.
    ///
    /// # Errors
    /// [`IllegalMove`] with the reason, leaving the state untouched.
    fn play(&mut self, mv: Self::Move) -> Result<(), IllegalMove> {
        let (verdict, raw) = (self.why_illegal(mv), self.encode_move(mv));
        checked_play(verdict, raw, || self.apply(mv))
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.is_empty()
    }

    /// The result once the game is over; `None` before.
    fn outcome(&self) -> Option<Outcome>;

    /// The two seats' scores for reports (MathTricks: the totals). Games without a score
    /// report 0 for both.
    fn scores(&self) -> [i64; 2] {
        [0, 0]
    }

    /// A heuristic value of a non-terminal state for `seat`, used by search strategies at
    /// their depth limit: larger is better. The default knows nothing and says 0.
    fn heuristic(&self, seat: Player) -> i64 {
        let _ = seat;
        0
    }

    /// By how much `seat` won this finished game (negative: by how much it lost), for the
    /// search strategies: they add it to the value of a finished game, so that among games
    /// that end after the same number of moves a bigger win or a smaller loss ranks first,
    /// as the classic Min-Max players maximise "the price of the game". Only for games whose
    /// games all last the same number of moves (it must never outweigh a ply). The default,
    /// 0, counts only the result and how soon it comes.
    fn margin(&self, seat: Player) -> i64 {
        let _ = seat;
        0
    }

    /// The move's `i32` encoding, as bots return it.
    fn encode_move(&self, mv: Self::Move) -> i32;

    /// The move an `i32` names in this state, if it names one at all (legality is checked
    /// by [`Game::play`]).
    fn decode_move(&self, raw: i32) -> Option<Self::Move>;

    /// Appends the game's state words, from the point of view of [`Game::to_move`].
    fn write_state(&self, out: &mut Vec<i32>);

    /// Rebuilds a state from words written by [`Game::write_state`], given the seat of the
    /// player who is to move.
    ///
    /// # Errors
    /// [`DecodeError`] when the words do not describe a valid position.
    fn read_state(words: &[i32], me: Player) -> Result<Self, DecodeError>;

    /// The starting position as one line of text (see the game's docs), from which
    /// [`Game::from_setup`] rebuilds it: what a replay records.
    fn setup(&self) -> String;

    /// Rebuilds a starting position from [`Game::setup`]'s text.
    ///
    /// # Errors
    /// [`DecodeError`] when the text is not a valid setup.
    fn from_setup(text: &str) -> Result<Self, DecodeError>;

    /// The position drawn for people; `color` turns ANSI colours on.
    fn render(&self, color: bool) -> String;

    /// For games on a grid of labelled cells: the cells' labels row by row (MathTricks:
    /// the operations), for programs that read `arena board --json`. `None` otherwise.
    fn cells(&self) -> Option<Vec<Vec<String>>> {
        None
    }

    /// Reads a move typed by a person.
    ///
    /// # Errors
    /// A sentence saying what is wrong with the text.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveTextError>;

    /// The move written for people (the same notation `parse_move` reads).
    fn describe_move(&self, mv: Self::Move) -> String;

    /// A one-line prompt telling a person how to type a move.
    fn move_prompt(&self) -> String;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_bounds_its_search_depth() {
        for kind in crate::games() {
            let info = kind.info();
            assert!(
                (1..=64).contains(&info.max_depth) && info.default_depth <= info.max_depth,
                "{}: default depth {}, max depth {}",
                info.name,
                info.default_depth,
                info.max_depth
            );
        }
    }

    #[test]
    fn unknown_options_are_refused_by_name_with_the_options_that_exist() {
        let beans = crate::find_game("beans").unwrap().info();
        assert_eq!(GameParams::sized(5, 5).check_option_names(beans), Ok(()));
        let mut params = GameParams::default();
        params.options.insert("zeta".into(), "1".into());
        params.options.insert("alpha".into(), "2".into());
        assert_eq!(
            params.check_option_names(beans),
            Err(ParamError::BadOption {
                name: "alpha".into(),
                reason: "beans has no options".into(),
            })
        );
        let kalah = crate::find_game("kalah").unwrap().info();
        let err = params.check_option_names(kalah).unwrap_err().to_string();
        assert!(
            err.contains("rules=seed|standard and stones=3..=6"),
            "{err}"
        );
        params.options.clear();
        params.options.insert("stones".into(), "4".into());
        assert_eq!(params.check_option_names(kalah), Ok(()));
    }

    #[test]
    fn sizes_default_and_are_checked_against_the_games_ranges() {
        let nim = crate::find_game("nim").unwrap().info();
        assert_eq!(GameParams::default().size(nim), Ok((5, nim.default_cols)));
        assert_eq!(
            GameParams::sized(17, 3).size(nim),
            Err(ParamError::OutOfRange {
                what: "rows",
                min: 1,
                max: 16,
                got: 17
            })
        );
        let kalah = crate::find_game("kalah").unwrap().info();
        assert_eq!(GameParams::sized(99, 0).size(kalah), Ok((99, 0)));
        assert_eq!(
            Dimension::Range { min: 4, max: 64 }.samples(8),
            vec![4, 8, 64]
        );
        assert_eq!(Dimension::Range { min: 4, max: 64 }.samples(4), vec![4, 64]);
        assert_eq!(Dimension::Ignored.samples(3), vec![3]);
    }

    #[test]
    fn parse_row_col_reads_two_numbers_or_says_why_not() {
        assert_eq!(parse_row_col("3 4", "hint"), Ok((3, 4)));
        assert_eq!(parse_row_col(" 3, -4 ", "hint"), Ok((3, -4)));
        assert_eq!(parse_row_col("3,4", "hint"), Ok((3, 4)));
        assert_eq!(
            parse_row_col("3", "type two numbers"),
            Err(MoveTextError::Form {
                expected: "type two numbers".into(),
                got: "3".into()
            })
        );
        assert_eq!(
            parse_row_col("1 2 3", "hint"),
            Err(MoveTextError::Form {
                expected: "hint".into(),
                got: "1 2 3".into()
            })
        );
        assert_eq!(
            parse_row_col("x 2", "hint"),
            Err(MoveTextError::Part {
                part: "x".into(),
                what: "row number".into()
            })
        );
        assert_eq!(
            parse_row_col("2 y", "hint"),
            Err(MoveTextError::Part {
                part: "y".into(),
                what: "column number".into()
            })
        );
    }
}
