//! `arena report RESULTS`: rebuild `report.html` (with every summary file) from a
//! finished tournament's recorded games, without playing anything.

use std::process::ExitCode;

use arena::bot_name::escape_path;
use arena::output::manifest::Manifest;
use arena::output::report;
use arena::tournament;

use super::ReportArgs;

pub fn run(args: ReportArgs) -> anyhow::Result<ExitCode> {
    if !args.results.is_dir() {
        anyhow::bail!("{}: no such results folder", escape_path(&args.results));
    }
    let manifest = Manifest::read(&args.results)?.ok_or_else(|| {
        anyhow::anyhow!(
            "{}: no tournament.json: not a results folder",
            escape_path(&args.results)
        )
    })?;
    let grading = super::common::load_recorded_grading(&args.grading, &manifest)?;
    let summary = tournament::recompute(&args.results, &grading)?;
    let page = args.results.join(report::FILE);
    let bytes = std::fs::metadata(&page).map(|m| m.len()).unwrap_or(0);
    println!(
        "{} ({} KiB, {} games)",
        escape_path(&page),
        bytes / 1024,
        summary.games
    );
    Ok(ExitCode::SUCCESS)
}
