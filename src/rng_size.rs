//! Board sizes: one size or a range to draw from.

use std::fmt;
use std::str::FromStr;

use arena_games::rng::GameRng;

/// A size, or an inclusive range of sizes a tournament mixes (`8`, `6..10`, `6-10`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SizeRange {
    /// Smallest.
    pub min: u32,
    /// Largest.
    pub max: u32,
}

impl SizeRange {
    /// Exactly `n`.
    pub fn fixed(n: u32) -> SizeRange {
        SizeRange { min: n, max: n }
    }

    /// A size drawn uniformly from the range with `seed` (`salt` separates rows from
    /// columns drawn from the same seed).
    pub fn pick(&self, seed: u64, salt: u64) -> u32 {
        if self.min == self.max {
            return self.min;
        }
        let mut rng = GameRng::new(seed ^ salt.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        // A range read back reversed is refused where it is read; here it is the smallest.
        let span = u64::from(self.max.saturating_sub(self.min)) + 1;
        self.min + rng.below(span) as u32
    }
}

/// A `--rows`/`--cols` value that is not a size or a range of sizes.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SizeRangeError {
    /// Not a number, nor two numbers joined by `..`, `..=` or `-`.
    #[error("`{0}` is not a size: use a number like 8 or a range like 6..10")]
    NotASize(String),
    /// A range whose start is above its end.
    #[error("`{text}`: the range is empty ({min} > {max})")]
    Empty {
        /// What was given.
        text: String,
        /// Its start.
        min: u32,
        /// Its end.
        max: u32,
    },
}

impl FromStr for SizeRange {
    type Err = SizeRangeError;

    fn from_str(s: &str) -> Result<SizeRange, SizeRangeError> {
        let num = |t: &str| {
            t.trim()
                .parse::<u32>()
                .map_err(|_| SizeRangeError::NotASize(s.to_string()))
        };
        let range = s
            .split_once("..=")
            .or_else(|| s.split_once(".."))
            .or_else(|| s.split_once('-'));
        let (min, max) = match range {
            Some((a, b)) => (num(a)?, num(b)?),
            None => {
                let n = num(s)?;
                (n, n)
            }
        };
        if min > max {
            return Err(SizeRangeError::Empty {
                text: s.to_string(),
                min,
                max,
            });
        }
        Ok(SizeRange { min, max })
    }
}

impl fmt::Display for SizeRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.min == self.max {
            write!(f, "{}", self.min)
        } else {
            write!(f, "{}..{}", self.min, self.max)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_sizes_and_ranges() {
        assert_eq!("8".parse::<SizeRange>().unwrap(), SizeRange::fixed(8));
        assert_eq!(
            "6..10".parse::<SizeRange>().unwrap(),
            SizeRange { min: 6, max: 10 }
        );
        assert_eq!(
            "6..=10".parse::<SizeRange>().unwrap(),
            SizeRange { min: 6, max: 10 }
        );
        assert_eq!(
            "6-10".parse::<SizeRange>().unwrap(),
            SizeRange { min: 6, max: 10 }
        );
        assert!("ten"
            .parse::<SizeRange>()
            .unwrap_err()
            .to_string()
            .contains("not a size"));
        assert!("9..4"
            .parse::<SizeRange>()
            .unwrap_err()
            .to_string()
            .contains("empty"));
    }

    #[test]
    fn picks_stay_in_range_and_are_reproducible() {
        let r = SizeRange { min: 4, max: 7 };
        let mut seen = [false; 4];
        for seed in 0..200 {
            let x = r.pick(seed, 0);
            assert_eq!(x, r.pick(seed, 0));
            seen[(x - 4) as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }
}
