//! The referee: plays one game between two bots through the game trait.
//!
//! It writes each mover's state words, asks the mover's bot, feeds the answer only to the
//! checked `play`, and records every move. A bot's fault (or an illegal move) ends the
//! game on the spot: the other seat wins, and the reason is kept with the game.

use arena_games::{AnyGame, Outcome, Player};

use crate::bot::{Bot, Fault};
use crate::record::{rank, EndKind, MoveMark, SeatRecord};

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// The player to move had no legal move; the rules decided the result.
    Normal,
    /// A bot faulted and forfeited.
    Fault {
        /// The seat that faulted.
        seat: Player,
        /// What happened.
        fault: Fault,
    },
    /// Neither bot could take part: a draw that nobody played, with the first one's reason.
    BothDisqualified(String),
    /// A bot could not take part at all (its module failed to load); it forfeits.
    Disqualified {
        /// The seat that forfeited (the first such seat if both did).
        seat: Player,
        /// Why the bot was disqualified.
        reason: String,
    },
}

impl End {
    /// The kind results files record: normal, disqualified, or the fault's kind.
    pub fn kind(&self) -> EndKind {
        match self {
            End::Normal => EndKind::Normal,
            End::Fault { fault, .. } => EndKind::Fault(fault.kind()),
            End::Disqualified { .. } | End::BothDisqualified(_) => EndKind::Disqualified,
        }
    }

    /// What the harness could not do, when the game ended on a problem of the machine
    /// ([`Fault::Harness`]) rather than of a bot: such a game is not a result and must not
    /// be recorded.
    pub fn harness_problem(&self) -> Option<&str> {
        match self {
            End::Fault { fault, .. } => fault.harness_problem(),
            _ => None,
        }
    }

    /// The seat that caused an abnormal end.
    pub fn culprit(&self) -> Option<Player> {
        match self {
            End::Normal | End::BothDisqualified(_) => None,
            End::Fault { seat, .. } | End::Disqualified { seat, .. } => Some(*seat),
        }
    }

    /// The reason in words, on one line (empty for a normal end).
    pub fn reason(&self) -> String {
        one_line(&match self {
            End::Normal => String::new(),
            End::Fault { fault, .. } => fault.to_string(),
            End::Disqualified { reason, .. } | End::BothDisqualified(reason) => reason.clone(),
        })
    }
}

/// `text` folded onto one line (runs of white space, newlines included, become one space)
/// with its other control and invisible characters escaped
/// ([`crate::bot_name::escape_message`]), so that reasons stay one CSV field on one line
/// and one replay line, and what a module put in them (a function's name from its name
/// section, its last debug line) can never reach a terminal or a results file raw.
pub fn one_line(text: &str) -> String {
    crate::bot_name::escape_message(&text.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// Everything that happened in one game, by seat (index 0 moved first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The starting position's setup line.
    pub setup: String,
    /// Every move played, as the bots returned them, in order.
    pub moves: Vec<i32>,
    /// The result.
    pub outcome: Outcome,
    /// How the game ended.
    pub end: End,
    /// Both seats' scores when the game ended.
    pub scores: [i64; 2],
    /// Fuel each seat's bot used over the game.
    pub fuel: [u64; 2],
    /// The most fuel one move of each seat used.
    pub max_move_fuel: [u64; 2],
    /// The debug output each seat's bot produced (bounded by the sandbox).
    pub outputs: [String; 2],
    /// Moves each seat's bot made (accepted ones).
    pub move_counts: [u32; 2],
    /// For each accepted move: the fuel it used, and how many complete lines of debug
    /// output its seat's bot had printed once it was made.
    pub move_marks: Vec<MoveMark>,
    /// The most linear memory each seat's bot held, in bytes (0 for builtins).
    pub memory: [u64; 2],
}

impl GameRecord {
    /// Each seat's part in the game as the results record it, `names[i]` holding seat `i`:
    /// score, rank (from the outcome), fuel. The one place a referee's record becomes
    /// [`SeatRecord`]s.
    pub fn seats(&self, names: &[String; 2]) -> Vec<SeatRecord> {
        let ranks = rank::of_outcome(self.outcome);
        (0..2)
            .map(|i| SeatRecord {
                bot: names[i].clone(),
                team: None,
                score: self.scores[i].into(),
                rank: ranks[i],
                fuel: self.fuel[i],
                max_move_fuel: self.max_move_fuel[i],
            })
            .collect()
    }
}

/// Something that can field a fresh bot for one game.
pub trait Entrant: Sync {
    /// A fresh bot for one game, seeded with `seed`.
    ///
    /// # Errors
    /// [`Entry::Fault`] if a fresh instance cannot be made (it forfeits that game), or
    /// [`Entry::Disqualified`] if the bot cannot play at all.
    fn enter(&self, seed: u64) -> Result<Box<dyn Bot>, Entry>;

    /// Readies the calling thread to enter bots (a sandboxed module is loaded into the
    /// thread's engine), so that a harness problem (no engine for the thread, no file
    /// descriptor left) stops a tournament before its first game rather than costing a
    /// bot a game. Does nothing by default.
    ///
    /// # Errors
    /// What the harness could not do, for the operator.
    fn prepare_thread(&self) -> Result<(), String> {
        Ok(())
    }
}

/// Why an entrant fields no bot for a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// This game's instance failed (for example its `start` trapped).
    Fault(Fault),
    /// The bot is disqualified from the whole tournament, for this reason.
    Disqualified(String),
}

/// Someone following a game as the referee plays it (a person at the terminal): told of
/// every position, move and end, and able to stop the game between moves. Every method
/// does nothing by default.
pub trait Watch {
    /// The position before a move is asked for.
    fn position(&mut self, _game: &dyn AnyGame) {}
    /// `seat` answered `raw`, about to be checked against `game` (the position before it).
    fn answered(&mut self, _game: &dyn AnyGame, _seat: Player, _raw: i32) {}
    /// The move just answered was legal and is played.
    fn played(&mut self, _seat: Player) {}
    /// The game ended (`game` is its last position): normally, or as `end` says.
    fn ended(&mut self, _game: &dyn AnyGame, _end: &End) {}
    /// Whether the game is to stop now, without a result (asked after every answer,
    /// before it is looked at).
    fn stopped(&self) -> bool {
        false
    }
}

/// A game nobody watches.
pub struct Unwatched;

impl Watch for Unwatched {}

/// A game its [`Watch`] stopped before the end: it has no result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the game was stopped before its end")]
pub struct Stopped;

/// Plays `game` (a fresh starting position) between `entrants[0]` (moving first) and
/// `entrants[1]`, giving each bot its seed from `bot_seeds`.
pub fn play_game(
    game: Box<dyn AnyGame>,
    entrants: [&dyn Entrant; 2],
    bot_seeds: [u64; 2],
) -> GameRecord {
    match play_watched(game, entrants, bot_seeds, &mut Unwatched) {
        Ok(record) => record,
        Err(Stopped) => unreachable!("an unwatched game is never stopped"),
    }
}

/// [`play_game`], with `watch` following the game.
///
/// # Errors
/// [`Stopped`] when `watch` stopped the game.
pub fn play_watched<W: Watch>(
    mut game: Box<dyn AnyGame>,
    entrants: [&dyn Entrant; 2],
    bot_seeds: [u64; 2],
    watch: &mut W,
) -> Result<GameRecord, Stopped> {
    let setup = game.setup();
    let mut record = GameRecord {
        setup,
        moves: Vec::new(),
        outcome: Outcome::Draw,
        end: End::Normal,
        scores: game.scores(),
        fuel: [0, 0],
        max_move_fuel: [0, 0],
        outputs: [String::new(), String::new()],
        move_counts: [0, 0],
        memory: [0, 0],
        move_marks: Vec::new(),
    };
    let entries = [0, 1].map(|i| entrants[i].enter(bot_seeds[i]));
    let mut bots = match entries {
        [Ok(first), Ok(second)] => [first, second],
        entries => {
            let record = not_played(record, entries);
            watch.ended(&*game, &record.end);
            return Ok(record);
        }
    };
    let mut words = Vec::new();
    let mut ply: u32 = 0;
    while !game.is_terminal() {
        let seat = game.to_move();
        let bot = &mut bots[seat.index()];
        watch.position(&*game);
        game.observation(ply, bot_seeds[seat.index()], &mut words);
        let mut fuel = 0;
        let answer = bot.choose_move_in(&words, &*game);
        if watch.stopped() {
            return Err(Stopped);
        }
        let result = answer.and_then(|reply| {
            watch.answered(&*game, seat, reply.raw);
            fuel = reply.fuel;
            let i = seat.index();
            record.fuel[i] += reply.fuel;
            record.max_move_fuel[i] = record.max_move_fuel[i].max(reply.fuel);
            game.play(reply.raw)
                .map(|()| reply.raw)
                .map_err(|e| Fault::IllegalMove {
                    raw: e.raw,
                    reason: e.reason,
                })
        });
        match result {
            Ok(raw) => {
                watch.played(seat);
                record.moves.push(raw);
                record.move_marks.push(MoveMark {
                    fuel,
                    lines: u32::try_from(bot.output_lines()).unwrap_or(u32::MAX),
                });
                record.move_counts[seat.index()] += 1;
                ply += 1;
            }
            Err(fault) => {
                let fault = fault.explained(&bot.output());
                if let Fault::OutOfFuel { budget } = fault {
                    // The whole budget went into the move that faulted.
                    let i = seat.index();
                    record.fuel[i] += budget;
                    record.max_move_fuel[i] = record.max_move_fuel[i].max(budget);
                }
                record.end = End::Fault { seat, fault };
                record.outcome = Outcome::Win(seat.other());
                break;
            }
        }
    }
    if record.end == End::Normal {
        record.outcome = game.outcome().expect("a terminal game has an outcome");
    }
    record.scores = game.scores();
    for (i, bot) in bots.iter().enumerate() {
        record.outputs[i] = bot.output();
        record.memory[i] = bot.memory_bytes();
    }
    watch.ended(&*game, &record.end);
    Ok(record)
}

/// The record of a game that never started because a seat fielded no bot.
fn not_played(record: GameRecord, entries: [Result<Box<dyn Bot>, Entry>; 2]) -> GameRecord {
    match entries {
        [Err(Entry::Disqualified(reason)), Err(Entry::Disqualified(_))] => {
            // Neither can play: nobody wins a game nobody played.
            GameRecord {
                end: End::BothDisqualified(reason),
                ..record
            }
        }
        // A disqualified bot forfeits before any instance fault is considered, so it can
        // never win by its opponent's bad luck; two faults forfeit the first seat.
        [Err(entry @ Entry::Disqualified(_)), _] => forfeit(record, Player::First, entry),
        [_, Err(entry @ Entry::Disqualified(_))] => forfeit(record, Player::Second, entry),
        [Err(entry), _] => forfeit(record, Player::First, entry),
        [Ok(_), Err(entry)] => forfeit(record, Player::Second, entry),
        [Ok(_), Ok(_)] => unreachable!("both seats fielded a bot"),
    }
}

/// Ends a game before its first move because `seat` fielded no bot.
fn forfeit(mut record: GameRecord, seat: Player, entry: Entry) -> GameRecord {
    record.end = match entry {
        Entry::Fault(fault) => End::Fault { seat, fault },
        Entry::Disqualified(reason) => End::Disqualified { seat, reason },
    };
    record.outcome = Outcome::Win(seat.other());
    record
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trap_gets_the_last_log_line() {
        let trap =
            || Fault::Trap("wasm `unreachable` instruction executed in `choose_move`".into());
        assert_eq!(
            trap().explained("ply 1\npanicked at src/lib.rs:12:5: index out of bounds\n"),
            Fault::Trap(
                "panicked at src/lib.rs:12:5: index out of bounds \
                 (wasm `unreachable` instruction executed in `choose_move`)"
                    .into()
            )
        );
        assert_eq!(
            trap().explained("ply 1\nthinking hard\n\n"),
            Fault::Trap(
                "wasm `unreachable` instruction executed in `choose_move`; \
                 the bot's last log line: thinking hard"
                    .into()
            )
        );
        assert_eq!(trap().explained(""), trap());
        assert_eq!(
            trap().explained("a\n[truncated]\n"),
            trap(),
            "a cut log proves nothing"
        );
        let long = trap().explained(&"x".repeat(1000));
        assert!(long.to_string().contains(&format!(
            "{}...",
            "x".repeat(crate::bot::MAX_EXPLANATION_CHARS)
        )));
        assert_eq!(
            trap().explained("panicked at s.rs:1:1: gone\x1b[2J\u{202e}\n"),
            Fault::Trap(
                "panicked at s.rs:1:1: gone\\x1b[2J\\u{202e} \
                 (wasm `unreachable` instruction executed in `choose_move`)"
                    .into()
            )
        );
    }

    /// Counts what it is told.
    #[derive(Default)]
    struct Counter {
        positions: usize,
        answered: usize,
        played: usize,
        ended: Vec<End>,
    }

    impl Watch for Counter {
        fn position(&mut self, _: &dyn AnyGame) {
            self.positions += 1;
        }
        fn answered(&mut self, _: &dyn AnyGame, _: Player, _: i32) {
            self.answered += 1;
        }
        fn played(&mut self, _: Player) {
            self.played += 1;
        }
        fn ended(&mut self, game: &dyn AnyGame, end: &End) {
            assert!(game.is_terminal() || *end != End::Normal);
            self.ended.push(end.clone());
        }
    }

    #[test]
    fn a_watch_sees_every_move_and_the_end_and_changes_nothing() {
        let kind = arena_games::find_game("mathtricks").unwrap();
        let params = arena_games::GameParams {
            rows: Some(5),
            cols: Some(5),
            options: Default::default(),
        };
        let greedy = crate::contestant::Builtin::new(kind, "greedy", None).unwrap();
        let random = crate::contestant::Builtin::new(kind, "random", None).unwrap();
        let start = || kind.new_game(&params, 9).unwrap();
        let mut counter = Counter::default();
        let watched = play_watched(start(), [&greedy, &random], [1, 2], &mut counter).unwrap();
        assert_eq!(watched, play_game(start(), [&greedy, &random], [1, 2]));
        let moves = watched.moves.len();
        assert!(moves > 0);
        assert_eq!(
            (counter.positions, counter.answered, counter.played),
            (moves, moves, moves)
        );
        assert_eq!(counter.ended, [End::Normal]);
    }

    #[test]
    fn other_faults_are_unchanged() {
        let fuel = Fault::OutOfFuel { budget: 5 };
        assert_eq!(fuel.clone().explained("panicked at x"), fuel);
        let illegal = Fault::IllegalMove {
            raw: -1,
            reason: "no".into(),
        };
        assert_eq!(illegal.clone().explained(""), illegal);
        assert_eq!(
            illegal.explained("ply 3\nnot a MathTricks state\n"),
            Fault::IllegalMove {
                raw: -1,
                reason: "no; the bot's last log line: not a MathTricks state".into()
            }
        );
    }
}
