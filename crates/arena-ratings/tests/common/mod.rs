//! Seeded simulation helpers shared by the integration tests.
#![allow(dead_code)]

use arena_ratings::{outcome_probabilities, Game, GameResult};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

/// The true strengths of the simulated field.
pub const TRUE_ELO: [f64; 5] = [-200.0, -100.0, 0.0, 100.0, 200.0];
/// The true first-move advantage.
pub const TRUE_ADVANTAGE: f64 = 50.0;
/// The true draw parameter (about 27% draws between equals).
pub const TRUE_DRAW_ELO: f64 = 100.0;

/// A uniform number in `[0, 1)` with 53 random bits.
fn uniform(rng: &mut ChaCha8Rng) -> f64 {
    (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}

/// `per_pair` games for every ordered pair of `elo`, drawn from the model.
pub fn simulate(
    elo: &[f64],
    advantage: f64,
    draw_elo: f64,
    per_pair: usize,
    seed: u64,
) -> Vec<Game> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut games = Vec::new();
    for first in 0..elo.len() {
        for second in 0..elo.len() {
            if first == second {
                continue;
            }
            let p = outcome_probabilities(elo[first], elo[second], advantage, draw_elo);
            for _ in 0..per_pair {
                let x = uniform(&mut rng);
                let result = if x < p.first_wins {
                    GameResult::FirstWins
                } else if x < p.first_wins + p.draw {
                    GameResult::Draw
                } else {
                    GameResult::SecondWins
                };
                games.push(Game::new(first, second, result));
            }
        }
    }
    games
}

/// The standard simulated tournament: 5 players, 150 games per ordered pair (3000 games).
pub fn standard_field() -> Vec<Game> {
    simulate(&TRUE_ELO, TRUE_ADVANTAGE, TRUE_DRAW_ELO, 150, 2024)
}

/// A seeded Fisher–Yates shuffle.
pub fn shuffled(games: &[Game], seed: u64) -> Vec<Game> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = games.to_vec();
    for i in (1..out.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        out.swap(i, j);
    }
    out
}
