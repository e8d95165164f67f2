// {{name}} — a {{game}} bot in AssemblyScript: it plays a random legal move (seeded,
// so the same game always gets the same moves).
//
// The state words ({{header}}, then {{game}}'s own words) and the move encoding
// are in arena's docs/games/{{doc}}.md: read the position from `body` and replace the
// random choice with something smarter. `legal_moves` asks the referee for the legal
// moves, so this bot never plays an illegal one.
//
// Build: bash build.sh (`--use abort=` drops the `env.abort` import the referee
// refuses, `--runtime stub` needs no garbage collector); then
// arena check {{name}}.wasm --game {{game}}
// Log with `log("text")`: a line in the game's replay. To stop with a reason, log a line
// starting with "panicked" and then `unreachable()`: the referee shows that line.

// The host's debug log: `len` bytes at `ptr`, kept (bounded) in the game's replay.
@external("arena", "debug_log")
declare function debug_log(ptr: usize, len: i32): void;

// The legal moves of the position being asked about: writes up to `cap` of them
// (ascending) at `ptr`, returns how many there are (docs/ABI.md).
@external("arena", "legal_moves")
declare function legal_moves(ptr: usize, cap: i32): i32;

// Writes one line to the game's log (as UTF-8).
function log(text: string): void {
  const bytes = String.UTF8.encode(text);
  debug_log(changetype<usize>(bytes), bytes.byteLength);
}

function panic(why: string): void {
  log("panicked: " + why);
  unreachable();
}

const GAME_ID = {{game_id}}; // {{game}}
const HEADER_WORDS = 8;
const W_PLY = 4;
const W_SEED_LO = 5;
const W_SEED_HI = 6;
const MAX_MOVES = 4096; // more legal moves than this: choose among the first

// The state buffer (grown for a larger state) and the legal moves' buffer.
const STATE_BYTES: i32 = 4096 * 4;
const state: usize = memory.data(STATE_BYTES, 16);
const moves: usize = memory.data(MAX_MOVES * 4, 16);
let grownAt: i32 = 0;
let grownLen: i32 = 0;
{{plays}}
// ABI export: `len` writable bytes for the state.
export function arena_alloc(len: i32): i32 {
  if (len <= STATE_BYTES) return <i32>state;
  if (len <= grownLen) return grownAt;
  if (len > 0x7fff0000) return 0;
  const pages = (len + 65535) / 65536;
  const old = memory.grow(pages);
  if (old < 0) return 0;
  grownAt = old * 65536;
  grownLen = pages * 65536;
  return grownAt;
}

// The word `i` of the array at `base`.
@inline function word(base: usize, i: i32): i32 {
  return load<i32>(base + (<usize>i << 2));
}

// A well-mixed 64-bit number from x (SplitMix64's finaliser).
function mix(x0: u64): u64 {
  let x = x0 + 0x9e3779b97f4a7c15;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9;
  x = (x ^ (x >> 27)) * 0x94d049bb133111eb;
  return x ^ (x >> 31);
}

// ABI export: the move for the state at `ptr` (`len` bytes).
export function choose_move(ptr: i32, len: i32): i32 {
  const words = <usize>ptr;
  if (len / 4 < HEADER_WORDS || word(words, 0) != 1 || word(words, 1) != GAME_ID) {
    panic("not a {{game}} state");
  }
  const body = words + (<usize>word(words, 2) << 2); // the position: docs/games/{{doc}}.md

  const count = legal_moves(moves, MAX_MOVES);
  if (count <= 0) panic("no legal move");
  const choices = <u64>(count < MAX_MOVES ? count : MAX_MOVES);
  const lo = (<u64>word(words, W_SEED_LO)) & 0xffffffff;
  const hi = (<u64>word(words, W_SEED_HI)) << 32;
  const r = mix((hi | lo) ^ mix(<u64>(<u32>word(words, W_PLY))));
  log("legal moves: " + count.toString() + " (body at " + body.toString() + ")");
  return word(moves, <i32>(r % choices));
}
