//! `arena tournament`: the instructor's main job.

use std::io::IsTerminal;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use anyhow::bail;
use arena::bot_name::escape_path;
use arena::field::Field;
use arena::output::folder_lock::FolderLock;
use arena::output::manifest::SkippedEntry;
use arena::output::{crosstable_csv, standings_csv};
use arena::runtime::Sandbox;
use arena::series::SeriesRules;
use arena::submissions::{self, Candidate, Intake};
use arena::tournament::{self, Config, Participant, Progress, Silent, TournamentError};
use arena_games::GameKind;
use indicatif::{ProgressBar, ProgressStyle};

use arena::units::counted;

use super::bounds::{MAX_SERIES, MAX_THREADS};
use super::common::{check_anchor, check_depth_flag, limits_json, load_field_grading, sandbox};
use super::table_choice::{choose, Choice};
use super::TournamentArgs;

/// The largest field whose cross-table is printed on stdout (it is always in the CSV).
const CROSSTABLE_MAX: usize = 12;

/// The field the arguments name ([`submissions::gather_with`]), zip archives read as
/// `--layout` and `--attempt` say; each archive's layout and student count are said on
/// stderr (`intake: Canvas layout, 41 students`).
pub(super) fn gather(args: &TournamentArgs) -> anyhow::Result<Intake> {
    let options = submissions::ArchiveOptions {
        layout: args.layout,
        attempt: args.attempt.unwrap_or_default(),
    };
    let intake = submissions::gather_with(&args.bots, &args.gauntlet, &options)?;
    for a in &intake.archives {
        eprintln!(
            "intake: {}: {} layout{}, {} {}",
            escape_path(&a.path),
            a.layout.title(),
            if a.forced { " (--layout)" } else { "" },
            a.students,
            if a.students == 1 {
                "student"
            } else {
                "students"
            }
        );
    }
    Ok(intake)
}

/// Prints every entry that will not be played (always, even with `--quiet`) and returns
/// them for the manifest.
pub(super) fn report_skipped(intake: &Intake) -> Vec<SkippedEntry> {
    for s in &intake.skipped {
        eprintln!("skipped: {}: {}", escape_path(&s.path), s.reason);
    }
    intake
        .skipped
        .iter()
        .map(|s| SkippedEntry {
            file: s.file.clone(),
            reason: s.reason.to_string(),
            student: s.student.as_ref().map(|st| st.bot.clone()),
            lms_id: s.student.as_ref().map(|st| st.id.clone()),
            lms_name: s.student.as_ref().and_then(|st| st.name.clone()),
        })
        .collect()
}

/// Tells what a finished part of a sharded tournament holds and how to combine the parts.
pub(super) fn say_shard_done(shard: arena::schedule::Shard, games: u64, out: &std::path::Path) {
    println!(
        "shard {shard}: {games} games in {}; when every shard is done, combine them with `arena merge SHARD_DIRS... --out DIR`",
        escape_path(out)
    );
}

/// Refuses a schedule of more than [`MAX_SERIES`] series: `per_round` of them a round
/// (pairs, or tables: `noun`), for a field of `bots` (`at`: what else to say of it).
pub(super) fn check_schedule_size(
    bots: usize,
    at: &str,
    per_round: u64,
    noun: &str,
    rounds: u32,
) -> anyhow::Result<()> {
    let series = per_round.saturating_mul(u64::from(rounds));
    if series > MAX_SERIES {
        bail!(
            "--rounds {rounds} with {bots} bots{at} makes {series} {noun}, more than the cap of {MAX_SERIES}: use fewer rounds, or split the field"
        );
    }
    Ok(())
}

/// Series a round of a two-seat tournament: every pair, or every submission against every
/// reference in a gauntlet.
fn pairs_per_round(bots: &[Candidate]) -> u64 {
    let refs = bots.iter().filter(|b| b.reference).count() as u64;
    let subs = bots.len() as u64 - refs;
    if refs > 0 {
        subs * refs
    } else {
        subs * subs.saturating_sub(1) / 2
    }
}

/// Loads the field ([`Field::load`]) and names every disqualified module (escaped, on
/// one line) on stderr: it stays in the standings.
pub(super) fn build_field(
    bots: &[Candidate],
    game: &'static dyn GameKind,
    depth: Option<u32>,
    sandbox: &Sandbox,
) -> anyhow::Result<Vec<Participant>> {
    let field = Field::load(bots, game, depth, sandbox)?;
    for (path, reason) in &field.disqualified {
        eprintln!("{}: disqualified: {reason}", escape_path(path));
    }
    Ok(field.participants)
}

/// Refuses a field in which a gauntlet reference is disqualified (its module does not
/// load, its trial instance fails, it does not play this game): it would forfeit every
/// game, and every submission would be graded on beating a bot that never moved.
/// References are the instructor's own, so this stops the run before anything is played.
pub(super) fn refuse_disqualified_references(field: &[Participant]) -> anyhow::Result<()> {
    let refused: Vec<String> = field
        .iter()
        .filter(|p| p.reference)
        .filter_map(|p| {
            let why = p.disqualified.as_ref()?;
            Some(format!(
                "--gauntlet reference {} cannot play: {why}; ",
                p.name
            ))
        })
        .collect();
    if !refused.is_empty() {
        bail!(
            "{}a gauntlet plays only when every reference it is given plays: fix or replace \
             the reference; nothing was played",
            refused.concat()
        );
    }
    Ok(())
}

/// Notes modules with byte-identical content: all are played; the instructor decides.
pub(super) fn note_identical(field: &[Participant]) {
    let groups = submissions::identical(
        field
            .iter()
            .filter(|p| !p.sha256.is_empty())
            .map(|p| (p.name.as_str(), p.sha256.as_str())),
    );
    for g in groups {
        eprintln!(
            "note: {} are byte-identical modules (all are played)",
            g.join(", ")
        );
    }
}

/// The progress bar, on a terminal, and the games series left unplayed so far (for the
/// estimate of the time left, [`eta`]).
struct Bar(ProgressBar, Arc<std::sync::atomic::AtomicU64>);

impl Progress for Bar {
    fn set_total(&self, games: u64) {
        self.0.set_length(games);
    }
    fn game_done(&self) {
        self.0.inc(1);
    }
    fn skip(&self, games: u64) {
        self.1.fetch_add(games, Ordering::Relaxed);
        let len = self.0.length().unwrap_or(0);
        self.0.set_length(len.saturating_sub(games));
    }
}

/// Games that must be done, and the share of the schedule they must be, before the bar
/// shows an estimate of the time left: the first games run while the workers load their
/// modules, and the first series are not yet decided.
const ETA_AFTER_GAMES: u64 = 20;
/// The share of the games after which the bar estimates (with [`ETA_AFTER_GAMES`]).
const ETA_AFTER_SHARE: f64 = 0.05;

/// The time left, estimated from the mean pace of the whole run so far (not the last
/// few games) and the games still to play, scaled by the share of scheduled games
/// actually played so far (a decided series skips the rest of its games); `None` until
/// enough games are done to say.
fn eta(
    elapsed: std::time::Duration,
    done: u64,
    total: u64,
    skipped: u64,
) -> Option<std::time::Duration> {
    let enough = ETA_AFTER_GAMES.max((total as f64 * ETA_AFTER_SHARE) as u64);
    if done < enough || done == 0 {
        return None;
    }
    let left = total.saturating_sub(done) as f64;
    let played_share = done as f64 / (done + skipped) as f64;
    let per_game = elapsed.as_secs_f64() / done as f64;
    Some(std::time::Duration::from_secs_f64(
        left * played_share * per_game,
    ))
}

/// Progress as plain lines on stderr, when it is not a terminal (CI logs, `2> file`): one
/// line each time another tenth of the games is done.
struct Lines(Mutex<LineState>);

/// Games done, the most games still possible, and the last tenth reported.
#[derive(Default)]
struct LineState {
    done: u64,
    total: u64,
    reported: u64,
}

impl Lines {
    fn new() -> Lines {
        Lines(Mutex::new(LineState::default()))
    }

    /// Prints a line when the share done has reached a tenth not yet reported.
    fn update(&self, change: impl FnOnce(&mut LineState)) {
        let mut s = self.0.lock().expect("no panics while holding it");
        change(&mut s);
        if s.total == 0 {
            return;
        }
        let tenth = (s.done.min(s.total) * 10 / s.total).min(10);
        if tenth > s.reported {
            s.reported = tenth;
            eprintln!(
                "progress: {}% ({} of at most {} games)",
                tenth * 10,
                s.done,
                s.total
            );
        }
    }
}

impl Progress for Lines {
    fn set_total(&self, games: u64) {
        self.update(|s| s.total = games);
    }
    fn game_done(&self) {
        self.update(|s| s.done += 1);
    }
    fn skip(&self, games: u64) {
        self.update(|s| s.total = s.total.saturating_sub(games));
    }
}

/// A flag the first Ctrl-C sets (the run stops after the games in progress); a second
/// Ctrl-C ends the process at once.
pub(super) fn stop_on_ctrl_c() -> Arc<AtomicBool> {
    let stop = Arc::new(AtomicBool::new(false));
    {
        let stop = stop.clone();
        let _ = ctrlc::set_handler(move || {
            if stop.swap(true, Ordering::SeqCst) {
                std::process::exit(130);
            }
            eprintln!("\nstopping after the games in progress...");
        });
    }
    stop
}

/// The progress display: nothing with `--quiet`, a bar on a terminal, lines otherwise.
/// The bar is returned to be cleared when the run ends.
pub(super) fn progress_for(quiet: bool) -> (ProgressBar, Box<dyn Progress>) {
    let bar = ProgressBar::new(0);
    let skipped = Arc::new(std::sync::atomic::AtomicU64::new(0));
    let seen = Arc::clone(&skipped);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games  {rate}  {left}")
            .expect("a valid template")
            .with_key(
                "rate",
                |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = write!(w, "{:.1} games/s", state.per_sec());
                },
            )
            .with_key(
                "left",
                move |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                    let skipped = seen.load(Ordering::Relaxed);
                    let total = state.len().unwrap_or(0);
                    let _ = match eta(state.elapsed(), state.pos(), total, skipped) {
                        Some(left) => write!(w, "about {} left", indicatif::HumanDuration(left)),
                        None => write!(w, "estimating the time left..."),
                    };
                },
            ),
    );
    let progress: Box<dyn Progress> = if quiet {
        Box::new(Silent)
    } else if std::io::stderr().is_terminal() {
        Box::new(Bar(bar.clone(), skipped))
    } else {
        Box::new(Lines::new())
    };
    (bar, progress)
}

/// What `--resume` kept and did, on stderr (nothing when there was nothing to resume).
pub(super) fn say_resumed(kept: u64, missing: u64, played_now: u64, removed: usize) {
    if kept > 0 || removed > 0 {
        eprintln!("{}", resumed_text(kept, missing, played_now, removed));
    }
}

/// The line [`say_resumed`] prints.
fn resumed_text(kept: u64, missing: u64, played_now: u64, removed: usize) -> String {
    let again = if missing > 0 {
        format!(
            " ({} of them again: {} recorded without {})",
            missing,
            if missing == 1 { "it was" } else { "they were" },
            if missing == 1 {
                "its replay"
            } else {
                "their replays"
            }
        )
    } else {
        String::new()
    };
    let removed = if removed > 0 {
        format!(
            "; removed {} a stopped run left",
            counted(removed as u64, "temporary file", "temporary files")
        )
    } else {
        String::new()
    };
    format!(
        "resumed: kept {} and played {played_now} more{again}: {} in all{removed}",
        counted(kept, "recorded game", "recorded games"),
        counted(kept + played_now, "game", "games"),
    )
}

/// How to go on after Ctrl-C stopped a run, with the exact command to type; its exit
/// code.
pub(super) fn say_interrupted(played: u64, out: &std::path::Path) -> ExitCode {
    eprintln!(
        "interrupted: {} finished in this run {} saved in {}.\nresume with:\n  {}",
        counted(played, "game", "games"),
        if played == 1 { "is" } else { "are" },
        escape_path(out),
        resume_command(std::env::args_os())
    );
    ExitCode::from(130)
}

/// The command line `args` (the program first) as a shell command that resumes it: the
/// same arguments with `--resume` (once) and without `--force` (which starts afresh),
/// each quoted for a POSIX shell where it needs it.
fn resume_command(args: impl IntoIterator<Item = std::ffi::OsString>) -> String {
    let mut words: Vec<String> = Vec::new();
    let mut resume = false;
    for arg in args {
        let text = arg.to_string_lossy().into_owned();
        match text.as_str() {
            "--force" => continue,
            "--resume" => resume = true,
            _ => {}
        }
        words.push(shell_word(&text));
    }
    if !resume {
        words.push("--resume".to_string());
    }
    words.join(" ")
}

/// `word` as a POSIX shell reads it back: as it is when it holds only safe characters,
/// else in single quotes (a quote inside written `'\''`), with control characters
/// escaped so that nothing reaches the terminal raw.
fn shell_word(word: &str) -> String {
    let safe = |c: char| c.is_ascii_alphanumeric() || "@%+=:,./_-".contains(c);
    if !word.is_empty() && word.chars().all(safe) {
        return word.to_string();
    }
    let quoted = format!("'{}'", word.replace('\'', "'\\''"));
    arena::bot_name::escape_message(&quoted)
}

/// The worker threads `--threads` asks for, or every core (at most [`MAX_THREADS`]).
pub(super) fn threads_for(flag: Option<u32>) -> usize {
    match flag {
        Some(n) => n as usize,
        None => std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
            .min(MAX_THREADS as usize),
    }
}

pub fn run(args: TournamentArgs) -> anyhow::Result<ExitCode> {
    let sprt = args.sprt.settings();
    if let Some(settings) = sprt {
        settings.test()?;
        if args.gauntlet.is_empty() {
            bail!("--sprt stops each bot's series against a reference: it needs a --gauntlet");
        }
        if args.shard.is_some() {
            bail!("--sprt decides from each pair's series in round order, which a --shard splits: run the gauntlet whole");
        }
    }
    let choice = match choose(&args.game, true)? {
        Choice::TwoSeat(choice) => choice,
        Choice::Table(_) if sprt.is_some() => {
            bail!("--sprt works with two-seat games; this game is played at tables")
        }
        Choice::Table(_) if args.similarity => {
            bail!("--similarity works with two-seat games' tournaments; for a game played at tables, run `arena similar RESULTS MODULES` once the tournament has ended")
        }
        Choice::Table(choice) => return super::table_tournament::run(args, choice),
    };
    let info = choice.kind.info();
    if args.secret.is_some() {
        bail!(
            "--secret: {} deals no hidden setup (both seats see the whole board), so its boards come from --seed alone; leave the secret out",
            info.name
        );
    }
    if info.always_paired && !args.paired {
        eprintln!(
            "note: {}: the first mover wins with perfect play, so every series is paired (each board from both seats)",
            info.name
        );
    }
    let paired = args.paired || info.always_paired;
    let rules = SeriesRules::new(args.best_of.unwrap_or(5), paired, args.play_all)?;
    check_depth_flag(args.depth, choice.kind)?;
    let threads = threads_for(args.threads);
    if !args.gauntlet.is_empty() {
        // `--gauntlet A B` once made B a reference too: say how B is played now.
        for b in args.bots.iter().filter_map(|b| b.to_str()) {
            if b.starts_with("builtin:") {
                eprintln!("note: {b} is played as a submission (--gauntlet takes one reference per flag: repeat it for more)");
            }
        }
    }
    let intake = gather(&args)?;
    if intake.bots.len() < 2 {
        if !intake.archives.is_empty() {
            // Every entry of a download is accounted for, even when too few play.
            report_skipped(&intake);
        }
        // Refused before the results folder is made or locked.
        return Err(TournamentError::TooFewBots(intake.bots.len()).into());
    }
    let skipped = report_skipped(&intake);
    check_anchor(&args.grading, &intake.bots)?;
    check_schedule_size(
        intake.bots.len(),
        "",
        pairs_per_round(&intake.bots),
        "series",
        args.rounds.unwrap_or(1),
    )?;
    let sandbox = sandbox(&args.limits)?;
    let field = build_field(&intake.bots, choice.kind, args.depth, &sandbox)?;
    refuse_disqualified_references(&field)?;
    note_identical(&field);
    // Builtins belong to no student: only modules are matched against the roster.
    let grading = load_field_grading(
        &args.grading,
        &intake.bots,
        &skipped,
        args.resume.then_some(args.out.as_path()),
    )?;
    let config = Config {
        game: choice.kind,
        rows: choice.rows,
        cols: choice.cols,
        rules,
        rounds: args.rounds.unwrap_or(1),
        seed: args.seed,
        threads,
        out: args.out.clone(),
        resume: args.resume,
        options: choice.options.clone(),
        depth: args.depth,
        limits: limits_json(sandbox.limits()),
        thread_stack: sandbox.limits().host_thread_stack(),
        reporting: grading,
        skipped,
        shard: args.shard,
        sprt,
    };
    let stop = stop_on_ctrl_c();
    let (bar, progress) = progress_for(args.quiet);
    // Held until the run has written its last file: a second writer is refused at once.
    let _lock = FolderLock::acquire(&args.out)?;
    if args.force {
        tournament::folder::clear(&args.out)?;
    }
    let result = tournament::run(&config, field, &*progress, &stop);
    bar.finish_and_clear();
    match result {
        Ok(summary) => {
            if args.resume {
                say_resumed(
                    summary.kept,
                    summary.replays_missing,
                    summary.played_now,
                    summary.leftovers_removed,
                );
            }
            if let Some(shard) = args.shard {
                if !args.quiet {
                    say_shard_done(shard, summary.games, &args.out);
                }
                return Ok(ExitCode::SUCCESS);
            }
            if !args.quiet {
                print!("{}", standings_csv::table(&summary.standings));
                if summary.standings.len() <= CROSSTABLE_MAX {
                    println!();
                    print!(
                        "{}",
                        crosstable_csv::table(&summary.standings, &summary.series, &summary.names)
                    );
                }
                if let Some(walk) = &summary.sequential {
                    println!();
                    for p in &walk.pairs {
                        println!(
                            "sprt: {} against {}: {} after {} games (LLR {:.2})",
                            summary.names[p.bot],
                            summary.names[p.reference],
                            p.outcome(),
                            p.counts.games(),
                            p.status.llr
                        );
                    }
                }
                let [w, d, l] = summary.first_mover;
                println!(
                    "{} games; the first mover won {w}, drew {d}, lost {l}; results in {}",
                    summary.games,
                    escape_path(&args.out)
                );
            }
            // `--similarity`: the report of the finished folder (docs/SIMILARITY.md).
            if args.similarity {
                super::similar::after_tournament(&args.out, &intake.bots, &sandbox)?;
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(TournamentError::Interrupted { played }) => Ok(say_interrupted(played, &args.out)),
        Err(e) => Err(e.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_time_left_waits_for_enough_games_and_counts_skipped_ones() {
        let s = std::time::Duration::from_secs;
        assert_eq!(eta(s(5), 10, 1000, 0), None, "too few games");
        assert_eq!(eta(s(5), 40, 1000, 0), None, "less than a twentieth");
        // 100 games in 10 s, 900 left at 0.1 s each.
        assert_eq!(eta(s(10), 100, 1000, 0), Some(s(90)));
        // A third of the scheduled games were never needed: so will be a third of those left.
        assert_eq!(eta(s(10), 100, 1000, 50), Some(s(60)));
        assert_eq!(eta(s(10), 1000, 1000, 0), Some(s(0)));
    }

    #[test]
    fn the_resume_command_is_the_same_command_with_resume() {
        let args = |a: &[&str]| a.iter().map(std::ffi::OsString::from).collect::<Vec<_>>();
        assert_eq!(
            resume_command(args(&[
                "arena",
                "tournament",
                "bots/",
                "--out",
                "r",
                "--force"
            ])),
            "arena tournament bots/ --out r --resume"
        );
        assert_eq!(
            resume_command(args(&[
                "arena",
                "tournament",
                "my bots/",
                "--resume",
                "--out",
                "it's"
            ])),
            "arena tournament 'my bots/' --resume --out 'it'\\''s'"
        );
    }

    #[test]
    fn the_resumed_line_counts_in_words() {
        assert_eq!(
            resumed_text(300, 0, 162, 0),
            "resumed: kept 300 recorded games and played 162 more: 462 games in all"
        );
        assert_eq!(
            resumed_text(1, 1, 1, 1),
            "resumed: kept 1 recorded game and played 1 more (1 of them again: it was \
             recorded without its replay): 2 games in all; removed 1 temporary file a \
             stopped run left"
        );
    }

    #[test]
    fn progress_lines_come_once_per_tenth() {
        let lines = Lines::new();
        lines.set_total(20);
        for _ in 0..20 {
            lines.game_done();
        }
        assert_eq!(lines.0.lock().unwrap().reported, 10);
        let shrinking = Lines::new();
        shrinking.set_total(100);
        shrinking.game_done();
        shrinking.skip(90);
        // 1 of 10: the first tenth is reached by the series that ended early.
        assert_eq!(shrinking.0.lock().unwrap().reported, 1);
    }
}
