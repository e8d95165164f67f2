//! `arena bench`: what the harness costs on the machine at hand.
//!
//! Six measurements, each in its own file, each printed with its target and PASS/MISS:
//! 1. [`harness`]: the sandbox's cost per move, a trivial bot against its native twin;
//! 2. [`instantiate`]: a fresh instance per bot per game;
//!    [`nim_game`]: a whole cheap game, `random.wasm` against itself at Nim;
//! 3. [`alphabeta`]: the same alpha-beta search sandboxed and native, as a ratio;
//! 4. [`threads`]: throughput with 1, 2, ... N worker threads, as ratios to one, for
//!    alpha-beta bots and for cheap ones (`random.wasm` at Nim), each beside its ceiling;
//! 5. [`compile`]: compiling each example bot, cold (there is no on-disk cache);
//! 6. [`end_to_end`]: games per second of a 20-bot round-robin, best-of-5;
//! 7. [`writing`]: the share of a cheap-bot tournament's time spent writing results.
//!
//! Apart from these, [`scale`] (`arena bench --scale`) plays whole tournaments of large
//! fields as child processes ([`child`]), of copies or of distinct modules ([`variants`]).
//!
//! Every row printed, with its unit and target, is listed once in [`rows`].
//!
//! Ratios compare figures taken in the same run, interleaved, and every time is the
//! fastest of several samples, so that they hold on a noisy, shared machine. The bots
//! are the committed example bots, embedded in the binary. How each figure is measured
//! and what it showed is in `docs/PERFORMANCE.md`.

pub mod alphabeta;
pub mod child;
pub mod compile;
pub mod end_to_end;
pub mod figure;
pub mod first_legal;
pub mod harness;
pub mod instantiate;
pub mod nim_game;
pub mod pipes;
pub mod positions;
pub mod rows;
pub mod scale;
pub mod threads;
pub mod timing;
pub mod variants;
pub mod writing;

use std::path::Path;

use thiserror::Error;

pub use figure::{num, Figure, Target};

use crate::bot::Fault;
use crate::field::{self, Refusal};
use crate::runtime::{Limits, Sandbox, WasmModule};

/// The example bots, as committed in `bots/`, by file name.
pub const EXAMPLES: [(&str, &[u8]); 5] = [
    (
        "alphabeta.wasm",
        include_bytes!("../../bots/alphabeta.wasm"),
    ),
    ("c_greedy.wasm", include_bytes!("../../bots/c_greedy.wasm")),
    (
        "first_legal.wasm",
        include_bytes!("../../bots/first_legal.wasm"),
    ),
    ("greedy.wasm", include_bytes!("../../bots/greedy.wasm")),
    ("random.wasm", include_bytes!("../../bots/random.wasm")),
];

/// A benchmark could not run.
#[derive(Debug, Error)]
pub enum BenchError {
    /// The sandbox, a thread pool or a folder could not be set up.
    #[error("cannot set up the benchmark: {0}")]
    Setup(String),
    /// An example bot did not load.
    #[error("an example bot did not load: {0}")]
    Load(#[from] Refusal),
    /// A bot faulted where it never should.
    #[error("a bot faulted during the benchmark: {0}")]
    Fault(#[from] Fault),
    /// Twins that must play the same moves did not.
    #[error("twins disagree: {0}")]
    Mismatch(String),
}

/// What to run.
#[derive(Clone, Debug)]
pub struct Options {
    /// A few seconds instead of about a minute: fewer samples and smaller workloads,
    /// noisier figures (used by the test suite to check that every figure prints).
    pub quick: bool,
    /// The most worker threads to measure throughput with (default: all cores, at
    /// least 2).
    pub max_threads: Option<usize>,
    /// This `arena` executable, for the control that runs bots as child processes over
    /// pipes (left out without it).
    pub exe: Option<std::path::PathBuf>,
}

/// The sizes of the workloads, derived from [`Options`].
#[derive(Clone, Debug)]
pub struct Scale {
    /// Timed samples of the micro-benchmarks (the fastest counts).
    pub samples: u32,
    /// Games per sample of the per-move harness figure.
    pub harness_games: u64,
    /// Instantiations per sample.
    pub instances: u64,
    /// Boards the alpha-beta positions are taken from.
    pub search_boards: u64,
    /// Positions searched by both alpha-betas.
    pub search_positions: usize,
    /// Times each position is searched by each (the fastest counts).
    pub search_rounds: u32,
    /// The most worker threads measured.
    pub max_threads: usize,
    /// Rounds of the thread measurements.
    pub thread_rounds: u32,
    /// Games per thread measurement.
    pub thread_games: u64,
    /// Board side of the thread measurement.
    pub thread_board: u32,
    /// Games per sample of the cheap-bot thread measurement (`random.wasm` at Nim).
    pub cheap_games: u64,
    /// Board side of the end-to-end tournament.
    pub tournament_board: u32,
    /// This `arena` executable, for the child-process control.
    pub exe: Option<std::path::PathBuf>,
    /// Whether these are the quick workloads.
    pub quick: bool,
}

impl Scale {
    /// The workloads for `options`.
    pub fn new(options: &Options) -> Scale {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        let max_threads = options.max_threads.unwrap_or(cores).max(2);
        if options.quick {
            Scale {
                samples: 3,
                harness_games: 20,
                instances: 200,
                search_boards: 1,
                search_positions: 2,
                search_rounds: 1,
                max_threads,
                thread_rounds: 1,
                thread_games: 8,
                thread_board: 5,
                cheap_games: 100,
                tournament_board: 4,
                exe: options.exe.clone(),
                quick: true,
            }
        } else {
            Scale {
                samples: 15,
                harness_games: 200,
                instances: 2000,
                search_boards: 6,
                search_positions: 30,
                search_rounds: 11,
                max_threads,
                thread_rounds: 15,
                thread_games: 100,
                thread_board: 7,
                cheap_games: 2000,
                tournament_board: 8,
                exe: options.exe.clone(),
                quick: false,
            }
        }
    }
}

/// The sandbox and the example bots the measurements share.
pub struct Bots {
    /// The sandbox, default limits (fuel on), a pool for `max_threads` workers.
    pub sandbox: Sandbox,
    /// `first_legal.wasm`.
    pub first_legal: WasmModule,
    /// `alphabeta.wasm`.
    pub alphabeta: WasmModule,
    /// `alphabeta.wasm`'s size in KiB.
    pub alphabeta_kib: usize,
    /// `greedy.wasm`.
    pub greedy: WasmModule,
    /// `random.wasm`.
    pub random: WasmModule,
}

impl Bots {
    /// A sandbox with the default limits (each thread that plays gets its own pool), with
    /// the bots the measurements use loaded.
    ///
    /// # Errors
    /// [`BenchError`] when the sandbox cannot be made or a bot does not load.
    pub fn new() -> Result<Bots, BenchError> {
        let sandbox =
            Sandbox::new(Limits::default()).map_err(|e| BenchError::Setup(e.to_string()))?;
        let load = |name: &str| -> Result<(WasmModule, usize), BenchError> {
            let (_, bytes) = EXAMPLES
                .iter()
                .find(|(n, _)| *n == name)
                .expect("an example bot");
            let module = field::compile(&sandbox, name, Path::new(name), bytes).result?;
            Ok((module, bytes.len().div_ceil(1024)))
        };
        let (first_legal, _) = load("first_legal.wasm")?;
        let (alphabeta, alphabeta_kib) = load("alphabeta.wasm")?;
        let (greedy, _) = load("greedy.wasm")?;
        let (random, _) = load("random.wasm")?;
        Ok(Bots {
            sandbox,
            first_legal,
            alphabeta,
            alphabeta_kib,
            greedy,
            random,
        })
    }
}

/// Runs every measurement in order, handing each figure to `report` as soon as it is
/// known; returns them all.
///
/// # Errors
/// [`BenchError`] when a measurement cannot run (never because a target is missed).
pub fn run(options: &Options, report: &mut dyn FnMut(&Figure)) -> Result<Vec<Figure>, BenchError> {
    let scale = Scale::new(options);
    // Compile first, in a sandbox of its own, so that every compile is cold.
    let cold = Sandbox::new(Limits::default()).map_err(|e| BenchError::Setup(e.to_string()))?;
    let compile = compile::measure(&cold)?;
    drop(cold);
    let bots = Bots::new()?;
    let mut all = Vec::new();
    // Quick samples are too small to judge a target: every figure says so as it is
    // printed (`~pass`/`~miss`), not after.
    let mut emit = |figures: Vec<Figure>| {
        for mut f in figures {
            f.indicative = options.quick;
            report(&f);
            all.push(f);
        }
    };
    let harness = harness::measure(&bots, &scale)?;
    let per_move = harness.first().map_or(0.0, |f| f.value);
    emit(harness);
    emit(instantiate::measure(&bots, &scale)?);
    emit(nim_game::measure(&bots, &scale, per_move)?);
    emit(alphabeta::measure(&bots, &scale)?);
    emit(alphabeta::measure_wasmtime_fuel(&scale)?);
    emit(threads::measure(&bots, &scale)?);
    emit(threads::measure_cheap(&bots, &scale)?);
    emit(compile);
    emit(end_to_end::measure(&bots, &scale)?);
    emit(writing::measure(&bots, &scale)?);
    Ok(all)
}
