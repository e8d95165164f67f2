//! `arena match A B --sprt`: "is A better than B?", played until a sequential probability
//! ratio test decides (docs/STATISTICS.md).
//!
//! The match is a gauntlet of A against the reference B, one board (two games, seats
//! swapped, with `--paired`) or one game a round, the rounds capped by `--games`, run by
//! the tournament under its sequential stopping: the same schedule, seeds and results
//! folder as any tournament (kept with `--out`, which `arena verify` checks).

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context};
use arena::bot_name::escape_path;
use arena::output::folder_lock::FolderLock;
use arena::output::json::{pretty, VERSION};
use arena::output::sprt_csv::{PairJson, SettingsJson};
use arena::sequential::PairTest;
use arena::series::SeriesRules;
use arena::sprt_settings::SprtSettings;
use arena::submissions;
use arena::tournament::{self, Config, Progress, Reporting, TournamentError};
use arena_ratings::Counts;
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use super::common::{check_depth_flag, limits_json, sandbox, GameChoice};
use super::tournament::{build_field, say_interrupted, stop_on_ctrl_c, threads_for};
use super::MatchArgs;

/// The cap on games when `--games` is not given.
const DEFAULT_CAP: u32 = 10_000;

/// `arena match --sprt --json`.
#[derive(Serialize)]
struct MatchSprtJson {
    version: u32,
    game: String,
    a: String,
    b: String,
    seed: u64,
    paired: bool,
    max_games: u32,
    sprt: SettingsJson,
    result: PairJson,
    /// The results folder, with `--out`.
    out: Option<String>,
}

/// A results folder made for this run only, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> anyhow::Result<Scratch> {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let dir = std::env::temp_dir().join(format!("arena-match-{}-{nanos}", std::process::id()));
        std::fs::create_dir(&dir)
            .with_context(|| format!("cannot make a scratch folder {}", escape_path(&dir)))?;
        Ok(Scratch(dir))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The one-line display of the test: games, the ratio with its bounds, the Elo estimate.
struct Line {
    bar: ProgressBar,
    bounds: (f64, f64),
}

impl Progress for Line {
    fn set_total(&self, _: u64) {}
    fn game_done(&self) {
        self.bar.inc(1);
    }
    fn skip(&self, _: u64) {}
    fn sequential(&self, _names: &[String], pairs: &[PairTest]) {
        if let Some(p) = pairs.first() {
            self.bar.set_message(status_line(p, self.bounds));
        }
    }
}

/// `LLR 1.23 (-2.94, 2.94) · 120 games · Elo +45.3 [20.1, 70.2] · LOS 99.9%`.
fn status_line(p: &PairTest, (low, high): (f64, f64)) -> String {
    let mut s = format!(
        "LLR {:.2} ({low:.2}, {high:.2}) · {} games",
        p.status.llr,
        p.counts.games()
    );
    if let Some(e) = p.estimate {
        s.push_str(&format!(
            " · Elo {:+.1} [{:+.1}, {:+.1}] · LOS {:.1}%",
            e.elo,
            e.low,
            e.high,
            100.0 * e.los
        ));
    }
    s
}

/// The decision in words.
fn verdict(p: &PairTest, settings: &SprtSettings, a: &str, b: &str) -> String {
    let games = p.counts.games();
    match p.outcome() {
        "H1" => format!(
            "H1 after {games} games: {a} is at least {} Elo stronger than {b}",
            settings.elo1
        ),
        "H0" => format!(
            "H0 after {games} games: {a} is not {} Elo stronger than {b} (at most {})",
            settings.elo1, settings.elo0
        ),
        _ => format!(
            "no decision after {games} games (the cap, --games): the difference is too close to call between {} and {} Elo",
            settings.elo0, settings.elo1
        ),
    }
}

pub fn run(args: MatchArgs) -> anyhow::Result<ExitCode> {
    let settings = args.sprt.settings().expect("called with --sprt");
    let test = settings.test()?;
    let choice = GameChoice::new(&args.game, true)?;
    check_depth_flag(args.depth, choice.kind)?;
    let info = choice.kind.info();
    let paired = args.paired || info.always_paired;
    if info.always_paired && !args.paired {
        eprintln!(
            "note: {}: the first mover wins with perfect play, so every board is played from both seats",
            info.name
        );
    }
    let cap = args.games.unwrap_or(DEFAULT_CAP);
    let per_round = if paired { 2 } else { 1 };
    let rounds = cap / per_round;
    if rounds == 0 {
        bail!("--games {cap} is less than one board pair: give at least 2 with --paired");
    }
    let intake = submissions::gather(
        std::slice::from_ref(&std::ffi::OsString::from(&args.a)),
        std::slice::from_ref(&std::ffi::OsString::from(&args.b)),
    )?;
    if let Some(s) = intake.skipped.first() {
        bail!("{}: {}", escape_path(&s.path), s.reason);
    }
    if intake.bots.len() != 2 {
        bail!(
            "a match needs two bots, A and B, and {} of them can be played",
            intake.bots.len()
        );
    }
    let sandbox = sandbox(&args.limits)?;
    let field = build_field(&intake.bots, choice.kind, args.depth, &sandbox)?;
    if let Some(p) = field.iter().find(|p| p.disqualified.is_some()) {
        bail!(
            "{} cannot play: {}; nothing was played",
            p.name,
            p.disqualified.as_deref().unwrap_or_default()
        );
    }
    let name_of = |reference: bool| {
        field
            .iter()
            .find(|p| p.reference == reference)
            .map(|p| p.name.clone())
            .unwrap_or_default()
    };
    let (a, b) = (name_of(false), name_of(true));
    let scratch;
    let (out, _lock) = match &args.out {
        Some(dir) => {
            refuse_used_folder(dir)?;
            (dir.clone(), Some(FolderLock::acquire(dir)?))
        }
        None => {
            scratch = Scratch::new()?;
            (scratch.0.clone(), None)
        }
    };
    let config = Config {
        game: choice.kind,
        rows: choice.rows,
        cols: choice.cols,
        rules: SeriesRules::new(1, paired, false)?,
        rounds,
        seed: args.seed,
        threads: threads_for(args.threads),
        out: out.clone(),
        resume: false,
        options: choice.options.clone(),
        depth: args.depth,
        limits: limits_json(sandbox.limits()),
        thread_stack: sandbox.limits().host_thread_stack(),
        reporting: Reporting::default(),
        skipped: Vec::new(),
        shard: None,
        sprt: Some(settings),
    };
    let bar = ProgressBar::new_spinner();
    bar.set_style(ProgressStyle::with_template("{spinner} {msg}").expect("a valid template"));
    if !std::io::stderr().is_terminal() {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    bar.enable_steady_tick(std::time::Duration::from_millis(200));
    let line = Line {
        bar: bar.clone(),
        bounds: test.bounds(),
    };
    let stop = stop_on_ctrl_c();
    let result = tournament::run(&config, field, &line, &stop);
    bar.finish_and_clear();
    let summary = match result {
        Ok(summary) => summary,
        Err(TournamentError::Interrupted { played }) => {
            return Ok(match &args.out {
                Some(dir) => say_interrupted(played, dir),
                None => {
                    eprintln!("interrupted after {played} games; nothing was kept");
                    ExitCode::from(130)
                }
            });
        }
        Err(e) => return Err(e.into()),
    };
    let walk = summary
        .sequential
        .context("the run under a sequential test has its tests")?;
    let pair = walk
        .pairs
        .first()
        .context("the match's one pair has a test")?;
    if args.json {
        let document = MatchSprtJson {
            version: VERSION,
            game: info.name.to_string(),
            a: a.clone(),
            b: b.clone(),
            seed: args.seed,
            paired,
            max_games: rounds * per_round,
            sprt: SettingsJson::new(&settings)?,
            result: PairJson::new(pair, &summary.names),
            out: args.out.as_deref().map(escape_path),
        };
        print!("{}", pretty(&document)?);
        return Ok(ExitCode::SUCCESS);
    }
    println!("{}", verdict(pair, &settings, &a, &b));
    println!("{}", status_line(pair, test.bounds()));
    match pair.counts {
        Counts::Pentanomial(c) => println!(
            "board pairs scoring 0, ½, 1, 1½, 2 points for {a}: {}",
            c.map(|n| n.to_string()).join(" ")
        ),
        Counts::Trinomial([l, d, w]) => println!("{a}: {w} won, {d} drawn, {l} lost"),
    }
    if let Some(dir) = &args.out {
        println!(
            "games in {} (arena verify {} MODULE_FOLDERS re-plays them and re-derives the decision)",
            escape_path(dir),
            escape_path(dir)
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// Refuses an `--out` folder that holds anything: the match writes a new results folder.
fn refuse_used_folder(dir: &Path) -> anyhow::Result<()> {
    match std::fs::read_dir(dir) {
        Ok(mut entries) => {
            if entries.next().is_some() {
                bail!(
                    "--out {} is not empty: a match records its games in a new folder",
                    escape_path(dir)
                );
            }
            Ok(())
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e).with_context(|| format!("cannot read --out {}", escape_path(dir))),
    }
}
