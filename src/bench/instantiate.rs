//! Figure 2: a fresh instance per bot per game.
//!
//! Times [`crate::runtime::WasmModule::instantiate`] (a new `Store`, the instance from
//! the pooling allocator, data segments, exports looked up) followed by dropping the bot
//! (its slot returned to the pool and its memory reset), which is exactly what every
//! game costs each WebAssembly bot before and after its moves.

use super::timing::{fastest, micros_per, time};
use super::{num, BenchError, Bots, Figure, Scale};
use crate::runtime::WasmModule;

/// The target: at most 5 µs per bot per game.
pub const TARGET_US: f64 = 5.0;

/// The fastest per-instance time over the samples, in µs.
pub(super) fn per_instance(module: &WasmModule, scale: &Scale) -> Result<f64, BenchError> {
    let n = scale.instances;
    let mut samples = Vec::new();
    for _ in 0..scale.samples {
        let (d, r) = time(|| -> Result<(), BenchError> {
            for seed in 0..n {
                drop(module.instantiate(seed)?);
            }
            Ok(())
        });
        r?;
        samples.push(d);
    }
    Ok(micros_per(fastest(&samples), n))
}

/// Measures instantiation of the smallest and the largest example bot.
pub fn measure(bots: &Bots, scale: &Scale) -> Result<Vec<Figure>, BenchError> {
    let small = per_instance(&bots.first_legal, scale)?;
    let large = per_instance(&bots.alphabeta, scale)?;
    Ok(vec![
        super::rows::INSTANTIATE_ALPHABETA.figure(
            large,
            format!(
                "per bot per game, instantiate + drop, {} KiB module",
                bots.alphabeta_kib
            ),
        ),
        super::rows::INSTANTIATE_FIRST_LEGAL.figure(
            small,
            format!(
                "per bot per game, instantiate + drop; {} µs for the Rust bot",
                num(large)
            ),
        ),
    ])
}
