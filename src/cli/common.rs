//! Validation shared by the commands: game, sizes, options, bots, colour.

use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::path::Path;

use anyhow::{bail, Context as _};
use arena::rng_size::SizeRange;
use arena::runtime::{Compiler, Limits, ModuleCache, Sandbox};
use arena_games::{find_game, GameKind, GameParams};

use super::{GameArgs, LimitArgs};
use arena::grading::lms_export::LmsStudent;

/// Refuses, by name, a game of the table model (one to four seats) where only a two-seat
/// game can be played (`match`, `analyze`): such a game is no unknown game, and
/// `--option players=N` of a one-way piece is no unknown option.
///
/// # Errors
/// Naming the game or the option and the commands that play it.
fn refuse_table_game(args: &GameArgs) -> anyhow::Result<()> {
    let table = arena_games::registry::find_table_game(args.game()).is_ok();
    if table && find_game(args.game()).is_err() {
        bail!(
            "`{}` is a game for one to four seats: this command plays the two-seat games only; `arena tournament`, `arena play` and `arena check` play it",
            args.game()
        );
    }
    let players = args.options.iter().find_map(|o| o.strip_prefix("players="));
    if let Some(n) = players.filter(|&n| table && n != "2") {
        bail!(
            "--option players={n}: this command plays two seats only; `arena tournament`, `arena play` and `arena check` play {} with {n}",
            args.game()
        );
    }
    Ok(())
}

/// A `--game` value as the registry spells it: any case is accepted (`Kalah` is
/// `kalah`); an unknown name is refused with the nearest known one, if one is near.
///
/// # Errors
/// The unknown name, the suggestion and the known games (clap prints it as the flag's
/// error).
pub fn game_name(asked: &str) -> Result<String, String> {
    let games = arena_games::registry::table_games();
    let names: Vec<&'static str> = games.iter().map(|g| g.info().name).collect();
    if let Some(name) = names.iter().find(|n| n.eq_ignore_ascii_case(asked)) {
        return Ok((*name).to_string());
    }
    let lower = asked.to_ascii_lowercase();
    let nearest = names
        .iter()
        .map(|n| (strsim::osa_distance(&lower, n), *n))
        .filter(|&(d, n)| d <= (n.len() / 3).max(1))
        .min()
        .map(|(_, n)| n)
        .or_else(|| {
            // A beginning of one name only (`mine`, `tic`).
            let mut starting = names
                .iter()
                .filter(|n| !lower.is_empty() && n.starts_with(&lower));
            match (starting.next(), starting.next()) {
                (Some(n), None) => Some(*n),
                _ => None,
            }
        });
    let hint = nearest.map_or_else(String::new, |n| format!("; did you mean `{n}`?"));
    Err(format!(
        "unknown game `{}`{hint} (known games: {}; see `arena games`)",
        arena::bot_name::escape_message(asked),
        names.join(", ")
    ))
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
        let kind = find_game(args.game())?;
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

/// Where the grading inputs no flag gives come from.
pub enum Kept<'a> {
    /// Nowhere: a new run grades with its flags only.
    Nothing,
    /// A results folder (resumed, recomputed, verified): what its manifest records
    /// ([`arena::output::manifest::GradingInputs`]); for a folder written before arena
    /// recorded them, the roster its `grades.csv` lists, and a refusal to drop its grades
    /// without `--bands`.
    Folder(&'a Path),
    /// The shards of a merge: what they all recorded
    /// ([`arena::tournament::merge::shards_grading`]).
    Shards(arena::output::manifest::GradingInputs),
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
        .filter(|c| !c.reference && c.source.is_module())
        .map(|c| c.name.as_str().to_string())
        .collect();
    let lms: Vec<LmsStudent> = bots
        .iter()
        .filter_map(|c| Some(lms_student(c.name.as_str(), c.source.identity()?)))
        .chain(skipped_students(skipped))
        .collect();
    let kept = resumed.map_or(Kept::Nothing, Kept::Folder);
    load_grading(args, &submissions, skipped, kept, &lms)
}

/// A bot's student as a learning platform's export is matched to it.
fn lms_student(bot: &str, identity: &arena::submissions::lms::Identity) -> LmsStudent {
    LmsStudent {
        bot: bot.to_string(),
        id: identity.id.clone(),
        name: identity.name.clone(),
        blind: identity.blind,
    }
}

/// The students of a download whose entries were all skipped (each once).
fn skipped_students(
    skipped: &[arena::output::manifest::SkippedEntry],
) -> impl Iterator<Item = LmsStudent> + '_ {
    let mut seen = std::collections::BTreeSet::new();
    skipped.iter().filter_map(move |e| {
        let (bot, id) = (e.student.clone()?, e.lms_id.clone()?);
        seen.insert(id.clone()).then_some(LmsStudent {
            blind: false,
            name: e.lms_name.clone(),
            bot,
            id,
        })
    })
}

/// The roster, bands and anchor for a recorded tournament, whose submissions are the
/// manifest's module bots that are not gauntlet references. An input no flag gives is
/// kept from `kept` (with a note): rewriting a folder's summaries never drops its
/// grading unasked.
pub fn load_recorded_grading(
    args: &super::GradingArgs,
    manifest: &arena::output::manifest::Manifest,
    kept: Kept<'_>,
) -> anyhow::Result<arena::tournament::Reporting> {
    let submissions: Vec<String> = manifest
        .bots
        .iter()
        .filter(|b| !b.reference && !b.source.starts_with("builtin:"))
        .map(|b| b.name.clone())
        .collect();
    let lms: Vec<LmsStudent> = manifest
        .bots
        .iter()
        .filter_map(|b| Some(lms_student(&b.name, b.lms.as_ref()?)))
        .chain(skipped_students(&manifest.skipped))
        .collect();
    load_grading(args, &submissions, &manifest.skipped, kept, &lms)
}

/// Records in `dir`'s manifest the grading inputs its summaries were just rewritten with
/// (`arena standings`, `arena report`), so that the next command keeps them.
///
/// # Errors
/// When the manifest cannot be read or written.
pub fn record_grading(dir: &Path, grading: &arena::tournament::Reporting) -> anyhow::Result<()> {
    use arena::output::manifest::Manifest;
    let Some(mut manifest) = Manifest::read(dir)? else {
        return Ok(());
    };
    let record = grading.record();
    if manifest.grading != record {
        manifest.grading = record;
        manifest.write(dir)?;
    }
    Ok(())
}

/// The roster a graded folder was played or recomputed with, as its `grades.csv` records
/// it (every student's id, name and module) as a roster's text, and whether any grade
/// was given; `None` without a `grades.csv`. For a folder whose manifest records no
/// grading inputs (written before arena recorded them).
fn recorded_roster(dir: &Path) -> anyhow::Result<Option<(String, bool)>> {
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
    Roster::parse(&text).map_err(|e| unreadable(&e))?;
    Ok(Some((text, graded)))
}

/// The grading inputs `kept` offers, where they come from in words, and (a folder
/// written before arena recorded them) whether its `grades.csv` holds grades.
fn kept_inputs(
    kept: &Kept<'_>,
) -> anyhow::Result<(arena::output::manifest::GradingInputs, String, bool)> {
    use arena::output::manifest::{GradingInputs, Manifest, RecordedInput};
    match kept {
        Kept::Nothing => Ok((GradingInputs::default(), String::new(), false)),
        Kept::Shards(inputs) => Ok((inputs.clone(), "the shards' tournament.json".into(), false)),
        Kept::Folder(dir) => {
            let manifest = Manifest::read(dir)?;
            let file = arena::bot_name::escape_path(&dir.join(arena::output::manifest::FILE));
            match manifest.and_then(|m| m.grading) {
                Some(inputs) => Ok((inputs, file, false)),
                None => match recorded_roster(dir)? {
                    Some((text, graded)) => {
                        let inputs = GradingInputs {
                            roster: Some(RecordedInput::of(&text)),
                            ..GradingInputs::default()
                        };
                        let grades = dir.join(arena::output::grades_csv::FILE);
                        Ok((inputs, arena::bot_name::escape_path(&grades), graded))
                    }
                    None => Ok((GradingInputs::default(), file, false)),
                },
            }
        }
    }
}

/// Whether the skipped entry `file` (escaped, relative to the folder it was found in: a
/// file, a sub-folder `name/`, or an entry `name/inner` of one) would have been the
/// module of the bot `bot`: a file or folder named after it (`ana.wasm`, `ana/`, and
/// `ana.zip`, a module sent in an archive), or a learning platform's folder of the
/// student (`Ana Petrova_4411_assignsubmission_file_/` is `Ana Petrova`, or
/// `Ana Petrova_4411` when two students share the name), as intake names bots.
fn skipped_is_of(file: &str, bot: &str) -> bool {
    use arena::bot_name::escape_formula_start;
    let (top, inside) = match file.split_once('/') {
        Some((top, _)) => (top, true),
        None => (file, false),
    };
    if arena::grading::roster::bot_of(top) == bot {
        return true;
    }
    if inside {
        let (name, id) = arena::submissions::folder_name(&escape_formula_start(top.to_string()));
        return name == bot || id.is_some_and(|id| format!("{name}_{id}") == bot);
    }
    // Another kind of file named after the student (`ana.zip`, `ana.txt`).
    top.rsplit_once('.')
        .is_some_and(|(stem, _)| escape_formula_start(stem.to_string()) == bot)
}

/// Reads the roster and bands, checking the roster against the submitted bots: a module
/// without a roster entry is an error; a student without a module (even one named like a
/// gauntlet reference or a builtin, which belong to no student) is reported and graded as
/// not handed in. An input no flag gives is taken from `kept`, with a note.
fn load_grading(
    args: &super::GradingArgs,
    submissions: &[String],
    skipped: &[arena::output::manifest::SkippedEntry],
    kept: Kept<'_>,
    lms: &[LmsStudent],
) -> anyhow::Result<arena::tournament::Reporting> {
    use arena::grading::{bands::Bands, roster::Roster};
    use arena::output::manifest::{RecordedInput, SkippedEntry};
    let (recorded, place, legacy_grades) = kept_inputs(&kept)?;
    if legacy_grades && args.bands.is_none() {
        if let Kept::Folder(dir) = kept {
            // A folder that does not record its bands: rewriting its summaries without
            // them would empty every grade.
            bail!(
                "{} was graded with a roster and bands: pass --roster and --bands again \
                 (recomputing without them would drop the grades of grades.csv)",
                arena::bot_name::escape_path(dir)
            );
        }
    }
    let read_text = |path: &Path| -> anyhow::Result<RecordedInput> {
        Ok(RecordedInput::of(&arena::grading::read_text(path)?))
    };
    // Under blind marking the roster (a platform's export) names the students the download
    // hides: the folder keeps its hash alone, and a later command is given it again.
    let blind = lms.iter().any(|s| s.blind);
    let (roster, roster_file, source) = match (&args.roster, recorded.roster) {
        (Some(path), _) => (
            Some(Roster::read_with(path, lms)?),
            Some(read_text(path)?).map(|r| if blind { r.hash_only() } else { r }),
            path.display().to_string(),
        ),
        (None, Some(input)) if !input.has_text() => bail!(
            "{place} records only the roster's SHA-256 ({}…): under blind marking the \
             students' names stay out of the results folder, so pass --roster again",
            input.short()
        ),
        (None, Some(input)) => {
            let roster = Roster::parse_with(&input.text, lms)
                .map_err(|e| anyhow::anyhow!("{place}: the roster it records: {e}"))?;
            eprintln!("note: student ids kept from the roster {place} records (pass --roster to change them)");
            (Some(roster), Some(input), place.clone())
        }
        (None, None) => (None, None, String::new()),
    };
    // Builtins and references belong to no student, whatever a roster line says.
    let roster = roster.map(|r| r.owning(submissions.iter().cloned()));
    let mut unplayable = std::collections::BTreeMap::new();
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
            let theirs: Vec<SkippedEntry> = skipped
                .iter()
                .filter(|e| match &e.student {
                    // A learning platform's entry names its student.
                    Some(student) => *student == s.bot,
                    None => skipped_is_of(&e.file, &s.bot),
                })
                .cloned()
                .collect();
            let entries: Vec<String> = theirs
                .iter()
                .map(|e| format!("`{}` ({})", shown(&e.file), shown(&e.reason)))
                .collect();
            if !theirs.is_empty() {
                unplayable.insert(s.bot.clone(), theirs);
            }
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
    if args.bands.is_some() && roster.is_none() {
        bail!("--bands needs --roster: grades are given to the students of a roster");
    }
    let (bands, bands_file) = match (&args.bands, recorded.bands) {
        (Some(path), _) => (Some(Bands::read(path)?), Some(read_text(path)?)),
        (None, Some(input)) => {
            let bands = Bands::parse(&input.text)
                .map_err(|e| anyhow::anyhow!("{place}: the bands it records: {e}"))?;
            eprintln!(
                "note: grades given with the bands {place} records (pass --bands to change them)"
            );
            (Some(bands), Some(input))
        }
        (None, None) => (None, None),
    };
    let anchor = match (&args.anchor, recorded.anchor) {
        (Some(anchor), _) => Some(anchor.clone()),
        (None, Some(anchor)) => {
            eprintln!(
                "note: ratings anchored at `{}` as {place} records (pass --anchor to change it)",
                anchor.escape_debug()
            );
            Some(anchor)
        }
        (None, None) => None,
    };
    Ok(arena::tournament::Reporting {
        roster,
        bands,
        anchor,
        roster_file,
        bands_file,
        unplayable,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_skipped_student_keeps_the_name_the_download_shows() {
        use arena::output::manifest::SkippedEntry;
        let entry = |file: &str, bot: &str, id: &str, name: Option<&str>| SkippedEntry {
            file: file.into(),
            reason: "no module".into(),
            student: Some(bot.into()),
            lms_id: Some(id.into()),
            lms_name: name.map(Into::into),
        };
        let skipped = [
            entry("a/notes.txt", "Wei Zhang_12", "12", Some("Wei Zhang")),
            entry("a/more.txt", "Wei Zhang_12", "12", Some("Wei Zhang")),
            entry("b/x.txt", "Participant_9", "9", None),
        ];
        let students: Vec<LmsStudent> = skipped_students(&skipped).collect();
        assert_eq!(students.len(), 2);
        assert_eq!(students[0].bot, "Wei Zhang_12");
        assert_eq!(students[0].name.as_deref(), Some("Wei Zhang"));
        assert_eq!(students[1].name, None);
    }

    #[test]
    fn skipped_entries_are_matched_to_the_student_they_would_have_been() {
        for (file, bot) in [
            ("ana.wasm", "ana"),
            ("ana.WAT", "ana"),
            ("ana/", "ana"),
            ("ana.zip", "ana"),
            ("-ana.zip", "\\x2dana"),
            ("Ana Petrova_4411_assignsubmission_file_/", "Ana Petrova"),
            (
                "Ana Petrova_4411_assignsubmission_file_/",
                "Ana Petrova_4411",
            ),
            (
                "Ana Petrova_4411_assignsubmission_file_/bot.wasm",
                "Ana Petrova",
            ),
        ] {
            assert!(skipped_is_of(file, bot), "{file} is {bot}'s");
        }
        for (file, bot) in [
            ("notes.txt", "ana"),
            ("anabel.wasm", "ana"),
            ("ana/", "Ana"),
            ("Ana Petrova_4411_assignsubmission_file_/", "Ana"),
            ("Ana Petrova_x_assignsubmission_file_/", "Ana Petrova"),
        ] {
            assert!(!skipped_is_of(file, bot), "{file} is not {bot}'s");
        }
    }

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
