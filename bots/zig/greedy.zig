//! zig_greedy.wasm — a MathTricks bot in Zig that plays exactly like builtin:greedy
//! (crates/arena-games/src/strategy/greedy.rs), as bots/c/greedy.c does in C:
//!
//!   for each legal move, in row-major order of the cell it steps on:
//!     if the opponent is then shut in, the game is over: a win is worth WIN - 1,
//!       a loss LOSS + 1, a draw 0;
//!     otherwise the move is worth my new total minus the opponent's (saturating),
//!       clamped to +-2^60 so that no lead outranks a win;
//!   play the first move with the largest value.
//!
//! Build (Zig from `pip install ziglang`; `export fn` alone exports only `memory`):
//!   python3 -m ziglang build-exe greedy.zig -target wasm32-freestanding -fno-entry \
//!       --export=arena_alloc --export=choose_move -O ReleaseSmall -femit-bin=zig_greedy.wasm
//! Log with `log("text")`: a line in the game's replay; a panic logs "panicked: MESSAGE"
//! and traps (see `panic` below), and the referee shows that line as the fault's reason.

const std = @import("std");

/// The host's debug log: `len` bytes at `ptr`, kept (bounded) in the game's replay.
extern "arena" fn debug_log(ptr: [*]const u8, len: usize) void;

/// Writes one line to the game's log.
fn log(text: []const u8) void {
    debug_log(text.ptr, text.len);
}

/// Panics (a failed `unreachable`, an index out of bounds in safe builds, @panic) log
/// "panicked: MESSAGE" before the trap, so the referee's fault says why.
pub const panic = std.debug.FullPanic(struct {
    fn call(message: []const u8, _: ?usize) noreturn {
        var line: [256]u8 = undefined;
        const text = std.fmt.bufPrint(&line, "panicked: {s}", .{message}) catch "panicked";
        log(text);
        @trap();
    }
}.call);

// The header's word indices (docs/ABI.md).
const W_VERSION = 0;
const W_GAME_ID = 1;
const W_HEADER_LEN = 2;
const W_BODY_LEN = 7;
const HEADER_WORDS = 8;
const GAME_MATHTRICKS = 1;

// The MathTricks body's word indices.
const ROWS = 0;
const COLS = 1;
const MY_ROW = 2;
const MY_COL = 3;
const OPP_ROW = 4;
const OPP_COL = 5;
const MY_TOTAL = 6; // low, high
const OPP_TOTAL = 8; // low, high
const FIXED_WORDS = 10;
const MIN_SIDE = 4;
const MAX_SIDE = 64;
const VISITED: i32 = (1 << 26) | (1 << 27);

const WIN: i64 = 1 << 62; // strategy::WIN_VALUE
const CAP: i64 = 1 << 60; // strategy::HEURISTIC_CAP

/// The state buffer: room for the largest MathTricks state (a 64 x 64 board).
var state: [HEADER_WORDS + FIXED_WORDS + MAX_SIDE * MAX_SIDE]i32 = undefined;
var grown_at: i32 = 0;
var grown_len: i32 = 0;

/// ABI export: `len` writable bytes for the state. A larger request than the static
/// buffer (another game) grows the memory once and hands out the new pages.
export fn arena_alloc(len: i32) i32 {
    if (len <= @sizeOf(@TypeOf(state))) return @intCast(@intFromPtr(&state));
    if (len <= grown_len) return grown_at;
    if (len > 0x7FFF0000) return 0;
    const pages: usize = @intCast(@divTrunc(len + 65535, 65536));
    const old = @wasmMemoryGrow(0, pages);
    if (old < 0) return 0;
    grown_at = @intCast(old * 65536);
    grown_len = @intCast(pages * 65536);
    return grown_at;
}

/// A MathTricks body: the game's words after the header.
const Board = struct {
    w: []const i32,

    fn onBoard(b: Board, r: i32, c: i32) bool {
        return r >= 0 and r < b.w[ROWS] and c >= 0 and c < b.w[COLS];
    }
    fn cell(b: Board, r: i32, c: i32) i32 {
        return b.w[@intCast(FIXED_WORDS + r * b.w[COLS] + c)];
    }
    fn free(b: Board, r: i32, c: i32) bool {
        return b.cell(r, c) & VISITED == 0;
    }
    fn total(b: Board, at: usize) i64 {
        const lo: u64 = @as(u32, @bitCast(b.w[at]));
        const hi: u64 = @as(u32, @bitCast(b.w[at + 1]));
        return @bitCast((hi << 32) | lo);
    }
    /// Whether the pawn at (row, col) has no free neighbour once (tr, tc) is taken.
    fn shutIn(b: Board, row: i32, col: i32, tr: i32, tc: i32) bool {
        var dr: i32 = -1;
        while (dr <= 1) : (dr += 1) {
            var dc: i32 = -1;
            while (dc <= 1) : (dc += 1) {
                const r = row + dr;
                const c = col + dc;
                if ((dr == 0 and dc == 0) or !b.onBoard(r, c) or (r == tr and c == tc)) continue;
                if (b.free(r, c)) return false;
            }
        }
        return true;
    }
    /// Whether the words are a board this bot can read.
    fn valid(b: Board) bool {
        if (b.w.len < FIXED_WORDS) return false;
        const rows = b.w[ROWS];
        const cols = b.w[COLS];
        if (rows < MIN_SIDE or rows > MAX_SIDE or cols < MIN_SIDE or cols > MAX_SIDE) return false;
        if (b.w.len != FIXED_WORDS + @as(usize, @intCast(rows * cols))) return false;
        if (!b.onBoard(b.w[MY_ROW], b.w[MY_COL]) or !b.onBoard(b.w[OPP_ROW], b.w[OPP_COL])) return false;
        for (b.w[FIXED_WORDS..]) |word| {
            if ((word >> 24) & 3 == 3 and word & 0xFFFFFF < 2) return false;
        }
        return true;
    }
};

/// The total after stepping on a cell: saturating + - x, / truncating toward zero.
fn apply(t: i64, word: i32) i64 {
    const k: i64 = word & 0xFFFFFF;
    return switch ((word >> 24) & 3) {
        0 => t +| k,
        1 => t -| k,
        2 => t *| k,
        else => @divTrunc(t, k),
    };
}

/// ABI export: the move for the state at `ptr` (`len` bytes), or -1.
export fn choose_move(ptr: i32, len: i32) i32 {
    if (len < 0 or @mod(len, 4) != 0) return refuse();
    const all: [*]const i32 = @ptrFromInt(@as(usize, @intCast(ptr)));
    const words = all[0..@intCast(@divTrunc(len, 4))];
    if (words.len < HEADER_WORDS or words[W_VERSION] != 1 or words[W_GAME_ID] != GAME_MATHTRICKS) return refuse();
    const header_len = words[W_HEADER_LEN];
    if (header_len < HEADER_WORDS or header_len > words.len) return refuse();
    const body = words[@intCast(header_len)..];
    if (words[W_BODY_LEN] != body.len) return refuse();
    const b = Board{ .w = body };
    if (!b.valid()) return refuse();

    const mine = b.total(MY_TOTAL);
    const theirs = b.total(OPP_TOTAL);
    var best: i32 = -1;
    var best_value: i64 = std.math.minInt(i64);
    var dr: i32 = -1;
    while (dr <= 1) : (dr += 1) {
        var dc: i32 = -1;
        while (dc <= 1) : (dc += 1) {
            const r = body[MY_ROW] + dr;
            const c = body[MY_COL] + dc;
            if ((dr == 0 and dc == 0) or !b.onBoard(r, c) or !b.free(r, c)) continue;
            const t = apply(mine, b.cell(r, c));
            const value: i64 = if (b.shutIn(body[OPP_ROW], body[OPP_COL], r, c))
                (if (t > theirs) WIN - 1 else if (t < theirs) -WIN + 1 else 0)
            else
                std.math.clamp(t -| theirs, -CAP, CAP);
            if (best < 0 or value > best_value) {
                best = r * body[COLS] + c;
                best_value = value;
            }
        }
    }
    if (best < 0) log("zig_greedy: no legal move, the game is over");
    return best;
}

fn refuse() i32 {
    log("zig_greedy: not a MathTricks state");
    return -1;
}
