//! Determinant solved exactly: the minimax value of SA − SB for every position.
//!
//! Memoised negamax: the value of a position for the player to move is the best, over its
//! moves, of minus the value of the position after it; a full table is worth SA − SB to A
//! (and SB − SA to B). Permuting the rows keeps every row product and permutes the column
//! products' factors, and the other way round, so the 36 row-and-column permutations of a
//! table keep SA and SB: positions are memoised under a canonical form, the smallest key
//! of the 36 permuted tables. Tables with 7 or more cells filled are searched directly
//! (at most 4 + 4 positions below), so the memo holds the positions with up to 6 cells
//! filled. The whole table is built once per process, on first use, from the empty table.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::OnceLock;

use super::{sums, Determinant, Place, CELLS};
use crate::game::Game;
use crate::strategy::{Context, Strategy};

/// The six orders of three rows (or columns).
const ORDERS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// Positions with more cells filled than this are searched directly, not memoised.
const MEMO_MAX_FILLED: u32 = 6;

/// A 64-bit multiplicative hasher for the memo's keys (already well spread 36-bit
/// tables); the default SipHash costs more than the search it saves.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
    }

    fn write_u64(&mut self, key: u64) {
        self.0 = (key ^ key >> 29).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

type Memo = HashMap<u64, i16, BuildHasherDefault<KeyHasher>>;

/// The canonical key of a table: 4 bits per cell, the smallest over the 36 row and
/// column permutations.
fn canonical(cells: &[u8; CELLS]) -> u64 {
    let mut best = u64::MAX;
    for rows in &ORDERS {
        for cols in &ORDERS {
            let mut key = 0u64;
            for r in rows {
                for c in cols {
                    key = key << 4 | cells[r * 3 + c] as u64;
                }
            }
            best = best.min(key);
        }
    }
    best
}

/// The value of a full table for the player to move in it (B, as 9 cells are filled).
fn full_value(cells: &[u8; CELLS]) -> i32 {
    let (a, b) = sums(cells);
    b - a
}

/// The solver's state: the memo, filled by [`Solver::negamax`].
struct Solver {
    memo: Memo,
}

impl Solver {
    /// The value of `cells` (with `filled` cells filled and `used` numbers written) for the
    /// player to move: the most SA − SB (for A) or SB − SA (for B) it can make sure of.
    fn negamax(&mut self, cells: &mut [u8; CELLS], used: u16, filled: u32) -> i32 {
        if filled as usize == CELLS {
            return full_value(cells);
        }
        let key = (filled <= MEMO_MAX_FILLED).then(|| canonical(cells));
        if let Some(&v) = key.and_then(|k| self.memo.get(&k)) {
            return v as i32;
        }
        let mut best = i32::MIN;
        for cell in 0..CELLS {
            if cells[cell] != 0 {
                continue;
            }
            for n in 1..=9u8 {
                if used & 1 << n != 0 {
                    continue;
                }
                cells[cell] = n;
                best = best.max(-self.negamax(cells, used | 1 << n, filled + 1));
                cells[cell] = 0;
            }
        }
        if let Some(k) = key {
            self.memo.insert(k, best as i16);
        }
        best
    }
}

/// The solved game, built once.
fn solution() -> &'static Memo {
    static SOLUTION: OnceLock<Memo> = OnceLock::new();
    SOLUTION.get_or_init(|| {
        let mut solver = Solver {
            memo: Memo::default(),
        };
        solver.negamax(&mut [0; CELLS], 0, 0);
        solver.memo
    })
}

/// The exact value of `game` for the player to move: the largest margin (SA − SB for A,
/// SB − SA for B) it can make sure of against any defence. Positive: it wins; 0: a draw.
pub fn value(game: &Determinant) -> i32 {
    let mut cells = *game.cells();
    let filled = game.filled();
    if filled <= MEMO_MAX_FILLED {
        if let Some(&v) = solution().get(&canonical(&cells)) {
            return v as i32;
        }
    }
    // Only positions the solve never reaches (none, with every table reachable) or with
    // more than six cells filled get here: a search of at most 9 + 36 + 36 positions below
    // a table of 6 is made from memoised values, so this is quick.
    let mut solver = Solver {
        memo: Memo::default(),
    };
    solver.negamax(&mut cells, game.used(), filled)
}

/// What the solve holds, for the docs and the tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolutionStats {
    /// Memoised canonical positions (tables with at most 6 cells filled, up to symmetry).
    pub positions: usize,
    /// Bytes the memo's table allocates (its capacity times the size of a slot, plus
    /// one control byte per slot).
    pub bytes: usize,
}

/// The size of the solve (building it if it is not built yet).
pub fn solution_stats() -> SolutionStats {
    let memo = solution();
    let slot = std::mem::size_of::<(u64, i16)>() + 1;
    SolutionStats {
        positions: memo.len(),
        bytes: memo.capacity() * slot,
    }
}

/// `builtin:perfect` for Determinant: the move whose resulting position is worth the most
/// to the mover under perfect play (the exact minimax of SA − SB); among equal moves, the
/// first in the move order. Against any opponent it never ends below the value of the
/// position it started from.
#[derive(Clone, Copy, Debug, Default)]
pub struct Perfect;

impl Perfect {
    /// The move and its exact value for the mover, in a position that is not over.
    pub fn best(game: &Determinant) -> (Place, i32) {
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        let mut best = (moves[0], i32::MIN);
        for mv in moves {
            let mut child = *game;
            child.apply(mv);
            let v = if child.is_terminal() {
                -full_value(child.cells())
            } else {
                -value(&child)
            };
            if v > best.1 {
                best = (mv, v);
            }
        }
        best
    }
}

impl Strategy<Determinant> for Perfect {
    fn choose(&mut self, _ctx: &Context, state: &Determinant) -> Place {
        debug_assert!(!state.is_terminal());
        Perfect::best(state).0
    }
}
