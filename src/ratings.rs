//! The Bradley–Terry ratings of a field, fitted from its recorded games (see
//! `crates/arena-ratings` for the model, the prior and the bootstrap).

use std::collections::BTreeMap;

use arena_ratings::{bootstrap_grouped, fit, Anchor, FitOptions, Game, GameResult, Interval};

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
    /// What the bootstrap behind the intervals and the LOS resampled.
    pub resampled: Resampled,
}

/// The unit the ratings' bootstrap resamples.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resampled {
    /// Games, one by one (series not paired).
    Games,
    /// Board pairs: a board's two games (seats swapped) drawn together, so the pairing's
    /// correlation stays in every replicate (paired series; the pentanomial model).
    BoardPairs,
}

impl Resampled {
    /// The name the files write: `games` or `board_pairs`.
    pub fn name(self) -> &'static str {
        match self {
            Resampled::Games => "games",
            Resampled::BoardPairs => "board_pairs",
        }
    }
}

/// Fits the ratings from the game rows; `names` in schedule order, `seed` for the
/// bootstrap. Games that nobody played (both bots disqualified) are left out. Returns
/// `None` when there is no game to fit.
///
/// `anchor` names the bot (by index) rated 0; `None` puts the field's mean at 0. When
/// `paired`, the bootstrap resamples board pairs (a series' two games of one board, which
/// in a round robin stay together), otherwise games.
pub fn rate(
    names: &[String],
    rows: &[GameRow],
    seed: u64,
    anchor: Option<usize>,
    paired: bool,
) -> Option<FieldRatings> {
    let index = |name: &str| names.iter().position(|n| n == name);
    // Each game with the board it belongs to: (series, board) when paired, else its id.
    let games: Vec<((u64, u64), Game)> = rows
        .iter()
        .filter(|r| r.seats.len() == 2)
        .filter(|r| !(r.end == EndKind::Disqualified && r.result() == ResultCode::Draw))
        .filter_map(|r| {
            let result = match r.result() {
                ResultCode::FirstWins => GameResult::FirstWins,
                ResultCode::SecondWins => GameResult::SecondWins,
                ResultCode::Draw => GameResult::Draw,
            };
            let unit = if paired {
                (r.series_id, u64::from(r.board_index))
            } else {
                (r.game_id, 0)
            };
            Some((unit, Game::new(index(r.bot(0))?, index(r.bot(1))?, result)))
        })
        .collect();
    if games.is_empty() {
        return None;
    }
    let mut groups: BTreeMap<(u64, u64), Vec<Game>> = BTreeMap::new();
    for (unit, game) in &games {
        groups.entry(*unit).or_default().push(*game);
    }
    let groups: Vec<Vec<Game>> = groups.into_values().collect();
    let games: Vec<Game> = games.into_iter().map(|(_, g)| g).collect();
    let opts = FitOptions {
        anchor: anchor.map_or(Anchor::Mean, Anchor::Player),
        ..FitOptions::default()
    };
    let point = fit(names.len(), &games, &opts).ok()?;
    let spread = bootstrap_grouped(names.len(), &groups, &opts, REPLICATES, seed).ok()?;
    Some(FieldRatings {
        elo: point.elo,
        intervals: spread.elo,
        los: spread.los,
        advantage: (point.advantage, spread.advantage),
        draw_elo: (point.draw_elo, spread.draw_elo),
        resampled: if paired {
            Resampled::BoardPairs
        } else {
            Resampled::Games
        },
    })
}
