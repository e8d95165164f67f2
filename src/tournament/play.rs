//! Playing the games of a series on a worker: when the series ends (or the run stops),
//! the replays of the games it played are appended to the worker's journal, then their
//! rows to `games.csv`.

use std::collections::HashMap;
use std::sync::Mutex;

use arena_games::{GameKind, Player};

use crate::output::games_csv::{GameLog, GameRow};
use crate::output::pending::Pending;
use crate::output::replay::Replay;
use crate::output::replay_store::Journals;
use crate::output::OutputError;
use crate::record::ResultCode;
use crate::referee::{at_table, Entrant, GameRecord};
use crate::series::{Length, Series, SeriesGame};

use super::rows::first_second;
use super::{Config, Halt, Participant, Progress, TournamentError};
use crate::schedule::{GamePlan, Schedule, SeriesPlan};

/// What the workers share.
pub(super) struct RunContext<'a> {
    pub(super) config: &'a Config,
    pub(super) schedule: &'a Schedule,
    pub(super) field: &'a [Participant],
    pub(super) done: &'a HashMap<u64, GameRow>,
    pub(super) log: &'a Mutex<GameLog>,
    pub(super) journals: &'a Journals,
    pub(super) progress: &'a dyn Progress,
    pub(super) halt: Halt<'a>,
}

impl RunContext<'_> {
    /// Plays (or takes from the previous run) the games of one series, and writes the
    /// games it played when the series ends or stops ([`Pending`]). Returns its rows, the
    /// games played now, and whether it was cut short by a stop.
    pub(super) fn play_series(&self, plan: &SeriesPlan) -> (Vec<GameRow>, u64, bool) {
        let series = Series::new(Length::Rules(self.schedule.rules), plan.first);
        let mut rows = Vec::new();
        let mut pending = Pending::default();
        let mut played = 0;
        let run = series.run(|sg| {
            let game = self.schedule.game(plan, sg.index);
            let row = match self.done.get(&game.id) {
                Some(row) => row.clone(),
                None => {
                    if self.halt.is_raised() {
                        return Err(());
                    }
                    match self.play(plan, &game, sg) {
                        Ok((row, replay)) => {
                            played += 1;
                            self.progress.game_done();
                            pending.add(&replay, row.clone());
                            row
                        }
                        Err(e) => {
                            self.halt.fail(e);
                            return Err(());
                        }
                    }
                }
            };
            let outcome = row.result().outcome();
            rows.push(row);
            Ok(outcome)
        });
        // The games finished before a stop or a failure are kept too.
        if let Err(e) = pending.write(self.journals, self.log) {
            self.halt.fail(e.into());
            return (rows, played, true);
        }
        if run.unplayed > 0 {
            self.progress.skip(run.unplayed as u64);
        }
        (rows, played, run.stopped.is_some())
    }

    /// Plays one game; returns its row and its replay's text.
    fn play(
        &self,
        plan: &SeriesPlan,
        game: &GamePlan,
        series_game: SeriesGame,
    ) -> Result<(GameRow, String), TournamentError> {
        let names = first_second(self.schedule, plan, game);
        let entrant = |side: usize| {
            let name = &self.schedule.names[side];
            let p = self.field.iter().find(|p| &p.name == name);
            &*p.expect("a scheduled bot").entrant
        };
        let start = at_table(self.config.game)
            .new_game(&game.params, game.board_seed)
            .map_err(|e| {
                OutputError::corrupt(&self.config.out, format!("game {}: {e}", game.id))
            })?;
        let sides: [&dyn Entrant; 2] = [entrant(plan.a), entrant(plan.b)];
        let record = series_game.play(start, sides, game.bot_seeds);
        if let Some(why) = record.end.harness_problem() {
            // The machine's failure, not a result: nothing of the game is recorded.
            return Err(TournamentError::Harness {
                game: game.id,
                why: why.to_string(),
            });
        }
        let row = game_row(plan, game, &names, &record);
        let replay = replay_of(self.config.game, plan, game, &names, &record);
        Ok((row, replay.to_text()))
    }
}

/// The `games.csv` row of a played game.
pub fn game_row(
    plan: &SeriesPlan,
    game: &GamePlan,
    names: &[String; 2],
    record: &GameRecord,
) -> GameRow {
    GameRow {
        game_id: game.id,
        series_id: plan.id,
        round: plan.round,
        game_index: game.index,
        board_index: game.board_index,
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

/// The replay of a played game.
pub fn replay_of(
    kind: &dyn GameKind,
    plan: &SeriesPlan,
    game: &GamePlan,
    names: &[String; 2],
    record: &GameRecord,
) -> Replay {
    Replay {
        game: kind.info().name.to_string(),
        game_id: game.id,
        series_id: plan.id,
        round: plan.round,
        board_seed: game.board_seed,
        size: game.size,
        setup: record.setup.clone(),
        bots: names.clone(),
        bot_seeds: game.bot_seeds,
        moves: record.moves.clone(),
        marks: record.move_marks.clone(),
        end: record.end.kind(),
        culprit: record.culprit().and_then(Player::from_index),
        reason: record.end.reason(),
        result: ResultCode::of(record.outcome()),
        scores: record.pair_scores(),
        outputs: [0, 1].map(|i| record.outputs[i].clone()),
    }
}
