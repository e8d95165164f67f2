//! Ratings for arena's round-robin series: a joint Bradley–Terry fit with a first-move
//! advantage and draws, seeded bootstrap error bars (by game, or by board pair), the
//! likelihood of superiority, a first-move fairness summary, and the sequential
//! probability ratio test of engine testing on trinomial (games) or pentanomial (board
//! pairs) counts ([`Sprt`], see its module). Pure functions, no I/O.
//!
//! ```
//! use arena_ratings::{bootstrap, fit, FitOptions, Game, GameResult::*};
//!
//! let games = [
//!     Game::new(0, 1, FirstWins), Game::new(1, 0, SecondWins),
//!     Game::new(1, 2, Draw),      Game::new(2, 1, SecondWins),
//!     Game::new(0, 2, FirstWins), Game::new(2, 0, Draw),
//! ];
//! let opts = FitOptions::default();
//! let ratings = fit(3, &games, &opts)?;
//! assert!(ratings.elo[0] > ratings.elo[1] && ratings.elo[1] > ratings.elo[2]);
//! let errors = bootstrap(3, &games, &opts, 200, 42)?;
//! assert!(errors.los[0][2] > 0.5);
//! # Ok::<(), arena_ratings::RatingError>(())
//! ```
//!
//! # The model
//!
//! The BayesElo model (Coulom), a Rao–Kupper draw model with a first-move advantage.
//! With `f(x) = 1 / (1 + 10^(−x/400))`, player `i` moving first against player `j`:
//!
//! ```text
//! P(first wins)  = f(r_i + adv − r_j − drawElo)
//! P(second wins) = f(r_j − r_i − adv − drawElo)
//! P(draw)        = 1 − P(first wins) − P(second wins)
//! ```
//!
//! `r` are the ratings, `adv` the first-move advantage and `drawElo > 0` the draw
//! parameter, all in Elo. With `γ = 10^(r/400)`, `α = 10^(adv/400)`,
//! `θ = 10^(drawElo/400)` this is Rao–Kupper:
//! `P(first wins) = αγ_i / (αγ_i + θγ_j)`, `P(second wins) = γ_j / (γ_j + θαγ_i)`.
//!
//! Why this model rather than Davidson's: its parameters are Elo numbers with a direct
//! reading (`adv` is what moving first is worth, `drawElo` how drawish the game is) and
//! are the same `eloAdvantage` / `eloDraw` that the BayesElo tool reports, so results
//! can be cross-checked against it; and its log-likelihood is concave in
//! `(r, adv, drawElo)` on `drawElo > 0`, which gives a unique optimum and a Newton fit
//! that converges from any start. Davidson's model (draw ∝ √(P(win)·P(loss))) fits
//! chess draw rates at large rating gaps somewhat better; the two differ mostly in how
//! the draw rate falls off with the rating gap, which a class-sized round robin barely
//! constrains, so interpretability and compatibility won.
//!
//! # Games of more seats
//!
//! [`fit_ranked`] and [`bootstrap_ranked`] take games of one to four seats, each a rank per
//! seat ([`RankedGame`]), decomposed into the pairwise comparisons they imply (the earlier
//! seat moving "first", equal ranks drawing, teammates not compared); the bootstrap draws
//! whole games. Two-seat games rate exactly as [`fit`] and [`bootstrap`] rate them. Why
//! this rather than Plackett–Luce: see the `ranking` module.
//!
//! # The prior
//!
//! The maximum-likelihood estimate does not exist when a player wins (or loses) every
//! game, so the fit maximises a posterior with a deliberately weak prior:
//!
//! * every rating has an independent Gaussian prior `N(0, σ²)`, `σ = prior_sd`
//!   ([`FitOptions::prior_sd`], default 400 Elo). Its curvature `1/σ²` equals that of
//!   `4 / (c²σ²)` even games against an equal opponent, with `c = ln 10 / 400`: about
//!   0.75 of a game at the default, negligible beside a series of tens of games, yet
//!   enough to keep an undefeated player's rating finite (it grows roughly with the
//!   logarithm of its number of wins);
//! * the likelihood is unchanged when all ratings shift together, so at the optimum the
//!   prior's gradient sums to zero: `Σ r_i = 0`. The prior is thus centred on the field
//!   mean, and a player without games is rated exactly at the mean;
//! * the first-move advantage and the draw parameter get a prior of three virtual games
//!   between two equal players: one first-mover win, one draw, one second-mover win
//!   (mode: `adv = 0`, `drawElo = 400·log10(2) ≈ 120`). This keeps both finite when no
//!   game is drawn, every game is drawn, or the first mover always wins.
//!
//! # The fit
//!
//! Damped Newton on the log-posterior in natural units (`β = c·r`), with a backtracking
//! (Armijo) line search that also keeps `drawElo > 0`. The log-posterior is strictly
//! concave, so the optimum is unique. The fit stops when no component of the Newton
//! step exceeds [`FitOptions::tolerance`] (default `1e-9` Elo) and fails with
//! [`RatingError::NotConverged`] after [`FitOptions::max_iterations`] (default 100;
//! typical fits need fewer than 15). Games are first aggregated into counts per ordered
//! `(first, second)` pair, sorted, so the result is a function of the multiset of games:
//! shuffling them changes nothing, to the last bit. Finally the scale is pinned by
//! [`Anchor`]: mean 0 (default) or a reference player at 0.
//!
//! # Error bars and likelihood of superiority
//!
//! [`bootstrap`] resamples the games with replacement (`B` replicates of as many games
//! as were played, [`DEFAULT_REPLICATES`] = 200 suggested), refits each, and reports
//! the 2.5th and 97.5th percentiles of each parameter (linear interpolation between
//! order statistics, Hyndman–Fan type 7). The bootstrap rather than the inverse-Hessian
//! covariance, because the quadratic approximation is worst exactly where instructors
//! look hardest (undefeated or winless bots, few games: strongly skewed uncertainty),
//! and because the replicates also carry the uncertainty of the advantage and draw
//! parameters and yield the likelihood of superiority directly. Percentiles rather
//! than `±1.96·sd` for the same reason: they keep the skew. Intervals are relative to
//! the anchor (with [`Anchor::Player`] the reference's interval is `[0, 0]`), and, as
//! for any percentile bootstrap, need not contain a heavily shrunk point estimate in a
//! tiny sample.
//!
//! When every board is played twice with seats swapped, the two games of a board are
//! not independent (a board that favours the first mover gives each bot one win), and
//! resampling them one by one overstates the spread. [`bootstrap_grouped`] resamples
//! groups that stand or fall together — a board pair's two games — so its intervals
//! keep the pairing's information; with groups of one game it is [`bootstrap`].
//!
//! `LOS[i][j]` is the fraction of replicates in which `r_i > r_j`, ties counting half;
//! `LOS[i][j] + LOS[j][i] = 1` exactly and `LOS[i][i] = 0.5`.
//!
//! Resampling draws from the games in sorted order with arena's one pinned generator
//! (crate `arena-rng`: ChaCha8 seeded from a `u64`, uniform draws by rejection), not
//! `rand`'s distributions, so a seed gives the same intervals on every machine, for
//! every input order and across dependency upgrades.

#![deny(missing_docs)]

mod bootstrap;
mod error;
mod fairness;
mod fit;
mod game;
mod leaderboard;
mod linalg;
mod model;
mod normal;
mod ranking;
mod sprt;

pub use bootstrap::{bootstrap, bootstrap_grouped, Interval, Uncertainty, DEFAULT_REPLICATES};
pub use error::RatingError;
pub use fairness::{first_move_summary, FirstMoveSummary};
pub use fit::{fit, Anchor, FitOptions, Ratings};
pub use game::{Game, GameResult};
pub use leaderboard::{leaderboard, Leaderboard, LeaderboardEntry};
pub use model::{outcome_probabilities, OutcomeProbabilities};
pub use normal::{normal_cdf, NORMAL_975};
pub use ranking::{bootstrap_ranked, fit_ranked, Placing, RankedGame};
pub use sprt::{
    elo_of_score, estimate, expected_score, Counts, Decision, EloModel, Estimate, Sprt, Status,
    ELO_CLAMP, MAX_SPRT_ELO, NELO_PER_T,
};
