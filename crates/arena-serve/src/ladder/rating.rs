//! Ratings with uncertainty: Weng-Lin (Bayesian Bradley-Terry) updates after each game,
//! the leaderboard ordered by the conservative estimate `mu - 3 sigma`.

use skillratings::weng_lin::{weng_lin, WengLinConfig, WengLinRating};
use skillratings::Outcomes;

/// A rating: the estimate and its uncertainty.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The estimate.
    pub mu: f64,
    /// Its standard deviation.
    pub sigma: f64,
}

impl Default for Rating {
    fn default() -> Rating {
        let r = WengLinRating::new();
        Rating {
            mu: r.rating,
            sigma: r.uncertainty,
        }
    }
}

impl Rating {
    /// The conservative estimate the leaderboard sorts by.
    pub fn conservative(self) -> f64 {
        self.mu - 3.0 * self.sigma
    }
}

/// A game's result for its first seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Result1 {
    /// The first seat won.
    Win,
    /// Drawn.
    Draw,
    /// The first seat lost.
    Loss,
}

impl Result1 {
    /// Its name in the database.
    pub fn name(self) -> &'static str {
        match self {
            Result1::Win => "1-0",
            Result1::Draw => "draw",
            Result1::Loss => "0-1",
        }
    }
}

/// Both ratings after one game between them.
pub fn update(first: Rating, second: Rating, result: Result1) -> (Rating, Rating) {
    let to = |r: Rating| WengLinRating {
        rating: r.mu,
        uncertainty: r.sigma,
    };
    let outcome = match result {
        Result1::Win => Outcomes::WIN,
        Result1::Draw => Outcomes::DRAW,
        Result1::Loss => Outcomes::LOSS,
    };
    let (a, b) = weng_lin(&to(first), &to(second), &outcome, &WengLinConfig::new());
    let from = |r: WengLinRating| Rating {
        mu: r.rating,
        sigma: r.uncertainty,
    };
    (from(a), from(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_win_moves_ratings_apart_and_shrinks_uncertainty() {
        let (a, b) = update(Rating::default(), Rating::default(), Result1::Win);
        assert!(a.mu > 25.0 && b.mu < 25.0);
        assert!(a.sigma < Rating::default().sigma);
        let (c, d) = update(Rating::default(), Rating::default(), Result1::Draw);
        assert!((c.mu - d.mu).abs() < 1e-9);
    }
}
