//! `ratings.csv`, `ratings_model.csv` and `los.csv`: the Bradley–Terry ratings of a
//! tournament (see `crates/arena-ratings` for the model, the prior and the bootstrap).

use crate::record::{EndKind, ResultCode};
use std::path::Path;

use arena_ratings::{bootstrap, fit, Anchor, FitOptions, Game, GameResult, Interval};

use super::{write_csv, OutputError};
use crate::record::GameRow;
use crate::standings::{standings_order, Standing};

/// Bootstrap replicates behind the 95% intervals and the LOS matrix.
pub const REPLICATES: u32 = 200;

/// The ratings of a field, by bot in schedule order.
#[derive(Clone, Debug, PartialEq)]
pub struct FieldRatings {
    /// Elo, mean of the field 0.
    pub elo: Vec<f64>,
    /// 95% bootstrap intervals.
    pub intervals: Vec<Interval>,
    /// LOS[i][j]: probability that i is stronger than j.
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
        .filter(|r| !(r.end == EndKind::Disqualified && r.result == ResultCode::Draw))
        .filter_map(|r| {
            let result = match r.result {
                ResultCode::FirstWins => GameResult::FirstWins,
                ResultCode::SecondWins => GameResult::SecondWins,
                ResultCode::Draw => GameResult::Draw,
            };
            Some(Game::new(index(&r.first)?, index(&r.second)?, result))
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

/// An Elo value as the files write it: one decimal, never `-0.0`.
pub fn elo(x: f64) -> String {
    // "-0.0" would differ from "0.0" for no reason.
    let s = format!("{x:.1}");
    if s == "-0.0" {
        "0.0".to_string()
    } else {
        s
    }
}

/// Writes the three files atomically, bots in standings order.
///
/// - `ratings.csv`: `bot, rating, rating_low, rating_high, games_played` (Elo, one
///   decimal, 95% bootstrap interval);
/// - `ratings_model.csv`: `parameter, value, low, high` for `first_move_advantage` and
///   `draw_elo`;
/// - `los.csv`: `bot`, then one column per bot: the probability (three decimals) that
///   the row bot is stronger than the column bot.
///
/// # Errors
/// [`OutputError`] when writing fails.
pub fn write(
    dir: &Path,
    table: &[Standing],
    names: &[String],
    ratings: &FieldRatings,
) -> Result<(), OutputError> {
    let order = standings_order(table, names);
    write_csv(&dir.join("ratings.csv"), |out| {
        out.write_record(["bot", "rating", "rating_low", "rating_high", "games_played"])?;
        for (s, &i) in table.iter().zip(&order) {
            let iv = ratings.intervals[i];
            let played = s.games.played().to_string();
            out.write_record([
                &s.name,
                &elo(ratings.elo[i]),
                &elo(iv.low),
                &elo(iv.high),
                &played,
            ])?;
        }
        Ok(())
    })?;
    write_csv(&dir.join("ratings_model.csv"), |out| {
        out.write_record(["parameter", "value", "low", "high"])?;
        for (name, (v, iv)) in [
            ("first_move_advantage", ratings.advantage),
            ("draw_elo", ratings.draw_elo),
        ] {
            out.write_record([name, &elo(v), &elo(iv.low), &elo(iv.high)])?;
        }
        Ok(())
    })?;
    write_csv(&dir.join("los.csv"), |out| {
        let mut header = vec!["bot".to_string()];
        header.extend(table.iter().map(|s| s.name.clone()));
        out.write_record(&header)?;
        for (s, &i) in table.iter().zip(&order) {
            let mut r = vec![s.name.clone()];
            r.extend(order.iter().map(|&j| {
                if i == j {
                    String::new()
                } else {
                    format!("{:.3}", ratings.los[i][j])
                }
            }));
            out.write_record(&r)?;
        }
        Ok(())
    })
}
