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
    if let Some(exe) = &scale.exe {
        let ceiling = ceiling(exe, scale)?;
        let two = figures.get(1).map_or(f64::NAN, |f| f.value);
        let share = two / ceiling.value;
        figures.push(ceiling);
        figures.push(
            Figure::new(
                "threads 2 / ceiling",
                share * 100.0,
                "%",
                "the 2-thread ratio as a share of the 2-process ceiling".to_string(),
            )
            .with_target(Target::AtLeast(95.0)),
        );
    }
    Ok(figures)
}

/// The child's side of the ceiling (`arena __bench-child ceiling GAMES SIDE`): loads the
/// bots, prints `ready`, then for every line on `input` plays the workload once on one
/// thread and prints the seconds it took.
///
/// # Errors
/// [`BenchError`] when the bots do not load or a pipe fails.
pub fn serve_ceiling(
    games: u64,
    side: u32,
    input: impl std::io::BufRead,
    mut output: impl std::io::Write,
) -> Result<(), BenchError> {
    let io = |e: std::io::Error| BenchError::Setup(format!("ceiling child: {e}"));
    let bots = Bots::new(1)?;
    let (a, b) = (Wasm(bots.alphabeta.clone()), Wasm(bots.greedy.clone()));
    let entrants: [&dyn Entrant; 2] = [&a, &b];
    let stack = bots.sandbox.limits().host_thread_stack();
    writeln!(output, "ready")
        .and_then(|()| output.flush())
        .map_err(io)?;
    for line in input.lines() {
        line.map_err(io)?;
        let d = run_on(1, stack, &entrants, games, side)?;
        writeln!(output, "{}", d.as_secs_f64())
            .and_then(|()| output.flush())
            .map_err(io)?;
    }
    Ok(())
}

/// A ceiling child: its pipes.
struct CeilingChild {
    child: std::process::Child,
    to: std::process::ChildStdin,
    from: std::io::BufReader<std::process::ChildStdout>,
}

impl CeilingChild {
    fn spawn(exe: &std::path::Path, games: u64, side: u32) -> Result<CeilingChild, BenchError> {
        use std::process::{Command, Stdio};
        let setup = |e: std::io::Error| BenchError::Setup(format!("ceiling child: {e}"));
        let mut child = Command::new(exe)
            .args([super::pipes::CHILD_SUBCOMMAND, "ceiling"])
            .args([games.to_string(), side.to_string()])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(setup)?;
        let (Some(to), Some(from)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(BenchError::Setup("ceiling child: no pipes".into()));
        };
        let mut c = CeilingChild {
            child,
            to,
            from: std::io::BufReader::new(from),
        };
        c.read()?;
        Ok(c)
    }

    fn go(&mut self) -> Result<(), BenchError> {
        use std::io::Write;
        writeln!(self.to, "go").map_err(|e| BenchError::Setup(format!("ceiling child: {e}")))
    }

    fn read(&mut self) -> Result<String, BenchError> {
        use std::io::BufRead;
        let mut line = String::new();
        self.from
            .read_line(&mut line)
            .map_err(|e| BenchError::Setup(format!("ceiling child: {e}")))?;
        Ok(line.trim().to_string())
    }

    fn secs(&mut self) -> Result<f64, BenchError> {
        let line = self.read()?;
        line.parse()
            .map_err(|_| BenchError::Setup(format!("ceiling child said `{line}`")))
    }
}

impl Drop for CeilingChild {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The ceiling: the same single-threaded workload in two independent processes at once,
/// as a throughput ratio to one process alone (fastest of `rounds` each).
pub fn ceiling(exe: &std::path::Path, scale: &Scale) -> Result<Figure, BenchError> {
    let (games, side) = (scale.thread_games, scale.thread_board);
    let mut a = CeilingChild::spawn(exe, games, side)?;
    let mut b = CeilingChild::spawn(exe, games, side)?;
    let (mut alone, mut pair) = (f64::INFINITY, f64::INFINITY);
    for _ in 0..scale.thread_rounds {
        a.go()?;
        alone = alone.min(a.secs()?);
        a.go()?;
        b.go()?;
        let (x, y) = (a.secs()?, b.secs()?);
        pair = pair.min(x.max(y));
    }
    Ok(Figure::new(
        "ceiling: 2 processes / 1",
        2.0 * alone / pair,
        "x",
        format!(
            "the threads workload in two independent processes at once: alone {} s, side by side {} s",
            num(alone),
            num(pair)
        ),
    ))
}
