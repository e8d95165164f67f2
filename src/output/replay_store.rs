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
//! a record longer than [`MAX_RECORD_BYTES`], and a game recorded twice with different
//! texts, in any two of the store, a journal and a per-game file of an older folder.
//!
//! A store is never read whole: [`Store::open`] reads the files record by record, keeping
//! of each game only where its record is and its text's SHA-256 (an index), and a game's
//! text is read again, and checked against that hash, when it is asked for
//! ([`Store::text`]); [`Store::write`] copies the records one at a time. What any command
//! holds of the store is so one game's record at a time (a few at a time where games are
//! drawn in parallel), whatever the store's size; a bot's log takes at most
//! [`STORED_LOG_BYTES`] of a record.
//!
//! [`STORED_LOG_BYTES`]: super::replay::STORED_LOG_BYTES

use std::collections::BTreeMap;
use std::fs::{self, File, OpenOptions};
use std::io::{BufRead as _, BufReader, Read as _, Write};
use std::os::unix::fs::FileExt as _;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use sha2::{Digest, Sha256};

use super::replay::{Replay, DIR};
use super::{atomic, results_file, OutputError};

/// The longest record read, in bytes: longer is damage. The longest game arena plays
/// (a 64 × 64 board, four seats) records well under 2 MiB, its seats' logs included
/// (at most [`super::replay::STORED_LOG_BYTES`] each).
pub const MAX_RECORD_BYTES: u64 = 64 << 20;

/// The longest record header read: `@ `, two numbers of at most 20 digits, the checksum,
/// the spaces and the newline fit in 64 bytes.
const MAX_HEADER_BYTES: u64 = 64;

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

/// A replay text's whole SHA-256: what the index keeps of it.
type Hash = [u8; 32];

fn hash(text: &[u8]) -> Hash {
    Sha256::digest(text).into()
}

fn checksum_of(hash: &Hash) -> Checksum {
    let mut out = [0u8; 16];
    hex::encode_to_slice(&hash[..8], &mut out).expect("8 bytes are 16 hex digits");
    out
}

/// Appends game `game_id`'s record, framed (its header line, then `text`), to `out`.
pub fn frame_into(out: &mut Vec<u8>, game_id: u64, text: &str) {
    let mut header = Vec::with_capacity(HEADER_FIXED + 40);
    header_into(
        &mut header,
        game_id,
        text.len(),
        &checksum_of(&hash(text.as_bytes())),
    );
    out.reserve(header.len() + text.len());
    out.extend_from_slice(&header);
    out.extend_from_slice(text.as_bytes());
}

/// One record, framed.
fn record(game_id: u64, text: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len() + 48);
    frame_into(&mut out, game_id, text);
    out
}

/// Bytes of a record's header besides its two numbers: `@ `, two spaces, the checksum
/// and the newline.
const HEADER_FIXED: usize = 2 + 2 + 16 + 1;

/// Appends a record's header line.
fn header_into(out: &mut Vec<u8>, game_id: u64, len: usize, sum: &Checksum) {
    let mut id = itoa::Buffer::new();
    let mut length = itoa::Buffer::new();
    out.extend_from_slice(b"@ ");
    out.extend_from_slice(id.format(game_id).as_bytes());
    out.push(b' ');
    out.extend_from_slice(length.format(len).as_bytes());
    out.push(b' ');
    out.extend_from_slice(sum);
    out.push(b'\n');
}

/// How a file is read: a journal may end in a torn record (a killed writer), the store
/// may not.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Tail {
    Tolerated,
    Refused,
}

/// Where a game's text is.
#[derive(Debug)]
enum Place {
    /// `len` bytes at `offset` of the store's open file `file`.
    Record { file: usize, offset: u64, len: u64 },
    /// A whole per-game file of a folder written before the store.
    Whole(PathBuf),
    /// In memory (added by [`Store::insert`]).
    Held(String),
}

/// A game of the index: where its text is, and the text's SHA-256.
#[derive(Debug)]
struct Entry {
    place: Place,
    hash: Hash,
}

/// Every replay of a results folder, by game id: an index of where each game's record is
/// (see the module's documentation); the texts stay in the files.
#[derive(Debug, Default)]
pub struct Store {
    /// The files records are read from, open (read again through these handles, so that
    /// a file renamed or replaced since is never read instead).
    files: Vec<(PathBuf, File)>,
    replays: BTreeMap<u64, Entry>,
    journals: Vec<PathBuf>,
    legacy: Vec<PathBuf>,
}

/// The error of a damaged store file, at byte `at`.
fn damaged(file: &Path, at: u64, why: &str) -> OutputError {
    OutputError::corrupt(
        file,
        format!("at byte {at}: {why} (the replay store is damaged)"),
    )
}

impl Store {
    /// Reads the store, the journals a run that has not ended left, and the per-game files
    /// of folders written before the store. A folder without any of them is empty. A
    /// per-game file of a game the store already holds must hold the same text (it is then
    /// a leftover, removed by the next [`Store::write`]). Only where each record is and
    /// its hash are kept ([`Store`]); the files are read as a results folder's are
    /// ([`results_file`]: regular files only, never through a link).
    ///
    /// # Errors
    /// [`OutputError`] naming the file that cannot be read or is damaged: a record (or a
    /// per-game file) whose text names another game than its header (or file name), a
    /// game recorded twice with different texts, a record longer than
    /// [`MAX_RECORD_BYTES`].
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
            names.push(entry.file_name().to_string_lossy().into_owned());
        }
        // The store first, so that a journal's disagreement names the journal.
        names.sort_by_key(|name| (name != FILE, name.clone()));
        let mut buf = Vec::new();
        for name in names {
            let file = dir.join(&name);
            if let Some(id) = legacy_game(&name) {
                if store.index_whole(&file, id)? {
                    store.legacy.push(file);
                }
            } else if is_store_name(&name) {
                let tail = if name == FILE {
                    Tail::Refused
                } else {
                    Tail::Tolerated
                };
                if store.index_file(&file, tail, &mut buf)? && name != FILE {
                    store.journals.push(file);
                }
            }
        }
        Ok(store)
    }

    /// Reads one store file (`replays.txt` of a results folder, or a copy of it), which
    /// must be whole.
    ///
    /// # Errors
    /// [`OutputError`] naming the file when it is missing, cannot be read or is damaged.
    pub fn open_file(file: &Path) -> Result<Store, OutputError> {
        let mut store = Store::default();
        if !store.index_file(file, Tail::Refused, &mut Vec::new())? {
            return Err(OutputError::io(file, std::io::ErrorKind::NotFound.into()));
        }
        Ok(store)
    }

    /// Indexes a per-game file of an older folder (game `id`); whether there was one.
    fn index_whole(&mut self, file: &Path, id: u64) -> Result<bool, OutputError> {
        let Some(bytes) = results_file::read(file, MAX_RECORD_BYTES)? else {
            return Ok(false);
        };
        let bad = |why: String| damaged(file, 0, &why);
        let text = std::str::from_utf8(&bytes)
            .map_err(|_| bad(format!("the replay of game {id} is not text")))?;
        if let Some(why) = other_game(id, text) {
            return Err(bad(why));
        }
        let hash = hash(&bytes);
        match self.replays.get(&id) {
            Some(before) if before.hash != hash => return Err(bad(format!("game {id} {TWICE}"))),
            Some(_) => {}
            None => {
                self.replays.insert(
                    id,
                    Entry {
                        place: Place::Whole(file.to_path_buf()),
                        hash,
                    },
                );
            }
        }
        Ok(true)
    }

    /// Indexes one store or journal file, record by record (each read into `buf`, the
    /// one record held at a time); whether there was one. A torn tail of a journal is
    /// dropped.
    fn index_file(
        &mut self,
        path: &Path,
        tail: Tail,
        buf: &mut Vec<u8>,
    ) -> Result<bool, OutputError> {
        let Some((file, size)) = results_file::open(path)? else {
            return Ok(false);
        };
        let index = self.files.len();
        let read = self.index_records(path, &file, size, index, tail, buf);
        self.files.push((path.to_path_buf(), file));
        read.map(|()| true)
    }

    /// [`Store::index_file`]'s reading of `file` (`size` bytes), whose records are
    /// indexed as in file `index`.
    fn index_records(
        &mut self,
        path: &Path,
        file: &File,
        size: u64,
        index: usize,
        tail: Tail,
        buf: &mut Vec<u8>,
    ) -> Result<(), OutputError> {
        let io = |e| OutputError::io(path, e);
        let bad = |at: u64, why: &str| damaged(path, at, why);
        let torn = |at: u64, why: &str| match tail {
            Tail::Tolerated => Ok(()),
            Tail::Refused => Err(bad(at, why)),
        };
        let mut reader = BufReader::with_capacity(1 << 16, file);
        let magic = format!("{MAGIC}\n");
        let mut head = Vec::new();
        (&mut reader)
            .take(magic.len() as u64)
            .read_to_end(&mut head)
            .map_err(io)?;
        if head != magic.as_bytes() {
            if head.len() < magic.len() && magic.as_bytes().starts_with(&head) {
                return torn(0, "the file ends inside its first line");
            }
            return Err(bad(0, &format!("the first line is not `{MAGIC}`")));
        }
        let mut at = magic.len() as u64;
        let mut header = Vec::new();
        loop {
            header.clear();
            let n = (&mut reader)
                .take(MAX_HEADER_BYTES)
                .read_until(b'\n', &mut header)
                .map_err(io)?;
            if n == 0 {
                return Ok(());
            }
            if header.last() != Some(&b'\n') {
                if n as u64 == MAX_HEADER_BYTES {
                    return Err(bad(at, "expected a record header `@ GAME LENGTH CHECKSUM`"));
                }
                return torn(at, "the file ends inside a record's header");
            }
            let line = std::str::from_utf8(&header[..n - 1])
                .map_err(|_| bad(at, "a record header is not text"))?;
            let (id, len, written) = match line.split(' ').collect::<Vec<_>>()[..] {
                ["@", id, len, written] => (id, len, written),
                _ => return Err(bad(at, "expected a record header `@ GAME LENGTH CHECKSUM`")),
            };
            let id: u64 = id
                .parse()
                .map_err(|_| bad(at, "the game id is not a number"))?;
            let len: u64 = len
                .parse()
                .map_err(|_| bad(at, "the length is not a number"))?;
            if len > MAX_RECORD_BYTES {
                return Err(bad(
                    at,
                    &format!(
                        "the record of game {id} is {len} bytes long, longer than arena writes one ({MAX_RECORD_BYTES})"
                    ),
                ));
            }
            let start = at + n as u64;
            if start.saturating_add(len) > size {
                return torn(at, &format!("the record of game {id} is cut short"));
            }
            buf.clear();
            (&mut reader).take(len).read_to_end(buf).map_err(io)?;
            if (buf.len() as u64) < len {
                return torn(at, &format!("the record of game {id} is cut short"));
            }
            let hash = hash(buf);
            if written.as_bytes() != checksum_of(&hash) {
                return Err(bad(
                    at,
                    &format!("the record of game {id} fails its checksum"),
                ));
            }
            let text = std::str::from_utf8(buf)
                .map_err(|_| bad(at, &format!("the record of game {id} is not text")))?;
            if let Some(why) = other_game(id, text) {
                return Err(bad(at, &why));
            }
            match self.replays.get(&id) {
                Some(before) if before.hash != hash => {
                    return Err(bad(at, &format!("game {id} {TWICE}")))
                }
                Some(_) => {}
                None => {
                    let place = Place::Record {
                        file: index,
                        offset: start,
                        len,
                    };
                    self.replays.insert(id, Entry { place, hash });
                }
            }
            at = start + len;
        }
    }

    /// The bytes of a game's text, read again and checked against its hash.
    fn read(&self, game_id: u64, entry: &Entry) -> Result<Vec<u8>, OutputError> {
        let (path, bytes) = match &entry.place {
            Place::Held(text) => return Ok(text.clone().into_bytes()),
            Place::Record { file, offset, len } => {
                let (path, f) = &self.files[*file];
                let mut bytes = vec![0; usize::try_from(*len).unwrap_or(usize::MAX)];
                f.read_exact_at(&mut bytes, *offset)
                    .map_err(|e| OutputError::io(path, e))?;
                (path.as_path(), bytes)
            }
            Place::Whole(path) => {
                let bytes = results_file::read(path, MAX_RECORD_BYTES)?
                    .ok_or_else(|| OutputError::io(path, std::io::ErrorKind::NotFound.into()))?;
                (path.as_path(), bytes)
            }
        };
        if hash(&bytes) != entry.hash {
            return Err(OutputError::corrupt(
                path,
                format!("the record of game {game_id} changed while it was read (the replay store is damaged, or written by another process)"),
            ));
        }
        Ok(bytes)
    }

    /// The replay text of game `game_id`, read from its file (one record).
    ///
    /// # Errors
    /// [`OutputError`] naming the file when the record cannot be read again or has
    /// changed since the store was opened.
    pub fn text(&self, game_id: u64) -> Result<Option<String>, OutputError> {
        let Some(entry) = self.replays.get(&game_id) else {
            return Ok(None);
        };
        let bytes = self.read(game_id, entry)?;
        // Checked to be text when indexed, and the same bytes since.
        Ok(Some(String::from_utf8_lossy(&bytes).into_owned()))
    }

    /// Whether the store holds game `game_id`.
    pub fn contains(&self, game_id: u64) -> bool {
        self.replays.contains_key(&game_id)
    }

    /// The SHA-256 of game `game_id`'s replay text: two stores hold the same text of a
    /// game when their hashes are equal.
    pub fn hash(&self, game_id: u64) -> Option<&[u8; 32]> {
        self.replays.get(&game_id).map(|e| &e.hash)
    }

    /// Game `game_id`'s replay, parsed.
    ///
    /// # Errors
    /// [`OutputError`] naming the store when the game has no replay or it does not parse.
    pub fn replay(&self, results: &Path, game_id: u64) -> Result<Replay, OutputError> {
        let file = path(results);
        let text = self.text(game_id)?.ok_or_else(|| {
            OutputError::corrupt(&file, format!("it holds no replay of game {game_id}"))
        })?;
        Replay::parse(&text)
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

    /// Adds a replay held in memory.
    pub fn insert(&mut self, game_id: u64, text: String) {
        let hash = hash(text.as_bytes());
        self.replays.insert(
            game_id,
            Entry {
                place: Place::Held(text),
                hash,
            },
        );
    }

    /// Adds every game of `other` (a shard's store, for a merge), read from `other`'s
    /// files when written; `other`'s journals and per-game files stay where they are.
    pub fn absorb(&mut self, other: Store) {
        let shift = self.files.len();
        self.files.extend(other.files);
        for (id, mut entry) in other.replays {
            if let Place::Record { file, .. } = &mut entry.place {
                *file += shift;
            }
            self.replays.insert(id, entry);
        }
    }

    /// Keeps only the games `keep` accepts.
    pub fn retain(&mut self, keep: impl Fn(u64) -> bool) {
        self.replays.retain(|&id, _| keep(id));
    }

    /// Writes the store of `results` (atomically, synced: the records in game-id order,
    /// copied one at a time), then removes the journals and per-game files it was read
    /// from. The store then reads from the file written.
    ///
    /// # Errors
    /// [`OutputError`] naming the file that cannot be read, written or removed.
    pub fn write(&mut self, results: &Path) -> Result<(), OutputError> {
        fs::create_dir_all(results.join(DIR)).map_err(|e| OutputError::io(results, e))?;
        let target = path(results);
        let mut placed = Vec::with_capacity(self.replays.len());
        let file = atomic::write_streamed(&target, |out| {
            let io = |e| OutputError::io(&target, e);
            let mut at = MAGIC.len() as u64 + 1;
            out.write_all(MAGIC.as_bytes()).map_err(io)?;
            out.write_all(b"\n").map_err(io)?;
            let mut header = Vec::with_capacity(HEADER_FIXED + 40);
            for (&id, entry) in &self.replays {
                let bytes = self.read(id, entry)?;
                header.clear();
                header_into(&mut header, id, bytes.len(), &checksum_of(&entry.hash));
                out.write_all(&header).map_err(io)?;
                out.write_all(&bytes).map_err(io)?;
                at += header.len() as u64;
                placed.push((at, bytes.len() as u64));
                at += bytes.len() as u64;
            }
            Ok(())
        })?;
        for (entry, (offset, len)) in self.replays.values_mut().zip(placed) {
            entry.place = Place::Record {
                file: 0,
                offset,
                len,
            };
        }
        self.files = vec![(target, file)];
        for file in self.journals.drain(..).chain(self.legacy.drain(..)) {
            match fs::remove_file(&file) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                    return Err(OutputError::io(&file, e))
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
