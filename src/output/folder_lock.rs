//! The lock that keeps two arena processes from writing one results folder at once.
//!
//! Every command that writes a results folder (`arena tournament`, two-seat or table, with
//! or without `--resume`, `--force` or `--shard`; `arena standings`; `arena report`;
//! `arena merge --out`) holds an exclusive advisory lock (`flock` on Unix, `LockFileEx` on
//! Windows, through std's [`File::try_lock`]) on the file [`FILE`] inside the folder for
//! as long as it writes. A second writer is refused at once ([`LockError::Busy`]), never
//! kept waiting. The kernel releases the lock when the process ends, however it ends, so a
//! killed run never leaves a stale lock: the file it leaves behind is empty, locks
//! nothing, and is taken over by the next writer. A run that ends normally removes it.

use std::fs::{self, File, OpenOptions};
use std::path::{Path, PathBuf};

use crate::output::OutputError;

/// The lock file's name, at the top of a results folder. It holds nothing, is never
/// compared or hashed, and is not one of the files `--force` removes.
pub const FILE: &str = ".arena-lock";

/// How often the lock is tried again when the file it locked was replaced in between
/// (another writer finished and removed it): never because it is held.
const REOPENS: u32 = 8;

/// Why a results folder could not be locked.
#[derive(Debug, thiserror::Error)]
pub enum LockError {
    /// Another process holds the folder's lock.
    #[error("{0}: another arena process is writing this results folder (wait until it has finished, or choose another folder)")]
    Busy(PathBuf),
    /// The lock file could not be made or opened (a symbolic link is refused).
    #[error(transparent)]
    Output(#[from] OutputError),
}

/// An exclusive lock on a results folder, held until dropped; dropping it removes the lock
/// file (while still holding it) and releases the lock.
#[derive(Debug)]
pub struct FolderLock {
    /// The open lock file: the lock lives as long as it does.
    file: File,
    /// Where the lock file is.
    path: PathBuf,
}

impl FolderLock {
    /// Locks the results folder `dir`, creating the folder if it is not there, or fails at
    /// once if another process holds it.
    ///
    /// # Errors
    /// [`LockError::Busy`] when another process holds the lock; [`LockError::Output`] when
    /// the folder or the lock file cannot be made or opened, or the lock file is not a
    /// regular file (a symbolic link is never followed).
    pub fn acquire(dir: &Path) -> Result<FolderLock, LockError> {
        if let Err(e) = fs::create_dir_all(dir) {
            // A file in the way is said by opening the lock file inside it ("Not a
            // directory"), as the folder's other writers say it.
            if !dir.exists() {
                return Err(OutputError::io(dir, e).into());
            }
        }
        let path = dir.join(FILE);
        for _ in 0..REOPENS {
            let file = open(&path).map_err(|e| match e {
                OutputError::Io { source, .. }
                    if source.kind() == std::io::ErrorKind::NotADirectory =>
                {
                    OutputError::io(dir, source)
                }
                e => e,
            })?;
            match file.try_lock() {
                Ok(()) => {}
                Err(fs::TryLockError::WouldBlock) => return Err(LockError::Busy(dir.into())),
                Err(fs::TryLockError::Error(e)) => return Err(OutputError::io(&path, e).into()),
            }
            // The holder before us may have removed the file after we opened it: a lock on
            // a file no longer in the folder locks nothing, so the folder's file is opened
            // again.
            if same_file(&file, &path) {
                return Ok(FolderLock { file, path });
            }
        }
        Err(LockError::Busy(dir.into()))
    }
}

impl Drop for FolderLock {
    fn drop(&mut self) {
        // Removed while still locked: whoever opened it meanwhile sees it gone and opens
        // the folder's new one ([`FolderLock::acquire`]).
        if same_file(&self.file, &self.path) {
            let _ = fs::remove_file(&self.path);
        }
        let _ = self.file.unlock();
    }
}

/// Opens (creating) the lock file at `path`, never through a symbolic link.
fn open(path: &Path) -> Result<File, OutputError> {
    let mut options = OpenOptions::new();
    options.read(true).write(true).create(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC);
    }
    #[cfg(not(unix))]
    if fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
        return Err(OutputError::corrupt(
            path,
            "a symbolic link, not arena's lock file: remove it",
        ));
    }
    let file = options.open(path).map_err(|e| OutputError::io(path, e))?;
    let meta = file.metadata().map_err(|e| OutputError::io(path, e))?;
    if !meta.is_file() {
        return Err(OutputError::corrupt(
            path,
            "not a regular file, so not arena's lock file: remove it",
        ));
    }
    Ok(file)
}

/// Whether `path` (not followed if a link) is still the file `file` has open.
fn same_file(file: &File, path: &Path) -> bool {
    let (Ok(open), Ok(named)) = (file.metadata(), fs::symlink_metadata(path)) else {
        return false;
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        open.dev() == named.dev() && open.ino() == named.ino()
    }
    #[cfg(not(unix))]
    {
        named.is_file() && open.len() == named.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_is_refused_until_the_first_is_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("r");
        let first = FolderLock::acquire(&out).unwrap();
        assert!(out.join(FILE).is_file());
        let second = FolderLock::acquire(&out).unwrap_err();
        assert!(matches!(second, LockError::Busy(ref d) if d == &out));
        assert!(second.to_string().contains("another arena process"));
        drop(first);
        assert!(!out.join(FILE).exists());
        let again = FolderLock::acquire(&out).unwrap();
        drop(again);
        assert_eq!(fs::read_dir(&out).unwrap().count(), 0);
    }

    #[test]
    fn a_left_lock_file_is_taken_over() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join(FILE), "").unwrap();
        let lock = FolderLock::acquire(dir.path()).unwrap();
        drop(lock);
        assert!(!dir.path().join(FILE).exists());
    }

    #[cfg(unix)]
    #[test]
    fn a_symbolic_link_is_never_followed() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("target.txt");
        fs::write(&target, "keep").unwrap();
        std::os::unix::fs::symlink(&target, dir.path().join(FILE)).unwrap();
        assert!(matches!(
            FolderLock::acquire(dir.path()),
            Err(LockError::Output(_))
        ));
        assert_eq!(fs::read_to_string(&target).unwrap(), "keep");
    }
}
