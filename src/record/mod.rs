//! The typed record of a finished game as every results file holds it ([`GameRow`]: the
//! game's identity, one [`SeatRecord`] per seat — bot, team, score, rank, fuel — how it
//! ended and which seat faulted), and its vocabulary ([`ResultCode`], the two-seat view
//! of the ranks, and [`EndKind`]). Ranks are computed in [`rank`]; the files' columns are
//! laid out and parsed back in [`columns`], in one place; nothing else compares their text.

pub mod columns;
pub mod rank;

use std::fmt;
use std::str::FromStr;

use arena_games::game::Score;
use arena_games::{Outcome, Player};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

use crate::bot::FaultKind;

/// One finished game, as `games.csv` records it (one row) and as standings, ratings,
/// fairness and the reports read it. Seats are in move order (index 0 moved first).
#[derive(Clone, Debug, PartialEq, Eq)]
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
    /// Every seat, in move order.
    pub seats: Vec<SeatRecord>,
    /// `normal`, `disqualified`, or the fault kind.
    pub end: EndKind,
    /// The seat (index into `seats`) that caused an abnormal end; `None` for a normal end
    /// or a game nobody could play.
    pub culprit: Option<usize>,
    /// The reason in words, empty for a normal end.
    pub reason: String,
    /// Moves played.
    pub moves: u32,
}

/// One seat's part in a finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRecord {
    /// The bot that held the seat.
    pub bot: String,
    /// The seat's team, if the game has teams: seats sharing a team share the result.
    pub team: Option<u32>,
    /// The seat's score at the end (the game's tie-break figure; it never overrules the
    /// rank): an integer, or a fraction in games such as one-player minesweeper.
    pub score: Score,
    /// Competition rank: 1 + the number of seats with a strictly better result (on a draw
    /// every seat ranks 1).
    pub rank: u32,
    /// Fuel the seat's bot used over the game (0 for native bots).
    pub fuel: u64,
    /// The most fuel one move of the seat's bot used.
    pub max_move_fuel: u64,
}

impl GameRow {
    /// The two-seat result from the first mover's side, derived from the ranks of seats 0
    /// and 1 (the only seats of every two-seat game).
    pub fn result(&self) -> ResultCode {
        ResultCode::of_ranks([self.rank(0), self.rank(1)])
    }

    /// Half points of seats 0 and 1 under the two-seat view: 2 for a win, 1 for a draw.
    pub fn half_points(&self) -> [u32; 2] {
        self.result().half_points()
    }

    /// The bot of `seat` (empty if there is no such seat).
    pub fn bot(&self, seat: usize) -> &str {
        self.seats.get(seat).map_or("", |s| s.bot.as_str())
    }

    /// The first seat `name` held, if any.
    pub fn seat_of(&self, name: &str) -> Option<usize> {
        self.seats.iter().position(|s| s.bot == name)
    }

    /// The bot of the seat that caused an abnormal end, if any.
    pub fn culprit_bot(&self) -> Option<&str> {
        self.culprit.map(|seat| self.bot(seat))
    }

    /// The one seat ranked first alone, if the game has a single winner.
    pub fn winner(&self) -> Option<usize> {
        let mut firsts = self.seats.iter().enumerate().filter(|(_, s)| s.rank == 1);
        match (firsts.next(), firsts.next()) {
            (Some((i, _)), None) if self.seats.len() > 1 => Some(i),
            _ => None,
        }
    }

    fn rank(&self, seat: usize) -> u32 {
        self.seats.get(seat).map_or(1, |s| s.rank)
    }
}

/// The two seats of a game with this result and these scores (no teams, no fuel: for
/// games played without a sandbox, and for tests).
pub fn two_seats(bots: [&str; 2], scores: [i64; 2], result: ResultCode) -> Vec<SeatRecord> {
    let ranks = result.ranks();
    (0..2)
        .map(|i| SeatRecord {
            bot: bots[i].to_string(),
            team: None,
            score: scores[i].into(),
            rank: ranks[i],
            fuel: 0,
            max_move_fuel: 0,
        })
        .collect()
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

    /// The two-seat view of seats' competition ranks: the seat ranked better wins.
    pub fn of_ranks(ranks: [u32; 2]) -> ResultCode {
        match ranks[0].cmp(&ranks[1]) {
            std::cmp::Ordering::Less => ResultCode::FirstWins,
            std::cmp::Ordering::Greater => ResultCode::SecondWins,
            std::cmp::Ordering::Equal => ResultCode::Draw,
        }
    }

    /// The competition ranks of the two seats: `[1, 2]`, `[2, 1]` or `[1, 1]`.
    pub fn ranks(self) -> [u32; 2] {
        match self {
            ResultCode::FirstWins => [1, 2],
            ResultCode::SecondWins => [2, 1],
            ResultCode::Draw => [1, 1],
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
        for r in [
            ResultCode::FirstWins,
            ResultCode::SecondWins,
            ResultCode::Draw,
        ] {
            assert_eq!(ResultCode::of_ranks(r.ranks()), r);
            assert_eq!(r.ranks(), rank::of_outcome(r.outcome()));
        }
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
