//! The Grundy table for 24 cards: one number per position, indexed by how many cards of
//! each value are still on the table (a six-dimensional array, flattened here).
//!
//! Filled as the seed does it: a position whose taken cards sum to exactly 50 gets 0 (the
//! player who got there has won), one past 50 gets [`BUST`] (its taker lost), and every
//! other position gets the smallest non-negative integer that none of its successors
//! has. A position is lost for the player to move exactly when its number is 0.

use super::{total_of, COPIES, TARGET, VALUES};

/// The number the seed gives positions past 50 ("for example 10"): never a mex of at
/// most six values, so it never counts as 0.
pub const BUST: u8 = 10;
/// Positions in the table: `(COPIES + 1) ^ VALUES`.
pub const POSITIONS: usize = 15_625;

/// The table index of a position: `Σ left[i] · 5^i`.
pub fn index(left: &[u8; VALUES]) -> usize {
    left.iter()
        .rev()
        .fold(0, |acc, &n| acc * (COPIES as usize + 1) + n as usize)
}

/// The position at a table index.
pub fn position(mut index: usize) -> [u8; VALUES] {
    let mut left = [0; VALUES];
    for n in &mut left {
        *n = (index % (COPIES as usize + 1)) as u8;
        index /= COPIES as usize + 1;
    }
    left
}

/// The whole table. Taking a card lowers the index, so one ascending pass suffices.
pub fn grundy_table() -> Vec<u8> {
    let mut table = vec![0u8; POSITIONS];
    let steps: [usize; VALUES] = std::array::from_fn(|v| (COPIES as usize + 1).pow(v as u32));
    for i in 0..POSITIONS {
        let left = position(i);
        let total = total_of(&left);
        table[i] = if total > TARGET {
            BUST
        } else if total == TARGET {
            0
        } else {
            let seen: Vec<u8> = (0..VALUES)
                .filter(|&v| left[v] > 0)
                .map(|v| table[i - steps[v]])
                .collect();
            (0..).find(|g| !seen.contains(g)).expect("a mex exists")
        };
    }
    table
}
