//! `grades.csv`: one row per student of the roster.

use std::path::Path;

use super::{points, write_csv, OutputError};
use crate::grading::bands::{Bands, Measure};
use crate::grading::roster::Roster;
use crate::tournament::standings::Standing;

/// The file name inside the results folder.
pub const FILE: &str = "grades.csv";

/// The measure a band compares for one standing: see [`Measure`]. For percentiles, bots
/// level on everything the ranking compares but the name share the best of their ranks,
/// so that alphabetical order never decides a grade.
pub fn measure(kind: Measure, s: &Standing, table: &[Standing]) -> f64 {
    match kind {
        Measure::Percentile => {
            let submissions: Vec<&Standing> = table.iter().filter(|t| !t.reference).collect();
            let level = |t: &Standing| {
                (t.series.half_points(), t.games.half_points(), t.margin)
                    == (s.series.half_points(), s.games.half_points(), s.margin)
            };
            let rank = submissions
                .iter()
                .filter(|t| level(t))
                .map(|t| t.rank)
                .min()
                .unwrap_or(s.rank);
            let n = submissions.len().max(1) as f64;
            (n - rank as f64 + 1.0) / n
        }
        Measure::Score => s.games.half_points() as f64 / (2.0 * s.games.played().max(1) as f64),
    }
}

/// Writes `grades.csv` atomically: every roster student, in rank order, then the students
/// who handed nothing in. Columns: `student_id, name, bot, submitted` (`yes`/`no`),
/// `rank, rating, rating_low, rating_high, series_points, game_points, games_played, faults, disqualified, measure` (three
/// decimals, per the bands' `measure`; empty without bands), `grade` (empty without
/// bands; the lowest band for a student who handed nothing in).
///
/// # Errors
/// [`OutputError`] when writing fails.
pub fn write(
    dir: &Path,
    table: &[Standing],
    roster: &Roster,
    bands: Option<&Bands>,
) -> Result<(), OutputError> {
    let path = dir.join(FILE);
    write_csv(&path, |out| {
        out.write_record([
            "student_id",
            "name",
            "bot",
            "submitted",
            "rank",
            "rating",
            "rating_low",
            "rating_high",
            "series_points",
            "game_points",
            "games_played",
            "faults",
            "disqualified",
            "measure",
            "grade",
        ])?;
        for s in table.iter().filter(|s| !s.reference) {
            let rating = super::standings_csv::rating_cells(s);
            let Some(student) = roster.student(&s.name) else {
                continue;
            };
            let (m, grade) = match bands {
                Some(b) => {
                    let m = measure(b.measure, s, table);
                    (format!("{m:.3}"), b.grade(m).to_string())
                }
                None => (String::new(), String::new()),
            };
            out.write_record([
                student.id.clone(),
                student.name.clone(),
                s.name.clone(),
                "yes".to_string(),
                s.rank.to_string(),
                rating[0].clone(),
                rating[1].clone(),
                rating[2].clone(),
                points(s.series.half_points()),
                points(s.games.half_points()),
                s.games.played().to_string(),
                s.faults.values().sum::<u32>().to_string(),
                s.disqualified.clone().unwrap_or_default(),
                m,
                grade,
            ])?;
        }
        let names: Vec<&str> = table.iter().map(|s| s.name.as_str()).collect();
        for student in roster.matching(names).extra {
            let grade = bands.map(|b| b.grade(0.0).to_string()).unwrap_or_default();
            let m = if bands.is_some() { "0.000" } else { "" };
            out.write_record([
                student.id.as_str(),
                &student.name,
                &student.bot,
                "no",
                "",
                "",
                "",
                "",
                "",
                "",
                "0",
                "",
                "",
                m,
                &grade,
            ])?;
        }
        Ok(())
    })
}
