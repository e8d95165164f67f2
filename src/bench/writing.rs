//! Figure: the share of a cheap-bot tournament's time spent writing its results.
//!
//! Ten copies of `random.wasm` play a Nim round-robin (every game of best-of-3 series,
//! `rounds` series per pair) through [`crate::tournament::run`] into a temporary folder:
//! every file a real run writes (the replay journals and store, `games.csv`, the
//! summaries, `report.html`). The same number of games of the same bots is then played
//! on a pool of the same size by [`crate::referee::play`] alone, writing nothing.
//! The share is `1 - play / run`, the fastest of each over the samples. The note gives
//! the same share in CPU time of the process (least of the samples), which a machine
//! shared with other work disturbs far less than wall time.
//!
//! Two parts of the writing are then timed again on each sample's folder, in CPU time:
//! the ratings with their bootstrap intervals (`writing: the ratings alone`, given as the
//! share they alone would make: no run that rates its games can write in less), and
//! `report.html` (`writing: the page alone`, as a share of the run).

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use arena_games::registry::find_table_game;
use arena_games::{find_game, GameParams};
use rayon::prelude::*;

use super::end_to_end::temp_dir;
use super::timing::{fastest, time_cpu};
use super::{num, BenchError, Bots, Figure, Scale};
use crate::contestant::Wasm;
use crate::referee::{play, Entrant};
use crate::rng_size::SizeRange;
use crate::series::SeriesRules;
use crate::tournament::{self, Config, Participant, Reporting, Silent};

/// The target: at most 10 % of the run.
pub const TARGET: f64 = 0.10;

/// Copies of `random.wasm` in the field.
const FIELD: usize = 10;

/// Wall time and CPU time (when the clock can be read) of one sample.
type Sample = (Duration, Option<Duration>);

/// The CPU time of two parts of a run's writing, timed again on its folder.
#[derive(Clone, Copy, Default)]
struct Parts {
    /// The ratings and their bootstrap intervals.
    ratings: Option<Duration>,
    /// `report.html`.
    page: Option<Duration>,
}

/// Times the ratings and the page of the finished run in `dir`.
fn parts(
    dir: &std::path::Path,
    seed: u64,
    summary: &tournament::Summary,
) -> Result<Parts, BenchError> {
    use crate::output::{games_csv, manifest::Manifest, replay_store::Store, report};
    let setup = |e: &dyn std::fmt::Display| BenchError::Setup(e.to_string());
    let rows = games_csv::read_rows(dir, false).map_err(|e| setup(&e))?;
    let (_, ratings, rated) = time_cpu(|| {
        crate::ratings::rate(
            &summary.names,
            &rows,
            crate::seeds::derive(seed, "ratings", &[]),
            None,
            false,
        )
    });
    if rated.is_none() {
        return Err(BenchError::Setup("the bench's run has no ratings".into()));
    }
    let manifest = Manifest::read(dir)
        .map_err(|e| setup(&e))?
        .ok_or_else(|| BenchError::Setup("the bench's run has no manifest".into()))?;
    let store = Store::open(dir).map_err(|e| setup(&e))?;
    let input = report::Input {
        manifest: &manifest,
        standings: &summary.standings,
        series: &summary.series,
        names: &summary.names,
        rows: &rows,
        roster: None,
        bands: None,
        unplayable: &Default::default(),
        store: &store,
        ratings: rated.as_ref(),
    };
    let (_, page, written) = time_cpu(|| report::write(dir, &input));
    written.map_err(|e| setup(&e))?;
    Ok(Parts { ratings, page })
}

/// One tournament into a fresh folder; returns its times, games and the CPU time of
/// two parts of its writing.
fn tournament(bots: &Bots, scale: &Scale, rounds: u32) -> Result<(Sample, u64, Parts), BenchError> {
    let game = find_game("nim").map_err(|e| BenchError::Setup(e.to_string()))?;
    let field = (1..=FIELD)
        .map(|i| Participant {
            sha256: bots.random.sha256().to_string(),
            source: format!("random-{i:02}"),
            name: format!("random-{i:02}"),
            reference: false,
            disqualified: None,
            lms: None,
            entrant: Box::new(Wasm(bots.random.clone())),
        })
        .collect();
    let dir = temp_dir()?;
    let config = Config {
        game,
        rows: SizeRange::fixed(5),
        cols: SizeRange::fixed(15),
        rules: SeriesRules::new(3, false, true).map_err(|e| BenchError::Setup(e.to_string()))?,
        rounds,
        seed: 7,
        threads: scale.max_threads,
        out: dir.clone(),
        resume: false,
        options: Default::default(),
        depth: None,
        limits: serde_json::json!({ "fuel_per_move": bots.sandbox.limits().fuel_per_move }),
        thread_stack: bots.sandbox.limits().host_thread_stack(),
        reporting: Reporting::default(),
        skipped: Vec::new(),
        shard: None,
        sprt: None,
    };
    let stop = AtomicBool::new(false);
    let (d, cpu, summary) = time_cpu(|| tournament::run(&config, field, &Silent, &stop));
    let parts = summary
        .as_ref()
        .map_err(|e| BenchError::Setup(e.to_string()))
        .and_then(|s| parts(&dir, config.seed, s));
    let _ = std::fs::remove_dir_all(&dir);
    let summary = summary.map_err(|e| BenchError::Setup(e.to_string()))?;
    Ok(((d, cpu), summary.games, parts?))
}

/// The same number of games played without writing anything.
fn play_only(bots: &Bots, scale: &Scale, games: u64) -> Result<Sample, BenchError> {
    let game = find_table_game("nim").map_err(|e| BenchError::Setup(e.to_string()))?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(scale.max_threads)
        .stack_size(bots.sandbox.limits().host_thread_stack())
        .build()
        .map_err(|e| BenchError::Setup(e.to_string()))?;
    let bot = Wasm(bots.random.clone());
    let entrant: &dyn Entrant = &bot;
    let (d, cpu, r) = time_cpu(|| {
        pool.install(|| {
            (0..games).into_par_iter().try_for_each(|g| {
                let start = game
                    .new_game(&GameParams::default(), g + 1)
                    .map_err(|e| BenchError::Setup(e.to_string()))?;
                std::hint::black_box(play(start, &[entrant, entrant], &[2 * g, 2 * g + 1]));
                Ok::<(), BenchError>(())
            })
        })
    });
    r?;
    Ok((d, cpu))
}

/// Measures the share of writing in a cheap tournament.
pub fn measure(bots: &Bots, scale: &Scale) -> Result<Vec<Figure>, BenchError> {
    let rounds = if scale.samples > 3 { 10 } else { 1 };
    let samples = scale.samples.clamp(1, 5);
    let (mut runs, mut plays, mut parts) = (Vec::new(), Vec::new(), Vec::new());
    let mut games = 0;
    for _ in 0..samples {
        let (d, g, p) = tournament(bots, scale, rounds)?;
        runs.push(d);
        parts.push(p);
        games = g;
        plays.push(play_only(bots, scale, games)?);
    }
    let wall = |s: &[Sample]| fastest(&s.iter().map(|x| x.0).collect::<Vec<_>>());
    let cpu = |s: &[Sample]| -> Option<Duration> {
        s.iter()
            .map(|x| x.1)
            .collect::<Option<Vec<_>>>()
            .map(|v| fastest(&v))
    };
    let (run, play) = (wall(&runs), wall(&plays));
    let share = (1.0 - play.as_secs_f64() / run.as_secs_f64()).max(0.0);
    let least = |pick: fn(&Parts) -> Option<Duration>| -> Option<Duration> {
        parts
            .iter()
            .map(pick)
            .collect::<Option<Vec<_>>>()
            .map(|v| fastest(&v))
    };
    let mut figures = Vec::new();
    if let (Some(r), Some(p), Some(rated), Some(page)) = (
        cpu(&runs),
        cpu(&plays),
        least(|p| p.ratings),
        least(|p| p.page),
    ) {
        let ms = |d: Duration| num(d.as_secs_f64() * 1e3);
        let floor = rated.as_secs_f64() / (p.as_secs_f64() + rated.as_secs_f64());
        figures.push(super::rows::WRITING_RATINGS.figure(
            100.0 * floor,
            format!(
                "CPU {} ms for the ratings and their bootstrap intervals of the run's games, \
                 against {} ms for the games alone: the least CPU share of any run that \
                 rates them, whatever else it writes",
                ms(rated),
                ms(p)
            ),
        ));
        figures.push(super::rows::WRITING_PAGE.figure(
            100.0 * page.as_secs_f64() / r.as_secs_f64(),
            format!(
                "CPU {} ms for report.html, {} µs a game, against {} ms for the whole run",
                ms(page),
                num(page.as_secs_f64() * 1e6 / games.max(1) as f64),
                ms(r)
            ),
        ));
    }
    let cpu_note = match (cpu(&runs), cpu(&plays)) {
        (Some(r), Some(p)) => format!(
            "; CPU time: run {} s, the games alone {} s, share {} %",
            num(r.as_secs_f64()),
            num(p.as_secs_f64()),
            num(100.0 * (1.0 - p.as_secs_f64() / r.as_secs_f64()).max(0.0))
        ),
        _ => String::new(),
    };
    figures.insert(
        0,
        super::rows::WRITING.figure(
        share * 100.0,
        format!(
            "{games} games, {FIELD} random.wasm at Nim, {} threads: run {} s, the games alone {} s{cpu_note}",
            scale.max_threads,
            num(run.as_secs_f64()),
            num(play.as_secs_f64())
        ),
    ),
    );
    Ok(figures)
}
