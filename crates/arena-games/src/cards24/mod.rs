//! 24 cards: four cards of each value 1 to 6 lie face up; players alternately
//! take any card and add it to a common total; whoever brings the total to exactly 50
//! wins, whoever brings it past 50 loses.
//!
//! Rules, state words, setup line and theory: `docs/games/cards24.md`.

mod perfect;
mod render;
pub mod table;
#[cfg(test)]
mod tests;

pub use perfect::Perfect;

use crate::game::{DecodeError, Dimension, Game, GameInfo, GameParams, MoveTextError, Outcome, ParamError, Player, PositionError};
use crate::rng::GameRng;
use crate::strategy::{ExtraStrategies, Strategy};

/// Card values run 1..=6.
pub const VALUES: usize = 6;
/// Copies of each value in the deck.
pub const COPIES: u8 = 4;
/// The total that wins.
pub const TARGET: u32 = 50;
/// The sum of the whole deck: 4 · (1 + … + 6).
pub const DECK_SUM: u32 = 84;

/// A move: the value (1..=6) of the card taken, which is also its `i32` encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(pub u8);

/// The sum of the cards already taken when `left[v - 1]` cards of value `v` remain.
pub fn total_of(left: &[u8; VALUES]) -> u32 {
    let remaining: u32 = left.iter().zip(1..).map(|(&n, v)| n as u32 * v).sum();
    DECK_SUM - remaining
}

/// A 24-cards position: the cards still on the table (the total follows from them).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cards24 {
    left: [u8; VALUES],
    to_move: Player,
}

impl Cards24 {
    /// The full deck, total 0, player 1 to move.
    pub fn standard() -> Cards24 {
        Cards24 {
            left: [COPIES; VALUES],
            to_move: Player::First,
        }
    }

    /// The position with `left[v - 1]` cards of value `v` on the table and `to_move` to
    /// play.
    ///
    /// # Errors
    /// When a value has more than four cards.
    pub fn new(left: [u8; VALUES], to_move: Player) -> Result<Cards24, PositionError> {
        match left.iter().position(|&n| n > COPIES) {
            Some(v) => Err(PositionError::OutOfRange {
                what: format!("the count of cards of value {}", v + 1),
                got: i64::from(left[v]),
                min: 0,
                max: i64::from(COPIES),
            }),
            None => Ok(Cards24 { left, to_move }),
        }
    }

    /// Cards left on the table, per value (index 0 is value 1).
    pub fn left(&self) -> [u8; VALUES] {
        self.left
    }

    /// The common total: the sum of the cards taken.
    pub fn total(&self) -> u32 {
        total_of(&self.left)
    }
}

impl Game for Cards24 {
    type Move = Card;

    const INFO: GameInfo = GameInfo {
        name: "cards24",
        id: 8,
        summary: "24 cards valued 1-6; take one at a time into a common total; exactly 50 wins, past 50 loses",
        size_doc: "fixed deck of 4 cards of each value 1..=6",
        rows: Dimension::Ignored,
        cols: Dimension::Ignored,
        options: &[],
        default_rows: 4,
        default_cols: 6,
        default_depth: 8,
        max_depth: 15,
        always_paired: false,
    };

    fn new_random(params: &GameParams, _rng: &mut GameRng) -> Result<Self, ParamError> {
        params.check_option_names(&Self::INFO)?;
        Ok(Cards24::standard())
    }

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn legal_moves(&self, out: &mut Vec<Card>) {
        if self.is_terminal() {
            return;
        }
        out.extend(
            (1..=VALUES as u8)
                .filter(|&v| self.left[v as usize - 1] > 0)
                .map(Card),
        );
    }

    fn apply(&mut self, card: Card) {
        self.left[card.0 as usize - 1] -= 1;
        self.to_move = self.to_move.other();
    }

    fn why_illegal(&self, card: Card) -> Option<String> {
        let v = card.0;
        if !(1..=VALUES as u8).contains(&v) {
            return Some(format!(
                "there is no card {v}: cards are worth 1 to {VALUES}"
            ));
        }
        if self.is_terminal() {
            return Some(format!("the game is over: the total is {}", self.total()));
        }
        (self.left[v as usize - 1] == 0)
            .then(|| format!("no card of value {v} is left on the table"))
    }

    fn is_terminal(&self) -> bool {
        self.total() >= TARGET
    }

    fn outcome(&self) -> Option<Outcome> {
        let total = self.total();
        match total.cmp(&TARGET) {
            std::cmp::Ordering::Less => None,
            std::cmp::Ordering::Equal => Some(Outcome::Win(self.to_move.other())),
            std::cmp::Ordering::Greater => Some(Outcome::Win(self.to_move)),
        }
    }

    fn encode_move(&self, card: Card) -> i32 {
        card.0 as i32
    }

    fn decode_move(&self, raw: i32) -> Option<Card> {
        (1..=VALUES as i32)
            .contains(&raw)
            .then_some(Card(raw as u8))
    }

    fn write_state(&self, out: &mut Vec<i32>) {
        out.extend_from_slice(&[self.total() as i32, TARGET as i32]);
        out.extend(self.left.iter().map(|&n| n as i32));
    }

    fn read_state(words: &[i32], me: Player) -> Result<Self, DecodeError> {
        let err = |s: String| DecodeError(format!("cards24: {s}"));
        let [total, target, counts @ ..] = words else {
            return Err(err(format!("{} words, expected 8", words.len())));
        };
        if counts.len() != VALUES {
            return Err(err(format!("{} words, expected 8", words.len())));
        }
        if *target != TARGET as i32 {
            return Err(err(format!("target {target}, expected {TARGET}")));
        }
        let mut left = [0u8; VALUES];
        for (slot, &n) in left.iter_mut().zip(counts) {
            *slot = u8::try_from(n).map_err(|_| err(format!("card count {n}")))?;
        }
        let game = Cards24::new(left, me).map_err(|e| err(e.to_string()))?;
        if game.total() as i32 != *total {
            return Err(err(format!(
                "total {total} but the cards taken sum to {}",
                game.total()
            )));
        }
        Ok(game)
    }

    fn setup(&self) -> String {
        let counts: Vec<String> = self.left.iter().map(u8::to_string).collect();
        counts.join(" ")
    }

    fn from_setup(text: &str) -> Result<Self, DecodeError> {
        let err = |s: String| DecodeError(format!("cards24 setup `{text}`: {s}"));
        let counts = text
            .split_whitespace()
            .map(|p| {
                p.parse::<u8>()
                    .map_err(|_| err(format!("`{p}` is not a card count")))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let left: [u8; VALUES] = counts.try_into().map_err(|_| {
            err(format!(
                "expected {VALUES} counts, for the values 1 to {VALUES}"
            ))
        })?;
        let game = Cards24::new(left, Player::First).map_err(|e| err(e.to_string()))?;
        if game.is_terminal() {
            return Err(err(format!(
                "the total is already {}: nothing to play",
                game.total()
            )));
        }
        Ok(game)
    }

    fn render(&self, color: bool) -> String {
        render::render(self, color)
    }

    fn parse_move(&self, text: &str) -> Result<Card, MoveTextError> {
        let t = text.trim();
        match t.parse::<u8>() {
            Ok(v) if (1..=VALUES as u8).contains(&v) => Ok(Card(v)),
            _ => Err(MoveTextError::Form {
                expected: format!("type a card's value, 1 to {VALUES}"),
                got: t.to_string(),
            }),
        }
    }

    fn describe_move(&self, card: Card) -> String {
        card.0.to_string()
    }

    fn move_prompt(&self) -> String {
        format!(
            "{}, the total is {}: type the value (1-{VALUES}) of the card you take",
            self.to_move,
            self.total()
        )
    }
}

impl ExtraStrategies for Cards24 {
    const EXTRA: &'static [&'static str] = &["perfect"];

    fn extra_strategy(name: &str) -> Option<Box<dyn Strategy<Self>>> {
        (name == "perfect").then(|| Box::new(Perfect::default()) as Box<dyn Strategy<Self>>)
    }
}
