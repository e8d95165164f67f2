//! `ratings.csv`, `ratings_model.csv` and `los.csv`: the Bradley–Terry ratings of a
//! tournament (see `crates/arena-ratings` for the model, the prior and the bootstrap).

use std::path::Path;

use super::{write_csv, OutputError};
use crate::ratings::FieldRatings;
use crate::standings::{standings_order, Standing};

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

/// The rows of `ratings_model.csv`: each parameter's name, then its value and interval
/// as the file writes them.
pub fn model_rows(ratings: &FieldRatings) -> [(&'static str, [String; 3]); 2] {
    [
        ("first_move_advantage", ratings.advantage),
        ("draw_elo", ratings.draw_elo),
    ]
    .map(|(name, (v, iv))| (name, [elo(v), elo(iv.low), elo(iv.high)]))
}

/// Writes the three files atomically, bots in standings order.
///
/// - `ratings.csv`: `bot, rating, rating_low, rating_high, games_played` (Elo, one
///   decimal, 95% bootstrap interval);
/// - `ratings_model.csv`: `parameter, value, low, high` for `first_move_advantage` and
///   `draw_elo`, then `resampled` with the bootstrap's unit as its value (`games`, or
///   `board_pairs` for paired series: the pentanomial model) and `low`, `high` empty;
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
        for (name, [value, low, high]) in model_rows(ratings) {
            out.write_record([name, &value, &low, &high])?;
        }
        out.write_record(["resampled", ratings.resampled.name(), "", ""])?;
        Ok(())
    })?;
    write_los(dir, &order, names, &ratings.los)
}

/// Writes `los.csv` atomically: `bot`, then one column per bot, rows and columns in
/// `order` (indices into `names`, best first); each cell the probability (three
/// decimals) that the row bot is stronger than the column bot (`los[i][j]`, by index
/// into `names`), empty on the diagonal.
///
/// # Errors
/// [`OutputError`] when writing fails.
pub fn write_los(
    dir: &Path,
    order: &[usize],
    names: &[String],
    los: &[Vec<f64>],
) -> Result<(), OutputError> {
    write_csv(&dir.join("los.csv"), |out| {
        let mut header = vec!["bot".to_string()];
        header.extend(order.iter().map(|&i| names[i].clone()));
        out.write_record(&header)?;
        for &i in order {
            let mut r = vec![names[i].clone()];
            r.extend(order.iter().map(|&j| {
                if i == j {
                    String::new()
                } else {
                    format!("{:.3}", los[i][j])
                }
            }));
            out.write_record(&r)?;
        }
        Ok(())
    })
}

/// `ratings.csv`, `ratings_model.csv` and `los.csv`, when there are ratings.
pub struct RatingsCsv;

impl super::SummaryWriter for RatingsCsv {
    fn write(&self, dir: &Path, results: &super::Results) -> Result<(), OutputError> {
        match results.ratings {
            Some(r) => write(dir, results.standings, results.names, r),
            None => Ok(()),
        }
    }
}
