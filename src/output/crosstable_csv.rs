//! `crosstable.csv`: every bot against every other, and the same for a terminal.

use std::fmt::Write as _;
use std::path::Path;

use super::{points, write_csv, OutputError};
use crate::series::{SeriesResult, Side};
use crate::standings::{standings_order, SeriesOutcome, Standing};

/// The file name inside the results folder.
pub const FILE: &str = "crosstable.csv";

/// Points of row bot against column bot, in half points: (series, games), summed over
/// rounds; `None` where they never met. Rows and columns in `order` (indices into the
/// `n` bots of the schedule).
fn cells(order: &[usize], series: &[SeriesOutcome], n: usize) -> Vec<Vec<Option<(u64, u64)>>> {
    let mut by_index = vec![vec![None::<(u64, u64)>; n]; n];
    for s in series {
        let (a, b) = (s.plan.a, s.plan.b);
        let (sa, sb) = match s.result {
            SeriesResult::Win(Side::A) => (2, 0),
            SeriesResult::Win(Side::B) => (0, 2),
            SeriesResult::Draw => (1, 1),
        };
        let add = |cell: &mut Option<(u64, u64)>, sp: u64, gp: u64| {
            let c = cell.get_or_insert((0, 0));
            c.0 += sp;
            c.1 += gp;
        };
        add(&mut by_index[a][b], sa, s.tally.half_points[0] as u64);
        add(&mut by_index[b][a], sb, s.tally.half_points[1] as u64);
    }
    order
        .iter()
        .map(|&r| order.iter().map(|&c| by_index[r][c]).collect())
        .collect()
}

fn cell_text(cell: Option<(u64, u64)>) -> String {
    cell.map(|(s, g)| format!("{}/{}", points(s), points(g)))
        .unwrap_or_default()
}

/// Writes `crosstable.csv` atomically: a `bot` column, then one column per bot in
/// standings order (`order`: indices into `names`, best first); each cell is
/// `series_points/game_points` of the row bot against the column bot (empty on the
/// diagonal and for pairs that never met).
///
/// # Errors
/// [`OutputError`] when writing fails.
pub fn write(
    dir: &Path,
    order: &[usize],
    series: &[SeriesOutcome],
    names: &[String],
) -> Result<(), OutputError> {
    let path = dir.join(FILE);
    let grid = cells(order, series, names.len());
    write_csv(&path, |out| {
        let mut header = vec!["bot".to_string()];
        header.extend(order.iter().map(|&i| names[i].clone()));
        out.write_record(&header)?;
        for (&i, row) in order.iter().zip(&grid) {
            let mut record = vec![names[i].clone()];
            record.extend(row.iter().map(|&c| cell_text(c)));
            out.write_record(&record)?;
        }
        Ok(())
    })
}

/// The cross-table for a terminal, columns numbered by rank order.
pub fn table(table: &[Standing], series: &[SeriesOutcome], names: &[String]) -> String {
    let grid = cells(&standings_order(table, names), series, names.len());
    let width = table
        .iter()
        .map(|s| s.name.chars().count())
        .max()
        .unwrap_or(3);
    let cw = grid
        .iter()
        .flatten()
        .map(|&c| cell_text(c).len())
        .max()
        .unwrap_or(1)
        .max(3);
    let mut s = String::new();
    let _ = write!(s, "{:>3}  {:<width$}", "", "");
    for i in 0..table.len() {
        let _ = write!(s, "  {:>cw$}", i + 1);
    }
    s.push('\n');
    for (i, (t, row)) in table.iter().zip(&grid).enumerate() {
        let _ = write!(s, "{:>3}  {:<width$}", i + 1, t.name);
        for (j, &c) in row.iter().enumerate() {
            let text = if i == j {
                "-".to_string()
            } else {
                cell_text(c)
            };
            let _ = write!(s, "  {text:>cw$}");
        }
        s.push('\n');
    }
    s.push_str(LEGEND);
    s
}

/// The line under the terminal cross-table that explains its cells.
pub const LEGEND: &str = "each cell: series points/game points the row bot took from the \
column bot (1 a win, 1/2 a draw, summed over rounds); columns numbered as the rows\n";

/// `crosstable.csv`.
pub struct CrosstableCsv;

impl super::SummaryWriter for CrosstableCsv {
    fn write(&self, dir: &Path, results: &super::Results) -> Result<(), OutputError> {
        let order = standings_order(results.standings, results.names);
        write(dir, &order, results.series, results.names)
    }
}
