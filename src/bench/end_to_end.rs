//! Figure 6: a whole tournament.
//!
//! The five example bots, each loaded four times under distinct names with
//! [`crate::field::compile`], make a field of 20; [`crate::tournament::run`]
//! plays their round-robin of best-of-5 series on all worker threads into a temporary
//! folder (removed afterwards), writing every file a real run writes. Games per second
//! count the games played over the run's wall time (compiling is not included: it is
//! figure 5).

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use super::timing::time;
use super::{num, positions::mathtricks, BenchError, Bots, Figure, Scale, EXAMPLES};
use crate::contestant::Wasm;
use crate::rng_size::SizeRange;
use crate::series::SeriesRules;
use crate::tournament::{self, Config, Participant, Reporting, Silent};

/// Copies of each example bot in the field.
const COPIES: usize = 4;

/// A fresh folder under the system's temporary directory.
pub(super) fn temp_dir() -> Result<PathBuf, BenchError> {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let dir = std::env::temp_dir().join(format!("arena-bench-{}-{nanos}", std::process::id()));
    std::fs::create_dir_all(&dir)
        .map_err(|e| BenchError::Setup(format!("{}: {e}", dir.display())))?;
    Ok(dir)
}

/// Measures games per second of a 20-bot round-robin, best-of-5.
pub fn measure(bots: &Bots, scale: &Scale) -> Result<Vec<Figure>, BenchError> {
    let mut field = Vec::new();
    for copy in 1..=COPIES {
        for (name, bytes) in EXAMPLES {
            let name = format!("{}-{copy}", name.trim_end_matches(".wasm"));
            let compiled = crate::field::compile(&bots.sandbox, &name, Path::new(&name), bytes);
            let module = compiled.result?;
            field.push(Participant {
                sha256: compiled.sha256,
                source: name.clone(),
                name,
                reference: false,
                disqualified: None,
                lms: None,
                entrant: Box::new(Wasm(module)),
            });
        }
    }
    let bots_in_field = field.len();
    let dir = temp_dir()?;
    let size = SizeRange::fixed(scale.tournament_board);
    let config = Config {
        game: mathtricks(),
        rows: size,
        cols: size,
        rules: SeriesRules::new(5, false, false).map_err(|e| BenchError::Setup(e.to_string()))?,
        rounds: 1,
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
    let (d, summary) = time(|| tournament::run(&config, field, &Silent, &stop));
    let _ = std::fs::remove_dir_all(&dir);
    let summary = summary.map_err(|e| BenchError::Setup(e.to_string()))?;
    let secs = d.as_secs_f64();
    Ok(vec![super::rows::END_TO_END.figure(
        summary.games as f64 / secs,
        format!(
            "{} games in {} s, {bots_in_field} bots, {} threads, {}x{} boards",
            summary.games,
            num(secs),
            scale.max_threads,
            scale.tournament_board,
            scale.tournament_board
        ),
    )])
}
