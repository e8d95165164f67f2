//! {{name}} — a {{game}} bot in Zig: it plays a random legal move (seeded, so the same
//! game always gets the same moves).
//!
//! The state words ({{header}}, then {{game}}'s own words) and the move encoding
//! are in arena's docs/games/{{doc}}.md: read the position from `body` and replace the
//! random choice with something smarter. `legal_moves` asks the referee for the legal
//! moves, so this bot never plays an illegal one.
//!
//! Build: bash build.sh (`export fn` alone exports only `memory`: the build passes
//! -fno-entry --export=arena_alloc --export=choose_move{{plays_flag}}); then
//! arena check {{name}}.wasm --game {{game}}
//! Log with `log("text")`: a line in the game's replay; a panic logs "panicked: MESSAGE"
//! and traps, and the referee shows that line as the fault's reason.

const std = @import("std");

/// The host's debug log: `len` bytes at `ptr`, kept (bounded) in the game's replay.
extern "arena" fn debug_log(ptr: [*]const u8, len: usize) void;
/// The legal moves of the position being asked about: writes up to `cap` of them
/// (ascending) at `moves`, returns how many there are (docs/ABI.md).
extern "arena" fn legal_moves(moves: [*]i32, cap: i32) i32;

/// Writes one line to the game's log.
fn log(text: []const u8) void {
    debug_log(text.ptr, text.len);
}

/// Panics log "panicked: MESSAGE" before the trap, so the referee's fault says why.
pub const panic = std.debug.FullPanic(struct {
    fn call(message: []const u8, _: ?usize) noreturn {
        var line: [256]u8 = undefined;
        const text = std.fmt.bufPrint(&line, "panicked: {s}", .{message}) catch "panicked";
        log(text);
        @trap();
    }
}.call);

const GAME_ID = {{game_id}}; // {{game}}
const HEADER_WORDS = 8;
const W_PLY = 4;
const W_SEED_LO = 5;
const W_SEED_HI = 6;
const MAX_MOVES = 4096; // more legal moves than this: choose among the first

/// The state buffer (grown for a larger state).
var state: [4096]i32 = undefined;
var grown_at: i32 = 0;
var grown_len: i32 = 0;
var moves: [MAX_MOVES]i32 = undefined;
{{plays}}
/// ABI export: `len` writable bytes for the state.
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

/// A well-mixed 64-bit number from x (SplitMix64's finaliser).
fn mix(x0: u64) u64 {
    var x = x0 +% 0x9E3779B97F4A7C15;
    x = (x ^ (x >> 30)) *% 0xBF58476D1CE4E5B9;
    x = (x ^ (x >> 27)) *% 0x94D049BB133111EB;
    return x ^ (x >> 31);
}

/// ABI export: the move for the state at `ptr` (`len` bytes).
export fn choose_move(ptr: i32, len: i32) i32 {
    const all: [*]const i32 = @ptrFromInt(@as(usize, @intCast(ptr)));
    const words = all[0..@intCast(@divTrunc(len, 4))];
    if (words.len < HEADER_WORDS or words[0] != 1 or words[1] != GAME_ID) @panic("not a {{game}} state");
    const body = words[@intCast(words[2])..]; // the position: see docs/games/{{doc}}.md
    _ = body;

    const count = legal_moves(&moves, MAX_MOVES);
    if (count <= 0) @panic("no legal move");
    const choices: u64 = @intCast(@min(count, MAX_MOVES));
    const lo: u64 = @as(u32, @bitCast(words[W_SEED_LO]));
    const hi: u64 = @as(u32, @bitCast(words[W_SEED_HI]));
    const ply: u64 = @as(u32, @bitCast(words[W_PLY]));
    const r = mix(((hi << 32) | lo) ^ mix(ply));
    var line: [64]u8 = undefined;
    log(std.fmt.bufPrint(&line, "legal moves: {d}", .{count}) catch "legal moves: ?");
    return moves[@intCast(r % choices)];
}
