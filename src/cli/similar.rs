//! `arena similar RESULTS [MODULES…]`: the similarity report of a results folder
//! (`similarity.csv`, `similarity.json`, `similarity.html`; docs/SIMILARITY.md), and the
//! same as the last step of `arena tournament --similarity`.

use std::path::Path;
use std::process::ExitCode;

use anyhow::{bail, Context as _};
use arena::bot_name::{escape_path, BotName};
use arena::output::manifest::Manifest;
use arena::output::{similarity_csv, similarity_html, similarity_json};
use arena::runtime::Sandbox;
use arena::similarity::{self, Report, Settings, Subject};
use arena::submissions::{Candidate, Source};
use arena_games::registry::find_table_game;
use arena_games::{find_game, GameParams};

use super::SimilarArgs;

/// The most flagged pairs the terminal lists.
const MAX_SHOWN: usize = 20;

pub fn run(args: SimilarArgs) -> anyhow::Result<ExitCode> {
    let dir = &args.results;
    super::results_dir::require(dir)?;
    super::verify::check_folders(&args.modules)?;
    let manifest = super::verify::read_manifest(dir)?;
    let path = dir.join(arena::output::manifest::FILE);
    let sandbox = super::common::sandbox(&super::verify::limit_args(&manifest.limits, &path)?)?;
    let bots = super::verify::candidates(&manifest, &args.modules)?;
    let baseline = match &args.baseline {
        Some(folder) => baseline(folder)?,
        None => Vec::new(),
    };
    // Held until the report is written: a second writer is refused at once.
    let _lock = arena::output::folder_lock::FolderLock::acquire(dir)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.map_or(0, |n| n as usize))
        .build()
        .context("cannot start the worker threads")?;
    let report = pool.install(|| {
        derive(
            dir,
            &manifest,
            &bots,
            &baseline,
            &sandbox,
            args.positions
                .map_or(similarity::DEFAULT_POSITIONS, |n| n as usize),
        )
    })?;
    write(dir, &report)?;
    Ok(ExitCode::SUCCESS)
}

/// The report of the finished tournament in `out` (its bots `bots`), written there and
/// summed up on the terminal: the step `arena tournament --similarity` ends with.
pub(super) fn after_tournament(
    out: &Path,
    bots: &[Candidate],
    sandbox: &Sandbox,
) -> anyhow::Result<()> {
    let manifest = super::verify::read_manifest(out)?;
    let report = derive(
        out,
        &manifest,
        bots,
        &[],
        sandbox,
        similarity::DEFAULT_POSITIONS,
    )?;
    write(out, &report)
}

/// For `arena verify`: when the recorded folder `recorded` holds a similarity report,
/// derives it again into the reproduction `scratch` (with the recorded `--positions`),
/// so that the comparison checks it file by file. A report made with `--baseline` is
/// not derived again (the baseline is not part of the results): it is said so.
pub(super) fn rederive(
    recorded: &Path,
    scratch: &Path,
    bots: &[Candidate],
    sandbox: &Sandbox,
) -> anyhow::Result<()> {
    let Some(asked) = similarity_json::asked(recorded)? else {
        return Ok(());
    };
    if asked.baseline_bots > 0 {
        eprintln!(
            "note: {} was made with --baseline: not derived again (run `arena similar` with the same folders to check it)",
            similarity_json::FILE
        );
        for file in [
            similarity_csv::FILE,
            similarity_json::FILE,
            similarity_html::FILE,
        ] {
            if recorded.join(file).is_file() {
                std::fs::copy(recorded.join(file), scratch.join(file))
                    .with_context(|| format!("cannot copy {file}"))?;
            }
        }
        return Ok(());
    }
    let manifest = super::verify::read_manifest(scratch)?;
    let report = derive(
        scratch,
        &manifest,
        bots,
        &[],
        sandbox,
        asked.positions_requested,
    )?;
    similarity_csv::write(scratch, &report)?;
    similarity_json::write(scratch, &report)?;
    similarity_html::write(scratch, &report)?;
    Ok(())
}

/// The modules of a `--baseline` folder (`.wasm`, `.wat`, `.py` files directly inside
/// it), in name order, named `baseline/FILE`.
fn baseline(folder: &Path) -> anyhow::Result<Vec<Candidate>> {
    let list = std::fs::read_dir(folder)
        .with_context(|| format!("--baseline {}: cannot be read", escape_path(folder)))?;
    let mut files = Vec::new();
    for entry in list {
        let entry = entry.with_context(|| format!("--baseline {}", escape_path(folder)))?;
        let path = entry.path();
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        if path.is_file() && matches!(ext, "wasm" | "wat" | "py") {
            files.push(path);
        }
    }
    files.sort();
    if files.is_empty() {
        bail!(
            "--baseline {}: no .wasm, .wat or .py file in it",
            escape_path(folder)
        );
    }
    Ok(files
        .into_iter()
        .map(|path| {
            let file = BotName::from_os(path.file_name().unwrap_or_default());
            Candidate {
                name: BotName::from_escaped(format!("baseline/{}", file.as_str())),
                file: file.as_str().to_string(),
                source: Source::Module(path),
                reference: false,
            }
        })
        .collect())
}

/// Loads the bots (the class's and the baseline's) and builds the report.
fn derive(
    dir: &Path,
    manifest: &Manifest,
    bots: &[Candidate],
    baseline: &[Candidate],
    sandbox: &Sandbox,
    positions: usize,
) -> anyhow::Result<Report> {
    let kind = find_table_game(&manifest.game)?;
    let all: Vec<Candidate> = bots.iter().chain(baseline).cloned().collect();
    let field = match manifest.seats {
        None => super::tournament::build_field(
            &all,
            find_game(&manifest.game)?,
            manifest.depth,
            sandbox,
        )?,
        Some(seats) => {
            let extremes = [
                (manifest.rows[0], manifest.cols[0]),
                (manifest.rows[1], manifest.cols[1]),
            ]
            .map(|(r, c)| GameParams {
                rows: Some(r),
                cols: Some(c),
                options: manifest.options.clone(),
            });
            super::table_tournament::build_table_field(
                &all,
                kind,
                &extremes,
                seats,
                manifest.depth,
                sandbox,
            )?
        }
    };
    let mut subjects = Vec::with_capacity(all.len());
    for (i, (c, p)) in all.iter().zip(&field).enumerate() {
        let bytes = match &c.source {
            Source::Builtin { .. } => None,
            source => arena::field::read_source(sandbox, source).ok(),
        };
        subjects.push(Subject {
            name: p.name.clone(),
            bytes,
            script: c.file.ends_with(".py"),
            entrant: p.disqualified.is_none().then_some(&*p.entrant),
            baseline: i >= bots.len(),
        });
    }
    let settings = Settings {
        game: kind,
        params: GameParams {
            rows: None,
            cols: None,
            options: manifest.options.clone(),
        },
        seed: manifest.seed,
        positions,
        alpha: similarity::DEFAULT_ALPHA,
    };
    let games = arena::output::similarity_games::recorded(dir, &manifest.game)?;
    Ok(similarity::derive(&games, &subjects, &settings)?)
}

/// Writes the report's files into `dir` and sums it up on the terminal.
fn write(dir: &Path, report: &Report) -> anyhow::Result<()> {
    similarity_csv::write(dir, report)?;
    similarity_json::write(dir, report)?;
    similarity_html::write(dir, report)?;
    println!("{}", similarity_json::NOTE);
    println!(
        "{} positions kept of {} examined; {} moves asked; pairs scored against the class's own ({}, false discovery rate {})",
        report.positions.len(),
        report.examined,
        report.asked,
        similarity::CORRECTION,
        report.alpha
    );
    let flagged: Vec<_> = report.flagged().collect();
    if flagged.is_empty() {
        println!("no pair flagged");
    }
    for p in flagged.iter().take(MAX_SHOWN) {
        if let similarity::Verdict::Certain(_) = p.verdict {
            println!("look at {} and {}: {}", p.a, p.b, p.verdict.words());
            continue;
        }
        println!(
            "look at {} and {}: {} (score {:.3}, z {:.1}, q {:.1e}, {} shared mistakes)",
            p.a,
            p.b,
            p.verdict.words(),
            p.score,
            p.z,
            p.q,
            p.shared_mistakes
        );
    }
    if flagged.len() > MAX_SHOWN {
        println!(
            "and {} more flagged pairs (similarity.csv lists them all)",
            flagged.len() - MAX_SHOWN
        );
    }
    println!(
        "written: {}, {}, {} in {}",
        similarity_csv::FILE,
        similarity_json::FILE,
        similarity_html::FILE,
        dir.display()
    );
    Ok(())
}
