//! The results page's grading: with a roster, a "Grades" tab listing every student of it
//! (rank, grade and why, a student who handed in nothing among them), the entries the
//! intake skipped with their reasons and whose they were, and a grade column in the
//! standings.
//!
//! It is one piece of the page (`grading.html`: its style, data and script) that is put
//! in only with a roster, after the page's own script: a page without a roster is byte
//! for byte what it is without this module. Its script adds the tab, the link to it and
//! the standings' column to what the page's script drew, and asks the page to show the
//! tab the address names again.

use serde::Serialize;

use super::{fill, script_json};
use crate::grading::bands::Bands;
use crate::grading::roster::Roster;
use crate::output::feedback::{file_name, Graded, DIR};
use crate::output::grades_csv::{not_submitted_explanation, Unplayable};
use crate::output::manifest::SkippedEntry;
use crate::standings::Status;

const TEMPLATE: &str = include_str!("grading.html");

/// One bot of the standings, in the page's order, as the grading sees it.
pub struct Ranked<'a> {
    /// Its name.
    pub bot: &'a str,
    /// A gauntlet reference (never a student's, never graded).
    pub reference: bool,
    /// Its rank.
    pub rank: usize,
    /// How it took part.
    pub status: Status,
    /// Its grade and why, with bands.
    pub graded: Option<Graded>,
}

/// One student of the roster.
#[derive(Serialize)]
struct StudentView {
    id: String,
    name: String,
    bot: String,
    /// Rank, when the student's module took part.
    rank: Option<usize>,
    /// `grades.csv`'s `status`.
    status: &'static str,
    grade: Option<String>,
    /// `grades.csv`'s `explanation`.
    why: String,
    /// The student's feedback page, relative to the results folder.
    page: String,
}

/// One entry the intake skipped.
#[derive(Serialize)]
struct SkippedView<'a> {
    file: &'a str,
    reason: &'a str,
    /// The student it would have been the module of (`Name (id)`), if any.
    student: Option<String>,
}

/// What the grading piece of the page shows.
#[derive(Serialize)]
struct GradingView<'a> {
    /// Whether grades were given (bands).
    graded: bool,
    /// The standings' grade column, row by row in the page's order (none for a bot that
    /// is no student's).
    standings: Vec<Option<String>>,
    students: Vec<StudentView>,
    skipped: Vec<SkippedView<'a>>,
}

/// The grading piece of a page whose standings are `ranked` (in the page's order), for
/// `roster` (the students), `bands` (their grades, if given), `unplayable` (the skipped
/// entries of each student with no module in the field) and `skipped` (every entry the
/// intake skipped). Empty without a roster.
pub fn piece(
    ranked: &[Ranked<'_>],
    roster: Option<&Roster>,
    bands: Option<&Bands>,
    unplayable: &Unplayable,
    skipped: &[SkippedEntry],
) -> String {
    let Some(roster) = roster else {
        return String::new();
    };
    let mut students = Vec::new();
    let mut standings = Vec::new();
    for r in ranked {
        let student = roster.student(r.bot).filter(|_| !r.reference);
        standings.push(student.and(r.graded.as_ref()).map(|g| g.grade.clone()));
        if let Some(s) = student {
            students.push(StudentView {
                id: s.id.clone(),
                name: s.name.clone(),
                bot: r.bot.to_string(),
                rank: Some(r.rank),
                status: r.status.name(),
                grade: r.graded.as_ref().map(|g| g.grade.clone()),
                why: r.graded.as_ref().map(|g| g.why.clone()).unwrap_or_default(),
                page: format!("{DIR}/{}", file_name(&s.id)),
            });
        }
    }
    let submitted = ranked.iter().filter(|r| !r.reference).map(|r| r.bot);
    let extra = roster.matching(submitted).extra;
    let mut owner = std::collections::BTreeMap::new();
    for s in &extra {
        let entries = unplayable.get(&s.bot);
        for e in entries.into_iter().flatten() {
            owner.insert(e.file.as_str(), format!("{} ({})", s.name, s.id));
        }
        students.push(StudentView {
            id: s.id.clone(),
            name: s.name.clone(),
            bot: s.bot.clone(),
            rank: None,
            status: "not_submitted",
            grade: bands.map(|b| b.lowest().to_string()),
            why: not_submitted_explanation(entries, bands.is_some()),
            page: format!("{DIR}/{}", file_name(&s.id)),
        });
    }
    let view = GradingView {
        graded: bands.is_some(),
        standings,
        students,
        skipped: skipped
            .iter()
            .map(|e| SkippedView {
                file: &e.file,
                reason: &e.reason,
                student: owner.get(e.file.as_str()).cloned(),
            })
            .collect(),
    };
    let data = script_json(&view);
    fill(TEMPLATE, &[("GRADING_DATA", &data)]).concat()
}
