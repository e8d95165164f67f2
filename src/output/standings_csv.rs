//! `standings.csv`, and the same standings as a table for people.

use std::fmt::Write as _;
use std::path::Path;

use super::{points, write_csv, OutputError};
use crate::bot::FaultKind;
use crate::grading::roster::Roster;
use crate::standings::Standing;

/// The file name inside the results folder.
pub const FILE: &str = "standings.csv";

/// The core columns every `standings.csv` starts with, whatever the game's seats
/// (`docs/RESULTS.md`, "standings.csv"): `rank`, `bot`, the game record (`games`, `wins`,
/// `draws`, `losses`, `points`, `share`), the rating, a column per fault kind (in
/// `FaultKind::ALL`'s order), `disqualified`, `role`, `student_id`.
pub fn core_header() -> Vec<String> {
    let mut h: Vec<String> = [
        "rank",
        "bot",
        "games",
        "wins",
        "draws",
        "losses",
        "points",
        "share",
        "rating",
        "rating_low",
        "rating_high",
    ]
    .map(String::from)
    .to_vec();
    h.extend(
        FaultKind::ALL
            .iter()
            .map(|k| format!("faults_{}", k.name())),
    );
    h.extend(["disqualified", "role", "student_id"].map(String::from));
    h
}

/// The `seatK_games` group, one column per seat.
pub fn seat_games_header(seats: usize) -> Vec<String> {
    (1..=seats).map(|k| format!("seat{k}_games")).collect()
}

/// The header of a two-seat tournament's `standings.csv`: the core columns, the seats'
/// games, each seat's won/drawn/lost, and the series group.
pub fn header() -> Vec<String> {
    let mut h = core_header();
    h.extend(seat_games_header(2));
    for k in 1..=2 {
        h.extend(["wins", "draws", "losses"].map(|f| format!("seat{k}_{f}")));
    }
    h.extend(
        [
            "series",
            "series_wins",
            "series_draws",
            "series_losses",
            "series_points",
            "score_margin",
        ]
        .map(String::from),
    );
    h
}

/// A share of the points per game with three decimals (0 without games).
fn share(half_points: u64, games: u32) -> String {
    let x = if games == 0 {
        0.0
    } else {
        half_points as f64 / 2.0 / f64::from(games)
    };
    format!("{x:.3}")
}

/// The core cells of a row, in [`core_header`]'s order, from the figures every model has.
pub(crate) struct CoreCells<'a> {
    /// Rank (ignored for a reference).
    pub rank: usize,
    /// The bot.
    pub name: &'a str,
    /// A gauntlet reference.
    pub reference: bool,
    /// `games, wins, draws, losses, points, share`, as written.
    pub record: [String; 6],
    /// The rating cells.
    pub rating: [String; 3],
    /// Faults by kind.
    pub faults: &'a std::collections::BTreeMap<FaultKind, u32>,
    /// Why it was disqualified.
    pub disqualified: Option<&'a str>,
}

impl CoreCells<'_> {
    /// The cells, with the student id from `roster`.
    pub fn cells(self, roster: Option<&Roster>) -> Vec<String> {
        let mut r = vec![
            if self.reference {
                String::new()
            } else {
                self.rank.to_string()
            },
            self.name.to_string(),
        ];
        r.extend(self.record);
        r.extend(self.rating);
        r.extend(
            FaultKind::ALL
                .iter()
                .map(|k| self.faults.get(k).copied().unwrap_or(0).to_string()),
        );
        r.push(self.disqualified.unwrap_or_default().to_string());
        r.push(
            if self.reference {
                "reference"
            } else {
                "submission"
            }
            .to_string(),
        );
        // A reference is nobody's work, even when a student's module has its name.
        let student = roster
            .filter(|_| !self.reference)
            .and_then(|ro| ro.student(self.name));
        r.push(student.map(|st| st.id.clone()).unwrap_or_default());
        r
    }
}

fn record_row(s: &Standing, roster: Option<&Roster>) -> Vec<String> {
    let mut r = CoreCells {
        rank: s.rank,
        name: &s.name,
        reference: s.reference,
        record: [
            s.games.played().to_string(),
            s.games.wins.to_string(),
            s.games.draws.to_string(),
            s.games.losses.to_string(),
            points(s.games.half_points()),
            share(s.games.half_points(), s.games.played()),
        ],
        rating: rating_cells(s),
        faults: &s.faults,
        disqualified: s.disqualified.as_deref(),
    }
    .cells(roster);
    r.push(s.as_first.played().to_string());
    r.push(s.as_second.played().to_string());
    for side in [&s.as_first, &s.as_second] {
        r.extend([side.wins, side.draws, side.losses].map(|x| x.to_string()));
    }
    r.extend([
        s.series.played().to_string(),
        s.series.wins.to_string(),
        s.series.draws.to_string(),
        s.series.losses.to_string(),
        points(s.series.half_points()),
        s.margin.to_string(),
    ]);
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
