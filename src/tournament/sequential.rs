//! The run of a gauntlet under a sequential test (`--sprt`): waves of series, each pair's
//! next rounds, until every pair is decided or out of rounds (`crate::sequential`).
//!
//! A wave plays, for every undecided pair, its next unfinished series and, when there are
//! few such pairs, a few more rounds ahead so that every worker has work (about two series
//! per thread in all). Between waves the tests are fed the finished series in round order,
//! so a series played ahead of a decision is simply not counted: its rows and replays are
//! dropped when the run ends. Which series count depends on the results alone, never on
//! the threads or the timing.

use std::collections::{BTreeMap, HashSet};

use arena_ratings::Sprt;
use rayon::prelude::*;

use super::play::RunContext;
use super::{play_order, Played};
use crate::record::GameRow;
use crate::schedule::SeriesPlan;
use crate::sequential::{next_series, walk};
use crate::standings::series_outcomes;

/// Plays the series of `plans` wave by wave under `test`; the rows returned are those of
/// the series the tests needed (the kept ones of a previous run included), and the ids
/// of the games played that they did not need.
pub(super) fn play(
    ctx: &RunContext<'_>,
    pool: &rayon::ThreadPool,
    plans: &[SeriesPlan],
    test: &Sprt,
) -> Played {
    let schedule = ctx.schedule;
    let rules = schedule.rules;
    let mut rows: BTreeMap<u64, GameRow> =
        ctx.done.iter().map(|(id, r)| (*id, r.clone())).collect();
    let mut played_now = 0;
    let mut skipped_series = 0u64;
    let threads = pool.current_num_threads().max(1);
    loop {
        let all: Vec<GameRow> = rows.values().cloned().collect();
        let outcomes = series_outcomes(plans, rules, &schedule.names, &all);
        let by_id = outcomes.iter().map(|o| (o.plan.id, o)).collect();
        let state = walk(test, rules, plans, &schedule.references, &by_id);
        ctx.progress.sequential(&schedule.names, &state.pairs);
        // The series no test will play any more, as the progress bar's total sees them.
        let recorded: HashSet<u64> = all.iter().map(|r| r.series_id).collect();
        let needed: HashSet<u64> = state.needed.iter().copied().collect();
        let dropped = plans
            .iter()
            .filter(|p| !recorded.contains(&p.id) && !needed.contains(&p.id))
            .count() as u64;
        if dropped > skipped_series {
            ctx.progress
                .skip((dropped - skipped_series) * u64::from(rules.max_games()));
            skipped_series = dropped;
        }
        let depth = (2 * threads).div_ceil(state.open.len().max(1));
        let batch = next_series(&state, depth);
        if batch.is_empty() || ctx.halt.is_raised() {
            let (kept, unneeded): (Vec<GameRow>, Vec<GameRow>) = rows
                .into_values()
                .partition(|r| needed.contains(&r.series_id));
            return Played {
                rows: kept,
                played_now,
                interrupted: !batch.is_empty(),
                unneeded: unneeded.iter().map(|r| r.game_id).collect(),
            };
        }
        let order = play_order::by_tiles(&batch, 2, |p| play_order::Seated {
            bots: vec![p.a, p.b],
            round: p.round,
            id: p.id,
        });
        let results: Vec<(Vec<GameRow>, u64, bool)> =
            pool.install(|| order.par_iter().map(|plan| ctx.play_series(plan)).collect());
        let mut interrupted = false;
        for (series_rows, n, stopped) in results {
            played_now += n;
            interrupted |= stopped;
            for row in series_rows {
                rows.insert(row.game_id, row);
            }
        }
        if interrupted {
            return Played {
                rows: rows.into_values().collect(),
                played_now,
                interrupted: true,
                unneeded: Vec::new(),
            };
        }
    }
}
