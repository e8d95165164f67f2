//! `arena replay RESULTS GAME_ID`: a recorded game, move by move.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use anyhow::Context as _;
use arena::output::replay::Replay;
use arena_games::find_game;

use super::common::use_color;
use super::ReplayArgs;

pub fn run(args: ReplayArgs) -> anyhow::Result<ExitCode> {
    if !args.results.is_dir() {
        anyhow::bail!("{}: no such results folder", args.results.display());
    }
    let replay = Replay::read(&args.results, args.game_id)?;
    let kind = find_game(&replay.game)?;
    replay
        .verify(kind)
        .map_err(anyhow::Error::msg)
        .with_context(|| format!("game {} does not re-check under the rules", args.game_id))?;
    let color = use_color(args.no_color);
    let mut state = kind.start_from_setup(&replay.setup)?;
    println!(
        "game {} ({}, series {}, round {}): {} (player 1) vs {} (player 2)",
        replay.game_id, replay.game, replay.series_id, replay.round, replay.bots[0], replay.bots[1]
    );
    print!("{}", state.render(color));
    let stdin = io::stdin();
    let mut input = stdin.lock().lines();
    for (i, &m) in replay.moves.iter().enumerate() {
        if args.step {
            print!("[Enter] for the next move ");
            io::stdout().flush()?;
            if input.next().is_none() {
                println!();
                return Ok(ExitCode::SUCCESS);
            }
        }
        let mover = state.to_move();
        let desc = state.describe_move(m).unwrap_or_else(|| m.to_string());
        state
            .play(m)
            .map_err(|e| anyhow::anyhow!("move {}: {e}", i + 1))?;
        println!(
            "\nmove {}: {mover} ({}) plays {desc}",
            i + 1,
            replay.bots[mover.index()]
        );
        print!("{}", state.render(color));
    }
    println!("\nresult {} ({})", replay.result, replay.end);
    if !replay.reason.is_empty() {
        println!("reason: {}", replay.reason);
    }
    for (i, out) in replay.outputs.iter().enumerate() {
        if !out.is_empty() {
            println!("output of {} (player {}):\n{out}", replay.bots[i], i + 1);
        }
    }
    Ok(ExitCode::SUCCESS)
}
