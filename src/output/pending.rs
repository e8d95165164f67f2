//! The games a worker has finished and not yet written: a series' replays and rows,
//! written together when the series ends or the run stops, the replays first.
//!
//! Two writes per series instead of two per game: a cheap game costs less than the
//! system calls that record it. A kill loses at most the finished games of the series
//! under way on each worker, which `--resume` plays again (to the same bytes).

use std::sync::Mutex;

use super::games_csv::{GameLog, GameRow};
use super::replay_store::{frame_into, Journals};
use super::OutputError;

/// Finished games not yet written, in the order played.
#[derive(Default)]
pub struct Pending {
    /// Their replays, framed as the journal records them.
    framed: Vec<u8>,
    /// Their rows.
    rows: Vec<GameRow>,
}

impl Pending {
    /// Adds a finished game: its replay's text and its row.
    pub fn add(&mut self, replay: &str, row: GameRow) {
        frame_into(&mut self.framed, row.game_id, replay);
        self.rows.push(row);
    }

    /// Writes the games it holds, and forgets them: the replays to the calling worker's
    /// journal in one write, then the rows to `games.csv`, flushed, so that a row always
    /// has its replay.
    ///
    /// # Errors
    /// [`OutputError`] naming the file that cannot be written.
    pub fn write(&mut self, journals: &Journals, log: &Mutex<GameLog>) -> Result<(), OutputError> {
        if self.rows.is_empty() {
            return Ok(());
        }
        journals.append_framed(&self.framed)?;
        log.lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .append_all(&self.rows)?;
        self.framed.clear();
        self.rows.clear();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::games_csv::read_rows;
    use crate::output::replay_store::Store;
    use crate::record::{EndKind, SeatRecord};

    fn row(id: u64) -> GameRow {
        let seat = |bot: &str| SeatRecord {
            bot: bot.into(),
            team: None,
            score: 1.into(),
            rank: 1,
            fuel: 0,
            max_move_fuel: 0,
        };
        GameRow {
            game_id: id,
            series_id: 1,
            round: 1,
            game_index: id as u32 - 1,
            board_index: 0,
            board_seed: 7,
            rows: 5,
            cols: 5,
            seats: vec![seat("a"), seat("b")],
            end: EndKind::Normal,
            culprit: None,
            reason: String::new(),
            moves: 3,
        }
    }

    /// A replay's text as far as the store reads it: its `game_id` line.
    fn text(id: u64) -> String {
        format!("game_id {id}\nmoves\n")
    }

    #[test]
    fn nothing_is_written_until_asked_then_replays_and_rows_together() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join(crate::output::replay::DIR)).unwrap();
        let journals = Journals::new(dir.path(), 1);
        let log = Mutex::new(GameLog::open(dir.path()).unwrap());
        let mut pending = Pending::default();
        pending.write(&journals, &log).unwrap();
        for id in 1..=3 {
            pending.add(&text(id), row(id));
        }
        assert!(read_rows(dir.path(), false).unwrap().is_empty());
        assert!(Store::open(dir.path()).unwrap().text(1).unwrap().is_none());
        pending.write(&journals, &log).unwrap();
        // Written once: a second write adds nothing.
        pending.write(&journals, &log).unwrap();
        assert_eq!(
            read_rows(dir.path(), false).unwrap(),
            vec![row(1), row(2), row(3)]
        );
        let store = Store::open(dir.path()).unwrap();
        for id in 1..=3 {
            assert_eq!(store.text(id).unwrap(), Some(text(id)));
        }
    }
}
