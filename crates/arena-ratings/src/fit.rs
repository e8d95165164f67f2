//! The joint maximum-a-posteriori fit of ratings, first-move advantage and draw parameter.
//!
//! Damped Newton on the log-posterior in natural units (`x = [β_0 … β_{n−1}, a, d]`,
//! `β = c·elo`, `c = ln 10 / 400`). The log-posterior is strictly concave (see the crate
//! docs), so the maximum is unique and Newton with a backtracking line search reaches it
//! from any start; the fit stops when the largest component of a Newton step is below
//! the tolerance (in Elo), or fails after the iteration cap.

use crate::error::RatingError;
use crate::game::{validate, Game, Table};
use crate::linalg::cholesky_solve;
use crate::model::{
    outcome_probabilities, pair_log_likelihood, pair_terms_at, DrawConstants, OutcomeProbabilities,
    NATURAL_PER_ELO,
};

/// Counts of the virtual games between two equal players that form the prior of the
/// first-move advantage and the draw parameter: `[first wins, draws, second wins]`.
pub(crate) const VIRTUAL_GAMES: [f64; 3] = [1.0, 1.0, 1.0];

/// Where the Elo scale is pinned (the model only determines rating differences).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Anchor {
    /// The mean rating of all `n` players is 0.
    #[default]
    Mean,
    /// The given player is rated 0.
    Player(usize),
}

/// Options of the fit. `FitOptions::default()` is the recommended setting.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FitOptions {
    /// Where the scale is pinned. Default: [`Anchor::Mean`].
    pub anchor: Anchor,
    /// Standard deviation, in Elo, of the Gaussian prior on every rating (centred on the
    /// field mean). Must be positive and finite. Default: 400, worth about three quarters
    /// of one virtual game against an average opponent.
    pub prior_sd: f64,
    /// Convergence tolerance in Elo: the fit stops once no component of a Newton step
    /// exceeds it. Must be positive and finite. Default: `1e-9`.
    pub tolerance: f64,
    /// Cap on Newton iterations; reaching it is a [`RatingError::NotConverged`]. Must be at
    /// least 1. Default: 100 (a fit typically needs fewer than 15).
    pub max_iterations: u32,
}

impl Default for FitOptions {
    fn default() -> FitOptions {
        FitOptions {
            anchor: Anchor::Mean,
            prior_sd: 400.0,
            tolerance: 1e-9,
            max_iterations: 100,
        }
    }
}

/// The fitted model.
#[derive(Debug, Clone, PartialEq)]
pub struct Ratings {
    /// Rating of every player in Elo, anchored as requested; indexed like the players.
    pub elo: Vec<f64>,
    /// First-move advantage in Elo (positive: moving first helps).
    pub advantage: f64,
    /// The draw parameter `eloDraw` in Elo (always positive; larger means more draws).
    pub draw_elo: f64,
    /// Newton iterations the fit took.
    pub iterations: u32,
}

impl Ratings {
    /// The fitted model's outcome probabilities when player `first` moves first against
    /// player `second`.
    ///
    /// # Panics
    /// If either index is not below `self.elo.len()`.
    pub fn probabilities(&self, first: usize, second: usize) -> OutcomeProbabilities {
        outcome_probabilities(
            self.elo[first],
            self.elo[second],
            self.advantage,
            self.draw_elo,
        )
    }
}

/// Fits the ratings of `n` players, the first-move advantage and the draw parameter
/// jointly to `games` (maximum a posteriori under the weak prior of the crate docs).
///
/// The result depends only on the multiset of games, not on their order.
///
/// # Errors
/// [`RatingError::NoPlayers`] if `n == 0`, [`RatingError::NoGames`] if `games` is empty,
/// [`RatingError::UnknownPlayer`] for an index `>= n`,
/// [`RatingError::ReferenceOutOfRange`] for an anchor player `>= n`,
/// [`RatingError::InvalidOption`] for a bad option, [`RatingError::NotConverged`] if the
/// iteration cap is reached.
pub fn fit(n: usize, games: &[Game], opts: &FitOptions) -> Result<Ratings, RatingError> {
    validate(n, games)?;
    validate_options(n, opts)?;
    let table = Table::from_games(n, games);
    let solution = fit_table(&table, opts, None)?;
    Ok(solution.ratings(opts.anchor))
}

/// Checks the options against the number of players.
pub(crate) fn validate_options(n: usize, opts: &FitOptions) -> Result<(), RatingError> {
    if let Anchor::Player(reference) = opts.anchor {
        if reference >= n {
            return Err(RatingError::ReferenceOutOfRange {
                reference,
                players: n,
            });
        }
    }
    if !(opts.prior_sd.is_finite() && opts.prior_sd > 0.0) {
        return Err(RatingError::InvalidOption(
            "prior_sd must be positive and finite",
        ));
    }
    if !(opts.tolerance.is_finite() && opts.tolerance > 0.0) {
        return Err(RatingError::InvalidOption(
            "tolerance must be positive and finite",
        ));
    }
    if opts.max_iterations == 0 {
        return Err(RatingError::InvalidOption(
            "max_iterations must be at least 1",
        ));
    }
    Ok(())
}

/// The maximiser in natural units, `[β_0 … β_{n−1}, a, d]`, before anchoring.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Solution {
    pub x: Vec<f64>,
    pub iterations: u32,
}

impl Solution {
    /// Converts to Elo and pins the scale.
    pub fn ratings(&self, anchor: Anchor) -> Ratings {
        let n = self.x.len() - 2;
        let mut elo: Vec<f64> = self.x[..n].iter().map(|b| b / NATURAL_PER_ELO).collect();
        let shift = match anchor {
            Anchor::Mean => elo.iter().sum::<f64>() / n as f64,
            Anchor::Player(reference) => elo[reference],
        };
        for r in &mut elo {
            *r -= shift;
        }
        Ratings {
            elo,
            advantage: self.x[n] / NATURAL_PER_ELO,
            draw_elo: self.x[n + 1] / NATURAL_PER_ELO,
            iterations: self.iterations,
        }
    }
}

/// The log-posterior with its gradient and Hessian, over a fixed summation order.
struct Posterior {
    n: usize,
    pairs: Vec<(usize, usize, [f64; 3])>,
    precision: f64,
}

impl Posterior {
    fn new(table: &Table, prior_sd: f64) -> Posterior {
        let tau = prior_sd * NATURAL_PER_ELO;
        let pairs = table
            .pairs
            .iter()
            .map(|p| (p.first, p.second, p.counts.map(|c| c as f64)))
            .collect();
        Posterior {
            n: table.n,
            pairs,
            precision: 1.0 / (tau * tau),
        }
    }

    fn dim(&self) -> usize {
        self.n + 2
    }

    /// The log-posterior at `x` (up to a constant); `−∞` outside the domain `d > 0`.
    fn value(&self, x: &[f64]) -> f64 {
        let (a, d) = (x[self.n], x[self.n + 1]);
        if d.is_nan() || d <= 0.0 {
            return f64::NEG_INFINITY;
        }
        let mut sum = 0.0;
        for &(f, s, counts) in &self.pairs {
            sum += pair_log_likelihood(counts, x[f] - x[s] + a, d);
        }
        sum += pair_log_likelihood(VIRTUAL_GAMES, a, d);
        for b in &x[..self.n] {
            sum -= 0.5 * self.precision * b * b;
        }
        sum
    }

    /// Gradient and Hessian (row-major) at `x`, which must satisfy `d > 0`.
    fn derivatives(&self, x: &[f64]) -> (Vec<f64>, Vec<f64>) {
        let m = self.dim();
        let (ia, id) = (self.n, self.n + 1);
        let (a, d) = (x[ia], x[id]);
        let mut g = vec![0.0; m];
        let mut h = vec![0.0; m * m];
        let draw = DrawConstants::at(d);
        let mut add = |f: Option<(usize, usize)>, counts: [f64; 3], u: f64| {
            let t = pair_terms_at(counts, u, d, &draw);
            // ∂u/∂x for u = β_f − β_s + a; a self-game (f == s) and the virtual games
            // only involve a.
            let full = match f {
                Some((f, s)) => [(f, 1.0), (s, -1.0), (ia, 1.0)],
                None => [(ia, 1.0); 3],
            };
            let jac = match f {
                Some((f, s)) if f != s => &full[..],
                _ => &full[2..],
            };
            for &(i, ci) in jac {
                g[i] += ci * t.du;
                for &(j, cj) in jac {
                    h[i * m + j] += ci * cj * t.duu;
                }
                h[i * m + id] += ci * t.dud;
                h[id * m + i] += ci * t.dud;
            }
            g[id] += t.dd;
            h[id * m + id] += t.ddd;
        };
        for &(f, s, counts) in &self.pairs {
            add(Some((f, s)), counts, x[f] - x[s] + a);
        }
        add(None, VIRTUAL_GAMES, a);
        for i in 0..self.n {
            g[i] -= self.precision * x[i];
            h[i * m + i] -= self.precision;
        }
        (g, h)
    }
}

/// Maximises the log-posterior of `table`, starting from `start` (natural units) or
/// from all ratings and the advantage at 0 and the draw parameter at its prior mode.
pub(crate) fn fit_table(
    table: &Table,
    opts: &FitOptions,
    start: Option<&[f64]>,
) -> Result<Solution, RatingError> {
    let post = Posterior::new(table, opts.prior_sd);
    let m = post.dim();
    let mut x = match start {
        Some(s) => s.to_vec(),
        None => {
            let mut x = vec![0.0; m];
            // The prior mode of d: one draw in three games between equals, σ(−d) = 1/3.
            x[m - 1] = 2f64.ln();
            x
        }
    };
    let tolerance = opts.tolerance * NATURAL_PER_ELO;
    let mut value = post.value(&x);
    for iteration in 1..=opts.max_iterations {
        let (g, h) = post.derivatives(&x);
        let neg_h: Vec<f64> = h.iter().map(|v| -v).collect();
        let step = cholesky_solve(&neg_h, &g).ok_or(RatingError::NotConverged {
            iterations: iteration,
        })?;
        let largest = step.iter().fold(0.0f64, |acc, s| acc.max(s.abs()));
        let decrement: f64 = g.iter().zip(&step).map(|(a, b)| a * b).sum();
        // In the last, quadratically convergent steps the change of the objective is
        // near its rounding noise, so they are taken whole instead of line-searched.
        let pure_newton = largest <= tolerance || decrement < 1e-8 * (1.0 + value.abs());
        let mut t = 1.0;
        let mut accepted = None;
        for _ in 0..60 {
            let candidate: Vec<f64> = x.iter().zip(&step).map(|(xi, si)| xi + t * si).collect();
            let candidate_value = post.value(&candidate);
            let armijo = candidate_value >= value + 1e-4 * t * decrement;
            if candidate_value.is_finite() && (pure_newton || armijo) {
                accepted = Some((candidate, candidate_value));
                break;
            }
            t *= 0.5;
        }
        let Some((next, next_value)) = accepted else {
            return Err(RatingError::NotConverged {
                iterations: iteration,
            });
        };
        x = next;
        value = next_value;
        if largest <= tolerance {
            return Ok(Solution {
                x,
                iterations: iteration,
            });
        }
    }
    Err(RatingError::NotConverged {
        iterations: opts.max_iterations,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameResult::{Draw, FirstWins, SecondWins};

    #[test]
    fn assembled_derivatives_match_finite_differences_of_the_posterior() {
        let games = [
            Game::new(0, 1, FirstWins),
            Game::new(1, 0, Draw),
            Game::new(2, 0, SecondWins),
            Game::new(1, 2, FirstWins),
            Game::new(2, 2, Draw),
        ];
        let post = Posterior::new(&Table::from_games(4, &games), 300.0);
        let x = [0.3, -0.2, 0.5, 0.1, 0.15, 0.4];
        let (g, h) = post.derivatives(&x);
        let m = x.len();
        let e = 1e-5;
        let shifted = |k: usize, by: f64| {
            let mut y = x;
            y[k] += by;
            y
        };
        for k in 0..m {
            let fd = (post.value(&shifted(k, e)) - post.value(&shifted(k, -e))) / (2.0 * e);
            assert!((g[k] - fd).abs() < 1e-6, "gradient {k}: {} vs {fd}", g[k]);
            let (gp, _) = post.derivatives(&shifted(k, e));
            let (gm, _) = post.derivatives(&shifted(k, -e));
            for i in 0..m {
                let fd = (gp[i] - gm[i]) / (2.0 * e);
                assert!((h[i * m + k] - fd).abs() < 1e-6, "hessian {i},{k}");
            }
        }
    }

    #[test]
    fn the_optimum_has_zero_gradient_and_zero_mean() {
        let games = [
            Game::new(0, 1, FirstWins),
            Game::new(1, 0, FirstWins),
            Game::new(0, 2, Draw),
            Game::new(2, 1, SecondWins),
        ];
        let table = Table::from_games(3, &games);
        let solution = fit_table(&table, &FitOptions::default(), None).unwrap();
        let (g, _) = Posterior::new(&table, 400.0).derivatives(&solution.x);
        assert!(g.iter().all(|v| v.abs() < 1e-10), "{g:?}");
        assert!(solution.x[..3].iter().sum::<f64>().abs() < 1e-12);
    }
}
