//! The games of `arena check`, for every game: the module in every seat in turn (game
//! `g` in seat `g mod seats`), the other seats held by the game's builtins in turn,
//! weakest first.

use std::sync::{Arc, PoisonError};

use arena::contestant::Builtin;
use arena::referee::{self, End, Entrant};
use arena::runtime::{check_plays, Limits, PlaysRefusal, WasmModule};
use arena::seeds::{Root, Secret};

use super::report::{FaultReport, Fuel, GameReport, Report};
use super::{FuelStats, Measured};
use crate::cli::common::stop_on_harness_problem;
use crate::cli::table_choice::TableChoice;
use crate::cli::CheckArgs;

/// The builtins that hold the other seats, weakest first: `random`, `greedy`, then a
/// two-seat game's `alphabeta`, or a table game's strongest that can play these
/// parameters.
fn opponents(choice: &TableChoice, two_seat: bool) -> anyhow::Result<Vec<Builtin>> {
    let params = [choice.params(choice.rows.min, choice.cols.min)];
    let mut names = vec!["random", "greedy"];
    let strong: &[&str] = if two_seat {
        &["alphabeta"]
    } else {
        &["perfect", "solver", "maxn"]
    };
    if let Some(name) = strong.iter().find(|&&n| {
        choice.kind.strategy_names().contains(&n)
            && Builtin::at_table(choice.kind, n, None, &params).is_ok()
    }) {
        names.push(name);
    }
    names
        .into_iter()
        .map(|n| Ok(Builtin::at_table(choice.kind, n, None, &params)?))
        .collect()
}

/// Where the games' seeds come from: the seed alone for a game without hidden setup (a
/// `--secret` is refused), else the seed and the secret given or a fresh one.
fn root(
    args: &CheckArgs,
    choice: &TableChoice,
    params: &arena_games::GameParams,
) -> anyhow::Result<Root> {
    let name = choice.kind.info().name;
    let secret = match (choice.kind.hides_setup(params), &args.secret) {
        (false, Some(_)) => anyhow::bail!(
            "--secret: {name} with these options deals no hidden setup (every seat sees the whole board), so its boards come from --seed alone; leave the secret out"
        ),
        (false, None) => None,
        (true, Some(given)) => Some(given.clone()),
        (true, None) => Some(Secret::draw()?),
    };
    Ok(Root {
        seed: args.seed,
        secret,
    })
}

/// Plays `args.games` games, the module in seat `g mod seats` of game `g`, the other
/// seats taken by the builtins in turn; `two_seat`: a two-seat game of the `Game` model
/// (no `arena_plays` asked, each game's score against the other's).
pub(super) fn play(
    args: &CheckArgs,
    choice: &TableChoice,
    two_seat: bool,
    module: WasmModule,
    limits: &Limits,
    report: &mut Report,
) -> anyhow::Result<()> {
    let info = choice.kind.info();
    let declared = if two_seat {
        Ok(())
    } else {
        check_plays(&module, info.id, info.name, choice.seats)
    };
    if let Err(refusal) = declared {
        if let PlaysRefusal::Fault { fault, .. } = &refusal {
            stop_on_harness_problem("asking its arena_plays failed", fault.harness_problem())?;
        }
        report
            .problems
            .push(format!("a tournament would disqualify it: {refusal}"));
        return Ok(());
    }
    let me = Measured {
        module,
        fuel: Arc::default(),
    };
    let builtins = opponents(choice, two_seat)?;
    let seats = usize::from(choice.seats);
    let params = choice.params(choice.rows.min, choice.cols.min);
    let root = root(args, choice, &params)?;
    for g in 0..args.games {
        let seat = g as usize % seats;
        let mut entrants: Vec<&dyn Entrant> = Vec::with_capacity(seats);
        let mut against = Vec::new();
        for s in 0..seats {
            if s == seat {
                entrants.push(&me);
            } else {
                let k = (g as usize + against.len()) % builtins.len();
                entrants.push(&builtins[k]);
                against.push(k);
            }
        }
        let board = choice
            .kind
            .new_game(&params, root.derive("check-board", &[&g]))?;
        let seeds: Vec<u64> = (0..seats)
            .map(|s| root.derive("check-bot", &[&g, &(s + 1)]))
            .collect();
        let record = referee::play(board, &entrants, &seeds);
        stop_on_harness_problem(
            format_args!("game {} could not be played", g + 1),
            record.end.harness_problem(),
        )?;
        report.memory_bytes = report.memory_bytes.max(record.memory[seat]);
        let rank = record.ranks[seat];
        let shared = record.ranks.iter().filter(|&&r| r == rank).count() > 1;
        let result = match (seats, rank, shared) {
            (1, _, _) => "played",
            (_, 1, false) => {
                report.record.won += 1;
                "won"
            }
            (_, 1, true) => {
                report.record.drawn += 1;
                "drew"
            }
            _ => {
                report.record.lost += 1;
                "lost"
            }
        };
        let fault = match &record.end {
            End::Fault { seat: s, fault } if *s == seat => Some(FaultReport {
                kind: fault.kind().name(),
                reason: fault.to_string(),
            }),
            _ => None,
        };
        if let Some(f) = &fault {
            report
                .problems
                .push(format!("game {}: {}", g + 1, f.reason));
        }
        let opponent = against
            .iter()
            .map(|&k| format!("builtin:{}", builtins[k].strategy()))
            .collect::<Vec<_>>()
            .join(", ");
        let value = |score: arena_games::game::Score| -> serde_json::Value {
            if score.is_integer() {
                score.numerator().into()
            } else {
                score.to_string().into()
            }
        };
        report.games.push(GameReport {
            game: g + 1,
            seat: seat as u32 + 1,
            opponent,
            result,
            score: value(record.scores[seat]),
            // A two-seat game: its score against the other's, as the game counts them.
            opponent_score: if two_seat {
                value(record.scores[1 - seat])
            } else {
                serde_json::Value::Null
            },
            rank: (!two_seat).then_some(rank),
            moves: record.move_count(seat),
            fault,
            output: record.outputs[seat].clone(),
        });
    }
    let fuel = me.fuel.lock().unwrap_or_else(PoisonError::into_inner);
    report.fuel = FuelStats::of(&fuel).map(|f| Fuel {
        moves: f.moves,
        max: f.max,
        mean: f.mean,
        budget: limits.fuel_per_move,
    });
    Ok(())
}
