//! Reading a record of the seats layout back (see the parent module).

use csv::StringRecord;

use super::ColumnsError;
use crate::record::{EndKind, GameRow, SeatRecord};

/// A seats-layout record read back.
pub(super) fn parse_seats(
    n: usize,
    header: &StringRecord,
    record: &StringRecord,
) -> Result<GameRow, ColumnsError> {
    let get = |column: &str| -> Result<&str, ColumnsError> {
        header
            .iter()
            .position(|h| h == column)
            .map(|i| record.get(i).unwrap_or(""))
            .ok_or_else(|| ColumnsError::MissingColumn(column.to_string()))
    };
    fn num<T: std::str::FromStr>(column: &str, text: &str) -> Result<T, ColumnsError> {
        text.parse().map_err(|_| ColumnsError::BadField {
            column: column.to_string(),
            text: text.to_string(),
            expected: "a number",
        })
    }
    let field = |column: &str| -> Result<u64, ColumnsError> { num(column, get(column)?) };
    let seats: usize = num("seats", get("seats")?)?;
    if seats > n {
        return Err(ColumnsError::BadField {
            column: "seats".into(),
            text: seats.to_string(),
            expected: "at most the file's seat columns",
        });
    }
    let mut list = Vec::with_capacity(seats);
    for k in 1..=seats {
        let col = |c: &str| format!("seat{k}_{c}");
        let team = get(&col("team"))?;
        list.push(SeatRecord {
            bot: get(&col("bot"))?.to_string(),
            team: if team.is_empty() {
                None
            } else {
                Some(num(&col("team"), team)?)
            },
            score: num(&col("score"), get(&col("score"))?)?,
            rank: num(&col("rank"), get(&col("rank"))?)?,
            fuel: num(&col("fuel"), get(&col("fuel"))?)?,
            max_move_fuel: num(&col("max_move_fuel"), get(&col("max_move_fuel"))?)?,
        });
    }
    let ranks: Vec<u32> = list.iter().map(|s| s.rank).collect();
    let teams: Vec<Option<u32>> = list.iter().map(|s| s.team).collect();
    let reversed: Vec<std::cmp::Reverse<u32>> =
        ranks.iter().map(|&r| std::cmp::Reverse(r)).collect();
    if crate::record::rank::team_ranks(&reversed, &teams) != ranks {
        return Err(ColumnsError::Ranks(
            ranks
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", "),
        ));
    }
    let end_text = get("end")?;
    let end: EndKind = end_text.parse().map_err(|_| ColumnsError::BadField {
        column: "end".into(),
        text: end_text.to_string(),
        expected: "an end",
    })?;
    let culprit = match get("culprit")? {
        "" => None,
        text => {
            let seat: usize = num("culprit", text)?;
            if seat == 0 || seat > seats {
                return Err(ColumnsError::CulpritSeat(seat));
            }
            Some(seat - 1)
        }
    };
    Ok(GameRow {
        game_id: field("game_id")?,
        series_id: field("series_id")?,
        round: num("round", get("round")?)?,
        game_index: num("game_index", get("game_index")?)?,
        board_index: num("board_index", get("board_index")?)?,
        board_seed: field("board_seed")?,
        rows: num("rows", get("rows")?)?,
        cols: num("cols", get("cols")?)?,
        seats: list,
        end,
        culprit,
        reason: get("reason")?.to_string(),
        moves: num("moves", get("moves")?)?,
    })
}
