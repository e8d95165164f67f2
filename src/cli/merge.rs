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
    if !first.is_dir() {
        anyhow::bail!("{}: no such folder", escape_path(first));
    }
    let manifest = Manifest::read(first)?.ok_or_else(|| {
        anyhow::anyhow!(
            "{}: no tournament.json: not a shard folder",
            escape_path(first)
        )
    })?;
    let grading = super::common::load_recorded_grading(&args.grading, &manifest)?;
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
