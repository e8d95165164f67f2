//! Intake: turning the bots named on the command line (files, folders of submissions,
//! builtins) into the field, accounting for every entry handed in.
//!
//! A folder argument stands for every entry directly inside it, in byte order of the
//! names:
//! - a file ending in `.wasm`, `.wat` or `.py`, in any case (`Ana.WASM`), is a submission named
//!   after its file stem (`Ana`);
//! - a sub-folder holding exactly one such file is that student's submission, named after
//!   the folder (see [`folder_name`] for learning-platform exports); a sub-folder holding
//!   none or several is skipped, naming them;
//! - everything else is skipped with its reason ([`SkipReason`]): another kind of file, a
//!   symbolic link (never followed), a FIFO, device or socket (never opened), an entry
//!   the system will not open, a folder two levels down, a name another entry has.
//!
//! A file named on the command line goes through the same checks; a folder named on the
//! command line may itself be a link (it is the instructor's). Names are escaped
//! ([`crate::bot_name`]) before they are compared, so two entries that would show the
//! same name are a clash: both are skipped, since arena cannot tell which is meant (two
//! learning-platform folders of students with the same name are told apart by their
//! participant ids instead). A module that clashes with a builtin of the same tournament
//! is skipped; two identical builtins are an error, and so is the same module file
//! reached twice (the same canonical path, however it is spelt or reached: named twice,
//! or named and also inside a folder argument).
//!
//! Gauntlet references are the instructor's own: where a submission is skipped with its
//! reason, an entry of a reference argument that would be skipped is an error, so that a
//! gauntlet never goes on without a reference it was given.
//!
//! Nothing here reads a module's content: size, format and the ABI are checked when the
//! module is loaded, and a module that fails there is disqualified (it stays in the
//! standings), not skipped.

pub mod archive;
pub mod lms;
mod skip;
pub mod zipped;

use std::collections::{BTreeMap, HashMap};
use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};

use crate::bot_name::{escape_formula_start, escape_os, BotName};
use crate::contestant::{is_module_file, BotSpec, BotSpecError};
use crate::module_file::{self, ReadError, Special};

pub use skip::{IntakeError, SkipReason, Skipped, SkippedStudent};
pub use zipped::{ArchiveOptions, ArchiveSummary, Archived};

/// Where a bot of the field comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// `builtin:NAME[:DEPTH]`.
    Builtin {
        /// The strategy's name.
        strategy: String,
        /// Search depth, if given.
        depth: Option<u32>,
    },
    /// A module file (checked to be a regular file when found, read later through
    /// [`crate::module_file::read`]).
    Module(PathBuf),
    /// A module inside a zip archive (a learning platform's download), read later
    /// through [`zipped::read`].
    Archived(Box<Archived>),
}

impl Source {
    /// Whether it is a module (a file, or an entry of an archive), not a builtin.
    pub fn is_module(&self) -> bool {
        !matches!(self, Source::Builtin { .. })
    }

    /// The student a module of a learning platform's download belongs to.
    pub fn identity(&self) -> Option<&lms::Identity> {
        match self {
            Source::Archived(a) => a.identity.as_ref(),
            _ => None,
        }
    }
}

/// A bot that will be in the field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// Its unique name.
    pub name: BotName,
    /// Where it comes from.
    pub source: Source,
    /// For a module, its path relative to the folder argument it was found in (the file
    /// name for a file named on the command line), escaped; for a builtin, what was
    /// typed. The manifest's `source`.
    pub file: String,
    /// A gauntlet reference rather than a ranked submission.
    pub reference: bool,
}

/// What the arguments amount to: the bots to play and every entry not played.
#[derive(Debug, Default)]
pub struct Intake {
    /// The field, in argument order (folders in name order).
    pub bots: Vec<Candidate>,
    /// Every entry not played, with its reason, in the order found.
    pub skipped: Vec<Skipped>,
    /// What each zip archive argument held (its layout, its students).
    pub archives: Vec<ArchiveSummary>,
}

/// The learning-platform suffix of a student's folder: Moodle names the folders of an
/// assignment download `FULL NAME_PARTICIPANTID_assignsubmission_file_`.
const MOODLE_MARK: &str = "_assignsubmission_";

/// The bot name of a student's sub-folder (already escaped), and the participant id when
/// it follows the Moodle pattern `NAME_DIGITS_assignsubmission_…`: then the name is the
/// part before `_DIGITS` (`Ana Petrova_4411_assignsubmission_file_` → `Ana Petrova`,
/// id `4411`); otherwise it is the whole folder name.
pub fn folder_name(escaped: &str) -> (String, Option<String>) {
    if let Some(at) = escaped.rfind(MOODLE_MARK) {
        let head = &escaped[..at];
        if let Some((name, id)) = head.rsplit_once('_') {
            if !name.is_empty() && !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()) {
                return (name.to_string(), Some(id.to_string()));
            }
        }
    }
    (escaped.to_string(), None)
}

/// One module found, before names are checked for clashes.
struct Found {
    name: String,
    /// `NAME_ID` for a Moodle folder or a learning platform's student, the name to fall
    /// back on when students share a name.
    fallback: Option<String>,
    path: PathBuf,
    file: String,
    reference: bool,
    /// Where in an archive the module is, for a module inside one.
    archived: Option<Archived>,
}

/// Gathers the field from the submissions and the gauntlet references as typed.
///
/// # Errors
/// [`IntakeError`] for a mistake on the command line: a path that does not exist, a
/// folder that cannot be listed, a malformed or repeated builtin, a module file reached
/// twice; and, when `references` is not empty (a gauntlet), any entry of a reference
/// argument that would be skipped, or no reference left at all.
pub fn gather(submissions: &[OsString], references: &[OsString]) -> Result<Intake, IntakeError> {
    gather_with(submissions, references, &ArchiveOptions::default())
}

/// [`gather`], reading zip archive arguments (`.zip`: a learning platform's download) as
/// `options` say (see [`zipped`]).
///
/// # Errors
/// As [`gather`]; and [`IntakeError::Archive`] for an archive that cannot be read at all.
pub fn gather_with(
    submissions: &[OsString],
    references: &[OsString],
    options: &ArchiveOptions,
) -> Result<Intake, IntakeError> {
    let mut archives = Vec::new();
    let mut builtins: Vec<Candidate> = Vec::new();
    let mut found: Vec<Found> = Vec::new();
    let mut skipped: Vec<Skipped> = Vec::new();
    let args = submissions
        .iter()
        .map(|a| (a, false))
        .chain(references.iter().map(|a| (a, true)));
    for (arg, reference) in args {
        if let Some(text) = arg.to_str().filter(|t| t.starts_with("builtin:")) {
            let BotSpec::Builtin { strategy, depth } =
                text.parse::<BotSpec>().map_err(IntakeError::Builtin)?
            else {
                unreachable!("a `builtin:` argument parses as a builtin or fails");
            };
            let name = BotName::from_text(text);
            if builtins.iter().any(|b| b.name == name) {
                return Err(IntakeError::DuplicateBuiltin(name.into_string()));
            }
            builtins.push(Candidate {
                name,
                source: Source::Builtin { strategy, depth },
                file: text.to_string(),
                reference,
            });
            continue;
        }
        if arg.is_empty() {
            return Err(IntakeError::Builtin(BotSpecError::Empty));
        }
        let path = PathBuf::from(arg);
        let meta = match std::fs::symlink_metadata(&path) {
            Ok(m) => m,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Err(IntakeError::NotFound(path))
            }
            Err(source) => return Err(IntakeError::Folder { path, source }),
        };
        // A folder argument is the instructor's own: it may be a link to a folder.
        let is_dir = meta.is_dir() || (meta.is_symlink() && path.is_dir());
        if is_dir {
            scan_folder(&path, reference, &mut found, &mut skipped)?;
        } else if zipped::is_archive(&path) && (meta.is_file() || path.is_file()) {
            let summary = zipped::scan(&path, reference, options, &mut found, &mut skipped)
                .map_err(IntakeError::Archive)?;
            archives.push(summary);
        } else {
            let file = path
                .file_name()
                .map_or_else(|| escape_os(path.as_os_str()), escape_os);
            file_entry(&path, file, reference, &mut found, &mut skipped);
        }
    }
    refuse_named_twice(&found)?;
    let bots = resolve_names(builtins, found, &mut skipped);
    if !references.is_empty() {
        // The references are the instructor's own: one that cannot play stops the run,
        // or the gauntlet would grade against another bar (or become a round robin).
        if skipped.iter().any(|s| s.reference) {
            skipped.retain(|s| s.reference);
            return Err(IntakeError::ReferenceSkipped(skipped));
        }
        if !bots.iter().any(|b| b.reference) {
            return Err(IntakeError::NoReference);
        }
    }
    Ok(Intake {
        bots,
        skipped,
        archives,
    })
}

/// Refuses a module file reached twice (the same canonical path, whatever the spelling
/// or the folder argument it was found through): [`IntakeError::NamedTwice`].
fn refuse_named_twice(found: &[Found]) -> Result<(), IntakeError> {
    let mut seen: HashMap<PathBuf, &Found> = HashMap::new();
    for f in found {
        // Every module found was just opened as a regular file; should it vanish now, its
        // path as typed still catches the plainest repetition. An archive's entry is its
        // archive's canonical path and the entry's position.
        let key = match &f.archived {
            Some(a) => {
                let mut key = std::fs::canonicalize(&a.archive)
                    .unwrap_or_else(|_| a.archive.clone())
                    .into_os_string();
                key.push(format!("\0{}\0{:?}", a.entry, a.inner));
                PathBuf::from(key)
            }
            None => std::fs::canonicalize(&f.path).unwrap_or_else(|_| f.path.clone()),
        };
        if let Some(first) = seen.get(&key) {
            return Err(IntakeError::NamedTwice {
                first: first.path.clone(),
                first_reference: first.reference,
                second: f.path.clone(),
                second_reference: f.reference,
            });
        }
        seen.insert(key, f);
    }
    Ok(())
}

/// The entries of `dir`, sorted by name bytes.
fn entries(dir: &Path) -> std::io::Result<Vec<(OsString, PathBuf)>> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        out.push((entry.file_name(), entry.path()));
    }
    out.sort();
    Ok(out)
}

/// A file at the top of a folder argument, or named on the command line.
fn file_entry(
    path: &Path,
    file: String,
    reference: bool,
    found: &mut Vec<Found>,
    skipped: &mut Vec<Skipped>,
) {
    let skip = |reason| Skipped {
        student: None,
        path: path.to_path_buf(),
        file: file.clone(),
        reason,
        reference,
    };
    if !is_module_file(path) {
        // Say what a link or a special file is, whatever its name; never open it.
        let reason = match module_file::inspect(path) {
            Err(e) => SkipReason::Unreadable(e),
            Ok(_) => SkipReason::NotModuleFile,
        };
        skipped.push(skip(reason));
        return;
    }
    if let Err(e) = module_file::open(path) {
        skipped.push(skip(SkipReason::Unreadable(e)));
        return;
    }
    let stem = path.file_stem().unwrap_or(path.as_os_str());
    found.push(Found {
        name: BotName::from_os(stem).into_string(),
        fallback: None,
        path: path.to_path_buf(),
        file,
        reference,
        archived: None,
    });
}

/// Every entry of a folder argument.
fn scan_folder(
    dir: &Path,
    reference: bool,
    found: &mut Vec<Found>,
    skipped: &mut Vec<Skipped>,
) -> Result<(), IntakeError> {
    let list = entries(dir).map_err(|source| IntakeError::Folder {
        path: dir.to_path_buf(),
        source,
    })?;
    if list.is_empty() {
        skipped.push(Skipped {
            student: None,
            path: dir.to_path_buf(),
            file: dir
                .file_name()
                .map_or_else(|| escape_os(dir.as_os_str()), escape_os),
            reason: SkipReason::NoModule { others: Vec::new() },
            reference,
        });
    }
    for (name, path) in list {
        let file = escape_os(&name);
        match std::fs::symlink_metadata(&path) {
            Ok(meta) if meta.is_dir() => {
                student_folder(&path, &name, reference, found, skipped);
            }
            Ok(_) => file_entry(&path, file, reference, found, skipped),
            Err(e) => skipped.push(Skipped {
                student: None,
                path,
                file,
                reason: SkipReason::Unreadable(ReadError::from(e)),
                reference,
            }),
        }
    }
    Ok(())
}

/// A student's sub-folder: exactly one module in it is the submission.
fn student_folder(
    dir: &Path,
    dir_name: &OsStr,
    reference: bool,
    found: &mut Vec<Found>,
    skipped: &mut Vec<Skipped>,
) {
    let folder = escape_os(dir_name);
    let skip_folder = |reason| Skipped {
        student: None,
        path: dir.to_path_buf(),
        file: format!("{folder}/"),
        reason,
        reference,
    };
    let list = match entries(dir) {
        Ok(list) => list,
        Err(e) => {
            skipped.push(skip_folder(SkipReason::Unreadable(ReadError::from(e))));
            return;
        }
    };
    let mut modules = Vec::new();
    let mut others = Vec::new();
    for (name, path) in list {
        let file = format!("{folder}/{}", escape_os(&name));
        // What the entry is comes first (never following a link), its name second: a
        // folder named `old.wasm` is a nested folder, a link named `bot.wasm` a link.
        let reason = match module_file::inspect(&path) {
            Ok(_) if is_module_file(&path) => {
                modules.push((path, file));
                continue;
            }
            Ok(_) => SkipReason::NotModuleFile,
            Err(ReadError::NotRegular(Special::Folder)) => SkipReason::NestedFolder,
            Err(e) => SkipReason::Unreadable(e),
        };
        let skip = Skipped {
            student: None,
            path,
            file,
            reason,
            reference,
        };
        others.push((skip, name));
    }
    // A link, FIFO or device named like a module is skipped with what it is, never
    // summed up as "no module" (it was handed in as one).
    let named_like_a_module = |(s, _): &(Skipped, OsString)| {
        matches!(s.reason, SkipReason::Unreadable(_)) && is_module_file(&s.path)
    };
    if modules.is_empty() && !others.iter().any(named_like_a_module) {
        // One line for the folder, naming what it holds, rather than one per file.
        let others = others
            .iter()
            .map(|(s, name)| match s.reason {
                SkipReason::NestedFolder => format!("{}/", escape_os(name)),
                _ => escape_os(name),
            })
            .collect();
        skipped.push(skip_folder(SkipReason::NoModule { others }));
        return;
    }
    skipped.extend(others.into_iter().map(|(s, _)| s));
    match modules.len() {
        // Only links or special files named like modules: each is skipped above.
        0 => {}
        1 => {
            let (path, file) = modules.pop().expect("one module");
            if let Err(e) = module_file::open(&path) {
                skipped.push(Skipped {
                    student: None,
                    path,
                    file,
                    reason: SkipReason::Unreadable(e),
                    reference,
                });
                return;
            }
            // The name, not `file` (the folder as found, which verify looks up), is kept
            // from starting a spreadsheet formula.
            let (name, id) = folder_name(&escape_formula_start(folder.clone()));
            found.push(Found {
                fallback: id.map(|id| format!("{name}_{id}")),
                name,
                path,
                file,
                reference,
                archived: None,
            });
        }
        _ => {
            let names = modules
                .iter()
                .map(|(p, _)| p.file_name().map(escape_os).unwrap_or_default())
                .collect();
            skipped.push(skip_folder(SkipReason::SeveralModules(names)));
        }
    }
}

/// Makes names unique: Moodle folders sharing a name fall back on `NAME_ID`; any other
/// clash skips every module involved; a module named like a builtin is skipped.
fn resolve_names(
    builtins: Vec<Candidate>,
    mut found: Vec<Found>,
    skipped: &mut Vec<Skipped>,
) -> Vec<Candidate> {
    let count = |found: &[Found], name: &str| found.iter().filter(|f| f.name == name).count();
    let shared: Vec<usize> = (0..found.len())
        .filter(|&i| found[i].fallback.is_some() && count(&found, &found[i].name) > 1)
        .collect();
    for i in shared {
        if let Some(full) = found[i].fallback.take() {
            found[i].name = full;
        }
    }
    let mut by_name: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (i, f) in found.iter().enumerate() {
        by_name.entry(f.name.clone()).or_default().push(i);
    }
    let mut bots = builtins;
    let mut clashes: Vec<(usize, SkipReason)> = Vec::new();
    for (name, group) in &by_name {
        if bots.iter().any(|b| b.name.as_str() == name) {
            clashes.extend(
                group
                    .iter()
                    .map(|&i| (i, SkipReason::BuiltinName(name.clone()))),
            );
        } else if group.len() > 1 {
            for &i in group {
                let others = group
                    .iter()
                    .filter(|&&j| j != i)
                    .map(|&j| found[j].file.clone())
                    .collect();
                clashes.push((
                    i,
                    SkipReason::NameClash {
                        name: name.clone(),
                        others,
                    },
                ));
            }
        }
    }
    clashes.sort_by_key(|c| c.0);
    let mut clashes = clashes.into_iter().peekable();
    for (i, f) in found.into_iter().enumerate() {
        if clashes.peek().is_some_and(|c| c.0 == i) {
            let (_, reason) = clashes.next().expect("peeked");
            skipped.push(Skipped {
                student: f
                    .archived
                    .as_ref()
                    .and_then(|a| a.identity.as_ref())
                    .map(|i| SkippedStudent {
                        bot: f.name.clone(),
                        id: i.id.clone(),
                        name: (!i.blind).then(|| i.name.clone()).flatten(),
                    }),
                path: f.path,
                file: f.file,
                reason,
                reference: f.reference,
            });
            continue;
        }
        let source = match f.archived {
            Some(a) => Source::Archived(Box::new(a)),
            None => Source::Module(f.path),
        };
        bots.push(Candidate {
            name: BotName::from_escaped(f.name),
            source,
            file: f.file,
            reference: f.reference,
        });
    }
    bots
}

/// Groups of modules with byte-identical content, by name: `(name, sha256)` pairs in,
/// each group of two or more names out (sorted). Identical submissions are all played;
/// this is for the instructor to look at.
pub fn identical<'a>(modules: impl IntoIterator<Item = (&'a str, &'a str)>) -> Vec<Vec<String>> {
    let mut by_hash: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for (name, sha) in modules {
        if !sha.is_empty() {
            by_hash.entry(sha).or_default().push(name.to_string());
        }
    }
    let mut groups: Vec<Vec<String>> = by_hash
        .into_values()
        .filter(|g| g.len() > 1)
        .map(|mut g| {
            g.sort();
            g
        })
        .collect();
    groups.sort();
    groups
}

#[cfg(test)]
mod tests;
