//! A deterministic `wasi_snapshot_preview1`: no files, no network, no environment, a
//! clock that never moves, seeded randomness, and stdout/stderr captured and bounded.
//!
//! Every function of WASI preview 1 is defined, so that whatever a Rust `wasm32-wasip1`
//! or wasi-libc program imports links; the ones that would reach the outside world fail
//! with an errno the program can handle. The behaviour of each is listed in `docs/ABI.md`.

use std::fmt;

use rand_core::RngCore;
use wasmtime::{Caller, Linker};

use super::{charge, cost, memory, range, HOST_CALL_FUEL};
use crate::runtime::state::BotState;

/// The import module name of the shim.
pub const WASI_MODULE: &str = "wasi_snapshot_preview1";

/// WASI errno values the shim returns.
mod errno {
    pub const SUCCESS: i32 = 0;
    pub const BADF: i32 = 8;
    pub const FAULT: i32 = 21;
    pub const INVAL: i32 = 28;
    pub const NOSYS: i32 = 52;
    pub const NOTDIR: i32 = 54;
    pub const NOTSOCK: i32 = 57;
    pub const SPIPE: i32 = 70;
    pub const NOTCAPABLE: i32 = 76;
}

/// `filetype::character_device`: what stdin, stdout and stderr are.
const CHARACTER_DEVICE: u8 = 2;
/// `rights::fd_read`.
const RIGHT_FD_READ: u64 = 1 << 1;
/// `rights::fd_write`.
const RIGHT_FD_WRITE: u64 = 1 << 6;
/// `rights::poll_fd_readwrite`.
const RIGHT_POLL: u64 = 1 << 27;
/// Size of a `subscription` in `poll_oneoff`'s input.
const SUBSCRIPTION_BYTES: u64 = 48;
/// Size of an `event` in `poll_oneoff`'s output.
const EVENT_BYTES: u64 = 32;
/// Fuel per `iovec` or `poll_oneoff` entry, on top of the bytes.
const ENTRY_FUEL: u64 = 8;

/// `proc_exit` was called: the bot stopped itself, recorded as a trap with the code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ProcExit(pub(crate) i32);

impl fmt::Display for ProcExit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the bot called proc_exit({})", self.0)
    }
}

impl std::error::Error for ProcExit {}

/// Whether `fd` is stdin, stdout or stderr, the only descriptors that exist.
fn is_stdio(fd: i32) -> bool {
    (0..=2).contains(&fd)
}

/// `stdio` for descriptors 0–2, `BADF` for every other.
fn fd_errno(fd: i32, stdio: i32) -> i32 {
    if is_stdio(fd) {
        stdio
    } else {
        errno::BADF
    }
}

/// Copies `bytes` to `ptr`: `SUCCESS`, or `FAULT` when they do not fit in memory.
fn put(caller: &mut Caller<'_, BotState>, ptr: i32, bytes: &[u8]) -> wasmtime::Result<i32> {
    let mem = memory(caller)?;
    let data = mem.data_mut(&mut *caller);
    Ok(match range(ptr, bytes.len() as u64, data.len()) {
        Some(r) => {
            data[r].copy_from_slice(bytes);
            errno::SUCCESS
        }
        None => errno::FAULT,
    })
}

/// Reads `count` little-endian (pointer, length) pairs at `ptr`, or `None` when the list
/// or a buffer it names lies outside memory.
fn iovecs(data: &[u8], ptr: i32, count: i32) -> Option<Vec<(i32, u64)>> {
    let list = range(ptr, u64::from(count as u32) * 8, data.len())?;
    let mut out = Vec::new();
    for pair in data[list].chunks_exact(8) {
        let buf = i32::from_le_bytes([pair[0], pair[1], pair[2], pair[3]]);
        let len = u64::from(u32::from_le_bytes([pair[4], pair[5], pair[6], pair[7]]));
        range(buf, len, data.len())?;
        out.push((buf, len));
    }
    Some(out)
}

/// `fd_write`: fds 1 and 2 go to the captured output (bounded); 0 and others are `BADF`.
fn fd_write(
    mut caller: Caller<'_, BotState>,
    fd: i32,
    iovs: i32,
    iovs_len: i32,
    nwritten: i32,
) -> wasmtime::Result<i32> {
    charge(
        &mut caller,
        cost(0) + u64::from(iovs_len as u32) * ENTRY_FUEL,
    )?;
    if fd != 1 && fd != 2 {
        return Ok(errno::BADF);
    }
    let mem = memory(&mut caller)?;
    let Some(list) = iovecs(mem.data(&caller), iovs, iovs_len) else {
        return Ok(errno::FAULT);
    };
    let total: u64 = list.iter().map(|&(_, len)| len).sum();
    if total > u64::from(u32::MAX) {
        return Ok(errno::INVAL);
    }
    charge(&mut caller, total)?;
    let (data, state) = mem.data_and_store_mut(&mut caller);
    for (buf, len) in list {
        let keep = len.min(state.output.room() as u64);
        if let Some(r) = range(buf, keep, data.len()) {
            state.output.push(&data[r]);
        }
        state.output.drop_bytes(len - keep);
    }
    let written = put(&mut caller, nwritten, &(total as u32).to_le_bytes())?;
    Ok(written)
}

/// `fd_read`: stdin is at its end (0 bytes read); every other fd is `BADF`.
fn fd_read(
    mut caller: Caller<'_, BotState>,
    fd: i32,
    _iovs: i32,
    _iovs_len: i32,
    nread: i32,
) -> wasmtime::Result<i32> {
    charge(&mut caller, HOST_CALL_FUEL)?;
    if fd != 0 {
        return Ok(errno::BADF);
    }
    put(&mut caller, nread, &0u32.to_le_bytes())
}

/// `fd_fdstat_get`: 0–2 are character devices (read for 0, write for 1 and 2).
fn fd_fdstat_get(mut caller: Caller<'_, BotState>, fd: i32, buf: i32) -> wasmtime::Result<i32> {
    charge(&mut caller, cost(24))?;
    if !is_stdio(fd) {
        return Ok(errno::BADF);
    }
    let rights = RIGHT_POLL
        | if fd == 0 {
            RIGHT_FD_READ
        } else {
            RIGHT_FD_WRITE
        };
    let mut stat = [0u8; 24];
    stat[0] = CHARACTER_DEVICE;
    stat[8..16].copy_from_slice(&rights.to_le_bytes());
    put(&mut caller, buf, &stat)
}

/// `fd_filestat_get`: 0–2 are character devices with every other field 0.
fn fd_filestat_get(mut caller: Caller<'_, BotState>, fd: i32, buf: i32) -> wasmtime::Result<i32> {
    charge(&mut caller, cost(64))?;
    if !is_stdio(fd) {
        return Ok(errno::BADF);
    }
    let mut stat = [0u8; 64];
    stat[16] = CHARACTER_DEVICE;
    put(&mut caller, buf, &stat)
}

/// `random_get`: bytes of the ChaCha20 stream seeded by the game's seed.
fn random_get(mut caller: Caller<'_, BotState>, buf: i32, len: i32) -> wasmtime::Result<i32> {
    let len = u64::from(len as u32);
    charge(&mut caller, cost(len))?;
    let mem = memory(&mut caller)?;
    let (data, state) = mem.data_and_store_mut(&mut caller);
    Ok(match range(buf, len, data.len()) {
        Some(r) => {
            state.rng.fill_bytes(&mut data[r]);
            errno::SUCCESS
        }
        None => errno::FAULT,
    })
}

/// `clock_time_get`: every clock reads 0 and never moves.
fn clock_time_get(
    mut caller: Caller<'_, BotState>,
    id: i32,
    _precision: i64,
    time: i32,
) -> wasmtime::Result<i32> {
    charge(&mut caller, cost(8))?;
    if !(0..=3).contains(&id) {
        return Ok(errno::INVAL);
    }
    put(&mut caller, time, &0u64.to_le_bytes())
}

/// `clock_res_get`: every clock has a resolution of 1 ns.
fn clock_res_get(mut caller: Caller<'_, BotState>, id: i32, res: i32) -> wasmtime::Result<i32> {
    charge(&mut caller, cost(8))?;
    if !(0..=3).contains(&id) {
        return Ok(errno::INVAL);
    }
    put(&mut caller, res, &1u64.to_le_bytes())
}

/// `args_sizes_get` / `environ_sizes_get`: no arguments, no variables.
fn sizes_get(mut caller: Caller<'_, BotState>, count: i32, size: i32) -> wasmtime::Result<i32> {
    charge(&mut caller, cost(8))?;
    match put(&mut caller, count, &0u32.to_le_bytes())? {
        errno::SUCCESS => put(&mut caller, size, &0u32.to_le_bytes()),
        e => Ok(e),
    }
}

/// `poll_oneoff`: every subscription (a sleep or an fd) is reported ready at once, so
/// sleeping takes no time; fd subscriptions on fds other than 0–2 report `BADF`.
fn poll_oneoff(
    mut caller: Caller<'_, BotState>,
    subs: i32,
    events: i32,
    nsubs: i32,
    nevents: i32,
) -> wasmtime::Result<i32> {
    let n = u64::from(nsubs as u32);
    charge(
        &mut caller,
        cost(n * (SUBSCRIPTION_BYTES + EVENT_BYTES)) + n * ENTRY_FUEL,
    )?;
    if n == 0 {
        return Ok(errno::INVAL);
    }
    let mem = memory(&mut caller)?;
    let data = mem.data_mut(&mut caller);
    let (Some(input), Some(output)) = (
        range(subs, n * SUBSCRIPTION_BYTES, data.len()),
        range(events, n * EVENT_BYTES, data.len()),
    ) else {
        return Ok(errno::FAULT);
    };
    let input = data[input].to_vec();
    let out = &mut data[output];
    for (sub, event) in input
        .chunks_exact(SUBSCRIPTION_BYTES as usize)
        .zip(out.chunks_exact_mut(EVENT_BYTES as usize))
    {
        let tag = sub[8];
        let error = match tag {
            0 => errno::SUCCESS,
            1 | 2 => {
                let fd = i32::from_le_bytes([sub[16], sub[17], sub[18], sub[19]]);
                fd_errno(fd, errno::SUCCESS)
            }
            _ => errno::INVAL,
        };
        event.fill(0);
        event[0..8].copy_from_slice(&sub[0..8]);
        event[8..10].copy_from_slice(&(error as u16).to_le_bytes());
        event[10] = tag;
    }
    put(&mut caller, nevents, &(nsubs as u32).to_le_bytes())
}

/// Defines a function that charges the base fee and returns an errno computed from its
/// arguments without touching memory.
macro_rules! errno_fn {
    ($linker:ident, $name:literal, ($($arg:ident : $ty:ty),*) => $body:expr) => {
        $linker.func_wrap(
            WASI_MODULE,
            $name,
            |mut caller: Caller<'_, BotState>, $($arg: $ty),*| -> wasmtime::Result<i32> {
                charge(&mut caller, HOST_CALL_FUEL)?;
                Ok($body)
            },
        )?;
    };
}

/// Defines every WASI preview 1 function.
pub(super) fn define(l: &mut Linker<BotState>) -> wasmtime::Result<()> {
    use errno::*;
    l.func_wrap(WASI_MODULE, "fd_write", fd_write)?;
    l.func_wrap(WASI_MODULE, "fd_read", fd_read)?;
    l.func_wrap(WASI_MODULE, "fd_fdstat_get", fd_fdstat_get)?;
    l.func_wrap(WASI_MODULE, "fd_filestat_get", fd_filestat_get)?;
    l.func_wrap(WASI_MODULE, "random_get", random_get)?;
    l.func_wrap(WASI_MODULE, "clock_time_get", clock_time_get)?;
    l.func_wrap(WASI_MODULE, "clock_res_get", clock_res_get)?;
    l.func_wrap(WASI_MODULE, "args_sizes_get", sizes_get)?;
    l.func_wrap(WASI_MODULE, "environ_sizes_get", sizes_get)?;
    l.func_wrap(WASI_MODULE, "poll_oneoff", poll_oneoff)?;
    l.func_wrap(
        WASI_MODULE,
        "proc_exit",
        |_: Caller<'_, BotState>, code: i32| -> wasmtime::Result<()> {
            Err(wasmtime::Error::new(ProcExit(code)))
        },
    )?;
    // Nothing to copy: there are no arguments and no variables.
    errno_fn!(l, "args_get", (_argv: i32, _buf: i32) => SUCCESS);
    errno_fn!(l, "environ_get", (_env: i32, _buf: i32) => SUCCESS);
    errno_fn!(l, "sched_yield", () => SUCCESS);
    errno_fn!(l, "proc_raise", (_sig: i32) => NOSYS);
    // No preopened directories: wasi-libc stops looking at the first BADF.
    errno_fn!(l, "fd_prestat_get", (_fd: i32, _buf: i32) => BADF);
    errno_fn!(l, "fd_prestat_dir_name", (_fd: i32, _p: i32, _n: i32) => BADF);
    // Closing stdio is allowed and changes nothing.
    errno_fn!(l, "fd_close", (fd: i32) => fd_errno(fd, SUCCESS));
    // stdio cannot seek, and has no directory entries.
    errno_fn!(l, "fd_seek", (fd: i32, _o: i64, _w: i32, _p: i32) => fd_errno(fd, SPIPE));
    errno_fn!(l, "fd_tell", (fd: i32, _p: i32) => fd_errno(fd, SPIPE));
    errno_fn!(l, "fd_pread", (fd: i32, _i: i32, _n: i32, _o: i64, _p: i32) => fd_errno(fd, SPIPE));
    errno_fn!(l, "fd_pwrite", (fd: i32, _i: i32, _n: i32, _o: i64, _p: i32) => fd_errno(fd, SPIPE));
    errno_fn!(l, "fd_readdir", (fd: i32, _b: i32, _n: i32, _c: i64, _p: i32) => fd_errno(fd, NOTDIR));
    // Changing stdio is not permitted.
    errno_fn!(l, "fd_advise", (fd: i32, _o: i64, _n: i64, _a: i32) => fd_errno(fd, NOTCAPABLE));
    errno_fn!(l, "fd_allocate", (fd: i32, _o: i64, _n: i64) => fd_errno(fd, NOTCAPABLE));
    errno_fn!(l, "fd_datasync", (fd: i32) => fd_errno(fd, NOTCAPABLE));
    errno_fn!(l, "fd_sync", (fd: i32) => fd_errno(fd, NOTCAPABLE));
    errno_fn!(l, "fd_fdstat_set_flags", (fd: i32, _f: i32) => fd_errno(fd, NOTCAPABLE));
    errno_fn!(l, "fd_fdstat_set_rights", (fd: i32, _b: i64, _i: i64) => fd_errno(fd, NOTCAPABLE));
    errno_fn!(l, "fd_filestat_set_size", (fd: i32, _s: i64) => fd_errno(fd, NOTCAPABLE));
    errno_fn!(l, "fd_filestat_set_times", (fd: i32, _a: i64, _m: i64, _f: i32) =>
        fd_errno(fd, NOTCAPABLE));
    errno_fn!(l, "fd_renumber", (fd: i32, to: i32) =>
        if is_stdio(fd) && is_stdio(to) { NOTCAPABLE } else { BADF });
    // No directories: every path operation fails on its directory fd.
    errno_fn!(l, "path_open", (fd: i32, _df: i32, _p: i32, _n: i32, _o: i32, _rb: i64, _ri: i64,
        _ff: i32, _out: i32) => fd_errno(fd, NOTCAPABLE));
    errno_fn!(l, "path_create_directory", (fd: i32, _p: i32, _n: i32) => fd_errno(fd, NOTCAPABLE));
    errno_fn!(l, "path_remove_directory", (fd: i32, _p: i32, _n: i32) => fd_errno(fd, NOTCAPABLE));
    errno_fn!(l, "path_unlink_file", (fd: i32, _p: i32, _n: i32) => fd_errno(fd, NOTCAPABLE));
    errno_fn!(l, "path_filestat_get", (fd: i32, _f: i32, _p: i32, _n: i32, _b: i32) =>
        fd_errno(fd, NOTCAPABLE));
    errno_fn!(l, "path_filestat_set_times", (fd: i32, _f: i32, _p: i32, _n: i32, _a: i64,
        _m: i64, _ff: i32) => fd_errno(fd, NOTCAPABLE));
    errno_fn!(l, "path_readlink", (fd: i32, _p: i32, _n: i32, _b: i32, _bl: i32, _u: i32) =>
        fd_errno(fd, NOTCAPABLE));
    errno_fn!(l, "path_rename", (fd: i32, _p: i32, _n: i32, _fd2: i32, _p2: i32, _n2: i32) =>
        fd_errno(fd, NOTCAPABLE));
    errno_fn!(l, "path_link", (fd: i32, _f: i32, _p: i32, _n: i32, _fd2: i32, _p2: i32,
        _n2: i32) => fd_errno(fd, NOTCAPABLE));
    errno_fn!(l, "path_symlink", (_p: i32, _n: i32, fd: i32, _p2: i32, _n2: i32) =>
        fd_errno(fd, NOTCAPABLE));
    // No sockets.
    errno_fn!(l, "sock_accept", (fd: i32, _f: i32, _p: i32) => fd_errno(fd, NOTSOCK));
    errno_fn!(l, "sock_recv", (fd: i32, _d: i32, _n: i32, _f: i32, _l: i32, _o: i32) =>
        fd_errno(fd, NOTSOCK));
    errno_fn!(l, "sock_send", (fd: i32, _d: i32, _n: i32, _f: i32, _l: i32) =>
        fd_errno(fd, NOTSOCK));
    errno_fn!(l, "sock_shutdown", (fd: i32, _h: i32) => fd_errno(fd, NOTSOCK));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iovecs_are_bounds_checked() {
        let mut mem = vec![0u8; 64];
        mem[0..4].copy_from_slice(&32u32.to_le_bytes());
        mem[4..8].copy_from_slice(&8u32.to_le_bytes());
        assert_eq!(iovecs(&mem, 0, 1), Some(vec![(32, 8)]));
        mem[4..8].copy_from_slice(&40u32.to_le_bytes());
        assert_eq!(iovecs(&mem, 0, 1), None, "buffer runs past the end");
        assert_eq!(iovecs(&mem, 60, 1), None, "list runs past the end");
        assert_eq!(iovecs(&mem, 0, 0), Some(vec![]));
    }

    #[test]
    fn only_stdio_exists() {
        assert_eq!(fd_errno(1, errno::SPIPE), errno::SPIPE);
        assert_eq!(fd_errno(3, errno::SPIPE), errno::BADF);
        assert_eq!(fd_errno(-1, errno::SUCCESS), errno::BADF);
    }
}
