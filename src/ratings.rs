//! The Bradley–Terry ratings of a field, fitted from its recorded games (see
//! `crates/arena-ratings` for the model, the prior and the bootstrap).

use arena_ratings::{bootstrap, fit, Anchor, FitOptions, Game, GameResult, Interval};

use crate::record::{EndKind, GameRow, ResultCode};

/// Bootstrap replicates behind the 95% intervals and the LOS matrix.
pub const REPLICATES: u32 = 200;

/// The ratings of a field, by bot in schedule order.
#[derive(Clone, Debug, PartialEq)]
pub struct FieldRatings {
    /// Elo, mean of the field 0.
    pub elo: Vec<f64>,
    /// 95% bootstrap intervals.
    pub intervals: Vec<Interval>,
    /// `LOS[i][j]`: probability that i is stronger than j.
    pub los: Vec<Vec<f64>>,
    /// First-move advantage in Elo, with its interval.
    pub advantage: (f64, Interval),
    /// Draw parameter in Elo, with its interval.
    pub draw_elo: (f64, Interval),
}

/// Fits the ratings from the game rows; `names` in schedule order, `seed` for the
/// bootstrap. Games that nobody played (both bots disqualified) are left out. Returns
/// `None` when there is no game to fit.
///
/// `anchor` names the bot (by index) rated 0; `None` puts the field's mean at 0.
pub fn rate(
    names: &[String],
    rows: &[GameRow],
    seed: u64,
    anchor: Option<usize>,
) -> Option<FieldRatings> {
    let index = |name: &str| names.iter().position(|n| n == name);
    let games: Vec<Game> = rows
        .iter()
        .filter(|r| r.seats.len() == 2)
        .filter(|r| !(r.end == EndKind::Disqualified && r.result() == ResultCode::Draw))
        .filter_map(|r| {
            let result = match r.result() {
                ResultCode::FirstWins => GameResult::FirstWins,
                ResultCode::SecondWins => GameResult::SecondWins,
                ResultCode::Draw => GameResult::Draw,
            };
            Some(Game::new(index(r.bot(0))?, index(r.bot(1))?, result))
        })
        .collect();
    if games.is_empty() {
        return None;
    }
    let opts = FitOptions {
        anchor: anchor.map_or(Anchor::Mean, Anchor::Player),
        ..FitOptions::default()
    };
    let point = fit(names.len(), &games, &opts).ok()?;
    let spread = bootstrap(names.len(), &games, &opts, REPLICATES, seed).ok()?;
    Some(FieldRatings {
        elo: point.elo,
        intervals: spread.elo,
        los: spread.los,
        advantage: (point.advantage, spread.advantage),
        draw_elo: (point.draw_elo, spread.draw_elo),
    })
}
