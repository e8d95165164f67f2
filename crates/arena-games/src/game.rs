//! The state API every game implements.
//!
//! Modelled on OpenSpiel's state: whose turn it is, the legal moves (sorted, never empty
//! before the end), apply, terminal, outcome, render. Two additions make a game playable by
//! sandboxed bots without the game knowing anything of WebAssembly: a state can be written
//! as `i32` words from the mover's point of view and read back, and a move converts to and
//! from one `i32`.

use std::collections::BTreeMap;
use std::fmt;

use thiserror::Error;

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
        write!(f, "player {}", self.number())
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

/// Parameters that choose a starting position, shared by every game.
///
/// `rows` and `cols` are the size of the board (or what a game documents them to mean);
/// `options` holds game-specific settings by name (for example Nim's heap sizes).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameParams {
    /// Rows of the board, or `None` for the game's default.
    pub rows: Option<u32>,
    /// Columns of the board, or `None` for the game's default.
    pub cols: Option<u32>,
    /// Game-specific options, `name -> value`.
    pub options: BTreeMap<String, String>,
}

impl GameParams {
    /// Parameters with a board size and no options.
    pub fn sized(rows: u32, cols: u32) -> GameParams {
        GameParams {
            rows: Some(rows),
            cols: Some(cols),
            options: BTreeMap::new(),
        }
    }

    /// `rows` and `cols`, each the game's default when not given and checked against the
    /// game's range for it (a dimension the game ignores is its default).
    ///
    /// # Errors
    /// [`ParamError::OutOfRange`] naming the dimension, its range and the value.
    pub fn size(&self, info: &GameInfo) -> Result<(u32, u32), ParamError> {
        let rows = info
            .rows
            .check("rows", self.rows.unwrap_or(info.default_rows))?;
        let cols = info
            .cols
            .check("cols", self.cols.unwrap_or(info.default_cols))?;
        Ok((rows, cols))
    }

    /// Refuses an option the game does not list in [`GameInfo::options`], naming the
    /// options it has (or saying it has none). The values are the game's to read.
    ///
    /// # Errors
    /// [`ParamError::BadOption`] naming the first unknown option.
    pub fn check_option_names(&self, info: &GameInfo) -> Result<(), ParamError> {
        let unknown = self
            .options
            .keys()
            .find(|name| !info.options.iter().any(|o| o.name == name.as_str()));
        match unknown {
            None => Ok(()),
            Some(name) => Err(ParamError::BadOption {
                name: name.clone(),
                reason: match info.options {
                    [] => format!("{} has no options", info.name),
                    options => format!(
                        "{}'s options are {}",
                        info.name,
                        options
                            .iter()
                            .map(|o| format!("{}={}", o.name, o.values))
                            .collect::<Vec<_>>()
                            .join(" and ")
                    ),
                },
            }),
        }
    }
}

/// What a game does with `--rows` or `--cols`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dimension {
    /// The game reads it, and it must lie in `min..=max`.
    Range {
        /// The smallest value.
        min: u32,
        /// The largest value.
        max: u32,
    },
    /// The game's board is fixed: the value is not used.
    Ignored,
}

impl Dimension {
    /// `got` when this dimension allows it (any value when it is ignored).
    ///
    /// # Errors
    /// [`ParamError::OutOfRange`] naming `what` (`rows` or `cols`).
    pub fn check(self, what: &'static str, got: u32) -> Result<u32, ParamError> {
        match self {
            Dimension::Range { min, max } if !(min..=max).contains(&got) => {
                Err(ParamError::OutOfRange {
                    what,
                    min,
                    max,
                    got,
                })
            }
            _ => Ok(got),
        }
    }

    /// The values to test a game at: the smallest, the default and the largest (once each).
    pub fn samples(self, default: u32) -> Vec<u32> {
        match self {
            Dimension::Range { min, max } => {
                let mut v = vec![min, default, max];
                v.dedup();
                v
            }
            Dimension::Ignored => vec![default],
        }
    }
}

impl fmt::Display for Dimension {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Dimension::Range { min, max } => write!(f, "{min}..={max}"),
            Dimension::Ignored => f.write_str("ignored"),
        }
    }
}

/// A `--option NAME=VALUE` that a game reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameOption {
    /// The option's name.
    pub name: &'static str,
    /// The values it takes, as `arena games` and error messages write them
    /// (for example `seed|standard`).
    pub values: &'static str,
    /// What it does, in one line.
    pub doc: &'static str,
    /// Values every registered game is played with by the conformance suite.
    pub samples: &'static [&'static str],
}

/// Reads a square typed by a person as two numbers, row then column, separated by
/// spaces or a comma. `hint` starts the message when the text is not two numbers.
///
/// # Errors
/// A sentence naming what is wrong: not two numbers, or one that is not a number.
pub fn parse_row_col(text: &str, hint: &str) -> Result<(i64, i64), String> {
    let nums: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|s| !s.is_empty())
        .collect();
    let [r, c] = nums[..] else {
        return Err(format!("{hint} (got `{}`)", text.trim()));
    };
    let parse = |s: &str, what: &str| {
        s.parse::<i64>()
            .map_err(|_| format!("`{s}` is not a {what} number"))
    };
    Ok((parse(r, "row")?, parse(c, "column")?))
}

/// Parameters a game refuses.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParamError {
    /// A board dimension outside what the game supports.
    #[error("{what} must be between {min} and {max}, got {got}")]
    OutOfRange {
        /// Which parameter.
        what: &'static str,
        /// The smallest allowed value.
        min: u32,
        /// The largest allowed value.
        max: u32,
        /// What was given.
        got: u32,
    },
    /// An option the game does not know, or a value it cannot read.
    #[error("bad option `{name}`: {reason}")]
    BadOption {
        /// The option's name.
        name: String,
        /// What is wrong with it.
        reason: String,
    },
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
        match self.why_illegal(mv) {
            None => {
                self.apply(mv);
                Ok(())
            }
            Some(reason) => Err(IllegalMove {
                raw: self.encode_move(mv),
                reason,
            }),
        }
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
    /// as the seeds' Min-Max players maximise "the price of the game". Only for games whose
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
    fn parse_move(&self, text: &str) -> Result<Self::Move, String>;

    /// The move written for people (the same notation `parse_move` reads).
    fn describe_move(&self, mv: Self::Move) -> String;

    /// A one-line prompt telling a person how to type a move.
    fn move_prompt(&self) -> String;
}

/// Fixed facts about a game, for the registry and the ABI header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameInfo {
    /// The short name used by `--game` and in results.
    pub name: &'static str,
    /// The number in word 1 of the ABI header.
    pub id: i32,
    /// One line on what the game is.
    pub summary: &'static str,
    /// What `rows` and `cols` mean for this game (their ranges are [`GameInfo::rows`] and
    /// [`GameInfo::cols`]).
    pub size_doc: &'static str,
    /// The range of `--rows`, or that the game ignores it.
    pub rows: Dimension,
    /// The range of `--cols`, or that the game ignores it.
    pub cols: Dimension,
    /// Default rows.
    pub default_rows: u32,
    /// Default columns.
    pub default_cols: u32,
    /// The `--option NAME=VALUE` settings the game reads.
    pub options: &'static [GameOption],
    /// Search depth `builtin:alphabeta` uses when none is given.
    pub default_depth: u32,
    /// The deepest search `builtin:alphabeta` may be asked for: the deepest depth at
    /// which one move still takes at most about a second (measured natively at the
    /// game's largest size, or at its default size where even shallow searches of the
    /// largest size take longer). arena refuses deeper searches before any game starts.
    pub max_depth: u32,
    /// Whether every series of this game is paired (each board played from both seats):
    /// true where the first mover wins with perfect play from every start, so that a
    /// best-of-N series would go to whoever moves first in more of its games.
    pub always_paired: bool,
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
            Err("type two numbers (got `3`)".to_string())
        );
        assert_eq!(
            parse_row_col("1 2 3", "hint"),
            Err("hint (got `1 2 3`)".to_string())
        );
        assert_eq!(
            parse_row_col("x 2", "hint"),
            Err("`x` is not a row number".to_string())
        );
        assert_eq!(
            parse_row_col("2 y", "hint"),
            Err("`y` is not a column number".to_string())
        );
    }
}
