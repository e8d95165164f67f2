//! `arena tournament`: the instructor's main job.

use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use anyhow::{bail, Context as _};
use arena::contestant::{is_module_file, module_name, BotSpec, Disqualified, Wasm};
use arena::output::{crosstable_csv, standings_csv};
use arena::referee::Entrant;
use arena::runtime::Sandbox;
use arena::series::SeriesRules;
use arena::tournament::{self, Config, Participant, Progress, Silent, TournamentError};
use arena_games::GameKind;
use indicatif::{ProgressBar, ProgressStyle};
use sha2::{Digest, Sha256};

use super::common::{limits_json, load_bot, load_grading, sandbox, GameChoice};
use super::TournamentArgs;

/// The largest field whose cross-table is printed on stdout (it is always in the CSV).
const CROSSTABLE_MAX: usize = 12;

/// Expands folders into their module files; keeps builtins and files as given.
pub fn expand_bots(args: &[String]) -> anyhow::Result<Vec<String>> {
    let mut out = Vec::new();
    for a in args {
        match a.parse::<BotSpec>().map_err(anyhow::Error::msg)? {
            BotSpec::Builtin { .. } => out.push(a.clone()),
            BotSpec::Path(p) if p.is_dir() => {
                let mut files: Vec<PathBuf> = std::fs::read_dir(&p)
                    .with_context(|| format!("cannot read the folder {}", p.display()))?
                    .filter_map(|e| e.ok().map(|e| e.path()))
                    .filter(|f| f.is_file() && is_module_file(f))
                    .collect();
                files.sort();
                if files.is_empty() {
                    bail!("{}: the folder holds no .wasm or .wat files", p.display());
                }
                out.extend(files.into_iter().map(|f| f.display().to_string()));
            }
            BotSpec::Path(p) => {
                if !p.exists() {
                    bail!("{}: no such file", p.display());
                }
                if !is_module_file(&p) {
                    bail!("{}: not a .wasm or .wat file", p.display());
                }
                out.push(a.clone());
            }
        }
    }
    Ok(out)
}

/// The name a bot gets in results.
fn display_name(spec: &str) -> String {
    match spec.parse::<BotSpec>() {
        Ok(BotSpec::Path(p)) => module_name(&p),
        _ => spec.to_string(),
    }
}

/// Checks that no two bots share a name.
pub fn check_names(specs: &[String]) -> anyhow::Result<()> {
    let mut seen: BTreeMap<String, &str> = BTreeMap::new();
    for s in specs {
        if let Some(prev) = seen.insert(display_name(s), s) {
            bail!(
                "two bots are both named `{}`: {prev} and {s}; rename one file",
                display_name(s)
            );
        }
    }
    Ok(())
}

/// Loads the field: builtins as they are, modules compiled in parallel before play
/// starts. A module that does not load is disqualified with the reason, and stays in the
/// standings.
pub(super) fn build_field(
    specs: &[String],
    references: &[String],
    game: &'static dyn GameKind,
    depth: Option<u32>,
    sandbox: &Sandbox,
) -> anyhow::Result<Vec<Participant>> {
    let roles: Vec<(&String, bool)> = specs
        .iter()
        .map(|s| (s, false))
        .chain(references.iter().map(|s| (s, true)))
        .collect();
    let paths: Vec<PathBuf> = roles
        .iter()
        .filter_map(|(s, _)| match s.parse::<BotSpec>() {
            Ok(BotSpec::Path(p)) => Some(p),
            _ => None,
        })
        .collect();
    let mut loaded = sandbox.load_many(&paths).into_iter();
    let mut field = Vec::new();
    for (spec, reference) in roles {
        let name = display_name(spec);
        let participant = match spec.parse::<BotSpec>().map_err(anyhow::Error::msg)? {
            BotSpec::Builtin { .. } => Participant {
                entrant: load_bot(spec, game, depth, sandbox)?.entrant,
                name,
                source: spec.clone(),
                sha256: String::new(),
                reference,
                disqualified: None,
            },
            BotSpec::Path(path) => {
                let bytes = std::fs::read(&path)
                    .with_context(|| format!("cannot read {}", path.display()))?;
                let result = loaded.next().expect("one load result per module path");
                // A module that cannot even be instantiated (its `start` traps or runs
                // out of fuel) is disqualified like one that does not load, as the ABI
                // says; a trial instance with seed 0 decides it before play starts.
                let result = result.map_err(|e| e.to_string()).and_then(|module| {
                    module
                        .instantiate(0)
                        .map(|_| module)
                        .map_err(|fault| format!("cannot be instantiated: {fault}"))
                });
                let (entrant, disqualified): (Box<dyn Entrant>, Option<String>) = match result {
                    Ok(module) => (Box::new(Wasm(module)), None),
                    Err(reason) => {
                        let reason = arena::referee::one_line(&reason);
                        eprintln!("{}: disqualified: {reason}", path.display());
                        (Box::new(Disqualified(reason.clone())), Some(reason))
                    }
                };
                Participant {
                    name,
                    source: path
                        .file_name()
                        .map(|f| f.to_string_lossy().into_owned())
                        .unwrap_or_default(),
                    sha256: hex::encode(Sha256::digest(&bytes)),
                    reference,
                    disqualified,
                    entrant,
                }
            }
        };
        field.push(participant);
    }
    Ok(field)
}

struct Bar(ProgressBar);

impl Progress for Bar {
    fn set_total(&self, games: u64) {
        self.0.set_length(games);
    }
    fn game_done(&self) {
        self.0.inc(1);
    }
    fn skip(&self, games: u64) {
        let len = self.0.length().unwrap_or(0);
        self.0.set_length(len.saturating_sub(games));
    }
}

pub fn run(args: TournamentArgs) -> anyhow::Result<ExitCode> {
    let choice = GameChoice::new(&args.game, true)?;
    let rules =
        SeriesRules::new(args.best_of, args.paired, args.play_all).map_err(anyhow::Error::msg)?;
    if args.rounds == 0 {
        bail!("--rounds must be at least 1");
    }
    let threads = match args.threads {
        Some(0) => bail!("--threads must be at least 1"),
        Some(n) => n,
        None => std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1),
    };
    let specs = expand_bots(&args.bots)?;
    let references = expand_bots(&args.gauntlet)?;
    check_names(&[specs.clone(), references.clone()].concat())?;
    let sandbox = sandbox(&args.limits, threads)?;
    let field = build_field(&specs, &references, choice.kind, args.depth, &sandbox)?;
    // Builtins belong to no student: only modules are matched against the roster.
    let submissions: Vec<String> = specs
        .iter()
        .filter(|s| matches!(s.parse::<BotSpec>(), Ok(BotSpec::Path(_))))
        .map(|s| display_name(s))
        .collect();
    let grading = load_grading(&args.grading, &submissions)?;
    if let Some(anchor) = &grading.anchor {
        let all: Vec<String> = specs
            .iter()
            .chain(&references)
            .map(|s| display_name(s))
            .collect();
        if !all.contains(anchor) {
            bail!(
                "--anchor `{anchor}` is not one of the bots: {}",
                all.join(", ")
            );
        }
    }
    let config = Config {
        game: choice.kind,
        rows: choice.rows,
        cols: choice.cols,
        rules,
        rounds: args.rounds,
        seed: args.seed,
        threads,
        out: args.out.clone(),
        resume: args.resume,
        options: choice.options.clone(),
        depth: args.depth,
        limits: limits_json(sandbox.limits()),
        thread_stack: sandbox.limits().host_thread_stack(),
        reporting: grading,
    };
    let stop = Arc::new(AtomicBool::new(false));
    {
        let stop = stop.clone();
        // A second Ctrl-C is not caught again: it ends the process at once.
        let _ = ctrlc::set_handler(move || {
            if stop.swap(true, Ordering::SeqCst) {
                std::process::exit(130);
            }
            eprintln!("\nstopping after the games in progress...");
        });
    }
    let show = !args.quiet && std::io::stderr().is_terminal();
    let bar = ProgressBar::new(0);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games  {rate}  ETA {eta}")
            .expect("a valid template")
            .with_key(
                "rate",
                |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = write!(w, "{:.1} games/s", state.per_sec());
                },
            ),
    );
    let progress: Box<dyn Progress> = if show {
        Box::new(Bar(bar.clone()))
    } else {
        Box::new(Silent)
    };
    if args.force {
        tournament::folder::clear(&args.out)?;
    }
    let result = tournament::run(&config, field, &*progress, &stop);
    bar.finish_and_clear();
    match result {
        Ok(summary) => {
            if args.resume && (summary.kept > 0 || summary.leftovers_removed > 0) {
                eprintln!(
                    "resumed: kept {} recorded games, re-played {} whose replay was missing, played {} in all now; removed {} temporary files",
                    summary.kept, summary.replays_missing, summary.played_now, summary.leftovers_removed
                );
            }
            if !args.quiet {
                print!("{}", standings_csv::table(&summary.standings));
                if summary.standings.len() <= CROSSTABLE_MAX {
                    println!();
                    print!(
                        "{}",
                        crosstable_csv::table(&summary.standings, &summary.series, &summary.names)
                    );
                }
                let [w, d, l] = summary.first_mover;
                println!(
                    "{} games; the first mover won {w}, drew {d}, lost {l}; results in {}",
                    summary.games,
                    args.out.display()
                );
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(TournamentError::Interrupted { played }) => {
            eprintln!(
                "interrupted: {played} games finished in this run are saved in {}.\nresume with the same command and --resume",
                args.out.display()
            );
            Ok(ExitCode::from(130))
        }
        Err(e) => Err(e.into()),
    }
}
