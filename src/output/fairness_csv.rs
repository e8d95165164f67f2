//! `fairness.csv`: how the first mover fared, per board size and overall, so an
//! instructor sees whether the boards were fair.

use crate::record::{EndKind, ResultCode};
use std::collections::BTreeMap;
use std::path::Path;

use super::{write_csv, OutputError};
use crate::record::GameRow;

/// The file name inside the results folder.
pub const FILE: &str = "fairness.csv";

/// The first mover's wins, draws and losses in games that ended normally (a fault says
/// nothing about the board), per `(rows, cols)`; `None` keys the total.
pub fn first_mover_records(rows: &[GameRow]) -> BTreeMap<Option<(u32, u32)>, [u64; 3]> {
    let mut out: BTreeMap<Option<(u32, u32)>, [u64; 3]> = BTreeMap::new();
    for row in rows.iter().filter(|r| r.end == EndKind::Normal) {
        let i = match row.result() {
            ResultCode::FirstWins => 0,
            ResultCode::SecondWins => 2,
            ResultCode::Draw => 1,
        };
        out.entry(Some((row.rows, row.cols))).or_default()[i] += 1;
        out.entry(None).or_default()[i] += 1;
    }
    out
}

/// Writes `fairness.csv` atomically. Columns: `rows`, `cols` (`all` on the total line),
/// `games`, `first_won`, `drawn`, `first_lost`, `first_score` (the first mover's points
/// per game, 0.5 being perfectly fair, with three decimals). Only games that ended
/// normally count: a fault says nothing about the board.
///
/// # Errors
/// [`OutputError`] when writing fails.
pub fn write(dir: &Path, rows: &[GameRow]) -> Result<(), OutputError> {
    let path = dir.join(FILE);
    write_csv(&path, |out| {
        out.write_record([
            "rows",
            "cols",
            "games",
            "first_won",
            "drawn",
            "first_lost",
            "first_score",
        ])?;
        let records = first_mover_records(rows);
        // Sizes first, the total last.
        let ordered = records
            .iter()
            .filter(|(k, _)| k.is_some())
            .chain(records.iter().filter(|(k, _)| k.is_none()));
        for (size, [w, d, l]) in ordered {
            let games = w + d + l;
            let score = (2 * w + d) as f64 / (2 * games.max(1)) as f64;
            let (r, c) = match size {
                Some((r, c)) => (r.to_string(), c.to_string()),
                None => ("all".to_string(), "all".to_string()),
            };
            out.write_record([
                r,
                c,
                games.to_string(),
                w.to_string(),
                d.to_string(),
                l.to_string(),
                format!("{score:.3}"),
            ])?;
        }
        Ok(())
    })
}

/// `fairness.csv`.
pub struct FairnessCsv;

impl super::SummaryWriter for FairnessCsv {
    fn write(&self, dir: &Path, results: &super::Results) -> Result<(), OutputError> {
        write(dir, results.rows)
    }
}
