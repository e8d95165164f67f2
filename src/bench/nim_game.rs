//! Figure: one whole game of a cheap bot, `random.wasm` against itself at Nim.
//!
//! Each game is [`crate::referee::play_game`] on Nim's default heaps with a fresh
//! instance per bot (instantiate, every move, drop), exactly as a tournament plays it,
//! but without writing anything. The same games are played by `builtin:random` as a
//! control; the bench checks that both play the same number of moves.

use std::hint::black_box;

use arena_games::{find_game, AnyGame, GameParams};

use super::timing::{fastest, micros_per, time};
use super::{num, BenchError, Bots, Figure, Scale, Target};
use crate::contestant::{Builtin, Wasm};
use crate::referee::{play_game, Entrant};

/// The target: at most 6 µs per game.
pub const TARGET_US: f64 = 6.0;

/// A fresh Nim game with the default heaps from `seed`.
fn nim(seed: u64) -> Result<Box<dyn AnyGame>, BenchError> {
    let kind = find_game("nim").map_err(|e| BenchError::Setup(e.to_string()))?;
    kind.new_game(&GameParams::default(), seed)
        .map_err(|e| BenchError::Setup(e.to_string()))
}

/// Plays `games` games between two copies of `entrant`; returns the moves played.
fn play(entrant: &dyn Entrant, games: u64) -> Result<u64, BenchError> {
    let mut moves = 0;
    for g in 0..games {
        let record = play_game(nim(g + 1)?, [entrant, entrant], [2 * g, 2 * g + 1]);
        if record.end.culprit().is_some() {
            return Err(BenchError::Mismatch(format!(
                "game {g} did not end normally: {}",
                record.end.reason()
            )));
        }
        moves += record.moves.len() as u64;
        black_box(record);
    }
    Ok(moves)
}

/// Measures a `random.wasm` Nim game, and the same games natively.
pub fn measure(bots: &Bots, scale: &Scale) -> Result<Vec<Figure>, BenchError> {
    let wasm = Wasm(bots.random.clone());
    let kind = find_game("nim").map_err(|e| BenchError::Setup(e.to_string()))?;
    let native =
        Builtin::new(kind, "random", None).map_err(|e| BenchError::Setup(e.to_string()))?;
    let games = scale.instances;
    let (mut tw, mut tn) = (Vec::new(), Vec::new());
    let mut moves = 0;
    for _ in 0..scale.samples {
        let (d, m) = time(|| play(&wasm, games));
        tw.push(d);
        let (d, n) = time(|| play(&native, games));
        tn.push(d);
        let (m, n) = (m?, n?);
        if m != n {
            return Err(BenchError::Mismatch(format!(
                "random.wasm played {m} Nim moves and builtin:random {n}"
            )));
        }
        moves = m;
    }
    let (w, n) = (
        micros_per(fastest(&tw), games),
        micros_per(fastest(&tn), games),
    );
    Ok(vec![Figure::new(
        "random.wasm per Nim game",
        w,
        "µs",
        format!(
            "instantiate, play, drop, 2 bots; {games} games, {moves} moves; builtin:random {} µs",
            num(n)
        ),
    )
    .with_target(Target::AtMost(TARGET_US))])
}
