//! `arena merge SHARD_DIRS... --out DIR`: the shards of one tournament combined into one
//! results folder, byte-identical to a single-machine run (docs/CLUSTER.md).

use std::process::ExitCode;

use arena::bot_name::escape_path;
use arena::output::manifest::Manifest;
use arena::output::standings_csv;
use arena::tournament::merge::merge;

use super::MergeArgs;

pub fn run(args: MergeArgs) -> anyhow::Result<ExitCode> {
    let first = args.shards.first().expect("clap requires one");
    let manifest = Manifest::read(first)?.ok_or_else(|| {
        anyhow::anyhow!(
            "{}: no tournament.json: not a shard folder",
            escape_path(first)
        )
    })?;
    let submissions: Vec<String> = manifest
        .bots
        .iter()
        .filter(|b| !b.reference && !b.source.starts_with("builtin:"))
        .map(|b| b.name.clone())
        .collect();
    let grading = super::common::load_grading(&args.grading, &submissions)?;
    let summary = merge(&args.shards, &args.out, &grading)?;
    print!("{}", standings_csv::table(&summary.standings));
    println!(
        "{} shards, {} games merged into {}",
        args.shards.len(),
        summary.games,
        escape_path(&args.out)
    );
    Ok(ExitCode::SUCCESS)
}
