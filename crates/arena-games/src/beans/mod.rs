//! White and black beans: two piles; a move takes one bean of either colour or one of
//! each; whoever takes the last bean wins.
//!
//! The rules, the state words, the setup line and the theory (a position is lost for the
//! player to move exactly when both piles are even) are in `docs/games/beans.md`.

mod perfect;
mod render;
#[cfg(test)]
mod tests;

pub use perfect::{is_losing, Perfect};

use crate::game::{DecodeError, Dimension, Game, GameInfo, GameParams, MoveTextError, Outcome, ParamError, Player, PositionError};
use crate::rng::GameRng;
use crate::strategy::{ExtraStrategies, Strategy};

/// The largest pile, in a setup, the state words, or as a `rows`/`cols` bound.
pub const MAX_PILE: u32 = 1000;

/// A move: which beans to take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Take {
    /// One white bean (encoded 1).
    White,
    /// One black bean (encoded 2).
    Black,
    /// One white and one black bean (encoded 3).
    Both,
}

impl Take {
    /// All moves in encoding order.
    pub const ALL: [Take; 3] = [Take::White, Take::Black, Take::Both];

    /// The move's `i32` encoding: 1 white, 2 black, 3 both (bit 0 white, bit 1 black).
    pub fn code(self) -> i32 {
        match self {
            Take::White => 1,
            Take::Black => 2,
            Take::Both => 3,
        }
    }

    /// Beans taken: (white, black).
    pub fn beans(self) -> (u32, u32) {
        match self {
            Take::White => (1, 0),
            Take::Black => (0, 1),
            Take::Both => (1, 1),
        }
    }
}

/// A beans position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Beans {
    white: u32,
    black: u32,
    to_move: Player,
}

impl Beans {
    /// The position with `white` and `black` beans and `to_move` to play.
    ///
    /// # Errors
    /// When a pile exceeds [`MAX_PILE`].
    pub fn new(white: u32, black: u32, to_move: Player) -> Result<Beans, PositionError> {
        for (what, n) in [("white", white), ("black", black)] {
            if n > MAX_PILE {
                return Err(PositionError::OutOfRange {
                    what: format!("the {what} pile"),
                    got: i64::from(n),
                    min: 0,
                    max: i64::from(MAX_PILE),
                });
            }
        }
        Ok(Beans {
            white,
            black,
            to_move,
        })
    }

    /// White beans left.
    pub fn white(&self) -> u32 {
        self.white
    }

    /// Black beans left.
    pub fn black(&self) -> u32 {
        self.black
    }
}

impl Game for Beans {
    type Move = Take;

    const INFO: GameInfo = GameInfo {
        name: "beans",
        id: 2,
        summary: "two piles of beans; take one bean or one of each colour; taking the last bean wins",
        size_doc: "rows = most white beans, cols = most black beans; piles are drawn in 0..=rows and 0..=cols, never both empty",
        rows: Dimension::Range {
            min: 1,
            max: MAX_PILE,
        },
        cols: Dimension::Range {
            min: 1,
            max: MAX_PILE,
        },
        default_rows: 15,
        default_cols: 15,
        options: &[],
        default_depth: 10,
        max_depth: 28,
        always_paired: false,
    };

    fn new_random(params: &GameParams, rng: &mut GameRng) -> Result<Self, ParamError> {
        params.check_option_names(&Self::INFO)?;
        let (max_white, max_black) = params.size(&Self::INFO)?;
        loop {
            let white = rng.range(0, max_white as i64) as u32;
            let black = rng.range(0, max_black as i64) as u32;
            if white + black > 0 {
                return Ok(Beans {
                    white,
                    black,
                    to_move: Player::First,
                });
            }
        }
    }

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn legal_moves(&self, out: &mut Vec<Take>) {
        out.extend(Take::ALL.into_iter().filter(|&t| {
            let (w, b) = t.beans();
            w <= self.white && b <= self.black
        }));
    }

    fn apply(&mut self, mv: Take) {
        let (w, b) = mv.beans();
        self.white -= w;
        self.black -= b;
        self.to_move = self.to_move.other();
    }

    fn why_illegal(&self, mv: Take) -> Option<String> {
        let (white, black) = (self.white, self.black);
        match mv {
            _ if white + black == 0 => Some("the game is over: no beans are left".to_string()),
            Take::White if white == 0 => Some("no white bean is left".to_string()),
            Take::Black if black == 0 => Some("no black bean is left".to_string()),
            Take::Both if white == 0 || black == 0 => Some(format!(
                "taking one of each needs beans of both colours; {white} white and {black} black are left"
            )),
            _ => None,
        }
    }

    fn is_terminal(&self) -> bool {
        self.white + self.black == 0
    }

    fn outcome(&self) -> Option<Outcome> {
        self.is_terminal()
            .then(|| Outcome::Win(self.to_move.other()))
    }

    fn encode_move(&self, mv: Take) -> i32 {
        mv.code()
    }

    fn decode_move(&self, raw: i32) -> Option<Take> {
        Take::ALL.into_iter().find(|t| t.code() == raw)
    }

    fn write_state(&self, out: &mut Vec<i32>) {
        out.extend_from_slice(&[self.white as i32, self.black as i32]);
    }

    fn read_state(words: &[i32], me: Player) -> Result<Self, DecodeError> {
        let err = |s: String| DecodeError(format!("beans: {s}"));
        let [white, black] = words else {
            return Err(err(format!("{} words, expected 2", words.len())));
        };
        let pile = |n: i32| u32::try_from(n).map_err(|_| err(format!("negative pile {n}")));
        Beans::new(pile(*white)?, pile(*black)?, me).map_err(|e| err(e.to_string()))
    }

    fn setup(&self) -> String {
        format!("{} {}", self.white, self.black)
    }

    fn from_setup(text: &str) -> Result<Self, DecodeError> {
        let err = |s: String| DecodeError(format!("beans setup `{text}`: {s}"));
        let nums = text
            .split_whitespace()
            .map(|p| {
                p.parse::<u32>()
                    .map_err(|_| err(format!("`{p}` is not a pile size")))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let [white, black] = nums[..] else {
            return Err(err("expected two numbers, white and black".to_string()));
        };
        if white + black == 0 {
            return Err(err("a game needs at least one bean".to_string()));
        }
        Beans::new(white, black, Player::First).map_err(|e| err(e.to_string()))
    }

    fn render(&self, color: bool) -> String {
        render::render(self, color)
    }

    fn parse_move(&self, text: &str) -> Result<Take, MoveTextError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "w" | "white" | "1" => Ok(Take::White),
            "b" | "black" | "2" => Ok(Take::Black),
            "wb" | "bw" | "both" | "3" => Ok(Take::Both),
            other => Err(MoveTextError::Form {
                expected: "type w (a white bean), b (a black bean) or wb (one of each)".into(),
                got: other.to_string(),
            }),
        }
    }

    fn describe_move(&self, mv: Take) -> String {
        match mv {
            Take::White => "w",
            Take::Black => "b",
            Take::Both => "wb",
        }
        .to_string()
    }

    fn move_prompt(&self) -> String {
        format!(
            "{}, take w (a white bean), b (a black bean) or wb (one of each)",
            self.to_move
        )
    }
}

impl ExtraStrategies for Beans {
    const EXTRA: &'static [&'static str] = &["perfect"];

    fn extra_strategy(name: &str) -> Option<Box<dyn Strategy<Self>>> {
        (name == "perfect").then(|| Box::new(Perfect) as Box<dyn Strategy<Self>>)
    }
}
