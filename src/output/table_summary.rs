//! The summary files of a table tournament (`docs/RESULTS.md`, "Table tournaments"):
//! `standings.csv`, `fairness.csv` (one row per seat), `grades.csv` with a roster, and the
//! standings as a table for people.

use std::fmt::Write as _;
use std::path::Path;

use super::{ratings_csv::elo, write_csv, OutputError};
use crate::grading::bands::{Bands, Measure};
use crate::grading::roster::Roster;
use crate::standings::Status;
use crate::table_stats::{TableStanding, TableStandings};

/// The standings file.
pub const STANDINGS: &str = "standings.csv";
/// The per-seat file.
pub const FAIRNESS: &str = "fairness.csv";
/// The grades file.
pub const GRADES: &str = "grades.csv";

/// A figure with three decimals.
fn f3(x: f64) -> String {
    let s = format!("{x:.3}");
    if s == "-0.000" {
        "0.000".to_string()
    } else {
        s
    }
}

/// The names of a role's two figures: what winning in it means, and its time figure.
pub fn role_columns(role: &str) -> [String; 3] {
    match role {
        "pursuer" => [
            "pursuer_games".into(),
            "pursuer_captures".into(),
            "pursuer_mean_capture_round".into(),
        ],
        "evader" => [
            "evader_games".into(),
            "evader_escapes".into(),
            "evader_mean_survival".into(),
        ],
        other => [
            format!("{other}_games"),
            format!("{other}_wins"),
            format!("{other}_mean_round"),
        ],
    }
}

/// A standing's rating cells: Elo with one decimal (two or more seats), else empty.
fn rating_cells(s: &TableStandings, b: &TableStanding) -> [String; 3] {
    match b.rating {
        Some((x, i)) if !s.leaderboard => [elo(x), elo(i.low), elo(i.high)],
        _ => Default::default(),
    }
}

/// A one-seat leaderboard's mean-score cells, three decimals (empty before it is fitted).
fn board_cells(b: &TableStanding) -> [String; 3] {
    match b.rating {
        Some((x, i)) => [f3(x), f3(i.low), f3(i.high)],
        None => Default::default(),
    }
}

/// The header of a table tournament's `standings.csv`: the core columns, the seats'
/// games, `mean_rank` and `mean_score`, the board group of a one-seat leaderboard, and
/// the role groups.
pub fn standings_header(s: &TableStandings) -> Vec<String> {
    let mut h = super::standings_csv::core_header();
    h.extend(super::standings_csv::seat_games_header(s.seats.len()));
    h.extend(["mean_rank", "mean_score"].map(String::from));
    if s.leaderboard {
        h.extend(
            [
                "board_mean_score",
                "board_mean_score_low",
                "board_mean_score_high",
            ]
            .map(String::from),
        );
    }
    let roles = s
        .bots
        .first()
        .map(|b| b.roles.as_slice())
        .unwrap_or_default();
    for r in roles {
        h.extend(role_columns(r.role));
    }
    h
}

/// Writes `standings.csv`: one row per bot, best first.
///
/// # Errors
/// [`OutputError`] when writing fails.
pub fn write_standings(
    dir: &Path,
    s: &TableStandings,
    roster: Option<&Roster>,
) -> Result<(), OutputError> {
    write_csv(&dir.join(STANDINGS), |out| {
        out.write_record(standings_header(s))?;
        for b in &s.bots {
            let outright = b.wins - b.shared_wins;
            let mut r = super::standings_csv::CoreCells {
                rank: b.rank as usize,
                name: &b.name,
                reference: b.reference,
                record: [
                    b.games.to_string(),
                    outright.to_string(),
                    b.shared_wins.to_string(),
                    (b.games - b.wins).to_string(),
                    f3(b.points),
                    f3(b.share()),
                ],
                rating: rating_cells(s, b),
                faults: &b.faults,
                disqualified: b.disqualified.as_deref(),
            }
            .cells(roster);
            r.extend(b.seat_games.iter().map(u32::to_string));
            r.extend([f3(b.mean_rank), f3(b.mean_score)]);
            if s.leaderboard {
                r.extend(board_cells(b));
            }
            for role in &b.roles {
                r.push(role.games.to_string());
                r.push(role.wins.to_string());
                r.push(role.mean_round.map(f3).unwrap_or_default());
            }
            out.write_record(r)?;
        }
        Ok(())
    })
}

/// Writes `fairness.csv`: one row per seat.
///
/// # Errors
/// [`OutputError`] when writing fails.
pub fn write_fairness(dir: &Path, s: &TableStandings) -> Result<(), OutputError> {
    write_csv(&dir.join(FAIRNESS), |out| {
        out.write_record([
            "seat",
            "role",
            "games",
            "wins",
            "win_rate",
            "share",
            "mean_rank",
            "mean_score",
        ])?;
        for seat in &s.seats {
            let rate = if seat.games == 0 {
                0.0
            } else {
                f64::from(seat.wins) / f64::from(seat.games)
            };
            out.write_record([
                seat.seat.to_string(),
                seat.role.unwrap_or("").to_string(),
                seat.games.to_string(),
                seat.wins.to_string(),
                f3(rate),
                f3(seat.share),
                f3(seat.mean_rank),
                f3(seat.mean_score),
            ])?;
        }
        Ok(())
    })
}

/// The measure a band compares for a bot: the share of ranked bots (builtins in the field
/// included, gauntlet references never) it finished
/// ahead of or level with (its competition rank: bots level on every figure of
/// [`crate::table_stats::rank_key`] share the best), or its points per game (a
/// leaderboard's mean score).
fn measure(kind: Measure, s: &TableStandings, b: &TableStanding) -> (f64, u32) {
    let rank = b.rank;
    let n = s.bots.iter().filter(|t| !t.reference).count().max(1) as f64;
    match kind {
        Measure::Percentile => ((n - f64::from(rank) + 1.0) / n, rank),
        Measure::Score if s.leaderboard => (b.mean_score.clamp(0.0, 1.0), b.rank),
        Measure::Score => (b.share(), b.rank),
    }
}

/// What a measure is, in words, for the `measure_basis` column: as in the two-seat file
/// for a percentile; for `score`, the table's points per game (or a leaderboard's mean
/// score), which are not the two-seat file's game points.
pub fn basis_words(kind: Measure, leaderboard: bool) -> &'static str {
    match kind {
        Measure::Percentile => "percentile of rank",
        Measure::Score if leaderboard => "mean score per board",
        Measure::Score => "points per game",
    }
}

/// The grade of one submission and why, in words, as the two-seat file gives them: the
/// lowest band for a bot that never loaded or faulted in every game it played, else the
/// band its measure `m` (from rank `rank`) reaches.
fn graded(
    bands: &Bands,
    s: &TableStandings,
    b: &TableStanding,
    m: f64,
    rank: u32,
) -> (String, String) {
    match b.status() {
        Status::Disqualified => (
            bands.lowest().to_string(),
            "never loaded (disqualified): the lowest band".to_string(),
        ),
        Status::Faulted => (
            bands.lowest().to_string(),
            "faulted in every game it played: the lowest band".to_string(),
        ),
        Status::Played => {
            let band = bands.band(m);
            let ranked = s.bots.iter().filter(|t| !t.reference).count();
            let level = s
                .bots
                .iter()
                .filter(|t| !t.reference && t.rank == rank)
                .count();
            let source = match bands.measure {
                Measure::Percentile if level > 1 => {
                    format!("rank {rank} of {ranked} (shared by {level} level bots)")
                }
                Measure::Percentile => format!("rank {rank} of {ranked}"),
                Measure::Score if s.leaderboard => {
                    format!("mean score {} over {} boards", f3(b.mean_score), b.games)
                }
                Measure::Score => format!("{} points in {} games", f3(b.points), b.games),
            };
            (
                band.grade.clone(),
                format!(
                    "{source}: {} {} reaches band `{}` (min {})",
                    basis_words(bands.measure, s.leaderboard),
                    f3(m),
                    band.grade,
                    band.min
                ),
            )
        }
    }
}

/// The grade of submission `b` under `bands` and its basis, as `grades.csv` gives them
/// (the feedback pages quote them from here, not from the file).
pub fn graded_of(bands: &Bands, s: &TableStandings, b: &TableStanding) -> super::feedback::Graded {
    let (m, rank) = measure(bands.measure, s, b);
    let (grade, why) = graded(bands, s, b, m, rank);
    super::feedback::Graded { grade, why }
}

/// Writes `grades.csv`: one row per student of the roster, the submissions in rank order,
/// then the students who handed nothing in (a gauntlet reference is never one of them,
/// even when a student's module has its name). Columns as the two-seat file's
/// ([`crate::output::grades_csv::write`]), with `points` and `share` in place of the
/// rating and the series and game points: `student_id, name, bot, submitted, rank,
/// points, share, games_played, faults, disqualified, measure, grade, status,
/// measure_basis, measure_rank, ranked, explanation`. The lowest band goes to a module
/// that never loaded, one that faulted in every game it played and a student who handed
/// nothing in.
///
/// # Errors
/// [`OutputError`] when writing fails.
pub fn write_grades(
    dir: &Path,
    s: &TableStandings,
    roster: &Roster,
    bands: Option<&Bands>,
    unplayable: &super::grades_csv::Unplayable,
) -> Result<(), OutputError> {
    let ranked = s.bots.iter().filter(|b| !b.reference).count();
    write_csv(&dir.join(GRADES), |out| {
        out.write_record([
            "student_id",
            "name",
            "bot",
            "submitted",
            "rank",
            "points",
            "share",
            "games_played",
            "faults",
            "disqualified",
            "measure",
            "grade",
            "status",
            "measure_basis",
            "measure_rank",
            "ranked",
            "explanation",
        ])?;
        for b in s.bots.iter().filter(|b| !b.reference) {
            let Some(student) = roster.student(&b.name) else {
                continue;
            };
            let (m, grade, basis, rank, why) = match bands {
                Some(bands) => {
                    let (m, rank) = measure(bands.measure, s, b);
                    let (grade, why) = graded(bands, s, b, m, rank);
                    (
                        f3(m),
                        grade,
                        basis_words(bands.measure, s.leaderboard).to_string(),
                        rank.to_string(),
                        why,
                    )
                }
                None => Default::default(),
            };
            out.write_record([
                student.id.clone(),
                student.name.clone(),
                b.name.clone(),
                "yes".into(),
                b.rank.to_string(),
                f3(b.points),
                f3(b.share()),
                b.games.to_string(),
                b.faults.values().sum::<u32>().to_string(),
                b.disqualified.clone().unwrap_or_default(),
                m,
                grade,
                b.status().name().to_string(),
                basis,
                rank,
                ranked.to_string(),
                why,
            ])?;
        }
        // Only the submissions: a student whose module is named like a reference handed
        // in nothing.
        let names: Vec<&str> = s
            .bots
            .iter()
            .filter(|b| !b.reference)
            .map(|b| b.name.as_str())
            .collect();
        for student in roster.matching(names).extra {
            let why = super::grades_csv::not_submitted_explanation(
                unplayable.get(&student.bot),
                bands.is_some(),
            );
            let (m, grade, basis) = match bands {
                Some(b) => (
                    "0.000",
                    b.lowest().to_string(),
                    basis_words(b.measure, s.leaderboard),
                ),
                None => ("", String::new(), ""),
            };
            out.write_record([
                student.id.as_str(),
                &student.name,
                &student.bot,
                "no",
                "",
                "",
                "",
                "0",
                "",
                "",
                m,
                &grade,
                "not_submitted",
                basis,
                "",
                &ranked.to_string(),
                &why,
            ])?;
        }
        Ok(())
    })
}

/// The standings as a table for people.
pub fn table(s: &TableStandings) -> String {
    let mut out = String::new();
    let width = s
        .bots
        .iter()
        .map(|b| b.name.chars().count())
        .max()
        .unwrap_or(3)
        .max(3);
    let rank = |b: &TableStanding| {
        if b.reference {
            "ref".to_string()
        } else {
            b.rank.to_string()
        }
    };
    let rating = |b: &TableStanding| match if s.leaderboard {
        board_cells(b)
    } else {
        rating_cells(s, b)
    } {
        [x, lo, hi] if !x.is_empty() => format!("{x} [{lo}, {hi}]"),
        _ => String::new(),
    };
    let note = |b: &TableStanding| {
        if b.disqualified.is_some() {
            "  (disqualified)"
        } else {
            ""
        }
    };
    if s.leaderboard {
        let _ = writeln!(
            out,
            "{:>4}  {:<width$}  {:>5}  mean score [95%]",
            "rank", "bot", "games"
        );
        for b in &s.bots {
            let _ = writeln!(
                out,
                "{:>4}  {:<width$}  {:>5}  {}{}",
                rank(b),
                b.name,
                b.games,
                rating(b),
                note(b)
            );
        }
        let _ = writeln!(
            out,
            "one seat: every bot played the same boards, ranked by its mean score"
        );
        return out;
    }
    let seat_head: String = (1..=s.seats.len())
        .map(|k| format!("{:>4}", format!("s{k}")))
        .collect::<Vec<_>>()
        .join(" ");
    let _ = writeln!(
        out,
        "{:>4}  {:<width$}  {:>5}  {seat_head}  {:>5}  {:>7}  {:>6}  {:>9}  rating [95%]",
        "rank", "bot", "games", "wins", "points", "share", "mean rank",
    );
    for b in &s.bots {
        let seats = b
            .seat_games
            .iter()
            .map(|g| format!("{g:>4}"))
            .collect::<Vec<_>>()
            .join(" ");
        let _ = writeln!(
            out,
            "{:>4}  {:<width$}  {:>5}  {seats}  {:>5}  {:>7}  {:>6}  {:>9}  {}{}",
            rank(b),
            b.name,
            b.games,
            b.wins,
            f3(b.points),
            f3(b.share()),
            f3(b.mean_rank),
            rating(b),
            note(b)
        );
    }
    let _ = writeln!(
        out,
        "s1.. = games per seat; points: against every other seat (not a teammate) 1 for a better rank, 1/2 equal, 0 worse, averaged per game"
    );
    out
}
