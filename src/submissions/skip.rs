//! Why an entry handed in is not played, and the errors that stop intake altogether.

use std::path::PathBuf;

use thiserror::Error;

use crate::bot_name::escape_path;
use crate::module_file::ReadError;

/// An entry of a submission folder (or a file named on the command line) that is not
/// played: where it is and why.
#[derive(Debug)]
pub struct Skipped {
    /// The entry's path as arena reached it (the argument joined with the entry).
    pub path: PathBuf,
    /// The path relative to the folder argument it was found in (the file name for a
    /// file named on the command line), escaped: what the manifest records.
    pub file: String,
    /// Why it is not played.
    pub reason: SkipReason,
    /// Found through a `--gauntlet` argument: a reference, which may not be skipped
    /// ([`IntakeError::ReferenceSkipped`]).
    pub reference: bool,
    /// For an entry of a learning platform's download: the student it belongs to.
    pub student: Option<SkippedStudent>,
}

/// The student of a learning platform's download a skipped entry belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SkippedStudent {
    /// The bot name their module gets.
    pub bot: String,
    /// Their platform id.
    pub id: String,
    /// The name the download shows (never under blind marking), as an export matches it.
    pub name: Option<String>,
}

/// Why an entry is not played. Never quotes the entry's content.
#[derive(Debug, Error)]
pub enum SkipReason {
    /// A file whose name does not end in `.wasm`, `.wat` or `.py` (in any case).
    #[error("not a .wasm, .wat or .py file")]
    NotModuleFile,
    /// A link, a FIFO, a device, a socket, or a file the system would not open.
    #[error("{0}")]
    Unreadable(ReadError),
    /// A sub-folder (or a folder argument) with no module file in it: the whole folder is
    /// skipped, and `others` names what it holds instead (escaped, folders ending in `/`).
    #[error("the folder holds no .wasm, .wat or .py file{}", only(.others))]
    NoModule {
        /// The entries the folder holds.
        others: Vec<String>,
    },
    /// A sub-folder with more than one module file: which one is the submission?
    #[error("the folder holds {} modules ({}): a student's folder must hold exactly one", .0.len(), .0.join(", "))]
    SeveralModules(Vec<String>),
    /// A folder inside a student's sub-folder (arena looks one level deep).
    #[error("a folder inside a submission folder (arena looks only one level deep)")]
    NestedFolder,
    /// Another entry has the same bot name, after escaping.
    #[error("its bot name `{name}` is also the name of {}: rename one", .others.join(", "))]
    NameClash {
        /// The name they share.
        name: String,
        /// The other entries with that name.
        others: Vec<String>,
    },
    /// The name is that of a builtin bot in the same tournament.
    #[error("its bot name `{0}` is the name of a builtin in this tournament: rename it")]
    BuiltinName(String),
    /// An entry of a zip archive refused by name or content ([`super::archive`]).
    #[error("{0}")]
    Entry(super::archive::EntryRefusal),
    /// An entry whose name does not follow the archive's layout.
    #[error("its name does not follow the {} layout ({})", .0.title(), .0.rule())]
    Layout(super::lms::Layout),
    /// An attempt other than the one that counts.
    #[error("attempt {this}: the {} attempt ({counts}) counts{}", choice_word(*.choice), choice_hint(*.choice))]
    OtherAttempt {
        /// This attempt (its time, or Canvas's attachment id).
        this: String,
        /// The attempt that counts.
        counts: String,
        /// Which one counts.
        choice: super::lms::AttemptChoice,
    },
    /// A submission of text typed into the platform only, no file.
    #[error("a text-only submission (typed into the platform): no .wasm, .wat or .py file")]
    TextOnly,
    /// A module file of no bytes.
    #[error("an empty file (0 bytes)")]
    EmptyFile,
    /// A Blackboard attempt whose user name cannot be told: no receipt names it, and the
    /// download's names share no one assignment name to take it from.
    #[error("the user name in `{0}` cannot be told apart from the assignment name: the attempt has no receipt naming it (`Name: … (username)`) and the download's names share no one assignment name")]
    UnknownUser(String),
}

/// `latest` or `first`.
fn choice_word(c: super::lms::AttemptChoice) -> &'static str {
    match c {
        super::lms::AttemptChoice::Latest => "latest",
        super::lms::AttemptChoice::First => "first",
    }
}

/// How to take another attempt.
fn choice_hint(c: super::lms::AttemptChoice) -> &'static str {
    match c {
        super::lms::AttemptChoice::Latest => " (--attempt first takes the first)",
        super::lms::AttemptChoice::First => "",
    }
}

/// `, only: a, b, c` (at most six names, then how many more), or nothing for no names.
fn only(others: &[String]) -> String {
    const SHOWN: usize = 6;
    match others.len() {
        0 => String::new(),
        n if n <= SHOWN => format!(", only: {}", others.join(", ")),
        n => format!(
            ", only: {} and {} more",
            others[..SHOWN].join(", "),
            n - SHOWN
        ),
    }
}

/// What stops intake altogether: a mistake on the command line, not in a submission.
#[derive(Debug, Error)]
pub enum IntakeError {
    /// A path on the command line that does not exist.
    #[error("{}: no such file or folder", escape_path(.0))]
    NotFound(PathBuf),
    /// A folder on the command line that cannot be listed.
    #[error("cannot read the folder {}: {source}", escape_path(path))]
    Folder {
        /// The folder.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// A `builtin:` argument that does not parse.
    #[error(transparent)]
    Builtin(crate::contestant::BotSpecError),
    /// The same builtin named twice.
    #[error("two bots are both named `{0}`: name each builtin once")]
    DuplicateBuiltin(String),
    /// The same module file (the same canonical path) reached twice through the
    /// arguments: named twice, or named and also inside a folder argument, as submissions
    /// or as references. arena does not guess which of the two was meant.
    #[error(
        "{}{} is named twice on the command line{}: name each file once",
        escape_path(first),
        also(first, second),
        roles(*first_reference, *second_reference)
    )]
    NamedTwice {
        /// The file as first reached.
        first: PathBuf,
        /// Whether it was first reached through `--gauntlet`.
        first_reference: bool,
        /// The file as reached the second time.
        second: PathBuf,
        /// Whether it was reached the second time through `--gauntlet`.
        second_reference: bool,
    },
    /// An entry of a `--gauntlet` argument that would be skipped: a gauntlet never goes on
    /// without a reference it was given, since its submissions would then be graded
    /// against another bar (or against each other).
    #[error(
        "{}a gauntlet plays only when every reference it is given plays: fix or remove the \
         reference; nothing was played",
        reference_skips(.0)
    )]
    ReferenceSkipped(Vec<Skipped>),
    /// A zip archive on the command line that cannot be read at all.
    #[error("{0}")]
    Archive(super::archive::ArchiveError),
    /// `--gauntlet` given, yet no reference is left to play.
    #[error("a gauntlet needs at least one reference bot that plays, and none is left: nothing was played")]
    NoReference,
}

/// ` (also as OTHER)` when the second path is spelt otherwise than the first.
fn also(first: &std::path::Path, second: &std::path::Path) -> String {
    if first.as_os_str() == second.as_os_str() {
        String::new()
    } else {
        format!(" (also as {})", escape_path(second))
    }
}

/// What roles the two namings gave the file, when they differ or are both references.
fn roles(first: bool, second: bool) -> &'static str {
    match (first, second) {
        (false, false) => "",
        (true, true) => " (as two --gauntlet references)",
        _ => " (as a submission and as a --gauntlet reference: a reference cannot also be a submission)",
    }
}

/// `--gauntlet reference PATH: REASON; ` for every skipped reference entry.
fn reference_skips(skipped: &[Skipped]) -> String {
    skipped
        .iter()
        .map(|s| {
            format!(
                "--gauntlet reference {}: {}; ",
                escape_path(&s.path),
                s.reason
            )
        })
        .collect()
}
