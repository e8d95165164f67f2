//! Figure 5: compiling a module, once per tournament.
//!
//! Times [`crate::runtime::Sandbox::load_bytes`] (size and shape checks, Cranelift
//! compilation, the ABI checks and the linking to the host functions) for every example
//! bot, each the first time this process compiles it. There is no compiled-module cache
//! (see `docs/PERFORMANCE.md` for why), so there is no warm figure.

use super::timing::time;
use super::{num, BenchError, Figure, EXAMPLES};
use crate::runtime::Sandbox;

/// Measures the cold compile time of each example bot.
pub fn measure(sandbox: &Sandbox) -> Result<Vec<Figure>, BenchError> {
    let mut times = Vec::new();
    for (name, bytes) in EXAMPLES {
        let (d, module) = time(|| sandbox.load_bytes(name, bytes));
        module?;
        times.push((name, bytes.len(), d.as_secs_f64() * 1e3));
    }
    let mean = times.iter().map(|t| t.2).sum::<f64>() / times.len() as f64;
    let each: Vec<String> = times
        .iter()
        .map(|(name, len, ms)| format!("{name} {} KiB {} ms", len.div_ceil(1024), num(*ms)))
        .collect();
    Ok(vec![
        Figure::new("compile per module (cold)", mean, "ms", each.join(", ")),
        Figure::new(
            "compile per module (warm)",
            f64::NAN,
            "ms",
            "warm: no cache; every run compiles its modules once, in parallel".to_string(),
        ),
    ])
}
