//! `arena check BOT`: what a student runs before handing a module in.
//!
//! Loads the module (every ABI check of the sandbox), lists its exports and imports,
//! plays a handful of games against the builtin bots from both seats, and reports faults,
//! fuel per move and memory. Exit 0 means ready, 1 not ready.

use std::process::ExitCode;

use arena::contestant::{module_name, Builtin, Wasm};
use arena::referee::{play_game, End, Entrant};
use arena::runtime::human_bytes;
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
    let me = Wasm(module);
    let name = module_name(&args.bot);
    let (rows, cols) = (choice.rows.min, choice.cols.min);
    let mut faults = Vec::new();
    let (mut fuel_total, mut fuel_max, mut moves, mut memory) = (0u64, 0u64, 0u64, 0u64);
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
        fuel_total += record.fuel[i];
        fuel_max = fuel_max.max(record.max_move_fuel[i]);
        moves += record.move_counts[i] as u64;
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
    println!(
        "  fuel per move: max {fuel_max} ({:.1}% of the {limit} budget), mean {}",
        100.0 * fuel_max as f64 / limit as f64,
        fuel_total.checked_div(moves).unwrap_or(0)
    );
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

fn indent(text: &str) -> String {
    text.lines()
        .map(|l| format!("      {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}
