//! `arena match A B`: a head-to-head with a running score, as chess runners print it.

use std::process::ExitCode;

use arena::output::json::{pretty, MatchGameJson, MatchJson, VERSION};
use arena::record::ResultCode;
use arena::seeds::derive;
use arena::series::{Length, Series, Side};
use arena_games::{Outcome, Player};

use arena::field::load_one;

use super::common::{check_depth_flag, sandbox, stop_on_harness_problem, GameChoice};
use super::MatchArgs;

pub fn run(args: MatchArgs) -> anyhow::Result<ExitCode> {
    if args.sprt.sprt {
        return super::sprt_match::run(args);
    }
    let count = args.games.unwrap_or(10);
    let choice = GameChoice::new(&args.game, true)?;
    if count == 0 {
        anyhow::bail!("--games must be at least 1");
    }
    check_depth_flag(args.depth, choice.kind)?;
    let sandbox = sandbox(&args.limits)?;
    let a = load_one(&args.a, choice.kind, args.depth, &sandbox)?;
    let b = load_one(&args.b, choice.kind, args.depth, &sandbox)?;
    // Wins, losses and draws from A's side; A moves first in the first game.
    let (mut w, mut l, mut d) = (0u32, 0u32, 0u32);
    let mut games = Vec::new();
    let sides = [&*a.entrant, &*b.entrant];
    let series = Series::new(Length::Games(count), Side::A);
    let run = series.run(|sg| -> anyhow::Result<Outcome> {
        let i = sg.index;
        let board_seed = derive(args.seed, "match-board", &[&i]);
        let size_seed = derive(args.seed, "match-size", &[&i]);
        let (rows, cols) = (
            choice.rows.pick(size_seed, 0),
            choice.cols.pick(size_seed, 1),
        );
        let game = choice
            .kind
            .new_game(&choice.params(rows, cols), board_seed)?;
        let seeds = [
            derive(args.seed, "match-bot", &[&i, &1]),
            derive(args.seed, "match-bot", &[&i, &2]),
        ];
        let record = sg.play(game, sides, seeds);
        stop_on_harness_problem(
            format_args!("game {} could not be played", i + 1),
            record.end.harness_problem(),
        )?;
        let a_seat = sg.seat(Side::A);
        match record.outcome {
            Outcome::Win(p) if p == a_seat => w += 1,
            Outcome::Win(_) => l += 1,
            Outcome::Draw => d += 1,
        }
        let seat_name = |p: Player| if p == a_seat { &a.name } else { &b.name };
        if args.json {
            games.push(MatchGameJson {
                game: i + 1,
                first: seat_name(Player::First).clone(),
                second: seat_name(Player::Second).clone(),
                size: [rows, cols],
                board_seed,
                bot_seeds: seeds,
                setup: record.setup.clone(),
                moves: record.moves.clone(),
                result: ResultCode::of(record.outcome),
                end: record.end.kind(),
                culprit: record.end.culprit().map(|p| seat_name(p).clone()),
                reason: record.end.reason(),
                scores: record.scores,
                fuel: record.fuel,
            });
            return Ok(record.outcome);
        }
        let n = w + l + d;
        let score = (w as f64 + d as f64 / 2.0) / n as f64;
        let note = match record.end.culprit() {
            Some(p) => format!("  ({} by {})", record.end.kind(), seat_name(p)),
            None => String::new(),
        };
        println!(
            "Score of {} vs {}: {w} - {l} - {d}  [{score:.3}] {n}{note}",
            a.name, b.name
        );
        Ok(record.outcome)
    });
    if let Some(e) = run.stopped {
        return Err(e);
    }
    if args.json {
        print!(
            "{}",
            pretty(&MatchJson {
                version: VERSION,
                game: choice.kind.info().name.to_string(),
                a: a.name.clone(),
                b: b.name.clone(),
                seed: args.seed,
                a_won: w,
                a_lost: l,
                drawn: d,
                games,
            })?
        );
    }
    Ok(ExitCode::SUCCESS)
}
