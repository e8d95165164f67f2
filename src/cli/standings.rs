//! `arena standings RESULTS`: re-derive every summary from the recorded games.

use std::process::ExitCode;

use arena::output::standings_csv;
use arena::tournament;

use super::StandingsArgs;

pub fn run(args: StandingsArgs) -> anyhow::Result<ExitCode> {
    if !args.results.is_dir() {
        anyhow::bail!("{}: no such results folder", args.results.display());
    }
    let summary = tournament::recompute(&args.results)?;
    print!("{}", standings_csv::table(&summary.standings));
    println!(
        "{} games recomputed in {}",
        summary.games,
        args.results.display()
    );
    Ok(ExitCode::SUCCESS)
}
