//! Every file arena writes, in one place: the manifest, the CSV tables, the replays.
//!
//! Formats are documented in `docs/RESULTS.md` and stable: columns are only ever added at
//! the end, and a change of meaning bumps the manifest's `format`.

pub mod atomic;
pub mod crosstable_csv;
pub mod fairness_csv;
pub mod feedback;
pub mod folder_lock;
pub mod games_csv;
pub mod gradebook;
pub mod grades_csv;
pub mod html;
pub mod json;
pub mod manifest;
pub mod markdown;
pub mod pending;
pub mod ratings_csv;
pub mod replay;
pub mod replay_error;
pub mod replay_store;
pub mod report;
pub mod results_file;
pub mod series_csv;
pub mod similarity_csv;
pub mod similarity_games;
pub mod similarity_html;
pub mod similarity_json;
pub mod sprt_csv;
pub mod standings_csv;
pub mod table_feedback;
pub mod table_json;
pub mod table_replay;
pub mod table_summary;

use std::path::Path;

use crate::grading::bands::Bands;
use crate::grading::roster::Roster;
use crate::ratings::FieldRatings;
use crate::record::GameRow;
use crate::standings::{SeriesOutcome, Standing};

/// Everything a results folder's summary files are written from: the domain results of a
/// run (or of `arena standings` recomputing one).
pub struct Results<'a> {
    /// The bots in schedule order.
    pub names: &'a [String],
    /// Every game, in game-id order.
    pub rows: &'a [GameRow],
    /// Every series' outcome.
    pub series: &'a [SeriesOutcome],
    /// Whether every board was played from both seats (series of board pairs).
    pub paired: bool,
    /// The standings, ranked, ratings filled in.
    pub standings: &'a [Standing],
    /// The ratings, when there was a game to fit.
    pub ratings: Option<&'a FieldRatings>,
    /// The roster, for student ids and grades.
    pub roster: Option<&'a Roster>,
    /// The grade bands.
    pub bands: Option<&'a Bands>,
    /// The bot rated 0 Elo, when the ratings are anchored (`--anchor`).
    pub anchor: Option<&'a str>,
    /// The skipped entries of each roster student with no module in the field, by the
    /// bot the roster names ([`crate::tournament::Reporting::unplayable`]).
    pub unplayable: &'a std::collections::BTreeMap<String, Vec<manifest::SkippedEntry>>,
    /// Every game's replay (the folder's store, as the run folded it or as read back).
    pub store: &'a replay_store::Store,
    /// Where every pair's sequential test ended, under `--sprt` (with its settings).
    pub sequential: Option<(
        &'a crate::sprt_settings::SprtSettings,
        &'a crate::sequential::Walk,
    )>,
}

/// One summary output of a results folder: a new output format is one file implementing
/// this and one line in [`SUMMARY_WRITERS`].
pub trait SummaryWriter: Sync {
    /// Writes its file(s) into `dir` (atomically), or nothing when `results` has nothing
    /// for it (no ratings, no roster).
    ///
    /// # Errors
    /// [`OutputError`] naming the file when writing fails.
    fn write(&self, dir: &Path, results: &Results) -> Result<(), OutputError>;
}

/// Every summary output, in stages. The writers of a stage run at once, each writing only
/// its own files from [`Results`] alone (never from another's file); a stage starts once
/// the one before has succeeded. `games.csv` comes first, rewritten in game-id order, and
/// `standings.csv` last: its presence is what marks a finished folder (`arena verify`),
/// so a run whose summaries fail is never taken for finished.
pub const SUMMARY_WRITERS: &[&[&dyn SummaryWriter]] = &[
    &[&games_csv::GamesCsv],
    &[
        &report::ReportHtml,
        &series_csv::SeriesCsv,
        &sprt_csv::SprtCsv,
        &ratings_csv::RatingsCsv,
        &crosstable_csv::CrosstableCsv,
        &fairness_csv::FairnessCsv,
        &grades_csv::GradesCsv,
        &json::JsonFiles,
        &feedback::FeedbackFiles,
    ],
    &[&standings_csv::StandingsCsv],
];

/// Writes every summary output of [`SUMMARY_WRITERS`] into `dir`, stage by stage, the
/// writers of a stage in parallel (the page, the largest, first).
///
/// # Errors
/// The first writer's error in the order of [`SUMMARY_WRITERS`], whatever the threads
/// (the other writers of its stage still write their files; no later stage starts).
pub fn write_summary_files(dir: &Path, results: &Results) -> Result<(), OutputError> {
    use rayon::prelude::*;
    for stage in SUMMARY_WRITERS {
        let outcomes: Vec<Result<(), OutputError>> = stage
            .par_iter()
            .map(|writer| writer.write(dir, results))
            .collect();
        outcomes.into_iter().collect::<Result<(), _>>()?;
    }
    Ok(())
}

/// A results-folder problem: what went wrong, and with which file.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    /// Reading or writing a file failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: std::path::PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// A file's contents are not what arena wrote.
    #[error("{path}: {reason}")]
    Corrupt {
        /// The file.
        path: std::path::PathBuf,
        /// What is wrong with it.
        reason: String,
    },
}

impl OutputError {
    /// An I/O error on `path`.
    pub fn io(path: &std::path::Path, source: std::io::Error) -> OutputError {
        OutputError::Io {
            path: path.to_path_buf(),
            source,
        }
    }

    /// A corrupt `path`.
    pub fn corrupt(path: &std::path::Path, reason: impl Into<String>) -> OutputError {
        OutputError::Corrupt {
            path: path.to_path_buf(),
            reason: reason.into(),
        }
    }
}

/// Half points as people read them: `2`, `2.5`.
pub fn points(half_points: u64) -> String {
    if half_points.is_multiple_of(2) {
        (half_points / 2).to_string()
    } else {
        format!("{}.5", half_points / 2)
    }
}

/// Writes a CSV file atomically: `fill` writes the records into memory, then the bytes
/// replace `path` through [`atomic::write`].
///
/// # Errors
/// [`OutputError`] naming the file when a record cannot be written or the file cannot.
pub fn write_csv(
    path: &std::path::Path,
    fill: impl FnOnce(&mut csv::Writer<Vec<u8>>) -> csv::Result<()>,
) -> Result<(), OutputError> {
    let mut out = csv::Writer::from_writer(Vec::new());
    fill(&mut out).map_err(|e| OutputError::corrupt(path, e.to_string()))?;
    let bytes = out
        .into_inner()
        .map_err(|e| OutputError::corrupt(path, e.to_string()))?;
    atomic::write(path, &bytes)
}
