//! Validation shared by the commands: game, sizes, options, bots, colour.

use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::path::Path;

use anyhow::{bail, Context as _};
use arena::rng_size::SizeRange;
use arena::runtime::{Compiler, Limits, ModuleCache, Sandbox};
use arena_games::{find_game, GameKind, GameParams};

use super::{GameArgs, LimitArgs};

/// Refuses, by name, a game of the table model (one to four seats) where only a two-seat
/// game can be played (`match`, `analyze`): such a game is no unknown game, and
/// `--option players=N` of a one-way piece is no unknown option.
///
/// # Errors
/// Naming the game or the option and the commands that play it.
fn refuse_table_game(args: &GameArgs) -> anyhow::Result<()> {
    let table = arena_games::registry::find_table_game(&args.game).is_ok();
    if table && find_game(&args.game).is_err() {
        bail!(
            "`{}` is a game for one to four seats: this command plays the two-seat games only; `arena tournament`, `arena play` and `arena check` play it",
            args.game
        );
    }
    let players = args.options.iter().find_map(|o| o.strip_prefix("players="));
    if let Some(n) = players.filter(|&n| table && n != "2") {
        bail!(
            "--option players={n}: this command plays two seats only; `arena tournament`, `arena play` and `arena check` play {} with {n}",
            args.game
        );
    }
    Ok(())
}

/// The validated game settings.
pub struct GameChoice {
    pub kind: &'static dyn GameKind,
    pub rows: SizeRange,
    pub cols: SizeRange,
    pub options: BTreeMap<String, String>,
}

impl GameChoice {
    /// Checks the game name, sizes and options; `ranges` allows `6..10`.
    pub fn new(args: &GameArgs, ranges: bool) -> anyhow::Result<GameChoice> {
        refuse_table_game(args)?;
        let kind = find_game(&args.game)?;
        let info = kind.info();
        let size = |flag: &str,
                    value: &Option<String>,
                    default: u32|
         -> anyhow::Result<SizeRange> {
            let range = match value {
                Some(v) => v
                    .parse::<SizeRange>()
                    .map_err(|e| anyhow::anyhow!("--{flag}: {e}"))?,
                None => SizeRange::fixed(default),
            };
            if !ranges && range.min != range.max {
                bail!("--{flag}: this command takes one size, not a range (`tournament` and `match` take ranges)");
            }
            Ok(range)
        };
        let rows = size("rows", &args.rows, info.default_rows)?;
        let cols = size("cols", &args.cols, info.default_cols)?;
        let options = option_map(&args.options)?;
        let choice = GameChoice {
            kind,
            rows,
            cols,
            options,
        };
        // Try the extreme sizes now, so that a bad size fails before any work.
        for (r, c) in [(rows.min, cols.min), (rows.max, cols.max)] {
            kind.new_game(&choice.params(r, c), 0)
                .map_err(|e| anyhow::anyhow!("{}: {e}", info.name))?;
        }
        Ok(choice)
    }

    /// Parameters for one size.
    pub fn params(&self, rows: u32, cols: u32) -> GameParams {
        GameParams {
            rows: Some(rows),
            cols: Some(cols),
            options: self.options.clone(),
        }
    }
}

/// Whether to draw with colours on stdout.
pub fn use_color(no_color: bool) -> bool {
    !no_color
        && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        && std::io::stdout().is_terminal()
}

/// An error when `what` (a game, a trial instance) met a problem of the machine rather
/// than of a bot (`why`, from [`arena::bot::Fault::Harness`]): a match or a check stops
/// on it instead of reporting a bot's fault.
///
/// # Errors
/// The problem, naming `what`, when there is one.
pub fn stop_on_harness_problem(
    what: impl std::fmt::Display,
    why: Option<&str>,
) -> anyhow::Result<()> {
    match why {
        Some(why) => bail!("{what}: {why} (a problem of this machine or its limits, not of a bot)"),
        None => Ok(()),
    }
}

/// The sandbox for the limits the flags ask for (each thread that plays gets its own pool
/// of `max_live_bots` slots, room for the bots of the one game it plays at a time).
pub fn sandbox(args: &LimitArgs) -> anyhow::Result<Sandbox> {
    // The flags' ranges (`bounds`) keep every value within what the sandbox accepts.
    let limits = Limits {
        fuel_per_move: args.fuel,
        memory_bytes: args.memory_mib << 20,
        stack_bytes: usize::try_from(args.stack_kib << 10).unwrap_or(usize::MAX),
        timeout_secs: args.timeout_secs,
        ..Limits::default()
    };
    // Students' modules compile in a child process (this executable) under the compile
    // limits, with compiled modules cached (docs/ABI.md, "Compiling").
    let exe = std::env::current_exe().context("cannot find the arena executable")?;
    let cache = open_cache()?;
    Sandbox::with_compiler(limits, Compiler::Process(exe), cache)
        .map_err(|e| anyhow::anyhow!("{e}"))
}

/// The `--option NAME=VALUE` flags as a map. A name given twice is refused, naming both
/// values, rather than one of them silently winning.
///
/// # Errors
/// A flag without `=`, or a name given twice.
pub fn option_map(flags: &[String]) -> anyhow::Result<BTreeMap<String, String>> {
    let mut options = BTreeMap::new();
    for o in flags {
        let (k, v) = o.split_once('=').with_context(|| {
            format!(
                "--option `{}`: write it as NAME=VALUE",
                arena::bot_name::escape_message(o)
            )
        })?;
        if let Some(first) = options.insert(k.to_string(), v.to_string()) {
            let shown = arena::bot_name::escape_message;
            bail!(
                "--option {}: given twice ({}={} and {}={}); give each option once",
                shown(k),
                shown(k),
                shown(&first),
                shown(k),
                shown(v)
            );
        }
    }
    Ok(options)
}

/// The compiled-module cache the CLI uses (`ModuleCache::default_dir`, bounded by
/// `ARENA_CACHE_MAX_MIB`), or none when it is turned off or its folder cannot be used
/// (said on stderr: the run goes on, compiling every module).
///
/// # Errors
/// When `ARENA_CACHE_MAX_MIB` is not a number of MiB.
pub fn open_cache() -> anyhow::Result<Option<ModuleCache>> {
    let Some(dir) = ModuleCache::default_dir() else {
        return Ok(None);
    };
    let max_bytes = arena::runtime::cache_max_bytes_from_env()?;
    Ok(ModuleCache::open_bounded(dir, max_bytes)
        .map_err(|e| eprintln!("note: {e}; compiling without a cache"))
        .ok())
}

/// The limits that decide results, by name, for the manifest (not the pool size, which
/// depends on the machine and changes nothing a bot can observe).
pub fn limits_json(limits: &Limits) -> serde_json::Value {
    serde_json::json!({
        "fuel_per_move": limits.fuel_per_move,
        "fuel_instantiate": limits.fuel_instantiate,
        "memory_bytes": limits.memory_bytes,
        "stack_bytes": limits.stack_bytes,
        "table_elements": limits.table_elements,
        "module_bytes": limits.module_bytes,
        "max_functions": limits.max_functions,
        "output_bytes": limits.output_bytes,
        "timeout_secs": limits.timeout_secs,
    })
}

/// Refuses `--depth` deeper than the game allows, naming the flag and the bound.
pub fn check_depth_flag(depth: Option<u32>, game: &'static dyn GameKind) -> anyhow::Result<()> {
    let info = game.info();
    if let Some(d) = depth.filter(|&d| d > info.max_depth) {
        bail!(
            "--depth {d}: {} allows at most {} (deeper searches take more than a second a move)",
            info.name,
            info.max_depth
        );
    }
    Ok(())
}

/// An error for a command that needs a whole tournament (its standings, its report) when
/// `dir` holds one shard of one: a shard has no standings of its own.
///
/// # Errors
/// Naming the shard and the command that combines the shards.
pub fn refuse_shard(
    dir: &std::path::Path,
    manifest: &arena::output::manifest::Manifest,
) -> anyhow::Result<()> {
    match manifest.shard {
        Some(shard) => bail!(
            "{}: shard {shard} of a tournament has no standings of its own: combine every \
             shard with `arena merge SHARD... --out DIR` first (docs/CLUSTER.md)",
            arena::bot_name::escape_path(dir)
        ),
        None => Ok(()),
    }
}

/// Refuses an `--anchor` that names no bot of the field about to play (builtins and
/// references included), listing the bots: checked before anything is loaded or played,
/// so that ratings are never silently centred on the mean instead.
///
/// # Errors
/// Naming the anchor and the bots.
pub fn check_anchor(
    args: &super::GradingArgs,
    bots: &[arena::submissions::Candidate],
) -> anyhow::Result<()> {
    if let Some(anchor) = &args.anchor {
        if !bots.iter().any(|c| c.name.as_str() == anchor) {
            let all: Vec<&str> = bots.iter().map(|c| c.name.as_str()).collect();
            bail!(
                "--anchor `{}` is not one of the bots: {}",
                arena::bot_name::escape_text(anchor),
                all.join(", ")
            );
        }
    }
    Ok(())
}

/// The roster, bands and anchor for a field about to play, whose submissions are its
/// module bots that are not gauntlet references (builtins belong to no student).
/// `resumed` is the results folder of a `--resume`, whose grading is kept as in
/// [`load_recorded_grading`].
pub fn load_field_grading(
    args: &super::GradingArgs,
    bots: &[arena::submissions::Candidate],
    skipped: &[arena::output::manifest::SkippedEntry],
    resumed: Option<&Path>,
) -> anyhow::Result<arena::tournament::Reporting> {
    let submissions: Vec<String> = bots
        .iter()
        .filter(|c| !c.reference && matches!(c.source, arena::submissions::Source::Module(_)))
        .map(|c| c.name.as_str().to_string())
        .collect();
    load_grading(args, &submissions, skipped, resumed)
}

/// The roster, bands and anchor for a recorded tournament, whose submissions are the
/// manifest's module bots that are not gauntlet references. With `dir` (a folder whose
/// summaries are about to be rewritten), the folder's own grading is never dropped
/// unasked: without `--roster`, the roster its `grades.csv` records is kept (with a
/// note), and a folder graded with bands is refused without `--bands`.
pub fn load_recorded_grading(
    args: &super::GradingArgs,
    manifest: &arena::output::manifest::Manifest,
    dir: Option<&Path>,
) -> anyhow::Result<arena::tournament::Reporting> {
    let submissions: Vec<String> = manifest
        .bots
        .iter()
        .filter(|b| !b.reference && !b.source.starts_with("builtin:"))
        .map(|b| b.name.clone())
        .collect();
    load_grading(args, &submissions, &manifest.skipped, dir)
}

/// The roster a graded folder was played or recomputed with, as its `grades.csv` records
/// it (every student's id, name and module), and whether any grade was given; `None`
/// without a `grades.csv`.
fn recorded_roster(dir: &Path) -> anyhow::Result<Option<(arena::grading::roster::Roster, bool)>> {
    use arena::grading::roster::Roster;
    let path = dir.join(arena::output::grades_csv::FILE);
    if !path.exists() {
        return Ok(None);
    }
    let shown = arena::bot_name::escape_path(&path);
    let unreadable = |e: &dyn std::fmt::Display| anyhow::anyhow!("{shown}: {e}");
    let mut reader = csv::Reader::from_path(&path).map_err(|e| unreadable(&e))?;
    let headers = reader.headers().map_err(|e| unreadable(&e))?.clone();
    let col = |name: &str| {
        headers
            .iter()
            .position(|h| h == name)
            .ok_or_else(|| unreadable(&format!("no `{name}` column")))
    };
    let (id, name, bot, grade) = (col("student_id")?, col("name")?, col("bot")?, col("grade")?);
    let mut roster = csv::Writer::from_writer(Vec::new());
    roster.write_record(["file", "student_id", "name"])?;
    let mut graded = false;
    for record in reader.records() {
        let record = record.map_err(|e| unreadable(&e))?;
        let cell = |i: usize| record.get(i).unwrap_or("");
        graded |= !cell(grade).is_empty();
        // The `bot` column holds a bot's name, which may itself end in `.wasm`, `.wat` or
        // `.py` (a file `ana.wasm.wasm` is the bot `ana.wasm`): as a roster's `file` it
        // gets an extension, which the roster takes off again, and nothing more.
        let file = format!("{}.wasm", cell(bot));
        roster.write_record([file.as_str(), cell(id), cell(name)])?;
    }
    let text = String::from_utf8(roster.into_inner()?)?;
    let roster = Roster::parse(&text).map_err(|e| unreadable(&e))?;
    Ok(Some((roster, graded)))
}

/// Reads the roster and bands, checking the roster against the submitted bots: a module
/// without a roster entry is an error; a student without a module (even one named like a
/// gauntlet reference or a builtin, which belong to no student) is reported and graded as
/// not handed in. With `recorded` (see [`load_recorded_grading`]), that folder's roster
/// stands in for a missing `--roster`, and its grades for a missing `--bands` are refused.
fn load_grading(
    args: &super::GradingArgs,
    submissions: &[String],
    skipped: &[arena::output::manifest::SkippedEntry],
    recorded: Option<&Path>,
) -> anyhow::Result<arena::tournament::Reporting> {
    use arena::grading::{bands::Bands, roster::Roster};
    let kept = match recorded {
        Some(dir) => recorded_roster(dir)?,
        None => None,
    };
    if let (Some((_, true)), Some(dir)) = (&kept, recorded) {
        if args.bands.is_none() {
            // With or without a new roster: rewriting the summaries without bands would
            // empty every grade.
            bail!(
                "{} was graded with a roster and bands: pass --roster and --bands again \
                 (recomputing without them would drop the grades of grades.csv)",
                arena::bot_name::escape_path(dir)
            );
        }
    }
    let (roster, source) = match (&args.roster, kept, recorded) {
        (Some(path), _, _) => (Some(Roster::read(path)?), path.display().to_string()),
        (None, Some((roster, _)), Some(dir)) => {
            let path = arena::bot_name::escape_path(&dir.join(arena::output::grades_csv::FILE));
            eprintln!("note: student ids kept from {path} (pass --roster to change them)");
            (Some(roster), path.to_string())
        }
        _ => (None, String::new()),
    };
    // Builtins and references belong to no student, whatever a roster line says.
    let roster = roster.map(|r| r.owning(submissions.iter().cloned()));
    if let Some(r) = &roster {
        let m = r.matching(submissions.iter().map(String::as_str));
        if !m.missing.is_empty() {
            let names: Vec<String> = m.missing.iter().map(|b| format!("`{b}`")).collect();
            bail!(
                "{source}: no roster entry for {}: add a line per module (file,student_id,name)",
                names.join(", ")
            );
        }
        for s in &m.extra {
            // The roster's text, shown escaped: no control character reaches the terminal.
            let shown = arena::bot_name::escape_message;
            // An entry that would have been this student's module but was skipped (two
            // files of one name, a link, ...) is named: the student handed something in.
            let entries: Vec<String> = skipped
                .iter()
                .filter(|e| {
                    let entry = e.file.split('/').next().unwrap_or(&e.file);
                    arena::grading::roster::bot_of(entry) == s.bot
                })
                .map(|e| format!("`{}` ({})", shown(&e.file), shown(&e.reason)))
                .collect();
            if entries.is_empty() {
                eprintln!(
                    "note: {} ({}) handed in no module `{}`; graded as not submitted",
                    shown(&s.name),
                    shown(&s.id),
                    shown(&s.bot)
                );
            } else {
                eprintln!(
                    "note: {} ({}) has no module `{}` that plays: skipped {}; graded as not submitted",
                    shown(&s.name),
                    shown(&s.id),
                    shown(&s.bot),
                    entries.join(", ")
                );
            }
        }
    }
    let bands = args.bands.as_deref().map(Bands::read).transpose()?;
    Ok(arena::tournament::Reporting {
        roster,
        bands,
        anchor: args.anchor.clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_harness_problem_stops_the_command_and_says_whose_it_is() {
        assert!(stop_on_harness_problem("game 1", None).is_ok());
        let error = stop_on_harness_problem("game 1", Some("the pool is full")).unwrap_err();
        assert_eq!(
            error.to_string(),
            "game 1: the pool is full (a problem of this machine or its limits, not of a bot)"
        );
    }
}
