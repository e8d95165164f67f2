//! `arena bench --scale`: whole tournaments of large fields, each run as a child process
//! of this `arena` executable ([`super::child`]), so that its wall time, CPU time and
//! peak resident size are the tournament's own.
//!
//! Round robins: for each field size N, N copies of the example bots ([`EXAMPLES`], in
//! turn) are written into a temporary folder and play MathTricks best-of-3 with the
//! default board and limits; the row gives series, games, wall and CPU time, games per
//! second, peak RSS, the results folder's size and its bytes per game. A size whose
//! schedule the tournament refuses (the series cap) is printed as refused, with the
//! tournament's own message. Copies of one file are compiled once and share their code.
//!
//! Distinct modules (`--distinct`): for each N, a gauntlet of N modules against one
//! reference (`greedy.wasm`), once with N copies and once with N distinct modules
//! ([`super::variants`]): the same games, so the difference in peak RSS is what holding
//! N distinct compiled modules costs, per module (with `--threads 1` and with more, the
//! share each worker thread adds). The compile time
//! per module is measured in this process on a sample of the distinct modules, cold.
//!
//! Every child gets a compiled-module cache of its own in the temporary folder (cold),
//! removed with the folder afterwards.

use std::fmt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use super::child::{self, Measured};
use super::end_to_end::temp_dir;
use super::timing::time;
use super::{num, variants, BenchError, EXAMPLES};
use crate::runtime::{Compiler, Limits, Sandbox};

/// The field sizes measured when none are asked for.
pub const DEFAULT_SIZES: [usize; 3] = [100, 300, 1000];

/// The most bots a measured field may have (each is a file in the temporary folder).
pub const MAX_BOTS: usize = 100_000;

/// The reference of the distinct-module gauntlets.
const REFERENCE: &str = "greedy.wasm";

/// Distinct modules compiled in process, cold, for the compile time per module.
const COMPILE_SAMPLE: usize = 20;

/// What to run.
#[derive(Clone, Debug)]
pub struct ScaleOptions {
    /// The field sizes, in order.
    pub sizes: Vec<usize>,
    /// Gauntlets of copies and of distinct modules instead of round robins.
    pub distinct: bool,
    /// Worker threads of every tournament.
    pub threads: u32,
    /// The `arena` executable that plays the tournaments.
    pub exe: PathBuf,
}

/// One tournament, played.
#[derive(Clone, Debug)]
pub struct Played {
    /// Series scheduled.
    pub series: u64,
    /// Games played.
    pub games: u64,
    /// The child's wall time, CPU time and peak RSS.
    pub wall: Duration,
    /// User and system CPU time, compiling children included.
    pub cpu: Duration,
    /// Peak resident size, KiB.
    pub peak_rss_kib: u64,
    /// Bytes in the results folder.
    pub folder_bytes: u64,
}

impl Played {
    /// Games per second of wall time.
    pub fn games_per_sec(&self) -> f64 {
        self.games as f64 / self.wall.as_secs_f64().max(1e-9)
    }
}

/// A tournament's outcome: played, or refused before play with the tournament's message.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// It ran to the end.
    Played(Played),
    /// It exited with an error before playing (the message, its first line).
    Refused(String),
}

/// The kind of field of a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldKind {
    /// A round robin of copies of the example bots.
    RoundRobin,
    /// A gauntlet of copies of the example bots against the reference.
    GauntletCopies,
    /// A gauntlet of distinct modules against the reference.
    GauntletDistinct,
}

impl fmt::Display for FieldKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FieldKind::RoundRobin => "round robin, copies",
            FieldKind::GauntletCopies => "gauntlet, copies",
            FieldKind::GauntletDistinct => "gauntlet, distinct",
        })
    }
}

/// One printed row: a field size, its kind and what happened.
#[derive(Clone, Debug)]
pub struct Row {
    /// Bots in the field (the gauntlet's reference not counted).
    pub bots: usize,
    /// The kind of field.
    pub kind: FieldKind,
    /// What happened.
    pub outcome: Outcome,
}

/// The header line of the rows' table.
pub const HEADER: &str =
    "bots  field                 series     games   wall s    CPU s  games/s  peak RSS MiB  folder MiB  bytes/game";

impl fmt::Display for Row {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:>4}  {:<20}", self.bots, self.kind.to_string())?;
        match &self.outcome {
            Outcome::Played(p) => write!(
                f,
                "  {:>6}  {:>8}  {:>7}  {:>7}  {:>7}  {:>12}  {:>10}  {:>10}",
                p.series,
                p.games,
                num(p.wall.as_secs_f64()),
                num(p.cpu.as_secs_f64()),
                num(p.games_per_sec()),
                num(p.peak_rss_kib as f64 / 1024.0),
                num(p.folder_bytes as f64 / (1024.0 * 1024.0)),
                num(p.folder_bytes as f64 / p.games.max(1) as f64),
            ),
            Outcome::Refused(why) => write!(f, "  refused: {why}"),
        }
    }
}

/// What N distinct modules cost beyond N copies, from a pair of gauntlet rows.
#[derive(Clone, Debug)]
pub struct ModuleCost {
    /// Distinct modules in the field.
    pub modules: usize,
    /// Worker threads.
    pub threads: u32,
    /// Mean cold compile time per module, ms (in process, on a sample).
    pub compile_ms: f64,
    /// Peak RSS of the distinct field minus that of the copies, KiB (may be negative
    /// on a noisy machine).
    pub extra_rss_kib: i64,
}

impl fmt::Display for ModuleCost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let per = self.extra_rss_kib as f64 / self.modules.max(1) as f64;
        write!(
            f,
            "{} distinct modules: compile {} ms per module (cold, in process, a sample of {}); peak RSS {} MiB over copies: {} KiB per module with {} (compare --threads 1)",
            self.modules,
            num(self.compile_ms),
            COMPILE_SAMPLE.min(self.modules),
            num(self.extra_rss_kib as f64 / 1024.0),
            num(per),
            crate::units::counted(u64::from(self.threads), "worker", "workers")
        )
    }
}

/// Series of a round robin of `bots` (one round).
pub fn round_robin_series(bots: usize) -> u64 {
    let n = bots as u64;
    n * n.saturating_sub(1) / 2
}

/// The bytes of the `i`th module of a field: example `i mod 5`, as is or as distinct
/// variant `i`.
fn module(i: usize, distinct: bool) -> Result<(String, Vec<u8>), BenchError> {
    let (name, bytes) = EXAMPLES[i % EXAMPLES.len()];
    let stem = name.trim_end_matches(".wasm");
    let bytes = if distinct {
        let value = i32::try_from(i).map_err(|e| BenchError::Setup(e.to_string()))?;
        variants::variant(bytes, value)
            .map_err(|e| BenchError::Setup(format!("{name}, variant {i}: {e}")))?
    } else {
        bytes.to_vec()
    };
    Ok((format!("{stem}-{i:05}.wasm"), bytes))
}

/// Writes a field of `bots` modules into `dir` (created).
fn write_field(dir: &Path, bots: usize, distinct: bool) -> Result<(), BenchError> {
    let setup = |e: std::io::Error| BenchError::Setup(format!("{}: {e}", dir.display()));
    std::fs::create_dir_all(dir).map_err(setup)?;
    for i in 0..bots {
        let (name, bytes) = module(i, distinct)?;
        std::fs::write(dir.join(name), bytes).map_err(setup)?;
    }
    Ok(())
}

/// Bytes of every file under `dir`.
fn folder_bytes(dir: &Path) -> u64 {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    entries
        .flatten()
        .map(|e| match e.file_type() {
            Ok(t) if t.is_dir() => folder_bytes(&e.path()),
            Ok(_) => e.metadata().map_or(0, |m| m.len()),
            Err(_) => 0,
        })
        .sum()
}

/// The games of a finished tournament, from its closing line (`N games; the first
/// mover ...`).
fn games_played(stdout: &str) -> Option<u64> {
    stdout
        .lines()
        .rev()
        .find_map(|l| l.split_once(" games; the first mover"))
        .and_then(|(n, _)| n.trim().parse().ok())
}

/// Plays one tournament of the field in `work/bots` (and the reference in `work/ref`
/// for a gauntlet) as a child process.
fn play(
    options: &ScaleOptions,
    work: &Path,
    kind: FieldKind,
    series: u64,
) -> Result<Outcome, BenchError> {
    let out = work.join("results");
    let mut command = Command::new(&options.exe);
    command
        .arg("tournament")
        .arg(work.join("bots"))
        .args(["--game", "mathtricks", "--best-of", "3", "--threads"])
        .arg(options.threads.to_string())
        .arg("--out")
        .arg(&out)
        .env("ARENA_CACHE_DIR", work.join("cache"))
        .env("NO_COLOR", "1");
    if kind != FieldKind::RoundRobin {
        command
            .arg("--gauntlet")
            .arg(work.join("ref").join(REFERENCE));
    }
    let measured: Measured = child::run(&mut command)
        .map_err(|e| BenchError::Setup(format!("{}: {e}", options.exe.display())))?;
    if measured.code != Some(0) {
        let why = measured
            .stderr
            .lines()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("no message")
            .trim_start_matches("arena: ")
            .trim_start_matches("error: ")
            .to_string();
        return Ok(Outcome::Refused(match measured.code {
            Some(code) => format!("{why} (exit {code})"),
            None => format!("{why} (ended by a signal)"),
        }));
    }
    let games = games_played(&measured.stdout).ok_or_else(|| {
        BenchError::Mismatch("the tournament did not say how many games it played".to_string())
    })?;
    Ok(Outcome::Played(Played {
        series,
        games,
        wall: measured.wall,
        cpu: measured.cpu,
        peak_rss_kib: measured.peak_rss_kib,
        folder_bytes: folder_bytes(&out),
    }))
}

/// One field in a fresh temporary folder, removed afterwards.
fn field_row(options: &ScaleOptions, bots: usize, kind: FieldKind) -> Result<Row, BenchError> {
    let work = temp_dir()?;
    let result = (|| {
        write_field(
            &work.join("bots"),
            bots,
            kind == FieldKind::GauntletDistinct,
        )?;
        let series = if kind == FieldKind::RoundRobin {
            round_robin_series(bots)
        } else {
            let (_, reference) = EXAMPLES
                .iter()
                .find(|(n, _)| *n == REFERENCE)
                .expect("the reference is an example bot");
            let dir = work.join("ref");
            std::fs::create_dir_all(&dir)
                .and_then(|()| std::fs::write(dir.join(REFERENCE), reference))
                .map_err(|e| BenchError::Setup(format!("{}: {e}", dir.display())))?;
            bots as u64
        };
        play(options, &work, kind, series)
    })();
    let _ = std::fs::remove_dir_all(&work);
    Ok(Row {
        bots,
        kind,
        outcome: result?,
    })
}

/// Mean cold compile time, ms, of the first distinct modules of a field of `bots`.
fn compile_ms(bots: usize) -> Result<f64, BenchError> {
    let sandbox = Sandbox::with_compiler(Limits::default(), Compiler::InProcess, None)
        .map_err(|e| BenchError::Setup(e.to_string()))?;
    let sample = COMPILE_SAMPLE.min(bots).max(1);
    let mut total = Duration::ZERO;
    for i in 0..sample {
        let (name, bytes) = module(i, true)?;
        let (d, compiled) =
            time(|| crate::field::compile(&sandbox, &name, Path::new(&name), &bytes));
        compiled.result?;
        total += d;
    }
    Ok(total.as_secs_f64() * 1e3 / sample as f64)
}

/// Runs every measurement `options` asks for, handing each row (and, with `--distinct`,
/// each module cost) to `report` as soon as it is known.
///
/// # Errors
/// [`BenchError`] when a field cannot be written or a tournament cannot be run or
/// read (a refused schedule is a row, not an error).
pub fn run(
    options: &ScaleOptions,
    report: &mut dyn FnMut(&dyn fmt::Display),
) -> Result<(), BenchError> {
    for &bots in &options.sizes {
        if !options.distinct {
            report(&field_row(options, bots, FieldKind::RoundRobin)?);
            continue;
        }
        let copies = field_row(options, bots, FieldKind::GauntletCopies)?;
        report(&copies);
        let distinct = field_row(options, bots, FieldKind::GauntletDistinct)?;
        report(&distinct);
        if let (Outcome::Played(c), Outcome::Played(d)) = (&copies.outcome, &distinct.outcome) {
            report(&ModuleCost {
                modules: bots,
                threads: options.threads,
                compile_ms: compile_ms(bots)?,
                extra_rss_kib: d.peak_rss_kib as i64 - c.peak_rss_kib as i64,
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_closing_line_gives_the_games() {
        let out =
            "rank bot\n1 a\n\n1234 games; the first mover won 1, drew 2, lost 3; results in r\n";
        assert_eq!(games_played(out), Some(1234));
        assert_eq!(games_played("nothing\n"), None);
    }

    #[test]
    fn fields_of_copies_share_bytes_and_distinct_fields_do_not() {
        let n = EXAMPLES.len();
        assert_eq!(module(0, false).unwrap().1, module(n, false).unwrap().1);
        assert_ne!(module(0, true).unwrap().1, module(n, true).unwrap().1);
        assert_eq!(round_robin_series(1000), 499_500);
        assert_eq!(round_robin_series(1), 0);
    }
}
