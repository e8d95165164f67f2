//! Playing the games of a table series on a worker: when the series ends (or the run
//! stops), the replays of the games it played are appended to the worker's journal, then
//! their rows to `games.csv`.

use std::collections::HashMap;
use std::sync::Mutex;

use super::schedule::{TableGamePlan, TableSchedule, TableSeries};
use super::TableConfig;
use crate::field::Participant;
use crate::output::games_csv::{GameLog, GameRow};
use crate::output::pending::Pending;
use crate::output::replay_store::Journals;
use crate::output::table_replay::{ReplaySeat, TableReplay};
use crate::output::OutputError;
use crate::referee::{play, Entrant, GameRecord};
use crate::series::{Length, Series, Side};
use crate::tournament::{Halt, Progress, TournamentError};

/// What the workers share.
pub(super) struct TableRun<'a> {
    pub(super) config: &'a TableConfig,
    pub(super) schedule: &'a TableSchedule,
    pub(super) field: &'a [Participant],
    pub(super) done: &'a HashMap<u64, GameRow>,
    pub(super) log: &'a Mutex<GameLog>,
    pub(super) journals: &'a Journals,
    pub(super) progress: &'a dyn Progress,
    pub(super) halt: Halt<'a>,
}

impl TableRun<'_> {
    /// Plays (or takes from the previous run) every game of one series, and writes the
    /// games it played when the series ends or stops ([`Pending`]). Returns its rows, the
    /// games played now, and whether a stop cut it short.
    pub(super) fn play_series(&self, series: &TableSeries) -> (Vec<GameRow>, u64, bool) {
        let mut rows = Vec::new();
        let mut pending = Pending::default();
        let mut played = 0;
        let mut stopped = false;
        // Game `index` of the series, played now or taken from the previous run.
        let mut each = |index: u32| -> Result<GameRow, ()> {
            let game = self.schedule.game(series, index);
            if let Some(row) = self.done.get(&game.id) {
                rows.push(row.clone());
                return Ok(row.clone());
            }
            if self.halt.is_raised() {
                return Err(());
            }
            match self.play(series, &game) {
                Ok((row, replay)) => {
                    played += 1;
                    self.progress.game_done();
                    pending.add(&replay, row.clone());
                    rows.push(row.clone());
                    Ok(row)
                }
                Err(e) => {
                    self.halt.fail(e);
                    Err(())
                }
            }
        };
        match self.schedule.rules {
            Some(rules) => {
                let run = Series::new(Length::Rules(rules), Side::A)
                    .run(|sg| each(sg.index).map(|row| row.result().outcome()));
                stopped = run.stopped.is_some();
                if run.unplayed > 0 {
                    self.progress.skip(u64::from(run.unplayed));
                }
            }
            None => {
                for index in 0..self.schedule.seatings_per_table() as u32 {
                    if each(index).is_err() {
                        stopped = true;
                        break;
                    }
                }
            }
        }
        // The games finished before a stop or a failure are kept too.
        if let Err(e) = pending.write(self.journals, self.log) {
            self.halt.fail(e.into());
            stopped = true;
        }
        (rows, played, stopped)
    }

    /// Plays one game; returns its row and its replay's text.
    fn play(
        &self,
        series: &TableSeries,
        game: &TableGamePlan,
    ) -> Result<(GameRow, String), TournamentError> {
        let names: Vec<String> = game
            .seats
            .iter()
            .map(|&b| self.schedule.names[b].clone())
            .collect();
        let entrants: Vec<&dyn Entrant> = game
            .seats
            .iter()
            .map(|&b| &*self.field[b].entrant)
            .collect();
        let start = self
            .config
            .game
            .new_game(&game.params, game.board_seed)
            .map_err(|e| {
                OutputError::corrupt(&self.config.out, format!("game {}: {e}", game.id))
            })?;
        let record = play(start, &entrants, &game.bot_seeds);
        if let Some(why) = record.end.harness_problem() {
            // The machine's failure, not a result: nothing of the game is recorded.
            return Err(TournamentError::Harness {
                game: game.id,
                why: why.to_string(),
            });
        }
        let row = table_row(series, game, &names, &record);
        let replay = table_replay(self.config, series, game, &names, &record);
        Ok((row, replay.to_text()))
    }
}

/// The `games.csv` row of a played table game.
pub fn table_row(
    series: &TableSeries,
    game: &TableGamePlan,
    names: &[String],
    record: &GameRecord,
) -> GameRow {
    GameRow {
        game_id: game.id,
        series_id: series.id,
        round: series.round,
        game_index: game.index,
        board_index: game.board,
        board_seed: game.board_seed,
        rows: game.size[0],
        cols: game.size[1],
        seats: record.seats(names),
        end: record.end.kind(),
        culprit: record.culprit(),
        reason: record.end.reason(),
        moves: record.moves.len() as u32,
    }
}

/// The replay of a played table game.
pub fn table_replay(
    config: &TableConfig,
    series: &TableSeries,
    game: &TableGamePlan,
    names: &[String],
    record: &GameRecord,
) -> TableReplay {
    TableReplay {
        game: config.game.info().name.to_string(),
        options: config.options.clone(),
        game_id: game.id,
        series_id: series.id,
        round: series.round,
        board_seed: game.board_seed,
        size: game.size,
        setup: record.setup.clone(),
        seats: names
            .iter()
            .enumerate()
            .map(|(i, name)| ReplaySeat {
                bot: name.clone(),
                seed: game.bot_seeds[i],
                rank: record.ranks[i],
                score: record.scores[i],
                output: record.outputs[i].clone(),
            })
            .collect(),
        moves: record
            .movers
            .iter()
            .zip(&record.moves)
            .map(|(&s, &m)| (s, m))
            .collect(),
        marks: record.move_marks.clone(),
        end: record.end.kind(),
        culprit: record.culprit(),
        reason: record.end.reason(),
    }
}
