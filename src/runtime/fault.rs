//! Turning what wasmtime reports into a [`Fault`], by the type of the error, never by
//! its message.

use wasmtime::{PoolConcurrencyLimitError, Trap, WasmBacktrace};

use super::host::wasi::ProcExit;
use super::state::CapReached;
use crate::bot::Fault;

/// The fault for an error raised while the bot ran with `budget` fuel under a safety net
/// of `timeout_secs` seconds.
pub(crate) fn classify(err: &wasmtime::Error, budget: u64, timeout_secs: u64) -> Fault {
    if let Some(cap) = err.downcast_ref::<CapReached>() {
        return Fault::MemoryLimit(cap.to_string());
    }
    if let Some(exit) = err.downcast_ref::<ProcExit>() {
        return Fault::Trap(exit.to_string());
    }
    if let Some(trap) = err.downcast_ref::<Trap>() {
        return match trap {
            Trap::OutOfFuel => Fault::OutOfFuel { budget },
            Trap::StackOverflow => Fault::StackOverflow,
            Trap::Interrupt => Fault::Timeout {
                seconds: timeout_secs,
            },
            other => {
                // Trap's Display reads "wasm trap: <what>"; the fault already says "trap".
                let text = other.to_string();
                let what = text.strip_prefix("wasm trap: ").unwrap_or(&text);
                Fault::Trap(format!("{what}{}", location(err)))
            }
        };
    }
    if let Some(pool) = err.downcast_ref::<PoolConcurrencyLimitError>() {
        return Fault::Harness(format!(
            "the host's instance pool is full ({pool}): raise `max_live_bots`"
        ));
    }
    Fault::Trap(describe(err))
}

/// ` in `name`` for the innermost named function of the backtrace, if wasmtime kept one:
/// the name from the module's name section, escaped and cut short
/// ([`super::module_text::name`]), so that it can neither forge a line of output nor
/// fill a reason. A backtrace whose functions have no names (a module built stripped)
/// gets [`crate::bot::NO_FUNCTION_NAMES`] instead: how to rebuild it to learn where.
fn location(err: &wasmtime::Error) -> String {
    let Some(frames) = err
        .downcast_ref::<WasmBacktrace>()
        .map(WasmBacktrace::frames)
    else {
        return String::new();
    };
    match frames.iter().find_map(|f| f.func_name()) {
        Some(name) => format!(" in `{}`", super::module_text::name(name)),
        None if !frames.is_empty() => crate::bot::NO_FUNCTION_NAMES.to_string(),
        None => String::new(),
    }
}

/// The innermost cause of the error (what the bot or the host reported), escaped and cut
/// short ([`super::module_text::run_message`]), with the function it happened in when
/// known, without the backtrace wasmtime wraps around it.
pub(crate) fn describe(err: &wasmtime::Error) -> String {
    let cause = super::module_text::run_message(&err.root_cause().to_string());
    format!("{cause}{}", location(err))
}
