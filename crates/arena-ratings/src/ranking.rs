//! Games of any number of seats, rated by pairwise decomposition.
//!
//! A game of one to four seats ends with a rank for every seat (1 is best; equal ranks
//! tie). The ratings decompose it into the Bradley–Terry comparisons it implies: for
//! every two seats `i < j` (seat order is the order of moving, so seat `i` is the one
//! that moved first of the two), the seat with the better rank won that comparison, equal
//! ranks drew. Seats of the same team are not compared with each other: they share one
//! result and did not play against each other. A two-seat game is thus exactly one
//! comparison, so two-seat tournaments rate as before, to the last bit.
//!
//! Why decomposition rather than Plackett–Luce: Plackett–Luce has no draws, while a tie
//! between seats is common here (the two losers of a three-player race share second
//! place; every seat of a drawn tic-tac-toe ranks 1); decomposition keeps the draw and
//! first-move parameters of the two-seat model with the same reading, needs no second
//! fit, and its comparisons of one game are resampled together by [`bootstrap_ranked`],
//! so the intervals do not pretend the three comparisons of one three-seat game were
//! three independent games.

use crate::bootstrap::bootstrap_clusters;
use crate::error::RatingError;
use crate::fit::{fit, FitOptions, Ratings};
use crate::game::{Game, GameResult};
use crate::Uncertainty;

/// One seat of a finished game: who sat there, the rank it finished with and its team.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Placing {
    /// Index of the player in the list of `n` players.
    pub player: usize,
    /// Competition rank: 1 + the number of seats that did strictly better.
    pub rank: u32,
    /// The seat's team, if the game has teams; seats of one team are never compared.
    pub team: Option<u32>,
}

impl Placing {
    /// A seat without a team.
    pub fn new(player: usize, rank: u32) -> Placing {
        Placing {
            player,
            rank,
            team: None,
        }
    }
}

/// A finished game of any number of seats: its placings in seat order (the order of
/// moving).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RankedGame {
    /// One placing per seat, seat 0 first.
    pub seats: Vec<Placing>,
}

impl RankedGame {
    /// The pairwise comparisons this game implies, in seat order: for seats `i < j` not
    /// of one team, a [`Game`] with seat `i`'s player moving first.
    pub fn comparisons(&self) -> Vec<Game> {
        let mut out = Vec::new();
        for (i, a) in self.seats.iter().enumerate() {
            for b in &self.seats[i + 1..] {
                if a.team.is_some() && a.team == b.team {
                    continue;
                }
                let result = match a.rank.cmp(&b.rank) {
                    std::cmp::Ordering::Less => GameResult::FirstWins,
                    std::cmp::Ordering::Equal => GameResult::Draw,
                    std::cmp::Ordering::Greater => GameResult::SecondWins,
                };
                out.push(Game::new(a.player, b.player, result));
            }
        }
        out
    }
}

/// Every game's comparisons, one group per game (games without any are left out).
fn clusters(n: usize, games: &[RankedGame]) -> Result<Vec<Vec<Game>>, RatingError> {
    let mut out = Vec::with_capacity(games.len());
    for (index, game) in games.iter().enumerate() {
        if let Some(p) = game.seats.iter().find(|p| p.player >= n) {
            return Err(RatingError::UnknownPlayer {
                game: index,
                player: p.player,
                players: n,
            });
        }
        let pairs = game.comparisons();
        if !pairs.is_empty() {
            out.push(pairs);
        }
    }
    Ok(out)
}

/// Fits ratings to games of any number of seats through their pairwise comparisons (see
/// the module docs). Equals [`fit`] on the comparisons.
///
/// # Errors
/// As [`fit`]; [`RatingError::NoGames`] when no game has two seats to compare.
pub fn fit_ranked(
    n: usize,
    games: &[RankedGame],
    opts: &FitOptions,
) -> Result<Ratings, RatingError> {
    let pairs: Vec<Game> = clusters(n, games)?.into_iter().flatten().collect();
    fit(n, &pairs, opts)
}

/// The bootstrap of [`crate::bootstrap`] over games of any number of seats: each
/// replicate draws whole games (with all their comparisons) with replacement. For
/// two-seat games it equals [`crate::bootstrap`] on their comparisons, bit for bit.
///
/// # Errors
/// As [`crate::bootstrap`]; [`RatingError::NoGames`] when no game has two seats to compare.
pub fn bootstrap_ranked(
    n: usize,
    games: &[RankedGame],
    opts: &FitOptions,
    replicates: u32,
    seed: u64,
) -> Result<Uncertainty, RatingError> {
    if n == 0 {
        return Err(RatingError::NoPlayers);
    }
    bootstrap_clusters(n, clusters(n, games)?, opts, replicates, seed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bootstrap;

    fn game(seats: &[(usize, u32)]) -> RankedGame {
        RankedGame {
            seats: seats.iter().map(|&(p, r)| Placing::new(p, r)).collect(),
        }
    }

    #[test]
    fn a_three_seat_race_is_two_wins_and_a_draw_between_the_losers() {
        let g = game(&[(4, 2), (7, 1), (9, 2)]);
        assert_eq!(
            g.comparisons(),
            vec![
                Game::new(4, 7, GameResult::SecondWins),
                Game::new(4, 9, GameResult::Draw),
                Game::new(7, 9, GameResult::FirstWins),
            ]
        );
    }

    #[test]
    fn teammates_are_not_compared() {
        let mut g = game(&[(0, 1), (1, 1), (2, 3)]);
        g.seats[0].team = Some(0);
        g.seats[1].team = Some(0);
        g.seats[2].team = Some(1);
        assert_eq!(
            g.comparisons(),
            vec![
                Game::new(0, 2, GameResult::FirstWins),
                Game::new(1, 2, GameResult::FirstWins),
            ]
        );
    }

    #[test]
    fn one_seat_games_compare_nothing_and_alone_are_no_games() {
        assert!(game(&[(0, 1)]).comparisons().is_empty());
        let opts = FitOptions::default();
        assert_eq!(
            fit_ranked(2, &[game(&[(0, 1)])], &opts).unwrap_err(),
            RatingError::NoGames
        );
        assert_eq!(
            fit_ranked(2, &[game(&[(0, 1), (5, 2)])], &opts).unwrap_err(),
            RatingError::UnknownPlayer {
                game: 0,
                player: 5,
                players: 2
            }
        );
    }

    #[test]
    fn two_seat_games_rate_exactly_as_before() {
        let ranked = [
            game(&[(0, 1), (1, 2)]),
            game(&[(1, 1), (0, 1)]),
            game(&[(2, 2), (1, 1)]),
            game(&[(0, 1), (2, 2)]),
            game(&[(2, 1), (0, 2)]),
            game(&[(1, 1), (2, 2)]),
        ];
        let pairs: Vec<Game> = ranked.iter().flat_map(RankedGame::comparisons).collect();
        let opts = FitOptions::default();
        assert_eq!(
            fit_ranked(3, &ranked, &opts).unwrap(),
            fit(3, &pairs, &opts).unwrap()
        );
        assert_eq!(
            bootstrap_ranked(3, &ranked, &opts, 50, 9).unwrap(),
            bootstrap(3, &pairs, &opts, 50, 9).unwrap()
        );
    }

    #[test]
    fn a_dominant_three_seat_player_is_rated_first() {
        let mut games = Vec::new();
        for round in 0..6 {
            // Player 0 wins every race; 1 beats 2 half the time, else they tie.
            let tail = if round % 2 == 0 { (2, 3) } else { (2, 2) };
            for seating in [[0, 1, 2], [1, 2, 0], [2, 0, 1]] {
                let rank = |p: usize| match p {
                    0 => 1,
                    1 => tail.0,
                    _ => tail.1,
                };
                games.push(game(&seating.map(|p| (p, rank(p)))));
            }
        }
        let opts = FitOptions::default();
        let r = fit_ranked(3, &games, &opts).unwrap();
        assert!(r.elo[0] > r.elo[1] && r.elo[1] > r.elo[2], "{:?}", r.elo);
        let u = bootstrap_ranked(3, &games, &opts, 40, 1).unwrap();
        assert!(u.los[0][2] > 0.9, "{:?}", u.los);
    }
}
