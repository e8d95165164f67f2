//! Figure 4: throughput with 1, 2, ... N worker threads.
//!
//! The same fixed list of games (`alphabeta.wasm` against `greedy.wasm`, seats
//! alternating, through [`crate::referee::play`] with a fresh instance per bot per
//! game, as a tournament plays them) runs on a rayon pool of each size; throughput is
//! games per second, and each size is reported as a ratio to one thread. Sizes are
//! measured in turns, round after round, and the fastest round of each counts.
//!
//! As a control, the same games are played by the native twins (`builtin:alphabeta`
//! against `builtin:greedy`) on the same pools: when the machine is shared, the native
//! ratio falls as well, which tells a busy machine from a harness that does not scale.
//!
//! The cheap-bot figure does the same with `random.wasm` against itself at Nim, where a
//! game is a few microseconds and per-game costs (instantiation, the slot's reset) are
//! everything. Both workloads are also run as two independent processes (the ceiling,
//! `Ceiling`, its rounds taken between the threads' rounds), and each 2-thread ratio is
//! reported as a share of its own ceiling.

use std::time::Duration;

use rayon::prelude::*;

use arena_games::registry::find_table_game;
use arena_games::GameParams;

use super::positions::mathtricks;
use super::timing::{fastest, time};
use super::{num, BenchError, Bots, Figure, Scale};
use crate::contestant::{Builtin, Wasm};
use crate::referee::{at_table, play, Entrant};

/// The target for two threads: at least 1.9 times one thread's throughput.
pub const TARGET_TWO: f64 = 1.9;

/// The target for each 2-thread ratio as a share of its 2-process ceiling, in %.
pub const TARGET_SHARE: f64 = 95.0;

/// What a thread measurement plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Workload {
    /// `alphabeta.wasm` against `greedy.wasm` on `side`×`side` MathTricks boards, seats
    /// alternating.
    AlphaBeta {
        /// Games.
        games: u64,
        /// Board side.
        side: u32,
    },
    /// `random.wasm` against itself at Nim, default heaps.
    RandomNim {
        /// Games.
        games: u64,
    },
}

impl Workload {
    /// The request a ceiling child reads: `go` for the alpha-beta workload of its
    /// command line, `nim GAMES` for the cheap one.
    fn request(self) -> String {
        match self {
            Workload::AlphaBeta { .. } => "go".to_string(),
            Workload::RandomNim { games } => format!("nim {games}"),
        }
    }

    /// A child's reading of `line`; `alphabeta` is its command line's workload.
    fn from_request(line: &str, alphabeta: Workload) -> Result<Workload, BenchError> {
        let bad = || BenchError::Setup(format!("ceiling child: unknown request `{line}`"));
        match line.split_once(' ') {
            None if line == "go" => Ok(alphabeta),
            Some(("nim", games)) => Ok(Workload::RandomNim {
                games: games.parse().map_err(|_| bad())?,
            }),
            _ => Err(bad()),
        }
    }

    /// Plays the workload on `threads` threads with `bots`; returns the time taken.
    fn run_on(self, threads: usize, bots: &Bots) -> Result<Duration, BenchError> {
        let stack = bots.sandbox.limits().host_thread_stack();
        match self {
            Workload::AlphaBeta { games, side } => {
                let (a, b) = (Wasm(bots.alphabeta.clone()), Wasm(bots.greedy.clone()));
                run_on(threads, stack, &[&a, &b], games, side)
            }
            Workload::RandomNim { games } => {
                let random = Wasm(bots.random.clone());
                run_nim_on(threads, stack, &random, games)
            }
        }
    }
}

/// Games each worker plays before the alpha-beta workload is timed.
const ALPHABETA_WARM_UP: u64 = 2;
/// Games each worker plays before the Nim workload is timed.
const NIM_WARM_UP: u64 = 50;

/// Has every thread of `pool` play `games` games (`game` with the game's number), untimed:
/// a tournament's workers run for its whole length, so what a fresh thread pays once
/// (its malloc arena growing with `mprotect`, wasmtime's per-thread signal stack, cold
/// thread-local caches) is no part of its throughput. In one process a starting thread's
/// `mprotect` calls also interrupt the other thread with TLB shoot-downs, which the
/// ceiling's two processes never do to each other: without the warm-up, the 2-thread
/// figures would count that start-up against a ceiling that does not pay it. (The
/// ceiling's children warm up the same way.)
fn warm_up(
    pool: &rayon::ThreadPool,
    games: u64,
    game: impl Fn(u64) -> Result<(), BenchError> + Sync,
) -> Result<(), BenchError> {
    pool.broadcast(|_| (0..games).try_for_each(&game))
        .into_iter()
        .collect()
}

/// A rayon pool of `threads` threads with the sandbox's host stack.
fn pool(threads: usize, stack: usize) -> Result<rayon::ThreadPool, BenchError> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .stack_size(stack)
        .build()
        .map_err(|e| BenchError::Setup(e.to_string()))
}

/// Plays the alpha-beta workload on `threads` threads; returns the time taken.
fn run_on(
    threads: usize,
    stack: usize,
    entrants: &[&dyn Entrant; 2],
    games: u64,
    size: u32,
) -> Result<Duration, BenchError> {
    let pool = pool(threads, stack)?;
    let table = at_table(mathtricks());
    let game = |g: u64| {
        let start = table
            .new_game(&GameParams::sized(size, size), g / 2 + 1)
            .expect("a valid MathTricks size");
        let seats = if g.is_multiple_of(2) {
            [entrants[0], entrants[1]]
        } else {
            [entrants[1], entrants[0]]
        };
        let record = play(start, &seats, &[g, g + 1]);
        std::hint::black_box(record);
    };
    warm_up(&pool, ALPHABETA_WARM_UP, |g| {
        game(g);
        Ok(())
    })?;
    let (d, ()) = time(|| pool.install(|| (0..games).into_par_iter().for_each(game)));
    Ok(d)
}

/// Plays `games` Nim games of `entrant` against itself on `threads` threads; returns the
/// time taken. Every game must end normally.
fn run_nim_on(
    threads: usize,
    stack: usize,
    entrant: &dyn Entrant,
    games: u64,
) -> Result<Duration, BenchError> {
    let pool = pool(threads, stack)?;
    let kind = find_table_game("nim").map_err(|e| BenchError::Setup(e.to_string()))?;
    let game = |g: u64| {
        let start = kind
            .new_game(&GameParams::default(), g + 1)
            .map_err(|e| BenchError::Setup(e.to_string()))?;
        let record = play(start, &[entrant, entrant], &[2 * g, 2 * g + 1]);
        if let Some(reason) = record.culprit().map(|_| record.end.reason()) {
            return Err(BenchError::Mismatch(format!(
                "Nim game {g} did not end normally: {reason}"
            )));
        }
        std::hint::black_box(record);
        Ok(())
    };
    warm_up(&pool, NIM_WARM_UP, game)?;
    let (d, r) = time(|| pool.install(|| (0..games).into_par_iter().try_for_each(game)));
    r?;
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
    let workload = Workload::AlphaBeta { games, side };
    let mut ceiling = (scale.exe.as_deref())
        .map(|exe| Ceiling::start(exe, scale, workload))
        .transpose()?;
    for _ in 0..scale.thread_rounds {
        for (i, &n) in sizes.iter().enumerate() {
            samples[i].push(run_on(n, stack, &entrants, games, side)?);
            control[i].push(run_on(n, stack, &natives, games, side)?);
        }
        if let Some(ceiling) = &mut ceiling {
            ceiling.round()?;
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
        let ratio = games_per_s / one;
        figures.push(match n {
            1 => super::rows::THREADS_ONE.figure(ratio, note),
            2 => super::rows::THREADS_TWO.figure(ratio, note),
            n => Figure::new(format!("threads {n} / 1"), ratio, "x", note),
        });
    }
    if let Some(ceiling) = ceiling {
        let ceiling = ceiling.figure(super::rows::CEILING);
        let two = figures.get(1).map_or(f64::NAN, |f| f.value);
        let share = two / ceiling.value;
        figures.push(ceiling);
        figures.push(super::rows::THREADS_TWO_CEILING.figure(
            share * 100.0,
            "the 2-thread ratio as a share of the 2-process ceiling",
        ));
    }
    Ok(figures)
}

/// The cheap-bot figures: `random.wasm` at Nim on 1 and 2 threads (fastest of the
/// rounds, interleaved), and, with the executable at hand, their ceiling and the 2-thread
/// ratio as a share of it.
pub fn measure_cheap(bots: &Bots, scale: &Scale) -> Result<Vec<Figure>, BenchError> {
    let workload = Workload::RandomNim {
        games: scale.cheap_games,
    };
    let mut ceiling = (scale.exe.as_deref())
        .map(|exe| Ceiling::start(exe, scale, workload))
        .transpose()?;
    let (mut one, mut two) = (Vec::new(), Vec::new());
    for _ in 0..scale.thread_rounds {
        one.push(workload.run_on(1, bots)?);
        two.push(workload.run_on(2, bots)?);
        if let Some(ceiling) = &mut ceiling {
            ceiling.round()?;
        }
    }
    let games = scale.cheap_games;
    let rate = |s: &[Duration]| games as f64 / fastest(s).as_secs_f64();
    let ratio = rate(&two) / rate(&one);
    let mut figures = vec![super::rows::CHEAP_TWO.figure(
        ratio,
        format!(
            "{games} Nim games random.wasm vs itself: 1 thread {} games/s, 2 threads {} games/s",
            num(rate(&one)),
            num(rate(&two))
        ),
    )];
    if let Some(ceiling) = ceiling {
        let ceiling = ceiling.figure(super::rows::CHEAP_CEILING);
        let share = ratio / ceiling.value;
        figures.push(ceiling);
        figures.push(super::rows::CHEAP_TWO_CEILING.figure(
            share * 100.0,
            "the cheap 2-thread ratio as a share of its 2-process ceiling",
        ));
    }
    Ok(figures)
}

/// The child's side of the ceiling (`arena __bench-child ceiling GAMES SIDE`): loads the
/// bots, prints `ready`, then for every request on `input` plays a workload once on one
/// thread and prints the seconds it took: `go` is the alpha-beta workload of `games`
/// games on `side`×`side` boards, `nim N` is `N` `random.wasm` Nim games.
///
/// # Errors
/// [`BenchError`] when the bots do not load, a pipe fails or a request is unknown.
pub fn serve_ceiling(
    games: u64,
    side: u32,
    input: impl std::io::BufRead,
    mut output: impl std::io::Write,
) -> Result<(), BenchError> {
    let io = |e: std::io::Error| BenchError::Setup(format!("ceiling child: {e}"));
    let bots = Bots::new()?;
    let alphabeta = Workload::AlphaBeta { games, side };
    writeln!(output, "ready")
        .and_then(|()| output.flush())
        .map_err(io)?;
    for line in input.lines() {
        let workload = Workload::from_request(line.map_err(io)?.trim(), alphabeta)?;
        let d = workload.run_on(1, &bots)?;
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

    fn go(&mut self, workload: Workload) -> Result<(), BenchError> {
        use std::io::Write;
        writeln!(self.to, "{}", workload.request())
            .map_err(|e| BenchError::Setup(format!("ceiling child: {e}")))
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
/// as a throughput ratio to one process alone (fastest of the rounds each). Its rounds
/// are taken between the rounds of the thread figure it is the ceiling of, so that both
/// see the same host: a neighbour's load that slows one for a while slows the other too.
struct Ceiling {
    a: CeilingChild,
    b: CeilingChild,
    workload: Workload,
    /// The fastest time of one process alone, in seconds.
    alone: f64,
    /// The fastest time of the slower of two processes at once, in seconds.
    pair: f64,
}

impl Ceiling {
    /// Starts the two children of `exe`, with the bots loaded, for `workload`.
    fn start(
        exe: &std::path::Path,
        scale: &Scale,
        workload: Workload,
    ) -> Result<Ceiling, BenchError> {
        let (games, side) = (scale.thread_games, scale.thread_board);
        Ok(Ceiling {
            a: CeilingChild::spawn(exe, games, side)?,
            b: CeilingChild::spawn(exe, games, side)?,
            workload,
            alone: f64::INFINITY,
            pair: f64::INFINITY,
        })
    }

    /// One round: the workload in one child alone, then in both at once.
    fn round(&mut self) -> Result<(), BenchError> {
        self.a.go(self.workload)?;
        self.alone = self.alone.min(self.a.secs()?);
        self.a.go(self.workload)?;
        self.b.go(self.workload)?;
        let (x, y) = (self.a.secs()?, self.b.secs()?);
        self.pair = self.pair.min(x.max(y));
        Ok(())
    }

    /// The figure of `row`. Two processes cannot do more than twice the work of one:
    /// a pair measured faster than that (the fastest lone round slower than the slower
    /// side of a pair, which only the host's noise does) is counted as 2, and the note
    /// gives what was measured.
    fn figure(&self, row: super::rows::Row) -> Figure {
        let what = match self.workload {
            Workload::AlphaBeta { .. } => "the threads workload",
            Workload::RandomNim { .. } => "the random.wasm Nim games",
        };
        let measured = 2.0 * self.alone / self.pair;
        let capped = if measured > ceiling_ratio(self.alone, self.pair) {
            format!("; measured {measured:.3} x, above the 2 x two processes can reach")
        } else {
            String::new()
        };
        row.figure(
            ceiling_ratio(self.alone, self.pair),
            format!(
                "{what} in two independent processes at once, its rounds between the \
                 threads' rounds: alone {} s, side by side {} s{capped}",
                num(self.alone),
                num(self.pair)
            ),
        )
    }
}

/// Two processes' throughput over one's, from the fastest lone time and the slower side
/// of the fastest pair, at most 2.
fn ceiling_ratio(alone: f64, pair: f64) -> f64 {
    (2.0 * alone / pair).min(2.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ceiling_of_two_processes_is_at_most_two() {
        assert_eq!(ceiling_ratio(1.0, 1.0), 2.0);
        assert_eq!(ceiling_ratio(1.0, 1.25), 1.6);
        assert_eq!(
            ceiling_ratio(1.05, 1.0),
            2.0,
            "a pair faster than one alone"
        );
    }

    #[test]
    fn ceiling_requests_round_trip_and_unknown_ones_are_refused() {
        let alphabeta = Workload::AlphaBeta { games: 8, side: 5 };
        let nim = Workload::RandomNim { games: 12 };
        for w in [alphabeta, nim] {
            assert_eq!(Workload::from_request(&w.request(), alphabeta).unwrap(), w);
        }
        for bad in ["", "nim", "nim x", "nim -1", "chess 3", "go now"] {
            let err = Workload::from_request(bad, alphabeta).unwrap_err();
            assert!(err.to_string().contains("unknown request"), "{bad}: {err}");
        }
    }
}
