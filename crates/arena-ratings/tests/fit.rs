//! The point fit: recovery, symmetry, order independence, extremes, anchoring, errors.

mod common;

use arena_ratings::{fit, Anchor, FitOptions, Game, GameResult, RatingError};
use common::{shuffled, standard_field, TRUE_ADVANTAGE, TRUE_DRAW_ELO, TRUE_ELO};
use GameResult::{Draw, FirstWins, SecondWins};

fn default_fit(n: usize, games: &[Game]) -> arena_ratings::Ratings {
    fit(n, games, &FitOptions::default()).unwrap()
}

#[test]
fn recovers_known_strengths_advantage_and_draw_rate() {
    let games = standard_field();
    assert_eq!(games.len(), 3000);
    let r = default_fit(5, &games);
    for (fitted, truth) in r.elo.iter().zip(TRUE_ELO) {
        assert!((fitted - truth).abs() < 40.0, "{:?}", r.elo);
    }
    assert!(r.elo.windows(2).all(|w| w[0] < w[1]), "{:?}", r.elo);
    assert!(
        (r.advantage - TRUE_ADVANTAGE).abs() < 25.0,
        "{}",
        r.advantage
    );
    assert!((r.draw_elo - TRUE_DRAW_ELO).abs() < 25.0, "{}", r.draw_elo);
    assert!(r.iterations >= 2 && r.iterations < 30, "{}", r.iterations);
}

#[test]
fn a_symmetric_field_gives_equal_ratings() {
    // Every pair plays the same record with either player moving first.
    let mut games = Vec::new();
    for i in 0..4 {
        for j in i + 1..4 {
            let record = [(i + j) % 3 + 1, (i * j) % 2, (i + 2 * j) % 4];
            for (first, second) in [(i, j), (j, i)] {
                for (count, result) in record.iter().zip([FirstWins, Draw, SecondWins]) {
                    games.extend(std::iter::repeat_n(
                        Game::new(first, second, result),
                        *count,
                    ));
                }
            }
        }
    }
    let r = default_fit(4, &games);
    for e in &r.elo {
        assert!(e.abs() < 1e-6, "{:?}", r.elo);
    }
    assert!(r.advantage > 0.0, "first movers won more: {}", r.advantage);
}

#[test]
fn the_order_of_games_does_not_matter_to_the_last_bit() {
    let games = standard_field();
    let reference = default_fit(5, &games);
    for seed in 0..3 {
        assert_eq!(default_fit(5, &shuffled(&games, seed)), reference);
    }
    let mut reversed = games.clone();
    reversed.reverse();
    assert_eq!(default_fit(5, &reversed), reference);
}

#[test]
fn undefeated_and_winless_players_stay_finite_and_ordered() {
    let mut games = Vec::new();
    for _ in 0..10 {
        for other in 1..4 {
            games.push(Game::new(0, other, FirstWins));
            games.push(Game::new(other, 0, SecondWins));
            games.push(Game::new(3, other % 3, SecondWins));
            games.push(Game::new(other % 3, 3, FirstWins));
        }
        games.push(Game::new(1, 2, Draw));
        games.push(Game::new(2, 1, FirstWins));
    }
    let r = default_fit(4, &games);
    assert!(r.elo.iter().all(|e| e.is_finite()), "{:?}", r.elo);
    assert!(r.advantage.is_finite() && r.draw_elo.is_finite() && r.draw_elo > 0.0);
    assert!(r.elo[0] > r.elo[1].max(r.elo[2]), "{:?}", r.elo);
    assert!(r.elo[3] < r.elo[1].min(r.elo[2]), "{:?}", r.elo);
    assert!(r.elo[0] > 300.0 && r.elo[0] < 3000.0, "{:?}", r.elo);
    assert!(r.elo[3] < -300.0 && r.elo[3] > -3000.0, "{:?}", r.elo);
}

#[test]
fn degenerate_outcomes_keep_the_nuisance_parameters_finite() {
    let cases: [(&str, Vec<Game>); 3] = [
        (
            "all draws",
            (0..20).map(|k| Game::new(k % 2, 1 - k % 2, Draw)).collect(),
        ),
        (
            "no draws",
            (0..20)
                .map(|k| Game::new(k % 2, 1 - k % 2, [FirstWins, SecondWins][k / 2 % 2]))
                .collect(),
        ),
        (
            "first always wins",
            (0..20)
                .map(|k| Game::new(k % 2, 1 - k % 2, FirstWins))
                .collect(),
        ),
    ];
    for (name, games) in cases {
        let r = default_fit(2, &games);
        let all = r.elo.iter().chain([&r.advantage, &r.draw_elo]);
        assert!(all.clone().all(|v| v.is_finite()), "{name}: {r:?}");
        assert!(r.draw_elo > 0.0, "{name}: {r:?}");
        assert!((r.elo[0] - r.elo[1]).abs() < 1e-6, "{name}: {r:?}");
    }
    let r = default_fit(
        2,
        &(0..20)
            .map(|k| Game::new(k % 2, 1 - k % 2, FirstWins))
            .collect::<Vec<_>>(),
    );
    assert!(r.advantage > 200.0, "{r:?}");
}

#[test]
fn a_player_without_games_sits_at_the_mean() {
    let games = common::simulate(&[0.0, 100.0, 300.0], 20.0, 80.0, 5, 1);
    let r = default_fit(4, &games);
    assert!(r.elo[3].abs() < 1e-9, "{:?}", r.elo);
    assert!(r.elo[2] > 0.0 && r.elo[0] < 0.0);
}

#[test]
fn anchoring_at_a_player_or_at_the_mean() {
    let games = standard_field();
    let mean = default_fit(5, &games);
    let total: f64 = mean.elo.iter().sum();
    assert!(total.abs() < 1e-9, "{total}");
    let opts = FitOptions {
        anchor: Anchor::Player(3),
        ..FitOptions::default()
    };
    let at_three = fit(5, &games, &opts).unwrap();
    assert_eq!(at_three.elo[3], 0.0);
    for (a, b) in at_three.elo.iter().zip(&mean.elo) {
        assert!((a - b + mean.elo[3]).abs() < 1e-9);
    }
    assert_eq!(at_three.advantage, mean.advantage);
    assert_eq!(at_three.draw_elo, mean.draw_elo);
}

#[test]
fn fitted_probabilities_match_the_observed_first_mover_score() {
    // At the optimum, expected and observed totals nearly agree (up to the weak prior).
    let games = standard_field();
    let r = default_fit(5, &games);
    let expected: f64 = games
        .iter()
        .map(|g| {
            let p = r.probabilities(g.first, g.second);
            p.first_wins + 0.5 * p.draw
        })
        .sum();
    let observed = arena_ratings::first_move_summary(&games).score().unwrap() * games.len() as f64;
    assert!(
        (expected - observed).abs() < 2.0,
        "{expected} vs {observed}"
    );
}

#[test]
fn errors_name_the_problem() {
    let opts = FitOptions::default();
    let game = Game::new(0, 1, Draw);
    assert_eq!(fit(0, &[game], &opts), Err(RatingError::NoPlayers));
    assert_eq!(fit(2, &[], &opts), Err(RatingError::NoGames));
    assert_eq!(
        fit(2, &[game, Game::new(2, 0, FirstWins)], &opts),
        Err(RatingError::UnknownPlayer {
            game: 1,
            player: 2,
            players: 2
        })
    );
    assert_eq!(
        fit(2, &[Game::new(0, 5, FirstWins)], &opts),
        Err(RatingError::UnknownPlayer {
            game: 0,
            player: 5,
            players: 2
        })
    );
    let bad_anchor = FitOptions {
        anchor: Anchor::Player(2),
        ..opts
    };
    assert_eq!(
        fit(2, &[game], &bad_anchor),
        Err(RatingError::ReferenceOutOfRange {
            reference: 2,
            players: 2
        })
    );
    for prior_sd in [0.0, -1.0, f64::NAN, f64::INFINITY] {
        let bad = FitOptions { prior_sd, ..opts };
        assert!(matches!(
            fit(2, &[game], &bad),
            Err(RatingError::InvalidOption(_))
        ));
    }
    let bad = FitOptions {
        tolerance: 0.0,
        ..opts
    };
    assert!(matches!(
        fit(2, &[game], &bad),
        Err(RatingError::InvalidOption(_))
    ));
    let bad = FitOptions {
        max_iterations: 0,
        ..opts
    };
    assert!(matches!(
        fit(2, &[game], &bad),
        Err(RatingError::InvalidOption(_))
    ));
    let capped = FitOptions {
        max_iterations: 1,
        ..opts
    };
    assert_eq!(
        fit(5, &standard_field(), &capped),
        Err(RatingError::NotConverged { iterations: 1 })
    );
}

#[test]
fn self_games_only_inform_advantage_and_draws() {
    let mut games = common::simulate(&[0.0, 100.0], 0.0, 80.0, 20, 3);
    let without = default_fit(2, &games);
    games.extend((0..30).map(|_| Game::new(1, 1, FirstWins)));
    let with = default_fit(2, &games);
    assert!(
        with.advantage > without.advantage + 50.0,
        "{without:?} {with:?}"
    );
    assert!(with.elo.iter().all(|e| e.is_finite()));
}
