//! The suite must be able to fail: MathTricks with one planted defect at a time.

use super::*;
use crate::game::{DecodeError, GameInfo, MoveTextError, Outcome, ParamError, Player};
use crate::mathtricks::MathTricks;
use crate::rng::GameRng;

const NONE: u8 = 0;
const UNSORTED_MOVES: u8 = 1;
const ACCEPTS_ANY_MOVE: u8 = 2;
const READ_STATE_IGNORES_SEAT: u8 = 3;
const SETUP_LOSES_A_CELL: u8 = 4;

#[derive(Clone, Debug)]
struct Planted<const DEFECT: u8>(MathTricks);

impl<const D: u8> Game for Planted<D> {
    type Move = <MathTricks as Game>::Move;
    const INFO: GameInfo = MathTricks::INFO;
    fn new_random(params: &GameParams, rng: &mut GameRng) -> Result<Self, ParamError> {
        MathTricks::new_random(params, rng).map(Planted)
    }
    fn to_move(&self) -> Player {
        self.0.to_move()
    }
    fn legal_moves(&self, out: &mut Vec<Self::Move>) {
        self.0.legal_moves(out);
        if D == UNSORTED_MOVES {
            out.reverse();
        }
    }
    fn apply(&mut self, mv: Self::Move) {
        self.0.apply(mv)
    }
    fn why_illegal(&self, mv: Self::Move) -> Option<String> {
        if D == ACCEPTS_ANY_MOVE {
            None
        } else {
            self.0.why_illegal(mv)
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }
    fn scores(&self) -> [i64; 2] {
        self.0.scores()
    }
    fn encode_move(&self, mv: Self::Move) -> i32 {
        self.0.encode_move(mv)
    }
    fn decode_move(&self, raw: i32) -> Option<Self::Move> {
        self.0.decode_move(raw)
    }
    fn write_state(&self, out: &mut Vec<i32>) {
        self.0.write_state(out)
    }
    fn read_state(words: &[i32], me: Player) -> Result<Self, DecodeError> {
        let seat = if D == READ_STATE_IGNORES_SEAT {
            Player::First
        } else {
            me
        };
        MathTricks::read_state(words, seat).map(Planted)
    }
    fn setup(&self) -> String {
        let line = self.0.setup();
        if D == SETUP_LOSES_A_CELL {
            // Writes cell 1 as +0, whatever it holds.
            let mut parts: Vec<&str> = line.split(' ').collect();
            parts[2] = "+0";
            parts.join(" ")
        } else {
            line
        }
    }
    fn from_setup(text: &str) -> Result<Self, DecodeError> {
        MathTricks::from_setup(text).map(Planted)
    }
    fn render(&self, color: bool) -> String {
        self.0.render(color)
    }
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveTextError> {
        self.0.parse_move(text)
    }
    fn describe_move(&self, mv: Self::Move) -> String {
        self.0.describe_move(mv)
    }
    fn move_prompt(&self) -> String {
        self.0.move_prompt()
    }
}

/// The panic message of `check_random_playouts::<G>` on 5x5 boards, seeds 0..4.
fn failure<G: Game>() -> Option<String> {
    std::panic::catch_unwind(|| check_random_playouts::<G>(&GameParams::sized(5, 5), 0..4, 23))
        .err()
        .map(|e| {
            e.downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default()
        })
}

#[test]
fn the_suite_passes_the_real_game_and_catches_each_planted_defect() {
    assert_eq!(failure::<Planted<NONE>>(), None);
    let msg = failure::<Planted<UNSORTED_MOVES>>().expect("unsorted moves pass");
    assert!(msg.contains("not strictly ascending"), "{msg}");
    let msg = failure::<Planted<ACCEPTS_ANY_MOVE>>().expect("accepting any move passes");
    assert!(msg.contains("has no reason to be illegal"), "{msg}");
    let msg =
        failure::<Planted<READ_STATE_IGNORES_SEAT>>().expect("a seat-blind read_state passes");
    assert!(msg.contains("read_state(write_state())"), "{msg}");
    let msg = failure::<Planted<SETUP_LOSES_A_CELL>>().expect("a lossy setup line passes");
    assert!(msg.contains("from_setup(setup())"), "{msg}");
}

#[test]
fn the_suite_reports_a_game_longer_than_the_bound() {
    let msg = std::panic::catch_unwind(|| {
        check_random_playouts::<MathTricks>(&GameParams::sized(4, 4), 0..1, 0)
    });
    let msg = msg
        .unwrap_err()
        .downcast_ref::<String>()
        .cloned()
        .unwrap_or_default();
    assert!(msg.contains("not over after 0 plies"), "{msg}");
}
