//! Grading: who the bots belong to (the roster) and what grade a result earns (bands).
//!
//! Both are inputs to the derived files only, never to play: an instructor can change the
//! roster or the bands and run `arena standings RESULTS` without replaying anything.

pub mod bands;
pub mod lms_export;
pub mod roster;

/// A grading input that cannot be used, naming the file and what is wrong.
#[derive(Debug, thiserror::Error)]
pub enum GradingError {
    /// The file could not be read. (The problem is part of the message, not a separate
    /// source, so that an error chain prints it once.)
    #[error("{path}: {problem}")]
    Io {
        /// The file.
        path: std::path::PathBuf,
        /// The I/O error.
        problem: std::io::Error,
    },
    /// The path names something other than a regular file (a folder, a FIFO, a device
    /// such as `/dev/zero`), which is never read.
    #[error("{path}: not a regular file")]
    NotAFile {
        /// The path.
        path: std::path::PathBuf,
    },
    /// The file is larger than any roster or bands file ([`MAX_INPUT_BYTES`]): another
    /// file given by mistake, which is not read.
    #[error("{path}: larger than {} MiB: not a roster or bands file", MAX_INPUT_BYTES >> 20)]
    TooLarge {
        /// The file.
        path: std::path::PathBuf,
    },
    /// The roster's contents are wrong.
    #[error("{path}: {problem}")]
    Roster {
        /// The file.
        path: std::path::PathBuf,
        /// What is wrong, with the line.
        problem: roster::RosterError,
    },
    /// The bands' contents are wrong.
    #[error("{path}: {problem}")]
    Bands {
        /// The file.
        path: std::path::PathBuf,
        /// What is wrong, naming the band.
        problem: bands::BandsError,
    },
}

/// The largest roster or bands file read: far above a course's roster.
pub const MAX_INPUT_BYTES: u64 = 16 << 20;

/// Reads a roster or bands file as UTF-8 text: only a regular file (a FIFO or a device
/// would block or never end), of at most [`MAX_INPUT_BYTES`].
///
/// # Errors
/// [`GradingError`] naming the file: not a regular file, too large, unreadable, not UTF-8.
pub fn read_text(path: &std::path::Path) -> Result<String, GradingError> {
    use std::io::Read as _;
    let io = |problem| GradingError::Io {
        path: path.to_path_buf(),
        problem,
    };
    if !std::fs::metadata(path).map_err(io)?.is_file() {
        return Err(GradingError::NotAFile {
            path: path.to_path_buf(),
        });
    }
    let file = std::fs::File::open(path).map_err(io)?;
    let mut bytes = Vec::new();
    file.take(MAX_INPUT_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(GradingError::TooLarge {
            path: path.to_path_buf(),
        });
    }
    String::from_utf8(bytes).map_err(|_| {
        io(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "stream did not contain valid UTF-8",
        ))
    })
}
