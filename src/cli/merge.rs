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
    // The shards record the roster, bands and anchor they were run with: the merge
    // grades with them unless given others.
    let given = arena::tournament::merge::Given {
        roster: args.grading.roster.is_some(),
        bands: args.grading.bands.is_some(),
        anchor: args.grading.anchor.is_some(),
    };
    let recorded = arena::tournament::merge::shards_grading(&args.shards, given)?;
    if !args.verify.is_empty() {
        verify_shards(&args)?;
    }
    let grading = super::common::load_recorded_grading(
        &args.grading,
        &manifest,
        super::common::Kept::Shards(recorded),
    )?;
    let games = if manifest.seats.is_some() {
        let kind = arena_games::registry::find_table_game(&manifest.game)?;
        let (standings, games) =
            arena::table_tournament::merge(&args.shards, &args.out, kind, &grading)?;
        print!("{}", arena::output::table_summary::table(&standings));
        games
    } else {
        let summary = merge(&args.shards, &args.out, &grading)?;
        print!("{}", standings_csv::table(&summary.standings));
        summary.games
    };
    println!(
        "{} shards, {games} games merged into {}",
        args.shards.len(),
        escape_path(&args.out)
    );
    if args.verify.is_empty() {
        println!(
            "merge checks that the shards agree with each other, not that the games were played as recorded: run `arena verify {} MODULES`, or merge with --verify MODULES",
            escape_path(&args.out)
        );
    } else {
        println!("every game was played again from the modules and reproduced exactly");
    }
    Ok(ExitCode::SUCCESS)
}

/// `--verify`: plays every shard's games again from the modules and refuses the merge at
/// the first shard that is not reproduced exactly (before anything is written).
fn verify_shards(args: &MergeArgs) -> anyhow::Result<()> {
    super::verify::check_folders(&args.verify)?;
    let grading = super::GradingArgs::default();
    for shard in &args.shards {
        let manifest = super::verify::read_manifest(shard)?;
        let reproduced = super::verify::reproduce(
            &super::verify::Reproduce {
                results: shard,
                modules: &args.verify,
                threads: args.threads,
                grading: &grading,
            },
            &manifest,
        )?;
        arena::tournament::merge::refuse_unreproduced(shard, &reproduced.diffs)?;
        eprintln!(
            "{}: all {} games reproduced",
            escape_path(shard),
            reproduced.games
        );
    }
    Ok(())
}
