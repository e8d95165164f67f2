//! The tournament of the table model: games of one to four seats, with roles, teams and
//! hidden information.
//!
//! The same results folder as a two-seat tournament (`tournament.json`, `games.csv` in
//! the seats layout, the replay store, the summaries), the same guarantees: every seed
//! from the tournament seed and the game's identity ([`schedule`]), series in parallel
//! with results independent of the thread count, each game's replay then its row
//! appended as it finishes, `--resume` after any interruption ending byte-identical.

mod play;
mod rows;
pub mod schedule;
pub mod secret;
mod summaries;

pub use summaries::{recompute, write_summaries};

use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Mutex;

use arena_games::registry::TableKind;
use rayon::prelude::*;

use crate::field::Participant;
use crate::output::games_csv::{self, GameLog, GameRow};
use crate::output::manifest::{BotEntry, Manifest, SkippedEntry, FORMAT};
use crate::output::replay_store::{self, Journals};
use crate::rng_size::SizeRange;
use crate::schedule::Shard;
use crate::series::{Length, Series, SeriesRules, Side};
use crate::tournament::merge::{combine, staged, unfinished, MergeError};
use crate::tournament::play_order;
use crate::tournament::{
    check_shard_rows, drop_rows_without_replays, fold_if_stopped, prepare, ready_workers,
    worker_pool, Halt, Progress, Reporting, TournamentError,
};
use play::TableRun;
use schedule::{TableSchedule, TableSeries};

/// A validated table tournament configuration.
pub struct TableConfig {
    /// The game.
    pub game: &'static dyn TableKind,
    /// Seats at every table.
    pub seats: u8,
    /// Rows to draw board sizes from.
    pub rows: SizeRange,
    /// Columns to draw board sizes from.
    pub cols: SizeRange,
    /// Every order of a table's bots instead of its rotations.
    /// For a table of two, its series policy (see [`schedule::TableSchedule::rules`]).
    pub rules: Option<SeriesRules>,
    pub every_order: bool,
    /// Boards per table.
    pub rounds: u32,
    /// The tournament seed.
    pub seed: u64,
    /// Worker threads (at least 1).
    pub threads: usize,
    /// The results folder.
    pub out: PathBuf,
    /// Continue the tournament already in `out`.
    pub resume: bool,
    /// Game-specific options (`players` included).
    pub options: BTreeMap<String, String>,
    /// Depth of builtin search strategies, if set.
    pub depth: Option<u32>,
    /// The sandbox limits as recorded in the manifest.
    pub limits: serde_json::Value,
    /// Native stack size of the worker threads, in bytes.
    pub thread_stack: usize,
    /// Roster and grade bands for the derived files.
    pub reporting: Reporting,
    /// The entries handed in that are not in the field, for the manifest.
    pub skipped: Vec<SkippedEntry>,
    /// Play only this part of the schedule (`--shard I/N`); `arena merge` combines parts.
    pub shard: Option<Shard>,
    /// The secret hidden setup is dealt under, when given (`--secret`); `None` takes the
    /// folder's on `--resume` and draws a fresh one otherwise ([`secret::secret_for`]).
    pub secret: Option<crate::seeds::Secret>,
}

/// What a finished table tournament produced.
#[derive(Debug)]
pub struct TableSummary {
    /// The standings (`None` for a part of a sharded tournament: its games wait for
    /// `arena merge`).
    pub standings: Option<crate::table_stats::TableStandings>,
    /// Every game, in game-id order.
    pub rows: Vec<GameRow>,
    /// Games played in this invocation.
    pub played_now: u64,
    /// Games of a previous run kept by `--resume`.
    pub kept: u64,
    /// Recorded games whose replay was missing: played again.
    pub replays_missing: u64,
    /// Temporary files a killed run left behind, removed by `--resume`.
    pub leftovers_removed: usize,
    /// The bots in schedule (name) order.
    pub names: Vec<String>,
}

/// The manifest of a table tournament, dealt under `secret` (see [`secret::secret_for`]).
pub fn manifest(
    config: &TableConfig,
    field: &[Participant],
    secret: Option<crate::seeds::Secret>,
) -> Manifest {
    Manifest {
        format: FORMAT,
        arena_version: env!("CARGO_PKG_VERSION").to_string(),
        game: config.game.info().name.to_string(),
        seed: config.seed,
        rows: [config.rows.min, config.rows.max],
        cols: [config.cols.min, config.cols.max],
        best_of: config.rules.map_or(1, |r| r.best_of()),
        paired: config.rules.map_or(config.every_order, |r| r.paired()),
        play_all: config.rules.is_none_or(|r| r.play_all()),
        rounds: config.rounds,
        options: config.options.clone(),
        depth: config.depth,
        limits: config.limits.clone(),
        bots: field
            .iter()
            .map(|p| BotEntry {
                name: p.name.clone(),
                source: p.source.clone(),
                sha256: p.sha256.clone(),
                reference: p.reference,
                disqualified: p.disqualified.clone(),
                lms: p.lms.clone(),
            })
            .collect(),
        skipped: config.skipped.clone(),
        shard: config.shard,
        seats: Some(config.seats),
        grading: config.reporting.record(),
        sprt: None,
        secret,
    }
}

/// The schedule a manifest of a table tournament stands for.
pub fn schedule_of(manifest: &Manifest, seats: u8) -> TableSchedule {
    TableSchedule {
        root: crate::seeds::Root {
            seed: manifest.seed,
            secret: manifest.secret.clone(),
        },
        seats: usize::from(seats),
        rounds: manifest.rounds,
        every_order: manifest.paired,
        rows: SizeRange {
            min: manifest.rows[0],
            max: manifest.rows[1],
        },
        cols: SizeRange {
            min: manifest.cols[0],
            max: manifest.cols[1],
        },
        options: manifest.options.clone(),
        names: manifest.bots.iter().map(|b| b.name.clone()).collect(),
        references: manifest.bots.iter().map(|b| b.reference).collect(),
        rules: rules_of(manifest, seats),
    }
}

/// The series policy a manifest of a table tournament records: for a table of two its
/// `best_of`, `paired` and `play_all`; none for any other seat count (or a `best_of` no
/// series has, which [`check_manifest`] refuses).
pub fn rules_of(manifest: &Manifest, seats: u8) -> Option<SeriesRules> {
    (seats == 2)
        .then(|| SeriesRules::new(manifest.best_of, manifest.paired, manifest.play_all).ok())
        .flatten()
}

/// Checks what a table tournament's manifest (in `dir`) says of its game against the
/// game itself: its options make a game at both extreme sizes, and its `seats` is the
/// seat count they give. A results folder is read back (`verify`, `standings`, `report`,
/// `merge`) only through a manifest that passes, so that an edited `tournament.json` is
/// named as such rather than played or read as another tournament.
///
/// # Errors
/// [`OutputError::Corrupt`](crate::output::OutputError::Corrupt) naming `tournament.json` and the problem.
pub fn check_manifest(
    dir: &std::path::Path,
    kind: &dyn TableKind,
    manifest: &Manifest,
    seats: u8,
) -> Result<(), crate::output::OutputError> {
    let path = dir.join(crate::output::manifest::FILE);
    let name = kind.info().name;
    let corrupt = |why: String| crate::output::OutputError::corrupt(&path, why);
    if seats == 2 {
        SeriesRules::new(manifest.best_of, manifest.paired, manifest.play_all)
            .map_err(|e| corrupt(e.to_string()))?;
    }
    for (rows, cols) in [
        (manifest.rows[0], manifest.cols[0]),
        (manifest.rows[1], manifest.cols[1]),
    ] {
        let params = arena_games::GameParams {
            rows: Some(rows),
            cols: Some(cols),
            options: manifest.options.clone(),
        };
        let counted = kind
            .seat_count(&params)
            .map_err(|e| corrupt(format!("{name}: {e}")))?;
        if counted != seats {
            return Err(corrupt(format!(
                "`seats` is {seats}, but {name} with these options seats {counted}"
            )));
        }
        kind.new_game(&params, 0)
            .map_err(|e| corrupt(format!("{name} at {rows}x{cols}: {e}")))?;
        match (kind.hides_setup(&params), &manifest.secret) {
            (true, None) => {
                return Err(corrupt(format!(
                    "`secret` is missing, but {name} with these options deals hidden setup under one: its boards cannot be dealt again"
                )))
            }
            (false, Some(_)) => {
                return Err(corrupt(format!(
                    "`secret` is given, but {name} with these options deals no hidden setup"
                )))
            }
            _ => {}
        }
    }
    Ok(())
}

/// Runs (or resumes) a table tournament and writes its games and replays.
///
/// # Errors
/// [`TournamentError`]; on `Interrupted`, every finished game is saved for `--resume`.
pub fn run(
    config: &TableConfig,
    mut field: Vec<Participant>,
    progress: &dyn Progress,
    stop: &AtomicBool,
) -> Result<TableSummary, TournamentError> {
    field.sort_by(|a, b| a.name.cmp(&b.name));
    let secret = secret::secret_for(config)?;
    let wanted = manifest(config, &field, secret);
    let schedule = schedule_of(&wanted, config.seats);
    let series = schedule.series()?;
    let leftovers_removed = prepare(&config.out, config.resume, &wanted)?;
    let disqualified: Vec<bool> = field.iter().map(|p| p.disqualified.is_some()).collect();
    let mut done = rows::previous_rows(&config.out, &schedule, &series, &disqualified, true)?;
    let series = match config.shard {
        Some(shard) => {
            check_shard_rows(&config.out, shard, done.values())?;
            series.into_iter().filter(|s| shard.holds(s.id)).collect()
        }
        None => series,
    };
    let missing = drop_rows_without_replays(&config.out, &mut done)?;
    let kept = done.len() as u64;
    let log = Mutex::new(GameLog::open(&config.out)?);
    let journals = Journals::new(&config.out, config.threads.max(1));
    progress.set_total(series.len() as u64 * schedule.seatings_per_table() - kept);
    let pool = worker_pool(&config.out, config.threads, config.thread_stack)?;
    ready_workers(&pool, &field)?;
    let run = TableRun {
        config,
        schedule: &schedule,
        field: &field,
        done: &done,
        log: &log,
        journals: &journals,
        progress,
        halt: Halt::new(stop),
    };
    // Taken in tiles of bots (`tournament/play_order.rs`); the outputs are in game-id
    // order whatever the order of play.
    let order = play_order::by_tiles(&series, schedule.seats, |s| play_order::Seated {
        bots: s.table.clone(),
        round: s.round,
        id: s.id,
    });
    let results: Vec<(Vec<GameRow>, u64, bool)> = pool.install(|| {
        order
            .par_iter()
            .map(|s: &&TableSeries| run.play_series(s))
            .collect()
    });
    let stopped = run.halt.is_raised() || results.iter().any(|r| r.2);
    let folded = fold_if_stopped(&config.out, stopped || config.shard.is_some())?;
    if let Some(err) = run.halt.take_error() {
        return Err(err);
    }
    let played_now: u64 = results.iter().map(|r| r.1).sum();
    if results.iter().any(|r| r.2) {
        return Err(TournamentError::Interrupted { played: played_now });
    }
    let mut all: Vec<GameRow> = results.into_iter().flat_map(|r| r.0).collect();
    all.sort_by_key(|r| r.game_id);
    let standings = if config.shard.is_some() {
        // A part has no standings of its own: its games wait for `arena merge`.
        games_csv::write_sorted(&config.out, &all)?;
        None
    } else {
        Some(write_summaries(
            &config.out,
            config.game,
            &wanted,
            config.seats,
            &all,
            || folded.map_or_else(|| replay_store::fold(&config.out, |_| true), Ok),
            &config.reporting,
        )?)
    };
    Ok(TableSummary {
        standings,
        rows: all,
        played_now,
        kept,
        replays_missing: missing,
        leftovers_removed,
        names: schedule.names.clone(),
    })
}

/// Merges the shard folders `dirs` of one table tournament into the new folder `out`
/// (see [`crate::tournament::merge`]) and writes its summaries with `reporting`.
///
/// # Errors
/// [`MergeError`] naming the folder and the problem.
pub fn merge(
    dirs: &[PathBuf],
    out: &std::path::Path,
    kind: &dyn TableKind,
    reporting: &Reporting,
) -> Result<(crate::table_stats::TableStandings, u64), MergeError> {
    staged(out, |stage| {
        let manifest = combine(dirs, stage, reporting)?;
        let seats = manifest.seats.unwrap_or(2);
        let standings =
            recompute(stage, kind, &manifest, seats, reporting).map_err(|e| unfinished(dirs, e))?;
        let games = standings.games as u64;
        Ok((standings, games))
    })
}

/// The rows of a finished table tournament's folder, by game id, checked against its
/// schedule: every game of the schedule recorded once, nothing else.
///
/// # Errors
/// [`TournamentError::Incomplete`] when games are missing; [`crate::output::OutputError`] for a row that
/// does not belong.
pub fn finished_rows(
    dir: &std::path::Path,
    manifest: &Manifest,
    seats: u8,
) -> Result<Vec<GameRow>, TournamentError> {
    let schedule = schedule_of(manifest, seats);
    let series = schedule.series()?;
    let disqualified: Vec<bool> = manifest
        .bots
        .iter()
        .map(|b| b.disqualified.is_some())
        .collect();
    let done: HashMap<u64, GameRow> =
        rows::previous_rows(dir, &schedule, &series, &disqualified, false)?;
    let per = schedule.seatings_per_table();
    let finished = |s: &TableSeries| match schedule.rules {
        // Every game up to the one that decided the series.
        Some(rules) => Series::new(Length::Rules(rules), Side::A)
            .run(|sg| {
                done.get(&((s.id - 1) * per + u64::from(sg.index) + 1))
                    .map(|row| row.result().outcome())
                    .ok_or(())
            })
            .stopped
            .is_none(),
        None => (0..per).all(|i| done.contains_key(&((s.id - 1) * per + i + 1))),
    };
    let unfinished: Vec<u64> = series
        .iter()
        .filter(|s| !finished(s))
        .map(|s| s.id)
        .collect();
    if let Some(&first_unfinished) = unfinished.first() {
        return Err(TournamentError::Incomplete {
            finished: series.len() - unfinished.len(),
            total: series.len(),
            first_unfinished,
        });
    }
    let mut rows: Vec<GameRow> = done.into_values().collect();
    rows.sort_by_key(|r| r.game_id);
    Ok(rows)
}
