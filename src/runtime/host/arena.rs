//! The `arena` import module: functions the harness offers bots beyond WASI.

use wasmtime::{Caller, Linker};

use super::{charge, cost, memory, range};
use crate::runtime::state::BotState;

/// The import module name of these functions.
pub const ARENA_MODULE: &str = "arena";

/// The name of the import that lists the legal moves; a module importing it is handed
/// them with every move (see [`crate::bot::Bot::choose_move_with`]).
pub const LEGAL_MOVES: &str = "legal_moves";

/// Defines the `arena` functions:
///
/// - `debug_log(ptr: i32, len: i32)`: appends the `len` bytes at `ptr`, and a newline if
///   they do not end with one, to the bot's captured output. The bytes must lie inside
///   memory, or the call traps; output past the cap is dropped and marked.
/// - `legal_moves(ptr: i32, cap: i32) -> i32`: see [`legal_moves`].
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
    linker.func_wrap(ARENA_MODULE, LEGAL_MOVES, legal_moves)?;
    Ok(())
}

/// `arena.legal_moves(ptr: i32, cap: i32) -> i32`: writes the legal moves of the
/// position the bot is being asked about (their `i32` encodings, ascending, little-endian)
/// to the room for `cap` words at `ptr`, and returns how many there are. When there are
/// more than `cap`, only the first `cap` are written (the count says so). Costs the call
/// plus 1 fuel per byte written. Traps when `cap` is negative, when the `cap` words at
/// `ptr` are not all inside memory (whatever the count), or outside a move (in `start`
/// or `_initialize`, where there is no position yet).
fn legal_moves(mut caller: Caller<'_, BotState>, ptr: i32, cap: i32) -> wasmtime::Result<i32> {
    let call = format!("arena.legal_moves({}, {cap})", ptr as u32);
    let Ok(cap) = u64::try_from(cap) else {
        return Err(wasmtime::Error::msg(format!(
            "{call}: the capacity is negative"
        )));
    };
    let Some(count) = caller.data().legal_moves.as_ref().map(Vec::len) else {
        return Err(wasmtime::Error::msg(format!(
            "{call}: there is no position outside a move (called while instantiating?)"
        )));
    };
    let written = cap.min(count as u64);
    charge(&mut caller, cost(written * 4))?;
    let mem = memory(&mut caller)?;
    let (data, state) = mem.data_and_store_mut(&mut caller);
    let Some(r) = range(ptr, cap * 4, data.len()) else {
        return Err(wasmtime::Error::msg(format!(
            "{call}: the {cap} words lie outside memory ({} bytes)",
            data.len()
        )));
    };
    let moves = state.legal_moves.as_deref().unwrap_or_default();
    for (word, mv) in data[r].chunks_exact_mut(4).zip(moves) {
        word.copy_from_slice(&mv.to_le_bytes());
    }
    Ok(i32::try_from(count).unwrap_or(i32::MAX))
}
