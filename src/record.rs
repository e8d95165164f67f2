//! The typed record of a finished game as every results file holds it ([`GameRow`]: who
//! played, the scores, the result from the first mover's side, how it ended, the fuel), and
//! its vocabulary ([`ResultCode`], [`EndKind`]). Writers serialise these values and readers
//! parse them back here, in one place; nothing else compares their text.

use std::fmt;
use std::str::FromStr;

use arena_games::{Outcome, Player};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

use crate::bot::FaultKind;

/// One finished game, as `games.csv` records it (one row; column order is the field
/// order) and as standings, ratings and fairness read it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRow {
    /// The game's id: `(series_id - 1) * max_games + game_index + 1`, stable per schedule.
    pub game_id: u64,
    /// The series it belongs to.
    pub series_id: u64,
    /// The round-robin round (from 1).
    pub round: u32,
    /// The game's index in its series (from 0).
    pub game_index: u32,
    /// The board's index in its series (equals `game_index` unless paired).
    pub board_index: u32,
    /// The seed the starting position was drawn from.
    pub board_seed: u64,
    /// Rows of the board (or the game's size parameter).
    pub rows: u32,
    /// Columns of the board.
    pub cols: u32,
    /// The bot that moved first.
    pub first: String,
    /// The bot that moved second.
    pub second: String,
    /// First mover's score at the end.
    pub first_score: i64,
    /// Second mover's score at the end.
    pub second_score: i64,
    /// `1-0`, `0-1` or `1/2-1/2`, from the first mover's side.
    pub result: ResultCode,
    /// The winner's name, empty for a draw.
    pub winner: String,
    /// `normal`, `disqualified`, or the fault kind (`trap`, `fuel`, `memory`, `stack`,
    /// `bad_pointer`, `illegal_move`, `timeout`, `instantiation`).
    pub end: EndKind,
    /// The bot that caused an abnormal end, empty for a normal end.
    pub culprit: String,
    /// The reason in words, empty for a normal end.
    pub reason: String,
    /// Moves played.
    pub moves: u32,
    /// Fuel used by the first mover over the game.
    pub first_fuel: u64,
    /// Fuel used by the second mover.
    pub second_fuel: u64,
    /// The most fuel one move of the first mover used.
    pub first_max_move_fuel: u64,
    /// The most fuel one move of the second mover used.
    pub second_max_move_fuel: u64,
}

/// What the referee notes of each accepted move besides the move itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveMark {
    /// Fuel the move used (0 for native bots).
    pub fuel: u64,
    /// Complete lines of its seat's debug output after the move.
    pub lines: u32,
}

/// A finished game's result from the first mover's side: `1-0`, `0-1` or `1/2-1/2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ResultCode {
    /// The first mover won.
    #[serde(rename = "1-0")]
    FirstWins,
    /// The second mover won.
    #[serde(rename = "0-1")]
    SecondWins,
    /// A draw.
    #[serde(rename = "1/2-1/2")]
    Draw,
}

impl ResultCode {
    /// The code of an outcome.
    pub fn of(outcome: Outcome) -> ResultCode {
        match outcome {
            Outcome::Win(Player::First) => ResultCode::FirstWins,
            Outcome::Win(Player::Second) => ResultCode::SecondWins,
            Outcome::Draw => ResultCode::Draw,
        }
    }

    /// The outcome it records.
    pub fn outcome(self) -> Outcome {
        match self {
            ResultCode::FirstWins => Outcome::Win(Player::First),
            ResultCode::SecondWins => Outcome::Win(Player::Second),
            ResultCode::Draw => Outcome::Draw,
        }
    }

    /// The winning seat, if any.
    pub fn winner(self) -> Option<Player> {
        match self.outcome() {
            Outcome::Win(p) => Some(p),
            Outcome::Draw => None,
        }
    }

    /// Half points of each seat (index 0 moved first): 2 for a win, 1 for a draw.
    pub fn half_points(self) -> [u32; 2] {
        let o = self.outcome();
        [o.half_points(Player::First), o.half_points(Player::Second)]
    }

    /// The text results files write.
    pub fn as_str(self) -> &'static str {
        match self {
            ResultCode::FirstWins => "1-0",
            ResultCode::SecondWins => "0-1",
            ResultCode::Draw => "1/2-1/2",
        }
    }
}

impl fmt::Display for ResultCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Text that names no result or no end.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RecordTextError {
    /// Not `1-0`, `0-1` or `1/2-1/2`.
    #[error("unknown result `{0}`")]
    Result(String),
    /// Not `normal`, `disqualified` or a fault kind.
    #[error("unknown end `{0}`")]
    End(String),
}

impl FromStr for ResultCode {
    type Err = RecordTextError;

    fn from_str(s: &str) -> Result<ResultCode, RecordTextError> {
        [
            ResultCode::FirstWins,
            ResultCode::SecondWins,
            ResultCode::Draw,
        ]
        .into_iter()
        .find(|r| r.as_str() == s)
        .ok_or_else(|| RecordTextError::Result(s.to_string()))
    }
}

/// How a game ended, as results files name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndKind {
    /// The rules ended it.
    Normal,
    /// A bot that could not take part forfeited (or both could not: a draw).
    Disqualified,
    /// A bot faulted and forfeited.
    Fault(FaultKind),
}

impl EndKind {
    /// The text results files write: `normal`, `disqualified` or the fault kind's name.
    pub fn as_str(self) -> &'static str {
        match self {
            EndKind::Normal => "normal",
            EndKind::Disqualified => "disqualified",
            EndKind::Fault(kind) => kind.name(),
        }
    }
}

impl fmt::Display for EndKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for EndKind {
    type Err = RecordTextError;

    fn from_str(s: &str) -> Result<EndKind, RecordTextError> {
        match s {
            "normal" => Ok(EndKind::Normal),
            "disqualified" => Ok(EndKind::Disqualified),
            _ => FaultKind::ALL
                .into_iter()
                .find(|k| k.name() == s)
                .map(EndKind::Fault)
                .ok_or_else(|| RecordTextError::End(s.to_string())),
        }
    }
}

impl Serialize for EndKind {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for EndKind {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<EndKind, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_round_trip_through_their_text() {
        for r in [
            ResultCode::FirstWins,
            ResultCode::SecondWins,
            ResultCode::Draw,
        ] {
            assert_eq!(r.as_str().parse::<ResultCode>(), Ok(r));
            assert_eq!(ResultCode::of(r.outcome()), r);
        }
        assert_eq!(ResultCode::FirstWins.half_points(), [2, 0]);
        assert_eq!(ResultCode::Draw.half_points(), [1, 1]);
        assert_eq!(
            "2-0".parse::<ResultCode>().unwrap_err().to_string(),
            "unknown result `2-0`"
        );
    }

    #[test]
    fn ends_round_trip_through_their_text() {
        let mut all = vec![EndKind::Normal, EndKind::Disqualified];
        all.extend(FaultKind::ALL.map(EndKind::Fault));
        for e in all {
            assert_eq!(e.as_str().parse::<EndKind>(), Ok(e));
        }
        assert_eq!("fuel".parse(), Ok(EndKind::Fault(FaultKind::Fuel)));
        assert_eq!(
            "crash".parse::<EndKind>().unwrap_err().to_string(),
            "unknown end `crash`"
        );
    }
}
