//! Figure: the share of a cheap-bot tournament's time spent writing its results.
//!
//! Ten copies of `random.wasm` play a Nim round-robin (every game of best-of-3 series,
//! `rounds` series per pair) through [`crate::tournament::run`] into a temporary folder:
//! every file a real run writes (the replay journals and store, `games.csv`, the
//! summaries, `report.html`). The same number of games of the same bots is then played
//! on a pool of the same size by [`crate::referee::play_game`] alone, writing nothing.
//! The share is `1 - play / run`, the fastest of each over the samples. The note gives
//! the same share in CPU time of the process (least of the samples), which a machine
//! shared with other work disturbs far less than wall time.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use arena_games::{find_game, GameParams};
use rayon::prelude::*;

use super::end_to_end::temp_dir;
use super::timing::{fastest, time_cpu};
use super::{num, BenchError, Bots, Figure, Scale, Target};
use crate::contestant::Wasm;
use crate::referee::{play_game, Entrant};
use crate::rng_size::SizeRange;
use crate::series::SeriesRules;
use crate::tournament::{self, Config, Participant, Reporting, Silent};

/// The target: at most 10 % of the run.
pub const TARGET: f64 = 0.10;

/// Copies of `random.wasm` in the field.
const FIELD: usize = 10;

/// Wall time and CPU time (when the clock can be read) of one sample.
type Sample = (Duration, Option<Duration>);

/// One tournament into a fresh folder; returns its times and games.
fn tournament(bots: &Bots, scale: &Scale, rounds: u32) -> Result<(Sample, u64), BenchError> {
    let game = find_game("nim").map_err(|e| BenchError::Setup(e.to_string()))?;
    let field = (1..=FIELD)
        .map(|i| Participant {
            sha256: bots.random.sha256().to_string(),
            source: format!("random-{i:02}"),
            name: format!("random-{i:02}"),
            reference: false,
            disqualified: None,
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
    };
    let stop = AtomicBool::new(false);
    let (d, cpu, summary) = time_cpu(|| tournament::run(&config, field, &Silent, &stop));
    let _ = std::fs::remove_dir_all(&dir);
    let summary = summary.map_err(|e| BenchError::Setup(e.to_string()))?;
    Ok(((d, cpu), summary.games))
}

/// The same number of games played without writing anything.
fn play_only(bots: &Bots, scale: &Scale, games: u64) -> Result<Sample, BenchError> {
    let game = find_game("nim").map_err(|e| BenchError::Setup(e.to_string()))?;
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
                std::hint::black_box(play_game(start, [entrant, entrant], [2 * g, 2 * g + 1]));
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
    let (mut runs, mut plays) = (Vec::new(), Vec::new());
    let mut games = 0;
    for _ in 0..samples {
        let (d, g) = tournament(bots, scale, rounds)?;
        runs.push(d);
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
    let cpu_note = match (cpu(&runs), cpu(&plays)) {
        (Some(r), Some(p)) => format!(
            "; CPU time: run {} s, the games alone {} s, share {} %",
            num(r.as_secs_f64()),
            num(p.as_secs_f64()),
            num(100.0 * (1.0 - p.as_secs_f64() / r.as_secs_f64()).max(0.0))
        ),
        _ => String::new(),
    };
    Ok(vec![Figure::new(
        "results writing share",
        share * 100.0,
        "%",
        format!(
            "{games} games, {FIELD} random.wasm at Nim, {} threads: run {} s, the games alone {} s{cpu_note}",
            scale.max_threads,
            num(run.as_secs_f64()),
            num(play.as_secs_f64())
        ),
    )
    .with_target(Target::AtMost(TARGET * 100.0))])
}
