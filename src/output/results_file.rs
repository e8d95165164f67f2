//! Reading a file of a results or shard folder without trusting it, as submissions are
//! read ([`crate::module_file`]): a results folder may have been edited, copied from
//! elsewhere or handed in, and `tournament.json` or `games.csv` may be a link to
//! `/dev/zero`, a FIFO that blocks every reader or a sparse file of terabytes. So a file
//! is read only when it is a regular file (never through a link, opened without
//! blocking) and no larger than its cap, checked before anything is read; anything else
//! is named as a damaged results folder, never read.

use std::fs::File;
use std::path::Path;

use super::OutputError;
use crate::module_file::{self, ReadError};
use crate::units::human_bytes;

/// The largest `tournament.json` read (a manifest of the largest field is a few MiB).
pub const MANIFEST_CAP: u64 = 64 << 20;

/// The largest `games.csv` (and `games.jsonl`) read: the largest schedule arena plays
/// (200 000 tables of 24 seatings) writes far less.
pub const GAMES_CAP: u64 = 8 << 30;

/// The largest summary file read back (`standings.json`, a file compared by `verify`).
pub const SUMMARY_CAP: u64 = 1 << 30;

/// The bytes of `path`, or `None` when there is nothing there.
///
/// # Errors
/// [`OutputError::Corrupt`] naming the file when it is a link, not a regular file or
/// larger than `cap` (nothing of it read); [`OutputError::Io`] when it cannot be read.
pub fn read(path: &Path, cap: u64) -> Result<Option<Vec<u8>>, OutputError> {
    match module_file::read(path, cap) {
        Ok(bytes) => Ok(Some(bytes)),
        Err(e) => refused(path, e),
    }
}

/// `path` opened for reading the way [`read`] reads it (a regular file, never through a
/// link, without blocking), with its size, for a file read piece by piece (the replay
/// store); `None` when there is nothing there.
///
/// # Errors
/// [`OutputError::Corrupt`] naming the file when it is a link or not a regular file;
/// [`OutputError::Io`] when it cannot be opened.
pub fn open(path: &Path) -> Result<Option<(File, u64)>, OutputError> {
    match module_file::open(path) {
        Ok((file, meta)) => Ok(Some((file, meta.len()))),
        Err(e) => refused(path, e),
    }
}

/// What a file that cannot be read as a results file is: nothing (not found), an error
/// of the machine, or a damaged results folder.
fn refused<T>(path: &Path, e: ReadError) -> Result<Option<T>, OutputError> {
    match e {
        ReadError::NotFound => Ok(None),
        ReadError::Io(e) => Err(OutputError::io(path, e)),
        ReadError::TooLarge { size, cap } => Err(OutputError::corrupt(
            path,
            format!(
                "{} or more, larger than arena ever writes it ({}): not read; the results folder is damaged",
                human_bytes(size),
                human_bytes(cap)
            ),
        )),
        e => Err(OutputError::corrupt(
            path,
            format!("{e}: not read; a results folder holds only regular files arena wrote"),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_regular_file_within_its_cap_is_read() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("games.csv");
        assert_eq!(read(&file, 10).unwrap(), None);
        std::fs::write(&file, b"0123456789").unwrap();
        assert_eq!(read(&file, 10).unwrap().unwrap(), b"0123456789");
        let e = read(&file, 9).unwrap_err().to_string();
        assert!(e.contains("games.csv") && e.contains("larger than"), "{e}");
        let link = dir.path().join("tournament.json");
        std::os::unix::fs::symlink("/dev/zero", &link).unwrap();
        let e = read(&link, 10).unwrap_err().to_string();
        assert!(e.contains("symbolic link") && e.contains("not read"), "{e}");
        let fifo = dir.path().join("fifo");
        let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        let e = read(&fifo, 10).unwrap_err().to_string();
        assert!(e.contains("not a regular file"), "{e}");
    }
}
