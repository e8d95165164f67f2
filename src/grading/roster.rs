//! The roster: which student handed in which module.
//!
//! A CSV file with a header and three columns, in any order: `file` (the module's file
//! name, with or without `.wasm`/`.wat`), `student_id`, `name`. A module is matched by its
//! file stem, which is also its name in every results file. The header's spelling is
//! forgiving (any case, spaces or hyphens for `_`: `File,Student ID,Name`; and `module`,
//! `id`, `full name` and the like, [`ALIASES`]), and so is the separator (`,`, `;` or a
//! tab, as a spreadsheet saves it: the one the header line uses most).
//!
//! A learning platform's own export is a roster too ([`super::lms_export`]): Moodle's
//! grades export or grading worksheet, Canvas's gradebook CSV, Blackboard's Grade Center
//! download, matched to the bots by the platform's id that the download carried.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use super::GradingError;
use crate::bot_name::{escape_formula_start, escape_message};

/// One student.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Student {
    /// The student's id, as the instructor's records have it.
    pub id: String,
    /// The student's name.
    pub name: String,
    /// The module's name (file stem).
    pub bot: String,
}

/// All students, by module name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Roster {
    by_bot: BTreeMap<String, Student>,
    /// The bots that can be a student's module, once known (see [`Roster::owning`]).
    submissions: Option<BTreeSet<String>>,
}

/// How the roster and the submitted modules line up.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Matching {
    /// Modules with no roster entry.
    pub missing: Vec<String>,
    /// Roster entries with no module (the student handed nothing in).
    pub extra: Vec<Student>,
}

/// The bot name a roster's `file` names: the part after the last `/` (a `\\` is part of
/// the name, as in the escaped name `ra\\xffnd`), without a `.wasm`, `.wat` or `.py`
/// extension in any case (`Ana.WASM` names `Ana`), as the bots' own names are made.
fn stem(file: &str) -> String {
    let base = file.rsplit('/').next().unwrap_or(file);
    [".wasm", ".wat", ".py"]
        .iter()
        .find_map(|ext| {
            let cut = base.len().checked_sub(ext.len())?;
            let tail = base.get(cut..)?;
            tail.eq_ignore_ascii_case(ext).then(|| &base[..cut])
        })
        .unwrap_or(base)
        .to_string()
}

/// The bot a skipped entry of a submissions folder would have been, from its escaped
/// file name (`sub/Ana.WASM` names `Ana`, `ana/` names `ana`), made a bot name as intake
/// makes it: `-ana.wasm` would have been the bot `\x2dana`
/// ([`crate::bot_name::escape_formula_start`]), which a roster names `\x2dana.wasm`.
pub fn bot_of(file: &str) -> String {
    escape_formula_start(stem(file.trim_end_matches('/')))
}

/// What is wrong with a roster's text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RosterError {
    /// The CSV reader refused the text (what it said, with its position).
    #[error("{0}")]
    Csv(String),
    /// A required column is missing from the header: what the header holds, and how it
    /// was split.
    #[error(
        "the header has no `{column}` column: it holds {} (separated by {}); a roster needs the columns file, student_id and name in any order and case (`Student ID` is read as student_id), or is a learning platform's export (Moodle's grades export or grading worksheet, Canvas's gradebook CSV, Blackboard's Grade Center download)",
        shown_columns(found),
        separator_name(*separator)
    )]
    MissingColumn {
        /// The missing column.
        column: &'static str,
        /// The header's columns as read (escaped).
        found: Vec<String>,
        /// The separator used.
        separator: u8,
    },
    /// A learning platform's export that cannot be matched to the bots.
    #[error("{0}")]
    Export(String),
    /// A required field is empty.
    #[error("line {line}: empty `{column}`")]
    EmptyField {
        /// The line, from 1.
        line: usize,
        /// The column.
        column: &'static str,
    },
    /// A student id on two lines.
    #[error(
        "line {line}: student id `{}` is already on line {first}",
        escape_message(id)
    )]
    DuplicateId {
        /// The later line.
        line: usize,
        /// The id.
        id: String,
        /// The first line.
        first: usize,
    },
    /// One module listed for two students.
    #[error("line {line}: module `{}` is listed twice", escape_message(module))]
    DuplicateModule {
        /// The later line.
        line: usize,
        /// The module's name.
        module: String,
    },
}

/// The header spellings read as each column, after [`normal`]: the first is the
/// column's own name.
pub const ALIASES: [(&str, &[&str]); 3] = [
    (
        "file",
        &[
            "file",
            "filename",
            "file_name",
            "module",
            "bot",
            "submission",
        ],
    ),
    (
        "student_id",
        &[
            "student_id",
            "studentid",
            "id",
            "student_number",
            "matriculation_number",
            "sid",
        ],
    ),
    (
        "name",
        &["name", "student_name", "full_name", "fullname", "student"],
    ),
];

/// A header cell as compared: trimmed, lower-cased, every run of characters other than
/// letters and digits one `_` (`Student ID`, `student-id` and `STUDENT_ID` are all
/// `student_id`).
pub fn normal(header: &str) -> String {
    let mut out = String::new();
    for c in header.trim().chars().flat_map(char::to_lowercase) {
        if c.is_alphanumeric() {
            out.push(c);
        } else if !out.ends_with('_') {
            out.push('_');
        }
    }
    out.trim_matches('_').to_string()
}

/// The separator a CSV text uses: of `,`, `;` and tab, the one its first line holds most
/// often outside quotes (`,` when it holds none).
pub fn separator(text: &str) -> u8 {
    let line = text.lines().next().unwrap_or("");
    let mut counts = [0usize; 3];
    let mut quoted = false;
    for b in line.bytes() {
        match b {
            b'"' => quoted = !quoted,
            b',' if !quoted => counts[0] += 1,
            b';' if !quoted => counts[1] += 1,
            b'\t' if !quoted => counts[2] += 1,
            _ => {}
        }
    }
    let seps = [b',', b';', b'\t'];
    let best = (0..3).max_by_key(|&i| (counts[i], 3 - i)).unwrap_or(0);
    if counts[best] == 0 {
        b','
    } else {
        seps[best]
    }
}

/// A separator in words.
fn separator_name(sep: u8) -> &'static str {
    match sep {
        b';' => "`;`",
        b'\t' => "tabs",
        _ => "`,`",
    }
}

/// Columns as an error shows them: each escaped, in backquotes.
fn shown_columns(found: &[String]) -> String {
    if found.is_empty() {
        return "no column".to_string();
    }
    found
        .iter()
        .map(|c| format!("`{c}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

impl Roster {
    /// Reads a roster file.
    ///
    /// # Errors
    /// [`GradingError`] naming the file and the line: a missing column, an empty field,
    /// a module or student id listed twice.
    pub fn read(path: &Path) -> Result<Roster, GradingError> {
        Roster::read_with(path, &[])
    }

    /// Reads a roster file, which may also be a learning platform's export matched to
    /// the students of a download (`lms`: each bot's or skipped entry's student).
    ///
    /// # Errors
    /// As [`Roster::read`], and an export whose students cannot be matched.
    pub fn read_with(
        path: &Path,
        lms: &[super::lms_export::LmsStudent],
    ) -> Result<Roster, GradingError> {
        let text = super::read_text(path)?;
        Roster::parse_with(&text, lms).map_err(|problem| GradingError::Roster {
            path: path.to_path_buf(),
            problem,
        })
    }

    /// Parses roster CSV text.
    ///
    /// # Errors
    /// [`RosterError`] naming the line and the problem.
    pub fn parse(text: &str) -> Result<Roster, RosterError> {
        Roster::parse_with(text, &[])
    }

    /// Parses roster CSV text, or a learning platform's export matched to `lms`.
    ///
    /// # Errors
    /// [`RosterError`] naming the line and the problem.
    pub fn parse_with(
        text: &str,
        lms: &[super::lms_export::LmsStudent],
    ) -> Result<Roster, RosterError> {
        // A spreadsheet's "CSV UTF-8" starts with a byte order mark, which is not part of
        // the first column's name.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let sep = separator(text);
        let mut reader = csv::ReaderBuilder::new()
            .trim(csv::Trim::All)
            .delimiter(sep)
            .from_reader(text.as_bytes());
        let headers = reader
            .headers()
            .map_err(|e| RosterError::Csv(format!("header: {e}")))?
            .clone();
        if let Some(kind) = super::lms_export::Export::recognise(&headers) {
            let students = kind.students(text, sep, lms)?;
            return Roster::from_students(students);
        }
        let normals: Vec<String> = headers.iter().map(normal).collect();
        let col = |name: &'static str| {
            let aliases = ALIASES
                .iter()
                .find(|(n, _)| *n == name)
                .map_or(&[][..], |(_, a)| *a);
            // The column's own name first, then its other spellings.
            aliases
                .iter()
                .find_map(|a| normals.iter().position(|h| h == a))
                .ok_or_else(|| RosterError::MissingColumn {
                    column: name,
                    found: headers.iter().map(escape_message).collect(),
                    separator: sep,
                })
        };
        let (file_col, id_col, name_col) = (col("file")?, col("student_id")?, col("name")?);
        let mut students = Vec::new();
        for record in reader.records() {
            let record = record.map_err(|e| RosterError::Csv(e.to_string()))?;
            // The reader skips blank lines and reports where it started looking: count the
            // physical line of the record's first character.
            let mut byte = record
                .position()
                .map_or(0, |p| p.byte() as usize)
                .min(text.len());
            while text
                .as_bytes()
                .get(byte)
                .is_some_and(|b| matches!(b, b'\n' | b'\r'))
            {
                byte += 1;
            }
            let line = text.as_bytes()[..byte]
                .iter()
                .filter(|&&b| b == b'\n')
                .count()
                + 1;
            let field = |c: usize, column: &'static str| {
                record
                    .get(c)
                    .filter(|v| !v.is_empty())
                    .map(str::to_string)
                    .ok_or(RosterError::EmptyField { line, column })
            };
            let student = Student {
                bot: stem(&field(file_col, "file")?),
                id: field(id_col, "student_id")?,
                name: field(name_col, "name")?,
            };
            students.push((line, student));
        }
        Roster::from_students(students)
    }

    /// The roster of students already matched to bots (a learning platform's export),
    /// each with the line they came from.
    ///
    /// # Errors
    /// [`RosterError`] for an id or a bot listed twice.
    fn from_students(students: Vec<(usize, Student)>) -> Result<Roster, RosterError> {
        let mut by_bot = BTreeMap::new();
        let mut ids = BTreeMap::new();
        for (line, student) in students {
            if let Some(prev) = ids.insert(student.id.clone(), line) {
                return Err(RosterError::DuplicateId {
                    line,
                    id: student.id,
                    first: prev,
                });
            }
            if by_bot.contains_key(&student.bot) {
                return Err(RosterError::DuplicateModule {
                    line,
                    module: student.bot,
                });
            }
            by_bot.insert(student.bot.clone(), student);
        }
        Ok(Roster {
            by_bot,
            submissions: None,
        })
    }

    /// The roster of a field whose submitted modules are `submissions`: any other bot
    /// (a builtin, a gauntlet reference) belongs to no student, so a roster line naming
    /// it is a student who handed nothing in, in every file, whatever the bot's results.
    pub fn owning(mut self, submissions: impl IntoIterator<Item = String>) -> Roster {
        self.submissions = Some(submissions.into_iter().collect());
        self
    }

    /// Whether `bot` can be a student's module: any bot until [`Roster::owning`] says
    /// which are.
    fn owned(&self, bot: &str) -> bool {
        self.submissions.as_ref().is_none_or(|s| s.contains(bot))
    }

    /// The student who handed in the module named `bot`.
    pub fn student(&self, bot: &str) -> Option<&Student> {
        self.by_bot.get(bot).filter(|_| self.owned(bot))
    }

    /// Compares the roster with the submitted modules' names (of `bots`, only those that
    /// can be a student's module: see [`Roster::owning`]).
    pub fn matching<'a>(&self, bots: impl IntoIterator<Item = &'a str>) -> Matching {
        let bots: Vec<&str> = bots.into_iter().filter(|b| self.owned(b)).collect();
        Matching {
            missing: bots
                .iter()
                .filter(|b| !self.by_bot.contains_key(**b))
                .map(|b| b.to_string())
                .collect(),
            extra: self
                .by_bot
                .values()
                .filter(|s| !bots.contains(&s.bot.as_str()))
                .cloned()
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_in_any_column_order_and_matches_stems() {
        let r = Roster::parse(
            "name,file,student_id\nAna Petrova, ana.wasm ,s1\nBo,sub/bo.wat,s2\nCy,cy,s3\n",
        )
        .unwrap();
        assert_eq!(r.student("ana").unwrap().id, "s1");
        assert_eq!(r.student("bo").unwrap().name, "Bo");
        let m = r.matching(["ana", "bo", "zed"]);
        assert_eq!(m.missing, ["zed"]);
        assert_eq!(m.extra.len(), 1);
        assert_eq!(m.extra[0].id, "s3");
    }

    #[test]
    fn a_file_names_its_bot_as_the_bots_names_are_made() {
        let r = Roster::parse(
            "file,student_id,name\nAna.WASM,s1,Ana\nsub/Bo.Wat,s2,Bo\nra\\xffnd,s3,Ra\n\
             x\\\\y.wasm,s4,Xy\nwasm,s5,W\nCy.PY,s6,Cy\n",
        )
        .unwrap();
        for (bot, id) in [
            ("Ana", "s1"),
            ("Bo", "s2"),
            ("ra\\xffnd", "s3"),
            ("x\\\\y", "s4"),
            ("wasm", "s5"),
            ("Cy", "s6"),
        ] {
            assert_eq!(r.student(bot).map(|s| s.id.as_str()), Some(id), "{bot}");
        }
    }

    #[test]
    fn a_spreadsheets_separators_and_header_spellings_are_read() {
        for text in [
            "File,Student ID,Name\nana.wasm,s1,Ana\n",
            "file;student_id;name\r\nana.wasm;s1;Ana\r\n",
            "FILE\tStudent-Id\tFull Name\nana.wasm\ts1\tAna\n",
            "\u{feff}\"Module\";\"ID\";\"Student name\"\nana;s1;\"Ana; the first\"\n",
        ] {
            let r = Roster::parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
            assert_eq!(
                r.student("ana").map(|s| s.id.as_str()),
                Some("s1"),
                "{text:?}"
            );
        }
        assert_eq!(normal("  Student  ID "), "student_id");
        assert_eq!(separator("a;b,c;d"), b';');
        assert_eq!(separator("\"a;b\",c"), b',');
    }

    #[test]
    fn a_byte_order_mark_is_not_part_of_the_header() {
        let r = Roster::parse("\u{feff}file,student_id,name\r\nana.wasm,s1,Ana\r\n").unwrap();
        assert_eq!(r.student("ana").unwrap().id, "s1");
        let e = Roster::parse("\u{feff}file,student_id,name\na,1,x\nb,1,y\n").unwrap_err();
        assert!(e.to_string().starts_with("line 3:"), "{e}");
    }

    #[test]
    fn mistakes_name_the_line() {
        assert!(Roster::parse("file,name\na,b\n")
            .unwrap_err()
            .to_string()
            .contains("student_id"));
        // What was found, how it was split, and what is expected.
        let e = Roster::parse("Datei;Matrikel;Name\na;1;x\n")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("no `file` column")
                && e.contains("`Datei`, `Matrikel`, `Name`")
                && e.contains("separated by `;`")
                && e.contains("file, student_id and name"),
            "{e}"
        );
        assert!(Roster::parse("file,student_id,name\na,1,x\nb,1,y\n")
            .unwrap_err()
            .to_string()
            .contains("line 3"));
        assert!(Roster::parse("file,student_id,name\na,1,x\na.wasm,2,y\n")
            .unwrap_err()
            .to_string()
            .contains("listed twice"));
        // What a line holds is shown escaped: no control character reaches a terminal.
        let e = Roster::parse("file,student_id,name\na,s\u{1b}[2J,x\nb,s\u{1b}[2J,y\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("`s\\x1b[2J`") && !e.contains('\u{1b}'), "{e}");
        let e = Roster::parse("file,student_id,name\na\u{202e},1,x\na\u{202e}.wasm,2,y\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("`a\\u{202e}`") && !e.contains('\u{202e}'), "{e}");
        assert!(Roster::parse("file,student_id,name\na,,x\n")
            .unwrap_err()
            .to_string()
            .contains("empty `student_id`"));
    }
}
