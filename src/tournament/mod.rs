//! The round-robin tournament: schedule, parallel play, resumable results.
//!
//! Series run in parallel on a rayon pool; the games of one series run in order (a
//! series stops when decided). Every game's seeds come from the schedule, so results do
//! not depend on the thread count. Finished games are appended to `games.csv` and their
//! replays written as they finish; the summary files are written atomically at the end,
//! in schedule order, so an interrupted and resumed run ends byte-identical to an
//! uninterrupted one.

pub mod folder;
mod halt;
pub mod merge;
mod play;
pub(crate) mod play_order;
mod rows;
mod secret_error;
mod sequential;
mod summaries;
pub mod verify;

pub use crate::field::Participant;
pub use play::{game_row, replay_of};
pub use secret_error::SecretError;
pub use summaries::{recompute, write_summaries};

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Mutex;

use arena_games::GameKind;
use rayon::prelude::*;

use crate::grading::bands::Bands;
use crate::grading::roster::Roster;
use crate::output::atomic;
use crate::output::games_csv::{self, GameLog, GameRow};
use crate::output::manifest::{
    BotEntry, GradingInputs, Manifest, RecordedInput, SkippedEntry, FORMAT,
};
use crate::output::replay;
use crate::output::replay_store::{self, Journals, Store};
use crate::output::OutputError;
use crate::rng_size::SizeRange;
use crate::schedule::{Schedule, SeriesPlan, Shard};
use crate::series::SeriesRules;
use crate::sprt_settings::SprtSettings;
use crate::standings::{SeriesOutcome, Standing};
pub(crate) use halt::Halt;
use play::RunContext;
use rows::previous_rows;

/// A validated tournament configuration.
pub struct Config {
    /// The game.
    pub game: &'static dyn GameKind,
    /// Rows to draw board sizes from.
    pub rows: SizeRange,
    /// Columns to draw board sizes from.
    pub cols: SizeRange,
    /// Series rules.
    pub rules: SeriesRules,
    /// Series per pair.
    pub rounds: u32,
    /// The tournament seed.
    pub seed: u64,
    /// Worker threads (at least 1).
    pub threads: usize,
    /// The results folder.
    pub out: PathBuf,
    /// Continue the tournament already in `out`.
    pub resume: bool,
    /// Game-specific options (`--option NAME=VALUE`).
    pub options: BTreeMap<String, String>,
    /// Depth of builtin search strategies, if set.
    pub depth: Option<u32>,
    /// The sandbox limits as recorded in the manifest.
    pub limits: serde_json::Value,
    /// Native stack size of the worker threads, in bytes (bots' stacks live on them).
    pub thread_stack: usize,
    /// Roster and grade bands for the derived files.
    pub reporting: Reporting,
    /// The entries handed in that are not in the field, for the manifest.
    pub skipped: Vec<SkippedEntry>,
    /// Play only this part of the schedule (`--shard I/N`); `arena merge` combines parts.
    pub shard: Option<Shard>,
    /// Stop each gauntlet pair once its sequential test decides (`--sprt`; `rounds` is
    /// then the cap).
    pub sprt: Option<SprtSettings>,
}

/// Options of the derived files only, never of play: they can change afterwards with
/// `arena standings` without replaying anything.
#[derive(Clone, Debug, Default)]
pub struct Reporting {
    /// Students by module name; with it, `grades.csv` is written and `standings.csv`
    /// carries student ids.
    pub roster: Option<Roster>,
    /// Grade bands for `grades.csv`.
    pub bands: Option<Bands>,
    /// The bot rated 0 Elo; `None` puts the field's mean at 0.
    pub anchor: Option<String>,
    /// The roster's text as read, for the manifest ([`Reporting::record`]).
    pub roster_file: Option<RecordedInput>,
    /// The bands' text as read, for the manifest.
    pub bands_file: Option<RecordedInput>,
    /// For each student of the roster with no module in the field, by the bot the roster
    /// names: the entries handed in that would have been it but were skipped, with the
    /// reason (a folder of two modules, a zip…): the grade and the feedback page say
    /// what was handed in and why it was not played.
    pub unplayable: BTreeMap<String, Vec<SkippedEntry>>,
}

impl Reporting {
    /// What the manifest records of these inputs (`None` without any), so that the
    /// commands that rewrite the derived files later grade as this run did.
    pub fn record(&self) -> Option<GradingInputs> {
        GradingInputs {
            roster: self.roster_file.clone(),
            bands: self.bands_file.clone(),
            anchor: self.anchor.clone(),
        }
        .or_none()
    }

    /// The anchor's place among `names` (the bots of the folder `dir`), if one is given.
    ///
    /// # Errors
    /// [`OutputError::Corrupt`] naming `dir` when the anchor is not one of `names`.
    pub fn anchor_index(&self, dir: &Path, names: &[String]) -> Result<Option<usize>, OutputError> {
        let Some(name) = &self.anchor else {
            return Ok(None);
        };
        match names.iter().position(|n| n == name) {
            Some(i) => Ok(Some(i)),
            None => Err(OutputError::corrupt(
                dir,
                format!("--anchor `{name}` is not a bot of this tournament"),
            )),
        }
    }
}

/// Reports progress to a person; the tournament calls it from worker threads.
pub trait Progress: Sync {
    /// The most games the run can still play (an upper bound until series end).
    fn set_total(&self, games: u64);
    /// One more game is done.
    fn game_done(&self);
    /// A series ended early: `games` planned games will not be played.
    fn skip(&self, games: u64);
    /// Under a sequential test (`--sprt`), where every pair's test stands, after each wave
    /// of series (`names` are the bots in schedule order).
    fn sequential(&self, _names: &[String], _pairs: &[crate::sequential::PairTest]) {}
}

/// No progress reporting.
pub struct Silent;

impl Progress for Silent {
    fn set_total(&self, _: u64) {}
    fn game_done(&self) {}
    fn skip(&self, _: u64) {}
}

/// What a finished run produced.
#[derive(Debug)]
pub struct Summary {
    /// The ranked standings.
    pub standings: Vec<Standing>,
    /// Games played in this invocation (not counting resumed ones).
    pub played_now: u64,
    /// Games of a previous run kept by `--resume`.
    pub kept: u64,
    /// Recorded games whose replay was missing: `--resume` dropped and re-played them.
    pub replays_missing: u64,
    /// Temporary files a killed run left behind, removed by `--resume`.
    pub leftovers_removed: usize,
    /// Games in the results.
    pub games: u64,
    /// Games the first mover won, drew, lost.
    pub first_mover: [u64; 3],
    /// Every finished series.
    pub series: Vec<SeriesOutcome>,
    /// The bots in schedule order.
    pub names: Vec<String>,
    /// Where every pair's sequential test ended, under `--sprt`.
    pub sequential: Option<crate::sequential::Walk>,
}

/// Why a tournament could not run or complete.
#[derive(Debug, thiserror::Error)]
pub enum TournamentError {
    /// A results-folder problem.
    #[error(transparent)]
    Output(#[from] OutputError),
    /// The folder holds another tournament.
    #[error("{dir} holds a different tournament ({difference}); choose another --out folder, or run the same command it was started with to --resume it")]
    ManifestMismatch {
        /// The folder.
        dir: PathBuf,
        /// The first difference.
        difference: String,
    },
    /// The folder holds a tournament and `--resume` was not given.
    #[error("{0} already holds a tournament; add --resume to continue it, --force to replace it, or choose another --out folder")]
    AlreadyThere(PathBuf),
    /// Fewer than two bots.
    #[error("a tournament needs at least two bots, got {0}")]
    TooFewBots(usize),
    /// A worker thread could not be readied to play a bot.
    #[error("a worker thread cannot play {bot}: {why} (a problem of this machine or its limits, not of the bot; nothing was played)")]
    Worker {
        /// The bot.
        bot: String,
        /// What the harness could not do.
        why: String,
    },
    /// The field cannot be seated at the game's tables.
    #[error(transparent)]
    Tables(#[from] crate::tables::TableError),
    /// The sequential test's settings make no test.
    #[error(transparent)]
    Sprt(#[from] crate::sprt_settings::BadSprt),
    /// Summaries were asked of a tournament that has not finished.
    #[error("the tournament is not finished ({finished} of {total} series complete): finish it with the same `arena tournament` command and --resume first")]
    Incomplete {
        /// Series complete.
        finished: usize,
        /// Series in the schedule.
        total: usize,
        /// The id of the first series not complete.
        first_unfinished: u64,
    },
    /// A game met a problem of the machine, not of a bot ([`crate::bot::Fault::Harness`]):
    /// the run stopped without recording it; the games finished before are saved.
    #[error("game {game} could not be played: {why} (a problem of this machine or its limits, not of a bot; the game was not recorded and every game finished before it is saved: run the same command with --resume to go on)")]
    Harness {
        /// The game's id.
        game: u64,
        /// What the harness could not do.
        why: String,
    },
    /// No secret to deal hidden setup under (`table_tournament::secret`).
    #[error(transparent)]
    Secret(#[from] SecretError),
    /// Stopped by the user (Ctrl-C) before the end.
    #[error("interrupted after {played} games in this run; what finished is saved")]
    Interrupted {
        /// Games finished in this invocation.
        played: u64,
    },
}

/// Builds the manifest of a configuration and field.
pub fn manifest(config: &Config, field: &[Participant]) -> Manifest {
    Manifest {
        format: FORMAT,
        arena_version: env!("CARGO_PKG_VERSION").to_string(),
        game: config.game.info().name.to_string(),
        seed: config.seed,
        rows: [config.rows.min, config.rows.max],
        cols: [config.cols.min, config.cols.max],
        best_of: config.rules.best_of(),
        paired: config.rules.paired(),
        play_all: config.rules.play_all(),
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
        seats: None,
        grading: config.reporting.record(),
        sprt: config.sprt,
        secret: None,
    }
}

/// Prepares the results folder: a fresh one gets the manifest (`--resume` on a fresh
/// folder simply starts, so the same command can be repeated until the run completes);
/// an existing one is continued only with `--resume` and only if it is the same run.
pub(crate) fn prepare(
    dir: &std::path::Path,
    resume: bool,
    wanted: &Manifest,
) -> Result<usize, TournamentError> {
    let dir = &dir.to_path_buf();
    fs::create_dir_all(dir.join(replay::DIR)).map_err(|e| OutputError::io(dir, e))?;
    match Manifest::read(dir)? {
        Some(found) => {
            if !resume {
                return Err(TournamentError::AlreadyThere(dir.clone()));
            }
            if let Some(difference) = wanted.difference(&found) {
                return Err(TournamentError::ManifestMismatch {
                    dir: dir.clone(),
                    difference,
                });
            }
            if wanted.grading != found.grading {
                // The same tournament graded with other inputs: the summaries it writes
                // at the end follow them, and so does the record.
                wanted.write(dir)?;
            }
            // Half-written temporary files of a crashed run: never results, always swept.
            let mut removed = 0;
            for d in [dir.clone(), dir.join(replay::DIR)] {
                removed += atomic::remove_leftovers(&d)?;
            }
            Ok(removed)
        }
        None => {
            if dir.join(games_csv::FILE).exists() {
                return Err(OutputError::corrupt(
                    &dir.join(games_csv::FILE),
                    "games.csv without a tournament.json: not a results folder arena can continue",
                )
                .into());
            }
            // A run killed while it wrote the manifest left only its temporary file.
            let removed = atomic::remove_leftovers_of(dir, crate::output::manifest::FILE)?;
            wanted.write(dir)?;
            Ok(removed)
        }
    }
}

/// Reconciles the rows of a previous run with its replays: the journals of a killed run
/// are folded into the store, keeping only games that have a row (a replay appended just
/// before the kill is played again); a recorded game whose replay is gone is dropped
/// from `done` and from `games.csv` (so that the file never holds a game twice), to be
/// played again. Returns how many were dropped.
///
/// # Errors
/// [`OutputError`] when the store or `games.csv` cannot be read or written.
pub(crate) fn drop_rows_without_replays(
    dir: &std::path::Path,
    done: &mut std::collections::HashMap<u64, GameRow>,
) -> Result<u64, OutputError> {
    let stored = replay_store::fold(dir, |id| done.contains_key(&id))?;
    let missing: Vec<u64> = done
        .keys()
        .filter(|&&id| !stored.contains(id))
        .copied()
        .collect();
    drop(stored);
    if !missing.is_empty() {
        for id in &missing {
            done.remove(id);
        }
        let mut kept: Vec<GameRow> = done.values().cloned().collect();
        kept.sort_by_key(|r| r.game_id);
        games_csv::write_sorted(dir, &kept)?;
    }
    Ok(missing.len() as u64)
}

/// The pool the series run on: `threads` workers (at least 1), each with a native stack
/// of `stack` bytes (the bots' stacks live on them).
///
/// # Errors
/// [`OutputError`] (against `dir`) when the threads cannot be made.
pub(crate) fn worker_pool(
    dir: &std::path::Path,
    threads: usize,
    stack: usize,
) -> Result<rayon::ThreadPool, OutputError> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .stack_size(stack)
        .build()
        .map_err(|e| OutputError::io(dir, std::io::Error::other(e)))
}

/// Readies every thread of `pool` to play every bot of `field` (each thread loads each
/// module into its own engine), so that a harness problem stops the run before its
/// first game instead of costing bots games.
///
/// # Errors
/// [`TournamentError::Worker`] naming the first bot a thread could not ready.
pub(crate) fn ready_workers(
    pool: &rayon::ThreadPool,
    field: &[Participant],
) -> Result<(), TournamentError> {
    pool.broadcast(|_| {
        field.iter().try_for_each(|p| {
            p.entrant
                .prepare_thread()
                .map_err(|why| TournamentError::Worker {
                    bot: p.name.clone(),
                    why,
                })
        })
    })
    .into_iter()
    .collect()
}

/// The store of a run's replays, folded from its journals now when the run `stopped`
/// short (a failure, a stop, or a part of a sharded run, which writes no standings): its
/// finished games are kept before anything else is reported. `None` when every game was
/// played: the fold then runs beside the standings' computation (`write_summaries`).
///
/// # Errors
/// [`OutputError`] when the journals cannot be folded.
pub(crate) fn fold_if_stopped(out: &Path, stopped: bool) -> Result<Option<Store>, OutputError> {
    stopped
        .then(|| replay_store::fold(out, |_| true))
        .transpose()
}

/// Refuses a recorded row of `out` that belongs to another part than `shard` (a folder
/// resumed as the wrong part).
///
/// # Errors
/// [`OutputError`] naming `games.csv` and the game.
pub(crate) fn check_shard_rows<'a>(
    out: &Path,
    shard: Shard,
    rows: impl IntoIterator<Item = &'a GameRow>,
) -> Result<(), OutputError> {
    match rows.into_iter().find(|r| !shard.holds(r.series_id)) {
        Some(row) => Err(OutputError::corrupt(
            &out.join(games_csv::FILE),
            format!(
                "the row of game {} is not part of shard {shard}",
                row.game_id
            ),
        )),
        None => Ok(()),
    }
}

/// The games a run played or kept.
pub(crate) struct Played {
    /// Every row of the series played or kept.
    pub(crate) rows: Vec<GameRow>,
    /// Games played in this invocation.
    pub(crate) played_now: u64,
    /// Whether a stop cut the run short.
    pub(crate) interrupted: bool,
    /// Games a sequential test did not need: recorded, to be dropped.
    pub(crate) unneeded: Vec<u64>,
}

/// Runs (or resumes) a tournament and writes its results.
///
/// # Errors
/// [`TournamentError`]; on `Interrupted`, every finished game is saved for `--resume`.
pub fn run(
    config: &Config,
    mut field: Vec<Participant>,
    progress: &dyn Progress,
    stop: &AtomicBool,
) -> Result<Summary, TournamentError> {
    if field.len() < 2 {
        return Err(TournamentError::TooFewBots(field.len()));
    }
    field.sort_by(|a, b| a.name.cmp(&b.name));
    let wanted = manifest(config, &field);
    let leftovers_removed = prepare(&config.out, config.resume, &wanted)?;
    let schedule = Schedule {
        seed: config.seed,
        rules: config.rules,
        rounds: config.rounds,
        rows: config.rows,
        cols: config.cols,
        options: config.options.clone(),
        names: field.iter().map(|p| p.name.clone()).collect(),
        references: field.iter().map(|p| p.reference).collect(),
        sprt: config.sprt,
    };
    let test = config.sprt.map(|s| s.test()).transpose()?;
    let all_plans = schedule.series();
    let disqualified: Vec<Option<String>> = field.iter().map(|p| p.disqualified.clone()).collect();
    let mut done = previous_rows(&config.out, &schedule, &all_plans, &disqualified, true)?;
    let plans: Vec<SeriesPlan> = match config.shard {
        Some(shard) => {
            check_shard_rows(&config.out, shard, done.values())?;
            all_plans
                .into_iter()
                .filter(|p| shard.holds(p.id))
                .collect()
        }
        None => all_plans,
    };
    let missing = drop_rows_without_replays(&config.out, &mut done)?;
    let kept = done.len() as u64;
    let log = Mutex::new(GameLog::open(&config.out)?);
    let journals = Journals::new(&config.out, config.threads.max(1));
    let max_games = config.rules.max_games() as u64;
    progress.set_total(plans.len() as u64 * max_games - done.len() as u64);

    let pool = worker_pool(&config.out, config.threads, config.thread_stack)?;
    ready_workers(&pool, &field)?;
    let ctx = RunContext {
        config,
        schedule: &schedule,
        field: &field,
        done: &done,
        log: &log,
        journals: &journals,
        progress,
        halt: Halt::new(stop),
    };
    // Taken in tiles of bots (`play_order.rs`); the outputs are in game-id order whatever
    // the order of play.
    let order = play_order::by_tiles(&plans, 2, |p| play_order::Seated {
        bots: vec![p.a, p.b],
        round: p.round,
        id: p.id,
    });
    let played = match &test {
        None => {
            let results: Vec<(Vec<GameRow>, u64, bool)> =
                pool.install(|| order.par_iter().map(|plan| ctx.play_series(plan)).collect());
            Played {
                played_now: results.iter().map(|r| r.1).sum(),
                interrupted: results.iter().any(|r| r.2),
                rows: results.into_iter().flat_map(|r| r.0).collect(),
                unneeded: Vec::new(),
            }
        }
        Some(test) => sequential::play(&ctx, &pool, &plans, test),
    };
    // One store in game-id order, whatever the workers and their timing; the page is
    // drawn from it as folded, not read back.
    let stopped = ctx.halt.is_raised() || played.interrupted;
    let folded = fold_if_stopped(&config.out, stopped || config.shard.is_some())?;
    if let Some(err) = ctx.halt.take_error() {
        return Err(err);
    }
    let played_now = played.played_now;
    if played.interrupted {
        return Err(TournamentError::Interrupted { played: played_now });
    }
    let mut rows: Vec<GameRow> = played.rows;
    rows.sort_by_key(|r| r.game_id);
    // Series a sequential test did not need (played ahead while it was deciding) leave
    // no trace: neither a row nor a replay.
    let unneeded: std::collections::HashSet<u64> = played.unneeded.into_iter().collect();
    if config.shard.is_some() {
        // A part has no standings of its own: its games wait for `arena merge`.
        games_csv::write_sorted(&config.out, &rows)?;
        return Ok(Summary {
            standings: Vec::new(),
            played_now,
            kept,
            replays_missing: missing,
            leftovers_removed,
            games: rows.len() as u64,
            first_mover: [0; 3],
            series: Vec::new(),
            names: schedule.names.clone(),
            sequential: None,
        });
    }
    let summary = write_summaries(
        &config.out,
        &schedule,
        &plans,
        &disqualified,
        &rows,
        || {
            folded.map_or_else(
                || replay_store::fold(&config.out, |id| !unneeded.contains(&id)),
                Ok,
            )
        },
        &config.reporting,
    )?;
    Ok(Summary {
        played_now,
        kept,
        replays_missing: missing,
        leftovers_removed,
        ..summary
    })
}
