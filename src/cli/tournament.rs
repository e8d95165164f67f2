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

use super::bounds::{MAX_SERIES, MAX_THREADS};
use super::common::{check_anchor, check_depth_flag, limits_json, load_field_grading, sandbox};
use super::table_choice::{choose, Choice};
use super::TournamentArgs;

/// The largest field whose cross-table is printed on stdout (it is always in the CSV).
const CROSSTABLE_MAX: usize = 12;

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

/// The progress bar, on a terminal.
struct Bar(ProgressBar);

impl Progress for Bar {
    fn set_total(&self, games: u64) {
        self.0.set_length(games);
    }
    fn game_done(&self) {
        self.0.inc(1);
    }
    fn skip(&self, games: u64) {
        let len = self.0.length().unwrap_or(0);
        self.0.set_length(len.saturating_sub(games));
    }
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
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games  {rate}  ETA {eta}")
            .expect("a valid template")
            .with_key(
                "rate",
                |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = write!(w, "{:.1} games/s", state.per_sec());
                },
            ),
    );
    let progress: Box<dyn Progress> = if quiet {
        Box::new(Silent)
    } else if std::io::stderr().is_terminal() {
        Box::new(Bar(bar.clone()))
    } else {
        Box::new(Lines::new())
    };
    (bar, progress)
}

/// What `--resume` kept and did, on stderr (nothing when there was nothing to resume).
pub(super) fn say_resumed(kept: u64, missing: u64, played_now: u64, removed: usize) {
    if kept > 0 || removed > 0 {
        eprintln!(
            "resumed: kept {kept} recorded games, re-played {missing} whose replay was missing, played {played_now} in all now; removed {removed} temporary files"
        );
    }
}

/// How to go on after Ctrl-C stopped a run; its exit code.
pub(super) fn say_interrupted(played: u64, out: &std::path::Path) -> ExitCode {
    eprintln!(
        "interrupted: {played} games finished in this run are saved in {}.\nresume with the same command and --resume",
        escape_path(out)
    );
    ExitCode::from(130)
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
    let choice = match choose(&args.game, true)? {
        Choice::TwoSeat(choice) => choice,
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
    let intake = submissions::gather(&args.bots, &args.gauntlet)?;
    if intake.bots.len() < 2 {
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
                let [w, d, l] = summary.first_mover;
                println!(
                    "{} games; the first mover won {w}, drew {d}, lost {l}; results in {}",
                    summary.games,
                    escape_path(&args.out)
                );
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
