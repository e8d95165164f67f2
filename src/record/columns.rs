//! How a [`GameRow`] is laid out in `games.csv` and `games.jsonl`, and read back.
//!
//! Two layouts (docs/RESULTS.md, "Games with other than two seats"):
//! - **two-seat** (every game registered today): the columns `first`, `second`,
//!   `first_score`, `second_score`, `result` (from the first mover's side), `winner` and
//!   `culprit` by name, then the four fuel columns;
//! - **seats**, for a file holding a game with other than two seats, or with teams: a
//!   `seats` column (the game's seat count), then per seat `seatK_bot`, `seatK_team`,
//!   `seatK_score`, `seatK_rank`, `seatK_fuel`, `seatK_max_move_fuel` for K = 1..N (N the
//!   most seats of any game in the file; a game with fewer leaves the rest empty), and
//!   `culprit` as a seat number.
//!
//! A file has one layout, chosen by [`Layout::of`] and recognised from its header by
//! [`Layout::from_header`]; a JSON line chooses per game. Reading checks what the text
//! states twice: a two-seat row's winner must follow from its result and its culprit must
//! be one of its two bots.

use csv::StringRecord;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use arena_games::game::Score;

use super::{EndKind, GameRow, ResultCode, SeatRecord};

mod json;
mod seats;

use seats::parse_seats;

/// The columns before the seats, in both layouts.
const LEAD: [&str; 8] = [
    "game_id",
    "series_id",
    "round",
    "game_index",
    "board_index",
    "board_seed",
    "rows",
    "cols",
];

/// The columns after the seats in the seats layout.
const TAIL: [&str; 4] = ["end", "culprit", "reason", "moves"];

/// Each seat's columns in the seats layout, after the `seatK_` prefix.
const SEAT: [&str; 6] = ["bot", "team", "score", "rank", "fuel", "max_move_fuel"];

/// Why a row cannot be laid out or read back.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ColumnsError {
    /// The header is neither layout's.
    #[error("the header has neither a `first` nor a `seats` column")]
    UnknownHeader,
    /// A column the layout needs is missing from the header.
    #[error("no column `{0}`")]
    MissingColumn(String),
    /// A field does not hold what its column does.
    #[error("column {column}: `{text}` is not {expected}")]
    BadField {
        /// The column's name.
        column: String,
        /// The field's text.
        text: String,
        /// What the column holds.
        expected: &'static str,
    },
    /// A record the two-seat columns cannot be read from, with the CSV reader's words.
    #[error("{0}")]
    Unreadable(String),
    /// A two-seat row's winner disagrees with its result.
    #[error("the winner `{winner}` does not follow from the result `{result}`")]
    Winner {
        /// The game.
        game_id: u64,
        /// The recorded winner.
        winner: String,
        /// The recorded result.
        result: ResultCode,
    },
    /// A two-seat row's culprit is not one of its bots.
    #[error("the culprit `{1}` is not one of the game's two bots")]
    Culprit(u64, String),
    /// A seat number out of the game's seats.
    #[error("the culprit seat {0} is not one of the game's seats")]
    CulpritSeat(usize),
    /// The row does not fit the file's layout (another seat count, or teams in a two-seat
    /// file).
    #[error("game {game_id} has {seats} seats{teams}, which the file's layout cannot hold")]
    Misfit {
        /// The game.
        game_id: u64,
        /// Its seat count.
        seats: usize,
        /// `" and teams"` if it has teams.
        teams: &'static str,
    },
}

impl ColumnsError {
    /// The game a well-formed row that contradicts itself records, if that is the error.
    pub fn game_id(&self) -> Option<u64> {
        match self {
            ColumnsError::Winner { game_id, .. } | ColumnsError::Culprit(game_id, _) => {
                Some(*game_id)
            }
            _ => None,
        }
    }
}

/// Which columns a file holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// The two-seat columns (`first`, `second`, `result`, …).
    TwoSeat,
    /// A `seats` column and this many seats' columns.
    Seats(usize),
}

impl Layout {
    /// The layout that holds `rows`: two-seat when every game has two seats and no teams
    /// (and for no rows at all), else the seats layout for the most seats of any game.
    pub fn of(rows: &[GameRow]) -> Layout {
        if rows.iter().all(fits_two_seat) {
            Layout::TwoSeat
        } else {
            Layout::Seats(rows.iter().map(|r| r.seats.len()).max().unwrap_or(0))
        }
    }

    /// The layout a file's header names.
    ///
    /// # Errors
    /// [`ColumnsError::UnknownHeader`] when it is neither layout's.
    pub fn from_header(header: &StringRecord) -> Result<Layout, ColumnsError> {
        if header.iter().any(|h| h == "first") {
            Ok(Layout::TwoSeat)
        } else if header.iter().any(|h| h == "seats") {
            let n = (1..)
                .take_while(|k| header.iter().any(|h| h == format!("seat{k}_bot")))
                .count();
            Ok(Layout::Seats(n))
        } else {
            Err(ColumnsError::UnknownHeader)
        }
    }

    /// The header's columns.
    pub fn header(self) -> Vec<String> {
        match self {
            Layout::TwoSeat => TWO_SEAT_HEADER.iter().map(|s| s.to_string()).collect(),
            Layout::Seats(n) => {
                let mut h: Vec<String> = LEAD.iter().map(|s| s.to_string()).collect();
                h.push("seats".into());
                for k in 1..=n {
                    h.extend(SEAT.iter().map(|c| format!("seat{k}_{c}")));
                }
                h.extend(TAIL.iter().map(|s| s.to_string()));
                h
            }
        }
    }

    /// The fields of `row` under this layout, in header order.
    ///
    /// # Errors
    /// [`ColumnsError::Misfit`] when the row does not fit the layout.
    pub fn fields(self, row: &GameRow) -> Result<Vec<String>, ColumnsError> {
        let misfit = || ColumnsError::Misfit {
            game_id: row.game_id,
            seats: row.seats.len(),
            teams: if row.seats.iter().any(|s| s.team.is_some()) {
                " and teams"
            } else {
                ""
            },
        };
        match self {
            Layout::TwoSeat if fits_two_seat(row) => {
                let c = TwoSeatColumns::of(row);
                Ok(vec![
                    c.game_id.to_string(),
                    c.series_id.to_string(),
                    c.round.to_string(),
                    c.game_index.to_string(),
                    c.board_index.to_string(),
                    c.board_seed.to_string(),
                    c.rows.to_string(),
                    c.cols.to_string(),
                    c.first,
                    c.second,
                    c.first_score.to_string(),
                    c.second_score.to_string(),
                    c.result.to_string(),
                    c.winner,
                    c.end.to_string(),
                    c.culprit,
                    c.reason,
                    c.moves.to_string(),
                    c.first_fuel.to_string(),
                    c.second_fuel.to_string(),
                    c.first_max_move_fuel.to_string(),
                    c.second_max_move_fuel.to_string(),
                ])
            }
            Layout::TwoSeat => Err(misfit()),
            Layout::Seats(n) if row.seats.len() <= n => {
                let mut f = lead_fields(row);
                f.push(row.seats.len().to_string());
                for k in 0..n {
                    match row.seats.get(k) {
                        Some(s) => f.extend([
                            s.bot.clone(),
                            s.team.map(|t| t.to_string()).unwrap_or_default(),
                            s.score.to_string(),
                            s.rank.to_string(),
                            s.fuel.to_string(),
                            s.max_move_fuel.to_string(),
                        ]),
                        None => f.extend(SEAT.iter().map(|_| String::new())),
                    }
                }
                f.extend([
                    row.end.to_string(),
                    row.culprit.map(|c| (c + 1).to_string()).unwrap_or_default(),
                    row.reason.clone(),
                    row.moves.to_string(),
                ]);
                Ok(f)
            }
            Layout::Seats(_) => Err(misfit()),
        }
    }

    /// Reads one record of a file whose header is `header`.
    ///
    /// # Errors
    /// [`ColumnsError`] naming the column or the inconsistency.
    pub fn parse(
        self,
        header: &StringRecord,
        record: &StringRecord,
    ) -> Result<GameRow, ColumnsError> {
        match self {
            Layout::TwoSeat => {
                let c: TwoSeatColumns = record.deserialize(Some(header)).map_err(|e| {
                    let field = match e.kind() {
                        csv::ErrorKind::Deserialize { err, .. } => err.field(),
                        _ => None,
                    };
                    let at = |r: &StringRecord| {
                        field
                            .and_then(|i| r.get(i as usize))
                            .unwrap_or("?")
                            .to_string()
                    };
                    match field {
                        Some(_) => ColumnsError::BadField {
                            column: at(header),
                            text: at(record),
                            expected: "a value of its column",
                        },
                        None => ColumnsError::Unreadable(e.to_string()),
                    }
                })?;
                c.into_row()
            }
            Layout::Seats(n) => parse_seats(n, header, record),
        }
    }
}

/// Whether `row` fits the two-seat layout: two seats, no teams.
pub(super) fn fits_two_seat(row: &GameRow) -> bool {
    row.seats.len() == 2
        && row
            .seats
            .iter()
            .all(|s| s.team.is_none() && s.score.is_integer())
}

fn lead_fields(row: &GameRow) -> Vec<String> {
    vec![
        row.game_id.to_string(),
        row.series_id.to_string(),
        row.round.to_string(),
        row.game_index.to_string(),
        row.board_index.to_string(),
        row.board_seed.to_string(),
        row.rows.to_string(),
        row.cols.to_string(),
    ]
}

/// The two-seat layout's header.
const TWO_SEAT_HEADER: [&str; 22] = [
    "game_id",
    "series_id",
    "round",
    "game_index",
    "board_index",
    "board_seed",
    "rows",
    "cols",
    "first",
    "second",
    "first_score",
    "second_score",
    "result",
    "winner",
    "end",
    "culprit",
    "reason",
    "moves",
    "first_fuel",
    "second_fuel",
    "first_max_move_fuel",
    "second_max_move_fuel",
];

/// A two-seat game's columns (field order is `TWO_SEAT_HEADER`'s).
#[derive(Serialize, Deserialize)]
pub(super) struct TwoSeatColumns {
    game_id: u64,
    series_id: u64,
    round: u32,
    game_index: u32,
    board_index: u32,
    board_seed: u64,
    rows: u32,
    cols: u32,
    first: String,
    second: String,
    first_score: i64,
    second_score: i64,
    result: ResultCode,
    winner: String,
    end: EndKind,
    culprit: String,
    reason: String,
    moves: u32,
    first_fuel: u64,
    second_fuel: u64,
    first_max_move_fuel: u64,
    second_max_move_fuel: u64,
}

impl TwoSeatColumns {
    /// The columns of a row that fits the two-seat layout.
    pub(super) fn of(row: &GameRow) -> TwoSeatColumns {
        let seat = |i: usize| &row.seats[i];
        TwoSeatColumns {
            game_id: row.game_id,
            series_id: row.series_id,
            round: row.round,
            game_index: row.game_index,
            board_index: row.board_index,
            board_seed: row.board_seed,
            rows: row.rows,
            cols: row.cols,
            first: seat(0).bot.clone(),
            second: seat(1).bot.clone(),
            first_score: seat(0).score.numerator(),
            second_score: seat(1).score.numerator(),
            result: row.result(),
            winner: row.winner().map(|i| row.bot(i)).unwrap_or("").to_string(),
            end: row.end,
            culprit: row.culprit_bot().unwrap_or("").to_string(),
            reason: row.reason.clone(),
            moves: row.moves,
            first_fuel: seat(0).fuel,
            second_fuel: seat(1).fuel,
            first_max_move_fuel: seat(0).max_move_fuel,
            second_max_move_fuel: seat(1).max_move_fuel,
        }
    }

    /// The typed row, checking the winner against the result and the culprit's name.
    fn into_row(self) -> Result<GameRow, ColumnsError> {
        let ranks = self.result.ranks();
        let expected = match self.result {
            ResultCode::FirstWins => self.first.as_str(),
            ResultCode::SecondWins => self.second.as_str(),
            ResultCode::Draw => "",
        };
        if self.winner != expected {
            return Err(ColumnsError::Winner {
                game_id: self.game_id,
                winner: self.winner,
                result: self.result,
            });
        }
        let culprit = match self.culprit.as_str() {
            "" => None,
            c if c == self.first => Some(0),
            c if c == self.second => Some(1),
            c => return Err(ColumnsError::Culprit(self.game_id, c.to_string())),
        };
        let seat = |bot: String, score, rank, fuel, max_move_fuel| SeatRecord {
            bot,
            team: None,
            score,
            rank,
            fuel,
            max_move_fuel,
        };
        Ok(GameRow {
            game_id: self.game_id,
            series_id: self.series_id,
            round: self.round,
            game_index: self.game_index,
            board_index: self.board_index,
            board_seed: self.board_seed,
            rows: self.rows,
            cols: self.cols,
            seats: vec![
                seat(
                    self.first,
                    Score::int(self.first_score),
                    ranks[0],
                    self.first_fuel,
                    self.first_max_move_fuel,
                ),
                seat(
                    self.second,
                    Score::int(self.second_score),
                    ranks[1],
                    self.second_fuel,
                    self.second_max_move_fuel,
                ),
            ],
            end: self.end,
            culprit,
            reason: self.reason,
            moves: self.moves,
        })
    }
}

#[cfg(test)]
mod tests;
