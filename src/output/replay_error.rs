//! [`ReplayError`]: why replay text cannot be read, or a replay does not re-check under
//! the rules (`Replay::parse`, `Replay::verify`).

use arena_games::Player;

use super::replay::MAGIC;
use crate::record::{EndKind, ResultCode};

/// Why replay text cannot be read, or a replay does not re-check under the rules.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The first line is not the magic line.
    #[error("not an arena replay: the first line must be `{MAGIC}`")]
    NotAReplay,
    /// A line's value cannot be read.
    #[error("line {line}: bad {what}: `{text}`")]
    BadLine {
        /// The line number (from 1).
        line: usize,
        /// What the line should hold.
        what: String,
        /// The line.
        text: String,
    },
    /// A line no replay has.
    #[error("line {line}: unknown line `{text}`")]
    UnknownLine {
        /// The line number (from 1).
        line: usize,
        /// The line.
        text: String,
    },
    /// Some moves have marks and others not.
    #[error("{moves} moves but {marks} marks: every move has its mark, or none has")]
    Marks {
        /// Moves read.
        moves: usize,
        /// Marks read.
        marks: usize,
    },
    /// A required line is missing.
    #[error("incomplete replay: `game`, `setup`, `end` and `result` lines are required")]
    Incomplete,
    /// The replay is of another game than the one it is checked as.
    #[error("replay of `{replay}`, checked as `{checked}`")]
    OtherGame {
        /// The replay's game.
        replay: String,
        /// The game it was checked as.
        checked: String,
    },
    /// The game refuses the setup line.
    #[error("setup: {0}")]
    Setup(String),
    /// The rules refuse a move.
    #[error("move {index} ({mv}) is illegal: {reason}")]
    Illegal {
        /// The move's number (from 1).
        index: usize,
        /// The move as recorded.
        mv: i32,
        /// The rules' reason.
        reason: String,
    },
    /// A normal end recorded before the game is over.
    #[error("recorded as a normal end, but the game is not over")]
    NotOver,
    /// A normal end that names a culprit.
    #[error("a normal end with a culprit")]
    NormalWithCulprit,
    /// A fault recorded once the game was over.
    #[error("a `{0}` fault recorded after the game was over")]
    FaultAfterEnd(EndKind),
    /// A seat faulted while the other was to move.
    #[error("{0} faulted while it was not its turn")]
    OutOfTurn(Player),
    /// An abnormal end without a culprit.
    #[error("end `{0}` without a culprit")]
    NoCulprit(EndKind),
    /// The rules give another result.
    #[error("the rules give {rules}, the replay says {recorded}")]
    Result {
        /// The result under the rules.
        rules: ResultCode,
        /// The recorded result.
        recorded: ResultCode,
    },
    /// The rules give other scores.
    #[error("the rules give scores {rules:?}, the replay says {recorded:?}")]
    Scores {
        /// The scores under the rules.
        rules: [i64; 2],
        /// The recorded scores.
        recorded: [i64; 2],
    },
}
