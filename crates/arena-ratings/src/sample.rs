//! The seeded index sampler of the bootstrap, pinned so results never change.
//!
//! `rand`'s distributions have changed algorithms between versions, so they are not
//! used: the generator is ChaCha8 (`rand_chacha`), whose output is fixed by its
//! specification, seeded with rand_core's `seed_from_u64`, and indices are drawn by
//! rejection sampling written here. Every draw is a pure function of the seed.

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

/// A seeded source of uniform indices.
#[derive(Debug, Clone)]
pub(crate) struct IndexSampler(ChaCha8Rng);

impl IndexSampler {
    /// The sampler for `seed`; the same seed gives the same sequence everywhere.
    pub fn new(seed: u64) -> IndexSampler {
        IndexSampler(ChaCha8Rng::seed_from_u64(seed))
    }

    /// A uniform index in `0..len`.
    ///
    /// # Panics
    /// If `len == 0`.
    pub fn index(&mut self, len: usize) -> usize {
        assert!(len > 0, "IndexSampler::index(0)");
        let n = len as u64;
        // Accept only the largest multiple of n that fits, so every residue is equally likely.
        let zone = u64::MAX - (u64::MAX % n + 1) % n;
        loop {
            let x = self.0.next_u64();
            if x <= zone {
                return (x % n) as usize;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_are_in_range_and_cover_it() {
        let mut s = IndexSampler::new(7);
        let mut seen = [0u32; 5];
        for _ in 0..1000 {
            seen[s.index(5)] += 1;
        }
        assert!(seen.iter().all(|&c| (150..250).contains(&c)), "{seen:?}");
        assert_eq!(IndexSampler::new(3).index(1), 0);
    }

    #[test]
    fn sequence_is_pinned() {
        // Recorded from this implementation: if a dependency upgrade changes these,
        // every bootstrap changes, and this test says so.
        let mut s = IndexSampler::new(42);
        let got: Vec<usize> = (0..8).map(|_| s.index(1000)).collect();
        assert_eq!(got, GOLDEN);
    }

    const GOLDEN: [usize; 8] = [737, 312, 20, 866, 744, 838, 708, 612];
}
