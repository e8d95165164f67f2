//! `feedback/<student_id>.md` of a table tournament: the page each student of the roster
//! gets, as for two seats (`super::feedback`, whose file names it shares): rank
//! and grade, the figures of `standings.csv`, the record in every role, the results
//! against every other bot met at a table, and every fault with the game, the seat, the
//! reason and the command that shows the game (`arena replay RESULTS GAME_ID --step`).
//! Text from outside is escaped as on a two-seat page ([`super::markdown`]).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::path::Path;

use super::feedback::{
    count, fault_words, faults_intro, file_name, page_head, write_not_submitted, Graded, DIR,
};
use super::{atomic, markdown, table_summary, OutputError};
use crate::grading::bands::Bands;
use crate::grading::roster::{Roster, Student};
use crate::record::{EndKind, GameRow};
use crate::table_stats::{TableStanding, TableStandings};

/// What one bot's results against another came to, over the games both sat at (as
/// opponents: teammates are not compared).
#[derive(Default)]
struct Meeting {
    games: u32,
    better: u32,
    equal: u32,
    worse: u32,
}

impl Meeting {
    fn points(&self) -> f64 {
        f64::from(self.better) + f64::from(self.equal) / 2.0
    }
}

/// Every other bot `me` met as an opponent, by name.
fn meetings<'a>(rows: &'a [GameRow], me: &str) -> BTreeMap<&'a str, Meeting> {
    let mut out: BTreeMap<&str, Meeting> = BTreeMap::new();
    for row in rows {
        let Some(mine) = row.seats.iter().position(|s| s.bot == me) else {
            continue;
        };
        let my = &row.seats[mine];
        for (k, other) in row.seats.iter().enumerate() {
            let teammates = my.team.is_some() && my.team == other.team;
            if k == mine || teammates || other.bot == me {
                continue;
            }
            let m = out.entry(other.bot.as_str()).or_default();
            m.games += 1;
            match my.rank.cmp(&other.rank) {
                std::cmp::Ordering::Less => m.better += 1,
                std::cmp::Ordering::Equal => m.equal += 1,
                std::cmp::Ordering::Greater => m.worse += 1,
            }
        }
    }
    out
}

/// One student's page.
fn page(
    s: &TableStandings,
    b: &TableStanding,
    rows: &[GameRow],
    roles: &[Option<&'static str>],
    student: &Student,
    grade: Option<&Graded>,
) -> String {
    let ranked = s.bots.iter().filter(|t| !t.reference).count();
    let seats = roles.len();
    let mut out = page_head(student, &b.name, b.rank, ranked, grade);
    if seats == 1 {
        let _ = writeln!(
            out,
            "- {} played alone, mean score {:.3}",
            count(b.games, "board"),
            b.mean_score
        );
    } else {
        let _ = writeln!(
            out,
            "- {} at tables of {seats}, ranked first in {}; mean rank {:.3}, mean score {:.3}",
            count(b.games, "game"),
            b.wins,
            b.mean_rank,
            b.mean_score
        );
    }
    match (s.leaderboard, b.rating) {
        (true, Some((x, i))) => {
            let _ = writeln!(
                out,
                "- mean score over the boards every bot played: {x:.3} (95% interval {:.3} to {:.3})",
                i.low, i.high
            );
        }
        (false, Some((x, i))) => {
            let _ = writeln!(
                out,
                "- points {:.3} ({:.3} a game: 1 for each other seat you ranked better than, 1/2 for an equal rank); rating {x:.1} Elo (95% interval {:.1} to {:.1})",
                b.points,
                b.share(),
                i.low,
                i.high
            );
        }
        _ => {}
    }
    if let Some(why) = &b.disqualified {
        let _ = writeln!(out, "- **disqualified**: {}", markdown::escape(why));
    }
    if !b.roles.is_empty() {
        let _ = writeln!(
            out,
            "\n## In each role\n\n| role | games | won | mean round the games ended |\n|---|---:|---:|---:|"
        );
        for r in &b.roles {
            let round = r.mean_round.map_or("-".to_string(), |x| format!("{x:.3}"));
            let _ = writeln!(out, "| {} | {} | {} | {round} |", r.role, r.games, r.wins);
        }
    }
    let mine: Vec<&GameRow> = rows
        .iter()
        .filter(|r| r.seats.iter().any(|t| t.bot == b.name))
        .collect();
    if seats > 1 {
        let _ = writeln!(
            out,
            "\n## Against each other bot\n\nOver the games you both played as opponents: how often you ranked better, level or worse.\n\n| bot | games | better | level | worse | points |\n|---|---:|---:|---:|---:|---:|"
        );
        for (other, m) in meetings(rows, &b.name) {
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} | {} | {:.1} |",
                markdown::escape(other),
                m.games,
                m.better,
                m.equal,
                m.worse,
                m.points()
            );
        }
    }
    let _ = writeln!(out, "\n## Faults\n");
    let faults: Vec<(&GameRow, usize)> = mine
        .iter()
        .filter_map(|r| {
            let seat = r.culprit?;
            let faulted = r.seats.get(seat).is_some_and(|t| t.bot == b.name);
            (faulted && matches!(r.end, EndKind::Fault(_))).then_some((*r, seat))
        })
        .collect();
    out.push_str(&faults_intro(faults.is_empty(), b.disqualified.as_deref()));
    for (r, seat) in faults {
        let others: Vec<String> = r
            .seats
            .iter()
            .enumerate()
            .filter(|&(k, _)| k != seat)
            .map(|(_, t)| markdown::escape(&t.bot))
            .collect();
        let role = roles
            .get(seat)
            .copied()
            .flatten()
            .map_or(String::new(), |r| format!(", {r}"));
        let with = if others.is_empty() {
            String::new()
        } else {
            format!(" with {}", others.join(", "))
        };
        let _ = writeln!(
            out,
            "- game {} (you were seat {}{role}{with}; {}x{} board), after {}: {}",
            r.game_id,
            seat + 1,
            r.rows,
            r.cols,
            count(r.moves, "move"),
            fault_words(&r.end, &r.reason)
        );
        let _ = writeln!(
            out,
            "  - see it move by move: `arena replay RESULTS {} --step`",
            r.game_id
        );
    }
    out
}

/// Writes one page per student of `roster`, quoting the grade `grades.csv` gives under
/// `bands` with its basis (none without bands): the results of a module that took part,
/// or what was skipped of a student's with none (`unplayable`); pages of ids no longer
/// on the roster are left alone.
///
/// # Errors
/// [`OutputError`] naming the file when writing a page fails.
pub fn write(
    dir: &Path,
    standings: &TableStandings,
    rows: &[GameRow],
    roles: &[Option<&'static str>],
    roster: &Roster,
    bands: Option<&Bands>,
    unplayable: &super::grades_csv::Unplayable,
) -> Result<(), OutputError> {
    let folder = dir.join(DIR);
    fs::create_dir_all(&folder).map_err(|e| OutputError::io(&folder, e))?;
    let mut names = Vec::new();
    for b in standings.bots.iter().filter(|b| !b.reference) {
        names.push(b.name.as_str());
        if let Some(student) = roster.student(&b.name) {
            let grade = bands.map(|bands| table_summary::graded_of(bands, standings, b));
            let text = page(standings, b, rows, roles, student, grade.as_ref());
            atomic::write(&folder.join(file_name(&student.id)), text.as_bytes())?;
        }
    }
    write_not_submitted(&folder, roster, names, bands, unplayable)
}
