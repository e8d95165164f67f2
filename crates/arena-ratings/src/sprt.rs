//! The sequential probability ratio test of chess engine testing, as fishtest defines it:
//! "is A at least `elo1` stronger than B, or at most `elo0`?", decided as soon as the
//! evidence allows.
//!
//! # The test
//!
//! The results are counted as a trinomial (games: losses, draws, wins, from A's side) or,
//! when every board is played twice with seats swapped, as a pentanomial (board pairs by
//! A's points in the pair: 0, ½, 1, 1½, 2). The log-likelihood ratio is fishtest's
//! generalized one (`LLRcalc.py`, GSPRT): the likelihood of the counts under the most
//! likely multinomial whose expected score is that of `elo1`, over that under the most
//! likely one whose expected score is that of `elo0` (Van den Bergh, "support_MLE_multinomial":
//! the maximiser comes from one secular equation, solved here by safeguarded Newton), a
//! count of zero replaced by `0.001` first (fishtest's `regularize`). No draw model is
//! assumed: the draw rate and, for pairs, the correlation between a pair's two games are
//! whatever the counts say.
//!
//! * [`EloModel::Logistic`] (the default, `sprt.py`'s default and `LLR_logistic`): `elo`
//!   is logistic Elo, the scale of the ratings, expected score `1 / (1 + 10^(−elo/400))`.
//! * [`EloModel::Normalized`] (`LLR_normalized`, fishtest's default for new tests): `elo`
//!   is normalized Elo, `(score − ½) / σ` per game times `800 / ln 10`, which does not
//!   depend on the draw rate.
//!
//! The test stops with H1 when the ratio reaches `ln((1 − β) / α)`, with H0 when it
//! falls to `ln(β / (1 − α))` (Wald's bounds: the false-positive rate at `elo0` is at
//! most about `α`, the false-negative rate at `elo1` at most about `β`).
//!
//! # Zero variance
//!
//! When every sample falls in one category (two bots that make the same moves: every
//! pair scores exactly 1, or every game is drawn) the counts carry no spread, and the
//! ratio is only what the regularization lends it. Explicitly: such counts never accept
//! H1 unless their one score is itself above `elo1` (a bot that wins every game); the
//! ratio is still reported, and H0 (or the cap) ends the test.

use crate::error::RatingError;
use crate::normal::{normal_cdf, NORMAL_975};

/// Normalized Elo per unit of the t-value (`800 / ln 10`, fishtest's `nelo_divided_by_nt`).
pub const NELO_PER_T: f64 = 800.0 / std::f64::consts::LN_10;

/// What replaces a zero count before the likelihoods are maximised (fishtest's
/// `regularize`).
const REGULARIZE: f64 = 1e-3;

/// The largest `|elo0|`, `|elo1|` accepted.
pub const MAX_SPRT_ELO: f64 = 1000.0;

/// The counts a test is decided on, from A's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counts {
    /// Games: `[losses, draws, wins]`.
    Trinomial([u64; 3]),
    /// Board pairs by A's points in the pair: `[0, ½, 1, 1½, 2]` (a pair of a win and a
    /// loss counts as 1, like two draws).
    Pentanomial([u64; 5]),
}

impl Counts {
    /// No samples yet, of the one kind or the other.
    pub fn empty(paired: bool) -> Counts {
        if paired {
            Counts::Pentanomial([0; 5])
        } else {
            Counts::Trinomial([0; 3])
        }
    }

    /// The counts, lowest score first.
    pub fn values(&self) -> &[u64] {
        match self {
            Counts::Trinomial(c) => c,
            Counts::Pentanomial(c) => c,
        }
    }

    /// Samples counted: games (trinomial) or board pairs (pentanomial).
    pub fn samples(&self) -> u64 {
        self.values().iter().sum()
    }

    /// Games counted (two per board pair).
    pub fn games(&self) -> u64 {
        match self {
            Counts::Trinomial(_) => self.samples(),
            Counts::Pentanomial(_) => 2 * self.samples(),
        }
    }

    /// Counts one sample worth `half_points` half-points to A: 0–2 for a game of a
    /// trinomial, 0–4 for a board pair of a pentanomial.
    ///
    /// # Errors
    /// [`RatingError::InvalidOption`] when `half_points` is out of range for the kind.
    pub fn add(&mut self, half_points: u32) -> Result<(), RatingError> {
        let slot = match self {
            Counts::Trinomial(c) => c.get_mut(half_points as usize),
            Counts::Pentanomial(c) => c.get_mut(half_points as usize),
        };
        match slot {
            Some(n) => {
                *n += 1;
                Ok(())
            }
            None => Err(RatingError::InvalidOption(
                "a sample scores 0-2 half-points per game, 0-4 per pair",
            )),
        }
    }

    /// A's score per game of every category, lowest first (`i / (k − 1)`).
    fn scores(&self) -> Vec<f64> {
        let k = self.values().len();
        (0..k).map(|i| i as f64 / (k - 1) as f64).collect()
    }

    /// The one category every sample fell in, if there is exactly one (zero variance).
    fn single_category(&self) -> Option<usize> {
        let mut nonzero = self.values().iter().enumerate().filter(|(_, &c)| c > 0);
        match (nonzero.next(), nonzero.next()) {
            (Some((i, _)), None) => Some(i),
            _ => None,
        }
    }
}

/// The Elo scale of the hypotheses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum EloModel {
    /// Logistic Elo: the ratings' scale (fishtest's `LLR_logistic`).
    #[default]
    Logistic,
    /// Normalized Elo (fishtest's `LLR_normalized`).
    Normalized,
}

impl EloModel {
    /// The model's name as the files write it: `logistic` or `normalized`.
    pub fn name(self) -> &'static str {
        match self {
            EloModel::Logistic => "logistic",
            EloModel::Normalized => "normalized",
        }
    }
}

/// How a test stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// Not decided yet.
    Continue,
    /// H0 accepted: A is not `elo1` stronger (at most `elo0`).
    H0,
    /// H1 accepted: A is at least `elo1` stronger.
    H1,
}

impl Decision {
    /// `H0`, `H1`, or `continue`.
    pub fn name(self) -> &'static str {
        match self {
            Decision::Continue => "continue",
            Decision::H0 => "H0",
            Decision::H1 => "H1",
        }
    }
}

/// The hypotheses and error rates of a test.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sprt {
    elo0: f64,
    elo1: f64,
    alpha: f64,
    beta: f64,
    model: EloModel,
}

/// A test's state after some counts.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Status {
    /// The log-likelihood ratio.
    pub llr: f64,
    /// Whether the counts carry no spread (every sample in one category).
    pub zero_variance: bool,
    /// The decision at this point.
    pub decision: Decision,
}

impl Sprt {
    /// A test of H0 `elo = elo0` against H1 `elo = elo1` with false-positive rate `alpha`
    /// and false-negative rate `beta`.
    ///
    /// # Errors
    /// [`RatingError::InvalidOption`] unless `elo0 < elo1`, both finite with absolute value
    /// at most [`MAX_SPRT_ELO`], and `0 < alpha`, `0 < beta`, `alpha + beta < 1`.
    pub fn new(
        elo0: f64,
        elo1: f64,
        alpha: f64,
        beta: f64,
        model: EloModel,
    ) -> Result<Sprt, RatingError> {
        let in_range = |e: f64| e.is_finite() && e.abs() <= MAX_SPRT_ELO;
        if !(in_range(elo0) && in_range(elo1)) {
            return Err(RatingError::InvalidOption(
                "elo0 and elo1 must be finite, between -1000 and 1000",
            ));
        }
        if elo0 >= elo1 {
            return Err(RatingError::InvalidOption("elo0 must be below elo1"));
        }
        if !(alpha > 0.0 && beta > 0.0 && alpha + beta < 1.0) {
            return Err(RatingError::InvalidOption(
                "alpha and beta must be positive with alpha + beta below 1",
            ));
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
            model,
        })
    }

    /// H0's Elo.
    pub fn elo0(&self) -> f64 {
        self.elo0
    }

    /// H1's Elo.
    pub fn elo1(&self) -> f64 {
        self.elo1
    }

    /// The false-positive rate.
    pub fn alpha(&self) -> f64 {
        self.alpha
    }

    /// The false-negative rate.
    pub fn beta(&self) -> f64 {
        self.beta
    }

    /// The Elo scale.
    pub fn model(&self) -> EloModel {
        self.model
    }

    /// The lower (H0) and upper (H1) bounds of the log-likelihood ratio.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The generalized log-likelihood ratio of `counts` (0 without samples).
    pub fn llr(&self, counts: &Counts) -> f64 {
        if counts.samples() == 0 {
            return 0.0;
        }
        let regularized: Vec<f64> = counts
            .values()
            .iter()
            .map(|&c| if c == 0 { REGULARIZE } else { c as f64 })
            .collect();
        let total: f64 = regularized.iter().sum();
        let pdf: Vec<f64> = regularized.iter().map(|c| c / total).collect();
        let scores = counts.scores();
        let per_sample = match self.model {
            EloModel::Logistic => {
                let (s0, s1) = (expected_score(self.elo0), expected_score(self.elo1));
                llr_expectation(&scores, &pdf, s0, s1)
            }
            EloModel::Normalized => {
                let scale = match counts {
                    Counts::Trinomial(_) => 1.0,
                    Counts::Pentanomial(_) => std::f64::consts::SQRT_2,
                };
                let (t0, t1) = (
                    self.elo0 / NELO_PER_T * scale,
                    self.elo1 / NELO_PER_T * scale,
                );
                llr_t_value(&scores, &pdf, t0, t1)
            }
        };
        total * per_sample
    }

    /// The ratio and the decision for `counts`.
    pub fn status(&self, counts: &Counts) -> Status {
        let llr = self.llr(counts);
        let (lower, upper) = self.bounds();
        let single = counts.single_category();
        // Zero variance: H1 only for a score that is itself beyond elo1.
        let h1_possible = match single {
            None => true,
            Some(i) => {
                let score = counts.scores()[i];
                let data_elo = match self.model {
                    EloModel::Logistic => elo_of_score(score),
                    EloModel::Normalized => {
                        if score > 0.5 {
                            f64::INFINITY
                        } else if score < 0.5 {
                            f64::NEG_INFINITY
                        } else {
                            0.0
                        }
                    }
                };
                data_elo >= self.elo1
            }
        };
        let decision = if llr >= upper && h1_possible {
            Decision::H1
        } else if llr <= lower {
            Decision::H0
        } else {
            Decision::Continue
        };
        Status {
            llr,
            zero_variance: single.is_some(),
            decision,
        }
    }
}

/// The expected score per game of logistic Elo `elo`.
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The logistic Elo of an expected score (infinite at 0 and 1).
pub fn elo_of_score(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The per-sample ratio for the statistic "expectation": the most likely distributions
/// of expectation `s0` and `s1` (fishtest's `LLR(..., statistic="expectation")`).
fn llr_expectation(scores: &[f64], pdf: &[f64], s0: f64, s1: f64) -> f64 {
    let shifted = |s: f64| -> Vec<f64> { scores.iter().map(|a| a - s).collect() };
    let (a0, a1) = (shifted(s0), shifted(s1));
    let (x0, x1) = (secular(pdf, &a0), secular(pdf, &a1));
    pdf.iter()
        .zip(a0.iter().zip(&a1))
        .map(|(p, (u, v))| p * ((x0 * u).ln_1p() - (x1 * v).ln_1p()))
        .sum()
}

/// The per-sample ratio for the statistic "t-value" `(μ − ½) / σ`: the most likely
/// distributions of t-values `t0` and `t1` (fishtest's `MLE_t_value`).
fn llr_t_value(scores: &[f64], pdf: &[f64], t0: f64, t1: f64) -> f64 {
    match (mle_t_value(scores, pdf, t0), mle_t_value(scores, pdf, t1)) {
        (Some(p0), Some(p1)) => pdf
            .iter()
            .zip(p0.iter().zip(&p1))
            .map(|(p, (q0, q1))| p * (q1.ln() - q0.ln()))
            .sum(),
        // A t-value the counts' support cannot reach: fishtest's closed-form
        // approximation (`LLR_normalized_alt`, per sample).
        _ => {
            let (mu, var) = mean_var(scores, pdf);
            let games_per_sample: f64 = if scores.len() == 5 { 2.0 } else { 1.0 };
            let nt = (mu - 0.5) / (games_per_sample * var).sqrt();
            let (nt0, nt1) = (t0 / games_per_sample.sqrt(), t1 / games_per_sample.sqrt());
            games_per_sample / 2.0 * ((1.0 + (nt - nt0).powi(2)) / (1.0 + (nt - nt1).powi(2))).ln()
        }
    }
}

/// The most likely distribution on `scores` with t-value `t` given the empirical `pdf`,
/// by fishtest's fixed-point iteration; `None` when the secular equation has no root.
fn mle_t_value(scores: &[f64], pdf: &[f64], t: f64) -> Option<Vec<f64>> {
    let n = scores.len();
    let mut mle = vec![1.0 / n as f64; n];
    for _ in 0..50 {
        let (mu, var) = mean_var(scores, &mle);
        let sigma = var.sqrt();
        let shifted: Vec<f64> = scores
            .iter()
            .map(|a| a - 0.5 - t * sigma * (1.0 + ((mu - a) / sigma).powi(2)) / 2.0)
            .collect();
        let lo = shifted.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = shifted.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        if !(lo < 0.0 && hi > 0.0) {
            return None;
        }
        let x = secular(pdf, &shifted);
        let next: Vec<f64> = pdf
            .iter()
            .zip(&shifted)
            .map(|(p, a)| p / (1.0 + x * a))
            .collect();
        let change = next
            .iter()
            .zip(&mle)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        mle = next;
        if change < 1e-12 {
            break;
        }
    }
    mle.iter().all(|p| p.is_finite() && *p > 0.0).then_some(mle)
}

/// The mean and variance of `values` under the weights `pdf`.
fn mean_var(values: &[f64], pdf: &[f64]) -> (f64, f64) {
    let total: f64 = pdf.iter().sum();
    let mu = values.iter().zip(pdf).map(|(v, p)| v * p).sum::<f64>() / total;
    let var = values
        .iter()
        .zip(pdf)
        .map(|(v, p)| p * (v - mu).powi(2))
        .sum::<f64>()
        / total;
    (mu, var)
}

/// The root `x` of `Σ pᵢ aᵢ / (1 + x aᵢ) = 0` with every `1 + x aᵢ > 0` (the `aᵢ` of both
/// signs, the `pᵢ` positive): the function falls from `+∞` to `−∞` on that interval, so
/// the root is unique; safeguarded Newton keeps it bracketed. The caller makes sure
/// both signs occur (a score strictly between the lowest and the highest).
fn secular(pdf: &[f64], a: &[f64]) -> f64 {
    let hi_a = a.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let lo_a = a.iter().copied().fold(f64::INFINITY, f64::min);
    // The open interval of x: (−1/max a, −1/min a).
    let (mut lo, mut hi) = (-1.0 / hi_a, -1.0 / lo_a);
    // The value, its slope, and the sum of the terms' sizes (the rounding scale).
    let f = |x: f64| -> (f64, f64, f64) {
        let (mut value, mut slope, mut size) = (0.0, 0.0, 0.0);
        for (p, ai) in pdf.iter().zip(a) {
            let d = 1.0 + x * ai;
            value += p * ai / d;
            slope -= p * ai * ai / (d * d);
            size += (p * ai / d).abs();
        }
        (value, slope, size)
    };
    let mut x = 0.0;
    let mut last_step = hi - lo;
    for _ in 0..400 {
        let (value, slope, size) = f(x);
        if value.abs() <= 4.0 * f64::EPSILON * size {
            return x;
        }
        // The function falls: positive means the root is to the right.
        if value > 0.0 {
            lo = x;
        } else {
            hi = x;
        }
        if hi - lo <= 4.0 * f64::EPSILON * (1.0 + x.abs()) {
            return 0.5 * (lo + hi);
        }
        // Newton when it stays inside the bracket and at least halves the step before
        // (so it cannot crawl away from a pole); otherwise bisection.
        let step = value / slope;
        let newton = x - step;
        if newton > lo && newton < hi && (2.0 * step).abs() < last_step.abs() {
            last_step = step;
            x = newton;
        } else {
            last_step = 0.5 * (hi - lo);
            x = 0.5 * (lo + hi);
        }
    }
    x
}

/// A score estimate with its normal-approximation 95% interval, in logistic Elo.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Estimate {
    /// A's mean score per game.
    pub score: f64,
    /// Its standard error: from the spread of games (trinomial) or of board pairs
    /// (pentanomial).
    pub standard_error: f64,
    /// The score's Elo (clamped to ±[`ELO_CLAMP`]).
    pub elo: f64,
    /// The lower end of the 95% interval (Elo).
    pub low: f64,
    /// The upper end of the 95% interval (Elo).
    pub high: f64,
    /// The likelihood of superiority: the probability that A is the stronger,
    /// `Φ((score − ½) / standard error)` (1 or 0 without spread, ½ at exactly ½).
    pub los: f64,
}

/// The largest Elo an estimate reports (a score within 0.001 of 0 or 1, as fishtest
/// clamps it).
pub const ELO_CLAMP: f64 = 1200.0;

/// How close to 0 or 1 a score is taken before it is turned into Elo.
const SCORE_CLAMP: f64 = 1e-3;

/// The Elo estimate of `counts`: the mean score per game, its standard error from the
/// spread of the samples (for pairs, the spread of pair scores: the pairing's
/// correlation is in it), and `elo(score ± 1.96 se)`. `None` without samples.
pub fn estimate(counts: &Counts) -> Option<Estimate> {
    let n = counts.samples();
    if n == 0 {
        return None;
    }
    let weights: Vec<f64> = counts.values().iter().map(|&c| c as f64).collect();
    let (score, var) = mean_var(&counts.scores(), &weights);
    let standard_error = (var / n as f64).sqrt();
    // A score (or an interval's end) within 0.001 of 0 or 1, or beyond, reads as that
    // bound, as fishtest clamps it; `+ 0.0` makes a score of exactly ½ read 0, not −0.
    let clamped = |s: f64| {
        let s = s.clamp(SCORE_CLAMP, 1.0 - SCORE_CLAMP);
        elo_of_score(s).clamp(-ELO_CLAMP, ELO_CLAMP) + 0.0
    };
    let los = if standard_error > 0.0 {
        normal_cdf((score - 0.5) / standard_error)
    } else if score > 0.5 {
        1.0
    } else if score < 0.5 {
        0.0
    } else {
        0.5
    };
    Some(Estimate {
        score,
        standard_error,
        elo: clamped(score),
        low: clamped(score - NORMAL_975 * standard_error),
        high: clamped(score + NORMAL_975 * standard_error),
        los,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn logistic(elo0: f64, elo1: f64) -> Sprt {
        Sprt::new(elo0, elo1, 0.05, 0.05, EloModel::Logistic).unwrap()
    }

    /// The most likely distribution of a given mean has that mean and sums to 1, also
    /// where Newton's first step lands next to a pole (counts `[1, 2, 17, 14, 6]`).
    #[test]
    fn the_secular_equation_gives_the_constrained_mean() {
        let cases: [(&[f64], &[f64]); 2] = [
            (&[0.2, 0.3, 0.5], &[0.0, 0.5, 1.0]),
            (
                &[0.025, 0.05, 0.425, 0.35, 0.15],
                &[0.0, 0.25, 0.5, 0.75, 1.0],
            ),
        ];
        for ((pdf, scores), s) in cases
            .iter()
            .flat_map(|c| [0.3, 0.5, 0.5287, 0.65, 0.9].map(|s| (*c, s)))
        {
            let a: Vec<f64> = scores.iter().map(|v| v - s).collect();
            let x = secular(pdf, &a);
            let q: Vec<f64> = pdf.iter().zip(&a).map(|(p, u)| p / (1.0 + x * u)).collect();
            let total: f64 = q.iter().sum();
            let mean: f64 = q.iter().zip(scores.iter()).map(|(p, v)| p * v).sum();
            assert!((total - 1.0).abs() < 1e-12, "{total}");
            assert!((mean - s).abs() < 1e-12, "{mean} {s}");
        }
    }

    /// The ratio against a direct maximisation: for a trinomial with the mean fixed, the
    /// distributions form a one-parameter family; a fine grid search finds the same
    /// maximum likelihood.
    #[test]
    fn the_ratio_is_the_ratio_of_maximised_likelihoods() {
        let counts = [30u64, 50, 70];
        let n: f64 = counts.iter().sum::<u64>() as f64;
        let max_ll = |s: f64| {
            // p = (l, d, w) with d/2 + w = s and l + d + w = 1: w = s − d/2, l = 1 − s − d/2.
            let mut best = f64::NEG_INFINITY;
            for i in 1..200_000 {
                let d = i as f64 / 200_000.0;
                let (w, l) = (s - d / 2.0, 1.0 - s - d / 2.0);
                if w <= 0.0 || l <= 0.0 {
                    continue;
                }
                let ll = counts[0] as f64 * l.ln()
                    + counts[1] as f64 * d.ln()
                    + counts[2] as f64 * w.ln();
                best = best.max(ll);
            }
            best
        };
        let sprt = logistic(0.0, 50.0);
        let expected = max_ll(expected_score(50.0)) - max_ll(0.5);
        let got = sprt.llr(&Counts::Trinomial(counts));
        assert!(
            (got - expected).abs() < 1e-3,
            "{got} vs {expected} ({n} games)"
        );
    }

    /// The ratios fishtest's formulas give for published counts (the figures fastchess's
    /// port of them checks in its tests, to 1%): counts are `[L, D, W]` and
    /// `[LL, LD, WL + DD, WD, WW]`.
    #[test]
    fn fishtest_reference_values() {
        let cases: [(EloModel, f64, f64, Counts, f64); 8] = [
            (
                EloModel::Normalized,
                0.0,
                2.0,
                Counts::Trinomial([36027, 68692, 36433]),
                0.92,
            ),
            (
                EloModel::Normalized,
                -1.75,
                0.25,
                Counts::Trinomial([10650, 20431, 10871]),
                2.30,
            ),
            (
                EloModel::Logistic,
                0.5,
                2.5,
                Counts::Trinomial([21184, 40708, 21404]),
                -1.57,
            ),
            (
                EloModel::Logistic,
                0.0,
                2.0,
                Counts::Trinomial([57030, 106593, 57433]),
                -2.59,
            ),
            (
                EloModel::Normalized,
                0.0,
                2.0,
                Counts::Pentanomial([365, 16618, 36229, 16974, 390]),
                2.25,
            ),
            (
                EloModel::Normalized,
                -1.75,
                0.25,
                Counts::Pentanomial([127, 4883, 10712, 5150, 104]),
                3.01,
            ),
            (
                EloModel::Logistic,
                0.5,
                2.5,
                Counts::Pentanomial([223, 9863, 21279, 10037, 246]),
                -3.07,
            ),
            (
                EloModel::Logistic,
                0.0,
                2.0,
                Counts::Pentanomial([871, 26175, 55983, 26678, 821]),
                -4.98,
            ),
        ];
        for (model, e0, e1, counts, want) in cases {
            let got = Sprt::new(e0, e1, 0.05, 0.05, model).unwrap().llr(&counts);
            assert!(
                ((got - want) / want).abs() < 0.01,
                "{model:?} {counts:?}: {got} vs {want}"
            );
        }
    }

    #[test]
    fn bounds_are_walds() {
        let (lo, hi) = logistic(0.0, 5.0).bounds();
        assert!((lo + 2.944_438_979).abs() < 1e-9);
        assert!((hi - 2.944_438_979).abs() < 1e-9);
    }

    #[test]
    fn options_are_checked() {
        for (e0, e1, a, b) in [
            (5.0, 5.0, 0.05, 0.05),
            (6.0, 5.0, 0.05, 0.05),
            (0.0, 5.0, 0.0, 0.05),
            (0.0, 5.0, 0.6, 0.5),
            (0.0, f64::NAN, 0.05, 0.05),
            (0.0, 2000.0, 0.05, 0.05),
        ] {
            assert!(Sprt::new(e0, e1, a, b, EloModel::Logistic).is_err());
        }
    }

    #[test]
    fn strong_evidence_decides_both_ways() {
        let s = logistic(0.0, 20.0);
        assert_eq!(
            s.status(&Counts::Pentanomial([0, 2, 20, 30, 60])).decision,
            Decision::H1
        );
        assert_eq!(
            s.status(&Counts::Pentanomial([60, 30, 20, 2, 0])).decision,
            Decision::H0
        );
        assert_eq!(
            s.status(&Counts::Trinomial([1, 2, 1])).decision,
            Decision::Continue
        );
        assert_eq!(s.status(&Counts::Trinomial([0, 0, 0])).llr, 0.0);
        // One more pair scoring 2 raises the ratio (counts where a first Newton step
        // lands next to a pole of the secular equation).
        let before = s.llr(&Counts::Pentanomial([1, 2, 17, 14, 5]));
        let after = s.llr(&Counts::Pentanomial([1, 2, 17, 14, 6]));
        assert!(after > before && after < before + 0.5, "{before} {after}");
        let n = Sprt::new(0.0, 20.0, 0.05, 0.05, EloModel::Normalized).unwrap();
        assert_eq!(
            n.status(&Counts::Pentanomial([0, 2, 20, 30, 60])).decision,
            Decision::H1
        );
        assert_eq!(
            n.status(&Counts::Pentanomial([60, 30, 20, 2, 0])).decision,
            Decision::H0
        );
    }

    /// Every pair scoring exactly 1 never accepts H1, in either model, however many.
    #[test]
    fn zero_variance_never_accepts_h1() {
        for model in [EloModel::Logistic, EloModel::Normalized] {
            for (e0, e1) in [(0.0, 20.0), (-20.0, 0.5), (-5.0, 5.0)] {
                let s = Sprt::new(e0, e1, 0.05, 0.05, model).unwrap();
                for n in [1u64, 10, 100, 10_000, 1_000_000] {
                    let status = s.status(&Counts::Pentanomial([0, 0, n, 0, 0]));
                    assert!(status.zero_variance);
                    assert_ne!(status.decision, Decision::H1, "{model:?} {e0} {e1} {n}");
                    let status = s.status(&Counts::Trinomial([0, n, 0]));
                    assert_ne!(status.decision, Decision::H1);
                }
            }
            // With H0 at 0, enough of them accept H0.
            let s = Sprt::new(0.0, 20.0, 0.05, 0.05, model).unwrap();
            assert_eq!(
                s.status(&Counts::Pentanomial([0, 0, 100_000, 0, 0]))
                    .decision,
                Decision::H0
            );
        }
        // A bot that wins every pair is still found better.
        let s = logistic(0.0, 20.0);
        let status = s.status(&Counts::Pentanomial([0, 0, 0, 0, 200]));
        assert!(status.zero_variance);
        assert_eq!(status.decision, Decision::H1);
    }

    #[test]
    fn estimates() {
        assert_eq!(estimate(&Counts::Trinomial([0, 0, 0])), None);
        let e = estimate(&Counts::Trinomial([10, 0, 10])).unwrap();
        assert_eq!(e.score, 0.5);
        assert_eq!(e.elo, 0.0);
        assert_eq!(e.los, 0.5);
        assert!(e.low < 0.0 && e.high > 0.0);
        assert!((e.standard_error - (0.25f64 / 20.0).sqrt()).abs() < 1e-12);
        // Pairs of a win and a loss have no spread: the pairing says "equal, for sure".
        let p = estimate(&Counts::Pentanomial([0, 0, 10, 0, 0])).unwrap();
        assert_eq!(
            (p.standard_error, p.los, p.elo, p.low, p.high),
            (0.0, 0.5, 0.0, 0.0, 0.0)
        );
        let w = estimate(&Counts::Pentanomial([0, 0, 0, 0, 3])).unwrap();
        assert_eq!(w.los, 1.0);
        assert!(w.elo > 1199.0 && w.elo <= ELO_CLAMP);
        // An interval reaching below a score of 0 ends at the clamp, never NaN.
        let l = estimate(&Counts::Pentanomial([47, 2, 1, 0, 0])).unwrap();
        assert!(l.low.is_finite() && l.low >= -ELO_CLAMP && l.low < l.elo && l.elo < l.high);
        let h = estimate(&Counts::Trinomial([1, 0, 60])).unwrap();
        assert!(h.high.is_finite() && h.high <= ELO_CLAMP && h.low < h.elo);
        let m = estimate(&Counts::Pentanomial([1, 2, 10, 5, 2])).unwrap();
        assert!(m.score > 0.5 && m.los > 0.5 && m.low < m.elo && m.elo < m.high);
    }

    #[test]
    fn counts_add_in_range() {
        let mut c = Counts::empty(true);
        for hp in 0..=4 {
            c.add(hp).unwrap();
        }
        assert!(c.add(5).is_err());
        assert_eq!((c.samples(), c.games()), (5, 10));
        let mut t = Counts::empty(false);
        assert!(t.add(3).is_err());
        t.add(2).unwrap();
        assert_eq!(t, Counts::Trinomial([0, 0, 1]));
    }
}
