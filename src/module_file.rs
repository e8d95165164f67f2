//! Reading a module file from disk without trusting it: the one place arena reads a
//! bot's bytes (`tournament`, `check`, `match`, `play` and [`crate::runtime::Sandbox::load`]
//! all come through here).
//!
//! A submission folder is written by students, so a "module" may be a symbolic link to
//! the grader's credentials, a FIFO that blocks every reader, a device such as
//! `/dev/zero` that never ends, or a sparse file of gigabytes. The reader therefore
//! 1. looks at the entry itself with `symlink_metadata` and refuses a link or anything
//!    but a regular file before opening it (opening a device can have effects);
//! 2. opens with `O_NOFOLLOW | O_NONBLOCK | O_NOCTTY`, so that a link or a FIFO swapped
//!    in after the check is refused by the kernel or does not block;
//! 3. checks the opened file again with `fstat` (a regular file, and its size against
//!    the cap), so the bytes read are those of the file that was checked;
//! 4. reads at most the cap plus one byte, so a file that grows meanwhile is refused
//!    without being read whole.
//!
//! No error carries any of the file's content.

use std::fs::{File, Metadata, OpenOptions};
use std::io::Read;
use std::path::Path;

use thiserror::Error;

use crate::units::human_bytes;

/// Why a module file was not read. The messages name the problem, never the content.
#[derive(Debug, Error)]
pub enum ReadError {
    /// Nothing at that path.
    #[error("no such file")]
    NotFound,
    /// A symbolic link, which arena never follows.
    #[error("a symbolic link (arena never follows links: hand in the file itself)")]
    Symlink,
    /// A folder, FIFO, device or socket.
    #[error("not a regular file but {0}")]
    NotRegular(Special),
    /// Larger than the module cap.
    #[error("the file is {}, more than the {} module cap", human_bytes(*.size), human_bytes(*.cap))]
    TooLarge {
        /// The file's size in bytes (at least; a growing file is not read to its end).
        size: u64,
        /// The cap in bytes.
        cap: u64,
    },
    /// The system refused (permissions, an I/O error).
    #[error("cannot be read: {0}")]
    Io(std::io::Error),
}

impl ReadError {
    /// Whether the system refused for want of its own resources (no file descriptor or
    /// memory left: `EMFILE`, `ENFILE`, `ENOMEM`): the machine's problem, whatever the
    /// file.
    pub fn is_machine_problem(&self) -> bool {
        match self {
            ReadError::Io(e) => {
                e.kind() == std::io::ErrorKind::OutOfMemory
                    || matches!(
                        e.raw_os_error(),
                        Some(libc::EMFILE | libc::ENFILE | libc::ENOMEM)
                    )
            }
            _ => false,
        }
    }
}

impl From<std::io::Error> for ReadError {
    fn from(e: std::io::Error) -> ReadError {
        match e.kind() {
            std::io::ErrorKind::NotFound => ReadError::NotFound,
            _ => ReadError::Io(e),
        }
    }
}

/// An entry that is neither a regular file nor a link.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Special {
    /// A directory.
    Folder,
    /// A named pipe: opening it for reading would wait for a writer.
    Fifo,
    /// A character or block device (`/dev/zero`, a disk).
    Device,
    /// A Unix socket.
    Socket,
    /// Anything else the system has.
    Other,
}

impl std::fmt::Display for Special {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Special::Folder => "a folder",
            Special::Fifo => "a FIFO (named pipe)",
            Special::Device => "a device",
            Special::Socket => "a socket",
            Special::Other => "a special file",
        })
    }
}

/// What kind of entry the metadata describes, when it is not a regular file or a link.
fn special(meta: &Metadata) -> Option<Special> {
    let ty = meta.file_type();
    if ty.is_file() || ty.is_symlink() {
        return None;
    }
    if ty.is_dir() {
        return Some(Special::Folder);
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if ty.is_fifo() {
            return Some(Special::Fifo);
        }
        if ty.is_char_device() || ty.is_block_device() {
            return Some(Special::Device);
        }
        if ty.is_socket() {
            return Some(Special::Socket);
        }
    }
    Some(Special::Other)
}

/// Looks at the entry at `path` itself, without opening it or following a link.
///
/// # Errors
/// [`ReadError`] for a link, a folder, FIFO, device or socket, or nothing there.
pub fn inspect(path: &Path) -> Result<Metadata, ReadError> {
    let meta = std::fs::symlink_metadata(path)?;
    if meta.file_type().is_symlink() {
        return Err(ReadError::Symlink);
    }
    if let Some(kind) = special(&meta) {
        return Err(ReadError::NotRegular(kind));
    }
    Ok(meta)
}

/// Checks the entry at `path` ([`inspect`]) and opens it for reading, without following
/// a link and without blocking: a regular file, checked again once open.
///
/// # Errors
/// [`ReadError`] naming why the entry cannot be a module file.
pub fn open(path: &Path) -> Result<(File, Metadata), ReadError> {
    inspect(path)?;
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK | libc::O_NOCTTY);
    }
    let file = match options.open(path) {
        Ok(file) => file,
        // O_NOFOLLOW on a link (one swapped in since the check): ELOOP.
        #[cfg(unix)]
        Err(e) if e.raw_os_error() == Some(libc::ELOOP) => return Err(ReadError::Symlink),
        Err(e) => return Err(e.into()),
    };
    let meta = file.metadata()?;
    if let Some(kind) = special(&meta) {
        return Err(ReadError::NotRegular(kind));
    }
    Ok((file, meta))
}

/// Reads the module file at `path`, at most `cap` bytes, through [`open`].
///
/// # Errors
/// [`ReadError`]: not a regular file, larger than `cap` (checked before reading, and
/// again while reading), or unreadable.
pub fn read(path: &Path, cap: u64) -> Result<Vec<u8>, ReadError> {
    let (file, meta) = open(path)?;
    if meta.len() > cap {
        return Err(ReadError::TooLarge {
            size: meta.len(),
            cap,
        });
    }
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    file.take(cap.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > cap {
        return Err(ReadError::TooLarge {
            size: bytes.len() as u64,
            cap,
        });
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_system_out_of_resources_is_the_machines_problem() {
        let io = |code| ReadError::Io(std::io::Error::from_raw_os_error(code));
        for code in [libc::EMFILE, libc::ENFILE, libc::ENOMEM] {
            assert!(io(code).is_machine_problem(), "{code}");
        }
        for error in [
            io(libc::EACCES),
            io(libc::EISDIR),
            ReadError::NotFound,
            ReadError::Symlink,
        ] {
            assert!(!error.is_machine_problem(), "{error}");
        }
    }

    #[test]
    fn reads_a_regular_file_up_to_the_cap() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.wasm");
        std::fs::write(&path, b"\0asm\x01\0\0\0").unwrap();
        assert_eq!(read(&path, 8).unwrap(), b"\0asm\x01\0\0\0");
        let err = read(&path, 7).unwrap_err();
        assert!(
            matches!(err, ReadError::TooLarge { size: 8, cap: 7 }),
            "{err}"
        );
        assert!(matches!(
            read(&dir.path().join("none"), 8),
            Err(ReadError::NotFound)
        ));
    }

    #[test]
    fn a_sparse_giant_is_refused_unread() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("big.wasm");
        let f = File::create(&path).unwrap();
        f.set_len(3 << 30).unwrap();
        let err = read(&path, 8 << 20).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the file is 3072 MiB, more than the 8 MiB module cap"
        );
    }

    #[cfg(unix)]
    #[test]
    fn links_folders_and_devices_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("secret.txt");
        std::fs::write(&target, "password").unwrap();
        let link = dir.path().join("link.wasm");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        assert!(matches!(read(&link, 100), Err(ReadError::Symlink)));
        assert!(matches!(
            read(dir.path(), 100),
            Err(ReadError::NotRegular(Special::Folder))
        ));
        let err = read(Path::new("/dev/zero"), 100).unwrap_err();
        assert_eq!(err.to_string(), "not a regular file but a device");
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_refused_without_blocking() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe.wasm");
        let status = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(status.success());
        let err = read(&fifo, 100).unwrap_err();
        assert_eq!(
            err.to_string(),
            "not a regular file but a FIFO (named pipe)"
        );
    }
}
