//! `arena replay RESULTS GAME_ID`: a recorded game of any game, move by move, re-checked
//! under the rules first and drawn for an onlooker.
//!
//! With `--step` it waits between moves: Enter (or `n`) for the next move, `b` to go
//! back one, `q` to quit.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use anyhow::Context as _;
use arena::bot_name::escape_message;
use arena::output::manifest::Manifest;
use arena::output::replay::Replay;
use arena::output::replay_store::Store;
use arena::output::table_replay::TableReplay;
use arena_games::find_game;
use arena_games::game::Viewer;
use arena_games::registry::{find_table_game, AnyTable};

use super::common::use_color;
use super::ReplayArgs;

/// A recorded game of either replay format, re-checked and ready to draw: every position
/// at the table, each move with its seat, and what is said once it is over.
struct Shown {
    /// The heading: the game, its series and its seats.
    heading: String,
    game: String,
    /// Every position, from the start (so that `--step` can go back).
    states: Vec<Box<dyn AnyTable>>,
    /// Each move with the seat (from 0) that played it.
    moves: Vec<(usize, i32)>,
    /// Each seat's bot.
    bots: Vec<String>,
    /// The lines said at the end: the result and reason, each seat's rank and score.
    ending: Vec<String>,
    /// Each seat's captured output.
    outputs: Vec<String>,
}

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
    let shown = if text.starts_with(arena::output::table_replay::MAGIC) {
        table_game(args.game_id, &text)?
    } else {
        two_seat_game(&store.replay(&args.results, args.game_id)?)?
    };
    let color = use_color(args.no_color);
    println!("{}", shown.heading);
    print_legend(&shown.game, color);
    let show = |i: usize| {
        if i > 0 {
            let (seat, m) = shown.moves[i - 1];
            let desc = shown.states[i - 1]
                .describe_move(m)
                .unwrap_or_else(|| m.to_string());
            println!(
                "\nmove {i}: seat {} ({}) plays {desc}",
                seat + 1,
                shown.bots[seat]
            );
        }
        print!("{}", shown.states[i].render(Viewer::All, color));
    };
    show(0);
    if !play_through(shown.moves.len(), args.step, &show)? {
        return Ok(ExitCode::SUCCESS);
    }
    println!();
    for line in &shown.ending {
        println!("{line}");
    }
    for (i, out) in shown.outputs.iter().enumerate() {
        if !out.is_empty() {
            println!(
                "output of {} (seat {}):\n{}",
                shown.bots[i],
                i + 1,
                terminal_text(out)
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Every position after `moves` from `start`, each move checked again.
fn positions(
    start: Box<dyn AnyTable>,
    moves: &[(usize, i32)],
) -> anyhow::Result<Vec<Box<dyn AnyTable>>> {
    let mut states = vec![start];
    for (i, &(_, m)) in moves.iter().enumerate() {
        let mut next = states[i].clone_box();
        next.play(m)
            .map_err(|e| anyhow::anyhow!("move {}: {e}", i + 1))?;
        states.push(next);
    }
    Ok(states)
}

/// A two-seat game's replay, re-checked under the rules.
fn two_seat_game(replay: &Replay) -> anyhow::Result<Shown> {
    let game_id = replay.game_id;
    replay
        .verify(find_game(&replay.game)?)
        .map_err(anyhow::Error::msg)
        .with_context(|| format!("game {game_id} does not re-check under the rules"))?;
    let start = find_table_game(&replay.game)?.start_from_setup(&replay.setup)?;
    // The seat of each move: the one to move before it.
    let mut state = start.clone_box();
    let mut moves = Vec::with_capacity(replay.moves.len());
    for &m in &replay.moves {
        moves.push((state.to_move().index(), m));
        state.play(m).map_err(|e| anyhow::anyhow!("{e}"))?;
    }
    let mut ending = vec![format!("result {} ({})", replay.result, replay.end)];
    if !replay.reason.is_empty() {
        ending.push(format!("reason: {}", escape_message(&replay.reason)));
    }
    Ok(Shown {
        heading: format!(
            "game {game_id} ({}, series {}, round {}): {} (seat 1, moves first) vs {} (seat 2)",
            replay.game, replay.series_id, replay.round, replay.bots[0], replay.bots[1]
        ),
        game: replay.game.clone(),
        states: positions(start, &moves)?,
        moves,
        bots: replay.bots.to_vec(),
        ending,
        outputs: replay.outputs.to_vec(),
    })
}

/// A game of the table model's replay, re-checked under the rules (drawn for an
/// onlooker: every piece and the hidden setup, the game is over).
fn table_game(game_id: u64, text: &str) -> anyhow::Result<Shown> {
    let replay = TableReplay::parse(text)
        .with_context(|| format!("game {game_id}: the replay does not read"))?;
    let kind = find_table_game(&replay.game)?;
    replay
        .verify(kind)
        .with_context(|| format!("game {game_id} does not re-check under the rules"))?;
    let moves: Vec<(usize, i32)> = replay
        .moves
        .iter()
        .map(|&(seat, m)| (usize::from(seat), m))
        .collect();
    let bots: Vec<String> = replay.seats.iter().map(|s| s.bot.clone()).collect();
    let players: Vec<String> = bots
        .iter()
        .enumerate()
        .map(|(i, bot)| format!("{bot} (seat {})", i + 1))
        .collect();
    let mut ending = vec![format!("end: {}", replay.end)];
    if !replay.reason.is_empty() {
        ending.push(format!("reason: {}", escape_message(&replay.reason)));
    }
    for (i, seat) in replay.seats.iter().enumerate() {
        ending.push(format!(
            "seat {} ({}): rank {}, score {}",
            i + 1,
            seat.bot,
            seat.rank,
            seat.score
        ));
    }
    Ok(Shown {
        heading: format!(
            "game {} ({}, series {}, round {}): {}",
            replay.game_id,
            replay.game,
            replay.series_id,
            replay.round,
            players.join(", ")
        ),
        game: replay.game.clone(),
        states: positions(kind.start_from_setup(&replay.setup)?, &moves)?,
        moves,
        outputs: replay.seats.iter().map(|s| s.output.clone()).collect(),
        bots,
        ending,
    })
}

/// How `game`'s moves are written and, in colour, what its board's colours mean: the
/// legend the results page's replay gives ([`arena_view::notation`],
/// [`arena_view::colours`]).
fn print_legend(game: &str, color: bool) {
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
fn terminal_text(output: &str) -> String {
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
fn play_through(last: usize, step: bool, show: &dyn Fn(usize)) -> io::Result<bool> {
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
