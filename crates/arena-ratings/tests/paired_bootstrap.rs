//! The pairing in the ratings' intervals, on simulated paired tournaments.
//!
//! Two bots play boards from both seats. With board bias (some boards won by whoever
//! moves first, some by whoever moves second) a board's two games are strongly
//! correlated: resampling games one by one treats them as independent and overstates the
//! spread, resampling board pairs does not. So, over many simulated tournaments, the
//! intervals of the pair bootstrap must cover the true value at their nominal 95% rate
//! while the game bootstrap's are wider; without board bias the two must agree.
//!
//! The "true value" is what the fit converges to with unlimited boards (the fit of a very
//! large sample from the same distribution): the Bradley–Terry model has one first-move
//! advantage, not one per board, so that limit is the target the intervals estimate.

use arena_ratings::{bootstrap_grouped, fit, FitOptions, Game, GameResult};
use arena_rng::SeededRng;
use rayon::prelude::*;

fn uniform(rng: &mut SeededRng) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-x / 400.0))
}

/// Bot 0 is `DELTA` Elo stronger; draws at `DRAW_ELO`.
const DELTA: f64 = 80.0;
const DRAW_ELO: f64 = 100.0;

/// One game on a board of first-move advantage `adv`.
fn game(rng: &mut SeededRng, first: usize, adv: f64) -> Game {
    let r = [DELTA / 2.0, -DELTA / 2.0];
    let second = 1 - first;
    let d = r[first] - r[second] + adv;
    let p_first = logistic(d - DRAW_ELO);
    let p_second = logistic(-d - DRAW_ELO);
    let u = uniform(rng);
    let result = if u < p_first {
        GameResult::FirstWins
    } else if u < p_first + p_second {
        GameResult::SecondWins
    } else {
        GameResult::Draw
    };
    Game::new(first, second, result)
}

/// `boards` boards, each played from both seats: one group of two games per board. A
/// board's first-move advantage is `±bias` (even odds).
fn tournament(rng: &mut SeededRng, boards: usize, bias: f64) -> Vec<Vec<Game>> {
    (0..boards)
        .map(|_| {
            let adv = if rng.below(2) == 0 { bias } else { -bias };
            vec![game(rng, 0, adv), game(rng, 1, adv)]
        })
        .collect()
}

struct Outcome {
    /// Share of tournaments whose interval of bot 0's rating holds the target.
    coverage: [f64; 2],
    /// Mean interval width.
    width: [f64; 2],
}

/// `runs` tournaments of `boards` boards: coverage and width of the intervals of the
/// pair bootstrap (`[0]`) and the game bootstrap (`[1]`).
fn study(bias: f64, boards: usize, runs: u64) -> Outcome {
    let opts = FitOptions::default();
    let mut rng = SeededRng::new(99);
    let huge: Vec<Game> = tournament(&mut rng, 400_000, bias)
        .into_iter()
        .flatten()
        .collect();
    let target = fit(2, &huge, &opts).unwrap().elo[0];
    let per_run: Vec<([bool; 2], [f64; 2])> = (0..runs)
        .into_par_iter()
        .map(|i| {
            let mut rng = SeededRng::new(1000 + i);
            let pairs = tournament(&mut rng, boards, bias);
            let singles: Vec<Vec<Game>> = pairs.iter().flatten().map(|g| vec![*g]).collect();
            let mut covered = [false; 2];
            let mut width = [0.0; 2];
            for (k, groups) in [&pairs, &singles].into_iter().enumerate() {
                let u = bootstrap_grouped(2, groups, &opts, 400, i).unwrap();
                covered[k] = u.elo[0].contains(target);
                width[k] = u.elo[0].high - u.elo[0].low;
            }
            (covered, width)
        })
        .collect();
    let n = runs as f64;
    let share = |k: usize| per_run.iter().filter(|r| r.0[k]).count() as f64 / n;
    let mean = |k: usize| per_run.iter().map(|r| r.1[k]).sum::<f64>() / n;
    Outcome {
        coverage: [share(0), share(1)],
        width: [mean(0), mean(1)],
    }
}

/// Three binomial standard errors of a 95% coverage over `runs` tournaments.
fn slack(runs: u64) -> f64 {
    3.0 * (0.95 * 0.05 / runs as f64).sqrt()
}

#[test]
fn with_board_bias_pairs_cover_at_the_nominal_rate_and_games_are_wider() {
    let runs = 400;
    let o = study(500.0, 120, runs);
    eprintln!(
        "board bias: coverage pairs {:.3}, games {:.3}; width pairs {:.1}, games {:.1}",
        o.coverage[0], o.coverage[1], o.width[0], o.width[1]
    );
    assert!(
        (o.coverage[0] - 0.95).abs() <= slack(runs),
        "pairs cover {}",
        o.coverage[0]
    );
    assert!(
        o.width[1] > 1.25 * o.width[0],
        "{} vs {}",
        o.width[1],
        o.width[0]
    );
    assert!(
        o.coverage[1] > 0.95 + slack(runs),
        "games cover {}",
        o.coverage[1]
    );
}

#[test]
fn without_board_bias_pairs_and_games_agree() {
    let runs = 400;
    let o = study(0.0, 120, runs);
    eprintln!(
        "no board bias: coverage pairs {:.3}, games {:.3}; width pairs {:.1}, games {:.1}",
        o.coverage[0], o.coverage[1], o.width[0], o.width[1]
    );
    for k in 0..2 {
        assert!(
            (o.coverage[k] - 0.95).abs() <= slack(runs),
            "coverage {k}: {}",
            o.coverage[k]
        );
    }
    let ratio = o.width[1] / o.width[0];
    assert!((0.93..1.07).contains(&ratio), "width ratio {ratio}");
}
