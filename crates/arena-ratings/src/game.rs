//! Games as input, their validation, and their aggregation into a canonical count table.
//!
//! The fit never looks at the input order: games are first aggregated into outcome
//! counts per ordered `(first, second)` pair, stored sorted by that pair, and every sum
//! of the fit runs over that sorted table. The fit is therefore a function of the
//! multiset of games, down to the last bit of floating point.

use std::collections::BTreeMap;

use crate::error::RatingError;

/// The result of one game, from the point of view of the player who moved first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GameResult {
    /// The player who moved first won.
    FirstWins,
    /// Neither player won.
    Draw,
    /// The player who moved second won.
    SecondWins,
}

impl GameResult {
    /// Index of this result in `[first wins, draws, second wins]` count arrays.
    pub(crate) fn index(self) -> usize {
        match self {
            GameResult::FirstWins => 0,
            GameResult::Draw => 1,
            GameResult::SecondWins => 2,
        }
    }
}

/// One played game between two players, given as indices into the list of `n` players.
///
/// A game of a player against itself (`first == second`) is allowed: it carries no
/// information about that player's strength, but it does inform the first-move advantage
/// and the draw rate, and it is counted by the fairness summary.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Game {
    /// Index of the player who moved first.
    pub first: usize,
    /// Index of the player who moved second.
    pub second: usize,
    /// The outcome.
    pub result: GameResult,
}

impl Game {
    /// A game in which `first` moved first against `second`, ending in `result`.
    pub fn new(first: usize, second: usize, result: GameResult) -> Game {
        Game {
            first,
            second,
            result,
        }
    }
}

/// Checks that there is someone to rate, something to fit, and that every index is in range.
pub(crate) fn validate(n: usize, games: &[Game]) -> Result<(), RatingError> {
    if n == 0 {
        return Err(RatingError::NoPlayers);
    }
    if games.is_empty() {
        return Err(RatingError::NoGames);
    }
    for (index, game) in games.iter().enumerate() {
        for player in [game.first, game.second] {
            if player >= n {
                return Err(RatingError::UnknownPlayer {
                    game: index,
                    player,
                    players: n,
                });
            }
        }
    }
    Ok(())
}

/// Outcome counts of all games one ordered pair played, `first` moving first.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct PairCounts {
    /// The player who moved first in these games.
    pub first: usize,
    /// The player who moved second in these games.
    pub second: usize,
    /// Counts of `[first wins, draws, second wins]`.
    pub counts: [u64; 3],
}

/// All games aggregated per ordered pair, sorted by `(first, second)`.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Table {
    /// Number of players.
    pub n: usize,
    /// One entry per ordered pair that played at least once, sorted by `(first, second)`.
    pub pairs: Vec<PairCounts>,
}

impl Table {
    /// Aggregates already validated games.
    pub fn from_games(n: usize, games: &[Game]) -> Table {
        let mut cells: BTreeMap<(usize, usize), [u64; 3]> = BTreeMap::new();
        for game in games {
            cells.entry((game.first, game.second)).or_default()[game.result.index()] += 1;
        }
        let pairs = cells
            .into_iter()
            .map(|((first, second), counts)| PairCounts {
                first,
                second,
                counts,
            })
            .collect();
        Table { n, pairs }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aggregation_is_sorted_and_counts_every_game() {
        let games = [
            Game::new(1, 0, GameResult::Draw),
            Game::new(0, 1, GameResult::FirstWins),
            Game::new(1, 0, GameResult::SecondWins),
            Game::new(0, 1, GameResult::FirstWins),
        ];
        let table = Table::from_games(2, &games);
        assert_eq!(
            table.pairs,
            vec![
                PairCounts {
                    first: 0,
                    second: 1,
                    counts: [2, 0, 0]
                },
                PairCounts {
                    first: 1,
                    second: 0,
                    counts: [0, 1, 1]
                },
            ]
        );
    }

    #[test]
    fn validation_names_the_first_bad_game() {
        let games = [
            Game::new(0, 1, GameResult::Draw),
            Game::new(0, 3, GameResult::Draw),
        ];
        assert_eq!(
            validate(3, &games),
            Err(RatingError::UnknownPlayer {
                game: 1,
                player: 3,
                players: 3
            })
        );
        assert_eq!(validate(0, &games), Err(RatingError::NoPlayers));
        assert_eq!(validate(3, &[]), Err(RatingError::NoGames));
        assert_eq!(validate(4, &games), Ok(()));
    }
}
