//! `arena standings RESULTS`: re-derive every summary from the recorded games.

use std::path::Path;
use std::process::ExitCode;

use arena::bot_name::{escape_path, escape_text};
use arena::output::json::{pretty, StandingsJson};
use arena::output::manifest::Manifest;
use arena::output::standings_csv;
use arena::output::table_json::TableStandingsJson;
use arena::tournament;

use super::StandingsArgs;

/// The anchor a recomputation of the folder `dir` rates with: `--anchor` when given, else
/// the one its ratings were computed with (`standings.json`'s `rating_anchor`, kept
/// with a note: recomputing a folder never moves its ratings to another origin unasked).
///
/// # Errors
/// When the anchor names none of `manifest`'s bots, saying where the name came from
/// (`--anchor`, or the file and its key for a hand-edited file); when `standings.json`
/// is there but is not JSON, or its anchor is not a name.
pub(super) fn keep_recorded_anchor(
    dir: &Path,
    manifest: &Manifest,
    grading: &mut tournament::Reporting,
) -> anyhow::Result<()> {
    let not_a_bot = |anchor: &str| !manifest.bots.iter().any(|b| b.name == anchor);
    let bots = || {
        let names: Vec<&str> = manifest.bots.iter().map(|b| b.name.as_str()).collect();
        names.join(", ")
    };
    if let Some(anchor) = &grading.anchor {
        let recorded = manifest.grading.as_ref().and_then(|g| g.anchor.as_ref());
        if not_a_bot(anchor) && recorded == Some(anchor) {
            anyhow::bail!(
                "{}: its `grading.anchor` `{}` is not one of the bots: {} \
                 (give --anchor one of them)",
                escape_path(&dir.join(arena::output::manifest::FILE)),
                escape_text(anchor),
                bots()
            );
        }
        if not_a_bot(anchor) {
            anyhow::bail!(
                "--anchor `{}` is not one of the bots: {}",
                escape_text(anchor),
                bots()
            );
        }
        return Ok(());
    }
    let Some(anchor) = arena::output::json::recorded_anchor(dir)? else {
        return Ok(());
    };
    let file = escape_path(&dir.join(arena::output::json::STANDINGS_FILE));
    if not_a_bot(&anchor) {
        anyhow::bail!(
            "{file}: its `rating_anchor` `{}` is not one of the bots: {} \
             (give --anchor one of them, or delete the key)",
            escape_text(&anchor),
            bots()
        );
    }
    eprintln!(
        "note: ratings anchored at `{}` as {file} records (pass --anchor to change it)",
        anchor.escape_debug(),
    );
    grading.anchor = Some(anchor);
    Ok(())
}

pub fn run(args: StandingsArgs) -> anyhow::Result<ExitCode> {
    super::results_dir::require(&args.results)?;
    // Every summary is rewritten: no other arena process may write meanwhile.
    let _lock = arena::output::folder_lock::FolderLock::acquire(&args.results)?;
    let manifest = Manifest::read(&args.results)?.ok_or_else(|| {
        anyhow::anyhow!(
            "{}: no tournament.json: not a results folder",
            args.results.display()
        )
    })?;
    super::common::refuse_shard(&args.results, &manifest)?;
    let mut grading = super::common::load_recorded_grading(
        &args.grading,
        &manifest,
        super::common::Kept::Folder(&args.results),
    )?;
    keep_recorded_anchor(&args.results, &manifest, &mut grading)?;
    if let Some(seats) = manifest.seats {
        let kind = arena_games::registry::find_table_game(&manifest.game)?;
        let standings =
            arena::table_tournament::recompute(&args.results, kind, &manifest, seats, &grading)?;
        super::common::record_grading(&args.results, &grading)?;
        if args.json {
            let document = TableStandingsJson::new(
                &manifest.game,
                manifest.seed,
                seats,
                &standings,
                grading.roster.as_ref(),
            )
            .anchored(grading.anchor.as_deref());
            print!("{}", pretty(&document)?);
            return Ok(ExitCode::SUCCESS);
        }
        print!("{}", arena::output::table_summary::table(&standings));
        println!(
            "{} games recomputed in {}",
            standings.games,
            args.results.display()
        );
        return Ok(ExitCode::SUCCESS);
    }
    let summary = tournament::recompute(&args.results, &grading)?;
    super::common::record_grading(&args.results, &grading)?;
    if args.json {
        let document = StandingsJson::new(
            &manifest.game,
            manifest.seed,
            summary.games,
            &summary.standings,
            grading.roster.as_ref(),
        )
        .anchored(grading.anchor.as_deref())
        .resampled(
            summary
                .standings
                .iter()
                .any(|s| s.rating.is_some())
                .then_some(if manifest.paired {
                    arena::ratings::Resampled::BoardPairs
                } else {
                    arena::ratings::Resampled::Games
                }),
        );
        print!("{}", pretty(&document)?);
        return Ok(ExitCode::SUCCESS);
    }
    print!("{}", standings_csv::table(&summary.standings));
    println!(
        "{} games recomputed in {}",
        summary.games,
        args.results.display()
    );
    Ok(ExitCode::SUCCESS)
}
