//! The standard normal distribution function, for the likelihoods of superiority and the
//! normal-approximation intervals of paired and game counts.

/// `Φ(x)`, the probability that a standard normal variable is at most `x`, to about
/// `1e-7` absolute (`erfc` by the Chebyshev fit of Numerical Recipes, `erfcc`).
pub fn normal_cdf(x: f64) -> f64 {
    if x.is_nan() {
        return f64::NAN;
    }
    // Both tails from the same small value, so that Φ(x) + Φ(−x) = 1 and Φ(0) = ½.
    let tail = 0.5 * erfc(x.abs() / std::f64::consts::SQRT_2);
    if x > 0.0 {
        1.0 - tail
    } else if x < 0.0 {
        tail
    } else {
        0.5
    }
}

/// The 97.5th percentile of the standard normal distribution: a central 95% interval is
/// the estimate `± NORMAL_975` standard errors.
pub const NORMAL_975: f64 = 1.959_963_984_540_054;

/// The complementary error function, fractional error below `1.2e-7` everywhere.
fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 {
        r
    } else {
        2.0 - r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_values() {
        assert!((normal_cdf(0.0) - 0.5).abs() < 1e-7);
        assert!((normal_cdf(NORMAL_975) - 0.975).abs() < 1e-7);
        assert!((normal_cdf(-NORMAL_975) - 0.025).abs() < 1e-7);
        assert!((normal_cdf(1.0) - 0.841_344_746).abs() < 1e-7);
        assert!((normal_cdf(-3.0) - 0.001_349_898).abs() < 1e-7);
        assert_eq!(normal_cdf(f64::INFINITY), 1.0);
        assert_eq!(normal_cdf(f64::NEG_INFINITY), 0.0);
    }

    #[test]
    fn symmetric() {
        for i in 0..100 {
            let x = f64::from(i) / 10.0;
            assert!((normal_cdf(x) + normal_cdf(-x) - 1.0).abs() < 1e-12);
        }
    }
}
