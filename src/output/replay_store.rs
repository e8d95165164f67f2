//! The replay store: every game's replay in one append-only file per worker while a run
//! plays, folded into one file sorted by game id when it ends (`replays/replays.txt`).
//!
//! A folder holds at most the store, one journal per worker thread and a temporary file
//! of the fold, whatever the number of games (one file per game cost most of a cheap
//! tournament's time). The layout, the crash-safety argument and why the folded file does
//! not depend on the thread count are in `docs/RESULTS.md`, "Replays".
//!
//! Both files are text: a first line [`MAGIC`], then one record per game,
//!
//! ```text
//! @ <game_id> <length> <checksum>
//! <length bytes of replay text, the last one a newline>
//! ```
//!
//! where `checksum` is the first 16 hex digits of the text's SHA-256. A journal is only
//! appended to, one whole record per `write`; a `kill -9` can leave only its last record
//! torn, which [`Store::open`] drops (that game has no row yet, so `--resume` plays it
//! again). Anything else that does not parse, in a journal or in the store (which is
//! only ever replaced whole, through a rename), is an error naming the file and the byte;
//! so is a record whose text names another game (its `game_id` line) than its header,
//! and a game recorded twice with different texts, in any two of the store, a journal
//! and a per-game file of an older folder.

use std::collections::BTreeMap;
use std::fs::{self, File, OpenOptions};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use sha2::{Digest, Sha256};

use super::replay::{Replay, DIR};
use super::{atomic, OutputError};

/// The first line of the store and of every journal.
pub const MAGIC: &str = "arena-replays 1";

/// The store's file name, inside [`DIR`].
pub const FILE: &str = "replays.txt";

/// The store of `results`.
pub fn path(results: &Path) -> PathBuf {
    results.join(DIR).join(FILE)
}

/// Worker `index`'s journal in `results`.
fn journal_path(results: &Path, index: usize) -> PathBuf {
    results.join(DIR).join(format!("journal-{index}.txt"))
}

/// Whether `name` (inside [`DIR`]) is the store or a journal.
pub fn is_store_name(name: &str) -> bool {
    name == FILE
        || name
            .strip_prefix("journal-")
            .and_then(|n| n.strip_suffix(".txt"))
            .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
}

/// A replay's per-game file of the folders written before the store (`gNNNNNNN.txt`),
/// with its game id.
fn legacy_game(name: &str) -> Option<u64> {
    let digits = name.strip_prefix('g')?.strip_suffix(".txt")?;
    (digits.len() >= 7 && digits.bytes().all(|b| b.is_ascii_digit()))
        .then(|| digits.parse().ok())
        .flatten()
}

/// The game ids the `game_id` lines of a replay text name (a two-seat or a table replay
/// has one), as written.
fn named_ids(text: &str) -> impl Iterator<Item = &str> {
    text.lines().filter_map(|l| l.strip_prefix("game_id "))
}

/// Why `text` cannot be game `game_id`'s replay: a `game_id` line naming another game.
fn other_game(game_id: u64, text: &str) -> Option<String> {
    named_ids(text)
        .find(|named| named.parse::<u64>().ok() != Some(game_id))
        .map(|named| {
            format!(
                "the record of game {game_id} holds the replay of game `{}`",
                named.escape_debug()
            )
        })
}

/// The error of a game recorded twice with different texts.
const TWICE: &str = "is recorded twice, differently";

/// A record's checksum as its header writes it: the first 16 hex digits of the text's
/// SHA-256.
type Checksum = [u8; 16];

fn checksum(text: &[u8]) -> Checksum {
    let mut out = [0u8; 16];
    hex::encode_to_slice(&Sha256::digest(text)[..8], &mut out).expect("8 bytes are 16 hex digits");
    out
}

/// A game's replay text, with its checksum when it was read from (and checked against)
/// a record, so that writing it again does not hash it again.
#[derive(Debug)]
struct Entry {
    text: String,
    sum: Option<Checksum>,
}

/// One record, framed.
fn record(game_id: u64, text: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len() + 48);
    frame_into(&mut out, game_id, text);
    out
}

/// Appends game `game_id`'s record, framed (its header line, then `text`), to `out`.
pub fn frame_into(out: &mut Vec<u8>, game_id: u64, text: &str) {
    frame_with(out, game_id, text, &checksum(text.as_bytes()));
}

/// Bytes of a record's header besides its two numbers: `@ `, two spaces, the checksum
/// and the newline.
const HEADER_FIXED: usize = 2 + 2 + 16 + 1;

/// Appends a record whose checksum `sum` is known.
fn frame_with(out: &mut Vec<u8>, game_id: u64, text: &str, sum: &Checksum) {
    let mut id = itoa::Buffer::new();
    let mut len = itoa::Buffer::new();
    let (id, len) = (id.format(game_id), len.format(text.len()));
    out.reserve(HEADER_FIXED + id.len() + len.len() + text.len());
    out.extend_from_slice(b"@ ");
    out.extend_from_slice(id.as_bytes());
    out.push(b' ');
    out.extend_from_slice(len.as_bytes());
    out.push(b' ');
    out.extend_from_slice(sum);
    out.push(b'\n');
    out.extend_from_slice(text.as_bytes());
}

/// How a file is read: a journal may end in a torn record (a killed writer), the store
/// may not.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Tail {
    Tolerated,
    Refused,
}

/// Parses one store or journal file into `into`; returns whether a torn tail was dropped.
fn parse(
    file: &Path,
    bytes: &[u8],
    tail: Tail,
    into: &mut BTreeMap<u64, Entry>,
) -> Result<bool, OutputError> {
    let bad = |at: usize, why: &str| {
        OutputError::corrupt(
            file,
            format!("at byte {at}: {why} (the replay store is damaged)"),
        )
    };
    let torn = |at: usize, why: &str| match tail {
        Tail::Tolerated => Ok(true),
        Tail::Refused => Err(bad(at, why)),
    };
    let magic = format!("{MAGIC}\n");
    if !bytes.starts_with(magic.as_bytes()) {
        if magic.as_bytes().starts_with(bytes) {
            return torn(0, "the file ends inside its first line");
        }
        return Err(bad(0, &format!("the first line is not `{MAGIC}`")));
    }
    let mut at = magic.len();
    while at < bytes.len() {
        let Some(eol) = bytes[at..].iter().position(|&b| b == b'\n') else {
            return torn(at, "the file ends inside a record's header");
        };
        let header = std::str::from_utf8(&bytes[at..at + eol])
            .map_err(|_| bad(at, "a record header is not text"))?;
        let fields: Vec<&str> = header.split(' ').collect();
        let (id, len, written) = match fields[..] {
            ["@", id, len, written] => (id, len, written),
            _ => return Err(bad(at, "expected a record header `@ GAME LENGTH CHECKSUM`")),
        };
        let id: u64 = id
            .parse()
            .map_err(|_| bad(at, "the game id is not a number"))?;
        let len: usize = len
            .parse()
            .map_err(|_| bad(at, "the length is not a number"))?;
        let start = at + eol + 1;
        let Some(end) = start.checked_add(len).filter(|&e| e <= bytes.len()) else {
            return torn(at, &format!("the record of game {id} is cut short"));
        };
        let text = &bytes[start..end];
        let sum = checksum(text);
        if written.as_bytes() != sum {
            return Err(bad(
                at,
                &format!("the record of game {id} fails its checksum"),
            ));
        }
        let text = std::str::from_utf8(text)
            .map_err(|_| bad(at, &format!("the record of game {id} is not text")))?;
        if let Some(why) = other_game(id, text) {
            return Err(bad(at, &why));
        }
        if let Some(before) = into.get(&id) {
            if before.text != text {
                return Err(bad(at, &format!("game {id} {TWICE}")));
            }
        }
        into.insert(
            id,
            Entry {
                text: text.to_string(),
                sum: Some(sum),
            },
        );
        at = end;
    }
    Ok(false)
}

/// The records of a store's bytes (`file` names it in errors), by game id.
///
/// # Errors
/// [`OutputError`] naming `file` and the byte where it is damaged.
pub fn records(file: &Path, bytes: &[u8]) -> Result<BTreeMap<u64, String>, OutputError> {
    let mut out = BTreeMap::new();
    parse(file, bytes, Tail::Refused, &mut out)?;
    Ok(out.into_iter().map(|(id, e)| (id, e.text)).collect())
}

/// Every replay of a results folder, by game id.
#[derive(Debug, Default)]
pub struct Store {
    replays: BTreeMap<u64, Entry>,
    journals: Vec<PathBuf>,
    legacy: Vec<PathBuf>,
}

impl Store {
    /// Reads the store, the journals a run that has not ended left, and the per-game files
    /// of folders written before the store. A folder without any of them is empty. A
    /// per-game file of a game the store already holds must hold the same text (it is then
    /// a leftover, removed by the next [`Store::write`]).
    ///
    /// # Errors
    /// [`OutputError`] naming the file that cannot be read or is damaged: a record (or a
    /// per-game file) whose text names another game than its header (or file name), a
    /// game recorded twice with different texts.
    pub fn open(results: &Path) -> Result<Store, OutputError> {
        let mut store = Store::default();
        let dir = results.join(DIR);
        let entries = match fs::read_dir(&dir) {
            Ok(e) => e,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(store),
            Err(e) => return Err(OutputError::io(&dir, e)),
        };
        let mut names = Vec::new();
        for entry in entries {
            let entry = entry.map_err(|e| OutputError::io(&dir, e))?;
            let is_file = entry.file_type().is_ok_and(|t| t.is_file());
            names.push((entry.file_name().to_string_lossy().into_owned(), is_file));
        }
        // The store first, so that a journal's disagreement names the journal.
        names.sort_by_key(|(name, _)| (name != FILE, name.clone()));
        for (name, is_file) in names {
            let file = dir.join(&name);
            if !is_file {
                continue;
            }
            if let Some(id) = legacy_game(&name) {
                let text = fs::read_to_string(&file).map_err(|e| OutputError::io(&file, e))?;
                let bad = |why: String| {
                    OutputError::corrupt(
                        &file,
                        format!("at byte 0: {why} (the replay store is damaged)"),
                    )
                };
                if let Some(why) = other_game(id, &text) {
                    return Err(bad(why));
                }
                match store.replays.get(&id) {
                    Some(before) if before.text != text => {
                        return Err(bad(format!("game {id} {TWICE}")))
                    }
                    Some(_) => {}
                    None => {
                        store.replays.insert(id, Entry { text, sum: None });
                    }
                }
                store.legacy.push(file);
            } else if is_store_name(&name) {
                let bytes = fs::read(&file).map_err(|e| OutputError::io(&file, e))?;
                let tail = if name == FILE {
                    Tail::Refused
                } else {
                    Tail::Tolerated
                };
                parse(&file, &bytes, tail, &mut store.replays)?;
                if name != FILE {
                    store.journals.push(file);
                }
            }
        }
        Ok(store)
    }

    /// The replay text of game `game_id`.
    pub fn get(&self, game_id: u64) -> Option<&str> {
        self.replays.get(&game_id).map(|e| e.text.as_str())
    }

    /// Game `game_id`'s replay, parsed.
    ///
    /// # Errors
    /// [`OutputError`] naming the store when the game has no replay or it does not parse.
    pub fn replay(&self, results: &Path, game_id: u64) -> Result<Replay, OutputError> {
        let file = path(results);
        let text = self.get(game_id).ok_or_else(|| {
            OutputError::corrupt(&file, format!("it holds no replay of game {game_id}"))
        })?;
        Replay::parse(text)
            .map_err(|reason| OutputError::corrupt(&file, format!("game {game_id}: {reason}")))
    }

    /// Checks that the store holds a record of every game in `ids`.
    ///
    /// # Errors
    /// [`OutputError`] naming the store (`results`' `replays/replays.txt`), the first game
    /// without a record and how many lack one.
    pub fn require(
        &self,
        results: &Path,
        ids: impl Iterator<Item = u64>,
    ) -> Result<(), OutputError> {
        let mut missing = ids.filter(|id| !self.replays.contains_key(id));
        let Some(first) = missing.next() else {
            return Ok(());
        };
        let others = missing.count();
        let more = match others {
            0 => String::new(),
            1 => " and of 1 other game".to_string(),
            n => format!(" and of {n} other games"),
        };
        let file = path(results);
        let why = if self.replays.is_empty() && !file.exists() {
            "it is missing".to_string()
        } else {
            format!("it holds no replay of game {first}{more}")
        };
        Err(OutputError::corrupt(
            &file,
            format!("{why} (the replay store is damaged: restore the folder, or play the tournament again)"),
        ))
    }

    /// The game ids held, in order.
    pub fn ids(&self) -> impl Iterator<Item = u64> + '_ {
        self.replays.keys().copied()
    }

    /// Adds a replay (for [`Store::write`]: merging folders).
    pub fn insert(&mut self, game_id: u64, text: String) {
        self.replays.insert(game_id, Entry { text, sum: None });
    }

    /// Keeps only the games `keep` accepts.
    pub fn retain(&mut self, keep: impl Fn(u64) -> bool) {
        self.replays.retain(|&id, _| keep(id));
    }

    /// Writes the store of `results` (atomically, synced: the records in game-id order),
    /// then removes the journals and per-game files it was read from.
    ///
    /// # Errors
    /// [`OutputError`] naming the file that cannot be written or removed.
    pub fn write(&self, results: &Path) -> Result<(), OutputError> {
        fs::create_dir_all(results.join(DIR)).map_err(|e| OutputError::io(results, e))?;
        // Sized once: a store is megabytes, and growing it by doubling touches twice
        // as much fresh memory.
        let size = MAGIC.len()
            + 1
            + self
                .replays
                .values()
                .map(|e| HEADER_FIXED + 2 * 20 + e.text.len())
                .sum::<usize>();
        let mut bytes = Vec::with_capacity(size);
        bytes.extend_from_slice(MAGIC.as_bytes());
        bytes.push(b'\n');
        for (&id, entry) in &self.replays {
            match &entry.sum {
                Some(sum) => frame_with(&mut bytes, id, &entry.text, sum),
                None => frame_into(&mut bytes, id, &entry.text),
            }
        }
        atomic::write(&path(results), &bytes)?;
        for file in self.journals.iter().chain(&self.legacy) {
            match fs::remove_file(file) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                    return Err(OutputError::io(file, e))
                }
                _ => {}
            }
        }
        Ok(())
    }
}

/// Folds the journals (and per-game files) of `results` into its store, keeping only the
/// games `keep` accepts; returns what the store holds.
///
/// # Errors
/// [`OutputError`] naming a damaged or unwritable file.
pub fn fold(results: &Path, keep: impl Fn(u64) -> bool) -> Result<Store, OutputError> {
    let mut store = Store::open(results)?;
    store.retain(keep);
    store.write(results)?;
    store.journals.clear();
    store.legacy.clear();
    Ok(store)
}

/// The journals of a run: one append-only file per worker thread, opened on first use.
pub struct Journals {
    results: PathBuf,
    files: Vec<Mutex<Option<File>>>,
}

impl Journals {
    /// Journals for up to `workers` threads in `results`.
    pub fn new(results: &Path, workers: usize) -> Journals {
        Journals {
            results: results.to_path_buf(),
            files: (0..workers.max(1)).map(|_| Mutex::new(None)).collect(),
        }
    }

    /// Appends game `game_id`'s replay to the calling worker's journal, in one write.
    ///
    /// # Errors
    /// [`OutputError`] naming the journal.
    pub fn append(&self, game_id: u64, text: &str) -> Result<(), OutputError> {
        self.append_framed(&record(game_id, text))
    }

    /// Appends records already framed with [`frame_into`] (one or several games, in the
    /// order played) to the calling worker's journal, in one write: a kill can tear only
    /// the last of them.
    ///
    /// # Errors
    /// [`OutputError`] naming the journal.
    pub fn append_framed(&self, framed: &[u8]) -> Result<(), OutputError> {
        let index = rayon::current_thread_index().unwrap_or(0) % self.files.len();
        let mut slot = self.files[index]
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let io = |e| OutputError::io(&journal_path(&self.results, index), e);
        if slot.is_none() {
            let mut f = OpenOptions::new()
                .create(true)
                .append(true)
                .open(journal_path(&self.results, index))
                .map_err(io)?;
            if f.metadata().map_err(io)?.len() == 0 {
                f.write_all(format!("{MAGIC}\n").as_bytes()).map_err(io)?;
            }
            *slot = Some(f);
        }
        let f = slot.as_mut().expect("opened above");
        f.write_all(framed).map_err(io)
    }
}

#[cfg(test)]
mod tests;
