//! `arena standings RESULTS`: re-derive every summary from the recorded games.

use std::process::ExitCode;

use arena::output::json::{pretty, StandingsJson};
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
        .filter(|b| !b.reference && !b.source.starts_with("builtin:"))
        .map(|b| b.name.clone())
        .collect();
    let grading = super::common::load_grading(&args.grading, &submissions)?;
    if let Some(anchor) = &grading.anchor {
        if !manifest.bots.iter().any(|b| &b.name == anchor) {
            let names: Vec<&str> = manifest.bots.iter().map(|b| b.name.as_str()).collect();
            anyhow::bail!(
                "--anchor `{anchor}` is not one of the bots: {}",
                names.join(", ")
            );
        }
    }
    let summary = tournament::recompute(&args.results, &grading)?;
    if args.json {
        let document = StandingsJson::new(
            &manifest.game,
            manifest.seed,
            summary.games,
            &summary.standings,
            grading.roster.as_ref(),
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
