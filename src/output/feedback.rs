//! `feedback/<student_id>.md`: one page per student of the roster: rank and grade, results
//! against each opponent, every fault with the game, the move and the reason, and the
//! command that shows that game locally (`arena replay RESULTS GAME_ID --step`, RESULTS
//! standing for the results folder, so that a page does not depend on where it was written
//! and `arena verify` reproduces it).
//!
//! Everything on a page that comes from outside (bot names, the roster's names and ids,
//! grades, reasons quoting a module) goes through [`markdown::escape`] (or
//! [`markdown::code`]), so it renders as its own text and cannot break a table or add a
//! link or HTML.
//!
//! Written with the other summaries whenever a roster is given (by `arena tournament` and
//! by `arena standings --roster`); each page is replaced atomically, and pages of students
//! no longer on the roster are left alone.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::path::Path;

use super::{atomic, grades_csv, markdown, points, OutputError, Results, SummaryWriter};
use crate::grading::roster::Student;
use crate::record::{EndKind, GameRow};
use crate::series::{SeriesResult, Side};
use crate::standings::{Record, Standing};

/// The folder inside the results folder.
pub const DIR: &str = "feedback";

/// The longest file name stem kept whole; a longer one is cut to [`CUT_STEM_BYTES`] and
/// given a hash suffix, so that every page's name fits the 255 bytes file systems allow.
const MAX_STEM_BYTES: usize = 200;

/// Bytes of a long stem kept before its hash suffix.
const CUT_STEM_BYTES: usize = 160;

/// A student id as a file name, one to one: ASCII letters, digits, `-` and `_` are kept;
/// every other byte (path separators, `.`, spaces, control characters, `%`, `~`,
/// non-ASCII) becomes `%XX`, so no id can leave the folder, name a hidden file, or share
/// a page with another id. A name that would pass 200 bytes (a long id, or a
/// non-Latin one, whose every byte takes three) is cut to its first 160
/// (never inside a `%XX`) followed by `~` and the first 32 hex digits of the id's
/// SHA-256: still one to one (no uncut name holds a `~`), at most 199 bytes with `.md`,
/// and the page itself names the full id.
pub fn file_name(student_id: &str) -> String {
    let mut s = String::new();
    for b in student_id.bytes() {
        if b.is_ascii_alphanumeric() || b == b'-' || b == b'_' {
            s.push(b as char);
        } else {
            let _ = write!(s, "%{b:02X}");
        }
    }
    if s.is_empty() {
        s.push('%');
    }
    if s.len() > MAX_STEM_BYTES {
        let mut cut = CUT_STEM_BYTES;
        // Back to the start of an escape the cut would split.
        if let Some(p) = s[cut.saturating_sub(2)..cut].rfind('%') {
            cut = cut - 2 + p;
        }
        use sha2::Digest as _;
        let digest = sha2::Sha256::digest(student_id.as_bytes());
        s = format!("{}~{}", &s[..cut], hex::encode(&digest[..16]));
    }
    format!("{s}.md")
}

fn wdl(r: &Record) -> String {
    format!("{}-{}-{}", r.wins, r.draws, r.losses)
}

/// A grade and why it was given, as `grades.csv`'s `grade` and `explanation` have them.
#[derive(Clone, Debug, PartialEq)]
pub struct Graded {
    /// The grade.
    pub grade: String,
    /// Its basis in words (`rank 2 of 5: percentile of rank 0.800 reaches band `B` (min
    /// 0.65)`).
    pub why: String,
}

/// `n` and the noun, singular for one (`1 move`, `2 moves`).
pub(crate) fn count(n: impl Into<u64>, noun: &str) -> String {
    let n = n.into();
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// A page's title and its first lines: who, which bot, the rank among `ranked` and the
/// grade with its basis (two seats and tables alike).
pub(crate) fn page_head(
    student: &Student,
    bot: &str,
    rank: impl std::fmt::Display,
    ranked: usize,
    grade: Option<&Graded>,
) -> String {
    let mut out = format!(
        "# {} ({}): bot {}\n\n",
        markdown::escape(&student.name),
        markdown::escape(&student.id),
        markdown::code(bot)
    );
    let _ = write!(out, "- **Rank {rank} of {ranked}**");
    grade_lines(&mut out, grade);
    out
}

/// The end of a page's first line: the grade, and a line with its basis.
fn grade_lines(out: &mut String, grade: Option<&Graded>) {
    match grade {
        Some(g) => {
            let _ = writeln!(out, ", grade **{}**", markdown::escape(&g.grade));
            let _ = writeln!(
                out,
                "- how the grade was given: {}",
                markdown::escape(&g.why)
            );
        }
        None => out.push('\n'),
    }
}

/// The page of a student of the roster with no module in the field (two seats and
/// tables alike): what they handed in that was skipped and why, and the grade.
pub(crate) fn not_submitted_page(
    student: &Student,
    entries: Option<&Vec<super::manifest::SkippedEntry>>,
    grade: Option<&Graded>,
) -> String {
    let mut out = format!(
        "# {} ({}): no bot played\n\n- **Not ranked**",
        markdown::escape(&student.name),
        markdown::escape(&student.id),
    );
    grade_lines(&mut out, grade);
    let _ = writeln!(
        out,
        "- no module {} took part in the tournament: see below what was handed in.",
        markdown::code(&student.bot)
    );
    let _ = writeln!(out, "\n## What was handed in\n");
    match entries.filter(|e| !e.is_empty()) {
        None => {
            let _ = writeln!(
                out,
                "Nothing the tournament could match to you: no file or folder named {} (the roster's file for you).",
                markdown::code(&student.bot)
            );
        }
        Some(entries) => {
            for e in entries {
                let _ = writeln!(
                    out,
                    "- {}: skipped: {}",
                    markdown::code(&e.file),
                    markdown::escape(&e.reason)
                );
            }
            let _ = writeln!(
                out,
                "\nA submission is one `.wasm`, `.wat` or `.py` file, or a folder holding exactly one; check yours with `arena check FILE`."
            );
        }
    }
    out
}

/// The line under a page's "Faults" heading: none (or why there were none: a module
/// that never loaded played no move), or what RESULTS in the commands means.
pub(crate) fn faults_intro(none: bool, disqualified: Option<&str>) -> String {
    match (none, disqualified) {
        (true, Some(why)) => format!(
            "None during play: your module never loaded, so it forfeited every game (disqualified: {}). Run `arena check` on it to see why.\n",
            markdown::escape(why)
        ),
        (true, None) => "None: every game of yours ended under the rules.\n".to_string(),
        (false, _) => {
            "In the commands, RESULTS is the results folder (the one that holds `feedback/`).\n\n"
                .to_string()
        }
    }
}

/// How a fault is shown: its kind in bold and the reason, without the kind said twice
/// when the reason starts with it (`**trap**: unreachable`, not `**trap**: trap: …`).
pub(crate) fn fault_words(end: &EndKind, reason: &str) -> String {
    let kind = end.to_string();
    let reason = reason
        .strip_prefix(kind.as_str())
        .and_then(|r| r.strip_prefix(": "))
        .unwrap_or(reason);
    format!("**{kind}**: {}", markdown::escape(reason))
}

/// One student's page.
fn page(results: &Results, s: &Standing, student: &Student, grade: Option<&Graded>) -> String {
    let ranked = results.standings.iter().filter(|t| !t.reference).count();
    let mut out = page_head(student, &s.name, s.rank, ranked, grade);
    let _ = writeln!(
        out,
        "- series points {} (won-drawn-lost {}), game points {} ({}), score margin {}",
        points(s.series.half_points()),
        wdl(&s.series),
        points(s.games.half_points()),
        wdl(&s.games),
        s.margin
    );
    if let Some(why) = &s.disqualified {
        let _ = writeln!(out, "- **disqualified**: {}", markdown::escape(why));
    }
    // Per opponent: series points from the series, game points from the rows.
    let mut by_opponent: BTreeMap<&str, (u64, Record)> = BTreeMap::new();
    for series in results.series {
        let (a, b) = (&results.names[series.plan.a], &results.names[series.plan.b]);
        let (me, opponent) = if *a == s.name {
            (Side::A, b)
        } else if *b == s.name {
            (Side::B, a)
        } else {
            continue;
        };
        let half = match series.result {
            SeriesResult::Win(w) if w == me => 2,
            SeriesResult::Win(_) => 0,
            SeriesResult::Draw => 1,
        };
        by_opponent.entry(opponent.as_str()).or_default().0 += half;
    }
    let mine: Vec<&GameRow> = results
        .rows
        .iter()
        .filter(|r| r.seat_of(&s.name).is_some())
        .collect();
    for r in &mine {
        let seat = usize::from(r.bot(1) == s.name);
        let opponent = r.bot(1 - seat);
        by_opponent
            .entry(opponent)
            .or_default()
            .1
            .add(r.half_points()[seat]);
    }
    let _ = writeln!(out, "\n## Against each opponent\n");
    let _ = writeln!(
        out,
        "| opponent | series points | game points | games won-drawn-lost |\n|---|---:|---:|---:|"
    );
    for (opponent, (series, games)) in &by_opponent {
        let _ = writeln!(
            out,
            "| {} | {} | {} of {} | {} |",
            markdown::escape(opponent),
            points(*series),
            points(games.half_points()),
            games.played(),
            wdl(games)
        );
    }
    let _ = writeln!(out, "\n## Faults\n");
    let faults: Vec<&&GameRow> = mine
        .iter()
        .filter(|r| r.culprit_bot() == Some(s.name.as_str()) && matches!(r.end, EndKind::Fault(_)))
        .collect();
    out.push_str(&faults_intro(faults.is_empty(), s.disqualified.as_deref()));
    for r in faults {
        let (seat, opponent) = if r.bot(0) == s.name {
            (1, r.bot(1))
        } else {
            (2, r.bot(0))
        };
        let _ = writeln!(
            out,
            "- game {} against {} (you were seat {seat}, {}x{} board), after {}: {}",
            r.game_id,
            markdown::escape(opponent),
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

/// The [`SummaryWriter`] of `feedback/`: with a roster, one page per student of it, a
/// student with no module in the field included (what was skipped of theirs and why).
pub struct FeedbackFiles;

impl SummaryWriter for FeedbackFiles {
    fn write(&self, dir: &Path, results: &Results) -> Result<(), OutputError> {
        let Some(roster) = results.roster else {
            return Ok(());
        };
        let folder = dir.join(DIR);
        fs::create_dir_all(&folder).map_err(|e| OutputError::io(&folder, e))?;
        let mut names = Vec::new();
        for s in results.standings.iter().filter(|s| !s.reference) {
            names.push(s.name.as_str());
            if let Some(student) = roster.student(&s.name) {
                let grade = results
                    .bands
                    .map(|bands| grades_csv::graded_of(bands, s, results.standings));
                let text = page(results, s, student, grade.as_ref());
                atomic::write(&folder.join(file_name(&student.id)), text.as_bytes())?;
            }
        }
        write_not_submitted(&folder, roster, names, results.bands, results.unplayable)
    }
}

/// Writes the page of every student of `roster` with no module among `names` (the
/// field's submissions), two seats and tables alike.
///
/// # Errors
/// [`OutputError`] naming the page that could not be written.
pub(crate) fn write_not_submitted<'a>(
    folder: &Path,
    roster: &crate::grading::roster::Roster,
    names: impl IntoIterator<Item = &'a str>,
    bands: Option<&crate::grading::bands::Bands>,
    unplayable: &grades_csv::Unplayable,
) -> Result<(), OutputError> {
    for student in roster.matching(names).extra {
        let entries = unplayable.get(&student.bot);
        let grade = bands.map(|b| Graded {
            grade: b.lowest().to_string(),
            why: grades_csv::not_submitted_explanation(entries, true),
        });
        let text = not_submitted_page(&student, entries, grade.as_ref());
        atomic::write(&folder.join(file_name(&student.id)), text.as_bytes())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_singular_for_one_and_faults_say_their_kind_once() {
        assert_eq!(count(1u32, "move"), "1 move");
        assert_eq!(count(0u32, "move"), "0 moves");
        assert_eq!(count(12u32, "game"), "12 games");
        let trap = EndKind::Fault(crate::bot::FaultKind::Trap);
        assert_eq!(
            fault_words(&trap, "trap: unreachable"),
            "**trap**: unreachable"
        );
        assert_eq!(fault_words(&trap, "out of fuel"), "**trap**: out of fuel");
        assert!(faults_intro(true, Some("not WebAssembly")).contains("never loaded"));
        assert!(!faults_intro(true, Some("x")).starts_with("None:"));
    }

    #[test]
    fn ids_become_safe_distinct_file_names() {
        assert_eq!(file_name("s123"), "s123.md");
        assert_eq!(file_name("a_b-9"), "a_b-9.md");
        assert_eq!(file_name("../etc/x y"), "%2E%2E%2Fetc%2Fx%20y.md");
        assert_eq!(file_name(".."), "%2E%2E.md");
        assert_eq!(file_name("a\\b"), "a%5Cb.md");
        assert_eq!(file_name("a\nb\0"), "a%0Ab%00.md");
        assert_eq!(file_name(""), "%.md");
        assert_ne!(file_name("a/b"), file_name("a_b"));
        assert_ne!(file_name("a%2Fb"), file_name("a/b"));
    }

    #[test]
    fn a_long_or_non_latin_id_gets_a_short_name_with_a_hash() {
        for id in [
            "s".repeat(300),
            "李".repeat(90),
            format!("{}%{}", "a".repeat(159), "b".repeat(100)),
        ] {
            let name = file_name(&id);
            assert!(name.len() <= 255 - 56, "{} bytes", name.len());
            assert!(name.contains('~') && name.ends_with(".md"), "{name}");
            // Never cut inside a `%XX`.
            let stem = name.split('~').next().unwrap();
            assert!(
                stem.rfind('%').is_none_or(|p| p + 3 <= stem.len()),
                "{stem}"
            );
        }
        // Ids sharing their first bytes still get their own pages.
        let (a, b) = ("x".repeat(300), format!("{}y", "x".repeat(299)));
        assert_ne!(file_name(&a), file_name(&b));
        // A short id is unchanged.
        assert_eq!(
            file_name(&"s".repeat(200)),
            format!("{}.md", "s".repeat(200))
        );
    }

    proptest::proptest! {
        #[test]
        fn file_names_stay_in_the_folder_and_are_one_to_one(a in ".{0,12}", b in ".{0,12}") {
            let (fa, fb) = (file_name(&a), file_name(&b));
            proptest::prop_assert!(!fa.contains('/') && !fa.contains('\\') && !fa.starts_with('.'));
            proptest::prop_assert!(fa.chars().all(|c| c.is_ascii_graphic()));
            proptest::prop_assert_eq!(a == b, fa == fb);
        }
    }
}
