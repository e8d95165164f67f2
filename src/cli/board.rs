//! `arena board`: print a starting position for people or programs.

use std::process::ExitCode;

use arena_games::game::{Seat, Viewer};

use super::table_choice::{choose, Choice, TableChoice};
use super::BoardArgs;

pub fn run(args: BoardArgs) -> anyhow::Result<ExitCode> {
    let choice = match choose(&args.game, false)? {
        Choice::TwoSeat(choice) => choice,
        Choice::Table(choice) => return table(&args, &choice),
    };
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

/// A starting position of a game of the table model: drawn as the first mover sees it
/// (the pieces, the obstacles, the target; minesweeper's mines stay hidden), or as JSON
/// with the setup (hidden setup included), every seat's role and team and the words the
/// first mover receives.
fn table(args: &BoardArgs, choice: &TableChoice) -> anyhow::Result<ExitCode> {
    let (rows, cols) = (choice.rows.min, choice.cols.min);
    let game = choice
        .kind
        .new_game(&choice.params(rows, cols), args.seed)?;
    let name = choice.kind.info().name;
    if args.json {
        let mut words = Vec::new();
        game.observation(0, 0, &mut words);
        let seats: Vec<serde_json::Value> = (0..game.seat_count())
            .map(|s| {
                let seat = Seat::new(s).expect("at most four seats");
                serde_json::json!({
                    "seat": s + 1,
                    "role": game.role(seat),
                    "team": game.team(seat),
                })
            })
            .collect();
        let json = serde_json::json!({
            "game": name,
            "rows": rows,
            "cols": cols,
            "options": choice.options,
            "seed": args.seed,
            "setup": game.setup(),
            "seats": seats,
            "first_mover_words": words,
        });
        println!("{}", serde_json::to_string_pretty(&json)?);
    } else {
        println!(
            "{name} {rows}x{cols}, {}, seed {}",
            arena::units::counted(game.seat_count(), "seat", "seats"),
            args.seed
        );
        print!(
            "{}",
            game.render(
                Viewer::Seat(game.to_move()),
                super::common::use_color(false)
            )
        );
    }
    Ok(ExitCode::SUCCESS)
}
