//! `similarity.csv`: the similarity report's pairs, most suspicious first, one row each
//! (docs/SIMILARITY.md). For the instructor only: no page shown to the class links it.

use std::path::Path;

use super::{atomic, OutputError};
use crate::similarity::Report;

/// The file name inside the results folder.
pub const FILE: &str = "similarity.csv";

/// The header row.
pub const HEADER: &[&str] = &[
    "rank",
    "bot_a",
    "bot_b",
    "verdict",
    "score",
    "z",
    "p_empirical",
    "p_normal",
    "q_benjamini_hochberg",
    "both_answered",
    "agreed",
    "counted",
    "shared_mistakes",
];

/// The file's text.
pub fn render(report: &Report) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    // Writing to memory never fails.
    let _ = w.write_record(HEADER);
    for (i, p) in report.pairs.iter().enumerate() {
        let verdict = match p.verdict {
            crate::similarity::Verdict::Certain(_) => "certain",
            crate::similarity::Verdict::Flagged => "flagged",
            crate::similarity::Verdict::NotFlagged => "not_flagged",
            crate::similarity::Verdict::BothPlayBest => "both_play_best",
            crate::similarity::Verdict::TooFew => "too_few",
        };
        let _ = w.write_record([
            (i + 1).to_string(),
            p.a.clone(),
            p.b.clone(),
            verdict.to_string(),
            format!("{:.4}", p.score),
            format!("{:.3}", p.z),
            format!("{:.6}", p.p_empirical),
            format!("{:.3e}", p.p_normal),
            format!("{:.3e}", p.q),
            p.both_answered.to_string(),
            p.agreed.to_string(),
            p.counted.to_string(),
            p.shared_mistakes.to_string(),
        ]);
    }
    let bytes = w.into_inner().unwrap_or_default();
    String::from_utf8(bytes).unwrap_or_default()
}

/// Writes `similarity.csv` into `results`.
///
/// # Errors
/// [`OutputError`] when the file cannot be written.
pub fn write(results: &Path, report: &Report) -> Result<(), OutputError> {
    atomic::write(&results.join(FILE), render(report).as_bytes())
}
