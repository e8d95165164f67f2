//! `first_legal`'s native twin: the same few lines as `bots/wat/first_legal.wat`, in
//! Rust, so that subtracting it leaves only what the sandbox adds to a move.

use crate::bot::{Bot, Fault, Reply};

/// MathTricks: the first free neighbour of the pawn in row-major order, read from the
/// ABI words exactly as `first_legal.wasm` reads them (-1 when there is none).
pub struct FirstLegal;

impl FirstLegal {
    /// The move for the state `words`.
    pub fn choose(words: &[i32]) -> i32 {
        let word = |i: usize| words.get(i).copied().unwrap_or(0);
        let body = word(2) as usize;
        let (rows, cols) = (word(body), word(body + 1));
        let (row, col) = (word(body + 2), word(body + 3));
        for dr in -1..=1 {
            for dc in -1..=1 {
                let (r, c) = (row + dr, col + dc);
                if (dr, dc) == (0, 0) || !(0..rows).contains(&r) || !(0..cols).contains(&c) {
                    continue;
                }
                let index = r * cols + c;
                if word(body + 10 + index as usize) & 0x0C00_0000 == 0 {
                    return index;
                }
            }
        }
        -1
    }
}

impl Bot for FirstLegal {
    fn choose_move(&mut self, words: &[i32]) -> Result<Reply, Fault> {
        Ok(Reply {
            raw: FirstLegal::choose(words),
            fuel: 0,
        })
    }
}
