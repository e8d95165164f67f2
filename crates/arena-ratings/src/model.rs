//! The BayesElo outcome model (Rao–Kupper draws with a first-move advantage), its
//! probabilities on the Elo scale, and the log-likelihood derivatives the fit needs.
//!
//! Internally everything is in natural-log units `x = c · elo` with `c = ln(10) / 400`,
//! so that `f(elo) = 1 / (1 + 10^(-elo/400)) = σ(c · elo)` with `σ` the logistic function.
//! With `u = c·(r_first − r_second + advantage)` and `d = c·draw_elo > 0`:
//!
//! * `log P(first wins)  = log σ(u − d)`
//! * `log P(second wins) = log σ(−u − d)`
//! * `log P(draw)        = log(e^{2d} − 1) + u − log(e^u + e^d) − log(e^{u+d} + 1)`
//!
//! (the last is `1 − σ(u − d) − σ(−u − d)` in closed form, which stays accurate when
//! the draw probability is tiny). All three are concave in `(u, d)` on `d > 0`.

/// Natural-log units per Elo point: `ln(10) / 400`.
pub(crate) const NATURAL_PER_ELO: f64 = std::f64::consts::LN_10 / 400.0;

/// The probabilities of the three outcomes of one game under the model.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OutcomeProbabilities {
    /// Probability that the player who moves first wins.
    pub first_wins: f64,
    /// Probability of a draw.
    pub draw: f64,
    /// Probability that the player who moves second wins.
    pub second_wins: f64,
}

/// The model's outcome probabilities for a game in which a player rated `first_elo`
/// moves first against one rated `second_elo`, given the first-move `advantage` and the
/// `draw_elo` parameter (all in Elo; `draw_elo` must be positive for a valid draw
/// probability, and [`fit`](crate::fit) always returns a positive one).
///
/// `P(first wins) = f(first_elo + advantage − second_elo − draw_elo)`,
/// `P(second wins) = f(second_elo − first_elo − advantage − draw_elo)`, the draw takes
/// the rest, with `f(x) = 1 / (1 + 10^(−x/400))`.
pub fn outcome_probabilities(
    first_elo: f64,
    second_elo: f64,
    advantage: f64,
    draw_elo: f64,
) -> OutcomeProbabilities {
    let u = NATURAL_PER_ELO * (first_elo - second_elo + advantage);
    let d = NATURAL_PER_ELO * draw_elo;
    OutcomeProbabilities {
        first_wins: sigmoid(u - d),
        draw: log_draw(u, d).exp(),
        second_wins: sigmoid(-u - d),
    }
}

/// The first and second derivatives of a weighted log-likelihood with respect to `u`
/// and `d` (the fit's Newton steps need no value: [`pair_log_likelihood`] gives it).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(crate) struct Terms {
    pub du: f64,
    pub dd: f64,
    pub duu: f64,
    pub dud: f64,
    pub ddd: f64,
}

impl Terms {
    fn add_scaled(&mut self, weight: f64, t: Terms) {
        self.du += weight * t.du;
        self.dd += weight * t.dd;
        self.duu += weight * t.duu;
        self.dud += weight * t.dud;
        self.ddd += weight * t.ddd;
    }
}

/// The parts of a draw's derivatives that depend on `d` alone, the same for every pair of
/// one Newton step: computed once per step.
#[derive(Debug, Clone, Copy)]
pub(crate) struct DrawConstants {
    /// `∂/∂d log(e^{2d} − 1)`.
    g1: f64,
    /// `∂²/∂d² log(e^{2d} − 1)`.
    g2: f64,
}

impl DrawConstants {
    /// The constants at `d`.
    pub(crate) fn at(d: f64) -> DrawConstants {
        let one_minus_e = -(-2.0 * d).exp_m1();
        let sinh = d.sinh();
        DrawConstants {
            g1: 2.0 / one_minus_e,
            g2: -1.0 / (sinh * sinh),
        }
    }
}

/// The first and second derivatives of the log-likelihood of `counts = [first wins,
/// draws, second wins]` games at `(u, d)`. Zero counts contribute nothing.
#[cfg(test)]
pub(crate) fn pair_terms(counts: [f64; 3], u: f64, d: f64) -> Terms {
    pair_terms_at(counts, u, d, &DrawConstants::at(d))
}

/// [`pair_terms`] with the draw's constants of `d` computed beforehand.
pub(crate) fn pair_terms_at(counts: [f64; 3], u: f64, d: f64, draw: &DrawConstants) -> Terms {
    let mut sum = Terms::default();
    if counts[0] != 0.0 {
        sum.add_scaled(counts[0], first_wins_terms(u, d));
    }
    if counts[1] != 0.0 {
        sum.add_scaled(counts[1], draw_terms(u, d, draw));
    }
    if counts[2] != 0.0 {
        sum.add_scaled(counts[2], second_wins_terms(u, d));
    }
    sum
}

/// The log-likelihood of `counts` at `(u, d)`, without derivatives (for the line search).
pub(crate) fn pair_log_likelihood(counts: [f64; 3], u: f64, d: f64) -> f64 {
    let mut sum = 0.0;
    if counts[0] != 0.0 {
        sum += counts[0] * log_sigmoid(u - d);
    }
    if counts[1] != 0.0 {
        sum += counts[1] * log_draw(u, d);
    }
    if counts[2] != 0.0 {
        sum += counts[2] * log_sigmoid(-u - d);
    }
    sum
}

fn first_wins_terms(u: f64, d: f64) -> Terms {
    let x = u - d;
    let not_p = sigmoid(-x);
    let v = sigmoid(x) * not_p;
    Terms {
        du: not_p,
        dd: -not_p,
        duu: -v,
        dud: v,
        ddd: -v,
    }
}

fn second_wins_terms(u: f64, d: f64) -> Terms {
    let x = -u - d;
    let not_q = sigmoid(-x);
    let v = sigmoid(x) * not_q;
    Terms {
        du: -not_q,
        dd: -not_q,
        duu: -v,
        dud: -v,
        ddd: -v,
    }
}

fn draw_terms(u: f64, d: f64, &DrawConstants { g1, g2 }: &DrawConstants) -> Terms {
    let s1 = sigmoid(u - d);
    let s2 = sigmoid(u + d);
    let v1 = s1 * sigmoid(d - u);
    let v2 = s2 * sigmoid(-u - d);
    Terms {
        du: 1.0 - s1 - s2,
        dd: g1 - sigmoid(d - u) - s2,
        duu: -v1 - v2,
        dud: v1 - v2,
        ddd: g2 - v1 - v2,
    }
}

/// `log P(draw) = log(e^{2d} − 1) + u − log(e^u + e^d) − log(e^{u+d} + 1)`; `−∞` if `d ≤ 0`.
fn log_draw(u: f64, d: f64) -> f64 {
    if d <= 0.0 {
        return f64::NEG_INFINITY;
    }
    let log_e2d_minus_1 = 2.0 * d + (-(-2.0 * d).exp_m1()).ln();
    log_e2d_minus_1 + u - log_sum_exp(u, d) - softplus(u + d)
}

/// The logistic function `1 / (1 + e^{−x})`, without overflow.
pub(crate) fn sigmoid(x: f64) -> f64 {
    if x >= 0.0 {
        1.0 / (1.0 + (-x).exp())
    } else {
        let e = x.exp();
        e / (1.0 + e)
    }
}

/// `log σ(x) = −log(1 + e^{−x})`, without overflow or cancellation.
fn log_sigmoid(x: f64) -> f64 {
    -softplus(-x)
}

/// `log(1 + e^x)`, without overflow.
fn softplus(x: f64) -> f64 {
    if x > 0.0 {
        x + (-x).exp().ln_1p()
    } else {
        x.exp().ln_1p()
    }
}

/// `log(e^a + e^b)`, without overflow.
fn log_sum_exp(a: f64, b: f64) -> f64 {
    let (hi, lo) = if a >= b { (a, b) } else { (b, a) };
    hi + (lo - hi).exp().ln_1p()
}

#[cfg(test)]
mod tests {
    use super::*;

    const POINTS: [(f64, f64); 6] = [
        (0.0, 0.3),
        (1.2, 0.05),
        (-2.5, 1.4),
        (7.0, 0.7),
        (-0.4, 3.0),
        (0.9, 0.0001),
    ];

    #[test]
    fn probabilities_sum_to_one_and_match_the_bayeselo_formulas() {
        for (first, second, adv, draw) in [
            (0.0, 0.0, 32.8, 97.3),
            (250.0, -100.0, 50.0, 10.0),
            (-800.0, 900.0, 0.0, 300.0),
            (0.0, 0.0, 0.0, 1e-6),
        ] {
            let p = outcome_probabilities(first, second, adv, draw);
            let f = |x: f64| 1.0 / (1.0 + 10f64.powf(-x / 400.0));
            assert!((p.first_wins - f(first + adv - second - draw)).abs() < 1e-14);
            assert!((p.second_wins - f(second - first - adv - draw)).abs() < 1e-14);
            assert!((p.first_wins + p.draw + p.second_wins - 1.0).abs() < 1e-12);
            assert!(p.draw > 0.0);
        }
    }

    #[test]
    fn no_draw_elo_means_no_draws_and_symmetry_without_advantage() {
        let p = outcome_probabilities(0.0, 0.0, 0.0, 0.0);
        assert_eq!(p.draw, 0.0);
        assert_eq!(p.first_wins, 0.5);
        assert_eq!(p.second_wins, 0.5);
    }

    #[test]
    fn derivatives_match_finite_differences() {
        let h = 1e-5;
        for counts in [
            [1.0, 0.0, 0.0],
            [0.0, 1.0, 0.0],
            [0.0, 0.0, 1.0],
            [3.0, 2.0, 5.0],
        ] {
            for (u, d) in POINTS {
                let t = pair_terms(counts, u, d);
                let l = |u: f64, d: f64| pair_log_likelihood(counts, u, d);
                let du = (l(u + h, d) - l(u - h, d)) / (2.0 * h);
                let dd = (l(u, d + h / 100.0) - l(u, d - h / 100.0)) / (2.0 * h / 100.0);
                let tol = |x: f64| 1e-5 * (1.0 + x.abs());
                assert!((t.du - du).abs() < tol(du), "du {counts:?} {u} {d}");
                assert!((t.dd - dd).abs() < tol(dd) * 10.0, "dd {counts:?} {u} {d}");
                let g = |u: f64, d: f64| pair_terms(counts, u, d);
                let duu = (g(u + h, d).du - g(u - h, d).du) / (2.0 * h);
                let dud = (g(u + h, d).dd - g(u - h, d).dd) / (2.0 * h);
                let e = h / 100.0;
                let ddd = (g(u, d + e).dd - g(u, d - e).dd) / (2.0 * e);
                assert!((t.duu - duu).abs() < tol(duu), "duu {counts:?} {u} {d}");
                assert!((t.dud - dud).abs() < tol(dud), "dud {counts:?} {u} {d}");
                assert!(
                    (t.ddd - ddd).abs() < tol(ddd) * 10.0,
                    "ddd {counts:?} {u} {d}"
                );
            }
        }
    }

    #[test]
    fn log_likelihood_is_concave_in_u_and_d() {
        for counts in [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]] {
            for (u, d) in POINTS {
                let t = pair_terms(counts, u, d);
                assert!(t.duu <= 0.0 && t.ddd <= 0.0);
                assert!(t.duu * t.ddd - t.dud * t.dud >= -1e-12);
            }
        }
    }

    #[test]
    fn stable_helpers_do_not_overflow() {
        assert_eq!(sigmoid(1000.0), 1.0);
        assert_eq!(sigmoid(-1000.0), 0.0);
        assert!((log_sigmoid(-1000.0) + 1000.0).abs() < 1e-9);
        assert_eq!(log_sigmoid(1000.0), 0.0);
        assert!((log_sum_exp(1000.0, 1000.0) - 1000.0 - 2f64.ln()).abs() < 1e-9);
        assert!(log_draw(50.0, 0.5).is_finite());
        assert_eq!(log_draw(0.0, 0.0), f64::NEG_INFINITY);
    }
}
