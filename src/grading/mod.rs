//! Grading: who the bots belong to (the roster) and what grade a result earns (bands).
//!
//! Both are inputs to the derived files only, never to play: an instructor can change the
//! roster or the bands and run `arena standings RESULTS` without replaying anything.

pub mod bands;
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
