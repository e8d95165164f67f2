//! `arena replay RESULTS GAME_ID`: a recorded game, move by move.
//!
//! With `--step` it waits between moves: Enter (or `n`) for the next move, `b` to go
//! back one, `q` to quit.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use anyhow::Context as _;
use arena::bot_name::escape_message;
use arena::output::manifest::Manifest;
use arena::output::replay_store::Store;
use arena_games::{find_game, AnyGame};

use super::common::use_color;
use super::ReplayArgs;

pub fn run(args: ReplayArgs) -> anyhow::Result<ExitCode> {
    super::results_dir::require(&args.results)?;
    if Manifest::read(&args.results)?.is_none() {
        anyhow::bail!(
            "{}: no tournament.json: not a results folder",
            arena::bot_name::escape_path(&args.results)
        );
    }
    let store = Store::open(&args.results)?;
    let Some(text) = store.text(args.game_id)? else {
        anyhow::bail!(
            "{}: game {} has no replay in this results folder ({}; the game ids are in games.csv)",
            args.results.display(),
            args.game_id,
            recorded_ids(&store)
        );
    };
    if text.starts_with(arena::output::table_replay::MAGIC) {
        return super::table_replay::run(&args, &text);
    }
    let replay = store.replay(&args.results, args.game_id)?;
    let kind = find_game(&replay.game)?;
    replay
        .verify(kind)
        .map_err(anyhow::Error::msg)
        .with_context(|| format!("game {} does not re-check under the rules", args.game_id))?;
    let color = use_color(args.no_color);
    // Every position of the game, so that `--step` can go back.
    let mut states: Vec<Box<dyn AnyGame>> = vec![kind.start_from_setup(&replay.setup)?];
    for (i, &m) in replay.moves.iter().enumerate() {
        let mut next = states[i].clone_box();
        next.play(m)
            .map_err(|e| anyhow::anyhow!("move {}: {e}", i + 1))?;
        states.push(next);
    }
    println!(
        "game {} ({}, series {}, round {}): {} (seat 1, moves first) vs {} (seat 2)",
        replay.game_id, replay.game, replay.series_id, replay.round, replay.bots[0], replay.bots[1]
    );
    print_legend(&replay.game, color);
    let show = |i: usize| {
        if i == 0 {
            print!("{}", states[0].render(color));
        } else {
            let before = &states[i - 1];
            let m = replay.moves[i - 1];
            let mover = before.to_move();
            let desc = before.describe_move(m).unwrap_or_else(|| m.to_string());
            println!(
                "\nmove {i}: seat {} ({}) plays {desc}",
                mover.number(),
                replay.bots[mover.index()]
            );
            print!("{}", states[i].render(color));
        }
    };
    show(0);
    if !play_through(replay.moves.len(), args.step, &show)? {
        return Ok(ExitCode::SUCCESS);
    }
    println!("\nresult {} ({})", replay.result, replay.end);
    if !replay.reason.is_empty() {
        println!("reason: {}", escape_message(&replay.reason));
    }
    for (i, out) in replay.outputs.iter().enumerate() {
        if !out.is_empty() {
            println!(
                "output of {} (seat {}):\n{}",
                replay.bots[i],
                i + 1,
                terminal_text(out)
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// How `game`'s moves are written and, in colour, what its board's colours mean: the
/// legend the results page's replay gives ([`arena_view::notation`],
/// [`arena_view::colours`]).
pub(super) fn print_legend(game: &str, color: bool) {
    if let Some(notation) = arena_view::notation(game) {
        println!("notation: {notation}");
    }
    let colours = arena_view::colours(game);
    if color && !colours.is_empty() {
        let shown: Vec<String> = colours
            .iter()
            .map(|(classes, meaning)| format!("\x1b[{}m   \x1b[0m {meaning}", sgr(classes)))
            .collect();
        println!("board colours: {}", shown.join(", "));
    }
}

/// The SGR parameters of [`arena_view::ansi`]'s classes (`f30 b104 bo` is `30;104;1`).
fn sgr(classes: &str) -> String {
    let codes: Vec<&str> = classes
        .split(' ')
        .map(|c| match c {
            "bo" => "1",
            c => c.trim_start_matches(['f', 'b']),
        })
        .collect();
    codes.join(";")
}

/// A bot's captured output as it may reach a terminal: line by line, every control and
/// invisible character escaped (`\x1b`, `\u{202e}`) but the tab, so that the output can
/// neither move the cursor, recolour, retitle or clear the terminal, nor forge a line of
/// arena's own; what it printed stays readable.
pub(super) fn terminal_text(output: &str) -> String {
    output
        .lines()
        .map(|line| {
            line.split('\t')
                .map(escape_message)
                .collect::<Vec<_>>()
                .join("\t")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Shows positions 1 ..= `last` (position 0 is shown already): all at once, or with
/// `step` one at a time as the person asks (Enter or `n` next, `b` back, `q` quit).
/// Returns whether the end was reached (false: the person quit or the input ended).
pub(super) fn play_through(last: usize, step: bool, show: &dyn Fn(usize)) -> io::Result<bool> {
    if !step {
        for i in 1..=last {
            show(i);
        }
        return Ok(true);
    }
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut bytes = Vec::new();
    let mut at = 0;
    while at < last {
        print!("[Enter] next move, b back, q quit: ");
        io::stdout().flush()?;
        // Bytes, not text: a stray byte that is not UTF-8 is an unknown answer, not an
        // error that ends the replay.
        bytes.clear();
        if input.read_until(b'\n', &mut bytes)? == 0 {
            println!();
            return Ok(false);
        }
        match String::from_utf8_lossy(&bytes).trim() {
            "" | "n" | "next" => {
                at += 1;
                show(at);
            }
            "b" | "back" if at > 0 => {
                at -= 1;
                println!("\nback to {}", position_name(at));
                show(at);
            }
            "b" | "back" => println!("already at the start"),
            "q" | "quit" => return Ok(false),
            other => println!(
                "`{}`: press Enter for the next move, b to go back, q to quit",
                escape_message(other)
            ),
        }
    }
    Ok(true)
}

fn position_name(at: usize) -> String {
    if at == 0 {
        "the start".to_string()
    } else {
        format!("move {at}")
    }
}

/// The game ids that have a replay in the store, as a short range or list.
fn recorded_ids(store: &Store) -> String {
    let ids: Vec<u64> = store.ids().collect();
    match (ids.first(), ids.last()) {
        (Some(first), Some(last)) if (last - first) as usize + 1 == ids.len() => {
            format!("it has replays of games {first} to {last}")
        }
        (Some(_), Some(_)) => format!("it has replays of {} games", ids.len()),
        _ => "it has no replays".to_string(),
    }
}
