//! The round-robin tournament: schedule, parallel play, resumable results.
//!
//! Series run in parallel on a rayon pool; the games of one series run in order (a
//! series stops when decided). Every game's seeds come from the schedule, so results do
//! not depend on the thread count. Finished games are appended to `games.csv` and their
//! replays written as they finish; the summary files are written atomically at the end,
//! in schedule order, so an interrupted and resumed run ends byte-identical to an
//! uninterrupted one.

pub mod folder;
pub mod schedule;
pub mod standings;
pub mod verify;

use std::collections::{BTreeMap, HashMap};
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use arena_games::GameKind;
use rayon::prelude::*;

use crate::grading::bands::Bands;
use crate::grading::roster::Roster;
use crate::output::atomic;
use crate::output::games_csv::{self, GameLog, GameRow};
use crate::output::manifest::{BotEntry, Manifest, FORMAT};
use crate::output::replay::{self, result_text, Replay};
use crate::output::{
    crosstable_csv, fairness_csv, grades_csv, ratings_csv, series_csv, standings_csv, OutputError,
};
use crate::referee::{play_game, Entrant, GameRecord};
use crate::rng_size::SizeRange;
use crate::seeds::derive;
use crate::series::{SeriesRules, Side, Tally};
use schedule::{GamePlan, Schedule, SeriesPlan};
use standings::{SeriesOutcome, Standing};

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
}

/// One bot of the field.
pub struct Participant {
    /// Its name (unique).
    pub name: String,
    /// Where it came from, for the manifest.
    pub source: String,
    /// The module's SHA-256, empty for builtins.
    pub sha256: String,
    /// A gauntlet reference (plays every submission, is not ranked with them).
    pub reference: bool,
    /// Why it cannot play, if it cannot (it stays in the standings and forfeits).
    pub disqualified: Option<String>,
    /// What fields its bots.
    pub entrant: Box<dyn Entrant>,
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
}

/// Reports progress to a person; the tournament calls it from worker threads.
pub trait Progress: Sync {
    /// The most games the run can still play (an upper bound until series end).
    fn set_total(&self, games: u64);
    /// One more game is done.
    fn game_done(&self);
    /// A series ended early: `games` planned games will not be played.
    fn skip(&self, games: u64);
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
    #[error("{0} already holds a tournament; add --resume to continue it, or choose another --out folder")]
    AlreadyThere(PathBuf),
    /// Fewer than two bots.
    #[error("a tournament needs at least two bots, got {0}")]
    TooFewBots(usize),
    /// Summaries were asked of a tournament that has not finished.
    #[error("the tournament is not finished ({finished} of {total} series complete): finish it with the same `arena tournament` command and --resume first")]
    Incomplete {
        /// Series complete.
        finished: usize,
        /// Series in the schedule.
        total: usize,
    },
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
            })
            .collect(),
    }
}

/// Prepares the results folder: a fresh one gets the manifest (`--resume` on a fresh
/// folder simply starts, so the same command can be repeated until the run completes);
/// an existing one is continued only with `--resume` and only if it is the same run.
fn prepare(config: &Config, wanted: &Manifest) -> Result<usize, TournamentError> {
    let dir = &config.out;
    fs::create_dir_all(dir.join(replay::DIR)).map_err(|e| OutputError::io(dir, e))?;
    match Manifest::read(dir)? {
        Some(found) => {
            if !config.resume {
                return Err(TournamentError::AlreadyThere(dir.clone()));
            }
            if let Some(difference) = wanted.difference(&found) {
                return Err(TournamentError::ManifestMismatch {
                    dir: dir.clone(),
                    difference,
                });
            }
            // Half-written temporary files of a crashed run: never results, always swept.
            let mut removed = 0;
            for d in [dir.clone(), dir.join(replay::DIR)] {
                removed += atomic::remove_leftovers(&d)?;
            }
            return Ok(removed);
        }
        None => {
            if dir.join(games_csv::FILE).exists() {
                return Err(OutputError::corrupt(
                    &dir.join(games_csv::FILE),
                    "games.csv without a tournament.json: not a results folder arena can continue",
                )
                .into());
            }
            wanted.write(dir)?;
        }
    }
    Ok(0)
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
    let leftovers_removed = prepare(config, &wanted)?;
    let schedule = Schedule {
        seed: config.seed,
        rules: config.rules,
        rounds: config.rounds,
        rows: config.rows,
        cols: config.cols,
        options: config.options.clone(),
        names: field.iter().map(|p| p.name.clone()).collect(),
        references: field.iter().map(|p| p.reference).collect(),
    };
    let plans = schedule.series();
    let disqualified: Vec<Option<String>> = field.iter().map(|p| p.disqualified.clone()).collect();
    let mut done = previous_rows(&config.out, &schedule, &plans, &disqualified, true)?;
    // A recorded game whose replay is gone is played again (its row is dropped first, so
    // that games.csv never holds a game twice).
    let missing: Vec<u64> = done
        .keys()
        .filter(|&&id| !replay::path(&config.out, id).is_file())
        .copied()
        .collect();
    if !missing.is_empty() {
        for id in &missing {
            done.remove(id);
        }
        let mut kept: Vec<GameRow> = done.values().cloned().collect();
        kept.sort_by_key(|r| r.game_id);
        games_csv::write_sorted(&config.out, &kept)?;
    }
    let kept = done.len() as u64;
    let log = Mutex::new(GameLog::open(&config.out)?);
    let max_games = config.rules.max_games() as u64;
    progress.set_total(plans.len() as u64 * max_games - done.len() as u64);

    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.threads.max(1))
        .stack_size(config.thread_stack)
        .build()
        .map_err(|e| OutputError::io(&config.out, std::io::Error::other(e)))?;
    let ctx = RunContext {
        config,
        schedule: &schedule,
        field: &field,
        done: &done,
        log: &log,
        progress,
        stop,
        failed: Mutex::new(None),
    };
    let results: Vec<(Vec<GameRow>, u64, bool)> =
        pool.install(|| plans.par_iter().map(|plan| ctx.play_series(plan)).collect());
    if let Some(err) = ctx
        .failed
        .lock()
        .expect("no panics while holding it")
        .take()
    {
        return Err(err.into());
    }
    let played_now: u64 = results.iter().map(|r| r.1).sum();
    if results.iter().any(|r| r.2) {
        return Err(TournamentError::Interrupted { played: played_now });
    }
    let mut rows: Vec<GameRow> = results.into_iter().flat_map(|r| r.0).collect();
    rows.sort_by_key(|r| r.game_id);
    let summary = write_summaries(
        &config.out,
        &schedule,
        &plans,
        &disqualified,
        &rows,
        &config.reporting,
    )?;
    Ok(Summary {
        played_now,
        kept,
        replays_missing: missing.len() as u64,
        leftovers_removed,
        ..summary
    })
}

/// Writes `games.csv` (sorted), `series.csv` and `standings.csv` from the rows.
///
/// # Errors
/// [`OutputError`] when writing fails.
pub fn write_summaries(
    dir: &Path,
    schedule: &Schedule,
    plans: &[SeriesPlan],
    disqualified: &[Option<String>],
    rows: &[GameRow],
    reporting: &Reporting,
) -> Result<Summary, OutputError> {
    games_csv::write_sorted(dir, rows)?;
    let series: Vec<SeriesOutcome> =
        standings::series_outcomes(plans, schedule.rules, &schedule.names, rows);
    series_csv::write(dir, &schedule.names, &series)?;
    let mut table = standings::standings(
        &schedule.names,
        &schedule.references,
        disqualified,
        &series,
        rows,
    );
    let anchor = match &reporting.anchor {
        Some(name) => Some(
            schedule
                .names
                .iter()
                .position(|n| n == name)
                .ok_or_else(|| {
                    OutputError::corrupt(
                        dir,
                        format!("--anchor `{name}` is not a bot of this tournament"),
                    )
                })?,
        ),
        None => None,
    };
    let seed = derive(schedule.seed, "ratings", &[]);
    let ratings = ratings_csv::rate(&schedule.names, rows, seed, anchor);
    if let Some(r) = &ratings {
        for s in &mut table {
            let i = schedule
                .names
                .iter()
                .position(|n| n == &s.name)
                .expect("a scheduled bot");
            s.rating = Some([r.elo[i], r.intervals[i].low, r.intervals[i].high]);
        }
        ratings_csv::write(dir, &table, &schedule.names, r)?;
    }
    standings_csv::write(dir, &table, reporting.roster.as_ref())?;
    crosstable_csv::write(dir, &table, &series, &schedule.names)?;
    fairness_csv::write(dir, rows)?;
    if let Some(roster) = &reporting.roster {
        grades_csv::write(dir, &table, roster, reporting.bands.as_ref())?;
    }
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
    let rules = SeriesRules::new(manifest.best_of, manifest.paired, manifest.play_all)
        .map_err(|e| OutputError::corrupt(&dir.join(crate::output::manifest::FILE), e))?;
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
    };
    let plans = schedule.series();
    let disqualified: Vec<Option<String>> = bots.iter().map(|b| b.disqualified.clone()).collect();
    let mut rows: Vec<GameRow> = previous_rows(dir, &schedule, &plans, &disqualified, false)?
        .into_values()
        .collect();
    rows.sort_by_key(|r| r.game_id);
    // Summaries of an unfinished run would score half-played series: refuse instead.
    let finished = plans
        .iter()
        .filter(|plan| {
            let mut tally = Tally::default();
            for row in rows.iter().filter(|r| r.series_id == plan.id) {
                let first = if row.first == schedule.names[plan.a] {
                    Side::A
                } else {
                    Side::B
                };
                tally.add(first, standings::row_outcome(row));
            }
            rules.is_over(&tally)
        })
        .count();
    if finished < plans.len() {
        return Err(TournamentError::Incomplete {
            finished,
            total: plans.len(),
        });
    }
    check_series_rows(dir, &schedule, &plans, &rows)?;
    Ok(write_summaries(
        dir,
        &schedule,
        &plans,
        &disqualified,
        &rows,
        reporting,
    )?)
}

/// The rows a previous, interrupted run of the same tournament left, by game id, each
/// checked against the schedule.
fn previous_rows(
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
                && names[0] == row.first
                && names[1] == row.second
        });
        let corrupt = |why: &str| {
            OutputError::corrupt(&path, format!("the row of game {}: {why}", row.game_id))
        };
        if !matches {
            return Err(corrupt("does not belong to this tournament's schedule"));
        }
        if !["1-0", "0-1", "1/2-1/2"].contains(&row.result.as_str()) {
            return Err(corrupt(&format!("unknown result `{}`", row.result)));
        }
        if row.end != "normal"
            && row.end != "disqualified"
            && standings::fault_kind(&row.end).is_none()
        {
            return Err(corrupt(&format!("unknown end `{}`", row.end)));
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
    let winner = match row.result.as_str() {
        "1-0" => row.first.as_str(),
        "0-1" => row.second.as_str(),
        _ => "",
    };
    if row.winner != winner {
        return Some(format!(
            "the winner `{}` does not follow from the result `{}`",
            row.winner, row.result
        ));
    }
    let seats_dq = [dq(&row.first), dq(&row.second)];
    match row.end.as_str() {
        "normal" => {
            if !row.culprit.is_empty() || !row.reason.is_empty() {
                return Some("a normal end with a culprit or a reason".into());
            }
            if let Some(i) = seats_dq.iter().position(|&d| d) {
                let name = if i == 0 { &row.first } else { &row.second };
                return Some(format!(
                    "`{name}` is disqualified in tournament.json but played this game"
                ));
            }
        }
        end => {
            let both = seats_dq[0] && seats_dq[1];
            if end == "disqualified" && both {
                if !row.culprit.is_empty() || row.result != "1/2-1/2" {
                    return Some(
                        "a game of two disqualified bots must be a draw without a culprit".into(),
                    );
                }
                return None;
            }
            let seat = if row.culprit == row.first {
                0
            } else if row.culprit == row.second {
                1
            } else {
                return Some(format!(
                    "the end `{end}` needs a culprit, one of the two bots, not `{}`",
                    row.culprit
                ));
            };
            if winner.is_empty() || winner == row.culprit {
                return Some(format!("the culprit `{}` must lose the game", row.culprit));
            }
            if end == "disqualified" && !seats_dq[seat] {
                return Some(format!(
                    "`{}` forfeited as disqualified, but tournament.json does not disqualify it",
                    row.culprit
                ));
            }
            if end != "disqualified" && seats_dq.iter().any(|&d| d) {
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
fn check_series_rows(
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
            tally.add(game.first, standings::row_outcome(row));
        }
    }
    Ok(())
}

/// The names of the first and second mover of a planned game.
fn first_second(schedule: &Schedule, plan: &SeriesPlan, game: &GamePlan) -> [String; 2] {
    let (a, b) = (&schedule.names[plan.a], &schedule.names[plan.b]);
    match game.first {
        Side::A => [a.clone(), b.clone()],
        Side::B => [b.clone(), a.clone()],
    }
}

/// What the workers share.
struct RunContext<'a> {
    config: &'a Config,
    schedule: &'a Schedule,
    field: &'a [Participant],
    done: &'a HashMap<u64, GameRow>,
    log: &'a Mutex<GameLog>,
    progress: &'a dyn Progress,
    stop: &'a AtomicBool,
    failed: Mutex<Option<OutputError>>,
}

impl RunContext<'_> {
    /// Plays (or takes from the previous run) the games of one series. Returns its rows,
    /// the games played now, and whether it was cut short by a stop.
    fn play_series(&self, plan: &SeriesPlan) -> (Vec<GameRow>, u64, bool) {
        let rules = self.schedule.rules;
        let mut tally = Tally::default();
        let mut rows = Vec::new();
        let mut played = 0;
        for index in 0..rules.max_games() {
            if rules.is_over(&tally) {
                self.progress.skip((rules.max_games() - index) as u64);
                break;
            }
            let game = self.schedule.game(plan, index);
            let row = match self.done.get(&game.id) {
                Some(row) => row.clone(),
                None => {
                    if self.stop.load(Ordering::Relaxed) {
                        return (rows, played, true);
                    }
                    match self.play(plan, &game) {
                        Ok(row) => {
                            played += 1;
                            self.progress.game_done();
                            row
                        }
                        Err(e) => {
                            self.stop.store(true, Ordering::Relaxed);
                            self.failed
                                .lock()
                                .expect("no panics while holding it")
                                .get_or_insert(e);
                            return (rows, played, true);
                        }
                    }
                }
            };
            tally.add(game.first, standings::row_outcome(&row));
            rows.push(row);
        }
        (rows, played, false)
    }

    /// Plays one game, writes its replay, appends its row.
    fn play(&self, plan: &SeriesPlan, game: &GamePlan) -> Result<GameRow, OutputError> {
        let names = first_second(self.schedule, plan, game);
        let index_of = |name: &str| {
            self.field
                .iter()
                .position(|p| p.name == name)
                .expect("a scheduled bot")
        };
        let seats = [index_of(&names[0]), index_of(&names[1])];
        let start = self
            .config
            .game
            .new_game(&game.params, game.board_seed)
            .map_err(|e| {
                OutputError::corrupt(&self.config.out, format!("game {}: {e}", game.id))
            })?;
        let entrants: [&dyn Entrant; 2] = [
            &*self.field[seats[0]].entrant,
            &*self.field[seats[1]].entrant,
        ];
        let record = play_game(start, entrants, game.bot_seeds);
        let row = game_row(plan, game, &names, &record);
        replay_of(self.config.game, plan, game, &names, &record).write(&self.config.out)?;
        self.log
            .lock()
            .expect("no panics while holding it")
            .append(&row)?;
        Ok(row)
    }
}

/// The `games.csv` row of a played game.
pub fn game_row(
    plan: &SeriesPlan,
    game: &GamePlan,
    names: &[String; 2],
    record: &GameRecord,
) -> GameRow {
    let winner = match record.outcome {
        arena_games::Outcome::Win(p) => names[p.index()].clone(),
        arena_games::Outcome::Draw => String::new(),
    };
    GameRow {
        game_id: game.id,
        series_id: plan.id,
        round: plan.round,
        game_index: game.index,
        board_index: game.board_index,
        board_seed: game.board_seed,
        rows: game.size[0],
        cols: game.size[1],
        first: names[0].clone(),
        second: names[1].clone(),
        first_score: record.scores[0],
        second_score: record.scores[1],
        result: result_text(record.outcome).to_string(),
        winner,
        end: record.end.name().to_string(),
        culprit: record
            .end
            .culprit()
            .map(|p| names[p.index()].clone())
            .unwrap_or_default(),
        reason: record.end.reason(),
        moves: record.moves.len() as u32,
        first_fuel: record.fuel[0],
        second_fuel: record.fuel[1],
        first_max_move_fuel: record.max_move_fuel[0],
        second_max_move_fuel: record.max_move_fuel[1],
    }
}

/// The replay of a played game.
pub fn replay_of(
    kind: &dyn GameKind,
    plan: &SeriesPlan,
    game: &GamePlan,
    names: &[String; 2],
    record: &GameRecord,
) -> Replay {
    Replay {
        game: kind.info().name.to_string(),
        game_id: game.id,
        series_id: plan.id,
        round: plan.round,
        board_seed: game.board_seed,
        size: game.size,
        setup: record.setup.clone(),
        bots: names.clone(),
        bot_seeds: game.bot_seeds,
        moves: record.moves.clone(),
        end: record.end.name().to_string(),
        culprit: record.end.culprit(),
        reason: record.end.reason(),
        result: result_text(record.outcome).to_string(),
        scores: record.scores,
        outputs: record.outputs.clone(),
    }
}
