//! `arena check BOT`: what a student runs before handing a module in.
//!
//! Loads the module (every ABI check of the sandbox), lists its exports and imports,
//! plays a handful of games against the builtin bots from both seats, and reports faults,
//! fuel per move and memory. Exit 0 means ready, 1 not ready.

use std::process::ExitCode;
use std::sync::{Arc, Mutex, PoisonError};

use arena::bot::{Bot, Fault, Reply};
use arena::contestant::{module_name, Builtin};
use arena::referee::{play_game, End, Entrant, Entry};
use arena::runtime::{human_bytes, WasmModule};
use arena::seeds::derive;
use arena_games::{Outcome, Player};

use super::common::{sandbox, GameChoice};
use super::CheckArgs;

/// The builtin opponents, strongest last.
const OPPONENTS: [&str; 3] = ["random", "greedy", "alphabeta"];

pub fn run(args: CheckArgs) -> anyhow::Result<ExitCode> {
    let choice = GameChoice::new(&args.game, false)?;
    let sandbox = sandbox(&args.limits, 1)?;
    println!(
        "checking {} for {}",
        args.bot.display(),
        choice.kind.info().name
    );
    let module = match sandbox.load(&args.bot) {
        Ok(m) => m,
        Err(e) => {
            println!("  load: FAILED: {e}");
            println!("verdict: NOT READY: the module does not load, so it would be disqualified");
            return Ok(ExitCode::from(1));
        }
    };
    println!(
        "  load: ok ({}), sha256 {}",
        human_bytes(std::fs::metadata(&args.bot)?.len()),
        module.sha256()
    );
    for e in module.exports() {
        println!("  export {}: {}", e.name, e.ty);
    }
    for i in module.imports() {
        println!("  import {}.{}: {}", i.module, i.name, i.ty);
    }
    let me = Measured {
        module,
        fuel: Arc::default(),
    };
    let name = module_name(&args.bot);
    let (rows, cols) = (choice.rows.min, choice.cols.min);
    let mut faults = Vec::new();
    let mut memory = 0u64;
    let (mut w, mut d, mut l) = (0, 0, 0);
    for g in 0..args.games {
        let opponent = OPPONENTS[g as usize % OPPONENTS.len()];
        let builtin = Builtin::new(choice.kind, opponent, None).map_err(anyhow::Error::msg)?;
        let seat = if g % 2 == 0 {
            Player::First
        } else {
            Player::Second
        };
        let entrants: [&dyn Entrant; 2] = match seat {
            Player::First => [&me, &builtin],
            Player::Second => [&builtin, &me],
        };
        let board = choice.kind.new_game(
            &choice.params(rows, cols),
            derive(args.seed, "check-board", &[&g]),
        )?;
        let seeds = [
            derive(args.seed, "check-bot", &[&g, &1]),
            derive(args.seed, "check-bot", &[&g, &2]),
        ];
        let record = play_game(board, entrants, seeds);
        let i = seat.index();
        memory = memory.max(record.memory[i]);
        let result = match record.outcome {
            Outcome::Win(p) if p == seat => {
                w += 1;
                "won"
            }
            Outcome::Win(_) => {
                l += 1;
                "lost"
            }
            Outcome::Draw => {
                d += 1;
                "drew"
            }
        };
        let fault = match &record.end {
            End::Fault { seat: s, fault } if *s == seat => Some(fault.to_string()),
            _ => None,
        };
        println!(
            "  game {}: {} as {seat} against builtin:{opponent}: {result} {}-{}{}",
            g + 1,
            name,
            record.scores[i],
            record.scores[1 - i],
            fault
                .as_ref()
                .map(|f| format!("  FAULT: {f}"))
                .unwrap_or_default()
        );
        if let Some(f) = fault {
            faults.push(format!("game {}: {f}", g + 1));
            if !record.outputs[i].is_empty() {
                println!("    its output:\n{}", indent(&record.outputs[i]));
            }
        }
    }
    let limit = sandbox.limits().fuel_per_move;
    println!("  record: {w} won, {d} drawn, {l} lost");
    let fuel = FuelStats::of(&me.fuel.lock().unwrap_or_else(PoisonError::into_inner));
    match fuel {
        Some(f) => println!(
            "  fuel per move: max {} ({:.1}% of the {limit} budget), mean {} over {} moves",
            f.max,
            100.0 * f.max as f64 / limit as f64,
            f.mean,
            f.moves
        ),
        None => println!("  fuel per move: no move was answered"),
    }
    println!("  memory: {}", human_bytes(memory));
    if faults.is_empty() {
        println!("verdict: READY");
        Ok(ExitCode::SUCCESS)
    } else {
        println!(
            "verdict: NOT READY: {} game(s) forfeited by a fault:",
            faults.len()
        );
        for f in &faults {
            println!("  {f}");
        }
        Ok(ExitCode::from(1))
    }
}

/// The module under check, fielded fresh for every game, with the fuel of every answer
/// its bots gave recorded (a move the referee then refused too: it cost that fuel).
struct Measured {
    module: WasmModule,
    fuel: Arc<Mutex<Vec<u64>>>,
}

impl Entrant for Measured {
    fn enter(&self, seed: u64) -> Result<Box<dyn Bot>, Entry> {
        let bot = self.module.instantiate(seed).map_err(Entry::Fault)?;
        Ok(Box::new(MeasuredBot {
            bot,
            fuel: Arc::clone(&self.fuel),
        }))
    }
}

/// One game's bot of [`Measured`].
struct MeasuredBot {
    bot: arena::runtime::WasmBot,
    fuel: Arc<Mutex<Vec<u64>>>,
}

impl Bot for MeasuredBot {
    fn choose_move(&mut self, words: &[i32]) -> Result<Reply, Fault> {
        let result = self.bot.choose_move(words);
        let used = match &result {
            Ok(reply) => Some(reply.fuel),
            Err(Fault::OutOfFuel { budget }) => Some(*budget),
            Err(_) => None,
        };
        if let Some(used) = used {
            self.fuel
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .push(used);
        }
        result
    }

    fn output(&self) -> String {
        self.bot.output()
    }

    fn memory_bytes(&self) -> u64 {
        self.bot.memory_bytes()
    }
}

/// Fuel per answered move: the most, the mean (rounded down) and how many.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct FuelStats {
    max: u64,
    mean: u64,
    moves: u64,
}

impl FuelStats {
    /// The statistics of `fuel` (one entry per move), `None` when there is none.
    fn of(fuel: &[u64]) -> Option<FuelStats> {
        let max = *fuel.iter().max()?;
        let total: u128 = fuel.iter().map(|&f| u128::from(f)).sum();
        let moves = fuel.len() as u64;
        Some(FuelStats {
            max,
            mean: (total / u128::from(moves)) as u64,
            moves,
        })
    }
}

fn indent(text: &str) -> String {
    text.lines()
        .map(|l| format!("      {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fuel_stats_are_per_move() {
        assert_eq!(FuelStats::of(&[]), None);
        assert_eq!(
            FuelStats::of(&[10, 20, 40]),
            Some(FuelStats {
                max: 40,
                mean: 23,
                moves: 3
            })
        );
        let huge = FuelStats::of(&[u64::MAX, u64::MAX]).unwrap();
        assert_eq!((huge.max, huge.mean), (u64::MAX, u64::MAX));
    }
}
