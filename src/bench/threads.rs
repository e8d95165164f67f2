//! Figure 4: throughput with 1, 2, ... N worker threads.
//!
//! The same fixed list of games (`alphabeta.wasm` against `greedy.wasm`, seats
//! alternating, through [`crate::referee::play_game`] with a fresh instance per bot per
//! game, as a tournament plays them) runs on a rayon pool of each size; throughput is
//! games per second, and each size is reported as a ratio to one thread. Sizes are
//! measured in turns, round after round, and the fastest round of each counts.
//!
//! As a control, the same games are played by the native twins (`builtin:alphabeta`
//! against `builtin:greedy`) on the same pools: when the machine is shared, the native
//! ratio falls as well, which tells a busy machine from a harness that does not scale.

use std::time::Duration;

use rayon::prelude::*;

use super::positions::{board, mathtricks};
use super::timing::{fastest, time};
use super::{num, BenchError, Bots, Figure, Scale, Target};
use crate::contestant::{Builtin, Wasm};
use crate::referee::{play_game, Entrant};

/// The target for two threads: at least 1.9 times one thread's throughput.
pub const TARGET_TWO: f64 = 1.9;

/// Plays the workload on `threads` threads; returns the time taken.
fn run_on(
    threads: usize,
    stack: usize,
    entrants: &[&dyn Entrant; 2],
    games: u64,
    size: u32,
) -> Result<Duration, BenchError> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .stack_size(stack)
        .build()
        .map_err(|e| BenchError::Setup(e.to_string()))?;
    let (d, ()) = time(|| {
        pool.install(|| {
            (0..games).into_par_iter().for_each(|g| {
                let seats = if g % 2 == 0 {
                    [entrants[0], entrants[1]]
                } else {
                    [entrants[1], entrants[0]]
                };
                let record = play_game(board(size, size, g / 2 + 1), seats, [g, g + 1]);
                std::hint::black_box(record);
            })
        })
    });
    Ok(d)
}

/// Measures throughput for 1..=`max_threads` threads.
pub fn measure(bots: &Bots, scale: &Scale) -> Result<Vec<Figure>, BenchError> {
    let (a, b) = (Wasm(bots.alphabeta.clone()), Wasm(bots.greedy.clone()));
    let entrants: [&dyn Entrant; 2] = [&a, &b];
    let builtin =
        |name| Builtin::new(mathtricks(), name, None).map_err(|e| BenchError::Setup(e.to_string()));
    let (na, nb) = (builtin("alphabeta")?, builtin("greedy")?);
    let natives: [&dyn Entrant; 2] = [&na, &nb];
    let stack = bots.sandbox.limits().host_thread_stack();
    let sizes: Vec<usize> = (1..=scale.max_threads.max(2)).collect();
    let mut samples = vec![Vec::new(); sizes.len()];
    let mut control = vec![Vec::new(); sizes.len()];
    let (games, side) = (scale.thread_games, scale.thread_board);
    for _ in 0..scale.thread_rounds {
        for (i, &n) in sizes.iter().enumerate() {
            samples[i].push(run_on(n, stack, &entrants, games, side)?);
            control[i].push(run_on(n, stack, &natives, games, side)?);
        }
    }
    let rate = |s: &[Duration]| games as f64 / fastest(s).as_secs_f64();
    let (one, native_one) = (rate(&samples[0]), rate(&control[0]));
    let mut figures = Vec::new();
    for (i, &n) in sizes.iter().enumerate() {
        let games_per_s = rate(&samples[i]);
        let note = format!(
            "{} games/s, {games} games alphabeta.wasm vs greedy.wasm {side}x{side}; \
             native control {} x",
            num(games_per_s),
            num(rate(&control[i]) / native_one)
        );
        let mut f = Figure::new(format!("threads {n} / 1"), games_per_s / one, "x", note);
        if n == 2 {
            f = f.with_target(Target::AtLeast(TARGET_TWO));
        }
        figures.push(f);
    }
    Ok(figures)
}
