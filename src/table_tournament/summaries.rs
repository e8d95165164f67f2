//! The summary files of a table tournament, computed from its recorded games alone: at
//! the end of a run, and again by `arena standings` and `arena verify`.

use std::path::Path;

use arena_games::game::Seat;
use arena_games::registry::TableKind;
use arena_games::GameParams;

use super::schedule_of;
use crate::output::games_csv::{self, GameRow};
use crate::output::manifest::Manifest;
use crate::output::replay_store::Store;
use crate::output::report::{self, table::TableReportInput};
use crate::output::table_json::TableStandingsJson;
use crate::output::OutputError;
use crate::output::{crosstable_csv, ratings_csv, series_csv};
use crate::output::{json, table_feedback, table_summary};
use crate::seeds::derive;
use crate::standings::pairwise;
use crate::table_stats::{compute, TableInput, TableStandings};
use crate::tournament::{Reporting, TournamentError};

/// The role of every seat index of `kind` with `manifest`'s options.
fn roles(
    kind: &dyn TableKind,
    manifest: &Manifest,
    seats: u8,
) -> Result<Vec<Option<&'static str>>, OutputError> {
    let params = GameParams {
        rows: Some(manifest.rows[0]),
        cols: Some(manifest.cols[0]),
        options: manifest.options.clone(),
    };
    let game = kind.new_game(&params, 0).map_err(|e| {
        OutputError::corrupt(
            Path::new(crate::output::manifest::FILE),
            format!("{}: {e}", kind.info().name),
        )
    })?;
    Ok((0..seats)
        .map(|s| game.role(Seat::new(s).expect("at most four seats")))
        .collect())
}

/// One summary writer of a table tournament.
type Writer<'a> = Box<dyn Fn() -> Result<(), OutputError> + Sync + 'a>;

/// Computes the standings of `rows` (beside `store`, which folds or opens the replays the
/// page is drawn from) and writes every summary file into `dir`
/// (`games.csv` sorted, `standings.csv`, `fairness.csv`, `standings.json`, `games.jsonl`,
/// for two or more seats `series.csv`, `crosstable.csv` and `los.csv`, with a roster
/// `grades.csv` and the `feedback/` pages, and the results page
/// `report.html`), in the stages of a two-seat tournament's
/// ([`crate::output::write_summary_files`]): `games.csv` first, then the others at once
/// (each from the standings alone, never from another's file; the page, the largest,
/// first), `standings.csv` last, since it marks a finished folder.
///
/// # Errors
/// [`OutputError`]: the store's, then the roles' or the anchor's (no summary file is
/// written then), then the first writer's in the order above, whatever the threads (the other
/// writers of its stage still write their files; no later stage starts).
pub fn write_summaries(
    dir: &Path,
    kind: &dyn TableKind,
    manifest: &Manifest,
    seats: u8,
    rows: &[GameRow],
    store: impl FnOnce() -> Result<Store, OutputError> + Send,
    reporting: &Reporting,
) -> Result<TableStandings, OutputError> {
    use rayon::prelude::*;
    let schedule = schedule_of(manifest, seats);
    let disqualified: Vec<Option<String>> = manifest
        .bots
        .iter()
        .map(|b| b.disqualified.clone())
        .collect();
    let (store, computed) = rayon::join(store, || {
        let roles = roles(kind, manifest, seats)?;
        let anchor = reporting.anchor_index(dir, &schedule.names)?;
        let standings = compute(&TableInput {
            names: &schedule.names,
            references: &schedule.references,
            disqualified: &disqualified,
            seats: usize::from(seats),
            roles: &roles,
            rows,
            seed: derive(manifest.seed, "ratings", &[]),
            anchor,
        });
        Ok::<_, OutputError>((roles, anchor, standings))
    });
    let store = &store?;
    let (roles, anchor, standings) = computed?;
    games_csv::write_sorted(dir, rows)?;
    let roster = reporting.roster.as_ref();
    let bands = reporting.bands.as_ref();
    let mut writers: Vec<Writer> = vec![
        Box::new(|| {
            let input = TableReportInput {
                kind,
                manifest,
                standings: &standings,
                roles: &roles,
                names: &schedule.names,
                rows,
                roster,
                bands,
                unplayable: &reporting.unplayable,
                store,
            };
            report::table::write_table(dir, &input).map(|_| ())
        }),
        Box::new(|| table_summary::write_fairness(dir, &standings)),
        Box::new(|| {
            // Every game of two or more seats: its series decomposed into pairs, and
            // the cross-table and LOS of the pairwise ratings.
            if seats < 2 {
                return Ok(());
            }
            let names = &schedule.names;
            let order: Vec<usize> = standings
                .bots
                .iter()
                .filter_map(|b| names.iter().position(|n| *n == b.name))
                .collect();
            let series = pairwise::series_of(rows, names);
            // A table of two plays board pairs when paired (by default: its board
            // from both seats): the pentanomial counts of its series.
            let paired = super::rules_of(manifest, seats).is_some_and(|r| r.paired());
            series_csv::write(dir, names, &series, paired)?;
            crosstable_csv::write(dir, &order, &series, names)?;
            match &standings.los {
                Some(los) => ratings_csv::write_los(dir, &order, names, los),
                None => Ok(()),
            }
        }),
        Box::new(|| {
            let document =
                TableStandingsJson::new(&manifest.game, manifest.seed, seats, &standings, roster)
                    .anchored(anchor.map(|i| schedule.names[i].as_str()));
            json::write(dir, &document, rows)
        }),
    ];
    if let Some(roster) = roster {
        writers.push(Box::new(|| {
            table_summary::write_grades(dir, &standings, roster, bands, &reporting.unplayable)
        }));
        writers.push(Box::new(|| {
            table_feedback::write(
                dir,
                &standings,
                rows,
                &roles,
                roster,
                bands,
                &reporting.unplayable,
            )
        }));
    }
    let outcomes: Vec<Result<(), OutputError>> = writers.par_iter().map(|w| w()).collect();
    drop(writers);
    outcomes.into_iter().collect::<Result<(), _>>()?;
    table_summary::write_standings(dir, &standings, roster)?;
    Ok(standings)
}

/// Recomputes every summary of a finished table tournament's folder from its games.
///
/// # Errors
/// [`TournamentError`] when the folder is not a finished table tournament (its manifest
/// disagreeing with its game included: [`super::check_manifest`]) or a file cannot be
/// written.
pub fn recompute(
    dir: &Path,
    kind: &dyn TableKind,
    manifest: &Manifest,
    seats: u8,
    reporting: &Reporting,
) -> Result<TableStandings, TournamentError> {
    super::check_manifest(dir, kind, manifest, seats)?;
    let rows = super::finished_rows(dir, manifest, seats)?;
    Ok(write_summaries(
        dir,
        kind,
        manifest,
        seats,
        &rows,
        || Store::open(dir),
        reporting,
    )?)
}
