//! Figure 1: what the sandbox adds to one move.
//!
//! The referee's loop (state words, the bot's answer, the rules' check of the move) is
//! timed over the same games twice: with `first_legal.wasm` in both seats, and with its
//! native twin [`FirstLegal`]. Both make the same moves, so the difference per move is
//! the harness: fuel and deadline set-up, the `arena_alloc` and `choose_move` calls,
//! writing the words into linear memory, the pointer check and reading the fuel back.
//! It still includes `first_legal`'s own few dozen instructions run as WebAssembly, so
//! it slightly overstates the harness.

use std::hint::black_box;

use arena_games::AnyGame;

use super::first_legal::FirstLegal;
use super::positions::board;
use super::timing::{fastest, micros_per, time};
use super::{BenchError, Bots, Figure, Scale};
use crate::bot::Bot;

/// The target: at most half a microsecond per move.
pub const TARGET_US: f64 = 0.5;

/// Plays `start` to the end between the two bots as the referee does (without
/// recording); returns the moves played.
fn play_out(start: &dyn AnyGame, bots: &mut [Box<dyn Bot>; 2], words: &mut Vec<i32>) -> u64 {
    let mut game = start.clone_box();
    let mut ply = 0u32;
    while !game.is_terminal() {
        let seat = game.to_move().index();
        game.observation(ply, 7, words);
        let reply = bots[seat]
            .choose_move(words)
            .expect("first_legal never faults");
        game.play(reply.raw).expect("first_legal plays legal moves");
        ply += 1;
    }
    black_box(ply as u64)
}

/// Plays every board; returns the moves played.
fn play_all(boards: &[Box<dyn AnyGame>], bots: &mut [Box<dyn Bot>; 2]) -> u64 {
    let mut words = Vec::new();
    boards
        .iter()
        .map(|b| play_out(&**b, bots, &mut words))
        .sum()
}

/// Measures the harness cost per move.
pub fn measure(bots: &Bots, scale: &Scale) -> Result<Vec<Figure>, BenchError> {
    let (rows, cols) = (8, 8);
    let boards: Vec<Box<dyn AnyGame>> = (1..=scale.harness_games)
        .map(|s| board(rows, cols, s))
        .collect();
    let instance = |seed| -> Result<Box<dyn Bot>, BenchError> {
        Ok(Box::new(bots.first_legal.instantiate(seed)?))
    };
    let mut wasm: [Box<dyn Bot>; 2] = [instance(1)?, instance(2)?];
    let mut native: [Box<dyn Bot>; 2] = [Box::new(FirstLegal), Box::new(FirstLegal)];
    let (mut tw, mut tn) = (Vec::new(), Vec::new());
    let mut moves = 0;
    for _ in 0..scale.samples {
        let (d, m) = time(|| play_all(&boards, &mut wasm));
        tw.push(d);
        let (d, n) = time(|| play_all(&boards, &mut native));
        tn.push(d);
        if m != n {
            return Err(BenchError::Mismatch(format!(
                "first_legal.wasm played {m} moves and its native twin {n}"
            )));
        }
        moves = m;
    }
    let w = micros_per(fastest(&tw), moves);
    let n = micros_per(fastest(&tn), moves);
    Ok(vec![super::rows::HARNESS.figure(
        w - n,
        format!(
            "first_legal.wasm {} µs - native twin {} µs per move, {moves} moves on {rows}x{cols}",
            super::num(w),
            super::num(n)
        ),
    )])
}
