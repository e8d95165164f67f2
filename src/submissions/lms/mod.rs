//! The layouts of learning platforms' submission downloads: which student, which attempt
//! and which file an entry's name stands for (the rules and their sources are in
//! `docs/lms/`).
//!
//! - Moodle ([`moodle`]): `Full Name_ID_assignsubmission_file_/path` (folders, the default
//!   since 3.1), `Full Name_ID_assignsubmission_file_name` (flat), `Participant_ID_…`
//!   under blind marking; online text as `…_assignsubmission_onlinetext_…`.
//! - Canvas ([`canvas`]): `sortablename[_LATE]_userid_attachmentid_displayname`, with
//!   `anon_ID` in place of the name under anonymous grading; text and URL entries as
//!   `…_userid_text.html`, `…_userid_link.html`.
//! - Blackboard ([`blackboard`]): `Assignment_username_attempt_DATE_file` and the attempt's
//!   receipt `Assignment_username_attempt_DATE.txt`.
//!
//! A layout is recognised from the names ([`detect`]) or forced (`--layout`).

pub mod blackboard;
pub mod canvas;
pub mod moodle;

use serde::{Deserialize, Serialize};

/// A learning platform's layout of a download, or none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Layout {
    /// Moodle's "Download all submissions".
    Moodle,
    /// Canvas's "Download Submissions".
    Canvas,
    /// Blackboard Learn's "Assignment File Download".
    Blackboard,
    /// No platform: every top-level file (or folder) is a submission, as in a folder.
    Plain,
}

impl Layout {
    /// The layouts of learning platforms, in the order they are tried.
    pub const PLATFORMS: [Layout; 3] = [Layout::Moodle, Layout::Canvas, Layout::Blackboard];

    /// Its name on the command line and in files.
    pub fn name(self) -> &'static str {
        match self {
            Layout::Moodle => "moodle",
            Layout::Canvas => "canvas",
            Layout::Blackboard => "blackboard",
            Layout::Plain => "plain",
        }
    }

    /// Its name in sentences.
    pub fn title(self) -> &'static str {
        match self {
            Layout::Moodle => "Moodle",
            Layout::Canvas => "Canvas",
            Layout::Blackboard => "Blackboard",
            Layout::Plain => "plain",
        }
    }

    /// The naming rule, for messages about an entry that does not follow it.
    pub fn rule(self) -> &'static str {
        match self {
            Layout::Moodle => "NAME_ID_assignsubmission_file_…",
            Layout::Canvas => "sortablename[_LATE]_userid_attachmentid_name",
            Layout::Blackboard => "Assignment_username_attempt_YYYY-MM-DD-HH-MM-SS_file",
            Layout::Plain => "any name",
        }
    }

    /// Parses one entry's name (a file's path inside the download) under this layout.
    pub fn parse(self, name: &str) -> Option<Parsed> {
        match self {
            Layout::Moodle => moodle::parse(name),
            Layout::Canvas => canvas::parse(name),
            Layout::Blackboard => blackboard::parse(name),
            Layout::Plain => Some(plain(name)),
        }
    }
}

impl std::fmt::Display for Layout {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Layout {
    type Err = String;
    fn from_str(s: &str) -> Result<Layout, String> {
        match s.to_ascii_lowercase().as_str() {
            "moodle" => Ok(Layout::Moodle),
            "canvas" => Ok(Layout::Canvas),
            "blackboard" => Ok(Layout::Blackboard),
            "plain" => Ok(Layout::Plain),
            _ => Err(format!(
                "`{}` is not a layout: moodle, canvas, blackboard or plain",
                crate::bot_name::escape_text(s)
            )),
        }
    }
}

/// Which attempt of a student with several counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum AttemptChoice {
    /// The latest (what the platforms grade).
    #[default]
    Latest,
    /// The first.
    First,
}

impl std::str::FromStr for AttemptChoice {
    type Err = String;
    fn from_str(s: &str) -> Result<AttemptChoice, String> {
        match s.to_ascii_lowercase().as_str() {
            "latest" | "last" => Ok(AttemptChoice::Latest),
            "first" => Ok(AttemptChoice::First),
            _ => Err(format!(
                "`{}` is not an attempt: first or latest",
                crate::bot_name::escape_text(s)
            )),
        }
    }
}

/// A student as the platform knows them, kept with their bot (and in the manifest).
/// Under blind marking the name is never known.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Identity {
    /// The layout the download had.
    pub layout: Layout,
    /// The platform's id: Moodle's participant id, Canvas's user id (or anonymous id),
    /// Blackboard's user name.
    pub id: String,
    /// The name the download shows (Moodle's full name, Canvas's sortable name, the name
    /// on Blackboard's receipt); none under blind marking.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The user name, where the platform gives one (Blackboard).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user: Option<String>,
    /// The attempt's time, where the platform gives one (Blackboard:
    /// `YYYY-MM-DD-HH-MM-SS`), or Canvas's attachment id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attempt: Option<String>,
    /// Marked late by the platform (Canvas's `_LATE`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub late: bool,
    /// Blind (anonymous) marking: no name anywhere.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub blind: bool,
    /// The start every name of this student's submission has in the download (`Ana
    /// Petrova_4411_assignsubmission_file_`, `smithann_1234_5678_`): the name feedback
    /// files take for the platform's bulk upload.
    pub prefix: String,
}

/// What an entry's name says under a layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed {
    /// Who handed it in.
    pub identity: Identity,
    /// The bot name the student's module gets (escaped by the caller).
    pub bot: String,
    /// Orders the student's attempts (larger is later); empty for a platform with one.
    pub attempt: String,
    /// The path of the file inside the submission (`bot.wasm`, `src/bot.wasm`).
    pub file: String,
    /// What the entry is besides a handed-in file.
    pub role: Role,
}

/// What an entry of a submission is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// A file the student handed in.
    File,
    /// Text typed into the platform (Moodle's online text, Canvas's text or URL entry).
    Text,
    /// Blackboard's receipt of an attempt.
    Receipt,
}

/// A plain archive's entry: the first part of the path is the submission (a file's stem,
/// or a folder's name).
fn plain(name: &str) -> Parsed {
    let (head, file) = match name.split_once('/') {
        Some((head, rest)) => (head.to_string(), rest.to_string()),
        None => {
            let stem = [".wasm", ".wat", ".py"]
                .iter()
                .find_map(|ext| {
                    let cut = name.len().checked_sub(ext.len())?;
                    let tail = name.get(cut..)?;
                    tail.eq_ignore_ascii_case(ext).then(|| &name[..cut])
                })
                .unwrap_or(name);
            (stem.to_string(), name.to_string())
        }
    };
    Parsed {
        identity: Identity {
            layout: Layout::Plain,
            id: head.clone(),
            name: None,
            user: None,
            attempt: None,
            late: false,
            blind: false,
            prefix: String::new(),
        },
        bot: head,
        attempt: String::new(),
        file,
        role: Role::File,
    }
}

/// The layout most of `names` follow (at least half of them, and at least one), or
/// [`Layout::Plain`].
pub fn detect<'a>(names: impl IntoIterator<Item = &'a str> + Clone) -> Layout {
    let total = names.clone().into_iter().count();
    let mut best = (0, Layout::Plain);
    for layout in Layout::PLATFORMS {
        let n = names
            .clone()
            .into_iter()
            .filter(|n| layout.parse(n).is_some())
            .count();
        if n > best.0 {
            best = (n, layout);
        }
    }
    if best.0 > 0 && best.0 * 2 >= total {
        best.1
    } else {
        Layout::Plain
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_layout_is_recognised_from_its_names() {
        let moodle = [
            "Ana Pé_4411_assignsubmission_file_/bot.wasm",
            "Bo_4412_assignsubmission_onlinetext_/onlinetext.html",
        ];
        assert_eq!(detect(moodle), Layout::Moodle);
        let canvas = ["smithann_LATE_1234_5678_bot.wasm", "doejo_1235_text.html"];
        assert_eq!(detect(canvas), Layout::Canvas);
        let bb = [
            "Bots 1_jdoe_attempt_2024-03-01-10-00-00_bot.wasm",
            "Bots 1_jdoe_attempt_2024-03-01-10-00-00.txt",
        ];
        assert_eq!(detect(bb), Layout::Blackboard);
        assert_eq!(detect(["ana.wasm", "bo.wasm"]), Layout::Plain);
    }

    #[test]
    fn layouts_and_attempts_parse_from_the_command_line() {
        assert_eq!("Canvas".parse::<Layout>(), Ok(Layout::Canvas));
        assert!("moodel".parse::<Layout>().unwrap_err().contains("moodle"));
        assert_eq!("first".parse::<AttemptChoice>(), Ok(AttemptChoice::First));
    }
}
