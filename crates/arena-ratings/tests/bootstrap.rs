//! The seeded bootstrap: determinism, coverage of the point estimate, LOS.

mod common;

use arena_ratings::{bootstrap, fit, Anchor, FitOptions, Game, GameResult, RatingError};
use common::{shuffled, standard_field};

const SEED: u64 = 7;

#[test]
fn the_same_seed_gives_identical_results_and_another_seed_does_not() {
    let games = standard_field();
    let opts = FitOptions::default();
    let a = bootstrap(5, &games, &opts, 100, SEED).unwrap();
    let b = bootstrap(5, &games, &opts, 100, SEED).unwrap();
    assert_eq!(a, b);
    let c = bootstrap(5, &games, &opts, 100, SEED + 1).unwrap();
    assert_ne!(a.elo, c.elo);
}

#[test]
fn the_order_of_games_does_not_matter_to_the_bootstrap() {
    let games = common::simulate(&common::TRUE_ELO, 50.0, 100.0, 10, 5);
    let opts = FitOptions::default();
    let a = bootstrap(5, &games, &opts, 50, SEED).unwrap();
    assert_eq!(
        bootstrap(5, &shuffled(&games, 1), &opts, 50, SEED).unwrap(),
        a
    );
}

#[test]
fn intervals_contain_the_point_estimate_and_los_is_consistent() {
    let games = standard_field();
    let opts = FitOptions::default();
    let point = fit(5, &games, &opts).unwrap();
    let u = bootstrap(5, &games, &opts, 200, SEED).unwrap();
    assert_eq!(u.replicates, 200);
    for (interval, r) in u.elo.iter().zip(&point.elo) {
        assert!(interval.contains(*r), "{interval:?} {r}");
        assert!(interval.high - interval.low > 5.0, "{interval:?}");
        assert!(interval.high - interval.low < 100.0, "{interval:?}");
    }
    assert!(u.advantage.contains(point.advantage), "{:?}", u.advantage);
    assert!(u.draw_elo.contains(point.draw_elo), "{:?}", u.draw_elo);
    for i in 0..5 {
        assert_eq!(u.los[i][i], 0.5);
        for j in 0..5 {
            assert_eq!(u.los[i][j] + u.los[j][i], 1.0);
            assert!((0.0..=1.0).contains(&u.los[i][j]));
        }
    }
    // 400 Elo apart, with 600 games each: superiority is certain.
    assert!(u.los[4][0] > 0.99 && u.los[0][4] < 0.01);
    assert!(u.los[3][1] > 0.99);
}

#[test]
fn close_players_have_uncertain_superiority() {
    let games = common::simulate(&[0.0, 10.0, 400.0], 0.0, 100.0, 10, 11);
    let u = bootstrap(3, &games, &FitOptions::default(), 200, SEED).unwrap();
    assert!(u.los[1][0] > 0.05 && u.los[1][0] < 0.95, "{:?}", u.los);
    assert!(u.los[2][0] > 0.99, "{:?}", u.los);
}

#[test]
fn anchoring_at_a_player_collapses_its_interval() {
    let games = common::simulate(&common::TRUE_ELO, 50.0, 100.0, 10, 5);
    let opts = FitOptions {
        anchor: Anchor::Player(2),
        ..FitOptions::default()
    };
    let u = bootstrap(5, &games, &opts, 50, SEED).unwrap();
    assert_eq!((u.elo[2].low, u.elo[2].high), (0.0, 0.0));
    assert!(u.elo[4].low > 0.0 && u.elo[0].high < 0.0, "{:?}", u.elo);
}

#[test]
fn bootstrap_errors() {
    let opts = FitOptions::default();
    let game = Game::new(0, 1, GameResult::Draw);
    assert_eq!(
        bootstrap(0, &[game], &opts, 10, 1),
        Err(RatingError::NoPlayers)
    );
    assert_eq!(bootstrap(2, &[], &opts, 10, 1), Err(RatingError::NoGames));
    assert_eq!(
        bootstrap(1, &[game], &opts, 10, 1),
        Err(RatingError::UnknownPlayer {
            game: 0,
            player: 1,
            players: 1
        })
    );
    assert!(matches!(
        bootstrap(2, &[game], &opts, 0, 1),
        Err(RatingError::InvalidOption(_))
    ));
}
