//! `arena tournament` for a game of the table model (one to four seats): tables of the
//! field, each on one board in every seating (docs/TOURNAMENT.md).

use std::process::ExitCode;

use anyhow::bail;
use arena::bot_name::escape_path;
use arena::contestant::Builtin;
use arena::field::{Field, FieldError, Participant};
use arena::output::folder_lock::FolderLock;
use arena::referee::Entrant;
use arena::runtime::{check_plays, Sandbox};
use arena::series::SeriesRules;
use arena::submissions::Candidate;
use arena::table_tournament::{self, TableConfig};
use arena::tables::{self, MAX_EVERY_TABLES};
use arena::tournament::{self as two_seat, TournamentError};
use arena_games::registry::TableKind;
use arena_games::GameParams;

use super::common::{check_anchor, limits_json, load_field_grading, sandbox};
use super::table_choice::TableChoice;
use super::tournament::{
    check_schedule_size, note_identical, progress_for, refuse_disqualified_references,
    report_skipped, say_interrupted, say_resumed, say_shard_done, stop_on_ctrl_c, threads_for,
};
use super::TournamentArgs;

/// Settings under which a game's boards are harder, for the note on a leaderboard that
/// does not separate its bots (empty where there is nothing to suggest).
fn harder_settings(game: &str, options: &std::collections::BTreeMap<String, String>) -> String {
    if game == "minesweeper" && options.get("reveal").is_none_or(|r| r != "count") {
        " (minesweeper: --option reveal=count, where an opened cell shows only how many of \
         its neighbours are mines, separates careful bots; so do more --option mines=N)"
            .to_string()
    } else {
        String::new()
    }
}

/// Loads the field for a table game ([`Field::load_with`]): builtins of the game checked
/// against every one of `params`, modules asked whether they play the game at this seat
/// count (`arena_plays`); every disqualified module named on stderr (it stays in the
/// standings).
pub(super) fn build_table_field(
    bots: &[Candidate],
    kind: &'static dyn TableKind,
    params: &[GameParams],
    seats: u8,
    depth: Option<u32>,
    sandbox: &Sandbox,
) -> anyhow::Result<Vec<Participant>> {
    let info = kind.info();
    let field = Field::load_with(
        bots,
        sandbox,
        |name, strategy, d| {
            Builtin::at_table(kind, strategy, d.or(depth), params)
                .map(|b| Box::new(b) as Box<dyn Entrant>)
                .map_err(|why| FieldError::Builtin {
                    name: name.to_string(),
                    why,
                })
        },
        |module| Ok(check_plays(module, info.id, info.name, seats)?),
    )?;
    for (path, reason) in &field.disqualified {
        eprintln!("{}: disqualified: {reason}", escape_path(path));
    }
    Ok(field.participants)
}

/// Boards a one-seat game's leaderboard plays when `--rounds` is not given: one board
/// says little about a bot, fifty give its mean score a usable interval.
const ONE_SEAT_ROUNDS: u32 = 50;

/// Tables a round of this field seats (a table is a series: one board played in every
/// seating).
fn tables_per_round(bots: &[Candidate], seats: u8) -> u64 {
    let references = bots.iter().filter(|b| b.reference).count();
    tables::tables_per_round(
        bots.len(),
        references,
        usize::from(seats),
        MAX_EVERY_TABLES,
        1,
    )
    .unwrap_or(u64::MAX)
}

pub fn run(args: TournamentArgs, choice: TableChoice) -> anyhow::Result<ExitCode> {
    let name = choice.kind.info().name;
    // A table of two is a pair: its series policy as for any two-seat game, by default
    // one board played from both seats.
    let rules = if choice.seats == 2 {
        Some(SeriesRules::new(
            args.best_of.unwrap_or(1),
            args.paired || args.best_of.is_none(),
            args.play_all,
        )?)
    } else {
        let why = match choice.seats {
            1 => format!("{name} here seats one player, and a series is between two"),
            n => format!("{name} here seats {n}, and a series is between two (a table of {n} is played once in every seating instead)"),
        };
        if args.play_all {
            bail!("--play-all: {why}");
        }
        if let Some(n) = args.best_of {
            bail!("--best-of {n}: {why}");
        }
        None
    };
    if args.paired && choice.seats == 1 {
        bail!("--paired: {name} here seats one player, so there are no seats to swap");
    }
    let threads = threads_for(args.threads);
    let intake = super::tournament::gather(&args)?;
    if args.gauntlet.is_empty() {
        // Refused before the results folder is made or locked; every entry of a
        // download is accounted for even then.
        if let Err(e) = tables::check_field(intake.bots.len(), usize::from(choice.seats)) {
            if !intake.archives.is_empty() {
                report_skipped(&intake);
            }
            return Err(e.into());
        }
    }
    let skipped = report_skipped(&intake);
    check_anchor(&args.grading, &intake.bots)?;
    let rounds = args.rounds.unwrap_or(if choice.seats == 1 {
        ONE_SEAT_ROUNDS
    } else {
        1
    });
    check_schedule_size(
        intake.bots.len(),
        &format!(" at tables of {}", choice.seats),
        tables_per_round(&intake.bots, choice.seats),
        "tables",
        rounds,
    )?;
    let sandbox = sandbox(&args.limits)?;
    let extremes = [
        choice.params(choice.rows.min, choice.cols.min),
        choice.params(choice.rows.max, choice.cols.max),
    ];
    let kind = choice.kind;
    let field = build_table_field(
        &intake.bots,
        kind,
        &extremes,
        choice.seats,
        args.depth,
        &sandbox,
    )?;
    refuse_disqualified_references(&field)?;
    note_identical(&field);
    let grading = load_field_grading(
        &args.grading,
        &intake.bots,
        &skipped,
        args.resume.then_some(args.out.as_path()),
    )?;
    let config = TableConfig {
        game: kind,
        seats: choice.seats,
        rows: choice.rows,
        cols: choice.cols,
        every_order: args.paired,
        rules,
        rounds,
        seed: args.seed,
        threads,
        out: args.out.clone(),
        resume: args.resume,
        options: choice.options.clone(),
        depth: args.depth,
        limits: limits_json(sandbox.limits()),
        thread_stack: sandbox.limits().host_thread_stack(),
        reporting: grading,
        skipped,
        shard: args.shard,
        secret: args.secret.clone(),
    };
    let stop = stop_on_ctrl_c();
    let (bar, progress) = progress_for(args.quiet);
    // Held until the run has written its last file: a second writer is refused at once.
    let _lock = FolderLock::acquire(&args.out)?;
    if args.force {
        two_seat::folder::clear(&args.out)?;
    }
    let result = table_tournament::run(&config, field, &*progress, &stop);
    bar.finish_and_clear();
    match result {
        Ok(summary) => {
            if args.resume {
                say_resumed(
                    summary.kept,
                    summary.replays_missing,
                    summary.played_now,
                    summary.leftovers_removed,
                );
            }
            let Some(standings) = summary.standings else {
                if let (Some(shard), false) = (args.shard, args.quiet) {
                    say_shard_done(shard, summary.rows.len() as u64, &args.out);
                }
                return Ok(ExitCode::SUCCESS);
            };
            if !args.quiet {
                print!("{}", arena::output::table_summary::table(&standings));
                let ties = arena::table_stats::leaderboard_ties(&standings);
                if let Some(note) = arena::table_stats::ties_note(&ties) {
                    println!(
                        "note: {note}{}",
                        harder_settings(kind.info().name, &choice.options)
                    );
                }
                println!(
                    "{} games of {} at tables of {}; results in {}",
                    summary.rows.len(),
                    kind.info().name,
                    choice.seats,
                    escape_path(&args.out)
                );
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(TournamentError::Interrupted { played }) => Ok(say_interrupted(played, &args.out)),
        Err(e) => Err(e.into()),
    }
}
