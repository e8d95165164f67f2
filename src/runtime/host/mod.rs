//! The functions a bot may import: the `arena` module and the WASI shim.
//!
//! Host functions charge fuel for the work they do on the bot's behalf (see
//! [`charge`]), so that printing or drawing random bytes is no cheaper than computing
//! them, and a loop of host calls runs out of fuel like any other loop.

mod arena;
pub(crate) mod wasi;

use wasmtime::{Caller, Engine, Extern, Linker, Memory};

use super::state::BotState;

pub use arena::{ARENA_MODULE, LEGAL_MOVES};
pub use wasi::WASI_MODULE;

/// Fuel every host call costs before any work.
pub const HOST_CALL_FUEL: u64 = 20;
/// Fuel per byte a host call reads or writes in the bot's memory.
pub const HOST_BYTE_FUEL: u64 = 1;

/// A [`Linker`] with every host function a bot may import.
///
/// # Errors
/// Only if wasmtime refuses a definition (a bug here, reported instead of panicking).
pub(crate) fn linker(engine: &Engine) -> wasmtime::Result<Linker<BotState>> {
    let mut linker = Linker::new(engine);
    arena::define(&mut linker)?;
    wasi::define(&mut linker)?;
    // Imported only by arena's own metering rewrite (a bot's import of it is refused).
    linker.func_wrap(
        super::metering::METERING_MODULE,
        super::metering::REFUEL_IMPORT,
        super::fuel::refuel,
    )?;
    Ok(linker)
}

/// Takes `amount` fuel from the running bot; when it has less, empties its tank and
/// fails with [`Trap::OutOfFuel`], exactly as running out inside WebAssembly does.
pub(crate) fn charge(caller: &mut Caller<'_, BotState>, amount: u64) -> wasmtime::Result<()> {
    super::fuel::charge(caller, amount)
}

/// Fuel for a call that touches `bytes` bytes of memory.
pub(crate) fn cost(bytes: u64) -> u64 {
    HOST_CALL_FUEL.saturating_add(bytes.saturating_mul(HOST_BYTE_FUEL))
}

/// The bot's exported `memory` (checked at load time, so its absence is a host bug
/// reported as a trap, never a panic).
pub(crate) fn memory(caller: &mut Caller<'_, BotState>) -> wasmtime::Result<Memory> {
    match caller.get_export("memory") {
        Some(Extern::Memory(m)) => Ok(m),
        _ => Err(wasmtime::Error::msg("the bot has no exported `memory`")),
    }
}

/// The range `ptr .. ptr + len` of a memory of `size` bytes, if it lies inside.
/// Pointers are unsigned 32-bit offsets, as in WebAssembly.
pub(crate) fn range(ptr: i32, len: u64, size: usize) -> Option<std::ops::Range<usize>> {
    let start = u64::from(ptr as u32);
    let end = start.checked_add(len)?;
    (end <= size as u64).then_some(start as usize..end as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_are_checked_as_unsigned() {
        assert_eq!(range(0, 4, 4), Some(0..4));
        assert_eq!(range(1, 4, 4), None);
        assert_eq!(range(-1, 1, 1 << 20), None);
        assert_eq!(
            range(-4, 4, 1 << 33),
            Some((u32::MAX as usize - 3)..(1 << 32))
        );
        assert_eq!(range(8, u64::MAX, 16), None);
        assert_eq!(cost(10), HOST_CALL_FUEL + 10);
    }
}
