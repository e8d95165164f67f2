//! `games.csv`: one row per game.
//!
//! During a run, rows are appended and flushed as games finish (in completion order), so
//! nothing finished is ever lost; `--resume` reads them back. When the run completes the
//! file is rewritten atomically in game-id order, which makes it byte-identical whatever
//! the thread count or interruptions.

use std::fs::{self, File, OpenOptions};
use std::io::BufWriter;
use std::path::{Path, PathBuf};

use super::{write_csv, OutputError};
use crate::record::columns::Layout;
pub use crate::record::GameRow;

/// The file name inside the results folder.
pub const FILE: &str = "games.csv";

/// Appends rows to `games.csv` as games finish, flushing each one.
pub struct GameLog {
    path: PathBuf,
    out: csv::Writer<BufWriter<File>>,
    /// The file's layout: read from its header, or (for a new file) chosen by the first
    /// row, when the header is written.
    layout: Option<Layout>,
}

impl GameLog {
    /// Opens `dir/games.csv` for appending; a new file gets its header with the first row.
    ///
    /// # Errors
    /// [`OutputError`] when the file cannot be opened or its header names no layout.
    pub fn open(dir: &Path) -> Result<GameLog, OutputError> {
        let path = dir.join(FILE);
        let new = !path.exists() || fs::metadata(&path).map(|m| m.len() == 0).unwrap_or(true);
        let layout = if new {
            None
        } else {
            let mut reader = csv::Reader::from_path(&path)
                .map_err(|e| OutputError::corrupt(&path, e.to_string()))?;
            let header = reader
                .headers()
                .map_err(|e| OutputError::corrupt(&path, e.to_string()))?;
            Some(
                Layout::from_header(header)
                    .map_err(|e| OutputError::corrupt(&path, e.to_string()))?,
            )
        };
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .map_err(|e| OutputError::io(&path, e))?;
        let out = csv::Writer::from_writer(BufWriter::new(file));
        Ok(GameLog { path, out, layout })
    }

    /// Appends one row and flushes it to the operating system.
    ///
    /// # Errors
    /// [`OutputError`] when writing fails.
    pub fn append(&mut self, row: &GameRow) -> Result<(), OutputError> {
        self.append_all(std::slice::from_ref(row))
    }

    /// Appends `rows` in order and flushes them to the operating system, in one write
    /// when they fit the buffer.
    ///
    /// # Errors
    /// [`OutputError`] when writing fails.
    pub fn append_all(&mut self, rows: &[GameRow]) -> Result<(), OutputError> {
        for row in rows {
            self.write_row(row)?;
        }
        self.out.flush().map_err(|e| OutputError::io(&self.path, e))
    }

    /// Writes one row into the buffer (after the header, for a new file).
    fn write_row(&mut self, row: &GameRow) -> Result<(), OutputError> {
        let path = &self.path;
        let corrupt = |e: &dyn std::fmt::Display| OutputError::corrupt(path, e.to_string());
        let layout = match self.layout {
            Some(layout) => layout,
            None => {
                let layout = Layout::of(std::slice::from_ref(row));
                self.out
                    .write_record(layout.header())
                    .map_err(|e| corrupt(&e))?;
                self.layout = Some(layout);
                layout
            }
        };
        let fields = layout.fields(row).map_err(|e| corrupt(&e))?;
        self.out.write_record(fields).map_err(|e| corrupt(&e))
    }
}

/// Reads the complete rows of `dir/games.csv` (an empty list if there is no file). A last
/// line that a crash left unfinished is ignored, and with `repair` also cut off the file,
/// so that appends continue on a clean row boundary (only the run that appends repairs).
///
/// # Errors
/// [`OutputError::Corrupt`] naming the line when a complete row cannot be read.
pub fn read_rows(dir: &Path, repair: bool) -> Result<Vec<GameRow>, OutputError> {
    let path = dir.join(FILE);
    let Some(bytes) = super::results_file::read(&path, super::results_file::GAMES_CAP)? else {
        return Ok(Vec::new());
    };
    let complete = complete_prefix(&bytes);
    if repair && complete.len() != bytes.len() {
        // Drop the torn line so that appends continue on a clean row boundary.
        let f = OpenOptions::new()
            .write(true)
            .open(&path)
            .map_err(|e| OutputError::io(&path, e))?;
        f.set_len(complete.len() as u64)
            .map_err(|e| OutputError::io(&path, e))?;
    }
    if complete.is_empty() {
        return Ok(Vec::new());
    }
    let mut reader = csv::Reader::from_reader(complete);
    let header = reader
        .headers()
        .map_err(|e| OutputError::corrupt(&path, format!("the header: {e}")))?
        .clone();
    let layout = Layout::from_header(&header)
        .map_err(|e| OutputError::corrupt(&path, format!("the header: {e}")))?;
    let mut rows = Vec::new();
    for (i, record) in reader.records().enumerate() {
        let row = match record.map(|r| layout.parse(&header, &r)) {
            Ok(Ok(row)) => row,
            Ok(Err(e)) => return Err(OutputError::corrupt(&path, format!("row {}: {e}", i + 1))),
            Err(e) => return Err(OutputError::corrupt(&path, format!("row {}: {e}", i + 1))),
        };
        rows.push(row);
    }
    Ok(rows)
}

/// The bytes up to and including the last newline.
fn complete_prefix(bytes: &[u8]) -> &[u8] {
    match bytes.iter().rposition(|&b| b == b'\n') {
        Some(i) => &bytes[..=i],
        None => &[],
    }
}

/// Rewrites `dir/games.csv` atomically with `rows` in the order given (game-id order for
/// the final file), in the layout that holds them all (no header for no rows).
///
/// # Errors
/// [`OutputError`] when writing fails.
pub fn write_sorted(dir: &Path, rows: &[GameRow]) -> Result<(), OutputError> {
    let path = dir.join(FILE);
    let layout = Layout::of(rows);
    let fields = rows
        .iter()
        .map(|row| layout.fields(row))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| OutputError::corrupt(&path, e.to_string()))?;
    write_csv(&path, |out| {
        if !rows.is_empty() {
            out.write_record(layout.header())?;
        }
        fields.iter().try_for_each(|f| out.write_record(f))
    })
}

/// `games.csv`, every game in game-id order.
pub struct GamesCsv;

impl super::SummaryWriter for GamesCsv {
    fn write(&self, dir: &Path, results: &super::Results) -> Result<(), OutputError> {
        write_sorted(dir, results.rows)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{EndKind, SeatRecord};
    use std::io::Write;

    /// The bytes `write_sorted` writes for `rows`.
    fn to_csv(rows: &[GameRow]) -> Vec<u8> {
        let dir = tempfile::tempdir().unwrap();
        write_sorted(dir.path(), rows).unwrap();
        fs::read(dir.path().join(FILE)).unwrap()
    }

    fn row(id: u64) -> GameRow {
        GameRow {
            game_id: id,
            series_id: 1,
            round: 1,
            game_index: 0,
            board_index: 0,
            board_seed: 99,
            rows: 8,
            cols: 8,
            seats: vec![
                SeatRecord {
                    bot: "a".into(),
                    team: None,
                    score: (-5).into(),
                    rank: 2,
                    fuel: 0,
                    max_move_fuel: 0,
                },
                SeatRecord {
                    bot: "b, \"quoted\"".into(),
                    team: None,
                    score: 12.into(),
                    rank: 1,
                    fuel: 123,
                    max_move_fuel: 10,
                },
            ],
            end: EndKind::Normal,
            culprit: None,
            reason: String::new(),
            moves: 20,
        }
    }

    #[test]
    fn append_then_read_back_and_torn_lines_are_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let mut log = GameLog::open(dir.path()).unwrap();
        log.append(&row(1)).unwrap();
        log.append(&row(2)).unwrap();
        drop(log);
        // A crash in the middle of a third row.
        let path = dir.path().join(FILE);
        let mut f = OpenOptions::new().append(true).open(&path).unwrap();
        f.write_all(b"3,1,1,0,0,99,8").unwrap();
        drop(f);
        let rows = read_rows(dir.path(), true).unwrap();
        assert_eq!(rows, vec![row(1), row(2)]);
        // Appending after the cut continues cleanly, without a second header.
        let mut log = GameLog::open(dir.path()).unwrap();
        log.append(&row(3)).unwrap();
        drop(log);
        assert_eq!(
            read_rows(dir.path(), true).unwrap(),
            vec![row(1), row(2), row(3)]
        );
    }

    #[test]
    fn a_row_with_more_seats_than_the_file_holds_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let mut log = GameLog::open(dir.path()).unwrap();
        log.append(&row(1)).unwrap();
        let mut three = row(2);
        three.seats.push(three.seats[0].clone());
        let err = log.append(&three).unwrap_err().to_string();
        assert!(
            err.contains("game 2 has 3 seats, more than the file's columns hold"),
            "{err}"
        );
    }

    #[test]
    fn a_format_1_file_is_refused_by_name() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(
            dir.path().join(FILE),
            "game_id,series_id,round,game_index,board_index,board_seed,rows,cols,first,second,first_score,second_score,result,winner,end,culprit,reason,moves,first_fuel,second_fuel,first_max_move_fuel,second_max_move_fuel\n",
        )
        .unwrap();
        let err = read_rows(dir.path(), false).unwrap_err().to_string();
        assert!(err.contains("results format 1"), "{err}");
        assert!(GameLog::open(dir.path()).is_err());
    }

    #[test]
    fn sorted_rewrite_round_trips_byte_for_byte() {
        let dir = tempfile::tempdir().unwrap();
        write_sorted(dir.path(), &[row(1), row(2)]).unwrap();
        let first = fs::read(dir.path().join(FILE)).unwrap();
        let rows = read_rows(dir.path(), true).unwrap();
        write_sorted(dir.path(), &rows).unwrap();
        assert_eq!(fs::read(dir.path().join(FILE)).unwrap(), first);
        assert_eq!(first, to_csv(&rows));
    }

    #[test]
    fn a_garbled_row_is_reported_with_its_number() {
        let dir = tempfile::tempdir().unwrap();
        let mut bytes = to_csv(&[row(1)]);
        bytes.extend_from_slice(b"x,y\n");
        fs::write(dir.path().join(FILE), bytes).unwrap();
        let err = read_rows(dir.path(), true).unwrap_err().to_string();
        assert!(err.contains("games.csv") && err.contains("row 2"), "{err}");
    }
}
