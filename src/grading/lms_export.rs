//! A learning platform's own export as a roster: the students of a course, matched to
//! the bots of a download by the platform's id the download carried.
//!
//! | export | recognised by the columns | matched by | the student's id (for the gradebook) |
//! |---|---|---|---|
//! | Canvas gradebook CSV | `Student`, `ID`, `SIS User ID` or `SIS Login ID` | `ID` (the user id in the download's names) | `ID` |
//! | Blackboard Grade Center download | `Last Name`, `First Name`, `Username` | `Username` | `Username` |
//! | Moodle grading worksheet | `Identifier`, `Full name` | `Identifier` (`Participant 4411`: the participant id) | `Email address` (or the identifier) |
//! | Moodle grades export | `First name`, `Last name`, `Email address` | the full name (the export has no participant id) | `Email address` |
//!
//! A student of the export with no bot is a student who handed nothing in (or whose
//! entries were skipped: the bot name their module would have had is theirs). Under blind
//! marking the student's name is never taken from the export: it stays the download's
//! label (`Participant_4411`).

use super::roster::{normal, RosterError, Student};
use crate::bot_name::{escape_formula_start, escape_message, escape_text};

/// A student of a download: the bot their module has (or would have had) and the
/// platform's id their entries carried.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LmsStudent {
    /// The bot's name.
    pub bot: String,
    /// The platform's id (Moodle's participant id, Canvas's user id, Blackboard's user
    /// name).
    pub id: String,
    /// The name the download shows, if any (Moodle's full name).
    pub name: Option<String>,
    /// Blind (anonymous) marking.
    pub blind: bool,
}

/// The exports read as rosters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Export {
    /// Canvas's gradebook CSV.
    Canvas,
    /// Blackboard's Grade Center download.
    Blackboard,
    /// Moodle's grading worksheet (the assignment's "Download grading worksheet").
    MoodleWorksheet,
    /// Moodle's gradebook export (CSV).
    MoodleGrades,
}

/// One row of an export: its line, the key it is matched by, and the student it is.
struct Row {
    line: usize,
    key: String,
    id: String,
    name: String,
    /// The bot name of a student with no bot.
    would_be: String,
}

/// Canvas's sortable name as its download writes it (`Smith, Ann` → `smithann`).
fn sortable(name: &str) -> String {
    crate::submissions::lms::canvas::sortable(name)
}

impl Export {
    /// The export a header is, if any.
    pub fn recognise(headers: &csv::StringRecord) -> Option<Export> {
        let has = |name: &str| headers.iter().any(|h| normal(h) == name);
        if has("student") && has("id") && (has("sis_user_id") || has("sis_login_id")) {
            Some(Export::Canvas)
        } else if has("username") && has("last_name") && has("first_name") {
            Some(Export::Blackboard)
        } else if has("identifier") && has("full_name") {
            Some(Export::MoodleWorksheet)
        } else if has("first_name") && has("last_name") && has("email_address") {
            Some(Export::MoodleGrades)
        } else {
            None
        }
    }

    /// The export's name in messages.
    pub fn title(self) -> &'static str {
        match self {
            Export::Canvas => "Canvas gradebook export",
            Export::Blackboard => "Blackboard Grade Center download",
            Export::MoodleWorksheet => "Moodle grading worksheet",
            Export::MoodleGrades => "Moodle grades export",
        }
    }

    /// Every student of the export (`text`, separated by `sep`), each with its line:
    /// matched to a bot of `lms` by the platform's id, or given the bot name their module
    /// would have had.
    ///
    /// # Errors
    /// [`RosterError`] for unreadable CSV, or a Moodle grades export matched to a blind
    /// download (it has no participant id).
    pub fn students(
        self,
        text: &str,
        sep: u8,
        lms: &[LmsStudent],
    ) -> Result<Vec<(usize, Student)>, RosterError> {
        if self == Export::MoodleGrades && lms.iter().any(|s| s.blind) {
            return Err(RosterError::Export(
                "a Moodle grades export has no participant id, and a blind download has no names: use the assignment's grading worksheet (\"Download grading worksheet\") as the roster".into(),
            ));
        }
        let rows = self.rows(text, sep)?;
        let mut taken: std::collections::BTreeSet<String> =
            lms.iter().map(|s| s.bot.clone()).collect();
        let mut out = Vec::new();
        for row in rows {
            let matched = lms.iter().find(|s| match self {
                Export::MoodleGrades => s.name.as_deref() == Some(row.name.as_str()),
                _ => s.id == row.key,
            });
            let student = match matched {
                Some(s) => Student {
                    id: row.id,
                    name: if s.blind { s.bot.clone() } else { row.name },
                    bot: s.bot.clone(),
                },
                None => {
                    let mut bot = escape_formula_start(escape_text(&row.would_be));
                    if bot.is_empty() || taken.contains(&bot) {
                        bot = format!("{bot}_{}", escape_text(&row.key));
                    }
                    taken.insert(bot.clone());
                    Student {
                        id: row.id,
                        name: row.name,
                        bot,
                    }
                }
            };
            out.push((row.line, student));
        }
        Ok(out)
    }

    /// The export's student rows.
    fn rows(self, text: &str, sep: u8) -> Result<Vec<Row>, RosterError> {
        let mut reader = csv::ReaderBuilder::new()
            .trim(csv::Trim::All)
            .delimiter(sep)
            .flexible(true)
            .from_reader(text.as_bytes());
        let headers = reader
            .headers()
            .map_err(|e| RosterError::Csv(format!("header: {e}")))?
            .clone();
        let col = |name: &str| headers.iter().position(|h| normal(h) == name);
        let missing = |name: &str| {
            RosterError::Export(format!(
                "a {} without a `{}` column",
                self.title(),
                escape_message(name)
            ))
        };
        let mut rows = Vec::new();
        for record in reader.records() {
            let record = record.map_err(|e| RosterError::Csv(e.to_string()))?;
            let line = record.position().map_or(0, |p| p.line() as usize);
            let cell = |c: Option<usize>| c.and_then(|c| record.get(c)).unwrap_or("").to_string();
            let row = match self {
                Export::Canvas => {
                    let student = cell(col("student"));
                    let id = cell(Some(col("id").ok_or_else(|| missing("ID"))?));
                    // The export's second row holds the points possible, not a student.
                    if id.is_empty() || student.to_lowercase().contains("points possible") {
                        continue;
                    }
                    Row {
                        line,
                        key: id.clone(),
                        id: id.clone(),
                        // A name with no letter or digit: the download names the bot
                        // after the user id.
                        would_be: Some(sortable(&student))
                            .filter(|s| !s.is_empty())
                            .unwrap_or_else(|| format!("user_{id}")),
                        name: student,
                    }
                }
                Export::Blackboard => {
                    let user = cell(col("username"));
                    if user.is_empty() {
                        continue;
                    }
                    let name = format!("{} {}", cell(col("first_name")), cell(col("last_name")))
                        .trim()
                        .to_string();
                    Row {
                        line,
                        key: user.clone(),
                        id: user.clone(),
                        would_be: user,
                        name,
                    }
                }
                Export::MoodleWorksheet => {
                    let ident = cell(col("identifier"));
                    let key = ident
                        .trim_start_matches(|c: char| !c.is_ascii_digit())
                        .to_string();
                    if key.is_empty() {
                        continue;
                    }
                    let email = cell(col("email_address"));
                    let name = cell(col("full_name"));
                    Row {
                        line,
                        key,
                        id: if email.is_empty() { ident } else { email },
                        would_be: name.clone(),
                        name,
                    }
                }
                Export::MoodleGrades => {
                    let name = format!("{} {}", cell(col("first_name")), cell(col("last_name")))
                        .trim()
                        .to_string();
                    let email = cell(col("email_address"));
                    if email.is_empty() && name.is_empty() {
                        continue;
                    }
                    Row {
                        line,
                        key: name.clone(),
                        id: if email.is_empty() {
                            cell(col("id_number"))
                        } else {
                            email
                        },
                        would_be: name.clone(),
                        name,
                    }
                }
            };
            rows.push(row);
        }
        Ok(rows)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grading::roster::Roster;

    fn student(bot: &str, id: &str, name: Option<&str>, blind: bool) -> LmsStudent {
        LmsStudent {
            bot: bot.into(),
            id: id.into(),
            name: name.map(str::to_string),
            blind,
        }
    }

    #[test]
    fn a_canvas_export_matches_by_user_id_and_lists_the_rest_as_not_submitted() {
        let text = "Student,ID,SIS User ID,SIS Login ID,Section,Bots (12)\n\
                    Points Possible,,,,,10\n\
                    \"Smith, Ann\",101,s1,ann,A,\n\
                    \"O'Brien, Zoë\",102,s2,zoe,A,\n";
        let lms = [student("smithann", "101", Some("smithann"), false)];
        let r = Roster::parse_with(text, &lms).unwrap();
        let s = r.student("smithann").unwrap();
        assert_eq!((s.id.as_str(), s.name.as_str()), ("101", "Smith, Ann"));
        let m = r.matching(["smithann"]);
        assert_eq!(m.extra.len(), 1);
        assert_eq!(
            (m.extra[0].id.as_str(), m.extra[0].bot.as_str()),
            ("102", "obrienzoë")
        );
    }

    #[test]
    fn blackboard_and_moodle_exports() {
        let bb = "\"Last Name\",\"First Name\",\"Username\",\"Student ID\",\"Last Access\",\"Availability\"\n\
                  \"Doe\",\"Jo\",\"jdoe\",\"1\",\"\",\"Yes\"\n";
        let r = Roster::parse_with(bb, &[student("jdoe", "jdoe", None, false)]).unwrap();
        assert_eq!(r.student("jdoe").unwrap().name, "Jo Doe");
        let ws = "Identifier,Full name,Email address,Status,Grade\n\
                  Participant 4411,Ana Pé,ana@x.org,Submitted,\n";
        let blind = [student("Participant_4411", "4411", None, true)];
        let r = Roster::parse_with(ws, &blind).unwrap();
        let s = r.student("Participant_4411").unwrap();
        // Under blind marking the export's name is never taken.
        assert_eq!(
            (s.id.as_str(), s.name.as_str()),
            ("ana@x.org", "Participant_4411")
        );
        let grades = "First name;Last name;ID number;Institution;Department;Email address\n\
                      Ana;Pé;;;;ana@x.org\n";
        let r = Roster::parse_with(grades, &[student("Ana Pé", "4411", Some("Ana Pé"), false)])
            .unwrap();
        assert_eq!(r.student("Ana Pé").unwrap().id, "ana@x.org");
        assert!(Roster::parse_with(grades, &blind).is_err());
    }
}
