//! A game's JSON object, a line of `games.jsonl` (see the parent module).

use serde::{Serialize, Serializer};

use crate::record::{EndKind, GameRow};

/// A game's JSON object (a line of `games.jsonl`).
#[derive(Serialize)]
struct SeatsJson<'a> {
    game_id: u64,
    series_id: u64,
    round: u32,
    game_index: u32,
    board_index: u32,
    board_seed: u64,
    rows: u32,
    cols: u32,
    seats: Vec<SeatJson<'a>>,
    end: EndKind,
    /// The seat number (from 1).
    culprit: Option<usize>,
    reason: &'a str,
    moves: u32,
}

/// One seat of [`SeatsJson`].
#[derive(Serialize)]
struct SeatJson<'a> {
    bot: &'a str,
    team: Option<u32>,
    /// An integer as a number, a fraction as its text (`"1/3"`).
    score: serde_json::Value,
    rank: u32,
    fuel: u64,
    max_move_fuel: u64,
}

/// A game serialises as its JSON object: `games.csv`'s game columns by name, with a
/// `seats` array of each seat's columns.
impl Serialize for GameRow {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        SeatsJson {
            game_id: self.game_id,
            series_id: self.series_id,
            round: self.round,
            game_index: self.game_index,
            board_index: self.board_index,
            board_seed: self.board_seed,
            rows: self.rows,
            cols: self.cols,
            seats: self
                .seats
                .iter()
                .map(|s| SeatJson {
                    bot: &s.bot,
                    team: s.team,
                    score: if s.score.is_integer() {
                        s.score.numerator().into()
                    } else {
                        s.score.to_string().into()
                    },
                    rank: s.rank,
                    fuel: s.fuel,
                    max_move_fuel: s.max_move_fuel,
                })
                .collect(),
            end: self.end,
            culprit: self.culprit.map(|c| c + 1),
            reason: &self.reason,
            moves: self.moves,
        }
        .serialize(serializer)
    }
}
