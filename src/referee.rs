//! The referee: plays one game of any seat count (one to four) through [`AnyTable`].
//!
//! Each bot receives only its own seat's words (for a two-seat game of the registry its
//! state words; for the others the table header, then its observation: what the game
//! shows that seat, never the hidden setup), answers one move, and the answer goes only
//! to the checked `play`; every move is recorded. A bot's fault (or an illegal move) ends
//! the game on the spot: the faulting seat (with its team) ranks last, every other seat
//! shares first place (of two seats: the other seat wins), and the reason is kept with
//! the game.

use arena_games::game::{Score, Seat};
use arena_games::registry::{find_table_game, AnyTable, TableKind};
use arena_games::{GameKind, Outcome, Player};

use crate::bot::{Bot, Fault};
use crate::record::{rank, EndKind, MoveMark, SeatRecord};

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// The rules ended the game.
    Normal,
    /// A bot faulted and forfeited.
    Fault {
        /// The seat that faulted.
        seat: usize,
        /// What happened.
        fault: Fault,
    },
    /// Bots that could not take part at all (their modules failed to load, or were
    /// refused for this game); they forfeit. Every seat's bot when nobody could play.
    Disqualified {
        /// The seats that forfeited, ascending.
        seats: Vec<usize>,
        /// The first such seat's reason.
        reason: String,
    },
}

impl End {
    /// The kind results files record.
    pub fn kind(&self) -> EndKind {
        match self {
            End::Normal => EndKind::Normal,
            End::Fault { fault, .. } => EndKind::Fault(fault.kind()),
            End::Disqualified { .. } => EndKind::Disqualified,
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

    /// The first seat that caused an abnormal end (`None` when nobody could play: nobody
    /// is to blame for a game nobody played).
    pub fn culprit(&self, seats: usize) -> Option<usize> {
        match self {
            End::Normal => None,
            End::Fault { seat, .. } => Some(*seat),
            End::Disqualified { seats: out, .. } if out.len() == seats => None,
            End::Disqualified { seats: out, .. } => out.first().copied(),
        }
    }

    /// The reason in words, on one line (empty for a normal end).
    pub fn reason(&self) -> String {
        match self {
            End::Normal => String::new(),
            End::Fault { fault, .. } => one_line(&fault.to_string()),
            End::Disqualified { reason, .. } => one_line(reason),
        }
    }

    /// The seats that forfeited.
    fn forfeits(&self) -> Vec<usize> {
        match self {
            End::Normal => Vec::new(),
            End::Fault { seat, .. } => vec![*seat],
            End::Disqualified { seats, .. } => seats.clone(),
        }
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

/// Everything that happened in one game, by seat (index 0 moves first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The starting position's setup line (hidden setup included).
    pub setup: String,
    /// Every move played, as the bots returned them, in order.
    pub moves: Vec<i32>,
    /// The seat of each move in `moves`.
    pub movers: Vec<u8>,
    /// How the game ended.
    pub end: End,
    /// Every seat's score when the game ended.
    pub scores: Vec<Score>,
    /// Every seat's competition rank (teams share one).
    pub ranks: Vec<u32>,
    /// Every seat's team, where seats share a result.
    pub teams: Vec<Option<u8>>,
    /// Fuel each seat's bot used over the game.
    pub fuel: Vec<u64>,
    /// The most fuel one move of each seat used.
    pub max_move_fuel: Vec<u64>,
    /// The debug output each seat's bot produced (bounded by the sandbox).
    pub outputs: Vec<String>,
    /// For each accepted move: its fuel and its bot's complete log lines after it.
    pub move_marks: Vec<MoveMark>,
    /// The most linear memory each seat's bot held, in bytes (0 for builtins).
    pub memory: Vec<u64>,
}

impl GameRecord {
    /// Each seat's part in the game as the results record it, `names[i]` holding seat `i`.
    pub fn seats(&self, names: &[String]) -> Vec<SeatRecord> {
        (0..self.scores.len())
            .map(|i| SeatRecord {
                bot: names[i].clone(),
                team: self.teams[i].map(u32::from),
                score: self.scores[i],
                rank: self.ranks[i],
                fuel: self.fuel[i],
                max_move_fuel: self.max_move_fuel[i],
            })
            .collect()
    }

    /// The seat that caused an abnormal end, if one did ([`End::culprit`]).
    pub fn culprit(&self) -> Option<usize> {
        self.end.culprit(self.ranks.len())
    }

    /// The moves `seat` made (accepted ones).
    pub fn move_count(&self, seat: usize) -> u32 {
        self.movers
            .iter()
            .filter(|&&m| usize::from(m) == seat)
            .count() as u32
    }

    /// The result of a game of two seats, as the two-seat outputs record it: the seat
    /// alone in first place wins, a shared first place is a draw.
    ///
    /// # Panics
    /// If the game had not two seats (a caller's bug).
    pub fn outcome(&self) -> Outcome {
        match self.ranks[..] {
            [1, 1] => Outcome::Draw,
            [1, _] => Outcome::Win(Player::First),
            [_, 1] => Outcome::Win(Player::Second),
            ref ranks => panic!("the ranks of a game of two seats, not {ranks:?}"),
        }
    }

    /// The two seats' scores, whole numbers as a two-seat game of the registry keeps them.
    ///
    /// # Panics
    /// If the game had not two seats (a caller's bug).
    pub fn pair_scores(&self) -> [i64; 2] {
        let [a, b] = self.scores[..] else {
            panic!("the scores of a game of two seats");
        };
        [a.numerator(), b.numerator()]
    }
}

/// `game`, a two-seat game of the registry, at the table: its boards keep the game's own
/// words, moves and results, so that the referee plays them like any other.
pub fn at_table(game: &dyn GameKind) -> &'static dyn TableKind {
    find_table_game(game.info().name).expect("every game of the registry is at the table")
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
    fn position(&mut self, _game: &dyn AnyTable) {}
    /// `seat` answered `raw`, about to be checked against `game` (the position before it).
    fn answered(&mut self, _game: &dyn AnyTable, _seat: Seat, _raw: i32) {}
    /// The move just answered was legal and is played.
    fn played(&mut self, _seat: Seat) {}
    /// The game ended (`game` is its last position): normally, or as `end` says.
    fn ended(&mut self, _game: &dyn AnyTable, _end: &End) {}
    /// Whether the game is to stop now, without a result.
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

/// Plays `game` (a fresh starting position) with `entrants[i]` in seat `i`, giving each
/// bot its seed from `bot_seeds` (derived apart from the board's seed, so that no bot can
/// recompute hidden setup).
///
/// # Panics
/// If the number of entrants or seeds is not the game's seat count (a caller's bug).
pub fn play(game: Box<dyn AnyTable>, entrants: &[&dyn Entrant], bot_seeds: &[u64]) -> GameRecord {
    match play_watched(game, entrants, bot_seeds, &mut Unwatched) {
        Ok(record) => record,
        Err(Stopped) => unreachable!("an unwatched game is never stopped"),
    }
}

/// [`play`], with `watch` following the game.
///
/// # Errors
/// [`Stopped`] when `watch` stopped the game.
///
/// # Panics
/// As [`play`].
pub fn play_watched<W: Watch>(
    mut game: Box<dyn AnyTable>,
    entrants: &[&dyn Entrant],
    bot_seeds: &[u64],
    watch: &mut W,
) -> Result<GameRecord, Stopped> {
    let seats = usize::from(game.seat_count());
    assert_eq!(entrants.len(), seats, "one entrant per seat");
    assert_eq!(bot_seeds.len(), seats, "one bot seed per seat");
    let mut record = GameRecord {
        setup: game.setup(),
        moves: Vec::new(),
        movers: Vec::new(),
        end: End::Normal,
        scores: Vec::new(),
        ranks: Vec::new(),
        teams: Seat::all(game.seat_count()).map(|s| game.team(s)).collect(),
        fuel: vec![0; seats],
        max_move_fuel: vec![0; seats],
        outputs: vec![String::new(); seats],
        move_marks: Vec::new(),
        memory: vec![0; seats],
    };
    let entries: Vec<Result<Box<dyn Bot>, Entry>> = entrants
        .iter()
        .zip(bot_seeds)
        .map(|(entrant, &seed)| entrant.enter(seed))
        .collect();
    let Some(mut bots) = seated(&mut record, entries) else {
        finish(&mut record, &*game);
        watch.ended(&*game, &record.end);
        return Ok(record);
    };
    let mut words = Vec::new();
    let mut ply: u32 = 0;
    while !game.is_terminal() {
        let seat = game.to_move();
        let i = seat.index();
        let bot = &mut bots[i];
        watch.position(&*game);
        game.observation(ply, bot_seeds[i], &mut words);
        let mut fuel = 0;
        let answer = bot.choose_move_at(&words, &*game);
        if watch.stopped() {
            return Err(Stopped);
        }
        let result = answer.and_then(|reply| {
            watch.answered(&*game, seat, reply.raw);
            fuel = reply.fuel;
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
                record.movers.push(seat.index() as u8);
                record.move_marks.push(MoveMark {
                    fuel,
                    lines: u32::try_from(bot.output_lines()).unwrap_or(u32::MAX),
                });
                ply += 1;
            }
            Err(fault) => {
                let fault = fault.explained(&bot.output());
                if let Fault::OutOfFuel { budget } = fault {
                    // The whole budget went into the move that faulted.
                    record.fuel[i] += budget;
                    record.max_move_fuel[i] = record.max_move_fuel[i].max(budget);
                }
                record.end = End::Fault { seat: i, fault };
                break;
            }
        }
    }
    finish(&mut record, &*game);
    for (i, bot) in bots.iter().enumerate() {
        record.outputs[i] = bot.output();
        record.memory[i] = bot.memory_bytes();
    }
    watch.ended(&*game, &record.end);
    Ok(record)
}

/// The bots of every seat, or `None` (with the record's end set) when a seat fielded
/// none: every disqualified seat forfeits; with none disqualified, the first seat whose
/// instance failed forfeits.
fn seated(
    record: &mut GameRecord,
    entries: Vec<Result<Box<dyn Bot>, Entry>>,
) -> Option<Vec<Box<dyn Bot>>> {
    let disqualified: Vec<(usize, &String)> = entries
        .iter()
        .enumerate()
        .filter_map(|(i, e)| match e {
            Err(Entry::Disqualified(reason)) => Some((i, reason)),
            _ => None,
        })
        .collect();
    if let Some(&(_, reason)) = disqualified.first() {
        record.end = End::Disqualified {
            seats: disqualified.iter().map(|&(i, _)| i).collect(),
            reason: reason.clone(),
        };
        return None;
    }
    let mut bots = Vec::with_capacity(entries.len());
    for (i, entry) in entries.into_iter().enumerate() {
        match entry {
            Ok(bot) => bots.push(bot),
            Err(Entry::Fault(fault)) => {
                record.end = End::Fault { seat: i, fault };
                return None;
            }
            Err(Entry::Disqualified(_)) => unreachable!("handled above"),
        }
    }
    Some(bots)
}

/// Fills in the scores and ranks: the rules' own on a normal end; otherwise the seats that
/// forfeited, with their teammates, share the last place and every other seat shares the
/// first (only the forfeiting seats when their teams are every seat; when every seat
/// forfeited, nobody played: all share the first).
fn finish(record: &mut GameRecord, game: &dyn AnyTable) {
    record.scores = game.scores();
    if record.end == End::Normal {
        let results = game
            .results()
            .expect("the referee plays a game to its end or records why it stopped");
        record.ranks = results.iter().map(|r| r.rank).collect();
        return;
    }
    let forfeits = record.end.forfeits();
    let teams: Vec<Option<u32>> = record.teams.iter().map(|t| t.map(u32::from)).collect();
    let seats = record.scores.len();
    let with_team = |i: usize| {
        forfeits.contains(&i)
            || teams[i].is_some_and(|t| forfeits.iter().any(|&f| teams[f] == Some(t)))
    };
    // A forfeit loses the seat's whole team; when that would leave nobody to win (the
    // forfeiting seats' teams hold every seat), only the forfeiting seats lose.
    let everyone = (0..seats).all(with_team);
    let lost = |i: usize| {
        if everyone {
            forfeits.contains(&i)
        } else {
            with_team(i)
        }
    };
    let standing: Vec<u8> = (0..seats).map(|i| u8::from(!lost(i))).collect();
    // Worse results for the forfeiting side (a pure competition ranking of 1/0).
    record.ranks = rank::team_ranks(&standing, &vec![None; standing.len()]);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::Reply;
    use arena_games::GameParams;

    /// A native table builtin as an entrant.
    struct Native(&'static str);

    struct NativeSeat(Box<dyn arena_games::registry::NativeBot>);

    impl Bot for NativeSeat {
        fn choose_move(&mut self, words: &[i32]) -> Result<Reply, Fault> {
            let raw = self
                .0
                .choose_move(words)
                .map_err(|e| Fault::Trap(e.to_string()))?;
            Ok(Reply { raw, fuel: 0 })
        }
    }

    fn params(options: &[(&str, &str)]) -> GameParams {
        GameParams {
            rows: None,
            cols: None,
            options: options
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        }
    }

    impl Entrant for Native {
        fn enter(&self, _seed: u64) -> Result<Box<dyn Bot>, Entry> {
            let kind = find_table_game("tictactoe").unwrap();
            let bot = kind
                .builtin(self.0, None, &params(&[("players", "3")]))
                .unwrap();
            Ok(Box::new(NativeSeat(bot)))
        }
    }

    /// Answers a move that names no move.
    struct Broken;

    impl Entrant for Broken {
        fn enter(&self, _seed: u64) -> Result<Box<dyn Bot>, Entry> {
            struct B;
            impl Bot for B {
                fn choose_move(&mut self, _: &[i32]) -> Result<Reply, Fault> {
                    Ok(Reply { raw: -7, fuel: 3 })
                }
            }
            Ok(Box::new(B))
        }
    }

    struct Out(&'static str);

    impl Entrant for Out {
        fn enter(&self, _seed: u64) -> Result<Box<dyn Bot>, Entry> {
            Err(Entry::Disqualified(self.0.to_string()))
        }
    }

    fn start() -> Box<dyn AnyTable> {
        let kind = find_table_game("tictactoe").unwrap();
        kind.new_game(&params(&[("players", "3")]), 5).unwrap()
    }

    #[test]
    fn a_game_is_played_to_its_end_with_the_rules_ranks() {
        let (a, b, c) = (Native("greedy"), Native("random"), Native("random"));
        let record = play(start(), &[&a, &b, &c], &[1, 2, 3]);
        assert_eq!(record.end, End::Normal);
        assert_eq!(record.moves.len(), record.movers.len());
        assert_eq!(record.ranks.len(), 3);
        assert!(arena_games::game::are_competition_ranks(&record.ranks));
        assert_eq!(record, play(start(), &[&a, &b, &c], &[1, 2, 3]));
        let names: Vec<String> = ["x", "y", "z"].map(String::from).to_vec();
        let seats = record.seats(&names);
        assert_eq!(seats[2].bot, "z");
        assert_eq!(seats[1].rank, record.ranks[1]);
    }

    #[test]
    fn an_illegal_move_forfeits_and_the_others_share_first_place() {
        let (a, c) = (Native("greedy"), Native("random"));
        let record = play(start(), &[&a, &Broken, &c], &[1, 2, 3]);
        let End::Fault { seat: 1, fault } = &record.end else {
            panic!("seat 1 faults: {:?}", record.end);
        };
        assert!(matches!(fault, Fault::IllegalMove { raw: -7, .. }));
        assert_eq!(record.ranks, [1, 3, 1]);
        assert_eq!(record.moves.len(), 1, "seat 0 moved once before");
        assert_eq!(record.fuel, [0, 3, 0]);
        assert_eq!(record.end.culprit(3), Some(1));
    }

    #[test]
    fn disqualified_seats_forfeit_together_and_nobody_wins_a_game_nobody_played() {
        let a = Native("greedy");
        let record = play(start(), &[&Out("no"), &a, &Out("also")], &[1, 2, 3]);
        assert_eq!(
            record.end,
            End::Disqualified {
                seats: vec![0, 2],
                reason: "no".into()
            }
        );
        assert_eq!(record.ranks, [2, 1, 2]);
        assert_eq!(record.end.culprit(3), Some(0));
        // Pursuit for three with a team: a disqualified pursuer and evader leave the other
        // pursuer the winner, not a game nobody won.
        let pursuit = find_table_game("pursuit").unwrap();
        let team = pursuit
            .new_game(&params(&[("players", "3"), ("team", "1")]), 2)
            .unwrap();
        let b = Native("greedy");
        let teams = play(team, &[&Out("x"), &b, &Out("y")], &[1, 2, 3]);
        assert_eq!(teams.ranks, [2, 1, 2]);
        let none = play(start(), &[&Out("a"), &Out("b"), &Out("c")], &[1, 2, 3]);
        assert_eq!(none.ranks, [1, 1, 1]);
        assert_eq!(none.end.culprit(3), None);
        assert!(none.moves.is_empty());
    }

    #[test]
    fn of_two_seats_a_forfeit_is_the_other_seats_win_and_two_absences_a_draw() {
        let kind = find_table_game("mathtricks").unwrap();
        let params = GameParams::sized(5, 5);
        let start = || kind.new_game(&params, 3).unwrap();
        let greedy = crate::contestant::Builtin::at_table(
            kind,
            "greedy",
            None,
            std::slice::from_ref(&params),
        )
        .unwrap();
        let record = play(start(), &[&Broken, &greedy], &[1, 2]);
        assert_eq!(record.outcome(), Outcome::Win(Player::Second));
        assert_eq!((record.culprit(), record.move_count(0)), (Some(0), 0));
        let record = play(start(), &[&greedy, &Out("gone")], &[1, 2]);
        assert_eq!(record.outcome(), Outcome::Win(Player::First));
        assert_eq!(record.end.reason(), "gone");
        let record = play(start(), &[&Out("a"), &Out("b")], &[1, 2]);
        assert_eq!((record.outcome(), record.culprit()), (Outcome::Draw, None));
        assert_eq!(record.pair_scores(), [0, 0]);
    }

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
        fn position(&mut self, _: &dyn AnyTable) {
            self.positions += 1;
        }
        fn answered(&mut self, _: &dyn AnyTable, _: Seat, _: i32) {
            self.answered += 1;
        }
        fn played(&mut self, _: Seat) {
            self.played += 1;
        }
        fn ended(&mut self, game: &dyn AnyTable, end: &End) {
            assert!(game.is_terminal() || *end != End::Normal);
            self.ended.push(end.clone());
        }
    }

    #[test]
    fn a_watch_sees_every_move_and_the_end_and_changes_nothing() {
        let kind = find_table_game("mathtricks").unwrap();
        let params = GameParams::sized(5, 5);
        let greedy = crate::contestant::Builtin::at_table(
            kind,
            "greedy",
            None,
            std::slice::from_ref(&params),
        )
        .unwrap();
        let random = crate::contestant::Builtin::at_table(
            kind,
            "random",
            None,
            std::slice::from_ref(&params),
        )
        .unwrap();
        let start = || kind.new_game(&params, 9).unwrap();
        let mut counter = Counter::default();
        let watched = play_watched(start(), &[&greedy, &random], &[1, 2], &mut counter).unwrap();
        assert_eq!(watched, play(start(), &[&greedy, &random], &[1, 2]));
        let moves = watched.moves.len();
        assert!(moves > 0);
        assert_eq!(
            (counter.positions, counter.answered, counter.played),
            (moves, moves, moves)
        );
        assert_eq!(counter.ended, [End::Normal]);
        assert_eq!(watched.move_count(0) + watched.move_count(1), moves as u32);
        assert_eq!(watched.ranks, rank::of_outcome(watched.outcome()));
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
