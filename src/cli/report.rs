//! `arena report RESULTS`: rebuild `report.html` (with every summary file) from a
//! finished tournament's recorded games, two-seat or table, without playing anything.

use std::process::ExitCode;

use arena::bot_name::escape_path;
use arena::output::manifest::Manifest;
use arena::output::report;
use arena::{table_tournament, tournament};

use super::ReportArgs;

pub fn run(args: ReportArgs) -> anyhow::Result<ExitCode> {
    super::results_dir::require(&args.results)?;
    // Every summary and the page are rewritten: no other arena process may write meanwhile.
    let _lock = arena::output::folder_lock::FolderLock::acquire(&args.results)?;
    let manifest = Manifest::read(&args.results)?.ok_or_else(|| {
        anyhow::anyhow!(
            "{}: no tournament.json: not a results folder",
            escape_path(&args.results)
        )
    })?;
    super::common::refuse_shard(&args.results, &manifest)?;
    let mut grading = super::common::load_recorded_grading(
        &args.grading,
        &manifest,
        super::common::Kept::Folder(&args.results),
    )?;
    super::standings::keep_recorded_anchor(&args.results, &manifest, &mut grading)?;
    let games = match manifest.seats {
        Some(seats) => {
            let kind = arena_games::registry::find_table_game(&manifest.game)?;
            table_tournament::recompute(&args.results, kind, &manifest, seats, &grading)?.games
                as u64
        }
        None => tournament::recompute(&args.results, &grading)?.games,
    };
    super::common::record_grading(&args.results, &grading)?;
    let page = args.results.join(report::FILE);
    let bytes = std::fs::metadata(&page).map(|m| m.len()).unwrap_or(0);
    println!(
        "{} ({} KiB, {} games)",
        escape_path(&page),
        bytes / 1024,
        games
    );
    Ok(ExitCode::SUCCESS)
}
