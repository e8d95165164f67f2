//! `arena games`: what can be played.

use std::process::ExitCode;

use arena::output::json::{pretty, GamesJson};
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
    Ok(ExitCode::SUCCESS)
}
