//! `series.csv`: one row per series.

use std::path::Path;

use serde::Serialize;

use super::{points, write_csv, OutputError};
use crate::series::{SeriesResult, Side};
use crate::standings::SeriesOutcome;

/// The file name inside the results folder.
pub const FILE: &str = "series.csv";

#[derive(Serialize)]
struct Row<'a> {
    series_id: u64,
    round: u32,
    bot_a: &'a str,
    bot_b: &'a str,
    first_mover: &'a str,
    games: u32,
    a_points: String,
    b_points: String,
    winner: &'a str,
    results: &'a str,
    pentanomial: String,
}

/// Writes `series.csv` atomically; `names` are the bots in schedule order.
///
/// Columns: `series_id, round, bot_a, bot_b, first_mover` (who moved first in the first
/// game), `games` played, `a_points, b_points`, `winner` (a name, or `draw`), `results`
/// (each game from A's side: `W`, `D`, `L`), `pentanomial` (when `paired`: the board
/// pairs by A's points in the pair, `0 ½ 1 1½ 2`, as five space-separated counts; empty
/// otherwise).
///
/// # Errors
/// [`OutputError`] when writing fails.
pub fn write(
    dir: &Path,
    names: &[String],
    series: &[SeriesOutcome],
    paired: bool,
) -> Result<(), OutputError> {
    let path = dir.join(FILE);
    write_csv(&path, |out| {
        for s in series {
            let (a, b) = (names[s.plan.a].as_str(), names[s.plan.b].as_str());
            let row = Row {
                series_id: s.plan.id,
                round: s.plan.round,
                bot_a: a,
                bot_b: b,
                first_mover: if s.plan.first == Side::A { a } else { b },
                games: s.tally.games,
                a_points: points(s.tally.half_points[0] as u64),
                b_points: points(s.tally.half_points[1] as u64),
                winner: match s.result {
                    SeriesResult::Win(Side::A) => a,
                    SeriesResult::Win(Side::B) => b,
                    SeriesResult::Draw => "draw",
                },
                results: &s.games,
                pentanomial: if paired {
                    pentanomial_text(s.pentanomial())
                } else {
                    String::new()
                },
            };
            out.serialize(row)?;
        }
        Ok(())
    })
}

/// `series.csv`.
pub struct SeriesCsv;

impl super::SummaryWriter for SeriesCsv {
    fn write(&self, dir: &Path, results: &super::Results) -> Result<(), OutputError> {
        write(dir, results.names, results.series, results.paired)
    }
}

/// Five pentanomial counts as the files write them: space-separated, lowest first.
pub fn pentanomial_text(counts: [u64; 5]) -> String {
    counts.map(|c| c.to_string()).join(" ")
}
