//! `similarity.json`: the whole similarity report (docs/SIMILARITY.md): how it was made
//! (game, reference, positions, the correction and its rate), every pair with its
//! figures, and the positions where a flagged pair shares a mistake, drawn as the game
//! draws them. For the instructor only.

use std::path::Path;

use serde::Serialize;

use super::{atomic, OutputError};
use crate::similarity::{Pair, Report, CORRECTION};

/// The file name inside the results folder.
pub const FILE: &str = "similarity.json";

/// A position some flagged pair shares a mistake in, written once.
#[derive(Serialize)]
struct Shown<'a> {
    index: usize,
    game_id: u64,
    ply: u32,
    drawing: &'a str,
    legal_moves: Vec<&'a str>,
    best_moves: Vec<&'a str>,
}

/// A mistake two bots share: the position (its `index`) and the move in the game's words.
#[derive(Serialize)]
struct Shared {
    position: usize,
    chose: String,
}

/// A pair with its evidence.
#[derive(Serialize)]
struct PairDoc<'a> {
    #[serde(flatten)]
    pair: &'a Pair,
    verdict_words: &'static str,
    evidence: Vec<Shared>,
}

/// The document.
#[derive(Serialize)]
struct Doc<'a> {
    note: &'static str,
    game: &'a str,
    reference: Option<&'a str>,
    reference_exact: bool,
    bots: &'a [String],
    baseline_bots: usize,
    positions_requested: usize,
    positions_kept: usize,
    positions_examined: usize,
    moves_asked: usize,
    null_centre: f64,
    null_spread: f64,
    correction: &'static str,
    alpha: f64,
    min_z: f64,
    flagged: usize,
    pairs: Vec<PairDoc<'a>>,
    evidence_positions: Vec<Shown<'a>>,
}

/// What every output of the report says first.
pub const NOTE: &str = "A flag asks for a person's look at two bots, not a verdict: \
     independent students can play alike, and only a person who reads the code and \
     talks to them can judge.";

/// The move `mv` of kept position `k` in the game's words.
pub fn move_words(report: &Report, k: usize, mv: i32) -> String {
    report.positions[k]
        .described
        .iter()
        .find(|(x, _)| *x == mv)
        .map_or_else(|| mv.to_string(), |(_, w)| w.clone())
}

/// The evidence of `pair`: the positions where it shares a mistake (flagged pairs only).
fn evidence(report: &Report, pair: &Pair) -> Vec<Shared> {
    if !pair.verdict.is_flag() {
        return Vec::new();
    }
    pair.mistakes_at
        .iter()
        .map(|&(k, mv)| Shared {
            position: k,
            chose: move_words(report, k, mv),
        })
        .collect()
}

/// A kept position as the evidence shows it.
fn shown(report: &Report, k: usize) -> Shown<'_> {
    let pos = &report.positions[k];
    Shown {
        index: k,
        game_id: pos.place.game_id,
        ply: pos.place.ply,
        drawing: &pos.drawing,
        legal_moves: pos.described.iter().map(|(_, w)| w.as_str()).collect(),
        best_moves: pos
            .described
            .iter()
            .filter(|(m, _)| !pos.is_mistake(*m))
            .map(|(_, w)| w.as_str())
            .collect(),
    }
}

/// The file's text.
pub fn render(report: &Report) -> String {
    let doc = Doc {
        note: NOTE,
        game: &report.game,
        reference: report.reference.as_deref(),
        reference_exact: report.exact,
        bots: &report.bots,
        baseline_bots: report.baseline,
        positions_requested: report.requested,
        positions_kept: report.positions.len(),
        positions_examined: report.examined,
        moves_asked: report.asked,
        null_centre: report.null.centre,
        null_spread: report.null.spread,
        correction: CORRECTION,
        alpha: report.alpha,
        min_z: crate::similarity::MIN_Z,
        flagged: report.flagged().count(),
        pairs: report
            .pairs
            .iter()
            .map(|p| PairDoc {
                pair: p,
                verdict_words: p.verdict.words(),
                evidence: evidence(report, p),
            })
            .collect(),
        evidence_positions: {
            let used: std::collections::BTreeSet<usize> = report
                .flagged()
                .flat_map(|p| p.mistakes_at.iter().map(|&(k, _)| k))
                .collect();
            used.into_iter().map(|k| shown(report, k)).collect()
        },
    };
    let mut text = serde_json::to_string_pretty(&doc).unwrap_or_default();
    text.push('\n');
    text
}

/// Writes `similarity.json` into `results`.
///
/// # Errors
/// [`OutputError`] when the file cannot be written.
pub fn write(results: &Path, report: &Report) -> Result<(), OutputError> {
    atomic::write(&results.join(FILE), render(report).as_bytes())
}

/// How a recorded report was asked for: what `arena verify` needs to derive it again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
pub struct Asked {
    /// `--positions`.
    pub positions_requested: usize,
    /// Bots of a `--baseline` folder.
    pub baseline_bots: usize,
}

/// How the report in `results` was asked for, or `None` when the folder has none.
///
/// # Errors
/// [`OutputError`] when the file is not a regular file, is larger than 1 GiB, or does
/// not read as a report.
pub fn asked(results: &Path) -> Result<Option<Asked>, OutputError> {
    let path = results.join(FILE);
    if !path.exists() {
        return Ok(None);
    }
    let Some(bytes) = super::results_file::read(&path, 1 << 30)? else {
        return Ok(None);
    };
    serde_json::from_slice(&bytes)
        .map(Some)
        .map_err(|e| OutputError::corrupt(&path, format!("not a similarity report: {e}")))
}
