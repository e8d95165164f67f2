//! Reading a zip archive (a learning platform's download of submissions) in place,
//! without trusting it: nothing is unpacked to disk, and nothing is read beyond a cap.
//!
//! - The entry count is read from the archive's end record and checked against
//!   [`MAX_ENTRIES`] before any entry is listed; the central directory is then walked
//!   once, one entry at a time (`zip::unstable::read::ZipIterable`), and each usable
//!   file's record is kept, so that reading an entry later goes straight to it (reading
//!   is linear in the entries, never a walk per read). A record is kept only when its
//!   extra fields and comment are within [`MAX_EXTRA_BYTES`] (its name is within
//!   [`MAX_NAME_BYTES`]), so the records kept are bounded whatever the archive holds.
//! - Every entry's name is checked before anything else is done with it ([`check_name`]):
//!   no absolute path, no `..`, no backslash or control character, not too long, not the
//!   name of another entry. A link, a device, a FIFO, an encrypted entry or one compressed
//!   otherwise than Deflate or Stored is refused by name ([`EntryRefusal`]).
//! - An entry is read only up to a cap: its declared size is checked against the cap
//!   before reading, and the bytes actually decompressed are counted while reading,
//!   stopping one byte past the declared size (a zip bomb behind a lying header is
//!   refused after at most the declared size, itself within the cap, is read).
//!
//! No message carries an entry's content; names are shown escaped.

use std::fs::File;
use std::io::{Read, Seek};
use std::path::Path;

use thiserror::Error;
use zip::read::OwnedZipFileEntry;
use zip::unstable::read::ZipIterable;
use zip::{CompressionMethod, ZipReadOptions};

use crate::bot_name::{escape_message, escape_path};
use crate::units::human_bytes;

/// The most entries an archive may hold: far above a course's download (a few files per
/// student), far below what would cost memory or time to list.
pub const MAX_ENTRIES: usize = 4096;

/// The longest entry name read, in bytes.
pub const MAX_NAME_BYTES: usize = 1024;

/// The most bytes an entry's directory record may carry beside its name (its extra
/// fields and comment): a real download's records carry a few timestamps and sizes.
pub const MAX_EXTRA_BYTES: u64 = 1024;

/// The largest archive inside an archive (a student who zipped the bot) that is opened:
/// it is read into memory, one at a time.
pub const MAX_NESTED_BYTES: u64 = 32 << 20;

/// The largest receipt (Blackboard's `.txt` beside each attempt) that is read.
pub const MAX_RECEIPT_BYTES: u64 = 64 << 10;

/// The most bytes one download may decompress to while it is read in (its entries, the
/// archives inside them and the modules measured in those, together): past it, every
/// further entry is refused ([`EntryRefusal::Budget`]).
pub const MAX_DOWNLOAD_BYTES: u64 = 1 << 30;

/// Why an entry of an archive is not used. Never quotes the entry's content.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum EntryRefusal {
    /// An absolute path, a `..` or `.` part, or an empty part: a name that would leave
    /// the archive if unpacked.
    #[error("its name leaves the archive (an absolute path, `..` or an empty part)")]
    Escapes,
    /// A backslash in the name (zip names separate folders with `/`).
    #[error("its name holds a backslash (zip names separate folders with `/`)")]
    Backslash,
    /// A control character (or NUL) in the name.
    #[error("its name holds a control character")]
    ControlCharacter,
    /// The name is longer than [`MAX_NAME_BYTES`].
    #[error("its name is longer than {MAX_NAME_BYTES} bytes")]
    LongName,
    /// Its directory record carries more than [`MAX_EXTRA_BYTES`] of extra fields and
    /// comment.
    #[error("its directory record carries {0} bytes of extra fields and comment, more than the {MAX_EXTRA_BYTES}-byte cap")]
    LargeRecord(u64),
    /// The name is not text (neither UTF-8 nor the archive's legacy code page).
    #[error("its name cannot be read as text")]
    NotText,
    /// Another entry has the same name.
    #[error("another entry of the archive has the same name")]
    Duplicate,
    /// A symbolic link.
    #[error("a symbolic link (arena never follows links: hand in the file itself)")]
    Symlink,
    /// A device, FIFO or socket.
    #[error("not a regular file but a special file (device, FIFO or socket)")]
    Special,
    /// Encrypted.
    #[error("encrypted (hand it in without a password)")]
    Encrypted,
    /// Compressed with a method arena does not read.
    #[error("compressed with {0}, which arena does not read (only Deflate and Stored)")]
    Compression(String),
    /// Its declared size is over the cap for what it would be.
    #[error("it declares {}, more than the {} cap", human_bytes(*.size), human_bytes(*.cap))]
    TooLarge {
        /// The declared size.
        size: u64,
        /// The cap.
        cap: u64,
    },
    /// It decompresses to more than it declares (a zip bomb behind a lying header, or a
    /// damaged one): reading stopped one byte past the declared size, which is within the
    /// cap.
    #[error(
        "it decompresses to more than the {} it declares (a zip bomb or a damaged header: reading stopped there, within the {} cap)",
        human_bytes(*.declared),
        human_bytes(*.cap)
    )]
    Bomb {
        /// The declared size.
        declared: u64,
        /// The cap.
        cap: u64,
    },
    /// Its data is damaged (what the zip reader said, which never quotes data).
    #[error("its data cannot be read: {0}")]
    Corrupt(String),
    /// An archive inside an archive inside the download: arena opens one level only.
    #[error("an archive inside an archive inside the download (arena opens one level only)")]
    TooDeep,
    /// The download's decompression budget is spent.
    #[error(
        "not read: the download already decompressed to its budget of {} (a download of many large entries, or a hostile one)",
        human_bytes(*.0)
    )]
    Budget(u64),
}

/// What stops the reading of a whole archive.
#[derive(Debug, Error)]
pub enum ArchiveError {
    /// The file cannot be opened or read.
    #[error("{}: cannot be read: {source}", escape_path(path))]
    Io {
        /// The archive.
        path: std::path::PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// Not a zip archive, or one whose directory is damaged.
    #[error("{}: not a readable zip archive ({why})", escape_path(path))]
    NotZip {
        /// The archive.
        path: std::path::PathBuf,
        /// The zip reader's reason (never the data).
        why: String,
    },
    /// More entries than [`MAX_ENTRIES`], counted before any is listed.
    #[error(
        "{}: the archive holds {entries} entries, more than the cap of {MAX_ENTRIES}: not a download of submissions (nothing in it was read)",
        escape_path(path)
    )]
    TooManyEntries {
        /// The archive.
        path: std::path::PathBuf,
        /// The count its end record declares.
        entries: usize,
    },
}

/// What kind of entry a listed entry is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A regular file.
    File,
    /// A folder (its name ends in `/`).
    Folder,
}

/// One entry of an archive, as listed: its checked name, never its content.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Its position in the central directory.
    pub index: usize,
    /// Its name, checked by [`check_name`], without a trailing `/`.
    pub name: String,
    /// Its declared uncompressed size.
    pub size: u64,
    /// A file or a folder.
    pub kind: Kind,
    /// Its modification time as the archive records it (`YYYY-MM-DD HH:MM:SS`), if any.
    pub modified: Option<String>,
}

/// What listing an archive found: the usable entries and each refused one with its
/// name shown escaped.
#[derive(Debug, Default)]
pub struct Listing {
    /// Entries whose names and kinds are acceptable, in the archive's order.
    pub entries: Vec<Entry>,
    /// Entries refused, by their name as text (not UTF-8 bytes replaced), unescaped:
    /// escape it before showing it.
    pub refused: Vec<(String, EntryRefusal)>,
}

/// Checks an entry's name (without its trailing `/` for a folder).
///
/// # Errors
/// [`EntryRefusal`] for a name that could leave the archive or is odd.
pub fn check_name(name: &str) -> Result<(), EntryRefusal> {
    if name.len() > MAX_NAME_BYTES {
        return Err(EntryRefusal::LongName);
    }
    if name.chars().any(char::is_control) {
        return Err(EntryRefusal::ControlCharacter);
    }
    if name.contains('\\') {
        return Err(EntryRefusal::Backslash);
    }
    let drive = name.as_bytes().get(1) == Some(&b':');
    if name.starts_with('/') || drive {
        return Err(EntryRefusal::Escapes);
    }
    if name
        .split('/')
        .any(|part| part.is_empty() || part == "." || part == "..")
    {
        return Err(EntryRefusal::Escapes);
    }
    Ok(())
}

/// Whether an entry's name is that of a zip archive (`bot.zip`, any case).
pub fn is_zip_name(name: &str) -> bool {
    // Compared as bytes: a name's last four bytes need not be a character boundary.
    let name = name.as_bytes();
    name.len() > 4 && name[name.len() - 4..].eq_ignore_ascii_case(b".zip")
}

/// A name as messages show it: escaped, never raw.
pub fn shown(name: &[u8]) -> String {
    escape_message(&String::from_utf8_lossy(name))
}

/// The `S_IFMT` kind bits of a Unix mode.
const S_IFMT: u32 = 0o170000;
const S_IFREG: u32 = 0o100000;
const S_IFDIR: u32 = 0o040000;
const S_IFLNK: u32 = 0o120000;

/// A usable file's directory record, as [`Archive::list`] read it: reading the entry
/// with it ([`Archive::read_record`]) goes straight to the entry, with no walk of the
/// directory, from any handle on the same archive. Two records are equal when they are the
/// record of one entry (its directory and data offsets).
#[derive(Clone)]
pub struct Record(std::sync::Arc<OwnedZipFileEntry>);

impl Record {
    fn offsets(&self) -> (u64, u64) {
        (self.0.central_header_start(), self.0.header_start())
    }
}

impl std::fmt::Debug for Record {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (directory, data) = self.offsets();
        write!(f, "Record {{ directory: {directory}, data: {data} }}")
    }
}

impl PartialEq for Record {
    fn eq(&self, other: &Record) -> bool {
        self.offsets() == other.offsets()
    }
}

impl Eq for Record {}

/// An open archive: a file on disk, or an archive inside one held in memory.
pub struct Archive<R: Read + Seek> {
    zip: ZipIterable<R>,
    /// What messages call it.
    path: std::path::PathBuf,
    /// The budget it started with ([`MAX_DOWNLOAD_BYTES`] unless given).
    budget: u64,
    /// The bytes it has decompressed so far.
    spent: u64,
    /// Each usable file's directory record, by its position, kept by [`Archive::list`].
    records: std::collections::HashMap<usize, Record>,
    /// The walks of the central directory so far.
    walks: usize,
    /// The entries whose decompression was started so far.
    inflations: usize,
}

impl Archive<File> {
    /// Opens the zip file at `path` (a regular file) and checks its entry count.
    ///
    /// # Errors
    /// [`ArchiveError`]: not readable, not a zip, or more than [`MAX_ENTRIES`] entries.
    pub fn open(path: &Path) -> Result<Archive<File>, ArchiveError> {
        let io = |source| ArchiveError::Io {
            path: path.to_path_buf(),
            source,
        };
        let meta = std::fs::metadata(path).map_err(io)?;
        if !meta.is_file() {
            return Err(io(std::io::Error::other("not a regular file")));
        }
        let file = File::open(path).map_err(io)?;
        Archive::new(file, path)
    }
}

impl<R: Read + Seek> Archive<R> {
    /// Reads the end record of the archive in `reader` (called `path` in messages) and
    /// checks its entry count.
    ///
    /// # Errors
    /// [`ArchiveError::NotZip`] or [`ArchiveError::TooManyEntries`].
    pub fn new(reader: R, path: &Path) -> Result<Archive<R>, ArchiveError> {
        let zip = ZipIterable::try_new(reader, zip::read::Config::default()).map_err(|e| {
            ArchiveError::NotZip {
                path: path.to_path_buf(),
                why: escape_message(&e.to_string()),
            }
        })?;
        if zip.len() > MAX_ENTRIES {
            return Err(ArchiveError::TooManyEntries {
                path: path.to_path_buf(),
                entries: zip.len(),
            });
        }
        Ok(Archive {
            zip,
            path: path.to_path_buf(),
            budget: MAX_DOWNLOAD_BYTES,
            spent: 0,
            records: std::collections::HashMap::new(),
            walks: 0,
            inflations: 0,
        })
    }

    /// The same archive with a decompression budget of `budget` bytes in all.
    pub fn with_budget(mut self, budget: u64) -> Self {
        self.budget = budget;
        self
    }

    /// The bytes it may still decompress.
    pub fn left(&self) -> u64 {
        self.budget.saturating_sub(self.spent)
    }

    /// The bytes it has decompressed so far.
    pub fn spent(&self) -> u64 {
        self.spent
    }

    /// Counts `bytes` decompressed elsewhere (an archive inside it) against its budget.
    pub fn spend(&mut self, bytes: u64) {
        self.spent = self.spent.saturating_add(bytes);
    }

    /// Counts `n` entries decompressed elsewhere (in an archive inside it).
    pub fn count_inflations(&mut self, n: usize) {
        self.inflations += n;
    }

    /// How many times its central directory was walked (once, by [`Archive::list`]).
    pub fn walks(&self) -> usize {
        self.walks
    }

    /// How many entries it started to decompress.
    pub fn inflations(&self) -> usize {
        self.inflations
    }

    /// Lists every entry: usable ones with their checked names, refused ones with why. The
    /// one walk of the central directory: each usable file's record is kept for
    /// [`Archive::read`] and [`Archive::measure`].
    ///
    /// # Errors
    /// [`ArchiveError::NotZip`] when the central directory is damaged.
    pub fn list(&mut self) -> Result<Listing, ArchiveError> {
        let path = self.path.clone();
        let not_zip = |e: zip::result::ZipError| ArchiveError::NotZip {
            path: path.clone(),
            why: escape_message(&e.to_string()),
        };
        let io = |e: std::io::Error| ArchiveError::NotZip {
            path: path.clone(),
            why: escape_message(&e.to_string()),
        };
        let mut listing = Listing::default();
        let mut seen = std::collections::HashSet::new();
        self.records.clear();
        self.walks += 1;
        let files = self.zip.files().map_err(not_zip)?;
        let mut index = 0;
        while let Some(entry) = files.next() {
            let position = index;
            index += 1;
            let entry = entry.map_err(not_zip)?;
            // The record just read ends where the reader stands: its length, less the
            // fixed part and the name, is what its extra fields and comment take.
            let end = files.reader_mut().stream_position().map_err(io)?;
            let record = end.saturating_sub(entry.central_header_start());
            let extra = record.saturating_sub(46 + entry.name_raw().len() as u64);
            let raw = entry.name_raw();
            let show = String::from_utf8_lossy(raw).into_owned();
            let name = match entry.name() {
                Ok(n) => n.into_owned(),
                Err(_) => {
                    listing.refused.push((show, EntryRefusal::NotText));
                    continue;
                }
            };
            let folder_name = name.ends_with('/');
            let bare = name.trim_end_matches('/');
            if let Err(why) = check_name(bare) {
                listing.refused.push((show, why));
                continue;
            }
            if !seen.insert(bare.to_string()) {
                listing.refused.push((show, EntryRefusal::Duplicate));
                continue;
            }
            let kind = match entry.unix_mode().map(|m| m & S_IFMT) {
                Some(S_IFLNK) => Err(EntryRefusal::Symlink),
                Some(S_IFDIR) => Ok(Kind::Folder),
                Some(0) | Some(S_IFREG) | None if folder_name => Ok(Kind::Folder),
                Some(0) | Some(S_IFREG) | None => Ok(Kind::File),
                Some(_) => Err(EntryRefusal::Special),
            };
            let kind = match kind {
                Ok(kind) => kind,
                Err(why) => {
                    listing.refused.push((show, why));
                    continue;
                }
            };
            if extra > MAX_EXTRA_BYTES {
                listing
                    .refused
                    .push((show, EntryRefusal::LargeRecord(extra)));
                continue;
            }
            if kind == Kind::File {
                if entry.encrypted() {
                    listing.refused.push((show, EntryRefusal::Encrypted));
                    continue;
                }
                let method = entry.compression();
                if !matches!(
                    method,
                    CompressionMethod::Stored | CompressionMethod::Deflated
                ) {
                    listing
                        .refused
                        .push((show, EntryRefusal::Compression(format!("{method:?}"))));
                    continue;
                }
            }
            let modified = entry.last_modified().map(|t| {
                format!(
                    "{:04}-{:02}-{:02} {:02}:{:02}:{:02}",
                    t.year(),
                    t.month(),
                    t.day(),
                    t.hour(),
                    t.minute(),
                    t.second()
                )
            });
            let size = entry.size();
            if kind == Kind::File {
                self.records.insert(
                    position,
                    Record(std::sync::Arc::new(OwnedZipFileEntry::from(entry))),
                );
            }
            listing.entries.push(Entry {
                index: position,
                name: bare.to_string(),
                size,
                kind,
                modified,
            });
        }
        Ok(listing)
    }

    /// The directory record of the file at position `index`, as [`Archive::list`] kept it.
    pub fn record(&self, index: usize) -> Option<Record> {
        self.records.get(&index).cloned()
    }

    /// Reads the entry at position `index` (a file listed by [`Archive::list`]) into
    /// memory: refused when it declares more than `cap` bytes, or when it decompresses to
    /// more (reading stops at `cap` plus one byte).
    ///
    /// # Errors
    /// [`EntryRefusal`]: too large, a bomb, or damaged (or not a listed file).
    pub fn read(&mut self, index: usize, cap: u64) -> Result<Vec<u8>, EntryRefusal> {
        let record = self.listed(index)?;
        self.read_record(&record, cap)
    }

    /// Reads the entry `record` names (listed from this archive, perhaps through another
    /// handle) into memory, as [`Archive::read`] does.
    ///
    /// # Errors
    /// As [`Archive::read`].
    pub fn read_record(&mut self, record: &Record, cap: u64) -> Result<Vec<u8>, EntryRefusal> {
        let mut bytes = Vec::new();
        self.stream(record, cap, |chunk| {
            bytes.extend_from_slice(chunk);
        })?;
        Ok(bytes)
    }

    /// The record of the listed file at `index`.
    fn listed(&self, index: usize) -> Result<Record, EntryRefusal> {
        self.record(index)
            .ok_or_else(|| EntryRefusal::Corrupt("no such entry".into()))
    }

    /// How many bytes the entry at `index` decompresses to, at most `cap` (the bytes are
    /// counted and dropped, never kept).
    ///
    /// # Errors
    /// As [`Archive::read`].
    pub fn measure(&mut self, index: usize, cap: u64) -> Result<u64, EntryRefusal> {
        let record = self.listed(index)?;
        let mut total = 0u64;
        self.stream(&record, cap, |chunk| total += chunk.len() as u64)?;
        Ok(total)
    }

    /// Decompresses the entry `record` names chunk by chunk into `sink`, stopping with
    /// [`EntryRefusal::Bomb`] past its declared size (at most `cap`). The record goes
    /// straight to the entry: no walk of the directory.
    fn stream(
        &mut self,
        record: &Record,
        cap: u64,
        mut sink: impl FnMut(&[u8]),
    ) -> Result<(), EntryRefusal> {
        let corrupt =
            |e: &dyn std::fmt::Display| EntryRefusal::Corrupt(escape_message(&e.to_string()));
        let entry: &OwnedZipFileEntry = &record.0;
        let declared = entry.size();
        if declared > cap {
            return Err(EntryRefusal::TooLarge {
                size: declared,
                cap,
            });
        }
        // An entry larger than what is left is not started.
        // (Fields, not methods: the archive's reader is borrowed.)
        let left = self.budget.saturating_sub(self.spent);
        if declared > left {
            return Err(EntryRefusal::Budget(self.budget));
        }
        self.inflations += 1;
        let files = self.zip.files().map_err(|e| corrupt(&e))?;
        let mut file = entry
            .as_ref()
            .with_reader(files.reader_mut(), ZipReadOptions::new())
            .map_err(|e| corrupt(&e))?;
        let mut buf = vec![0u8; 64 << 10];
        let mut total = 0u64;
        loop {
            // Never ask for more than one byte past the declared size: a reader that
            // refuses data past the declared size then refuses exactly there.
            let want = usize::try_from((declared + 1).saturating_sub(total))
                .unwrap_or(usize::MAX)
                .clamp(1, buf.len());
            let n = match file.read(&mut buf[..want]) {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                // The reader's own guard against more data than declared, on a read that
                // would pass the declared size.
                Err(e)
                    if e.kind() == std::io::ErrorKind::InvalidData
                        && total + want as u64 > declared =>
                {
                    return Err(EntryRefusal::Bomb { declared, cap })
                }
                Err(e) => return Err(corrupt(&e)),
            };
            total += n as u64;
            self.spent = self.spent.saturating_add(n as u64);
            if total > declared {
                return Err(EntryRefusal::Bomb { declared, cap });
            }
            if total > left {
                return Err(EntryRefusal::Budget(self.budget));
            }
            sink(&buf[..n]);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_zip_name_is_recognised_whatever_characters_end_it() {
        assert!(is_zip_name("bot.zip"));
        assert!(is_zip_name("ボット.ZIP"));
        assert!(!is_zip_name(".zip"));
        for odd in [
            "Ana_7_assignsubmission_file_/ボット",
            "x€€",
            "€",
            "ボ",
            "aé.zi",
        ] {
            assert!(!is_zip_name(odd), "{odd}");
        }
    }

    #[test]
    fn names_that_leave_the_archive_or_are_odd_are_refused() {
        for ok in [
            "a.wasm",
            "Ana Pé_1_assignsubmission_file_/bot.wasm",
            "x/y/z.wat",
        ] {
            assert_eq!(check_name(ok), Ok(()), "{ok}");
        }
        for (bad, why) in [
            ("../x.wasm", EntryRefusal::Escapes),
            ("a/../../x", EntryRefusal::Escapes),
            ("/etc/passwd", EntryRefusal::Escapes),
            ("C:/x.wasm", EntryRefusal::Escapes),
            ("a//b", EntryRefusal::Escapes),
            ("./a", EntryRefusal::Escapes),
            ("a\\..\\b", EntryRefusal::Backslash),
            ("a\u{1b}[2J.wasm", EntryRefusal::ControlCharacter),
            ("a\0.wasm", EntryRefusal::ControlCharacter),
        ] {
            assert_eq!(check_name(bad), Err(why), "{bad:?}");
        }
        assert_eq!(
            check_name(&"a".repeat(MAX_NAME_BYTES + 1)),
            Err(EntryRefusal::LongName)
        );
    }

    #[test]
    fn a_download_decompresses_no_more_than_its_budget() {
        use std::io::Write as _;
        let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        let options = zip::write::SimpleFileOptions::default();
        for name in ["a", "b", "c"] {
            zip.start_file(name, options).unwrap();
            zip.write_all(&[7u8; 1000]).unwrap();
        }
        let bytes = zip.finish().unwrap().into_inner();
        let mut a = Archive::new(std::io::Cursor::new(bytes), Path::new("d.zip"))
            .unwrap()
            .with_budget(2500);
        a.list().unwrap();
        assert_eq!(a.measure(0, 1 << 20), Ok(1000));
        assert_eq!(a.read(1, 1 << 20).unwrap().len(), 1000);
        assert_eq!(a.left(), 500);
        let e = a.measure(2, 1 << 20).unwrap_err();
        assert_eq!(e, EntryRefusal::Budget(2500));
        assert!(e.to_string().contains("budget of"), "{e}");
        a.spend(10_000);
        assert_eq!(a.left(), 0);
    }

    #[test]
    fn the_directory_is_walked_once_and_each_entry_inflated_once() {
        use std::io::Write as _;
        let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        let options = zip::write::SimpleFileOptions::default();
        for i in 0..200u8 {
            zip.start_file(format!("e{i}"), options).unwrap();
            zip.write_all(&[i; 10]).unwrap();
        }
        let bytes = zip.finish().unwrap().into_inner();
        let mut a = Archive::new(std::io::Cursor::new(bytes), Path::new("d.zip")).unwrap();
        let listing = a.list().unwrap();
        assert_eq!(listing.entries.len(), 200);
        // Read from the last entry back to the first: no read walks the directory again.
        for e in listing.entries.iter().rev() {
            let i = u8::try_from(e.index).unwrap();
            assert_eq!(a.read(e.index, 1 << 10).unwrap(), [i; 10]);
        }
        assert_eq!(a.walks(), 1);
        assert_eq!(a.inflations(), 200);
        assert_eq!(a.spent(), 2000);
        // An entry not listed as a file is not read.
        assert!(matches!(
            a.read(500, 1 << 10),
            Err(EntryRefusal::Corrupt(_))
        ));
    }

    #[test]
    fn a_record_carrying_too_much_beside_its_name_is_refused() {
        use std::io::Write as _;
        let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        let big = zip::write::FullFileOptions::default()
            .with_file_comment("c".repeat(MAX_EXTRA_BYTES as usize + 1));
        zip.start_file("big.wasm", big).unwrap();
        zip.write_all(b"\0asm").unwrap();
        let small = zip::write::FullFileOptions::default().with_file_comment("fine");
        zip.start_file("small.wasm", small).unwrap();
        zip.write_all(b"\0asm").unwrap();
        let bytes = zip.finish().unwrap().into_inner();
        let mut a = Archive::new(std::io::Cursor::new(bytes), Path::new("d.zip")).unwrap();
        let listing = a.list().unwrap();
        let names: Vec<&str> = listing.entries.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["small.wasm"]);
        assert_eq!(listing.refused.len(), 1);
        assert_eq!(listing.refused[0].0, "big.wasm");
        let EntryRefusal::LargeRecord(n) = listing.refused[0].1 else {
            panic!("{:?}", listing.refused);
        };
        assert!(n > MAX_EXTRA_BYTES, "{n}");
        assert!(listing.refused[0].1.to_string().contains("1024-byte cap"));
    }

    #[test]
    fn a_name_is_shown_escaped() {
        let s = shown(b"a\x1b[2J\xff.wasm");
        assert!(!s.chars().any(char::is_control), "{s}");
    }
}
