//! The recorded rows of `games.csv`, checked: against the schedule, for consistency
//! (winner, culprit, disqualifications), and series by series.

use std::collections::HashMap;
use std::path::Path;

use crate::output::games_csv::{self, GameRow};
use crate::output::OutputError;
use crate::record::{EndKind, ResultCode};
use crate::series::{Side, Tally};

use crate::schedule::{GamePlan, Schedule, SeriesPlan};

/// The rows a previous, interrupted run of the same tournament left, by game id, each
/// checked against the schedule.
pub(super) fn previous_rows(
    dir: &Path,
    schedule: &Schedule,
    plans: &[SeriesPlan],
    disqualified: &[Option<String>],
    repair: bool,
) -> Result<HashMap<u64, GameRow>, OutputError> {
    let path = dir.join(games_csv::FILE);
    let max_games = schedule.rules.max_games() as u64;
    let mut done = HashMap::new();
    for row in games_csv::read_rows(dir, repair)? {
        let plan = plans
            .get((row.game_id.saturating_sub(1) / max_games) as usize)
            .filter(|p| p.id == row.series_id);
        let expected = plan.map(|p| {
            let g = schedule.game(p, row.game_index);
            let names = first_second(schedule, p, &g);
            (g, p.round, names)
        });
        let matches = expected.as_ref().is_some_and(|(g, round, names)| {
            g.id == row.game_id
                && g.board_seed == row.board_seed
                && g.board_index == row.board_index
                && g.size == [row.rows, row.cols]
                && *round == row.round
                && row.seats.len() == 2
                && names[0] == row.bot(0)
                && names[1] == row.bot(1)
        });
        let corrupt = |why: &str| {
            OutputError::corrupt(&path, format!("the row of game {}: {why}", row.game_id))
        };
        if !matches {
            return Err(corrupt("does not belong to this tournament's schedule"));
        }
        if let Some(why) = row_inconsistency(&row, schedule, disqualified) {
            return Err(corrupt(&why));
        }
        if done.insert(row.game_id, row.clone()).is_some() {
            return Err(corrupt("recorded twice"));
        }
    }
    Ok(done)
}

/// Why a row (already matched to the schedule) cannot be what arena wrote, if it cannot:
/// the winner must follow from the result, an abnormal end must name a culprit who lost
/// (a bot the manifest disqualified, for `disqualified`), and a game of a disqualified bot
/// must end `disqualified`.
fn row_inconsistency(
    row: &GameRow,
    schedule: &Schedule,
    disqualified: &[Option<String>],
) -> Option<String> {
    let dq = |name: &str| {
        schedule
            .names
            .iter()
            .position(|n| n == name)
            .is_some_and(|i| disqualified.get(i).is_some_and(Option::is_some))
    };
    // The winner agreeing with the result and the culprit being a seat were checked when
    // the row was read (`record::columns`).
    let seats_dq = [dq(row.bot(0)), dq(row.bot(1))];
    match row.end {
        EndKind::Normal => {
            if row.culprit.is_some() || !row.reason.is_empty() {
                return Some("a normal end with a culprit or a reason".into());
            }
            if let Some(i) = seats_dq.iter().position(|&d| d) {
                let name = row.bot(i);
                return Some(format!(
                    "`{name}` is disqualified in tournament.json but played this game"
                ));
            }
        }
        end => {
            let both = seats_dq[0] && seats_dq[1];
            if end == EndKind::Disqualified && both {
                if row.culprit.is_some() || row.result() != ResultCode::Draw {
                    return Some(
                        "a game of two disqualified bots must be a draw without a culprit".into(),
                    );
                }
                return None;
            }
            let Some(seat) = row.culprit else {
                return Some(format!(
                    "the end `{end}` needs a culprit, one of the two bots"
                ));
            };
            let culprit = row.bot(seat);
            if row.winner().is_none_or(|w| w == seat) {
                return Some(format!("the culprit `{culprit}` must lose the game"));
            }
            if end == EndKind::Disqualified && !seats_dq[seat] {
                return Some(format!(
                    "`{culprit}` forfeited as disqualified, but tournament.json does not disqualify it"
                ));
            }
            if end != EndKind::Disqualified && seats_dq.iter().any(|&d| d) {
                return Some(format!(
                    "a game of a disqualified bot ended `{end}`, not `disqualified`"
                ));
            }
        }
    }
    None
}

/// Checks that every series' rows are its games from the first, in order, and that none
/// was played after the series was decided (unless `play_all`).
pub(super) fn check_series_rows(
    dir: &Path,
    schedule: &Schedule,
    plans: &[SeriesPlan],
    rows: &[GameRow],
) -> Result<(), OutputError> {
    let path = dir.join(games_csv::FILE);
    let mut by_series: HashMap<u64, Vec<&GameRow>> = HashMap::new();
    for row in rows {
        by_series.entry(row.series_id).or_default().push(row);
    }
    for plan in plans {
        let mut tally = Tally::default();
        let games = by_series.get(&plan.id).map(Vec::as_slice).unwrap_or(&[]);
        for (i, row) in games.iter().enumerate() {
            if row.game_index as usize != i {
                return Err(OutputError::corrupt(
                    &path,
                    format!(
                        "series {}: game {} of the series is missing",
                        plan.id,
                        i + 1
                    ),
                ));
            }
            if schedule.rules.is_over(&tally) {
                return Err(OutputError::corrupt(
                    &path,
                    format!(
                        "the row of game {}: series {} was already decided",
                        row.game_id, plan.id
                    ),
                ));
            }
            let game = schedule.game(plan, row.game_index);
            tally.add(game.first, row.result().outcome());
        }
    }
    Ok(())
}

/// The names of the first and second mover of a planned game.
pub(super) fn first_second(schedule: &Schedule, plan: &SeriesPlan, game: &GamePlan) -> [String; 2] {
    let (a, b) = (&schedule.names[plan.a], &schedule.names[plan.b]);
    match game.first {
        Side::A => [a.clone(), b.clone()],
        Side::B => [b.clone(), a.clone()],
    }
}
