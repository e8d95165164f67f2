//! `arena verify RESULTS [MODULES…]`: re-plays every recorded game from the manifest and
//! the modules, and names every difference from the recorded files.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

use anyhow::{bail, Context as _};
use arena::bot_name::{escape_os, escape_path, BotName};
use arena::contestant::BotSpec;
use arena::output::manifest::{BotEntry, Manifest};
use arena::rng_size::SizeRange;
use arena::series::SeriesRules;
use arena::submissions::zipped::is_archive;
use arena::submissions::{Candidate, Source};
use arena::table_tournament::{self, TableConfig};
use arena::tournament::{self, verify, Config, Silent};
use arena_games::registry::find_table_game;
use arena_games::{find_game, GameParams};

use super::common::{limits_json, sandbox};
use super::{GradingArgs, LimitArgs, VerifyArgs};

/// A folder of its own under the system's temporary folder, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> anyhow::Result<Scratch> {
        let base = std::env::temp_dir();
        for n in 0..1000u32 {
            let dir = base.join(format!("arena-verify-{}-{n}", std::process::id()));
            match std::fs::create_dir(&dir) {
                Ok(()) => return Ok(Scratch(dir)),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(e) => {
                    return Err(e).with_context(|| format!("cannot create {}", dir.display()))
                }
            }
        }
        bail!("cannot create a scratch folder in {}", base.display())
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The entries directly inside `folder`, by their names escaped as the intake escapes
/// them ([`escape_os`]): the form a manifest's `source` records.
fn escaped_entries(folder: &Path) -> anyhow::Result<Vec<(String, PathBuf)>> {
    let list = std::fs::read_dir(folder)
        .with_context(|| format!("cannot read the folder {}", escape_path(folder)))?;
    let mut out = Vec::new();
    for entry in list {
        let entry =
            entry.with_context(|| format!("cannot read the folder {}", escape_path(folder)))?;
        out.push((escape_os(&entry.file_name()), entry.path()));
    }
    out.sort();
    Ok(out)
}

/// The modules found in the folders named after the results folder, each folder listed
/// once. A manifest's `source` is the module's name escaped (`FILE`, or `FOLDER/FILE` for
/// a student's sub-folder), so a module is found by escaping the names on disk the same
/// way and comparing; the escaped text is never parsed back into a name.
struct Folders<'a> {
    /// The folders, in the order given, with their entries by escaped name.
    listed: Vec<(&'a Path, Vec<(String, PathBuf)>)>,
}

impl<'a> Folders<'a> {
    /// Lists every folder once (a zip archive is searched when a module is looked up).
    fn list(folders: &'a [PathBuf]) -> anyhow::Result<Folders<'a>> {
        let listed = folders
            .iter()
            .map(|f| {
                if is_archive(f) {
                    return Ok((f.as_path(), Vec::new()));
                }
                Ok((f.as_path(), escaped_entries(f)?))
            })
            .collect::<anyhow::Result<_>>()?;
        Ok(Folders { listed })
    }

    /// Where a recorded module is now: the file under the first folder (or the entry of
    /// the first zip archive) whose escaped path relative to it is the module's `source`.
    fn locate(&self, bot: &BotEntry) -> anyhow::Result<Source> {
        for (folder, entries) in &self.listed {
            if is_archive(folder) {
                if let Some(mut found) = arena::submissions::zipped::locate(folder, &bot.source)? {
                    // The student as recorded: a name plays no part in the games.
                    found.identity = bot.lms.clone();
                    return Ok(Source::Archived(Box::new(found)));
                }
                continue;
            }
            for (name, path) in entries {
                if *name == bot.source {
                    if path.is_file() {
                        return Ok(Source::Module(path.clone()));
                    }
                    continue;
                }
                // A student's sub-folder: `FOLDER/FILE`. An escaped name never holds a
                // `/`, so the split is the one the intake made.
                let rest = bot
                    .source
                    .strip_prefix(name.as_str())
                    .and_then(|r| r.strip_prefix('/'));
                if let Some(rest) = rest.filter(|_| path.is_dir()) {
                    for (inner, file) in escaped_entries(path)? {
                        if inner == rest && file.is_file() {
                            return Ok(Source::Module(file));
                        }
                    }
                }
            }
        }
        let looked: Vec<String> = self.listed.iter().map(|(f, _)| escape_path(f)).collect();
        bail!(
            "the module of `{}` ({}) is in none of the folders given ({}): name the folder of the submissions after the results folder",
            bot.name,
            bot.source,
            if looked.is_empty() { "none".to_string() } else { looked.join(", ") }
        )
    }
}

/// Refuses a MODULES argument that is not a folder (or a zip archive of submissions),
/// before anything is read: each must be what holds the submissions.
pub(super) fn check_folders(folders: &[PathBuf]) -> anyhow::Result<()> {
    for folder in folders {
        match std::fs::metadata(folder) {
            Ok(meta) if meta.is_dir() => {}
            Ok(meta) if meta.is_file() && is_archive(folder) => {}
            Ok(_) => bail!(
                "{}: not a folder (name the folder that holds the submissions, not a module)",
                escape_path(folder)
            ),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                bail!("{}: no such folder", escape_path(folder))
            }
            Err(e) => bail!("{}: cannot be read: {e}", escape_path(folder)),
        }
    }
    Ok(())
}

/// The sandbox flags that give the recorded limits (the others are arena's defaults,
/// which the comparison of `tournament.json` checks).
pub(super) fn limit_args(limits: &serde_json::Value, path: &Path) -> anyhow::Result<LimitArgs> {
    let get = |key: &str| {
        limits
            .get(key)
            .and_then(serde_json::Value::as_u64)
            .with_context(|| format!("{}: `limits.{key}` is missing", path.display()))
    };
    Ok(LimitArgs {
        fuel: get("fuel_per_move")?,
        memory_mib: get("memory_bytes")? >> 20,
        stack_kib: get("stack_bytes")? >> 10,
        timeout_secs: get("timeout_secs")?,
    })
}

/// The recorded bots as candidates: builtins by name, modules found in `folders`.
pub(super) fn candidates(
    manifest: &Manifest,
    folders: &[PathBuf],
) -> anyhow::Result<Vec<Candidate>> {
    let folders = Folders::list(folders)?;
    let mut bots = Vec::new();
    for bot in &manifest.bots {
        let source = match bot.source.parse::<BotSpec>() {
            Ok(BotSpec::Builtin { strategy, depth }) if bot.source.starts_with("builtin:") => {
                Source::Builtin { strategy, depth }
            }
            _ => folders.locate(bot)?,
        };
        bots.push(Candidate {
            // Recorded escaped: escaping it again would rename `a\\b` to `a\\\\b`.
            name: BotName::from_escaped(bot.name.clone()),
            source,
            file: bot.source.clone(),
            reference: bot.reference,
        });
    }
    Ok(bots)
}

/// The threads `--threads` asks for, or every core.
fn threads(flag: Option<u32>) -> usize {
    match flag {
        Some(n) => n as usize,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    }
}

/// A results folder played again: how many games, and how the recorded files differ
/// from the reproduction's.
pub(super) struct Reproduced {
    /// Games played again.
    pub games: usize,
    /// The differences ([`verify::compare`]).
    pub diffs: Vec<verify::Difference>,
    /// Files of the folder arena does not write (not checked).
    pub ignored: Vec<String>,
}

/// Prints the differences (or that there are none) and gives the exit code.
fn conclude(dir: &Path, reproduced: &Reproduced) -> ExitCode {
    let Reproduced {
        games,
        diffs,
        ignored,
    } = reproduced;
    for f in ignored {
        eprintln!("note: {f} is not a file arena writes: not checked");
    }
    if diffs.is_empty() {
        println!(
            "verified: all {games} games, their replays and the summary files of {} are reproduced exactly",
            dir.display()
        );
        ExitCode::SUCCESS
    } else {
        for line in verify::report_lines(diffs) {
            println!("{line}");
        }
        println!(
            "{}: {} is not what this tournament produces",
            verify::plural(diffs.len(), "difference"),
            dir.display()
        );
        ExitCode::from(1)
    }
}

/// Compares `dir` with its reproduction in `scratch`.
fn compared(dir: &Path, scratch: &Path, games: usize) -> anyhow::Result<Reproduced> {
    let (diffs, ignored) = verify::compare(dir, scratch)?;
    Ok(Reproduced {
        games,
        diffs,
        ignored,
    })
}

/// The grading inputs a reproduction of `dir` keeps when no flag gives them: what its
/// manifest records (a folder that records none is reproduced with the flags alone).
fn kept<'a>(dir: &'a Path, manifest: &Manifest) -> super::common::Kept<'a> {
    match manifest.grading {
        Some(_) => super::common::Kept::Folder(dir),
        None => super::common::Kept::Nothing,
    }
}

/// `verify` of a table tournament: the same reproduction through the table model.
fn verify_table(
    args: &Reproduce<'_>,
    manifest: &Manifest,
    seats: u8,
) -> anyhow::Result<Reproduced> {
    let dir = args.results;
    let path = dir.join(arena::output::manifest::FILE);
    let kind = find_table_game(&manifest.game)?;
    table_tournament::check_manifest(dir, kind, manifest, seats)?;
    let threads = threads(args.threads);
    let sandbox = sandbox(&limit_args(&manifest.limits, &path)?)?;
    let bots = candidates(manifest, args.modules)?;
    let schedule = table_tournament::schedule_of(manifest, seats);
    let extremes = [
        (schedule.rows.min, schedule.cols.min),
        (schedule.rows.max, schedule.cols.max),
    ]
    .map(|(r, c)| GameParams {
        rows: Some(r),
        cols: Some(c),
        options: manifest.options.clone(),
    });
    let field = super::table_tournament::build_table_field(
        &bots,
        kind,
        &extremes,
        seats,
        manifest.depth,
        &sandbox,
    )?;
    let mut grading =
        super::common::load_recorded_grading(args.grading, manifest, kept(dir, manifest))?;
    super::standings::keep_recorded_anchor(dir, manifest, &mut grading)?;
    let scratch = Scratch::new()?;
    let config = TableConfig {
        game: kind,
        seats,
        rows: schedule.rows,
        cols: schedule.cols,
        every_order: manifest.paired,
        rules: schedule.rules,
        rounds: manifest.rounds,
        seed: manifest.seed,
        threads,
        out: scratch.0.clone(),
        resume: false,
        options: manifest.options.clone(),
        depth: manifest.depth,
        limits: limits_json(sandbox.limits()),
        thread_stack: sandbox.limits().host_thread_stack(),
        reporting: grading,
        skipped: manifest.skipped.clone(),
        shard: manifest.shard,
        secret: manifest.secret.clone(),
    };
    let summary = table_tournament::run(&config, field, &Silent, &AtomicBool::new(false))?;
    // A folder with a similarity report: derived again (docs/SIMILARITY.md).
    super::similar::rederive(dir, &scratch.0, &bots, &sandbox)?;
    compared(dir, &scratch.0, summary.rows.len())
}

pub fn run(args: VerifyArgs) -> anyhow::Result<ExitCode> {
    let dir = &args.results;
    super::results_dir::require(dir)?;
    check_folders(&args.modules)?;
    let manifest = read_manifest(dir)?;
    // A shard has no summaries: it is checked by its games and replays alone.
    if manifest.shard.is_none() && !dir.join(arena::output::standings_csv::FILE).is_file() {
        bail!(
            "{}: no standings.csv: the tournament is not finished (finish it with the same `arena tournament` command and --resume), or the file was removed",
            dir.display()
        );
    }
    let records_roster = manifest
        .grading
        .as_ref()
        .is_some_and(|g| g.roster.is_some());
    if dir.join(arena::output::grades_csv::FILE).exists()
        && args.grading.roster.is_none()
        && !records_roster
    {
        bail!(
            "{}: grades.csv was written with a roster: give the same --roster (and --bands) to verify it",
            dir.display()
        );
    }
    let reproduced = reproduce(
        &Reproduce {
            results: dir,
            modules: &args.modules,
            threads: args.threads,
            grading: &args.grading,
        },
        &manifest,
    )?;
    Ok(conclude(dir, &reproduced))
}

/// The manifest of the results folder `dir`.
pub(super) fn read_manifest(dir: &Path) -> anyhow::Result<Manifest> {
    let path = dir.join(arena::output::manifest::FILE);
    Manifest::read(dir)?
        .with_context(|| format!("{}: missing: not a results folder", path.display()))
}

/// What a reproduction of a results folder is made from.
pub(super) struct Reproduce<'a> {
    /// The results folder.
    pub results: &'a Path,
    /// The folders the modules were taken from.
    pub modules: &'a [PathBuf],
    /// Worker threads (default: every core).
    pub threads: Option<u32>,
    /// Grading inputs given anew.
    pub grading: &'a GradingArgs,
}

/// Plays the games of the results folder `args.results` (of `manifest`) again from the
/// modules into a scratch folder, and compares: the shard of a sharded run by its games
/// and replays alone.
///
/// # Errors
/// A module not found, a field that cannot be built, a folder that cannot be read.
pub(super) fn reproduce(args: &Reproduce<'_>, manifest: &Manifest) -> anyhow::Result<Reproduced> {
    let dir = args.results;
    let path = dir.join(arena::output::manifest::FILE);
    if let Some(seats) = manifest.seats {
        return verify_table(args, manifest, seats);
    }
    let game = find_game(&manifest.game)?;
    let rules = SeriesRules::new(manifest.best_of, manifest.paired, manifest.play_all)
        .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    let threads = threads(args.threads);
    let sandbox = sandbox(&limit_args(&manifest.limits, &path)?)?;
    let bots = candidates(manifest, args.modules)?;
    let field = super::tournament::build_field(&bots, game, manifest.depth, &sandbox)?;
    let mut grading =
        super::common::load_recorded_grading(args.grading, manifest, kept(dir, manifest))?;
    super::standings::keep_recorded_anchor(dir, manifest, &mut grading)?;
    let scratch = Scratch::new()?;
    let config = Config {
        game,
        rows: SizeRange {
            min: manifest.rows[0],
            max: manifest.rows[1],
        },
        cols: SizeRange {
            min: manifest.cols[0],
            max: manifest.cols[1],
        },
        rules,
        rounds: manifest.rounds,
        seed: manifest.seed,
        threads,
        out: scratch.0.clone(),
        resume: false,
        options: manifest.options.clone(),
        depth: manifest.depth,
        limits: limits_json(sandbox.limits()),
        thread_stack: sandbox.limits().host_thread_stack(),
        reporting: grading,
        skipped: manifest.skipped.clone(),
        shard: manifest.shard,
        sprt: manifest.sprt,
    };
    let stop = AtomicBool::new(false);
    let summary = tournament::run(&config, field, &Silent, &stop)?;
    // A folder with a similarity report: derived again (docs/SIMILARITY.md).
    super::similar::rederive(dir, &scratch.0, &bots, &sandbox)?;
    compared(dir, &scratch.0, summary.games as usize)
}
