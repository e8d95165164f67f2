//! Replays of table games (one to four seats): one line-oriented text per game, kept in
//! the same replay store as the two-seat replays ([`super::replay_store`]), enough to
//! re-check the game independently of arena (documented in `docs/RESULTS.md`).
//!
//! ```text
//! arena-table-replay 1
//! game tictactoe
//! option players 3
//! game_id 4
//! series_id 2
//! round 1
//! board_seed 1234
//! size 3 3
//! setup 3x3 k=3 players=3
//! seat 1 555 alice
//! seat 2 666 bob
//! seat 3 777 carol
//! move 1 4
//! mark 1200 0
//! move 2 0
//! mark 800 1
//! end normal
//! culprit
//! reason
//! result 1 2 0
//! result 2 1 1
//! result 3 2 0
//! output 2 a line bob's bot logged
//! ```
//! `seat N SEED NAME` gives each seat's bot and its seed; `move SEAT RAW` the seat that
//! moved and its answer; `result SEAT RANK SCORE` each seat's competition rank and score
//! (a fraction is written `N/D`). `culprit` is a seat number for an abnormal end. Text
//! escapes `\` as `\\` and control characters as `\xNN` and
//! invisible ones as `\u{NNNN}`, as two-seat replays do.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use arena_games::game::{are_competition_ranks, Score};
use arena_games::registry::{AnyTable, TableKind};
use thiserror::Error;

use super::replay::{escape, unescape, write_log};
use crate::bot::FaultKind;
use crate::record::{EndKind, MoveMark};

/// The first line of every table replay.
pub const MAGIC: &str = "arena-table-replay 1";

/// One seat of a recorded table game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplaySeat {
    /// The bot's name.
    pub bot: String,
    /// The bot's seed for the game.
    pub seed: u64,
    /// Its competition rank.
    pub rank: u32,
    /// Its score at the end.
    pub score: Score,
    /// The debug output its bot produced.
    pub output: String,
}

/// One recorded table game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableReplay {
    /// The game's registered name.
    pub game: String,
    /// The game's options (`players` included where given).
    pub options: BTreeMap<String, String>,
    /// The game id.
    pub game_id: u64,
    /// The series id.
    pub series_id: u64,
    /// The round (from 1).
    pub round: u32,
    /// The seed of the starting position.
    pub board_seed: u64,
    /// Rows and columns.
    pub size: [u32; 2],
    /// The starting position's setup line (hidden setup included).
    pub setup: String,
    /// Every seat, in seat order.
    pub seats: Vec<ReplaySeat>,
    /// The accepted moves in order, each with the seat (from 0) that made it.
    pub moves: Vec<(u8, i32)>,
    /// Per move, its fuel and its seat's output lines so far.
    pub marks: Vec<MoveMark>,
    /// `normal`, `disqualified` or the fault kind.
    pub end: EndKind,
    /// The seat (from 0) that caused an abnormal end.
    pub culprit: Option<usize>,
    /// The reason in words.
    pub reason: String,
}

/// What is wrong with a table replay.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TableReplayError {
    /// The text does not start with [`MAGIC`].
    #[error("not an arena table replay: the first line must be `{MAGIC}`")]
    NotAReplay,
    /// A line that does not read.
    #[error("line {line}: bad {what}: `{text}`")]
    BadLine {
        /// The line number, from 1.
        line: usize,
        /// What was expected.
        what: &'static str,
        /// The line.
        text: String,
    },
    /// A line of no known kind.
    #[error("line {line}: unknown line `{text}`")]
    UnknownLine {
        /// The line number, from 1.
        line: usize,
        /// The line.
        text: String,
    },
    /// A required line is missing or seats are not numbered 1, 2, ...
    #[error(
        "incomplete table replay: `game`, `setup`, `end`, each seat and its result are required"
    )]
    Incomplete,
    /// The replay is of another game than the one it is checked as.
    #[error("replay of `{replay}`, checked as `{checked}`")]
    OtherGame {
        /// The replay's game.
        replay: String,
        /// The game it was checked as.
        checked: String,
    },
    /// The setup line does not read as the game's.
    #[error("setup: {0}")]
    Setup(String),
    /// The seat count of the replay is not the setup's.
    #[error("{recorded} seats recorded, but the setup seats {rules}")]
    Seats {
        /// The setup's seats.
        rules: usize,
        /// The replay's seats.
        recorded: usize,
    },
    /// A move by a seat whose turn it was not.
    #[error("move {index} was recorded for seat {recorded}, but it was seat {rules}'s turn")]
    Mover {
        /// The move's number, from 1.
        index: usize,
        /// The seat to move (from 1).
        rules: usize,
        /// The seat recorded (from 1).
        recorded: usize,
    },
    /// A move the rules refuse.
    #[error("move {index} ({mv}) is illegal: {reason}")]
    Illegal {
        /// The move's number, from 1.
        index: usize,
        /// The move.
        mv: i32,
        /// Why.
        reason: String,
    },
    /// A normal end recorded before the game is over.
    #[error("recorded as a normal end, but the game is not over")]
    NotOver,
    /// A normal end with a culprit, or an abnormal one without.
    #[error("the end `{end}` does not agree with the culprit seat recorded")]
    Culprit {
        /// The recorded end.
        end: EndKind,
    },
    /// A fault recorded after the game was over.
    #[error("a `{0}` fault recorded after the game was over")]
    FaultAfterEnd(EndKind),
    /// The ranks or scores differ from the rules'.
    #[error("the rules give ranks {rules_ranks:?} and scores {rules_scores}, the replay says {recorded_ranks:?} and {recorded_scores}")]
    Results {
        /// The rules' ranks.
        rules_ranks: Vec<u32>,
        /// The rules' scores, joined.
        rules_scores: String,
        /// The recorded ranks.
        recorded_ranks: Vec<u32>,
        /// The recorded scores, joined.
        recorded_scores: String,
    },
}

impl TableReplay {
    /// The replay as text.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "{MAGIC}");
        let _ = writeln!(s, "game {}", self.game);
        for (k, v) in &self.options {
            let _ = writeln!(s, "option {} {}", escape(k), escape(v));
        }
        let _ = writeln!(s, "game_id {}", self.game_id);
        let _ = writeln!(s, "series_id {}", self.series_id);
        let _ = writeln!(s, "round {}", self.round);
        let _ = writeln!(s, "board_seed {}", self.board_seed);
        let _ = writeln!(s, "size {} {}", self.size[0], self.size[1]);
        let _ = writeln!(s, "setup {}", self.setup);
        for (i, seat) in self.seats.iter().enumerate() {
            let _ = writeln!(s, "seat {} {} {}", i + 1, seat.seed, escape(&seat.bot));
        }
        for (i, (seat, m)) in self.moves.iter().enumerate() {
            let _ = writeln!(s, "move {} {m}", seat + 1);
            if let Some(mark) = self.marks.get(i) {
                let _ = writeln!(s, "mark {} {}", mark.fuel, mark.lines);
            }
        }
        let _ = writeln!(s, "end {}", self.end);
        match self.culprit {
            Some(c) => {
                let _ = writeln!(s, "culprit {}", c + 1);
            }
            None => s.push_str("culprit\n"),
        }
        let _ = writeln!(s, "reason {}", escape(&self.reason));
        for (i, seat) in self.seats.iter().enumerate() {
            let _ = writeln!(s, "result {} {} {}", i + 1, seat.rank, seat.score);
        }
        for (i, seat) in self.seats.iter().enumerate() {
            write_log(&mut s, i + 1, &seat.output);
        }
        s
    }

    /// Reads replay text.
    ///
    /// # Errors
    /// [`TableReplayError`] naming the line that is wrong.
    pub fn parse(text: &str) -> Result<TableReplay, TableReplayError> {
        let mut lines = text.lines().enumerate();
        match lines.next() {
            Some((_, MAGIC)) => {}
            _ => return Err(TableReplayError::NotAReplay),
        }
        let mut r = TableReplay {
            game: String::new(),
            options: BTreeMap::new(),
            game_id: 0,
            series_id: 0,
            round: 0,
            board_seed: 0,
            size: [0, 0],
            setup: String::new(),
            seats: Vec::new(),
            moves: Vec::new(),
            marks: Vec::new(),
            end: EndKind::Normal,
            culprit: None,
            reason: String::new(),
        };
        let mut results = 0;
        let mut seen_end = false;
        for (i, line) in lines {
            let n = i + 1;
            let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
            let bad = |what: &'static str| TableReplayError::BadLine {
                line: n,
                what,
                text: line.to_string(),
            };
            let seat_of = |text: &str, count: usize| -> Result<usize, TableReplayError> {
                match text.parse::<usize>() {
                    Ok(s) if (1..=count).contains(&s) => Ok(s - 1),
                    _ => Err(bad("seat number")),
                }
            };
            match key {
                "game" => r.game = rest.to_string(),
                "option" => {
                    let (k, v) = rest.split_once(' ').ok_or_else(|| bad("option"))?;
                    r.options.insert(unescape(k), unescape(v));
                }
                "game_id" => r.game_id = rest.parse().map_err(|_| bad("game id"))?,
                "series_id" => r.series_id = rest.parse().map_err(|_| bad("series id"))?,
                "round" => r.round = rest.parse().map_err(|_| bad("round"))?,
                "board_seed" => r.board_seed = rest.parse().map_err(|_| bad("board seed"))?,
                "size" => {
                    let (a, b) = rest.split_once(' ').ok_or_else(|| bad("size"))?;
                    r.size = [
                        a.parse().map_err(|_| bad("size"))?,
                        b.parse().map_err(|_| bad("size"))?,
                    ];
                }
                "setup" => r.setup = rest.to_string(),
                "seat" => {
                    let mut parts = rest.splitn(3, ' ');
                    let number = parts.next().unwrap_or("");
                    if number.parse::<usize>().ok() != Some(r.seats.len() + 1) {
                        return Err(bad("seat number (seats are listed 1, 2, ... in order)"));
                    }
                    let seed = parts.next().unwrap_or("");
                    r.seats.push(ReplaySeat {
                        seed: seed.parse().map_err(|_| bad("bot seed"))?,
                        bot: unescape(parts.next().ok_or_else(|| bad("seat"))?),
                        rank: 0,
                        score: Score::int(0),
                        output: String::new(),
                    });
                }
                "move" if !seen_end => {
                    let (seat, m) = rest.split_once(' ').ok_or_else(|| bad("move"))?;
                    let seat = seat_of(seat, r.seats.len())?;
                    r.moves
                        .push((seat as u8, m.parse().map_err(|_| bad("move"))?));
                }
                "mark" if !seen_end && r.marks.len() + 1 == r.moves.len() => {
                    let (f, l) = rest.split_once(' ').ok_or_else(|| bad("mark"))?;
                    r.marks.push(MoveMark {
                        fuel: f.parse().map_err(|_| bad("mark"))?,
                        lines: l.parse().map_err(|_| bad("mark"))?,
                    });
                }
                "end" => {
                    seen_end = true;
                    r.end = rest.parse().map_err(|_| bad("end"))?;
                }
                "culprit" => {
                    r.culprit = match rest {
                        "" => None,
                        seat => Some(seat_of(seat, r.seats.len())?),
                    }
                }
                "reason" => r.reason = unescape(rest),
                "result" => {
                    let mut parts = rest.split(' ');
                    let seat = seat_of(parts.next().unwrap_or(""), r.seats.len())?;
                    if seat != results {
                        return Err(bad("result (one per seat, in seat order)"));
                    }
                    let rank = parts.next().and_then(|t| t.parse().ok());
                    let score = parts.next().and_then(|t| t.parse().ok());
                    match (rank, score, parts.next()) {
                        (Some(rank), Some(score), None) => {
                            r.seats[seat].rank = rank;
                            r.seats[seat].score = score;
                        }
                        _ => return Err(bad("result")),
                    }
                    results += 1;
                }
                "output" => {
                    let (seat, text) = rest.split_once(' ').unwrap_or((rest, ""));
                    let seat = seat_of(seat, r.seats.len())?;
                    r.seats[seat].output.push_str(&unescape(text));
                    r.seats[seat].output.push('\n');
                }
                _ => {
                    return Err(TableReplayError::UnknownLine {
                        line: n,
                        text: line.to_string(),
                    })
                }
            }
        }
        let complete = seen_end
            && !r.game.is_empty()
            && !r.setup.is_empty()
            && !r.seats.is_empty()
            && results == r.seats.len()
            && (r.marks.is_empty() || r.marks.len() == r.moves.len());
        if !complete {
            return Err(TableReplayError::Incomplete);
        }
        Ok(r)
    }

    /// Re-plays the game under the rules and checks that the recorded result follows:
    /// every move legal and made by the seat to move, the end as recorded, every seat's
    /// rank and score as recorded (for an abnormal end: the culprit's side last, the
    /// others first). Returns the final position.
    ///
    /// # Errors
    /// [`TableReplayError`] naming the first disagreement.
    pub fn verify(&self, kind: &dyn TableKind) -> Result<Box<dyn AnyTable>, TableReplayError> {
        if kind.info().name != self.game {
            return Err(TableReplayError::OtherGame {
                replay: self.game.clone(),
                checked: kind.info().name.to_string(),
            });
        }
        let mut state = kind
            .start_from_setup(&self.setup)
            .map_err(|e| TableReplayError::Setup(e.to_string()))?;
        let seats = usize::from(state.seat_count());
        if seats != self.seats.len() {
            return Err(TableReplayError::Seats {
                rules: seats,
                recorded: self.seats.len(),
            });
        }
        for (i, &(seat, m)) in self.moves.iter().enumerate() {
            let to_move = state.to_move().index();
            if usize::from(seat) != to_move {
                return Err(TableReplayError::Mover {
                    index: i + 1,
                    rules: to_move + 1,
                    recorded: usize::from(seat) + 1,
                });
            }
            state.play(m).map_err(|e| TableReplayError::Illegal {
                index: i + 1,
                mv: m,
                reason: e.reason.to_string(),
            })?;
        }
        let scores = state.scores();
        let ranks = match (self.end, self.culprit) {
            (EndKind::Normal, None) => state
                .results()
                .ok_or(TableReplayError::NotOver)?
                .iter()
                .map(|r| r.rank)
                .collect(),
            (EndKind::Normal, Some(_)) => return Err(TableReplayError::Culprit { end: self.end }),
            (EndKind::Disqualified, None) => vec![1; seats],
            (end, None) => return Err(TableReplayError::Culprit { end }),
            (end, Some(culprit)) => {
                let before_play = matches!(
                    end,
                    EndKind::Disqualified | EndKind::Fault(FaultKind::Instantiation)
                );
                if !before_play && state.is_terminal() {
                    return Err(TableReplayError::FaultAfterEnd(end));
                }
                if !before_play && state.to_move().index() != culprit {
                    return Err(TableReplayError::Mover {
                        index: self.moves.len() + 1,
                        rules: state.to_move().index() + 1,
                        recorded: culprit + 1,
                    });
                }
                // The seats that lost share the last place (the culprit among them, and with
                // it its team unless that would be every seat), every other seat the first.
                let recorded: Vec<u32> = self.seats.iter().map(|s| s.rank).collect();
                let last = recorded[culprit];
                let consistent = are_competition_ranks(&recorded)
                    && recorded.iter().all(|&r| r == 1 || r == last);
                if !consistent || (last == 1 && seats > 1) {
                    return Err(self.results_error(recorded.clone(), &scores));
                }
                recorded
            }
        };
        let recorded: Vec<u32> = self.seats.iter().map(|s| s.rank).collect();
        let recorded_scores: Vec<Score> = self.seats.iter().map(|s| s.score).collect();
        if ranks != recorded || scores != recorded_scores {
            return Err(self.results_error(ranks, &scores));
        }
        Ok(state)
    }

    fn results_error(&self, rules_ranks: Vec<u32>, scores: &[Score]) -> TableReplayError {
        let join = |s: &mut dyn Iterator<Item = Score>| {
            s.map(|x| x.to_string()).collect::<Vec<_>>().join(" ")
        };
        TableReplayError::Results {
            rules_ranks,
            rules_scores: join(&mut scores.iter().copied()),
            recorded_ranks: self.seats.iter().map(|s| s.rank).collect(),
            recorded_scores: join(&mut self.seats.iter().map(|s| s.score)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arena_games::registry::find_table_game;
    use arena_games::GameParams;

    fn played(game: &str, options: &[(&str, &str)], seed: u64) -> TableReplay {
        let kind = find_table_game(game).unwrap();
        let params = GameParams {
            rows: None,
            cols: None,
            options: options
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        };
        let mut g = kind.new_game(&params, seed).unwrap();
        let setup = g.setup();
        let mut moves = Vec::new();
        while !g.is_terminal() {
            let seat = g.to_move().index() as u8;
            let m = *g.legal_moves().last().unwrap();
            g.play(m).unwrap();
            moves.push((seat, m));
        }
        let results = g.results().unwrap();
        TableReplay {
            game: game.into(),
            options: params.options.clone(),
            game_id: 4,
            series_id: 2,
            round: 1,
            board_seed: seed,
            size: [3, 3],
            setup,
            seats: results
                .iter()
                .enumerate()
                .map(|(i, r)| ReplaySeat {
                    bot: format!("bot {i}"),
                    seed: i as u64 * 1000,
                    rank: r.rank,
                    score: r.score,
                    output: if i == 0 {
                        "hi\\there\n".into()
                    } else {
                        String::new()
                    },
                })
                .collect(),
            marks: moves
                .iter()
                .map(|_| MoveMark { fuel: 5, lines: 1 })
                .collect(),
            moves,
            end: EndKind::Normal,
            culprit: None,
            reason: String::new(),
        }
    }

    #[test]
    fn text_round_trip_and_verify() {
        for (game, options) in [
            ("tictactoe", vec![("players", "3")]),
            ("minesweeper", vec![("players", "1")]),
            ("pursuit", vec![("players", "3"), ("team", "1")]),
            ("path", vec![]),
        ] {
            let r = played(game, &options, 3);
            let back = TableReplay::parse(&r.to_text()).unwrap();
            assert_eq!(back, r, "{game}");
            back.verify(find_table_game(game).unwrap()).unwrap();
        }
    }

    #[test]
    fn a_changed_move_seat_or_result_is_caught() {
        let kind = find_table_game("tictactoe").unwrap();
        let r = played("tictactoe", &[("players", "3")], 9);
        let mut wrong_seat = r.clone();
        wrong_seat.moves[1].0 = 0;
        assert!(matches!(
            wrong_seat.verify(kind),
            Err(TableReplayError::Mover { index: 2, .. })
        ));
        let mut wrong_rank = r.clone();
        wrong_rank.seats[0].rank = wrong_rank.seats[0].rank % 3 + 1;
        assert!(matches!(
            wrong_rank.verify(kind),
            Err(TableReplayError::Results { .. })
        ));
        let mut cut = r.clone();
        cut.moves.pop();
        cut.marks.pop();
        assert!(cut.verify(kind).is_err());
        let mut fault = r.clone();
        fault.moves.truncate(2);
        fault.marks.truncate(2);
        fault.end = EndKind::Fault(FaultKind::IllegalMove);
        fault.culprit = Some(2);
        let mut position = kind.start_from_setup(&fault.setup).unwrap();
        for &(_, m) in &fault.moves {
            position.play(m).unwrap();
        }
        for (i, seat) in fault.seats.iter_mut().enumerate() {
            seat.rank = if i == 2 { 3 } else { 1 };
            seat.score = position.scores()[i];
        }
        fault.verify(kind).unwrap();
        fault.culprit = Some(1);
        assert!(fault.verify(kind).is_err(), "seat 2 was not to move");
    }

    #[test]
    fn broken_text_is_refused_with_the_line() {
        let text = played("path", &[], 1).to_text();
        assert_eq!(
            TableReplay::parse("arena-replay 1\n"),
            Err(TableReplayError::NotAReplay)
        );
        let bad = text.replace("seat 1 0 ", "seat 1 x ");
        assert!(matches!(
            TableReplay::parse(&bad),
            Err(TableReplayError::BadLine { line: 9, .. })
        ));
        let cut: String = text.lines().take(12).map(|l| format!("{l}\n")).collect();
        assert_eq!(TableReplay::parse(&cut), Err(TableReplayError::Incomplete));
    }
}
