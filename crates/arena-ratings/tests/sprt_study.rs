//! A simulated study of the sequential test: thousands of runs on synthetic results with a
//! known Elo difference (no games, no WebAssembly), for the trinomial (games) and the
//! pentanomial (board pairs) counts and both Elo models. At `elo0` the test must accept
//! H1 at most `alpha` of the time, at `elo1` accept H0 at most `beta` of the time, each up
//! to three binomial standard errors of the rate.
//!
//! The true distributions are a base distribution (draws and, for pairs, the pairing's
//! typical pile-up at one point) tilted exponentially until its expected score (logistic
//! model) or its t-value (normalized model) is exactly the hypothesis'.

use arena_ratings::{expected_score, Counts, Decision, EloModel, Sprt, NELO_PER_T};
use arena_rng::SeededRng;
use rayon::prelude::*;

/// The most samples a run may take (never reached: the tests decide long before).
const CAP: u64 = 200_000;

/// A uniform draw in `[0, 1)` with 53 random bits.
fn uniform(rng: &mut SeededRng) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

/// Per-game score of each category: `i / (k − 1)`.
fn scores(k: usize) -> Vec<f64> {
    (0..k).map(|i| i as f64 / (k - 1) as f64).collect()
}

/// `base` tilted by `exp(λ · score)`, normalized.
fn tilted(base: &[f64], lambda: f64) -> Vec<f64> {
    let s = scores(base.len());
    let w: Vec<f64> = base
        .iter()
        .zip(&s)
        .map(|(b, x)| b * (lambda * x).exp())
        .collect();
    let total: f64 = w.iter().sum();
    w.iter().map(|x| x / total).collect()
}

fn mean_var(pdf: &[f64]) -> (f64, f64) {
    let s = scores(pdf.len());
    let mu: f64 = pdf.iter().zip(&s).map(|(p, x)| p * x).sum();
    let var: f64 = pdf.iter().zip(&s).map(|(p, x)| p * (x - mu).powi(2)).sum();
    (mu, var)
}

/// The tilt of `base` at which `statistic` (increasing in λ) equals `target`.
fn solve(base: &[f64], target: f64, statistic: impl Fn(&[f64]) -> f64) -> Vec<f64> {
    let (mut lo, mut hi) = (-20.0f64, 20.0f64);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if statistic(&tilted(base, mid)) < target {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    tilted(base, 0.5 * (lo + hi))
}

/// The true distribution of a bot `elo` stronger, in the model's sense.
fn truth(base: &[f64], model: EloModel, elo: f64) -> Vec<f64> {
    match model {
        EloModel::Logistic => solve(base, expected_score(elo), |p| mean_var(p).0),
        EloModel::Normalized => {
            // Per-game standard deviation: a pair's score per game has half a game's
            // variance when the games are independent, so `√(2 var)` per game.
            let per_game = if base.len() == 5 { 2.0 } else { 1.0 };
            solve(base, elo / NELO_PER_T, |p| {
                let (mu, var) = mean_var(p);
                (mu - 0.5) / (per_game * var).sqrt()
            })
        }
    }
}

/// One sequential test on samples drawn from `pdf`; its decision.
fn run_once(sprt: &Sprt, pdf: &[f64], seed: u64) -> Decision {
    let mut rng = SeededRng::new(seed);
    let mut counts = Counts::empty(pdf.len() == 5);
    let cumulative: Vec<f64> = pdf
        .iter()
        .scan(0.0, |acc, p| {
            *acc += p;
            Some(*acc)
        })
        .collect();
    for _ in 0..CAP {
        let u = uniform(&mut rng);
        let category = cumulative
            .iter()
            .position(|&c| u < c)
            .unwrap_or(pdf.len() - 1);
        counts.add(category as u32).unwrap();
        let decision = sprt.status(&counts).decision;
        if decision != Decision::Continue {
            return decision;
        }
    }
    Decision::Continue
}

/// Runs `runs` tests at a true difference of `elo`; the share that ended in `wrong`.
fn error_rate(sprt: &Sprt, base: &[f64], elo: f64, runs: u64, wrong: Decision) -> f64 {
    let pdf = truth(base, sprt.model(), elo);
    let wrong_runs = (0..runs)
        .into_par_iter()
        .filter(|&i| run_once(sprt, &pdf, i * 7919 + elo.to_bits()) == wrong)
        .count();
    wrong_runs as f64 / runs as f64
}

/// The rate bound: the nominal rate plus three binomial standard errors of `runs` runs.
fn bound(rate: f64, runs: u64) -> f64 {
    rate + 3.0 * (rate * (1.0 - rate) / runs as f64).sqrt()
}

/// Pairs of games pile up at one point (a board won once from each seat), as paired
/// boards make them.
const PENTANOMIAL: [f64; 5] = [0.04, 0.18, 0.56, 0.18, 0.04];
/// A third of the games drawn.
const TRINOMIAL: [f64; 3] = [0.35, 0.30, 0.35];

fn study(model: EloModel, elo0: f64, elo1: f64, alpha: f64, beta: f64, runs: u64) {
    let sprt = Sprt::new(elo0, elo1, alpha, beta, model).unwrap();
    for base in [&PENTANOMIAL[..], &TRINOMIAL[..]] {
        let false_positive = error_rate(&sprt, base, elo0, runs, Decision::H1);
        let false_negative = error_rate(&sprt, base, elo1, runs, Decision::H0);
        eprintln!(
            "{model:?} {} counts: false positives {false_positive:.4} (alpha {alpha}), false negatives {false_negative:.4} (beta {beta}), {runs} runs each",
            if base.len() == 5 { "pentanomial" } else { "trinomial" },
        );
        assert!(
            false_positive <= bound(alpha, runs),
            "{model:?} {base:?}: false positives {false_positive} > {alpha}"
        );
        assert!(
            false_negative <= bound(beta, runs),
            "{model:?} {base:?}: false negatives {false_negative} > {beta}"
        );
    }
}

#[test]
fn logistic_error_rates_are_within_alpha_and_beta() {
    study(EloModel::Logistic, 0.0, 40.0, 0.05, 0.05, 3000);
}

#[test]
fn logistic_error_rates_with_unequal_alpha_and_beta() {
    study(EloModel::Logistic, -10.0, 30.0, 0.10, 0.02, 2000);
}

#[test]
fn normalized_error_rates_are_within_alpha_and_beta() {
    study(EloModel::Normalized, 0.0, 40.0, 0.05, 0.05, 1500);
}

/// A test that is decided must also be decided the right way most of the time: far from
/// the hypotheses, nearly always.
#[test]
fn clear_differences_are_found() {
    let sprt = Sprt::new(0.0, 20.0, 0.05, 0.05, EloModel::Logistic).unwrap();
    for base in [&PENTANOMIAL[..], &TRINOMIAL[..]] {
        let missed = error_rate(&sprt, base, 80.0, 300, Decision::H0);
        let wrong = error_rate(&sprt, base, -60.0, 300, Decision::H1);
        assert!(missed < 0.01, "{missed}");
        assert!(wrong < 0.01, "{wrong}");
    }
}
