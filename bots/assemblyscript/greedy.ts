// as_greedy.wasm — a MathTricks bot in AssemblyScript that plays exactly like
// builtin:greedy (crates/arena-games/src/strategy/greedy.rs), as bots/c/greedy.c does:
//
//   for each legal move, in row-major order of the cell it steps on:
//     if the opponent is then shut in, the game is over: a win is worth WIN - 1,
//       a loss LOSS + 1, a draw 0;
//     otherwise the move is worth my new total minus the opponent's (saturating),
//       clamped to +-2^60 so that no lead outranks a win;
//   play the first move with the largest value.
//
// Build (AssemblyScript from npm; `--use abort=` drops the `env.abort` import the
// referee refuses, `--runtime stub` needs no garbage collector):
//   npx asc greedy.ts --use abort= --runtime stub -O3 --noAssert -o as_greedy.wasm
// Log with `log("text")`: a line in the game's replay. To stop with a reason, log a line
// starting with "panicked" and then `unreachable()`: the referee shows that line.

// The host's debug log: `len` bytes at `ptr`, kept (bounded) in the game's replay.
@external("arena", "debug_log")
declare function debug_log(ptr: usize, len: i32): void;

// Writes one line to the game's log (as UTF-8).
function log(text: string): void {
  const bytes = String.UTF8.encode(text);
  debug_log(changetype<usize>(bytes), bytes.byteLength);
}

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

const WIN: i64 = (<i64>1) << 62; // strategy::WIN_VALUE
const CAP: i64 = (<i64>1) << 60; // strategy::HEURISTIC_CAP

// The state buffer: room for the largest MathTricks state (a 64 x 64 board).
const STATE_BYTES: i32 = (HEADER_WORDS + FIXED_WORDS + MAX_SIDE * MAX_SIDE) * 4;
const state: usize = memory.data(STATE_BYTES, 16);
let grownAt: i32 = 0;
let grownLen: i32 = 0;

// ABI export: `len` writable bytes for the state. A larger request than the static
// buffer (another game) grows the memory once and hands out the new pages.
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

// The body word `i` (the game's words start at `body`).
@inline function word(body: usize, i: i32): i32 {
  return load<i32>(body + (<usize>i << 2));
}

function onBoard(body: usize, r: i32, c: i32): bool {
  return r >= 0 && r < word(body, ROWS) && c >= 0 && c < word(body, COLS);
}

function cell(body: usize, r: i32, c: i32): i32 {
  return word(body, FIXED_WORDS + r * word(body, COLS) + c);
}

function isFree(body: usize, r: i32, c: i32): bool {
  return (cell(body, r, c) & VISITED) == 0;
}

// A 64-bit total from its two words (low, high). Mask the low word after widening:
// a cast through u32 alone may still sign-extend it.
function total(body: usize, at: i32): i64 {
  const lo = (<i64>word(body, at)) & 0xffffffff;
  return ((<i64>word(body, at + 1)) << 32) | lo;
}

// Saturating a + b and a - b, as the rules say.
function satAdd(a: i64, b: i64): i64 {
  if (b > 0 && a > i64.MAX_VALUE - b) return i64.MAX_VALUE;
  if (b < 0 && a < i64.MIN_VALUE - b) return i64.MIN_VALUE;
  return a + b;
}
function satSub(a: i64, b: i64): i64 {
  if (b < 0 && a > i64.MAX_VALUE + b) return i64.MAX_VALUE;
  if (b > 0 && a < i64.MIN_VALUE + b) return i64.MIN_VALUE;
  return a - b;
}

// The total after stepping on a cell: saturating + - x, / truncating toward zero.
function apply(t: i64, w: i32): i64 {
  const k = <i64>(w & 0xffffff);
  const op = (w >> 24) & 3;
  if (op == 0) return satAdd(t, k);
  if (op == 1) return satSub(t, k);
  if (op == 2) {
    if (k == 0) return 0;
    if (t > i64.MAX_VALUE / k) return i64.MAX_VALUE;
    if (t < i64.MIN_VALUE / k) return i64.MIN_VALUE;
    return t * k;
  }
  return t / k;
}

// Whether the pawn at (row, col) has no free neighbour once (tr, tc) is taken.
function shutIn(body: usize, row: i32, col: i32, tr: i32, tc: i32): bool {
  for (let dr = -1; dr <= 1; dr++) {
    for (let dc = -1; dc <= 1; dc++) {
      const r = row + dr, c = col + dc;
      if ((dr == 0 && dc == 0) || !onBoard(body, r, c) || (r == tr && c == tc)) continue;
      if (isFree(body, r, c)) return false;
    }
  }
  return true;
}

// Whether the body (`n` words) is a board this bot can read.
function valid(body: usize, n: i32): bool {
  if (n < FIXED_WORDS) return false;
  const rows = word(body, ROWS), cols = word(body, COLS);
  if (rows < MIN_SIDE || rows > MAX_SIDE || cols < MIN_SIDE || cols > MAX_SIDE) return false;
  if (n != FIXED_WORDS + rows * cols) return false;
  if (!onBoard(body, word(body, MY_ROW), word(body, MY_COL))) return false;
  if (!onBoard(body, word(body, OPP_ROW), word(body, OPP_COL))) return false;
  for (let i = FIXED_WORDS; i < n; i++) {
    const w = word(body, i);
    if (((w >> 24) & 3) == 3 && (w & 0xffffff) < 2) return false;
  }
  return true;
}

function refuse(): i32 {
  log("as_greedy: not a MathTricks state");
  return -1;
}

// ABI export: the move for the state at `ptr` (`len` bytes), or -1.
export function choose_move(ptr: i32, len: i32): i32 {
  if (len < 0 || len % 4 != 0) return refuse();
  const n = len / 4;
  const words = <usize>ptr;
  if (n < HEADER_WORDS || word(words, W_VERSION) != 1) return refuse();
  if (word(words, W_GAME_ID) != GAME_MATHTRICKS) return refuse();
  const headerLen = word(words, W_HEADER_LEN);
  if (headerLen < HEADER_WORDS || headerLen > n) return refuse();
  if (word(words, W_BODY_LEN) != n - headerLen) return refuse();
  const body = words + (<usize>headerLen << 2);
  if (!valid(body, n - headerLen)) return refuse();

  const mine = total(body, MY_TOTAL);
  const theirs = total(body, OPP_TOTAL);
  const myRow = word(body, MY_ROW), myCol = word(body, MY_COL);
  let best: i32 = -1;
  let bestValue: i64 = i64.MIN_VALUE;
  for (let dr = -1; dr <= 1; dr++) {
    for (let dc = -1; dc <= 1; dc++) {
      const r = myRow + dr, c = myCol + dc;
      if ((dr == 0 && dc == 0) || !onBoard(body, r, c) || !isFree(body, r, c)) continue;
      const t = apply(mine, cell(body, r, c));
      let value: i64;
      if (shutIn(body, word(body, OPP_ROW), word(body, OPP_COL), r, c)) {
        value = t > theirs ? WIN - 1 : t < theirs ? -WIN + 1 : 0;
      } else {
        value = satSub(t, theirs);
        if (value > CAP) value = CAP;
        if (value < -CAP) value = -CAP;
      }
      if (best < 0 || value > bestValue) {
        best = r * word(body, COLS) + c;
        bestValue = value;
      }
    }
  }
  if (best < 0) log("as_greedy: no legal move, the game is over");
  return best;
}
