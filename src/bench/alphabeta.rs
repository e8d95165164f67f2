//! Figure 3: the same alpha-beta code sandboxed and native.
//!
//! `bots/alphabeta.wasm` is `arena-games`' alpha-beta compiled to wasm32 through the SDK;
//! `builtin:alphabeta` is the same code compiled natively. Both search the same
//! mid-game positions to the game's default depth (6 for MathTricks), with fuel metering
//! on for the sandboxed one as in a tournament, and must choose the same moves. Each
//! position is timed alternately native and sandboxed; the fastest of the rounds counts.

use std::time::Duration;

use super::positions::{mathtricks, positions};
use super::timing::{fastest, time};
use super::{num, BenchError, Bots, Figure, Scale};
use crate::bot::{Bot, BuiltinBot};

/// The target: the sandboxed search at most 1.7 times the native one.
pub const TARGET_RATIO: f64 = 1.7;

/// The name of the figure measured under wasmtime's own fuel (`ARENA_METERING=wasmtime`)
/// beside the default.
pub const WASMTIME_FUEL_KEY: &str = "alpha-beta, wasmtime's fuel";

/// Measures sandboxed ÷ native time for the same searches.
pub fn measure(bots: &Bots, scale: &Scale) -> Result<Vec<Figure>, BenchError> {
    let game = mathtricks();
    let builtin = |name| BuiltinBot::new(game, name, None).expect("a builtin of MathTricks");
    let mut mover = builtin("greedy");
    let mut all = positions(8, 8, scale.search_boards, 2, 7, &mut mover);
    all.truncate(scale.search_positions);
    let mut native = builtin("alphabeta");
    let mut wasm = bots.alphabeta.instantiate(1)?;
    let (mut tn, mut tw) = (Duration::ZERO, Duration::ZERO);
    let mut fuel = 0u64;
    for words in &all {
        let (mut sn, mut sw) = (Vec::new(), Vec::new());
        for _ in 0..scale.search_rounds {
            let (d, n) = time(|| native.choose_move(words));
            sn.push(d);
            let (d, w) = time(|| wasm.choose_move(words));
            sw.push(d);
            let (n, w) = (n?, w?);
            if n.raw != w.raw {
                return Err(BenchError::Mismatch(format!(
                    "alphabeta.wasm chose {} where builtin:alphabeta chose {}",
                    w.raw, n.raw
                )));
            }
            fuel = fuel.max(w.fuel);
        }
        tn += fastest(&sn);
        tw += fastest(&sw);
    }
    let ratio = tw.as_secs_f64() / tn.as_secs_f64();
    Ok(vec![super::rows::ALPHABETA.figure(
        ratio,
        format!(
            "{} positions 8x8 depth 6: wasm {} ms, native {} ms; max {} Mfuel a move",
            all.len(),
            num(tw.as_secs_f64() * 1e3),
            num(tn.as_secs_f64() * 1e3),
            num(fuel as f64 / 1e6)
        ),
    )])
}

/// The same figure under wasmtime's own fuel and epoch checks (`ARENA_METERING=wasmtime`,
/// the same fuel counts and verdicts as the default, arena's metering), measured by a
/// child process of this executable (`arena __bench-child alphabeta`) so that both are
/// in one run; no target, it is the comparison. Nothing when there is no executable to
/// run, or when this process already runs under that setting.
///
/// # Errors
/// [`BenchError::Setup`] when the child cannot run or answers nonsense.
pub fn measure_wasmtime_fuel(scale: &Scale) -> Result<Vec<Figure>, BenchError> {
    use crate::runtime::metering::{Metering, METERING_ENV};
    let Some(exe) = &scale.exe else {
        return Ok(Vec::new());
    };
    if Metering::from_env().ok() == Some(Metering::Wasmtime) {
        return Ok(Vec::new());
    }
    let fail = |e: String| BenchError::Setup(format!("alpha-beta child: {e}"));
    let mut command = std::process::Command::new(exe);
    command
        .args(["__bench-child", "alphabeta"])
        .env(METERING_ENV, Metering::Wasmtime.name());
    if scale.quick {
        command.arg("1");
    }
    let out = command.output().map_err(|e| fail(e.to_string()))?;
    if !out.status.success() {
        return Err(fail(
            String::from_utf8_lossy(&out.stderr).trim().to_string(),
        ));
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let (value, note) = text
        .trim()
        .split_once('\t')
        .ok_or_else(|| fail("no figure in its answer".into()))?;
    let value: f64 = value
        .parse()
        .map_err(|_| fail("no figure in its answer".into()))?;
    Ok(vec![super::rows::ALPHABETA_WASMTIME.figure(
        value,
        format!("{note}; ARENA_METERING=wasmtime, same fuel and verdicts, no target"),
    )])
}

/// The child's side of [`measure_wasmtime_fuel`]: the alpha-beta figure under this
/// process's metering, printed as its value, a tab and its note.
///
/// # Errors
/// [`BenchError`] as [`measure`].
pub fn serve_child(quick: bool, mut output: impl std::io::Write) -> Result<(), BenchError> {
    let scale = Scale::new(&super::Options {
        quick,
        max_threads: Some(1),
        exe: None,
    });
    let bots = Bots::new()?;
    for figure in measure(&bots, &scale)? {
        writeln!(output, "{}\t{}", figure.value, figure.note)
            .map_err(|e| BenchError::Setup(format!("alpha-beta child: {e}")))?;
    }
    Ok(())
}
