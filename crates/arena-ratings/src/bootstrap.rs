//! Seeded bootstrap over games: percentile intervals and the likelihood of superiority.

use crate::error::RatingError;
use crate::fit::{fit_table, validate_options, FitOptions};
use crate::game::{validate, Game, PairCounts, Table};
use arena_rng::SeededRng;
use rayon::prelude::*;

/// Default number of bootstrap replicates.
pub const DEFAULT_REPLICATES: u32 = 200;

/// Replicates resampled before their fits run in parallel: enough to keep every core
/// busy, few enough that the tables held stay small for a large field.
const BATCH: u32 = 32;

/// Lower and upper percentile of the reported intervals (a central 95% interval).
const PERCENTILES: (f64, f64) = (0.025, 0.975);

/// A central 95% bootstrap percentile interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Interval {
    /// The 2.5th percentile of the replicates.
    pub low: f64,
    /// The 97.5th percentile of the replicates.
    pub high: f64,
}

impl Interval {
    /// Whether `x` lies in the closed interval `[low, high]`.
    pub fn contains(&self, x: f64) -> bool {
        self.low <= x && x <= self.high
    }
}

/// The uncertainty of a fit, estimated by resampling games.
#[derive(Debug, Clone, PartialEq)]
pub struct Uncertainty {
    /// 95% interval of every player's rating (Elo, same anchor as the fit).
    pub elo: Vec<Interval>,
    /// 95% interval of the first-move advantage (Elo).
    pub advantage: Interval,
    /// 95% interval of the draw parameter (Elo).
    pub draw_elo: Interval,
    /// Likelihood of superiority: `los[i][j]` is the fraction of replicates in which `i`
    /// is rated above `j`, ties counting half. `los[i][j] + los[j][i] == 1` and
    /// `los[i][i] == 0.5`.
    pub los: Vec<Vec<f64>>,
    /// Number of replicates the estimates come from.
    pub replicates: u32,
}

/// Estimates the uncertainty of [`fit`](crate::fit) by a seeded nonparametric bootstrap:
/// `replicates` times, draw as many games as were played, uniformly with replacement,
/// refit, and collect the results. The same inputs and `seed` give bit-identical output,
/// whatever the order of `games`.
///
/// # Errors
/// As [`fit`](crate::fit), plus [`RatingError::InvalidOption`] if `replicates == 0`.
pub fn bootstrap(
    n: usize,
    games: &[Game],
    opts: &FitOptions,
    replicates: u32,
    seed: u64,
) -> Result<Uncertainty, RatingError> {
    validate(n, games)?;
    let singletons = games.iter().map(|g| vec![*g]).collect();
    bootstrap_clusters(n, singletons, opts, replicates, seed)
}

/// The bootstrap of [`bootstrap`] over groups of games that stand or fall together (the
/// two games of a board played from both seats): each replicate draws as many groups as
/// there are, uniformly with replacement, and refits. Groups of one game each give
/// [`bootstrap`]'s result exactly; the order of the groups and of the games inside them
/// does not matter.
///
/// # Errors
/// As [`bootstrap`]; [`RatingError::NoGames`] when there is no game in any group.
pub fn bootstrap_grouped(
    n: usize,
    groups: &[Vec<Game>],
    opts: &FitOptions,
    replicates: u32,
    seed: u64,
) -> Result<Uncertainty, RatingError> {
    let groups: Vec<Vec<Game>> = groups.iter().filter(|g| !g.is_empty()).cloned().collect();
    bootstrap_clusters(n, groups, opts, replicates, seed)
}

/// The bootstrap over groups of comparisons that stand or fall together (the pairwise
/// comparisons of one game of several seats): each replicate draws as many groups as
/// there are, with replacement. Groups of one game each are [`bootstrap`] exactly.
pub(crate) fn bootstrap_clusters(
    n: usize,
    clusters: Vec<Vec<Game>>,
    opts: &FitOptions,
    replicates: u32,
    seed: u64,
) -> Result<Uncertainty, RatingError> {
    let all: Vec<Game> = clusters.iter().flatten().copied().collect();
    validate(n, &all)?;
    validate_options(n, opts)?;
    if replicates == 0 {
        return Err(RatingError::InvalidOption("replicates must be at least 1"));
    }
    let resampler = Resampler::new(n, clusters);
    let point = fit_table(&resampler.table, opts, None)?;

    let b = replicates as usize;
    let mut elo = vec![Vec::with_capacity(b); n];
    let mut advantage = Vec::with_capacity(b);
    let mut draw_elo = Vec::with_capacity(b);
    let mut sampler = SeededRng::new(seed);
    // The samples are drawn in order from the one seeded stream, a batch at a time; the
    // batch's fits (independent, each a pure function of its table) run in parallel and
    // are taken back in replicate order, so the result is bit-identical to fitting them
    // one after the other, on any number of threads. Batches bound the tables held.
    let mut left = replicates;
    while left > 0 {
        let batch = left.min(BATCH);
        left -= batch;
        let tables: Vec<Table> = (0..batch)
            .map(|_| resampler.resample(&mut sampler))
            .collect();
        let fits: Vec<Result<_, RatingError>> = tables
            .par_iter()
            .map(|table| Ok(fit_table(table, opts, Some(&point.x))?.ratings(opts.anchor)))
            .collect();
        for ratings in fits {
            let ratings = ratings?;
            for (samples, r) in elo.iter_mut().zip(&ratings.elo) {
                samples.push(*r);
            }
            advantage.push(ratings.advantage);
            draw_elo.push(ratings.draw_elo);
        }
    }

    Ok(Uncertainty {
        los: superiority(&elo),
        elo: elo.into_iter().map(interval).collect(),
        advantage: interval(advantage),
        draw_elo: interval(draw_elo),
        replicates,
    })
}

/// The groups in canonical (sorted) order, each game mapped to its cell of the count table.
struct Resampler {
    table: Table,
    /// For the k-th group in sorted order, for each of its games: (index into
    /// `table.pairs`, outcome index).
    cells: Vec<Vec<(usize, usize)>>,
}

impl Resampler {
    /// Sorts every group, then the groups (so a list of one-game groups is in the order
    /// of its sorted games), and maps each game to its cell.
    fn new(n: usize, mut clusters: Vec<Vec<Game>>) -> Resampler {
        for c in &mut clusters {
            c.sort_unstable();
        }
        clusters.sort_unstable();
        let all: Vec<Game> = clusters.iter().flatten().copied().collect();
        let table = Table::from_games(n, &all);
        let cell = |game: &Game| {
            let pair = table
                .pairs
                .binary_search_by_key(&(game.first, game.second), |p| (p.first, p.second))
                .expect("every game's pair is in the table built from them");
            (pair, game.result.index())
        };
        let cells = clusters
            .iter()
            .map(|c| c.iter().map(cell).collect())
            .collect();
        Resampler { table, cells }
    }

    /// One bootstrap sample: as many groups as the original, drawn with replacement.
    fn resample(&self, sampler: &mut SeededRng) -> Table {
        let mut pairs: Vec<PairCounts> = self
            .table
            .pairs
            .iter()
            .map(|p| PairCounts {
                counts: [0; 3],
                ..*p
            })
            .collect();
        for _ in 0..self.cells.len() {
            let group = &self.cells[sampler.below(self.cells.len() as u64) as usize];
            for &(pair, outcome) in group {
                pairs[pair].counts[outcome] += 1;
            }
        }
        Table {
            n: self.table.n,
            pairs,
        }
    }
}

/// The central 95% percentile interval of `samples` (linear interpolation between order
/// statistics at position `p · (B − 1)`, Hyndman–Fan type 7).
pub(crate) fn interval(mut samples: Vec<f64>) -> Interval {
    samples.sort_unstable_by(f64::total_cmp);
    Interval {
        low: percentile(&samples, PERCENTILES.0),
        high: percentile(&samples, PERCENTILES.1),
    }
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    let position = p * (sorted.len() - 1) as f64;
    let below = position.floor() as usize;
    let above = (below + 1).min(sorted.len() - 1);
    let fraction = position - below as f64;
    sorted[below] + fraction * (sorted[above] - sorted[below])
}

/// Likelihood of superiority from per-player replicate samples (`elo[i][b]`).
pub(crate) fn superiority(elo: &[Vec<f64>]) -> Vec<Vec<f64>> {
    let n = elo.len();
    let mut los = vec![vec![0.5; n]; n];
    for i in 0..n {
        for j in i + 1..n {
            let (mut above, mut ties) = (0u64, 0u64);
            for (ri, rj) in elo[i].iter().zip(&elo[j]) {
                if ri > rj {
                    above += 1;
                } else if ri == rj {
                    ties += 1;
                }
            }
            let total = 2 * elo[i].len() as u64;
            let p = (2 * above + ties) as f64 / total as f64;
            los[i][j] = p;
            // 1 − p is computed so that p + (1 − p) is exactly 1 in floating point.
            los[j][i] = 1.0 - p;
        }
    }
    los
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_interpolate_between_order_statistics() {
        let v: Vec<f64> = (0..=100).map(f64::from).collect();
        assert_eq!(percentile(&v, 0.025), 2.5);
        assert_eq!(percentile(&v, 0.975), 97.5);
        assert_eq!(
            interval(vec![3.0]),
            Interval {
                low: 3.0,
                high: 3.0
            }
        );
        let i = interval(vec![4.0, 1.0, 3.0, 2.0]);
        assert!((i.low - 1.075).abs() < 1e-12 && (i.high - 3.925).abs() < 1e-12);
    }

    #[test]
    fn superiority_counts_ties_half() {
        let los = superiority(&[vec![1.0, 2.0, 3.0, 4.0], vec![0.0, 2.0, 5.0, 4.0]]);
        assert_eq!(los[0][1], 0.5);
        assert_eq!(los[1][0], 0.5);
        let los = superiority(&[vec![1.0, 2.0, 3.0], vec![0.0, 2.0, 2.0]]);
        assert_eq!(los[0][1], 5.0 / 6.0);
        assert_eq!(los[0][1] + los[1][0], 1.0);
        assert_eq!(los[0][0], 0.5);
    }

    #[test]
    fn resampling_keeps_the_number_of_games() {
        let games = [
            Game::new(1, 0, crate::GameResult::Draw),
            Game::new(0, 1, crate::GameResult::FirstWins),
            Game::new(2, 1, crate::GameResult::SecondWins),
        ];
        let r = Resampler::new(3, games.iter().map(|g| vec![*g]).collect());
        assert_eq!(r.cells, vec![vec![(0, 0)], vec![(1, 1)], vec![(2, 2)]]);
        let t = r.resample(&mut SeededRng::new(1));
        let total: u64 = t.pairs.iter().flat_map(|p| p.counts).sum();
        assert_eq!(total, 3);
    }

    /// The parallel batches give the bits of fitting every replicate in turn.
    #[test]
    fn batched_parallel_fits_equal_the_sequential_loop() {
        let mut rng = SeededRng::new(5);
        let results = [
            crate::GameResult::FirstWins,
            crate::GameResult::Draw,
            crate::GameResult::SecondWins,
        ];
        let games: Vec<Game> = (0..300)
            .map(|_| {
                let a = rng.below(6) as usize;
                let b = (a + 1 + rng.below(5) as usize) % 6;
                Game::new(a, b, results[rng.below(3) as usize])
            })
            .collect();
        let opts = FitOptions::default();
        let replicates = 2 * BATCH + 7;
        let got = bootstrap(6, &games, &opts, replicates, 11).unwrap();
        // The loop the batches replaced.
        let resampler = Resampler::new(6, games.iter().map(|g| vec![*g]).collect());
        let point = fit_table(&resampler.table, &opts, None).unwrap();
        let mut sampler = SeededRng::new(11);
        let mut elo = vec![Vec::new(); 6];
        let (mut adv, mut draw) = (Vec::new(), Vec::new());
        for _ in 0..replicates {
            let table = resampler.resample(&mut sampler);
            let r = fit_table(&table, &opts, Some(&point.x))
                .unwrap()
                .ratings(opts.anchor);
            for (s, x) in elo.iter_mut().zip(&r.elo) {
                s.push(*x);
            }
            adv.push(r.advantage);
            draw.push(r.draw_elo);
        }
        assert_eq!(got.los, superiority(&elo));
        assert_eq!(got.elo, elo.into_iter().map(interval).collect::<Vec<_>>());
        assert_eq!(got.advantage, interval(adv));
        assert_eq!(got.draw_elo, interval(draw));
    }
}
