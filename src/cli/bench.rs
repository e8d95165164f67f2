//! `arena bench`: measures the harness on this machine and prints each figure with its
//! target and PASS/MISS (the library's `arena::bench` does the work).

use std::io::Write as _;
use std::process::ExitCode;

use arena::bench::{self, Options};

use super::{BenchArgs, BenchChildArgs};

pub fn run(args: BenchArgs) -> anyhow::Result<ExitCode> {
    if args.threads == Some(0) {
        anyhow::bail!("--threads must be at least 1");
    }
    if args.scale {
        return scale(&args);
    }
    let options = Options {
        quick: args.quick,
        max_threads: args.threads.map(|t| t as usize),
        exe: std::env::current_exe().ok(),
    };
    println!(
        "arena bench{}: MathTricks, default limits (fuel on), the example bots of bots/",
        if args.quick {
            " --quick (small samples: figures and ~pass/~miss verdicts are indicative only)"
        } else {
            ""
        }
    );
    let figures = bench::run(&options, &mut |f| {
        println!("{f}");
        let _ = std::io::stdout().flush();
    })?;
    let missed: Vec<&str> = figures
        .iter()
        .filter(|f| f.passed() == Some(false))
        .map(|f| f.key.as_str())
        .collect();
    let with_target = figures.iter().filter(|f| f.target.is_some()).count();
    if args.quick {
        println!(
            "indicative: {} of {with_target} targets met on quick samples; \
             run `arena bench` (about a minute) to judge the targets",
            with_target - missed.len()
        );
    } else if missed.is_empty() {
        println!("all {with_target} targets met");
    } else {
        println!(
            "{} of {with_target} targets met; missed: {}",
            with_target - missed.len(),
            missed.join(", ")
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// `arena bench --scale`: one row per field size as each tournament finishes.
fn scale(args: &BenchArgs) -> anyhow::Result<ExitCode> {
    let sizes: Vec<usize> = if args.bots.is_empty() {
        bench::scale::DEFAULT_SIZES.to_vec()
    } else {
        args.bots.iter().map(|&n| n as usize).collect()
    };
    let threads = args.threads.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(2, |n| u32::try_from(n.get()).unwrap_or(2))
    });
    let options = bench::scale::ScaleOptions {
        sizes,
        distinct: args.distinct,
        threads,
        exe: std::env::current_exe()
            .map_err(|e| anyhow::anyhow!("cannot find this arena executable: {e}"))?,
    };
    println!(
        "arena bench --scale: MathTricks best-of-3, default limits, {threads} worker threads, {}",
        if args.distinct {
            "gauntlets against greedy.wasm of copies and of distinct modules"
        } else {
            "round robins of copies of the example bots"
        }
    );
    println!("{}", bench::scale::HEADER);
    bench::scale::run(&options, &mut |row| {
        println!("{row}");
        let _ = std::io::stdout().flush();
    })?;
    Ok(ExitCode::SUCCESS)
}

/// `arena __bench-child ROLE`: the bench's child processes (`pipe-bot`: see
/// `arena::bench::pipes`; `ceiling`: `arena::bench::threads`; `alphabeta`:
/// `arena::bench::alphabeta`).
pub fn child(args: BenchChildArgs) -> anyhow::Result<ExitCode> {
    match args.role.as_str() {
        "pipe-bot" => {
            bench::pipes::serve(std::io::stdin().lock(), std::io::stdout().lock())?;
            Ok(ExitCode::SUCCESS)
        }
        "ceiling" => {
            let [games, side] = [&args.games, &args.side]
                .map(|v| v.ok_or_else(|| anyhow::anyhow!("ceiling needs GAMES and SIDE")));
            bench::threads::serve_ceiling(
                games?,
                u32::try_from(side?)?,
                std::io::stdin().lock(),
                std::io::stdout().lock(),
            )?;
            Ok(ExitCode::SUCCESS)
        }
        "alphabeta" => {
            bench::alphabeta::serve_child(args.games.is_some(), std::io::stdout().lock())?;
            Ok(ExitCode::SUCCESS)
        }
        other => anyhow::bail!("unknown bench child role `{other}`"),
    }
}
