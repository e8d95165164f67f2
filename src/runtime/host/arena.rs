//! The `arena` import module: functions the harness offers bots beyond WASI.

use wasmtime::{Caller, Linker};

use super::{charge, cost, memory, range};
use crate::runtime::state::BotState;

/// The import module name of these functions.
pub const ARENA_MODULE: &str = "arena";

/// Defines `arena.debug_log(ptr: i32, len: i32)`: appends the `len` bytes at `ptr`, and
/// a newline if they do not end with one, to the bot's captured output. The bytes must
/// lie inside memory, or the call traps; output past the cap is dropped and marked.
pub(super) fn define(linker: &mut Linker<BotState>) -> wasmtime::Result<()> {
    linker.func_wrap(
        ARENA_MODULE,
        "debug_log",
        |mut caller: Caller<'_, BotState>, ptr: i32, len: i32| -> wasmtime::Result<()> {
            let len = u64::from(len as u32);
            charge(&mut caller, cost(len))?;
            let mem = memory(&mut caller)?;
            let (data, state) = mem.data_and_store_mut(&mut caller);
            let Some(r) = range(ptr, len, data.len()) else {
                return Err(wasmtime::Error::msg(format!(
                    "arena.debug_log({}, {len}): the bytes lie outside memory ({} bytes)",
                    ptr as u32,
                    data.len()
                )));
            };
            let bytes = &data[r];
            state.output.push(bytes);
            if !bytes.ends_with(b"\n") {
                state.output.push(b"\n");
            }
            Ok(())
        },
    )?;
    Ok(())
}
