//! Intake from a zip archive: a learning platform's download read in place.
//!
//! The archive is listed through [`super::archive`] (every refused entry skipped with its
//! reason), its layout recognised ([`lms::detect`]) or forced, and its entries grouped
//! by student. A student's attempts are ordered (Blackboard's dates; Canvas's attachment
//! ids, each file holding a module being one attempt, whatever its name); the latest counts
//! (or the first, `--attempt first`), and every other attempt is skipped with the reason.
//! In the attempt that counts, exactly one module (`.wasm`, `.wat`, `.py`) is the
//! submission, found among its files and inside the zip archives among them (opened one
//! level deep, in memory, up to [`archive::MAX_NESTED_BYTES`]). Each module's real size is
//! measured (decompressed and counted, never kept) against the cap before it is accepted.
//!
//! Intake decompresses each entry at most once: a receipt is read once (its user name and
//! the name it gives kept), a zipped bot once (the modules in it listed and measured while
//! it is in memory), a module once. The module that counts is read again only when the
//! tournament loads it ([`read`]).

use std::collections::BTreeMap;
use std::io::Cursor;
use std::path::{Path, PathBuf};

use super::archive::{self, Archive, ArchiveError, EntryRefusal, Kind};
use super::lms::{self, blackboard, AttemptChoice, Identity, Layout, Parsed, Role};
use super::{Found, SkipReason, Skipped, SkippedStudent};
use crate::bot_name::{escape_formula_start, escape_text};
use crate::contestant::is_module_file;

/// How an archive argument is read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ArchiveOptions {
    /// The layout to read it as; recognised from the names when `None`.
    pub layout: Option<Layout>,
    /// Which attempt of a student with several counts.
    pub attempt: AttemptChoice,
}

/// What an archive argument held, for the intake's report line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArchiveSummary {
    /// The archive.
    pub path: PathBuf,
    /// The layout it was read as.
    pub layout: Layout,
    /// Whether `--layout` forced it.
    pub forced: bool,
    /// The students (or plain submissions) found in it.
    pub students: usize,
    /// The bytes intake decompressed from it (receipts, zipped bots, the modules measured).
    pub inflated: u64,
    /// The entries (of it, and of the archives inside it) intake started to decompress.
    pub inflations: usize,
}

/// A module inside a zip archive (perhaps inside an archive inside it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Archived {
    /// The archive on disk.
    pub archive: PathBuf,
    /// The entry's position in the archive's central directory.
    pub entry: usize,
    /// The entry's directory record, kept from the listing: the entry is read again
    /// without walking the directory.
    pub record: archive::Record,
    /// Inside the archive at `entry`, this entry's position, for a zipped bot.
    pub inner: Option<usize>,
    /// The module's file name (its extension says whether it is a script).
    pub file_name: String,
    /// The archive and the entry's name, for messages only.
    pub shown: PathBuf,
    /// The student, as the platform knows them (none in a plain archive).
    pub identity: Option<Identity>,
}

/// Whether a path named on the command line is a zip archive (by its name).
pub fn is_archive(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("zip"))
}

/// `archive/name`, for messages: the name is never joined as a path (an absolute name
/// would replace the archive's).
fn shown_path(archive: &Path, name: &str) -> PathBuf {
    let mut s = archive.as_os_str().to_owned();
    s.push("/");
    s.push(name);
    PathBuf::from(s)
}

/// The largest module accepted from an archive: the sandbox's default module cap, or the
/// script cap for a Python bot.
fn cap_for(name: &str) -> u64 {
    if crate::python::is_script(Path::new(name)) {
        crate::python::SCRIPT_CAP
    } else {
        crate::runtime::Limits::default().module_bytes
    }
}

/// Reads the module `a` names, at most `cap` bytes.
///
/// # Errors
/// [`ArchivedReadError`]: the archive cannot be opened, or the entry is refused.
pub fn read(a: &Archived, cap: u64) -> Result<Vec<u8>, ArchivedReadError> {
    let mut outer = Archive::open(&a.archive).map_err(ArchivedReadError::Archive)?;
    match a.inner {
        None => Ok(outer.read_record(&a.record, cap)?),
        Some(inner) => {
            let bytes = outer.read_record(&a.record, archive::MAX_NESTED_BYTES)?;
            let mut nested =
                Archive::new(Cursor::new(bytes), &a.shown).map_err(ArchivedReadError::Archive)?;
            // The archive inside is listed (one walk of it) for its entry's record.
            nested.list().map_err(ArchivedReadError::Archive)?;
            Ok(nested.read(inner, cap)?)
        }
    }
}

/// Why a module inside an archive cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum ArchivedReadError {
    /// The archive itself.
    #[error("{0}")]
    Archive(ArchiveError),
    /// The entry.
    #[error("{0}")]
    Entry(#[from] EntryRefusal),
}

/// One file of a student's submission.
struct Item {
    index: usize,
    name: String,
    parsed: Parsed,
}

/// Everything one student handed in, by attempt.
struct Student {
    first: Parsed,
    /// Its bot name: the platform's name, or `NAME_ID` when another student of the
    /// download shares the name.
    bot: String,
    attempts: BTreeMap<String, Vec<Item>>,
}

/// Reads the archive at `path` into `found` and `skipped`.
///
/// # Errors
/// [`ArchiveError`] for an archive that cannot be read at all (not a zip, too many
/// entries); a refused entry is skipped, not an error.
pub(super) fn scan(
    path: &Path,
    reference: bool,
    options: &ArchiveOptions,
    found: &mut Vec<Found>,
    skipped: &mut Vec<Skipped>,
) -> Result<ArchiveSummary, ArchiveError> {
    let mut zip = Archive::open(path)?;
    let listing = zip.list()?;
    // An entry of no student (one the layout does not name).
    let skip = |name: &str, reason: SkipReason| Skipped {
        path: shown_path(path, name),
        file: escape_text(name),
        reason,
        reference,
        student: None,
    };
    for (name, why) in listing.refused {
        skipped.push(Skipped {
            path: shown_path(path, &name),
            file: escape_text(&name),
            reason: SkipReason::Entry(why),
            reference,
            student: None,
        });
    }
    let files: Vec<&archive::Entry> = listing
        .entries
        .iter()
        .filter(|e| e.kind == Kind::File)
        .collect();
    let (layout, forced) = match options.layout {
        Some(layout) => (layout, true),
        None => (lms::detect(files.iter().map(|e| e.name.as_str())), false),
    };
    let mut entries: Vec<(&archive::Entry, Parsed)> = Vec::new();
    for e in files {
        match layout.parse(&e.name) {
            Some(parsed) => entries.push((e, parsed)),
            None => skipped.push(skip(&e.name, SkipReason::Layout(layout))),
        }
    }
    // The name each Blackboard attempt's receipt gives, by the attempt's prefix.
    let mut receipts = BTreeMap::new();
    if layout == Layout::Blackboard {
        entries = blackboard_users(&mut zip, entries, &mut receipts, &mut |name, reason| {
            skipped.push(skip(name, reason));
        });
    }
    let mut students: BTreeMap<String, Student> = BTreeMap::new();
    for (e, parsed) in entries {
        let student = students
            .entry(parsed.identity.id.clone())
            .or_insert_with(|| Student {
                bot: bot_name(&parsed),
                first: parsed.clone(),
                attempts: BTreeMap::new(),
            });
        student
            .attempts
            .entry(parsed.attempt.clone())
            .or_default()
            .push(Item {
                index: e.index,
                name: e.name.clone(),
                parsed,
            });
    }
    let count = students.len();
    // Students sharing a name (two "Wei Zhang"s) are told apart by their ids, in every
    // name they are given: their modules' and their skipped entries'.
    let mut names: BTreeMap<String, usize> = BTreeMap::new();
    for s in students.values() {
        *names.entry(s.bot.clone()).or_default() += 1;
    }
    for s in students.values_mut() {
        if names[&s.bot] > 1 && layout != Layout::Plain && !s.first.identity.blind {
            s.bot = format!("{}_{}", s.bot, escape_text(&s.first.identity.id));
        }
    }
    // Students in the order of their bot names (then ids): the field's order.
    let mut ordered: Vec<Student> = students.into_values().collect();
    ordered.sort_by(|a, b| (&a.bot, &a.first.identity.id).cmp(&(&b.bot, &b.first.identity.id)));
    for student in ordered {
        take_student(
            &mut zip, path, layout, student, &receipts, reference, options, found, skipped,
        );
    }
    Ok(ArchiveSummary {
        path: path.to_path_buf(),
        layout,
        forced,
        students: count,
        inflated: zip.spent(),
        inflations: zip.inflations(),
    })
}

/// Blackboard's entries with their user names told apart from the assignment name (a user
/// name may hold `_`): each attempt's user name is the one its receipt names (read within
/// [`archive::MAX_RECEIPT_BYTES`]) when the text before `_attempt_` ends with it. An attempt
/// without such a receipt takes what follows the download's one assignment name: the one
/// the receipts show, or else the one every entry's last `_` gives. When there is no one
/// assignment name, the attempt's entries are skipped, never taken for another student's.
/// Each receipt is read once: the name it gives its user is kept in `names`, by the
/// attempt's prefix.
fn blackboard_users<'a>(
    zip: &mut Archive<std::fs::File>,
    entries: Vec<(&'a archive::Entry, Parsed)>,
    names: &mut BTreeMap<String, String>,
    skip: &mut dyn FnMut(&str, SkipReason),
) -> Vec<(&'a archive::Entry, Parsed)> {
    use std::collections::BTreeSet;
    // The user name each attempt's receipt gives, by the attempt's prefix.
    let mut users: BTreeMap<String, String> = BTreeMap::new();
    for (e, p) in &entries {
        if p.role != Role::Receipt || users.contains_key(&p.identity.prefix) {
            continue;
        }
        let Ok(bytes) = zip.read(e.index, archive::MAX_RECEIPT_BYTES) else {
            continue;
        };
        let text = String::from_utf8_lossy(&bytes);
        let head = blackboard::head(p);
        let user = blackboard::receipt_users(&text)
            .find(|u| blackboard::assignment_of(head, u).is_some())
            .map(str::to_string);
        if let Some(user) = user {
            // An attempt whose user name no receipt gives takes it from the assignment
            // name below: its receipt names no one of that user name either.
            if let Some(name) = blackboard::receipt_name(&text, &user) {
                names.insert(p.identity.prefix.clone(), name);
            }
            users.insert(p.identity.prefix.clone(), user);
        }
    }
    // The one assignment name: the receipts', or else the last `_`'s of every entry.
    let from_receipts: BTreeSet<&str> = entries
        .iter()
        .filter_map(|(_, p)| {
            let user = users.get(&p.identity.prefix)?;
            blackboard::assignment_of(blackboard::head(p), user)
        })
        .collect();
    let assignments = if from_receipts.is_empty() {
        entries
            .iter()
            .filter_map(|(_, p)| blackboard::assignment_of(blackboard::head(p), &p.identity.id))
            .collect()
    } else {
        from_receipts
    };
    let assignment = match assignments.len() {
        1 => assignments.into_iter().next().map(str::to_string),
        _ => None,
    };
    let mut kept = Vec::new();
    for (e, p) in entries {
        let head = blackboard::head(&p);
        let user = users.get(&p.identity.prefix).cloned().or_else(|| {
            let a = assignment.as_deref()?;
            head.strip_prefix(a)?
                .strip_prefix('_')
                .filter(|u| !u.is_empty())
                .map(str::to_string)
        });
        match user {
            Some(user) => kept.push((e, blackboard::with_user(p, &user))),
            None => {
                let head = escape_text(head);
                skip(&e.name, SkipReason::UnknownUser(head));
            }
        }
    }
    kept
}

/// The student a skipped entry belongs to: the bot name their module would have had,
/// and their platform id.
fn student_of(s: &Student) -> SkippedStudent {
    let identity = &s.first.identity;
    SkippedStudent {
        bot: s.bot.clone(),
        id: identity.id.clone(),
        name: (!identity.blind).then(|| identity.name.clone()).flatten(),
    }
}

/// The bot name of a student's module, escaped (and kept from starting a formula).
fn bot_name(p: &Parsed) -> String {
    escape_formula_start(escape_text(&p.bot))
}

/// A module found in an attempt: where it is and what it is called.
struct Module {
    entry: usize,
    inner: Option<usize>,
    name: String,
    file_name: String,
    /// Its size as measured already (a module inside a zipped bot, measured while the
    /// zip was in memory).
    measured: Option<Result<u64, EntryRefusal>>,
}

/// What one file of a submission holds: the modules in it (itself, or those inside it when
/// it is a zip archive) and the names of its other files.
type Holds = (Vec<Module>, Vec<String>);

/// The modules in one file `item` of a submission (the zip archives opened, each once).
fn holds(
    zip: &mut Archive<std::fs::File>,
    path: &Path,
    item: &Item,
    skip: &dyn Fn(&str, SkipReason) -> Skipped,
    skipped: &mut Vec<Skipped>,
) -> Holds {
    let file = &item.parsed.file;
    let mut modules = Vec::new();
    let mut others = Vec::new();
    if is_module_file(Path::new(file)) {
        modules.push(Module {
            entry: item.index,
            inner: None,
            name: item.name.clone(),
            file_name: file.rsplit('/').next().unwrap_or(file).to_string(),
            measured: None,
        });
    } else if archive::is_zip_name(file) {
        nested(zip, path, item, skip, &mut modules, &mut others, skipped);
    } else {
        others.push(file.clone());
    }
    (modules, others)
}

/// Takes one student: the attempt that counts, its one module.
#[allow(clippy::too_many_arguments)]
fn take_student(
    zip: &mut Archive<std::fs::File>,
    path: &Path,
    layout: Layout,
    mut student: Student,
    receipts: &BTreeMap<String, String>,
    reference: bool,
    options: &ArchiveOptions,
    found: &mut Vec<Found>,
    skipped: &mut Vec<Skipped>,
) {
    let who = student_of(&student);
    let skip = |name: &str, reason: SkipReason| Skipped {
        path: shown_path(path, name),
        file: escape_text(name),
        reason,
        reference,
        student: Some(who.clone()),
    };
    // What each file holds, found once (a zipped bot opened once).
    let mut held: std::collections::HashMap<usize, Holds> = std::collections::HashMap::new();
    // Canvas names each uploaded file by its attachment id, which grows with each upload:
    // every file holding a module is an attempt of its own, whatever its name (a
    // re-submission may keep the name, gain `-1`, or be named otherwise).
    if layout == Layout::Canvas {
        let all: Vec<Item> = std::mem::take(&mut student.attempts)
            .into_values()
            .flatten()
            .collect();
        let mut rest = Vec::new();
        for item in all {
            if item.parsed.role != Role::File {
                rest.push(item);
                continue;
            }
            let h = holds(zip, path, &item, &skip, skipped);
            let is_attempt = !h.0.is_empty();
            held.insert(item.index, h);
            if is_attempt {
                student
                    .attempts
                    .entry(item.parsed.attempt.clone())
                    .or_default()
                    .push(item);
            } else {
                rest.push(item);
            }
        }
        // The other files belong to the submission whatever the attempt: to the one
        // that counts.
        if student.attempts.is_empty() {
            student.attempts.insert(String::new(), rest);
        } else {
            let key = match options.attempt {
                AttemptChoice::Latest => student.attempts.keys().next_back().cloned(),
                AttemptChoice::First => student.attempts.keys().next().cloned(),
            }
            .expect("not empty");
            student
                .attempts
                .get_mut(&key)
                .expect("present")
                .extend(rest);
        }
    }
    let chosen_key = match options.attempt {
        AttemptChoice::Latest => student.attempts.keys().next_back().cloned(),
        AttemptChoice::First => student.attempts.keys().next().cloned(),
    };
    let Some(chosen_key) = chosen_key else {
        return;
    };
    let shown_attempt = |key: &str, items: &[Item]| -> String {
        items
            .first()
            .and_then(|i| i.parsed.identity.attempt.clone())
            .unwrap_or_else(|| key.trim_start_matches('0').to_string())
    };
    let chosen_items = student.attempts.remove(&chosen_key).expect("present");
    let chosen_shown = shown_attempt(&chosen_key, &chosen_items);
    for (key, items) in &student.attempts {
        let this = shown_attempt(key, items);
        for item in items {
            if item.parsed.role == Role::Receipt {
                continue;
            }
            skipped.push(skip(
                &item.name,
                SkipReason::OtherAttempt {
                    this: this.clone(),
                    counts: chosen_shown.clone(),
                    choice: options.attempt,
                },
            ));
        }
    }
    // The name a receipt gives (Blackboard's).
    let mut receipt_name = None;
    let mut modules: Vec<Module> = Vec::new();
    let mut others: Vec<String> = Vec::new();
    for item in &chosen_items {
        match item.parsed.role {
            Role::Receipt => {
                // Read once, by the Blackboard pass: the name it gives.
                if receipt_name.is_none() && !item.parsed.identity.blind {
                    receipt_name = receipts.get(&item.parsed.identity.prefix).cloned();
                }
                continue;
            }
            Role::Text => {
                others.push(item.parsed.file.clone());
                continue;
            }
            Role::File => {}
        }
        let (m, o) = match held.remove(&item.index) {
            Some(h) => h,
            None => holds(zip, path, item, &skip, skipped),
        };
        modules.extend(m);
        others.extend(o);
    }
    match modules.len() {
        0 => {
            let first = chosen_items.first().map_or("", |i| i.name.as_str());
            // Only typed text (or only a receipt): no file was handed in.
            let has_files = chosen_items.iter().any(|i| i.parsed.role == Role::File);
            let reason = if has_files {
                SkipReason::NoModule { others }
            } else {
                SkipReason::TextOnly
            };
            skipped.push(skip(first, reason));
        }
        1 => {
            let m = modules.pop().expect("one");
            for item in chosen_items.iter().filter(|i| {
                i.parsed.role == Role::File
                    && i.index != m.entry
                    && !is_module_file(Path::new(&i.parsed.file))
                    && !archive::is_zip_name(&i.parsed.file)
            }) {
                skipped.push(skip(&item.name, SkipReason::NotModuleFile));
            }
            let measured = match m.measured {
                Some(measured) => measured,
                None => zip.measure(m.entry, cap_for(&m.file_name)),
            };
            match measured {
                Err(why) => skipped.push(skip(&m.name, SkipReason::Entry(why))),
                Ok(0) => skipped.push(skip(&m.name, SkipReason::EmptyFile)),
                Ok(_) => {
                    // The student as the module's own entry names them (its late mark,
                    // its attempt, its prefix), with the receipt's name.
                    let mut identity = chosen_items
                        .iter()
                        .find(|i| i.index == m.entry)
                        .map_or_else(
                            || student.first.identity.clone(),
                            |i| i.parsed.identity.clone(),
                        );
                    if identity.name.is_none() && !identity.blind {
                        identity.name = receipt_name;
                    }
                    let bot = student.bot.clone();
                    let fallback = (!identity.blind
                        && layout != Layout::Plain
                        && bot == bot_name(&student.first))
                    .then(|| format!("{bot}_{}", escape_text(&identity.id)));
                    let Some(record) = zip.record(m.entry) else {
                        let why = EntryRefusal::Corrupt("no such entry".into());
                        skipped.push(skip(&m.name, SkipReason::Entry(why)));
                        return;
                    };
                    found.push(Found {
                        name: bot,
                        fallback,
                        path: shown_path(path, &m.name),
                        file: escape_text(&m.name),
                        reference,
                        archived: Some(Archived {
                            archive: path.to_path_buf(),
                            entry: m.entry,
                            record,
                            inner: m.inner,
                            file_name: m.file_name,
                            shown: shown_path(path, &m.name),
                            identity: (layout != Layout::Plain).then_some(identity),
                        }),
                    });
                }
            }
        }
        _ => {
            let first = chosen_items.first().map_or("", |i| i.name.as_str());
            let names = modules.iter().map(|m| escape_text(&m.file_name)).collect();
            // One line for the submission, on its first entry.
            skipped.push(skip(first, SkipReason::SeveralModules(names)));
        }
    }
}

/// The modules inside a zip archive a student handed in (one level deep).
fn nested(
    zip: &mut Archive<std::fs::File>,
    path: &Path,
    item: &Item,
    skip: &dyn Fn(&str, SkipReason) -> Skipped,
    modules: &mut Vec<Module>,
    others: &mut Vec<String>,
    skipped: &mut Vec<Skipped>,
) {
    let bytes = match zip.read(item.index, archive::MAX_NESTED_BYTES) {
        Ok(bytes) => bytes,
        Err(why) => {
            skipped.push(skip(&item.name, SkipReason::Entry(why)));
            return;
        }
    };
    let shown = shown_path(path, &item.name);
    let mut inner = match Archive::new(Cursor::new(bytes), &shown) {
        Ok(a) => a,
        Err(e) => {
            skipped.push(skip(
                &item.name,
                SkipReason::Entry(EntryRefusal::Corrupt(e.to_string())),
            ));
            return;
        }
    };
    let listing = match inner.list() {
        Ok(l) => l,
        Err(e) => {
            skipped.push(skip(
                &item.name,
                SkipReason::Entry(EntryRefusal::Corrupt(e.to_string())),
            ));
            return;
        }
    };
    for (name, why) in listing.refused {
        skipped.push(skip(
            &format!("{}/{name}", item.name),
            SkipReason::Entry(why),
        ));
    }
    // The archive inside spends the download's budget.
    let mut inner = inner.with_budget(zip.left());
    for e in listing.entries.iter().filter(|e| e.kind == Kind::File) {
        let full = format!("{}/{}", item.name, e.name);
        let base = e.name.rsplit('/').next().unwrap_or(&e.name).to_string();
        if is_module_file(Path::new(&e.name)) {
            // Measured now, while the zip is in memory: it is not opened again.
            let measured = inner.measure(e.index, cap_for(&base));
            modules.push(Module {
                entry: item.index,
                inner: Some(e.index),
                name: full,
                file_name: base,
                measured: Some(measured),
            });
        } else if archive::is_zip_name(&e.name) {
            skipped.push(skip(&full, SkipReason::Entry(EntryRefusal::TooDeep)));
        } else {
            others.push(format!("{}/{}", item.parsed.file, e.name));
        }
    }
    zip.spend(inner.spent());
    zip.count_inflations(inner.inflations());
}

/// Finds, in the archive at `path`, the module whose manifest `source` is `source` (the
/// entry's name as intake records it), for `arena verify`.
///
/// # Errors
/// [`ArchiveError`] when the archive cannot be read.
pub fn locate(path: &Path, source: &str) -> Result<Option<Archived>, ArchiveError> {
    let mut zip = Archive::open(path)?;
    let listing = zip.list()?;
    for e in listing.entries.iter().filter(|e| e.kind == Kind::File) {
        let base = |n: &str| n.rsplit('/').next().unwrap_or(n).to_string();
        let Some(record) = zip.record(e.index) else {
            continue;
        };
        if escape_text(&e.name) == source && is_module_file(Path::new(&e.name)) {
            return Ok(Some(Archived {
                archive: path.to_path_buf(),
                entry: e.index,
                record,
                inner: None,
                file_name: base(&e.name),
                shown: shown_path(path, &e.name),
                identity: None,
            }));
        }
        let prefix = format!("{}/", escape_text(&e.name));
        if let Some(rest) = source.strip_prefix(&prefix) {
            if !archive::is_zip_name(&e.name) {
                continue;
            }
            let Ok(bytes) = zip.read_record(&record, archive::MAX_NESTED_BYTES) else {
                continue;
            };
            let shown = shown_path(path, &e.name);
            let Ok(mut inner) = Archive::new(Cursor::new(bytes), &shown) else {
                continue;
            };
            let Ok(inner_listing) = inner.list() else {
                continue;
            };
            for i in inner_listing
                .entries
                .iter()
                .filter(|i| i.kind == Kind::File)
            {
                if escape_text(&i.name) == rest && is_module_file(Path::new(&i.name)) {
                    return Ok(Some(Archived {
                        archive: path.to_path_buf(),
                        entry: e.index,
                        record,
                        inner: Some(i.index),
                        file_name: base(&i.name),
                        shown: shown_path(path, &format!("{}/{}", e.name, i.name)),
                        identity: None,
                    }));
                }
            }
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::super::Source;
    use super::*;

    /// A zip of `entries`, stored.
    fn zip_of(entries: &[(&str, &[u8])]) -> Vec<u8> {
        use std::io::Write as _;
        let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Stored);
        for (name, bytes) in entries {
            zip.start_file(*name, options).unwrap();
            zip.write_all(bytes).unwrap();
        }
        zip.finish().unwrap().into_inner()
    }

    #[test]
    fn a_zipped_bot_is_opened_one_level_deep_and_its_entries_checked() {
        let dir = tempfile::tempdir().unwrap();
        let inner = zip_of(&[
            ("bot.wasm", b"\0asm"),
            ("../up.wasm", b"\0asm"),
            ("deeper.zip", &zip_of(&[("x.wasm", b"\0asm")])),
        ]);
        let outer = zip_of(&[
            ("Ana Pé_7_assignsubmission_file_/bot.zip", &inner),
            (
                "Bo_8_assignsubmission_file_/b.zip",
                &zip_of(&[("notes.txt", b"hi")]),
            ),
        ]);
        let path = dir.path().join("subs.zip");
        std::fs::write(&path, outer).unwrap();
        let intake = super::super::gather(&[path.clone().into_os_string()], &[]).unwrap();
        assert_eq!(intake.archives[0].layout, Layout::Moodle);
        assert_eq!(intake.archives[0].students, 2);
        let names: Vec<&str> = intake.bots.iter().map(|b| b.name.as_str()).collect();
        assert_eq!(names, ["Ana Pé"]);
        assert_eq!(
            intake.bots[0].file,
            "Ana Pé_7_assignsubmission_file_/bot.zip/bot.wasm"
        );
        let skipped: Vec<String> = intake
            .skipped
            .iter()
            .map(|s| format!("{}: {}", s.file, s.reason))
            .collect();
        let has = |what: &str| skipped.iter().any(|s| s.contains(what));
        assert!(
            has("bot.zip/../up.wasm: its name leaves the archive"),
            "{skipped:?}"
        );
        assert!(
            has("bot.zip/deeper.zip: an archive inside an archive"),
            "{skipped:?}"
        );
        assert!(
            has("Bo_8_assignsubmission_file_/b.zip: the folder holds no"),
            "{skipped:?}"
        );
        // The module reads back from the archive, and verify finds it by its source.
        let Source::Archived(a) = &intake.bots[0].source else {
            panic!("an archived module");
        };
        assert_eq!(read(a, 1 << 20).unwrap(), b"\0asm");
        let found = locate(&path, &intake.bots[0].file).unwrap().unwrap();
        assert_eq!((found.entry, found.inner), (a.entry, a.inner));
    }

    #[test]
    fn intake_decompresses_each_entry_once() {
        let dir = tempfile::tempdir().unwrap();
        let module: &[u8] = b"\0asm\x01\0\0\0";
        let inner = zip_of(&[("src/bot.wasm", module), ("README", b"not read")]);
        let dana: &[u8] = b"Name: Dana Kim (dkim)\n";
        let lee: &[u8] = b"Name: Lee Wu (lee)\n";
        let entries: [(&str, &[u8]); 5] = [
            ("Bots_dkim_attempt_2024-03-01-10-00-00_bot.zip", &inner),
            ("Bots_dkim_attempt_2024-03-01-10-00-00.txt", dana),
            ("Bots_lee_attempt_2024-03-01-10-00-00_a.wasm", module),
            ("Bots_lee_attempt_2024-03-01-10-00-00.txt", lee),
            // An earlier attempt is never decompressed.
            ("Bots_lee_attempt_2024-02-01-10-00-00_a.wasm", &[7u8; 4096]),
        ];
        let path = dir.path().join("gradebook.zip");
        std::fs::write(&path, zip_of(&entries)).unwrap();
        let intake = super::super::gather(&[path.into_os_string()], &[]).unwrap();
        let names: Vec<&str> = intake.bots.iter().map(|b| b.name.as_str()).collect();
        assert_eq!(names, ["dkim", "lee"]);
        for b in &intake.bots {
            let Source::Archived(a) = &b.source else {
                panic!("an archived module");
            };
            assert!(a.identity.as_ref().unwrap().name.is_some(), "{a:?}");
        }
        // The zipped bot, the module in it, both receipts and lee's module: each once.
        let a = &intake.archives[0];
        let once = inner.len() + 2 * module.len() + dana.len() + lee.len();
        assert_eq!(a.inflated, once as u64);
        assert_eq!(a.inflations, 5);
    }

    #[test]
    fn students_sharing_a_name_are_told_apart_even_when_one_is_skipped() {
        let dir = tempfile::tempdir().unwrap();
        let outer = zip_of(&[
            ("Wei Zhang_11_assignsubmission_file_/bot.wasm", b"\0asm"),
            ("Wei Zhang_12_assignsubmission_file_/notes.txt", b"hi"),
            ("Ana_7_assignsubmission_file_/ボット", b"x"),
            ("Ana_7_assignsubmission_file_/x€€", b"x"),
        ]);
        let path = dir.path().join("subs.zip");
        std::fs::write(&path, outer).unwrap();
        let intake = super::super::gather(&[path.into_os_string()], &[]).unwrap();
        let names: Vec<&str> = intake.bots.iter().map(|b| b.name.as_str()).collect();
        assert_eq!(names, ["Wei Zhang_11"]);
        let students: Vec<(String, String, Option<String>)> = intake
            .skipped
            .iter()
            .filter_map(|s| s.student.clone())
            .map(|s| (s.bot, s.id, s.name))
            .collect();
        let some = |s: &str| Some(s.to_string());
        assert_eq!(
            students,
            [
                ("Ana".into(), "7".into(), some("Ana")),
                ("Wei Zhang_12".into(), "12".into(), some("Wei Zhang"))
            ]
        );
    }

    /// A bot taken: its name, its user name, the name on its receipt.
    type Taken = (String, String, Option<String>);

    /// The bots taken and the skipped entries' lines of the Blackboard download `entries`.
    fn blackboard_intake(entries: &[(&str, &[u8])]) -> (Vec<Taken>, Vec<String>) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("gradebook.zip");
        std::fs::write(&path, zip_of(entries)).unwrap();
        let intake = super::super::gather(&[path.into_os_string()], &[]).unwrap();
        assert_eq!(intake.archives[0].layout, Layout::Blackboard);
        let bots = intake
            .bots
            .iter()
            .map(|b| {
                let Source::Archived(a) = &b.source else {
                    panic!("an archived module");
                };
                let id = a.identity.clone().unwrap();
                (b.name.to_string(), id.user.unwrap(), id.name)
            })
            .collect();
        let skipped = intake
            .skipped
            .iter()
            .map(|s| format!("{}: {}", s.file, s.reason))
            .collect();
        (bots, skipped)
    }

    #[test]
    fn blackboard_user_names_holding_underscores_come_from_the_receipts() {
        let (bots, skipped) = blackboard_intake(&[
            (
                "Bots_1_smith_j_attempt_2024-03-01-10-00-00_a.wasm",
                b"\0asm",
            ),
            (
                "Bots_1_smith_j_attempt_2024-03-01-10-00-00.txt",
                b"Name: Jo Smith (smith_j)\nAssignment: Bots_1\n",
            ),
            (
                "Bots_1_smith_k_attempt_2024-03-02-10-00-00_b.wasm",
                b"\0asm",
            ),
            (
                "Bots_1_smith_k_attempt_2024-03-02-10-00-00.txt",
                b"Name: Kim Smith (smith_k)\n",
            ),
            // No receipt: the receipts' assignment name `Bots_1` tells the user name.
            ("Bots_1_lee_attempt_2024-03-01-09-00-00_c.wasm", b"\0asm"),
        ]);
        let some = |s: &str| Some(s.to_string());
        assert_eq!(
            bots,
            [
                ("lee".into(), "lee".into(), None),
                ("smith_j".into(), "smith_j".into(), some("Jo Smith")),
                ("smith_k".into(), "smith_k".into(), some("Kim Smith")),
            ]
        );
        assert!(skipped.is_empty(), "{skipped:?}");
    }

    #[test]
    fn blackboard_attempts_of_untold_user_names_are_skipped_never_merged() {
        // No receipts; `a_x` and `b_x` would both be `x` by the last `_`, and the names
        // share no one assignment name: neither is taken.
        let (bots, skipped) = blackboard_intake(&[
            ("Bots_a_x_attempt_2024-03-01-10-00-00_a.wasm", b"\0asm"),
            ("Bots_b_x_attempt_2024-03-02-10-00-00_b.wasm", b"\0asm"),
        ]);
        assert!(bots.is_empty(), "{bots:?}");
        assert_eq!(skipped.len(), 2, "{skipped:?}");
        for (s, head) in skipped.iter().zip(["Bots_a_x", "Bots_b_x"]) {
            assert!(s.starts_with(&format!("{head}_attempt_")), "{s}");
            assert!(
                s.contains(&format!("the user name in `{head}` cannot be told")),
                "{s}"
            );
        }
        // One assignment name by the last `_` everywhere: the current rule holds.
        let (bots, skipped) = blackboard_intake(&[
            ("Bots_ana_attempt_2024-03-01-10-00-00_a.wasm", b"\0asm"),
            ("Bots_bo_attempt_2024-03-02-10-00-00_b.wasm", b"\0asm"),
        ]);
        let names: Vec<&str> = bots.iter().map(|b| b.0.as_str()).collect();
        assert_eq!(names, ["ana", "bo"]);
        assert!(skipped.is_empty(), "{skipped:?}");
    }

    #[test]
    fn a_zip_is_named_like_one() {
        assert!(is_archive(Path::new("subs/Submissions.ZIP")));
        assert!(!is_archive(Path::new("subs/bot.wasm")));
    }
}
