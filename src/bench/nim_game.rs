//! Figure: one whole game of a cheap bot, `random.wasm` against itself at Nim.
//!
//! Each game is [`crate::referee::play`] on Nim's default heaps with a fresh
//! instance per bot (instantiate, every move, drop), exactly as a tournament plays it,
//! but without writing anything. The same games are played by `builtin:random` as a
//! control; the bench checks that both play the same number of moves.
//!
//! Its floor, `random.wasm floor per Nim game`, adds to the control the sandbox's own
//! cost of each move measured by [`super::harness`] in the same run: what any game of a
//! WebAssembly bot costs before the bot computes a move, and before any instance is made.
//! `random.wasm floor, fresh instances` adds the two instances every game makes
//! (`random.wasm` instantiated and dropped, timed as [`super::instantiate`] does): what
//! is left of the game above it is the bot's own code, whose fuel the note gives.

use std::hint::black_box;

use arena_games::registry::{find_table_game, AnyTable};
use arena_games::{find_game, GameParams};

use super::instantiate::per_instance;
use super::pipes::PipeEntrant;
use super::timing::{fastest, micros_per, time};
use super::{num, BenchError, Bots, Figure, Scale};
use crate::contestant::{Builtin, Wasm};
use crate::referee::{self, Entrant};

/// The target: at most 6 µs per game.
pub const TARGET_US: f64 = 6.0;

/// A fresh Nim game with the default heaps from `seed`.
fn nim(seed: u64) -> Result<Box<dyn AnyTable>, BenchError> {
    let kind = find_table_game("nim").map_err(|e| BenchError::Setup(e.to_string()))?;
    kind.new_game(&GameParams::default(), seed)
        .map_err(|e| BenchError::Setup(e.to_string()))
}

/// Plays `games` games between two copies of `entrant`; returns the moves played and the
/// fuel both bots used (0 for native bots).
fn play(entrant: &dyn Entrant, games: u64) -> Result<(u64, u64), BenchError> {
    let (mut moves, mut fuel) = (0, 0);
    for g in 0..games {
        let record = referee::play(nim(g + 1)?, &[entrant, entrant], &[2 * g, 2 * g + 1]);
        if record.culprit().is_some() {
            return Err(BenchError::Mismatch(format!(
                "game {g} did not end normally: {}",
                record.end.reason()
            )));
        }
        moves += record.moves.len() as u64;
        fuel += record.fuel.iter().sum::<u64>();
        black_box(record);
    }
    Ok((moves, fuel))
}

/// Measures a `random.wasm` Nim game, and the same games natively; `per_move` is the
/// harness's cost of one move (µs), for the floor.
pub fn measure(bots: &Bots, scale: &Scale, per_move: f64) -> Result<Vec<Figure>, BenchError> {
    let wasm = Wasm(bots.random.clone());
    let kind = find_game("nim").map_err(|e| BenchError::Setup(e.to_string()))?;
    let native =
        Builtin::new(kind, "random", None).map_err(|e| BenchError::Setup(e.to_string()))?;
    let games = scale.instances;
    let (mut tw, mut tn) = (Vec::new(), Vec::new());
    let (mut moves, mut fuel) = (0, 0);
    for _ in 0..scale.samples {
        let (d, m) = time(|| play(&wasm, games));
        tw.push(d);
        let (d, n) = time(|| play(&native, games));
        tn.push(d);
        let ((m, f), (n, _)) = (m?, n?);
        fuel = f;
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
    // Timed before the pipes control starts its child processes.
    let instance = per_instance(&bots.random, scale)?;
    let mut figures = Vec::new();
    if let Some(exe) = &scale.exe {
        // The control: builtin:random in a kept-alive child process over pipes.
        let piped = PipeEntrant::new(exe);
        play(&piped, 2)?; // starts the two children
        let mut tp = Vec::new();
        for _ in 0..scale.samples {
            let (d, m) = time(|| play(&piped, games));
            if m?.0 != moves {
                return Err(BenchError::Mismatch(
                    "the pipe bot played other moves than builtin:random".into(),
                ));
            }
            tp.push(d);
        }
        let p = micros_per(fastest(&tp), games);
        figures.push(super::rows::PIPES.figure(
            p,
            format!(
                "builtin:random in 2 kept-alive child processes over pipes; \
                 sandbox / pipes {} x",
                num(w / p)
            ),
        ));
    }
    let moves_per_game = moves as f64 / games.max(1) as f64;
    let floor = n + moves_per_game * per_move;
    // A fresh instance per bot per game, as the figure counts it: the same
    // floor plus two instantiations of random.wasm (instantiate + drop, no move).
    let fresh = floor + 2.0 * instance;
    figures.insert(
        0,
        super::rows::NIM_FLOOR_FRESH.figure(
            fresh,
            format!(
                "the floor + 2 x random.wasm instantiated and dropped {} µs: a game of fresh \
                 instances; the rest of its game, {} µs, is what the bot's code ({} fuel a \
                 game) costs beyond builtin:random's, which the floor counts",
                num(instance),
                num((w - fresh).max(0.0)),
                num(fuel as f64 / games.max(1) as f64)
            ),
        ),
    );
    figures.insert(
        0,
        super::rows::NIM_FLOOR.figure(
            floor,
            format!(
                "builtin:random's game {} µs + {} moves a game x harness per move {} µs: \
                 the referee and the sandbox's crossings alone, with no instance made \
                 and no move computed; {} the target",
                num(n),
                num(moves_per_game),
                num(per_move),
                if floor > TARGET_US { "above" } else { "within" }
            ),
        ),
    );
    figures.insert(
        0,
        super::rows::NIM_GAME.figure(
            w,
            format!(
            "instantiate, play, drop, 2 bots; {games} games, {moves} moves; builtin:random {} µs",
            num(n)
        ),
        ),
    );
    Ok(figures)
}
