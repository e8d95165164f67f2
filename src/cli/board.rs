//! `arena board`: print a starting position for people or programs.

use std::process::ExitCode;

use super::common::GameChoice;
use super::BoardArgs;

pub fn run(args: BoardArgs) -> anyhow::Result<ExitCode> {
    let choice = GameChoice::new(&args.game, false)?;
    let (rows, cols) = (choice.rows.min, choice.cols.min);
    let game = choice
        .kind
        .new_game(&choice.params(rows, cols), args.seed)?;
    if args.json {
        let mut words = Vec::new();
        game.observation(0, 0, &mut words);
        let json = serde_json::json!({
            "game": choice.kind.info().name,
            "rows": rows,
            "cols": cols,
            "seed": args.seed,
            "setup": game.setup(),
            "cells": game.cells(),
            "state_words": words,
        });
        println!("{}", serde_json::to_string_pretty(&json)?);
    } else {
        println!(
            "{} {rows}x{cols}, seed {}",
            choice.kind.info().name,
            args.seed
        );
        print!("{}", game.render(super::common::use_color(false)));
    }
    Ok(ExitCode::SUCCESS)
}
