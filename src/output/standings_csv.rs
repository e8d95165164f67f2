//! `standings.csv`, and the same standings as a table for people.

use std::fmt::Write as _;
use std::path::Path;

use super::{points, write_csv, OutputError};
use crate::bot::FaultKind;
use crate::grading::roster::Roster;
use crate::standings::Standing;

/// The file name inside the results folder.
pub const FILE: &str = "standings.csv";

/// The header, in column order (fault columns follow `FaultKind::ALL`).
pub fn header() -> Vec<String> {
    let mut h: Vec<String> = [
        "rank",
        "bot",
        "series_played",
        "series_won",
        "series_drawn",
        "series_lost",
        "series_points",
        "games_played",
        "games_won",
        "games_drawn",
        "games_lost",
        "game_points",
        "score_margin",
        "first_won",
        "first_drawn",
        "first_lost",
        "second_won",
        "second_drawn",
        "second_lost",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    h.extend(
        FaultKind::ALL
            .iter()
            .map(|k| format!("faults_{}", k.name())),
    );
    h.push("disqualified".to_string());
    h.push("role".to_string());
    h.push("student_id".to_string());
    h.extend(["rating", "rating_low", "rating_high"].map(String::from));
    h
}

fn record_row(s: &Standing, roster: Option<&Roster>) -> Vec<String> {
    let mut r = vec![
        if s.reference {
            String::new()
        } else {
            s.rank.to_string()
        },
        s.name.clone(),
        s.series.played().to_string(),
        s.series.wins.to_string(),
        s.series.draws.to_string(),
        s.series.losses.to_string(),
        points(s.series.half_points()),
        s.games.played().to_string(),
        s.games.wins.to_string(),
        s.games.draws.to_string(),
        s.games.losses.to_string(),
        points(s.games.half_points()),
        s.margin.to_string(),
        s.as_first.wins.to_string(),
        s.as_first.draws.to_string(),
        s.as_first.losses.to_string(),
        s.as_second.wins.to_string(),
        s.as_second.draws.to_string(),
        s.as_second.losses.to_string(),
    ];
    r.extend(
        FaultKind::ALL
            .iter()
            .map(|k| s.faults.get(k).copied().unwrap_or(0).to_string()),
    );
    r.push(s.disqualified.clone().unwrap_or_default());
    r.push(
        if s.reference {
            "reference"
        } else {
            "submission"
        }
        .to_string(),
    );
    // A reference is nobody's work, even when a student's module has its name.
    let student = roster
        .filter(|_| !s.reference)
        .and_then(|ro| ro.student(&s.name));
    r.push(student.map(|st| st.id.clone()).unwrap_or_default());
    r.extend(rating_cells(s));
    r
}

/// The rating columns of a standing: Elo and its 95% interval, one decimal; empty
/// before ratings are fitted.
pub fn rating_cells(s: &Standing) -> [String; 3] {
    match s.rating {
        Some(r) => r.map(super::ratings_csv::elo),
        None => Default::default(),
    }
}

/// Writes `standings.csv` atomically.
///
/// # Errors
/// [`OutputError`] when writing fails.
pub fn write(dir: &Path, table: &[Standing], roster: Option<&Roster>) -> Result<(), OutputError> {
    let path = dir.join(FILE);
    write_csv(&path, |out| {
        out.write_record(header())?;
        for s in table {
            out.write_record(record_row(s, roster))?;
        }
        Ok(())
    })
}

/// The standings as an aligned table for a terminal: `series pts` and `game pts` are
/// points (1 a win, ½ a draw), `series` and `games` the W-D-L records they come from, and
/// a line under the table says so.
pub fn table(table: &[Standing]) -> String {
    let width = table
        .iter()
        .map(|s| s.name.chars().count())
        .max()
        .unwrap_or(3)
        .max(3);
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{:>4}  {:<width$}  {:>10}  {:>9}  {:>8}  {:>9}  {:>8}  {:>6}  {:>21}",
        "rank",
        "bot",
        "series pts",
        "series",
        "game pts",
        "games",
        "margin",
        "faults",
        "rating (95%)"
    );
    for t in table {
        let faults: u32 = t.faults.values().sum();
        let _ = writeln!(
            s,
            "{:>4}  {:<width$}  {:>10}  {:>9}  {:>8}  {:>9}  {:>8}  {:>6}  {:>21}{}",
            if t.reference {
                "ref".to_string()
            } else {
                t.rank.to_string()
            },
            t.name,
            points(t.series.half_points()),
            format!("{}-{}-{}", t.series.wins, t.series.draws, t.series.losses),
            points(t.games.half_points()),
            format!("{}-{}-{}", t.games.wins, t.games.draws, t.games.losses),
            t.margin,
            faults,
            match t.rating {
                Some([r, lo, hi]) => {
                    format!("{} [{}, {}]", whole(r), whole(lo), whole(hi))
                }
                None => String::new(),
            },
            match &t.disqualified {
                Some(r) => format!("  disqualified: {r}"),
                None => String::new(),
            }
        );
    }
    s.push_str(LEGEND);
    s
}

/// An Elo figure rounded for a terminal, without the `-0` of a small negative number.
fn whole(elo: f64) -> String {
    let r = elo.round();
    format!("{:.0}", if r == 0.0 { 0.0 } else { r })
}

/// The line under the terminal standings that names what the columns hold.
pub const LEGEND: &str = "pts: points, 1 a win and 1/2 a draw, ranked by series pts first; \
series and games: won-drawn-lost; margin: own score minus the opponent's, over games\n";

/// `standings.csv`.
pub struct StandingsCsv;

impl super::SummaryWriter for StandingsCsv {
    fn write(&self, dir: &Path, results: &super::Results) -> Result<(), OutputError> {
        write(dir, results.standings, results.roster)
    }
}
