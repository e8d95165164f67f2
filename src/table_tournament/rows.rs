//! The recorded rows of a table tournament's `games.csv`, each checked against the
//! schedule (game id, series, round, board, bots by seat) and for consistency (ranks, a
//! culprit for every abnormal end, disqualified bots forfeiting).

use std::collections::HashMap;
use std::path::Path;

use arena_games::game::are_competition_ranks;

use super::schedule::{TableSchedule, TableSeries};
use crate::output::games_csv::{self, GameRow};
use crate::output::OutputError;
use crate::record::EndKind;

/// The rows recorded in `dir`, by game id, each checked (`repair` mends a line a killed
/// run left half-written, as a two-seat run does).
pub(super) fn previous_rows(
    dir: &Path,
    schedule: &TableSchedule,
    series: &[TableSeries],
    disqualified: &[bool],
    repair: bool,
) -> Result<HashMap<u64, GameRow>, OutputError> {
    let path = dir.join(games_csv::FILE);
    let per = schedule.seatings_per_table();
    let mut done = HashMap::new();
    for row in games_csv::read_rows(dir, repair)? {
        let corrupt = |why: &str| {
            OutputError::corrupt(&path, format!("the row of game {}: {why}", row.game_id))
        };
        let index = row.game_id.saturating_sub(1) % per;
        let plan = series
            .get((row.game_id.saturating_sub(1) / per) as usize)
            .filter(|s| s.id == row.series_id && s.round == row.round)
            .map(|s| schedule.game(s, index as u32));
        let belongs = plan.as_ref().is_some_and(|g| {
            g.id == row.game_id
                && u64::from(row.game_index) == index
                && row.board_index == g.board
                && g.board_seed == row.board_seed
                && g.size == [row.rows, row.cols]
                && row.seats.len() == g.seats.len()
                && row
                    .seats
                    .iter()
                    .zip(&g.seats)
                    .all(|(s, &bot)| s.bot == schedule.names[bot])
        });
        if !belongs {
            return Err(corrupt("does not belong to this tournament's schedule"));
        }
        let seats = plan.expect("checked").seats;
        if let Some(why) = inconsistency(&row, &seats, schedule, disqualified) {
            return Err(corrupt(&why));
        }
        if done.insert(row.game_id, row.clone()).is_some() {
            return Err(corrupt("recorded twice"));
        }
    }
    Ok(done)
}

/// What is wrong with a row whose bots are `seats` (indices into the field), if anything.
fn inconsistency(
    row: &GameRow,
    seats: &[usize],
    schedule: &TableSchedule,
    disqualified: &[bool],
) -> Option<String> {
    let ranks: Vec<u32> = row.seats.iter().map(|s| s.rank).collect();
    if !are_competition_ranks(&ranks) {
        return Some(format!("the ranks {ranks:?} are not a competition ranking"));
    }
    let dq: Vec<bool> = seats.iter().map(|&b| disqualified[b]).collect();
    match (row.end, row.culprit) {
        (EndKind::Normal, None) => dq.iter().position(|&d| d).map(|i| {
            format!(
                "`{}` is disqualified in tournament.json but played this game",
                schedule.names[seats[i]]
            )
        }),
        (EndKind::Normal, Some(_)) => Some("a normal end with a culprit".into()),
        (EndKind::Disqualified, None) => (!dq.iter().all(|&d| d) || ranks.iter().any(|&r| r != 1))
            .then(|| "a game nobody played needs every bot disqualified and ranked 1".into()),
        (end, None) => Some(format!("the end `{end}` needs a culprit seat")),
        (end, Some(seat)) => {
            let culprit = &schedule.names[seats[seat]];
            if ranks[seat] == 1 && ranks.len() > 1 {
                return Some(format!("the culprit `{culprit}` must lose the game"));
            }
            if (end == EndKind::Disqualified) != dq[seat] {
                return Some(format!(
                    "`{culprit}` ended the game `{end}`, which disagrees with tournament.json's disqualifications"
                ));
            }
            if end != EndKind::Disqualified && dq.iter().any(|&d| d) {
                return Some(format!(
                    "a game of a disqualified bot ended `{end}`, not `disqualified`"
                ));
            }
            None
        }
    }
}
