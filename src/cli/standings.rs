//! `arena standings RESULTS`: re-derive every summary from the recorded games.

use std::process::ExitCode;

use arena::output::standings_csv;
use arena::tournament;

use super::StandingsArgs;

pub fn run(args: StandingsArgs) -> anyhow::Result<ExitCode> {
    if !args.results.is_dir() {
        anyhow::bail!("{}: no such results folder", args.results.display());
    }
    let manifest = arena::output::manifest::Manifest::read(&args.results)?.ok_or_else(|| {
        anyhow::anyhow!(
            "{}: no tournament.json: not a results folder",
            args.results.display()
        )
    })?;
    let submissions: Vec<String> = manifest
        .bots
        .iter()
        .filter(|b| !b.reference)
        .map(|b| b.name.clone())
        .collect();
    let grading = super::common::load_grading(&args.grading, &submissions)?;
    let summary = tournament::recompute(&args.results, &grading)?;
    print!("{}", standings_csv::table(&summary.standings));
    println!(
        "{} games recomputed in {}",
        summary.games,
        args.results.display()
    );
    Ok(ExitCode::SUCCESS)
}
