//! `arena match A B`: a head-to-head with a running score, as chess runners print it,
//! in any game of two seats (a two-seat game of the registry, or a game of the table
//! model played by two).

use std::collections::BTreeMap;
use std::process::ExitCode;

use anyhow::bail;
use arena::field::{load_one, load_one_table, Named};
use arena::output::json::{pretty, MatchGameJson, MatchJson, VERSION};
use arena::record::ResultCode;
use arena::referee::at_table;
use arena::rng_size::SizeRange;
use arena::seeds::{Root, Secret};
use arena::series::{Length, Series, Side};
use arena_games::game::Score;
use arena_games::registry::TableKind;
use arena_games::{GameParams, Outcome, Player};

use super::common::{check_depth_flag, sandbox, stop_on_harness_problem};
use super::table_choice::{choose, Choice};
use super::MatchArgs;

/// The game of a match, at the table, with the sizes its boards are drawn from.
struct Board {
    kind: &'static dyn TableKind,
    rows: SizeRange,
    cols: SizeRange,
    options: BTreeMap<String, String>,
}

impl Board {
    /// Where the match's seeds come from: `--seed` alone for a game without hidden setup
    /// (a `--secret` is refused), else the seed and the secret given or a fresh one.
    fn root(&self, seed: u64, given: Option<&Secret>) -> anyhow::Result<Root> {
        let name = self.kind.info().name;
        let hides = self
            .kind
            .hides_setup(&self.params(self.rows.max, self.cols.max));
        let secret = match (hides, given) {
            (false, Some(_)) => bail!(
                "--secret: {name} with these options deals no hidden setup (both seats see the whole board), so its boards come from --seed alone; leave the secret out"
            ),
            (false, None) => None,
            (true, Some(given)) => Some(given.clone()),
            (true, None) => Some(Secret::draw()?),
        };
        Ok(Root { seed, secret })
    }

    fn params(&self, rows: u32, cols: u32) -> GameParams {
        GameParams {
            rows: Some(rows),
            cols: Some(cols),
            options: self.options.clone(),
        }
    }
}

/// The game and the two bots of the match.
fn entrants(args: &MatchArgs, choice: Choice) -> anyhow::Result<(Board, Named, Named)> {
    match choice {
        Choice::TwoSeat(choice) => {
            check_depth_flag(args.depth, choice.kind)?;
            let sandbox = sandbox(&args.limits)?;
            let a = load_one(&args.a, choice.kind, args.depth, &sandbox)?;
            let b = load_one(&args.b, choice.kind, args.depth, &sandbox)?;
            let board = Board {
                kind: at_table(choice.kind),
                rows: choice.rows,
                cols: choice.cols,
                options: choice.options,
            };
            Ok((board, a, b))
        }
        Choice::Table(choice) => {
            let name = choice.kind.info().name;
            if choice.seats != 2 {
                match choice.options.get("players") {
                    Some(n) => bail!("--option players={n}: this command plays two seats only; `arena tournament`, `arena play` and `arena check` play {name} with {n}"),
                    None => bail!("`{name}` seats {}: this command plays two seats only; `arena tournament`, `arena play` and `arena check` play it", choice.seats),
                }
            }
            if let Some(d) = args.depth {
                bail!(
                    "--depth {d}: {name} takes a builtin's depth in its name (builtin:NAME:DEPTH)"
                );
            }
            let sandbox = sandbox(&args.limits)?;
            let params = choice.params(choice.rows.max, choice.cols.max);
            let a = load_one_table(&args.a, choice.kind, &params, 2, &sandbox)?;
            let b = load_one_table(&args.b, choice.kind, &params, 2, &sandbox)?;
            let board = Board {
                kind: choice.kind,
                rows: choice.rows,
                cols: choice.cols,
                options: choice.options,
            };
            Ok((board, a, b))
        }
    }
}

/// A score as the JSON holds it: a number when whole, else its exact fraction (`1/2`).
fn score_json(score: Score) -> serde_json::Value {
    if score.is_integer() {
        score.numerator().into()
    } else {
        score.to_string().into()
    }
}

pub fn run(args: MatchArgs) -> anyhow::Result<ExitCode> {
    if args.sprt.sprt {
        return super::sprt_match::run(args);
    }
    let count = args.games.unwrap_or(10);
    let choice = choose(&args.game, true)?;
    if count == 0 {
        bail!("--games must be at least 1");
    }
    let (choice, a, b) = entrants(&args, choice)?;
    let root = choice.root(args.seed, args.secret.as_ref())?;
    // Wins, losses and draws from A's side; A moves first in the first game.
    let (mut w, mut l, mut d) = (0u32, 0u32, 0u32);
    let mut games = Vec::new();
    let sides = [&*a.entrant, &*b.entrant];
    let series = Series::new(Length::Games(count), Side::A);
    let run = series.run(|sg| -> anyhow::Result<Outcome> {
        let i = sg.index;
        let board_seed = root.derive("match-board", &[&i]);
        let size_seed = root.derive("match-size", &[&i]);
        let (rows, cols) = (
            choice.rows.pick(size_seed, 0),
            choice.cols.pick(size_seed, 1),
        );
        let game = choice
            .kind
            .new_game(&choice.params(rows, cols), board_seed)?;
        let seeds = [
            root.derive("match-bot", &[&i, &1]),
            root.derive("match-bot", &[&i, &2]),
        ];
        let record = sg.play(game, sides, seeds);
        let outcome = record.outcome();
        stop_on_harness_problem(
            format_args!("game {} could not be played", i + 1),
            record.end.harness_problem(),
        )?;
        let a_seat = sg.seat(Side::A);
        match outcome {
            Outcome::Win(p) if p == a_seat => w += 1,
            Outcome::Win(_) => l += 1,
            Outcome::Draw => d += 1,
        }
        let seat = |i: usize| Player::from_index(i).expect("a seat of two");
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
                result: ResultCode::of(outcome),
                end: record.end.kind(),
                culprit: record.culprit().map(|i| seat_name(seat(i)).clone()),
                reason: record.end.reason(),
                scores: [0, 1].map(|i| score_json(record.scores[i])),
                fuel: [record.fuel[0], record.fuel[1]],
            });
            return Ok(outcome);
        }
        let n = w + l + d;
        let score = (w as f64 + d as f64 / 2.0) / n as f64;
        let note = match record.culprit() {
            Some(i) => format!("  ({} by {})", record.end.kind(), seat_name(seat(i))),
            None => String::new(),
        };
        println!(
            "Score of {} vs {}: {w} - {l} - {d}  [{score:.3}] {n}{note}",
            a.name, b.name
        );
        Ok(outcome)
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
