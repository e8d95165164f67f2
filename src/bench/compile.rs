//! Figure 5: compiling a module, cold and from the compiled-module cache.
//!
//! Times [`crate::field::compile`] (size and shape checks, Cranelift
//! compilation, the ABI checks and the linking to the host functions) for every example
//! bot, each the first time this process compiles it (cold). Then a sandbox with a
//! [`ModuleCache`] in a fresh temporary folder loads each bot twice: the first load
//! compiles and stores the artefact, the second (in a new sandbox, as a rerun or a
//! `--resume` would) checks the entry's key and checksum and deserializes it (warm).
//! The bench fails if the second load is not a cache hit.

use super::end_to_end::temp_dir;
use super::timing::time;
use super::{num, BenchError, Figure, EXAMPLES};
use std::path::Path;

use crate::field;
use crate::runtime::{Compiler, Limits, ModuleCache, Sandbox};

/// Loads every example bot in `sandbox`; returns `(name, KiB, ms)` for each.
fn load_all(sandbox: &Sandbox) -> Result<Vec<(&'static str, usize, f64)>, BenchError> {
    let mut times = Vec::new();
    for (name, bytes) in EXAMPLES {
        let (d, compiled) = time(|| field::compile(sandbox, name, Path::new(name), bytes));
        compiled.result?;
        times.push((name, bytes.len().div_ceil(1024), d.as_secs_f64() * 1e3));
    }
    Ok(times)
}

fn mean(times: &[(&str, usize, f64)]) -> f64 {
    times.iter().map(|t| t.2).sum::<f64>() / times.len().max(1) as f64
}

fn each(times: &[(&str, usize, f64)]) -> String {
    let v: Vec<String> = times
        .iter()
        .map(|(name, kib, ms)| format!("{name} {kib} KiB {} ms", num(*ms)))
        .collect();
    v.join(", ")
}

/// A sandbox with default limits, compiling in process, caching in `cache`.
fn cached(cache: &std::path::Path) -> Result<Sandbox, BenchError> {
    let cache = ModuleCache::open(cache).map_err(|e| BenchError::Setup(e.to_string()))?;
    Sandbox::with_compiler(Limits::default(), Compiler::InProcess, Some(cache))
        .map_err(|e| BenchError::Setup(e.to_string()))
}

/// Measures the cold compile time of each example bot, then the warm (cached) load.
pub fn measure(sandbox: &Sandbox) -> Result<Vec<Figure>, BenchError> {
    let cold = load_all(sandbox)?;
    let dir = temp_dir()?;
    let warm = (|| {
        load_all(&cached(&dir.join("cache"))?)?;
        let again = cached(&dir.join("cache"))?;
        let warm = load_all(&again)?;
        let stats = again.cache_stats().unwrap_or_default();
        if stats.hits != EXAMPLES.len() as u64 {
            return Err(BenchError::Mismatch(format!(
                "the second load hit the cache {} times, not {}",
                stats.hits,
                EXAMPLES.len()
            )));
        }
        Ok(warm)
    })();
    let _ = std::fs::remove_dir_all(&dir);
    let warm = warm?;
    let (c, w) = (mean(&cold), mean(&warm));
    Ok(vec![
        super::rows::COMPILE_COLD.figure(c, each(&cold)),
        super::rows::COMPILE_WARM.figure(
            w,
            format!(
                "from the module cache, key and checksum checked: {}; {} % of cold",
                each(&warm),
                num(100.0 * w / c)
            ),
        ),
    ])
}
