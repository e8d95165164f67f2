//! `arena replay` of a game of the table model: re-checked under the rules, then drawn
//! move by move for an onlooker (every piece and the hidden setup: the game is over).

use std::process::ExitCode;

use anyhow::Context as _;
use arena::bot_name::escape_message;
use arena::output::table_replay::TableReplay;
use arena_games::game::Viewer;
use arena_games::registry::{find_table_game, AnyTable};

use super::common::use_color;
use super::replay::{play_through, terminal_text};
use super::ReplayArgs;

pub fn run(args: &ReplayArgs, text: &str) -> anyhow::Result<ExitCode> {
    let replay = TableReplay::parse(text)
        .with_context(|| format!("game {}: the replay does not read", args.game_id))?;
    let kind = find_table_game(&replay.game)?;
    replay
        .verify(kind)
        .with_context(|| format!("game {} does not re-check under the rules", args.game_id))?;
    let color = use_color(args.no_color);
    let mut states: Vec<Box<dyn AnyTable>> = vec![kind.start_from_setup(&replay.setup)?];
    for (i, &(_, m)) in replay.moves.iter().enumerate() {
        let mut next = states[i].clone_box();
        next.play(m)
            .map_err(|e| anyhow::anyhow!("move {}: {e}", i + 1))?;
        states.push(next);
    }
    let players: Vec<String> = replay
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| format!("{} (seat {})", s.bot, i + 1))
        .collect();
    println!(
        "game {} ({}, series {}, round {}): {}",
        replay.game_id,
        replay.game,
        replay.series_id,
        replay.round,
        players.join(", ")
    );
    super::replay::print_legend(&replay.game, color);
    let show = |i: usize| {
        if i > 0 {
            let (seat, m) = replay.moves[i - 1];
            let desc = states[i - 1]
                .describe_move(m)
                .unwrap_or_else(|| m.to_string());
            println!(
                "\nmove {i}: seat {} ({}) plays {desc}",
                seat + 1,
                replay.seats[usize::from(seat)].bot
            );
        }
        print!("{}", states[i].render(Viewer::All, color));
    };
    show(0);
    if !play_through(replay.moves.len(), args.step, &show)? {
        return Ok(ExitCode::SUCCESS);
    }
    println!("\nend: {}", replay.end);
    if !replay.reason.is_empty() {
        println!("reason: {}", escape_message(&replay.reason));
    }
    for (i, seat) in replay.seats.iter().enumerate() {
        println!(
            "seat {} ({}): rank {}, score {}",
            i + 1,
            seat.bot,
            seat.rank,
            seat.score
        );
    }
    for (i, seat) in replay.seats.iter().enumerate() {
        if !seat.output.is_empty() {
            println!(
                "output of {} (seat {}):\n{}",
                seat.bot,
                i + 1,
                terminal_text(&seat.output)
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}
