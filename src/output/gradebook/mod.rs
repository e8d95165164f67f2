//! Gradebook import files for learning platforms (`arena grades`): the columns each
//! platform documents, filled from `grades.csv`, and each student's feedback page packed
//! the way the platform takes feedback in bulk.
//!
//! - Moodle ([`moodle`]): an identifier column (`Email address`, or `ID number`) and the
//!   grade column, for "Import" → "CSV file"; with a template (the gradebook's own CSV
//!   export), its rows and columns kept and only the grade column filled. Feedback pages
//!   as a zip for "Upload multiple feedback files in a zip", named with each student's
//!   prefix from the download.
//! - Canvas ([`canvas`]): `Student`, `ID`, `SIS User ID`, `SIS Login ID`, `Section`, then
//!   the assignment column, with the `Points Possible` row; feedback pages as a zip named as
//!   the download's files, for "Re-Upload Submissions" (each becomes a submission comment).
//! - Blackboard ([`blackboard`]): `Username`, the column's header, `Feedback to Learner`
//!   and `Feedback Format`, every field quoted, for "Work Offline" → "Upload".

pub mod blackboard;
pub mod canvas;
pub mod feedback_zip;
pub mod moodle;

use std::path::Path;

use crate::grading::bands::Bands;
use crate::output::OutputError;
use crate::submissions::lms::Identity;

/// A learning platform a gradebook file is written for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lms {
    /// Moodle.
    Moodle,
    /// Canvas.
    Canvas,
    /// Blackboard Learn.
    Blackboard,
}

impl std::str::FromStr for Lms {
    type Err = String;
    fn from_str(s: &str) -> Result<Lms, String> {
        match s.to_ascii_lowercase().as_str() {
            "moodle" => Ok(Lms::Moodle),
            "canvas" => Ok(Lms::Canvas),
            "blackboard" => Ok(Lms::Blackboard),
            _ => Err(format!(
                "`{}` is not a learning platform: moodle, canvas or blackboard",
                crate::bot_name::escape_text(s)
            )),
        }
    }
}

/// One student's grade, as `grades.csv` has it, with what the gradebook gets.
#[derive(Clone, Debug, PartialEq)]
pub struct GradeRow {
    /// The student's id (the roster's; the platform's with a platform export).
    pub id: String,
    /// The student's name.
    pub name: String,
    /// The bot's name.
    pub bot: String,
    /// The grade (a band's label).
    pub grade: String,
    /// The number the gradebook gets.
    pub points: f64,
    /// `played`, `faulted`, `disqualified` or `not_submitted`.
    pub status: String,
    /// The grade in words.
    pub explanation: String,
    /// The student's feedback page, if the results folder has one.
    pub page: Option<String>,
    /// The student as the download named them, for a bot from a download.
    pub identity: Option<Identity>,
}

impl GradeRow {
    /// The text a feedback field gets: the feedback page, or the explanation.
    pub fn feedback(&self) -> &str {
        self.page.as_deref().unwrap_or(&self.explanation)
    }
}

/// What is wrong with a results folder's grades or a template.
#[derive(Debug, thiserror::Error)]
pub enum GradebookError {
    /// `grades.csv` cannot be read or lacks what is needed.
    #[error("{path}: {problem}")]
    Grades {
        /// The file.
        path: String,
        /// What is wrong.
        problem: String,
    },
    /// The template cannot be used.
    #[error("{path}: {problem}")]
    Template {
        /// The file.
        path: String,
        /// What is wrong.
        problem: String,
    },
}

/// A gradebook file before it is written: its records (the header first), how they are
/// separated and quoted, and the students the template had no row for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sheet {
    /// The separator.
    pub sep: u8,
    /// Quote every field (Blackboard's comma-delimited files).
    pub quote_all: bool,
    /// The records, the header first.
    pub records: Vec<Vec<String>>,
    /// Students of `grades.csv` the template has no row for (their ids, escaped).
    pub unmatched: Vec<String>,
}

/// Fills the column `col` of a template's rows whose `key` column holds a student's id
/// (from the row after `skip` header rows); returns the ids of the students with no row.
pub(crate) fn fill(
    records: &mut [Vec<String>],
    skip: usize,
    key: usize,
    col: usize,
    rows: &[GradeRow],
    value: impl Fn(&GradeRow) -> String,
) -> Vec<String> {
    let mut unmatched = Vec::new();
    for row in rows {
        let mut hit = false;
        for r in records.iter_mut().skip(skip) {
            if r.get(key).map(|k| k.trim()) == Some(row.id.as_str()) {
                if r.len() <= col {
                    r.resize(col + 1, String::new());
                }
                r[col] = value(row);
                hit = true;
            }
        }
        if !hit {
            unmatched.push(crate::bot_name::escape_message(&row.id));
        }
    }
    unmatched
}

/// The position of the column whose header is one of `names` (compared as
/// [`crate::grading::roster::normal`] compares).
pub(crate) fn column(header: &[String], names: &[&str]) -> Option<usize> {
    names.iter().find_map(|n| {
        header
            .iter()
            .position(|h| crate::grading::roster::normal(h) == *n)
    })
}

/// A text cell (a name, an explanation, feedback) as a gradebook gets it: one starting like
/// a spreadsheet formula (`=`, `+`, `-`, `@`, a tab or a carriage return) gains a leading
/// `'`, so that opening the file runs nothing. Ids and user names, which the platform
/// matches, are written as they are.
pub fn text_cell(text: &str) -> String {
    if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{text}")
    } else {
        text.to_string()
    }
}

/// Points as a gradebook cell: an integer without decimals, otherwise at most two.
pub fn points_cell(points: f64) -> String {
    if points.fract() == 0.0 && points.abs() < 1e15 {
        format!("{points:.0}")
    } else {
        let s = format!("{points:.2}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// Reads `grades.csv` of the results folder `dir` with each grade's points from `bands`
/// (or the grade itself, when it is a number), each student's feedback page, and the
/// identity of each bot (`identities`: bot name → identity, from the manifest).
///
/// # Errors
/// [`GradebookError::Grades`] for a missing or unreadable file, a student without a grade
/// (no bands at the run), or a grade with no number.
pub fn read_grades(
    dir: &Path,
    bands: Option<&Bands>,
    identities: &std::collections::BTreeMap<String, Identity>,
) -> Result<Vec<GradeRow>, GradebookError> {
    let path = dir.join(super::grades_csv::FILE);
    let shown = crate::bot_name::escape_path(&path);
    let bad = |problem: String| GradebookError::Grades {
        path: shown.clone(),
        problem,
    };
    if !path.is_file() {
        return Err(bad(
            "missing: run the tournament (or `arena standings`) with --roster and --bands first"
                .into(),
        ));
    }
    let text = std::fs::read_to_string(&path).map_err(|e| bad(e.to_string()))?;
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let headers = reader.headers().map_err(|e| bad(e.to_string()))?.clone();
    let col = |name: &str| {
        headers
            .iter()
            .position(|h| h == name)
            .ok_or_else(|| bad(format!("no `{name}` column")))
    };
    let (id, name, bot, grade, status, why) = (
        col("student_id")?,
        col("name")?,
        col("bot")?,
        col("grade")?,
        col("status")?,
        col("explanation")?,
    );
    let mut rows = Vec::new();
    for record in reader.records() {
        let record = record.map_err(|e| bad(e.to_string()))?;
        let cell = |i: usize| record.get(i).unwrap_or("").to_string();
        let g = cell(grade);
        if g.is_empty() {
            return Err(bad(format!(
                "student `{}` has no grade: run the tournament (or `arena standings`) with --bands",
                crate::bot_name::escape_message(&cell(id))
            )));
        }
        let points = match bands {
            Some(b) => b.points(&g),
            None => g.trim().parse::<f64>().ok().filter(|p| p.is_finite()),
        }
        .ok_or_else(|| {
            bad(format!(
                "grade `{}` is not a number: give --bands with `points` for each band",
                crate::bot_name::escape_message(&g)
            ))
        })?;
        let page_path = dir
            .join(super::feedback::DIR)
            .join(super::feedback::file_name(&cell(id)));
        let page = std::fs::read_to_string(&page_path).ok();
        rows.push(GradeRow {
            identity: identities.get(&cell(bot)).cloned(),
            id: cell(id),
            name: cell(name),
            bot: cell(bot),
            grade: g,
            points,
            status: cell(status),
            explanation: cell(why),
            page,
        });
    }
    Ok(rows)
}

/// How a template's text is encoded. Blackboard's tab-delimited Grade Center download
/// (`.xls`) is UTF-16 with a byte-order mark; the upload is written back the way the
/// template came, so that the file the platform gave is the file it gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// UTF-8 (a leading byte-order mark dropped).
    Utf8,
    /// UTF-16, little-endian, with its byte-order mark.
    Utf16Le,
    /// UTF-16, big-endian, with its byte-order mark.
    Utf16Be,
}

impl Encoding {
    /// The text of `bytes` and how it was encoded; `None` when it is neither UTF-8 nor
    /// UTF-16 with a byte-order mark.
    pub fn decode(bytes: &[u8]) -> Option<(Encoding, String)> {
        let utf16 = |rest: &[u8], unit: fn([u8; 2]) -> u16| -> Option<String> {
            if !rest.len().is_multiple_of(2) {
                return None;
            }
            let units: Vec<u16> = rest.chunks_exact(2).map(|c| unit([c[0], c[1]])).collect();
            String::from_utf16(&units).ok()
        };
        if let Some(rest) = bytes.strip_prefix(&[0xff, 0xfe]) {
            return Some((Encoding::Utf16Le, utf16(rest, u16::from_le_bytes)?));
        }
        if let Some(rest) = bytes.strip_prefix(&[0xfe, 0xff]) {
            return Some((Encoding::Utf16Be, utf16(rest, u16::from_be_bytes)?));
        }
        let text = std::str::from_utf8(bytes).ok()?;
        Some((
            Encoding::Utf8,
            text.strip_prefix('\u{feff}').unwrap_or(text).to_string(),
        ))
    }

    /// `text` (UTF-8) in this encoding, with the byte-order mark UTF-16 needs.
    pub fn encode(self, text: &[u8]) -> Vec<u8> {
        let text = String::from_utf8_lossy(text);
        match self {
            Encoding::Utf8 => text.into_owned().into_bytes(),
            Encoding::Utf16Le => [0xff, 0xfe]
                .into_iter()
                .chain(text.encode_utf16().flat_map(u16::to_le_bytes))
                .collect(),
            Encoding::Utf16Be => [0xfe, 0xff]
                .into_iter()
                .chain(text.encode_utf16().flat_map(u16::to_be_bytes))
                .collect(),
        }
    }
}

/// A template as read: its separator, its records (the header first) and its encoding.
#[derive(Clone, Debug)]
pub struct Template {
    /// The separator its header line uses.
    pub sep: u8,
    /// The records, the header first.
    pub records: Vec<Vec<String>>,
    /// How its text was encoded.
    pub encoding: Encoding,
}

/// A CSV file's records (the header first), read with the separator its header line uses,
/// in UTF-8 or in UTF-16 with a byte-order mark.
///
/// # Errors
/// [`GradebookError::Template`] for unreadable CSV.
pub fn read_template(path: &Path) -> Result<Template, GradebookError> {
    let shown = crate::bot_name::escape_path(path);
    let bad = |problem: String| GradebookError::Template {
        path: shown.clone(),
        problem,
    };
    let bytes = std::fs::read(path).map_err(|e| bad(e.to_string()))?;
    let (encoding, text) = Encoding::decode(&bytes)
        .ok_or_else(|| bad("not text: neither UTF-8 nor UTF-16 with a byte-order mark".into()))?;
    let text = text.as_str();
    let sep = crate::grading::roster::separator(text);
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .delimiter(sep)
        .from_reader(text.as_bytes());
    let mut records = Vec::new();
    for r in reader.records() {
        let r = r.map_err(|e| bad(e.to_string()))?;
        records.push(r.iter().map(str::to_string).collect());
    }
    if records.is_empty() {
        return Err(bad("empty: no header".into()));
    }
    Ok(Template {
        sep,
        records,
        encoding,
    })
}

/// Records as CSV bytes.
///
/// # Errors
/// [`OutputError`] when writing fails.
pub fn csv_bytes(
    sep: u8,
    quote_all: bool,
    records: &[Vec<String>],
    path: &Path,
) -> Result<Vec<u8>, OutputError> {
    let mut w = csv::WriterBuilder::new()
        .delimiter(sep)
        .flexible(true)
        .quote_style(if quote_all {
            csv::QuoteStyle::Always
        } else {
            csv::QuoteStyle::Necessary
        })
        .from_writer(Vec::new());
    for r in records {
        w.write_record(r)
            .map_err(|e| OutputError::corrupt(path, e.to_string()))?;
    }
    w.into_inner()
        .map_err(|e| OutputError::corrupt(path, e.to_string()))
}

/// The position of the column a template names `column` (exactly, or as the platform
/// decorates it: `Assignment: NAME (Real)`, `NAME (1234)`, `NAME [Total Pts: 10 Score]
/// |1234`), if any.
pub fn find_column(header: &[String], column: &str) -> Option<usize> {
    let bare = |h: &str| -> String {
        let h = h.trim();
        let h = h.split(" |").next().unwrap_or(h);
        let h = h.split(" [").next().unwrap_or(h);
        let h = match h.rsplit_once(" (") {
            Some((head, tail)) if tail.ends_with(')') => head,
            _ => h,
        };
        let h = match h.split_once(": ") {
            Some((_, tail)) => tail,
            None => h,
        };
        h.trim().to_string()
    };
    header
        .iter()
        .position(|h| h.trim() == column)
        .or_else(|| header.iter().position(|h| bare(h) == column))
}

/// A template's column identifying students (the first of `keys`, [`column`]) and its
/// grade column `name` ([`find_column`]), added at the end of the header when the template
/// has none (the platform creates it on upload).
///
/// # Errors
/// [`GradebookError::Template`] saying `no_key` when no key column is found.
pub(crate) fn key_and_grade_column(
    records: &mut [Vec<String>],
    keys: &[&str],
    name: &str,
    template_path: &str,
    no_key: &str,
) -> Result<(usize, usize), GradebookError> {
    let header = &records[0];
    let key = column(header, keys).ok_or_else(|| GradebookError::Template {
        path: template_path.to_string(),
        problem: no_key.into(),
    })?;
    let col = match find_column(header, name) {
        Some(col) => col,
        None => {
            let at = header.len();
            records[0].push(name.to_string());
            at
        }
    };
    Ok((key, col))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_cell_never_starts_a_formula() {
        for (text, cell) in [
            ("=HYPERLINK(\"x\")", "'=HYPERLINK(\"x\")"),
            ("+1", "'+1"),
            ("-1", "'-1"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("\tx", "'\tx"),
            ("\rx", "'\rx"),
            ("Ana Pé", "Ana Pé"),
            ("", ""),
        ] {
            assert_eq!(text_cell(text), cell, "{text:?}");
        }
    }

    #[test]
    fn points_are_written_without_needless_decimals() {
        assert_eq!(points_cell(10.0), "10");
        assert_eq!(points_cell(7.5), "7.5");
        assert_eq!(points_cell(2.0 / 3.0), "0.67");
    }

    #[test]
    fn a_column_is_found_under_each_platforms_decoration() {
        let header: Vec<String> = [
            "First name",
            "Assignment: Bots (Real)",
            "Bots 2 (12345)",
            "Bots 3 [Total Pts: 10 Score] |99",
        ]
        .map(String::from)
        .to_vec();
        assert_eq!(find_column(&header, "Bots"), Some(1));
        assert_eq!(find_column(&header, "Bots 2"), Some(2));
        assert_eq!(find_column(&header, "Bots 3"), Some(3));
        assert_eq!(find_column(&header, "Bots 4"), None);
    }
}
