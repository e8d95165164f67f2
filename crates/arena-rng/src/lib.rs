//! arena's one random generator, pinned so that boards, bot seeds and bootstrap samples
//! never change.
//!
//! Boards, bot seeds and the ratings' bootstrap must be identical on every machine and across dependency
//! upgrades, so arena does not use `rand`'s distributions (whose algorithms have changed
//! between versions). Instead: ChaCha8 from `rand_chacha`, a stream cipher whose output
//! is fixed by its specification, seeded with `seed_from_u64` (rand_core's documented
//! PCG32 expansion of a `u64`), and a small uniform sampler written here by rejection,
//! so every draw is a pure function of the seed.

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

/// A seeded, portable random generator (starting positions, strategies, bootstrap).
#[derive(Clone, Debug)]
pub struct SeededRng(ChaCha8Rng);

impl SeededRng {
    /// The generator for `seed`; the same seed gives the same sequence everywhere.
    pub fn new(seed: u64) -> SeededRng {
        SeededRng(ChaCha8Rng::seed_from_u64(seed))
    }

    /// The next raw 64-bit word.
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A uniform integer in `0..n`. `n` must be at least 1.
    ///
    /// # Panics
    /// If `n == 0`: there is no integer to return.
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "SeededRng::below(0)");
        // Reject the top partial block so that every residue is equally likely.
        let zone = u64::MAX - (u64::MAX % n + 1) % n;
        loop {
            let x = self.0.next_u64();
            if x <= zone {
                return x % n;
            }
        }
    }

    /// A uniform integer in `lo..=hi`.
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        debug_assert!(lo <= hi);
        let span = (hi as i128 - lo as i128 + 1) as u64;
        (lo as i128 + self.below(span) as i128) as i64
    }

    /// Picks an index by integer weights (at least one must be positive).
    pub fn weighted(&mut self, weights: &[u64]) -> usize {
        let total: u64 = weights.iter().sum();
        let mut x = self.below(total);
        for (i, &w) in weights.iter().enumerate() {
            if x < w {
                return i;
            }
            x -= w;
        }
        unreachable!("weights sum to {total}")
    }

    /// Shuffles a slice in place (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_sequence() {
        let a: Vec<u64> = (0..8)
            .map({
                let mut r = SeededRng::new(42);
                move |_| r.next_u64()
            })
            .collect();
        let b: Vec<u64> = (0..8)
            .map({
                let mut r = SeededRng::new(42);
                move |_| r.next_u64()
            })
            .collect();
        assert_eq!(a, b);
        assert_ne!(SeededRng::new(42).next_u64(), SeededRng::new(43).next_u64());
    }

    #[test]
    fn pinned_first_word() {
        // Guards the board format across dependency upgrades: if this changes, every
        // recorded tournament would replay on different boards.
        assert_eq!(
            SeededRng::new(0).next_u64(),
            SeededRng::new(0).clone().next_u64()
        );
        let first = SeededRng::new(1).next_u64();
        assert_eq!(
            first, PINNED_SEED1_FIRST_WORD,
            "ChaCha8/seed_from_u64 output changed"
        );
    }

    const PINNED_SEED1_FIRST_WORD: u64 = 7_424_550_030_962_593_201;

    #[test]
    fn below_stays_in_range_and_hits_everything() {
        let mut r = SeededRng::new(7);
        let mut seen = [0u32; 5];
        for _ in 0..5000 {
            let x = r.below(5) as usize;
            seen[x] += 1;
        }
        assert!(seen.iter().all(|&n| n > 800), "{seen:?}");
        assert_eq!(r.below(1), 0);
        let x = r.range(-3, -3);
        assert_eq!(x, -3);
    }

    #[test]
    fn weighted_respects_zero_weights() {
        let mut r = SeededRng::new(9);
        for _ in 0..1000 {
            assert_ne!(r.weighted(&[3, 0, 1]), 1);
        }
    }
}
