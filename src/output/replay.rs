//! Replays: one line-oriented text per game (kept in the replay store,
//! [`super::replay_store`]), enough to re-check the game
//! independently of arena (the format is documented in `docs/RESULTS.md`).
//!
//! ```text
//! arena-replay 1
//! game mathtricks
//! game_id 3
//! series_id 1
//! round 1
//! board_seed 1234
//! size 8 8
//! setup 8x8 +0 -3 x2 ...
//! first alice
//! second bob
//! bot_seeds 555 666
//! move 9
//! mark 1200 0
//! move 54
//! mark 3400 2
//! end normal
//! culprit
//! reason
//! result 1-0
//! scores 13 -4
//! output 1 a line bob's bot logged
//! ```
//! Moves are the bots' `i32` answers in order (player 1's first); the `mark` after a move
//! gives the fuel it used and how many complete lines of debug output its bot had printed
//! once it was made (replays written before marks existed have none). `culprit` is 1 or 2
//! for an abnormal end. Output lines escape `\` as `\\` and control characters as `\xNN`, the
//! invisible characters that reorder or hide text as `\u{NNNN}`.

use crate::bot::FaultKind;
use crate::record::{EndKind, MoveMark, ResultCode};
use std::fmt::Write as _;
use std::path::Path;

use arena_games::{AnyGame, GameKind, Outcome, Player};

pub use super::replay_error::ReplayError;
use super::OutputError;

/// The first line of every replay.
pub const MAGIC: &str = "arena-replay 1";

/// The folder inside the results folder.
pub const DIR: &str = "replays";

/// One recorded game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// The game's registered name.
    pub game: String,
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
    /// The starting position's setup line.
    pub setup: String,
    /// The bots' names by seat (index 0 moved first).
    pub bots: [String; 2],
    /// The bots' per-game seeds by seat.
    pub bot_seeds: [u64; 2],
    /// The accepted moves in order.
    pub moves: Vec<i32>,
    /// Per move, its fuel and its seat's output lines so far (empty in older replays).
    pub marks: Vec<MoveMark>,
    /// `normal`, `disqualified` or the fault kind.
    pub end: EndKind,
    /// The seat that caused an abnormal end.
    pub culprit: Option<Player>,
    /// The reason in words.
    pub reason: String,
    /// The result from the first mover's side: `1-0`, `0-1`, `1/2-1/2`.
    pub result: ResultCode,
    /// Final scores by seat.
    pub scores: [i64; 2],
    /// Captured output by seat.
    pub outputs: [String; 2],
}

/// A replay's text as it is written: a key, then words and numbers each after a space.
struct Text(String);

impl Text {
    /// Starts a line with `key`.
    fn key(&mut self, key: &str) -> &mut Text {
        self.0.push_str(key);
        self
    }

    /// A space, then `word`.
    fn word(&mut self, word: &str) -> &mut Text {
        self.0.push(' ');
        self.0.push_str(word);
        self
    }

    /// A space, then `n` in decimal.
    fn num(&mut self, n: impl itoa::Integer) -> &mut Text {
        self.word(itoa::Buffer::new().format(n))
    }

    /// Ends the line.
    fn end(&mut self) {
        self.0.push('\n');
    }

    /// A whole line.
    fn line(&mut self, line: &str) {
        self.0.push_str(line);
        self.end();
    }
}

pub(super) fn escape(line: &str) -> String {
    let mut s = String::with_capacity(line.len());
    for ch in line.chars() {
        escape_char(&mut s, ch);
    }
    s
}

/// Appends `ch` as an output line writes it: `\` doubled, a control character as
/// `\xNN`, an invisible character that reorders or hides text (a bot's output can hold
/// them) as `\u{NNNN}`, never raw in a results file.
fn escape_char(s: &mut String, ch: char) {
    match ch {
        '\\' => s.push_str("\\\\"),
        c if c.is_control() => {
            let _ = write!(s, "\\x{:02x}", c as u32 & 0xff);
        }
        c if crate::bot_name::is_invisible(c) => {
            let _ = write!(s, "\\u{{{:x}}}", c as u32);
        }
        c => s.push(c),
    }
}

/// The bytes [`escape_char`] writes for `ch`.
fn escaped_len(ch: char) -> usize {
    match ch {
        '\\' => 2,
        c if c.is_control() => 4,
        // `\u{` and `}` around the hex digits.
        c if crate::bot_name::is_invisible(c) => {
            4 + (32 - (c as u32).leading_zeros()).div_ceil(4) as usize
        }
        c => c.len_utf8(),
    }
}

/// The most bytes one bot's log takes in a stored replay (two-seat or table): its
/// `output` lines as written (the key, the seat, the escaped text and the newline), the
/// [`TRUNCATED_MARKER`] line that ends a cut log included. Escaping makes a line up to
/// ten times as long as the bytes the bot printed (an empty line is `output 1 ` and a
/// newline), so the bytes kept while the bot runs (`Limits::output_bytes`, the same
/// 64 KiB) bound the stored log only loosely; this bounds what the replay store holds.
///
/// [`TRUNCATED_MARKER`]: crate::bot::TRUNCATED_MARKER
pub const STORED_LOG_BYTES: usize = 64 << 10;

/// Appends seat `seat`'s (from 1) log as `output` lines, at most [`STORED_LOG_BYTES`]: a
/// longer log is cut (inside a line if need be, at a character) and ends with a
/// [`crate::bot::TRUNCATED_MARKER`] line. A log cut this way is written whole when
/// written again (what a replay read back writes is what was stored).
pub(super) fn write_log(s: &mut String, seat: usize, log: &str) {
    let mut key = String::from("output ");
    key.push_str(itoa::Buffer::new().format(seat));
    key.push(' ');
    let cost = |line: &str| key.len() + line.chars().map(escaped_len).sum::<usize>() + 1;
    if log.lines().map(cost).sum::<usize>() <= STORED_LOG_BYTES {
        for line in log.lines() {
            s.push_str(&key);
            for ch in line.chars() {
                escape_char(s, ch);
            }
            s.push('\n');
        }
        return;
    }
    let marker = key.len() + crate::bot::TRUNCATED_MARKER.len() + 1;
    let mut room = STORED_LOG_BYTES - marker;
    'lines: for line in log.lines() {
        if room < key.len() + 1 {
            break;
        }
        room -= key.len() + 1;
        s.push_str(&key);
        for ch in line.chars() {
            let n = escaped_len(ch);
            if n > room {
                s.push('\n');
                break 'lines;
            }
            room -= n;
            escape_char(s, ch);
        }
        s.push('\n');
    }
    s.push_str(&key);
    s.push_str(crate::bot::TRUNCATED_MARKER);
    s.push('\n');
}

pub(super) fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('x') => {
                let hex: String = chars.by_ref().take(2).collect();
                if let Ok(b) = u8::from_str_radix(&hex, 16) {
                    out.push(b as char);
                }
            }
            Some('u') => {
                let code: String = chars.by_ref().take_while(|&c| c != '}').collect();
                let code = code.strip_prefix('{').unwrap_or(&code);
                if let Some(c) = u32::from_str_radix(code, 16).ok().and_then(char::from_u32) {
                    out.push(c);
                }
            }
            Some(other) => out.push(other),
            None => {}
        }
    }
    out
}

impl Replay {
    /// The replay as text.
    pub fn to_text(&self) -> String {
        // Written piece by piece rather than through `fmt` (one replay per game: a
        // cheap game costs little more than its record).
        let mut t = Text(String::with_capacity(
            256 + 16 * self.moves.len() + self.outputs.iter().map(String::len).sum::<usize>(),
        ));
        t.line(MAGIC);
        t.key("game").word(&self.game).end();
        t.key("game_id").num(self.game_id).end();
        t.key("series_id").num(self.series_id).end();
        t.key("round").num(self.round).end();
        t.key("board_seed").num(self.board_seed).end();
        t.key("size").num(self.size[0]).num(self.size[1]).end();
        t.key("setup").word(&self.setup).end();
        t.key("first").word(&self.bots[0]).end();
        t.key("second").word(&self.bots[1]).end();
        t.key("bot_seeds")
            .num(self.bot_seeds[0])
            .num(self.bot_seeds[1])
            .end();
        for (i, &m) in self.moves.iter().enumerate() {
            t.key("move").num(m).end();
            if let Some(mark) = self.marks.get(i) {
                t.key("mark").num(mark.fuel).num(mark.lines).end();
            }
        }
        t.key("end").word(self.end.as_str()).end();
        match self.culprit {
            Some(p) => t.key("culprit").num(p.number()).end(),
            None => t.line("culprit"),
        }
        t.key("reason").word(&escape(&self.reason)).end();
        t.key("result").word(self.result.as_str()).end();
        t.key("scores")
            .num(self.scores[0])
            .num(self.scores[1])
            .end();
        for (i, out) in self.outputs.iter().enumerate() {
            write_log(&mut t.0, i + 1, out);
        }
        t.0
    }

    /// Reads replay text.
    ///
    /// # Errors
    /// [`ReplayError`] naming the line that is wrong.
    pub fn parse(text: &str) -> Result<Replay, ReplayError> {
        let mut lines = text.lines().enumerate();
        match lines.next() {
            Some((_, MAGIC)) => {}
            _ => return Err(ReplayError::NotAReplay),
        }
        let mut r = Replay {
            game: String::new(),
            game_id: 0,
            series_id: 0,
            round: 0,
            board_seed: 0,
            size: [0, 0],
            setup: String::new(),
            bots: [String::new(), String::new()],
            bot_seeds: [0, 0],
            moves: Vec::new(),
            marks: Vec::new(),
            end: EndKind::Normal,
            culprit: None,
            reason: String::new(),
            result: ResultCode::Draw,
            scores: [0, 0],
            outputs: [String::new(), String::new()],
        };
        let (mut seen_end, mut seen_result) = (false, false);
        for (i, line) in lines {
            let n = i + 1;
            let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
            let bad = |what: &str| ReplayError::BadLine {
                line: n,
                what: what.to_string(),
                text: line.to_string(),
            };
            let num = |s: &str| s.parse::<i64>().map_err(|_| bad(key));
            let unsigned = |s: &str| s.parse::<u64>().map_err(|_| bad(key));
            let small = |s: &str| s.parse::<u32>().map_err(|_| bad(key));
            let two = |s: &str| -> Result<(i64, i64), ReplayError> {
                let (a, b) = s.split_once(' ').ok_or_else(|| bad(key))?;
                Ok((num(a)?, num(b)?))
            };
            match key {
                "game" => r.game = rest.to_string(),
                "game_id" => r.game_id = unsigned(rest)?,
                "series_id" => r.series_id = unsigned(rest)?,
                "round" => r.round = small(rest)?,
                "board_seed" => r.board_seed = rest.parse().map_err(|_| bad(key))?,
                "size" => {
                    let (a, b) = rest.split_once(' ').ok_or_else(|| bad(key))?;
                    r.size = [small(a)?, small(b)?];
                }
                "setup" => r.setup = rest.to_string(),
                "first" => r.bots[0] = rest.to_string(),
                "second" => r.bots[1] = rest.to_string(),
                "bot_seeds" => {
                    let (a, b) = rest.split_once(' ').ok_or_else(|| bad(key))?;
                    r.bot_seeds = [
                        a.parse().map_err(|_| bad(key))?,
                        b.parse().map_err(|_| bad(key))?,
                    ];
                }
                "move" if !seen_end => r.moves.push(rest.parse::<i32>().map_err(|_| bad(key))?),
                "mark" if !seen_end && r.marks.len() + 1 == r.moves.len() => {
                    let (f, l) = rest.split_once(' ').ok_or_else(|| bad(key))?;
                    r.marks.push(MoveMark {
                        fuel: f.parse().map_err(|_| bad(key))?,
                        lines: l.parse().map_err(|_| bad(key))?,
                    });
                }
                "end" => {
                    seen_end = true;
                    r.end = rest.parse().map_err(|_| bad(key))?;
                }
                "culprit" => {
                    r.culprit = match rest {
                        "" => None,
                        "1" => Some(Player::First),
                        "2" => Some(Player::Second),
                        _ => return Err(bad("culprit")),
                    }
                }
                "reason" => r.reason = unescape(rest),
                "result" => {
                    seen_result = true;
                    r.result = rest.parse().map_err(|_| bad(key))?;
                }
                "scores" => {
                    let (a, b) = two(rest)?;
                    r.scores = [a, b];
                }
                "output" => {
                    let (seat, text) = rest.split_once(' ').unwrap_or((rest, ""));
                    let i = match seat {
                        "1" => 0,
                        "2" => 1,
                        _ => return Err(bad("output seat")),
                    };
                    r.outputs[i].push_str(&unescape(text));
                    r.outputs[i].push('\n');
                }
                _ => {
                    return Err(ReplayError::UnknownLine {
                        line: n,
                        text: line.to_string(),
                    })
                }
            }
        }
        if !r.marks.is_empty() && r.marks.len() != r.moves.len() {
            return Err(ReplayError::Marks {
                moves: r.moves.len(),
                marks: r.marks.len(),
            });
        }
        if !seen_end || !seen_result || r.game.is_empty() || r.setup.is_empty() {
            return Err(ReplayError::Incomplete);
        }
        Ok(r)
    }

    /// Reads game `game_id`'s replay from a results folder (whose manifest, if it has
    /// one, must be of a format this arena reads).
    ///
    /// # Errors
    /// [`OutputError`] when the manifest is of another format, or the file is missing or
    /// not a valid replay.
    pub fn read(results: &Path, game_id: u64) -> Result<Replay, OutputError> {
        super::manifest::Manifest::read(results)?;
        super::replay_store::Store::open(results)?.replay(results, game_id)
    }

    /// Re-plays the game under the rules and checks that the recorded result follows:
    /// every move legal, the end as recorded, the scores and the result as recorded.
    /// Returns the final state.
    ///
    /// # Errors
    /// [`ReplayError`] naming the first disagreement.
    pub fn verify(&self, kind: &dyn GameKind) -> Result<Box<dyn AnyGame>, ReplayError> {
        if kind.info().name != self.game {
            return Err(ReplayError::OtherGame {
                replay: self.game.clone(),
                checked: kind.info().name.to_string(),
            });
        }
        let mut state = kind
            .start_from_setup(&self.setup)
            .map_err(|e| ReplayError::Setup(e.to_string()))?;
        for (i, &m) in self.moves.iter().enumerate() {
            state.play(m).map_err(|e| ReplayError::Illegal {
                index: i + 1,
                mv: m,
                reason: e.reason.to_string(),
            })?;
        }
        let outcome = match (self.end, self.culprit) {
            (EndKind::Normal, None) => state.outcome().ok_or(ReplayError::NotOver)?,
            (EndKind::Normal, Some(_)) => return Err(ReplayError::NormalWithCulprit),
            (end, Some(p)) => {
                if end != EndKind::Disqualified && state.is_terminal() {
                    return Err(ReplayError::FaultAfterEnd(end));
                }
                let out_of_turn = !matches!(
                    end,
                    EndKind::Disqualified | EndKind::Fault(FaultKind::Instantiation)
                );
                if out_of_turn && state.to_move() != p {
                    return Err(ReplayError::OutOfTurn(p));
                }
                Outcome::Win(p.other())
            }
            (EndKind::Disqualified, None) => Outcome::Draw,
            (end, None) => return Err(ReplayError::NoCulprit(end)),
        };
        if ResultCode::of(outcome) != self.result {
            return Err(ReplayError::Result {
                rules: ResultCode::of(outcome),
                recorded: self.result,
            });
        }
        if state.scores() != self.scores {
            return Err(ReplayError::Scores {
                rules: state.scores(),
                recorded: self.scores,
            });
        }
        Ok(state)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arena_games::{find_game, GameParams};

    fn played(seed: u64) -> Replay {
        let kind = find_game("mathtricks").unwrap();
        let mut g = kind.new_game(&GameParams::sized(5, 6), seed).unwrap();
        let setup = g.setup();
        let mut moves = Vec::new();
        while !g.is_terminal() {
            let m = g.legal_moves()[0];
            g.play(m).unwrap();
            moves.push(m);
        }
        Replay {
            game: "mathtricks".into(),
            game_id: 4,
            series_id: 2,
            round: 1,
            board_seed: seed,
            size: [5, 6],
            setup,
            bots: ["a".into(), "b".into()],
            bot_seeds: [1, u64::MAX],
            moves,
            marks: Vec::new(),
            end: EndKind::Normal,
            culprit: None,
            reason: String::new(),
            result: ResultCode::of(g.outcome().unwrap()),
            scores: g.scores(),
            outputs: [
                "hello\n".into(),
                "tab\there \\ and bell \u{7} \u{202e}reversed \\u{41}\nsecond line\n".into(),
            ],
        }
    }

    /// The text as `fmt` wrote it before `to_text` was written piece by piece.
    fn formatted(r: &Replay) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "{MAGIC}");
        let _ = writeln!(s, "game {}", r.game);
        let _ = writeln!(s, "game_id {}", r.game_id);
        let _ = writeln!(s, "series_id {}", r.series_id);
        let _ = writeln!(s, "round {}", r.round);
        let _ = writeln!(s, "board_seed {}", r.board_seed);
        let _ = writeln!(s, "size {} {}", r.size[0], r.size[1]);
        let _ = writeln!(s, "setup {}", r.setup);
        let _ = writeln!(s, "first {}", r.bots[0]);
        let _ = writeln!(s, "second {}", r.bots[1]);
        let _ = writeln!(s, "bot_seeds {} {}", r.bot_seeds[0], r.bot_seeds[1]);
        for (i, m) in r.moves.iter().enumerate() {
            let _ = writeln!(s, "move {m}");
            if let Some(mark) = r.marks.get(i) {
                let _ = writeln!(s, "mark {} {}", mark.fuel, mark.lines);
            }
        }
        let _ = writeln!(s, "end {}", r.end);
        match r.culprit {
            Some(p) => {
                let _ = writeln!(s, "culprit {}", p.number());
            }
            None => s.push_str("culprit\n"),
        }
        let _ = writeln!(s, "reason {}", escape(&r.reason));
        let _ = writeln!(s, "result {}", r.result);
        let _ = writeln!(s, "scores {} {}", r.scores[0], r.scores[1]);
        for (i, out) in r.outputs.iter().enumerate() {
            for line in out.lines() {
                let _ = writeln!(s, "output {} {}", i + 1, escape(line));
            }
        }
        s
    }

    proptest::proptest! {
        #[test]
        fn the_text_is_what_fmt_wrote(
            seed in 0u64..1000,
            ids in proptest::array::uniform4(proptest::num::u64::ANY),
            round in proptest::num::u32::ANY,
            size in proptest::array::uniform2(proptest::num::u32::ANY),
            moves in proptest::collection::vec(proptest::num::i32::ANY, 0..40),
            marks in proptest::collection::vec((proptest::num::u64::ANY, proptest::num::u32::ANY), 0..40),
            scores in proptest::array::uniform2(proptest::num::i64::ANY),
            culprit in 0usize..3,
            reason in "\\PC{0,20}",
            output in "(\\PC|\n|\x1b){0,60}",
        ) {
            let mut r = played(seed);
            [r.game_id, r.series_id, r.board_seed, r.bot_seeds[0]] = ids;
            r.round = round;
            r.size = size;
            r.moves = moves;
            r.marks = marks.into_iter().map(|(fuel, lines)| MoveMark { fuel, lines }).collect();
            r.scores = scores;
            r.culprit = [None, Some(Player::First), Some(Player::Second)][culprit];
            r.end = [EndKind::Normal, EndKind::Fault(FaultKind::Trap), EndKind::Disqualified][culprit];
            r.reason = reason;
            r.outputs[1] = output;
            proptest::prop_assert_eq!(r.to_text(), formatted(&r));
        }

        #[test]
        fn escaped_lines_hold_no_control_or_invisible_character_and_read_back(
            line in "(\\PC|[\\x00-\\x1f\\x7f-\\x9f\\u{200b}-\\u{200f}\\u{202a}-\\u{202e}\\\\u{}x])*",
        ) {
            let text = escape(&line);
            proptest::prop_assert!(
                !text.chars().any(|c| c.is_control() || crate::bot_name::is_invisible(c)),
                "{text:?}"
            );
            proptest::prop_assert_eq!(unescape(&text), line);
        }

        #[test]
        fn a_stored_log_is_bounded_in_stored_bytes_and_reads_back_to_itself(
            pieces in proptest::collection::vec(
                // (A carriage return before a newline ends the line, as `str::lines` reads it.)
                ("(\\PC|[\\x00-\\x0c\\x0e-\\x1f\\u{200b}\\u{e0041}\\\\]){0,40}", 0usize..3000),
                1..8,
            ),
            seat in 1usize..5,
        ) {
            // Lines of every kind, some repeated thousands of times: escaped, far past
            // the cap.
            let log: String = pieces
                .iter()
                .map(|(line, n)| format!("{line}\n").repeat(*n))
                .collect();
            let mut stored = String::new();
            write_log(&mut stored, seat, &log);
            proptest::prop_assert!(stored.len() <= STORED_LOG_BYTES, "{}", stored.len());
            let key = format!("output {seat} ");
            let back: String = stored
                .lines()
                .map(|l| format!("{}\n", unescape(l.strip_prefix(&key).unwrap())))
                .collect();
            let mut again = String::new();
            write_log(&mut again, seat, &back);
            proptest::prop_assert_eq!(&again, &stored);
            let whole = log.lines().map(|l| key.len() + escape(l).len() + 1).sum::<usize>();
            if whole <= STORED_LOG_BYTES {
                proptest::prop_assert_eq!(back, log);
            } else {
                let marker = format!("{key}[truncated]\n");
                proptest::prop_assert!(stored.ends_with(&marker));
                // Cut no earlier than it must: what is kept is a beginning of the log.
                let kept = back.strip_suffix("[truncated]\n").unwrap();
                let kept = kept.strip_suffix('\n').unwrap_or(kept);
                proptest::prop_assert!(log.starts_with(kept));
                proptest::prop_assert!(stored.len() + 64 > STORED_LOG_BYTES, "{}", stored.len());
            }
        }
    }

    #[test]
    fn a_flood_of_empty_lines_is_stored_within_the_cap() {
        // 64 KiB of newlines: the bytes a bot may print, ten times as many once stored.
        let mut r = played(3);
        r.outputs = ["\n".repeat(64 << 10), "\u{7}".repeat(64 << 10)];
        let text = r.to_text();
        let seat = |n: usize| -> usize {
            let key = format!("output {n} ");
            text.lines()
                .filter(|l| l.starts_with(&key))
                .map(|l| l.len() + 1)
                .sum()
        };
        assert!(seat(1) <= STORED_LOG_BYTES && seat(1) > STORED_LOG_BYTES - 16);
        assert!(seat(2) <= STORED_LOG_BYTES && seat(2) > STORED_LOG_BYTES - 16);
        assert!(
            text.ends_with("output 2 [truncated]\n"),
            "{}",
            &text[text.len() - 40..]
        );
        let back = Replay::parse(&text).unwrap();
        assert_eq!(back.to_text(), text);
    }

    #[test]
    fn text_round_trip_and_verify() {
        let r = played(3);
        let back = Replay::parse(&r.to_text()).unwrap();
        assert_eq!(back, r);
        back.verify(find_game("mathtricks").unwrap()).unwrap();
    }

    #[test]
    fn tampering_is_caught() {
        let kind = find_game("mathtricks").unwrap();
        let mut r = played(4);
        r.scores[0] += 1;
        assert!(matches!(r.verify(kind), Err(ReplayError::Scores { .. })));
        let mut r = played(4);
        r.moves.pop();
        assert!(r.verify(kind).is_err());
        let mut r = played(4);
        r.moves[0] = 0;
        let err = r.verify(kind).unwrap_err();
        assert!(matches!(
            err,
            ReplayError::Illegal {
                index: 1,
                mv: 0,
                ..
            }
        ));
        assert!(
            err.to_string().starts_with("move 1 (0) is illegal: "),
            "{err}"
        );
        let mut r = played(4);
        r.result = ResultCode::Draw;
        if r.verify(kind).is_ok() {
            r.result = ResultCode::FirstWins;
            assert!(r.verify(kind).is_err());
        }
    }

    #[test]
    fn parse_errors_name_the_line() {
        assert_eq!(
            Replay::parse("hello").unwrap_err().to_string(),
            format!("not an arena replay: the first line must be `{MAGIC}`")
        );
        let text = format!("{MAGIC}\ngame mathtricks\nsize 8\n");
        assert_eq!(
            Replay::parse(&text).unwrap_err().to_string(),
            "line 3: bad size: `size 8`"
        );
        let text = format!("{MAGIC}\nflavour sweet\n");
        assert_eq!(
            Replay::parse(&text).unwrap_err(),
            ReplayError::UnknownLine {
                line: 2,
                text: "flavour sweet".into()
            }
        );
    }
}
