//! A person at the terminal as a player: one more seat to the referee.
//!
//! The person types moves in the game's own notation (MathTricks: `row col`); anything
//! wrong is explained and asked again, never a fault. `q` (or `quit`) leaves the game, as
//! does the end of input: the player says so and raises its `left` flag, which the
//! caller's [`crate::referee::Watch`] reports as stopped, so the game ends without a
//! result. Input that cannot be read (not UTF-8) stops the game too, silently, for the
//! caller to report ([`Human::input_error`]). The referee never knows it asked a person.

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use arena_games::registry::AnyTable;

use crate::bot::{Bot, Fault, Reply};
use crate::referee::{Entrant, Entry};

/// The person's lines in, the prompts and explanations out.
type Terminal = (Box<dyn BufRead + Send>, Box<dyn Write + Send>);

/// A person's seat: fields a [`HumanBot`] for every game, all reading the same input.
pub struct Human {
    terminal: Arc<Mutex<Terminal>>,
    left: Arc<AtomicBool>,
    ended: Arc<AtomicBool>,
    unreadable: Arc<Mutex<Option<std::io::Error>>>,
}

impl Human {
    /// A person reading `input` and writing prompts to `output`.
    pub fn new(input: Box<dyn BufRead + Send>, output: Box<dyn Write + Send>) -> Human {
        Human {
            terminal: Arc::new(Mutex::new((input, output))),
            left: Arc::new(AtomicBool::new(false)),
            ended: Arc::default(),
            unreadable: Arc::default(),
        }
    }

    /// Whether the person left because the input ended (not by typing `q`): `arena play`
    /// then exits with an error, since the game was abandoned unasked.
    pub fn input_ended(&self) -> bool {
        self.ended.load(Ordering::SeqCst)
    }

    /// The error that ended the input, if the person left because it could not be read
    /// (then nothing was said: the caller reports it).
    pub fn input_error(&self) -> Option<std::io::Error> {
        self.unreadable
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
    }

    /// Raised once the person has left (typed `q`, or the input ended).
    pub fn left(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.left)
    }
}

impl Entrant for Human {
    fn enter(&self, _seed: u64) -> Result<Box<dyn Bot>, Entry> {
        Ok(Box::new(HumanBot {
            terminal: Arc::clone(&self.terminal),
            left: Arc::clone(&self.left),
            ended: Arc::clone(&self.ended),
            unreadable: Arc::clone(&self.unreadable),
        }))
    }
}

/// A person playing one game.
pub struct HumanBot {
    terminal: Arc<Mutex<Terminal>>,
    left: Arc<AtomicBool>,
    ended: Arc<AtomicBool>,
    unreadable: Arc<Mutex<Option<std::io::Error>>>,
}

/// What a person answers when asked without the position (never by the referee).
fn no_position() -> Fault {
    Fault::Trap("a person needs the position to type a move".to_string())
}

impl HumanBot {
    /// The person leaves: `why` is said, the flag raised.
    fn leave(&self, out: &mut dyn Write, why: &str) -> Fault {
        let _ = writeln!(out, "{why}");
        self.left.store(true, Ordering::SeqCst);
        Fault::Trap("the person left the game".to_string())
    }
}

impl Bot for HumanBot {
    fn choose_move(&mut self, _words: &[i32]) -> Result<Reply, Fault> {
        Err(no_position())
    }

    fn choose_move_with(
        &mut self,
        _words: &[i32],
        _legal: &dyn Fn() -> Vec<i32>,
    ) -> Result<Reply, Fault> {
        Err(no_position())
    }

    fn choose_move_at(&mut self, _words: &[i32], game: &dyn AnyTable) -> Result<Reply, Fault> {
        self.ask(&game.move_prompt(), &|line| {
            let m = game.parse_move(line).map_err(|e| e.to_string())?;
            let mut trial = game.clone_box();
            trial.play(m).map(|()| m).map_err(|e| e.reason)
        })
    }
}

impl HumanBot {
    /// Asks for a move until `check` accepts a line (it returns the move, or why not):
    /// each wrong line is explained and asked again; `q` or the end of input leaves.
    fn ask(
        &self,
        prompt: &str,
        check: &dyn Fn(&str) -> Result<i32, String>,
    ) -> Result<Reply, Fault> {
        let terminal = Arc::clone(&self.terminal);
        let mut terminal = terminal.lock().unwrap_or_else(PoisonError::into_inner);
        let (input, out) = &mut *terminal;
        loop {
            let _ = write!(out, "{prompt} (q to quit): ");
            let _ = out.flush();
            let mut line = String::new();
            match input.read_line(&mut line) {
                Ok(0) => {
                    self.ended.store(true, Ordering::SeqCst);
                    return Err(self.leave(out, "\ninput ended: game abandoned"));
                }
                Ok(_) => {}
                Err(e) => {
                    *self
                        .unreadable
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner) = Some(e);
                    self.left.store(true, Ordering::SeqCst);
                    return Err(Fault::Trap("the person's input cannot be read".to_string()));
                }
            }
            let line = line.trim_end_matches(['\n', '\r']);
            if matches!(line.trim(), "q" | "quit") {
                return Err(self.leave(out, "game abandoned"));
            }
            match check(line) {
                Ok(raw) => return Ok(Reply { raw, fuel: 0 }),
                Err(why) => {
                    let _ = writeln!(out, "{why}; try again");
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::{play_watched, Stopped, Watch};
    use arena_games::registry::find_table_game;
    use arena_games::GameParams;

    /// A shared buffer the test reads after the game.
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    struct Quits(Arc<AtomicBool>);

    impl Watch for Quits {
        fn stopped(&self) -> bool {
            self.0.load(Ordering::SeqCst)
        }
    }

    fn nim() -> Box<dyn AnyTable> {
        let kind = find_table_game("nim").unwrap();
        let params = GameParams {
            rows: Some(kind.info().default_rows),
            cols: Some(kind.info().default_cols),
            options: Default::default(),
        };
        kind.new_game(&params, 1).unwrap()
    }

    fn person(typed: &str) -> (Human, Shared) {
        let out = Shared::default();
        let input = std::io::Cursor::new(typed.as_bytes().to_vec());
        (Human::new(Box::new(input), Box::new(out.clone())), out)
    }

    #[test]
    fn a_person_who_leaves_stops_the_game_without_a_result() {
        let (human, out) = person("no such move\nq\n");
        let left = human.left();
        let result = play_watched(nim(), &[&human, &human], &[1, 2], &mut Quits(left.clone()));
        assert_eq!(result, Err(Stopped));
        assert!(left.load(Ordering::SeqCst));
        let said = String::from_utf8(out.0.lock().unwrap().clone()).unwrap();
        assert!(said.contains("; try again\n"), "{said}");
        assert!(said.ends_with("game abandoned\n"), "{said}");
        assert!(!human.input_ended(), "q is no end of input");
        let (human, out) = person("");
        let left = human.left();
        assert_eq!(
            play_watched(nim(), &[&human, &human], &[1, 2], &mut Quits(left)),
            Err(Stopped)
        );
        assert!(human.input_ended());
        let said = String::from_utf8(out.0.lock().unwrap().clone()).unwrap();
        assert!(said.ends_with("\ninput ended: game abandoned\n"), "{said}");
    }

    #[test]
    fn unreadable_input_stops_the_game_for_the_caller_to_report() {
        let input = std::io::Cursor::new(b"\xff\xfe\n".to_vec());
        let out = Shared::default();
        let human = Human::new(Box::new(input), Box::new(out.clone()));
        let left = human.left();
        assert_eq!(
            play_watched(nim(), &[&human, &human], &[1, 2], &mut Quits(left)),
            Err(Stopped)
        );
        let e = human.input_error().expect("the read error is kept");
        assert_eq!(e.kind(), std::io::ErrorKind::InvalidData);
        let said = String::from_utf8(out.0.lock().unwrap().clone()).unwrap();
        assert!(!said.contains("abandoned"), "{said}");
    }

    #[test]
    fn typed_moves_are_played_by_the_referee() {
        // Take every stick, one at a time, until the game ends.
        let mut game = nim();
        let mut typed = String::new();
        while !game.is_terminal() {
            let m = game.legal_moves()[0];
            typed.push_str(&game.describe_move(m).unwrap_or_else(|| m.to_string()));
            typed.push('\n');
            game.play(m).unwrap();
        }
        let (human, _) = person(&typed);
        let left = human.left();
        let record = play_watched(nim(), &[&human, &human], &[1, 2], &mut Quits(left)).unwrap();
        assert_eq!(record.end, crate::referee::End::Normal);
        assert_eq!(
            Some(record.ranks),
            game.results().map(|r| r.iter().map(|r| r.rank).collect())
        );
        assert!(!record.moves.is_empty());
    }
}
