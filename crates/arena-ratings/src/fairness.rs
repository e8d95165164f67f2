//! How much moving first matters, straight from the counts.

use crate::game::{Game, GameResult};

/// The first mover's record over a set of games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FirstMoveSummary {
    /// Games won by the player who moved first.
    pub wins: u64,
    /// Drawn games.
    pub draws: u64,
    /// Games lost by the player who moved first.
    pub losses: u64,
}

impl FirstMoveSummary {
    /// Number of games summarised.
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// The first mover's score rate, `(wins + draws / 2) / games`; `None` without games.
    /// A fair game scores 0.5.
    pub fn score(&self) -> Option<f64> {
        self.rate(self.wins as f64 + 0.5 * self.draws as f64)
    }

    /// Fraction of games the first mover won; `None` without games.
    pub fn win_rate(&self) -> Option<f64> {
        self.rate(self.wins as f64)
    }

    /// Fraction of games drawn; `None` without games.
    pub fn draw_rate(&self) -> Option<f64> {
        self.rate(self.draws as f64)
    }

    /// Fraction of games the first mover lost; `None` without games.
    pub fn loss_rate(&self) -> Option<f64> {
        self.rate(self.losses as f64)
    }

    fn rate(&self, numerator: f64) -> Option<f64> {
        match self.games() {
            0 => None,
            games => Some(numerator / games as f64),
        }
    }
}

/// Counts the first mover's wins, draws and losses over `games` (self-games included).
pub fn first_move_summary(games: &[Game]) -> FirstMoveSummary {
    let mut summary = FirstMoveSummary::default();
    for game in games {
        match game.result {
            GameResult::FirstWins => summary.wins += 1,
            GameResult::Draw => summary.draws += 1,
            GameResult::SecondWins => summary.losses += 1,
        }
    }
    summary
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_rates() {
        let games = [
            Game::new(0, 1, GameResult::FirstWins),
            Game::new(1, 0, GameResult::FirstWins),
            Game::new(0, 1, GameResult::Draw),
            Game::new(2, 0, GameResult::SecondWins),
        ];
        let s = first_move_summary(&games);
        assert_eq!((s.wins, s.draws, s.losses, s.games()), (2, 1, 1, 4));
        assert_eq!(s.score(), Some(0.625));
        assert_eq!(s.win_rate(), Some(0.5));
        assert_eq!(s.draw_rate(), Some(0.25));
        assert_eq!(s.loss_rate(), Some(0.25));
    }

    #[test]
    fn no_games_has_no_rates() {
        let s = first_move_summary(&[]);
        assert_eq!(s.games(), 0);
        assert_eq!(s.score(), None);
        assert_eq!(s.win_rate(), None);
    }
}
