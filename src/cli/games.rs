//! `arena games`: what can be played.

use std::process::ExitCode;

use arena::output::json::{pretty, table_only_games, GamesJson};
use arena_games::games;

use super::GamesArgs;

pub fn run(args: GamesArgs) -> anyhow::Result<ExitCode> {
    if args.json {
        print!("{}", pretty(&GamesJson::registered())?);
        return Ok(ExitCode::SUCCESS);
    }
    for g in games() {
        let info = g.info();
        println!("{:<12} {}", info.name, info.summary);
        println!(
            "{:<12} size: {}; default {}x{}",
            "", info.size_doc, info.default_rows, info.default_cols
        );
        println!(
            "{:<12} builtin bots: {}",
            "",
            g.strategy_names()
                .iter()
                .map(|s| format!("builtin:{s}"))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    println!();
    println!(
        "games for one to four seats (tables of the field in every seating; docs/TOURNAMENT.md):"
    );
    for kind in table_only_games() {
        let info = kind.info();
        let seats = kind.seats();
        println!("{:<12} {}", info.name, info.summary);
        let roles = kind.roles();
        println!(
            "{:<12} seats: {}{}; size: {}; default {}x{}",
            "",
            if seats.min == seats.max {
                seats.min.to_string()
            } else {
                format!("{} to {} (--option players=N)", seats.min, seats.max)
            },
            if roles.is_empty() {
                String::new()
            } else {
                format!("; roles: {}", roles.join(", "))
            },
            info.size_doc,
            info.default_rows,
            info.default_cols
        );
        for o in info.options {
            println!("{:<12} --option {}={}: {}", "", o.name, o.values, o.doc);
        }
        println!(
            "{:<12} builtin bots: {}",
            "",
            kind.strategy_names()
                .iter()
                .map(|s| format!("builtin:{s}"))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    println!(
        "king, queen, rook, knight    also for three: --option players=3 (builtin:random, greedy, maxn)"
    );
    Ok(ExitCode::SUCCESS)
}
