//! The summary files, written from the recorded rows: at the end of a run, and again by
//! `arena standings` without replaying anything.

use std::collections::HashMap;
use std::path::Path;

use crate::output::manifest::Manifest;
use crate::output::replay_store::Store;
use crate::output::{fairness_csv, write_summary_files, OutputError, Results};
use crate::ratings;
use crate::record::GameRow;
use crate::rng_size::SizeRange;
use crate::seeds::derive;
use crate::series::{SeriesRules, Tally};

use super::rows::{check_series_rows, previous_rows};
use super::{Reporting, Summary, TournamentError};
use crate::schedule::{Schedule, SeriesPlan};
use crate::sequential;
use crate::sprt_settings::SprtSettings;
use crate::standings::{self, SeriesOutcome};

/// Computes the series, standings and ratings from the rows and writes every summary
/// output ([`crate::output::SUMMARY_WRITERS`], stage by stage: `games.csv` sorted,
/// `series.csv`, the ratings, standings, cross-table, fairness and grades, and the page,
/// drawn from the replays of the store that `store` folds or opens, beside the
/// computation).
///
/// # Errors
/// [`OutputError`]: the store's first, then the computation's, then the writers'; no
/// summary file is written when the store or the computation fails.
pub fn write_summaries(
    dir: &Path,
    schedule: &Schedule,
    plans: &[SeriesPlan],
    disqualified: &[Option<String>],
    rows: &[GameRow],
    store: impl FnOnce() -> Result<Store, OutputError> + Send,
    reporting: &Reporting,
) -> Result<Summary, OutputError> {
    let (store, computed) = rayon::join(store, || {
        standings_of(dir, schedule, plans, disqualified, rows, reporting)
    });
    let store = store?;
    let Computed {
        series,
        table,
        anchor,
        ratings,
        sequential,
    } = computed?;
    let results = Results {
        names: &schedule.names,
        rows,
        series: &series,
        paired: schedule.rules.paired(),
        standings: &table,
        ratings: ratings.as_ref(),
        roster: reporting.roster.as_ref(),
        bands: reporting.bands.as_ref(),
        anchor: anchor.map(|i| schedule.names[i].as_str()),
        unplayable: &reporting.unplayable,
        store: &store,
        sequential: schedule.sprt.as_ref().zip(sequential.as_ref()),
    };
    write_summary_files(dir, &results)?;
    let first_mover = fairness_csv::first_mover_records(rows)
        .get(&None)
        .copied()
        .unwrap_or_default();
    Ok(Summary {
        standings: table,
        played_now: 0,
        kept: 0,
        replays_missing: 0,
        leftovers_removed: 0,
        games: rows.len() as u64,
        first_mover,
        series,
        names: schedule.names.clone(),
        sequential,
    })
}

/// What the summaries are written from, computed from the rows alone.
struct Computed {
    series: Vec<SeriesOutcome>,
    table: Vec<crate::standings::Standing>,
    anchor: Option<usize>,
    ratings: Option<ratings::FieldRatings>,
    sequential: Option<crate::sequential::Walk>,
}

/// The series, the standings and the ratings of `rows` (the anchor checked first).
fn standings_of(
    dir: &Path,
    schedule: &Schedule,
    plans: &[SeriesPlan],
    disqualified: &[Option<String>],
    rows: &[GameRow],
    reporting: &Reporting,
) -> Result<Computed, OutputError> {
    let anchor = reporting.anchor_index(dir, &schedule.names)?;
    let series: Vec<SeriesOutcome> =
        standings::series_outcomes(plans, schedule.rules, &schedule.names, rows);
    let mut table = standings::standings(
        &schedule.names,
        &schedule.references,
        disqualified,
        &series,
        rows,
    );
    let seed = derive(schedule.seed, "ratings", &[]);
    let ratings = ratings::rate(&schedule.names, rows, seed, anchor, schedule.rules.paired());
    if let Some(r) = &ratings {
        for s in &mut table {
            let i = schedule
                .names
                .iter()
                .position(|n| n == &s.name)
                .expect("a scheduled bot");
            s.rating = Some([r.elo[i], r.intervals[i].low, r.intervals[i].high]);
        }
    }
    let sequential = match schedule.sprt {
        Some(settings) => {
            let test = settings.test().map_err(|e| {
                OutputError::corrupt(&dir.join(crate::output::manifest::FILE), e.to_string())
            })?;
            let by_id = series.iter().map(|o| (o.plan.id, o)).collect();
            Some(crate::sequential::walk(
                &test,
                schedule.rules,
                plans,
                &schedule.references,
                &by_id,
            ))
        }
        None => None,
    };
    Ok(Computed {
        series,
        table,
        anchor,
        ratings,
        sequential,
    })
}

/// Recomputes `games.csv` (sorted), `series.csv` and `standings.csv` of a results folder
/// from its manifest and recorded games alone, without playing anything.
///
/// # Errors
/// [`TournamentError`] when the folder has no manifest, or its files are corrupt.
pub fn recompute(dir: &Path, reporting: &Reporting) -> Result<Summary, TournamentError> {
    let manifest = Manifest::read(dir)?.ok_or_else(|| {
        OutputError::corrupt(
            &dir.join(crate::output::manifest::FILE),
            "missing: not a results folder",
        )
    })?;
    let rules =
        SeriesRules::new(manifest.best_of, manifest.paired, manifest.play_all).map_err(|e| {
            OutputError::corrupt(&dir.join(crate::output::manifest::FILE), e.to_string())
        })?;
    let mut bots = manifest.bots.clone();
    bots.sort_by(|a, b| a.name.cmp(&b.name));
    let names: Vec<String> = bots.iter().map(|b| b.name.clone()).collect();
    let references: Vec<bool> = bots.iter().map(|b| b.reference).collect();
    let schedule = Schedule {
        seed: manifest.seed,
        rules,
        rounds: manifest.rounds,
        rows: SizeRange {
            min: manifest.rows[0],
            max: manifest.rows[1],
        },
        cols: SizeRange {
            min: manifest.cols[0],
            max: manifest.cols[1],
        },
        options: manifest.options.clone(),
        names,
        references,
        sprt: manifest.sprt,
    };
    let plans = schedule.series();
    let disqualified: Vec<Option<String>> = bots.iter().map(|b| b.disqualified.clone()).collect();
    let mut rows: Vec<GameRow> = previous_rows(dir, &schedule, &plans, &disqualified, false)?
        .into_values()
        .collect();
    rows.sort_by_key(|r| r.game_id);
    if let Some(settings) = manifest.sprt {
        check_sequential(dir, &schedule, &plans, &rows, &settings)?;
    } else {
        check_every_series(&schedule, &plans, &rows)?;
    }
    check_series_rows(dir, &schedule, &plans, &rows)?;
    Ok(write_summaries(
        dir,
        &schedule,
        &plans,
        &disqualified,
        &rows,
        || Store::open(dir),
        reporting,
    )?)
}

/// Refuses an unfinished tournament: every series of the schedule must be over.
fn check_every_series(
    schedule: &Schedule,
    plans: &[SeriesPlan],
    rows: &[GameRow],
) -> Result<(), TournamentError> {
    let rules = schedule.rules;
    // Summaries of an unfinished run would score half-played series: refuse instead.
    let mut by_series: HashMap<u64, Vec<&GameRow>> = HashMap::new();
    for row in rows {
        by_series.entry(row.series_id).or_default().push(row);
    }
    let unfinished: Vec<u64> = plans
        .iter()
        .filter(|plan| {
            let played = by_series.get(&plan.id).into_iter().flatten().copied();
            !rules.is_over(&Tally::of_rows(&schedule.names[plan.a], played))
        })
        .map(|plan| plan.id)
        .collect();
    if let Some(&first_unfinished) = unfinished.first() {
        return Err(TournamentError::Incomplete {
            finished: plans.len() - unfinished.len(),
            total: plans.len(),
            first_unfinished,
        });
    }
    Ok(())
}

/// Refuses a run under a sequential test that has not finished (a pair undecided with
/// rounds left), and rows of series played after their pair was decided (a run ends
/// without them: they are not what arena writes).
fn check_sequential(
    dir: &Path,
    schedule: &Schedule,
    plans: &[SeriesPlan],
    rows: &[GameRow],
    settings: &SprtSettings,
) -> Result<(), TournamentError> {
    let test = settings.test()?;
    let outcomes = standings::series_outcomes(plans, schedule.rules, &schedule.names, rows);
    let by_id = outcomes.iter().map(|o| (o.plan.id, o)).collect();
    let state = sequential::walk(&test, schedule.rules, plans, &schedule.references, &by_id);
    if let Some(&series) = state.unneeded.first() {
        return Err(OutputError::corrupt(
            &dir.join(crate::output::games_csv::FILE),
            format!(
                "series {series} is recorded, but its pair's sequential test was decided before it"
            ),
        )
        .into());
    }
    if let Some(first) = state.open.first().and_then(|o| o.first()) {
        let open: usize = state.open.iter().map(Vec::len).sum();
        return Err(TournamentError::Incomplete {
            finished: state.needed.len() - open,
            total: state.needed.len(),
            first_unfinished: first.id,
        });
    }
    Ok(())
}
