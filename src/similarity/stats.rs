//! The statistics of the report, pure: a pair's score against the distribution of the
//! class's pairs as a robust z-score and an empirical p-value, the normal tail, and the
//! Benjamini–Hochberg correction for testing every pair at once.

/// The median of `values` (0 for none). `values` need not be sorted.
pub fn median(values: &[f64]) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// The median absolute deviation from the median, scaled by 1.4826 so that it estimates
/// the standard deviation of a normal distribution. Robust: a few copies among the
/// pairs move it little.
pub fn robust_sd(values: &[f64]) -> f64 {
    let m = median(values);
    let dev: Vec<f64> = values.iter().map(|v| (v - m).abs()).collect();
    1.4826 * median(&dev)
}

/// The smallest spread a z-score divides by: a class whose pairs all score alike (every
/// bot random, say) must not turn a small difference into a large z.
pub const MIN_SPREAD: f64 = 0.02;

/// The centre and spread the pairs' scores are measured against.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Null {
    /// The median score.
    pub centre: f64,
    /// The robust standard deviation ([`robust_sd`]), at least [`MIN_SPREAD`].
    pub spread: f64,
}

impl Null {
    /// The null of a distribution of scores.
    pub fn of(scores: &[f64]) -> Null {
        Null {
            centre: median(scores),
            spread: robust_sd(scores).max(MIN_SPREAD),
        }
    }

    /// The z-score of `score` measured over `n` positions: its distance from the centre
    /// in spreads, the spread at least the binomial standard deviation of `n` draws at
    /// the centre (a pair measured on few positions is never more certain than they say).
    pub fn z(&self, score: f64, n: u32) -> f64 {
        let c = self.centre.clamp(0.0, 1.0);
        let binomial = if n == 0 {
            1.0
        } else {
            (c * (1.0 - c) / f64::from(n)).sqrt()
        };
        (score - self.centre) / self.spread.max(binomial)
    }
}

/// The share of `reference` at or above `score`, counting the pair itself once:
/// `(1 + #{r ≥ score}) / (1 + len)`. Never 0, so it never claims more than the class
/// can show.
pub fn empirical_p(score: f64, reference: &[f64]) -> f64 {
    let above = reference.iter().filter(|&&r| r >= score).count();
    (1 + above) as f64 / (1 + reference.len()) as f64
}

/// [`empirical_p`] over `sorted` (ascending), in logarithmic time; `own` says that the
/// pair's own value is among them, and is left out once.
pub fn empirical_p_sorted(score: f64, sorted: &[f64], own: bool) -> f64 {
    let below = sorted.partition_point(|&r| r < score);
    let mut above = sorted.len() - below;
    let mut len = sorted.len();
    if own && above > 0 {
        above -= 1;
        len -= 1;
    }
    (1 + above) as f64 / (1 + len) as f64
}

/// `P(Z ≥ z)` for a standard normal `Z`.
pub fn upper_tail(z: f64) -> f64 {
    arena_ratings::normal_cdf(-z)
}

/// Benjamini–Hochberg adjusted p-values (the false discovery rate at which each test
/// would just be rejected), in the order of `p`: the sorted `p(k) · m / k`, made
/// monotone from the largest down and capped at 1.
pub fn benjamini_hochberg(p: &[f64]) -> Vec<f64> {
    let m = p.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&a, &b| p[a].total_cmp(&p[b]).then(a.cmp(&b)));
    let mut adjusted = vec![1.0; m];
    let mut running = 1.0_f64;
    for (rank, &i) in order.iter().enumerate().rev() {
        let q = p[i] * m as f64 / (rank + 1) as f64;
        running = running.min(q).min(1.0);
        adjusted[i] = running;
    }
    adjusted
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_and_spread_are_robust_to_a_few_outliers() {
        let v = [0.3, 0.31, 0.29, 0.3, 0.32, 0.28, 0.95, 0.99];
        assert!((median(&v) - 0.305).abs() < 1e-12);
        assert!(robust_sd(&v) < 0.05);
    }

    #[test]
    fn the_normal_tail_matches_known_values() {
        assert!((upper_tail(0.0) - 0.5).abs() < 1e-7);
        assert!((upper_tail(1.959_964) - 0.025).abs() < 1e-6);
        assert!((upper_tail(-1.959_964) - 0.975).abs() < 1e-6);
        assert!((upper_tail(3.090_232) - 0.001).abs() < 1e-7);
    }

    #[test]
    fn benjamini_hochberg_matches_a_worked_example() {
        let p = [0.01, 0.04, 0.03, 0.005];
        let q = benjamini_hochberg(&p);
        let want = [0.02, 0.04, 0.04, 0.02];
        for (a, b) in q.iter().zip(want) {
            assert!((a - b).abs() < 1e-12, "{q:?}");
        }
    }

    #[test]
    fn the_empirical_p_value_counts_the_pair_itself() {
        assert_eq!(empirical_p(0.9, &[0.1, 0.2, 0.3]), 0.25);
        assert_eq!(empirical_p(0.1, &[0.1, 0.2, 0.3]), 1.0);
        assert_eq!(empirical_p_sorted(0.9, &[0.1, 0.2, 0.3, 0.9], true), 0.25);
        assert_eq!(empirical_p_sorted(0.2, &[0.1, 0.2, 0.3], false), 0.75);
    }

    #[test]
    fn z_never_divides_by_less_than_the_binomial_spread() {
        let null = Null {
            centre: 0.5,
            spread: MIN_SPREAD,
        };
        // 4 positions: sd = 0.25, so 0.75 is one spread away.
        assert!((null.z(0.75, 4) - 1.0).abs() < 1e-12);
    }
}
