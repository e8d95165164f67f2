//! Exact scores: a seat's tie-break figure as a fraction in lowest terms.
//!
//! Scores are exact: minesweeper's share of safe cells, tic-tac-toe's
//! `1/N` for a draw. A score is an integer numerator over a positive denominator, always
//! reduced, so two equal scores are equal values and print the same: `3`, `-1/2`, `7/12`.

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// An exact score: `numerator / denominator`, in lowest terms, denominator at least 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Score {
    num: i64,
    den: u64,
}

/// Text that is not a score (`3`, `-1/2`, `7/12`).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("`{0}` is not a score: write an integer or a fraction such as 7/12")]
pub struct ScoreParseError(pub String);

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

impl Score {
    /// Zero.
    pub const ZERO: Score = Score { num: 0, den: 1 };
    /// One.
    pub const ONE: Score = Score { num: 1, den: 1 };

    /// The integer `n`.
    pub fn int(n: i64) -> Score {
        Score { num: n, den: 1 }
    }

    /// `num / den` in lowest terms; `None` when `den` is 0.
    pub fn ratio(num: i64, den: u64) -> Option<Score> {
        if den == 0 {
            return None;
        }
        let g = gcd(num.unsigned_abs(), den);
        Some(Score {
            num: num / g as i64,
            den: den / g,
        })
    }

    /// The numerator (its sign is the score's).
    pub fn numerator(self) -> i64 {
        self.num
    }

    /// The denominator, at least 1.
    pub fn denominator(self) -> u64 {
        self.den
    }

    /// Whether the score is a whole number.
    pub fn is_integer(self) -> bool {
        self.den == 1
    }

    /// The nearest `f64`, for averages and plots (never for comparing scores).
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }
}

impl Ord for Score {
    fn cmp(&self, other: &Score) -> Ordering {
        (i128::from(self.num) * i128::from(other.den))
            .cmp(&(i128::from(other.num) * i128::from(self.den)))
    }
}

impl PartialOrd for Score {
    fn partial_cmp(&self, other: &Score) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl From<i64> for Score {
    fn from(n: i64) -> Score {
        Score::int(n)
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

impl FromStr for Score {
    type Err = ScoreParseError;

    fn from_str(text: &str) -> Result<Score, ScoreParseError> {
        let bad = || ScoreParseError(text.to_string());
        let (num, den) = match text.split_once('/') {
            None => (text, "1"),
            Some(parts) => parts,
        };
        let num: i64 = num.parse().map_err(|_| bad())?;
        let den: u64 = den.parse().map_err(|_| bad())?;
        let score = Score::ratio(num, den).ok_or_else(bad)?;
        // Only the reduced form is a score's text, so each score has one spelling.
        if score.to_string() == text {
            Ok(score)
        } else {
            Err(bad())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn fractions_are_reduced_and_print_one_way() {
        assert_eq!(Score::ratio(6, 8).unwrap().to_string(), "3/4");
        assert_eq!(Score::ratio(-6, 3).unwrap().to_string(), "-2");
        assert_eq!(Score::ratio(0, 7).unwrap(), Score::ZERO);
        assert_eq!(Score::ratio(1, 0), None);
        assert_eq!(Score::int(5).to_string(), "5");
        assert_eq!(
            "7/12".parse::<Score>().unwrap(),
            Score::ratio(7, 12).unwrap()
        );
        for bad in ["", "1/0", "2/4", "x", "1/-2", "1/2/3", "+1"] {
            assert!(bad.parse::<Score>().is_err(), "{bad}");
        }
    }

    #[test]
    fn scores_compare_by_value() {
        let half = Score::ratio(1, 2).unwrap();
        let third = Score::ratio(1, 3).unwrap();
        assert!(third < half && half < Score::ONE && Score::int(-1) < Score::ZERO);
        assert_eq!(Score::ratio(2, 4).unwrap().cmp(&half), Ordering::Equal);
    }

    proptest! {
        #[test]
        fn text_round_trips_and_order_matches_the_rationals(
            a in -1000i64..1000, b in 1u64..1000, c in -1000i64..1000, d in 1u64..1000,
        ) {
            let x = Score::ratio(a, b).unwrap();
            let y = Score::ratio(c, d).unwrap();
            prop_assert_eq!(x.to_string().parse::<Score>().unwrap(), x);
            prop_assert_eq!(x.cmp(&y), (i128::from(a) * i128::from(d)).cmp(&(i128::from(c) * i128::from(b))));
            prop_assert_eq!(gcd(x.numerator().unsigned_abs(), x.denominator()).max(1), 1);
        }
    }
}
