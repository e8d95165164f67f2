//! How a [`GameRow`] is laid out in `games.csv` and `games.jsonl`, and read back.
//!
//! One layout for every seat count (docs/RESULTS.md, `games.csv`): the game's columns
//! (`game_id` … `cols`), a `seats` column (the game's seat count), then per seat
//! `seatK_bot`, `seatK_team`, `seatK_score`, `seatK_rank`, `seatK_fuel`,
//! `seatK_max_move_fuel` for K = 1..N (N the most seats of any game in the file; a game
//! with fewer leaves the rest empty), then `end`, `culprit` (a seat number), `reason` and
//! `moves`. A JSON line holds the same fields with a `seats` array.
//!
//! The two-seat columns of results format 1 (`first`, `second`, `result`, `winner`) are
//! recognised only to refuse them by name ([`ColumnsError::FormerLayout`]).

use csv::StringRecord;
use thiserror::Error;

use super::GameRow;

mod json;
mod seats;

use seats::parse_seats;

/// The columns before the seats.
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

/// The columns after the seats.
const TAIL: [&str; 4] = ["end", "culprit", "reason", "moves"];

/// Each seat's columns, after the `seatK_` prefix.
const SEAT: [&str; 6] = ["bot", "team", "score", "rank", "fuel", "max_move_fuel"];

/// Why a row cannot be laid out or read back.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ColumnsError {
    /// The header is not the games' header.
    #[error("the header has no `seats` column")]
    UnknownHeader,
    /// The header is results format 1's two-seat layout.
    #[error(
        "the header has the two-seat columns of results format 1 (`first`, `second`, \
         `result`): this arena reads the one layout of format 2; run the tournament again \
         into a new folder"
    )]
    FormerLayout,
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
    /// The seats' ranks are not the competition ranks of any result (teammates share
    /// theirs).
    #[error("the ranks {0} are not competition ranks")]
    Ranks(String),
    /// A seat number out of the game's seats.
    #[error("the culprit seat {0} is not one of the game's seats")]
    CulpritSeat(usize),
    /// The row has more seats than the file's columns hold.
    #[error("game {game_id} has {seats} seats, more than the file's columns hold")]
    Misfit {
        /// The game.
        game_id: u64,
        /// Its seat count.
        seats: usize,
    },
}

/// Which columns a file holds: the columns of this many seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout(pub usize);

impl Layout {
    /// The layout that holds `rows`: the columns of the most seats of any game.
    pub fn of(rows: &[GameRow]) -> Layout {
        Layout(rows.iter().map(|r| r.seats.len()).max().unwrap_or(0))
    }

    /// The layout a file's header names.
    ///
    /// # Errors
    /// [`ColumnsError::FormerLayout`] for format 1's two-seat header,
    /// [`ColumnsError::UnknownHeader`] for any other without a `seats` column.
    pub fn from_header(header: &StringRecord) -> Result<Layout, ColumnsError> {
        if header.iter().any(|h| h == "seats") {
            let n = (1..)
                .take_while(|k| header.iter().any(|h| h == format!("seat{k}_bot")))
                .count();
            Ok(Layout(n))
        } else if header.iter().any(|h| h == "first") {
            Err(ColumnsError::FormerLayout)
        } else {
            Err(ColumnsError::UnknownHeader)
        }
    }

    /// The header's columns.
    pub fn header(self) -> Vec<String> {
        let mut h: Vec<String> = LEAD.iter().map(|s| s.to_string()).collect();
        h.push("seats".into());
        for k in 1..=self.0 {
            h.extend(SEAT.iter().map(|c| format!("seat{k}_{c}")));
        }
        h.extend(TAIL.iter().map(|s| s.to_string()));
        h
    }

    /// The fields of `row` under this layout, in header order.
    ///
    /// # Errors
    /// [`ColumnsError::Misfit`] when the row has more seats than the layout.
    pub fn fields(self, row: &GameRow) -> Result<Vec<String>, ColumnsError> {
        if row.seats.len() > self.0 {
            return Err(ColumnsError::Misfit {
                game_id: row.game_id,
                seats: row.seats.len(),
            });
        }
        let mut f = vec![
            row.game_id.to_string(),
            row.series_id.to_string(),
            row.round.to_string(),
            row.game_index.to_string(),
            row.board_index.to_string(),
            row.board_seed.to_string(),
            row.rows.to_string(),
            row.cols.to_string(),
            row.seats.len().to_string(),
        ];
        for k in 0..self.0 {
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

    /// Reads one record of a file whose header is `header`.
    ///
    /// # Errors
    /// [`ColumnsError`] naming the column or the inconsistency.
    pub fn parse(
        self,
        header: &StringRecord,
        record: &StringRecord,
    ) -> Result<GameRow, ColumnsError> {
        parse_seats(self.0, header, record)
    }
}

#[cfg(test)]
mod tests;
