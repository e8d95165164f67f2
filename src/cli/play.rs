//! `arena play`: a game in the terminal, people against people or bots.
//!
//! People type moves (MathTricks: `row col`); anything wrong is explained and asked
//! again, never ending the game. `q` (or `quit`) abandons the game, as does the end of
//! input. The end is said once: the final position's own "game over" line.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use arena::bot::Bot;
use arena::referee::{explain, Entry};
use arena::seeds::derive;
use arena_games::Outcome;

use super::common::{sandbox, use_color, GameChoice};
use super::PlayArgs;

enum Seat {
    Human,
    Bot { name: String, bot: Box<dyn Bot> },
}

pub fn run(args: PlayArgs) -> anyhow::Result<ExitCode> {
    let choice = GameChoice::new(&args.game, false)?;
    let seed = args.seed.unwrap_or_else(fresh_seed);
    let color = use_color(args.no_color);
    let sandbox = sandbox(&args.limits, 1)?;
    let mut seats = Vec::new();
    for (i, spec) in [&args.p1, &args.p2].into_iter().enumerate() {
        if spec == "human" {
            seats.push(Seat::Human);
            continue;
        }
        let named = arena::field::load_one(spec, choice.kind, None, &sandbox)?;
        let bot_seed = derive(seed, "play-bot", &[&(i + 1)]);
        let bot = named.entrant.enter(bot_seed).map_err(|e| match e {
            Entry::Fault(f) => anyhow::anyhow!("{spec}: {f}"),
            Entry::Disqualified(reason) => anyhow::anyhow!("{spec}: {reason}"),
        })?;
        seats.push(Seat::Bot {
            name: named.name,
            bot,
        });
    }
    let (rows, cols) = (choice.rows.min, choice.cols.min);
    let mut game = choice.kind.new_game(&choice.params(rows, cols), seed)?;
    println!(
        "{} {rows}x{cols}, seed {seed} (play it again with --seed {seed})",
        choice.kind.info().name
    );
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines();
    let mut words = Vec::new();
    let mut ply = 0u32;
    while !game.is_terminal() {
        print!("\n{}", game.render(color));
        let seat = game.to_move();
        match &mut seats[seat.index()] {
            Seat::Human => loop {
                print!("{} (q to quit): ", game.move_prompt());
                io::stdout().flush()?;
                let Some(line) = lines.next() else {
                    println!("\ninput ended: game abandoned");
                    return Ok(ExitCode::SUCCESS);
                };
                let line = line?;
                if matches!(line.trim(), "q" | "quit") {
                    println!("game abandoned");
                    return Ok(ExitCode::SUCCESS);
                }
                let played = match game.parse_move(&line) {
                    Ok(m) => game.play(m).map_err(|e| e.reason),
                    Err(e) => Err(e.to_string()),
                };
                match played {
                    Ok(()) => break,
                    Err(why) => println!("{why}; try again"),
                }
            },
            Seat::Bot { name, bot } => {
                game.observation(
                    ply,
                    derive(seed, "play-bot", &[&(seat.index() + 1)]),
                    &mut words,
                );
                let legal = || game.legal_moves();
                let answer = bot.choose_move_with(&words, &legal);
                let played = answer
                    .map_err(|f| explain(f, &bot.output()).to_string())
                    .and_then(|reply| {
                        let desc = game
                            .describe_move(reply.raw)
                            .unwrap_or_else(|| reply.raw.to_string());
                        game.play(reply.raw)
                            .map(|()| desc)
                            .map_err(|e| e.to_string())
                    });
                match played {
                    Ok(desc) => println!("{seat} ({name}) plays {desc}"),
                    Err(why) => {
                        println!("{seat} ({name}) forfeits: {why}");
                        println!("{} wins", seat.other());
                        return Ok(ExitCode::SUCCESS);
                    }
                }
            }
        }
        ply += 1;
    }
    // The final drawing ends with the game's own "game over" line: said once.
    print!("\n{}", game.render(color));
    if let Some(Outcome::Win(p)) = game.outcome() {
        if let Seat::Bot { name, .. } = &seats[p.index()] {
            println!("({p} is {name})");
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// A seed for a game nobody asked to repeat: hand play only, never tournaments.
fn fresh_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64 % 1_000_000)
        .unwrap_or(0)
}
