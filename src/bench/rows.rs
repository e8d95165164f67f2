//! The rows `arena bench` prints, in order, each with its unit and target: the one list
//! the measurements make their figures from, and that the table of `docs/PERFORMANCE.md`
//! is checked against (`tests/docs/perf_doc.rs`).
//!
//! [`ROWS`] is a run through the command line (`arena bench`: the control and the
//! ceilings run in child processes of the executable) with two worker threads, the
//! default on a two-core machine. With more threads a `threads N / 1` row follows
//! `threads 2 / 1` for each further N; under `ARENA_METERING=wasmtime` the
//! `alpha-beta, wasmtime's fuel` row is left out; the two `writing:` rows need the
//! process's CPU clock.

use super::figure::{Figure, Target};
use super::{alphabeta, harness, instantiate, nim_game, threads, writing};

/// One row of the report: what is measured, its unit, and its target if it has one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Row {
    /// The figure's stable key, as printed at the start of its line.
    pub key: &'static str,
    /// Its unit: `µs`, `ms`, `x` (a ratio), `%` or `games/s`.
    pub unit: &'static str,
    /// The target, if the figure has one.
    pub target: Option<Target>,
}

impl Row {
    /// This row's figure: `value` in the row's unit, with the row's target, and `note`.
    pub fn figure(&self, value: f64, note: impl Into<String>) -> Figure {
        let figure = Figure::new(self.key, value, self.unit, note.into());
        match self.target {
            Some(target) => figure.with_target(target),
            None => figure,
        }
    }
}

const fn row(key: &'static str, unit: &'static str, target: Option<Target>) -> Row {
    Row { key, unit, target }
}

/// The sandbox's cost per move ([`harness`]).
pub const HARNESS: Row = row(
    "harness per move",
    "µs",
    Some(Target::AtMost(harness::TARGET_US)),
);
/// Instantiating and dropping the Rust alpha-beta bot ([`instantiate`]).
pub const INSTANTIATE_ALPHABETA: Row = row(
    "instantiation (alphabeta.wasm)",
    "µs",
    Some(Target::AtMost(instantiate::TARGET_US)),
);
/// Instantiating and dropping the smallest bot ([`instantiate`]).
pub const INSTANTIATE_FIRST_LEGAL: Row = row(
    "instantiation (first_legal.wasm)",
    "µs",
    Some(Target::AtMost(instantiate::TARGET_US)),
);
/// A whole cheap game, fresh instances ([`nim_game`]).
pub const NIM_GAME: Row = row(
    "random.wasm per Nim game",
    "µs",
    Some(Target::AtMost(nim_game::TARGET_US)),
);
/// The referee and the crossings of a cheap game, no instance made ([`nim_game`]).
pub const NIM_FLOOR: Row = row("random.wasm floor per Nim game", "µs", None);
/// That floor plus the two fresh instances a game makes ([`nim_game`]).
pub const NIM_FLOOR_FRESH: Row = row("random.wasm floor, fresh instances", "µs", None);
/// The same games with bots in child processes over pipes ([`super::pipes`]).
pub const PIPES: Row = row("pipes control per Nim game", "µs", None);
/// The same alpha-beta search sandboxed and native ([`alphabeta`]).
pub const ALPHABETA: Row = row(
    "alpha-beta sandboxed / native",
    "x",
    Some(Target::AtMost(alphabeta::TARGET_RATIO)),
);
/// The same under wasmtime's own fuel, in a child process ([`alphabeta`]).
pub const ALPHABETA_WASMTIME: Row = row(alphabeta::WASMTIME_FUEL_KEY, "x", None);
/// One worker thread against itself: 1 by definition ([`threads`]).
pub const THREADS_ONE: Row = row("threads 1 / 1", "x", None);
/// Two worker threads against one, alpha-beta bots ([`threads`]).
pub const THREADS_TWO: Row = row(
    "threads 2 / 1",
    "x",
    Some(Target::AtLeast(threads::TARGET_TWO)),
);
/// The same work in two independent processes against one ([`threads`]).
pub const CEILING: Row = row("ceiling: 2 processes / 1", "x", None);
/// The 2-thread ratio as a share of its ceiling ([`threads`]).
pub const THREADS_TWO_CEILING: Row = row(
    "threads 2 / ceiling",
    "%",
    Some(Target::AtLeast(threads::TARGET_SHARE)),
);
/// Two worker threads against one, cheap bots ([`threads`]).
pub const CHEAP_TWO: Row = row("threads 2 / 1 (random.wasm)", "x", None);
/// The cheap games in two independent processes against one ([`threads`]).
pub const CHEAP_CEILING: Row = row("ceiling (random.wasm)", "x", None);
/// The cheap 2-thread ratio as a share of its ceiling ([`threads`]).
pub const CHEAP_TWO_CEILING: Row = row(
    "threads 2 / ceiling (random.wasm)",
    "%",
    Some(Target::AtLeast(threads::TARGET_SHARE)),
);
/// Compiling each example bot, cold ([`super::compile`]).
pub const COMPILE_COLD: Row = row("compile per module (cold)", "ms", None);
/// Loading each example bot from the module cache ([`super::compile`]).
pub const COMPILE_WARM: Row = row("compile per module (warm)", "ms", None);
/// Games per second of a 20-bot round-robin ([`super::end_to_end`]).
pub const END_TO_END: Row = row("end to end (20 bots, best-of-5)", "games/s", None);
/// The share of a cheap-bot tournament spent writing its results ([`writing`]).
pub const WRITING: Row = row(
    "results writing share",
    "%",
    Some(Target::AtMost(writing::TARGET * 100.0)),
);
/// The least CPU share of any run that rates its games ([`writing`]).
pub const WRITING_RATINGS: Row = row("writing: the ratings alone", "%", None);
/// `report.html`'s share of the run's CPU ([`writing`]).
pub const WRITING_PAGE: Row = row("writing: the page alone", "%", None);

/// Every row of `arena bench` on two threads, in the order they are printed.
pub const ROWS: [Row; 22] = [
    HARNESS,
    INSTANTIATE_ALPHABETA,
    INSTANTIATE_FIRST_LEGAL,
    NIM_GAME,
    NIM_FLOOR,
    NIM_FLOOR_FRESH,
    PIPES,
    ALPHABETA,
    ALPHABETA_WASMTIME,
    THREADS_ONE,
    THREADS_TWO,
    CEILING,
    THREADS_TWO_CEILING,
    CHEAP_TWO,
    CHEAP_CEILING,
    CHEAP_TWO_CEILING,
    COMPILE_COLD,
    COMPILE_WARM,
    END_TO_END,
    WRITING,
    WRITING_RATINGS,
    WRITING_PAGE,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct_and_fit_their_column() {
        for (i, a) in ROWS.iter().enumerate() {
            assert!(
                a.key.chars().count() <= 34,
                "`{}` is wider than its column",
                a.key
            );
            for b in &ROWS[i + 1..] {
                assert_ne!(a.key, b.key);
            }
        }
    }

    #[test]
    fn a_row_makes_its_figure() {
        let f = THREADS_TWO.figure(1.95, "n");
        assert_eq!(
            (f.key.as_str(), f.unit, f.note.as_str()),
            ("threads 2 / 1", "x", "n")
        );
        assert_eq!(f.target, Some(Target::AtLeast(1.9)));
        assert_eq!(PIPES.figure(1.0, String::new()).target, None);
    }
}
