//! Property tests on random small tournaments.

use arena_ratings::{
    bootstrap, bootstrap_ranked, fit, fit_ranked, FitOptions, Game, GameResult, Placing, RankedGame,
};
use proptest::prelude::*;

fn tournament() -> impl Strategy<Value = (usize, Vec<Game>)> {
    (2usize..6).prop_flat_map(|n| {
        let result = prop_oneof![
            Just(GameResult::FirstWins),
            Just(GameResult::Draw),
            Just(GameResult::SecondWins)
        ];
        let game = (0..n, 0..n, result).prop_map(|(f, s, r)| Game::new(f, s, r));
        (Just(n), prop::collection::vec(game, 1..40))
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn outputs_are_finite_and_los_is_a_probability((n, games) in tournament(), seed in any::<u64>()) {
        let opts = FitOptions::default();
        let r = fit(n, &games, &opts).unwrap();
        prop_assert!(r.elo.iter().all(|e| e.is_finite()));
        prop_assert!(r.advantage.is_finite() && r.draw_elo.is_finite() && r.draw_elo > 0.0);
        prop_assert!(r.elo.iter().sum::<f64>().abs() < 1e-6);
        let u = bootstrap(n, &games, &opts, 16, seed).unwrap();
        for i in 0..n {
            prop_assert!(u.elo[i].low.is_finite() && u.elo[i].low <= u.elo[i].high);
            for j in 0..n {
                prop_assert!((0.0..=1.0).contains(&u.los[i][j]));
                prop_assert_eq!(u.los[i][j] + u.los[j][i], 1.0);
            }
        }
        prop_assert!(u.advantage.low <= u.advantage.high && u.draw_elo.low <= u.draw_elo.high);
    }

    #[test]
    fn another_win_never_lowers_a_rating(
        (n, games) in tournament(),
        player in any::<prop::sample::Index>(),
        opponent in any::<prop::sample::Index>(),
        moves_first in any::<bool>(),
    ) {
        let i = player.index(n);
        let j = (i + 1 + opponent.index(n - 1)) % n;
        let opts = FitOptions::default();
        let before = fit(n, &games, &opts).unwrap();
        let mut more = games.clone();
        more.push(if moves_first {
            Game::new(i, j, GameResult::FirstWins)
        } else {
            Game::new(j, i, GameResult::SecondWins)
        });
        let after = fit(n, &more, &opts).unwrap();
        prop_assert!(
            after.elo[i] >= before.elo[i] - 1e-6,
            "player {} went from {} to {}", i, before.elo[i], after.elo[i]
        );
    }
}

/// Games of one to four seats: a rank for each seat, players drawn with repeats allowed.
fn ranked_tournament() -> impl Strategy<Value = (usize, Vec<RankedGame>)> {
    (2usize..6).prop_flat_map(|n| {
        let seat = (0..n, 1u32..=4).prop_map(|(p, r)| Placing::new(p, r));
        let game = prop::collection::vec(seat, 1..=4).prop_map(|seats| RankedGame { seats });
        (Just(n), prop::collection::vec(game, 1..30))
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn two_seat_rankings_rate_bit_for_bit_as_two_seat_games((n, games) in tournament(), seed in any::<u64>()) {
        let rank = |r: GameResult| match r {
            GameResult::FirstWins => (1, 2),
            GameResult::Draw => (1, 1),
            GameResult::SecondWins => (2, 1),
        };
        let ranked: Vec<RankedGame> = games
            .iter()
            .map(|g| {
                let (a, b) = rank(g.result);
                RankedGame { seats: vec![Placing::new(g.first, a), Placing::new(g.second, b)] }
            })
            .collect();
        let opts = FitOptions::default();
        prop_assert_eq!(fit_ranked(n, &ranked, &opts).unwrap(), fit(n, &games, &opts).unwrap());
        prop_assert_eq!(
            bootstrap_ranked(n, &ranked, &opts, 8, seed).unwrap(),
            bootstrap(n, &games, &opts, 8, seed).unwrap()
        );
    }

    #[test]
    fn ranked_games_give_finite_ratings_and_los_probabilities((n, games) in ranked_tournament(), seed in any::<u64>()) {
        let opts = FitOptions::default();
        let comparisons: usize = games.iter().map(|g| g.comparisons().len()).sum();
        prop_assume!(comparisons > 0);
        let r = fit_ranked(n, &games, &opts).unwrap();
        prop_assert!(r.elo.iter().all(|e| e.is_finite()));
        let u = bootstrap_ranked(n, &games, &opts, 8, seed).unwrap();
        for i in 0..n {
            prop_assert!(u.elo[i].low <= u.elo[i].high);
            for j in 0..n {
                prop_assert_eq!(u.los[i][j] + u.los[j][i], 1.0);
            }
        }
        // A game's comparisons: one per pair of seats (no teams here).
        for g in &games {
            let s = g.seats.len();
            prop_assert_eq!(g.comparisons().len(), s * (s - 1) / 2);
        }
    }
}
