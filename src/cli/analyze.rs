//! `arena analyze`: the minimax tree below a position, from a recorded game
//! (`arena analyze RESULTS GAME_ID --move N`) or from a game's start
//! (`arena analyze --game G --seed S`), as text, DOT or JSON. The work is
//! `arena::analysis`; this file finds the position and checks the flags.

use std::process::ExitCode;

use anyhow::{bail, Context as _};
use arena::analysis::{self, analyse, AnalysisError};
use arena::output::replay::Replay;
use arena_games::{find_game, AnyGame};

use super::common::GameChoice;
use super::{AnalyzeArgs, AnalyzeFormat, GameArgs};

pub fn run(args: AnalyzeArgs) -> anyhow::Result<ExitCode> {
    let (game, position) = match (&args.results, args.game_id) {
        (Some(results), Some(game_id)) => recorded(&args, results, game_id)?,
        (Some(_), None) => {
            bail!("a results folder needs a game id: arena analyze RESULTS GAME_ID --move N")
        }
        _ => start(&args)?,
    };
    let analysis = analyse(
        game.as_ref(),
        position,
        args.depth,
        args.seed,
        args.max_nodes,
    )
    .map_err(|e| match e {
        AnalysisError::NodeLimit(_) => anyhow::anyhow!("--max-nodes: {e}"),
        AnalysisError::Depth(_) => anyhow::anyhow!("--depth: {e}"),
        _ => e.into(),
    })?;
    let out = match args.format {
        AnalyzeFormat::Text => analysis::text::render(&analysis),
        AnalyzeFormat::Dot => analysis::dot::render(&analysis),
        AnalyzeFormat::Json => analysis::json::render(&analysis),
    };
    print!("{out}");
    Ok(ExitCode::SUCCESS)
}

/// The position before move `--move` of a recorded game, re-checked under the rules.
fn recorded(
    args: &AnalyzeArgs,
    results: &std::path::Path,
    game_id: u64,
) -> anyhow::Result<(Box<dyn AnyGame>, String)> {
    if args.game.is_some() || args.rows.is_some() || args.cols.is_some() || !args.options.is_empty()
    {
        bail!(
            "--game, --rows, --cols and --option describe a start; a recorded game brings its own"
        );
    }
    super::results_dir::require(results)?;
    if let Some(manifest) = arena::output::manifest::Manifest::read(results)? {
        if let Some(seats) = manifest.seats {
            bail!(
                "{}: a tournament of {} at tables of {seats}: analyze shows the trees of two-seat games only (`arena replay` draws a table game)",
                arena::bot_name::escape_path(results),
                manifest.game
            );
        }
    }
    let replay = Replay::read(results, game_id)?;
    let kind = find_game(&replay.game)?;
    replay
        .verify(kind)
        .map_err(anyhow::Error::msg)
        .with_context(|| format!("game {game_id} does not re-check under the rules"))?;
    let last = replay.moves.len() + 1;
    let Some(n) = args.mv else {
        bail!("--move N is needed with a recorded game: the position before move N (1 to {last})");
    };
    if n == 0 || n > last {
        bail!(
            "--move {n}: game {game_id} has {} moves; analyse the position before move 1 to {last}",
            replay.moves.len()
        );
    }
    let mut state = kind.start_from_setup(&replay.setup)?;
    for &m in &replay.moves[..n - 1] {
        state.play(m).map_err(|e| anyhow::anyhow!("{e}"))?;
    }
    if state.is_terminal() {
        bail!(
            "game {game_id} is over after move {}: there is no move {n} to analyse",
            n - 1
        );
    }
    let played = match replay.moves.get(n - 1) {
        Some(&m) => format!(
            ", where {} ({}) played {}",
            state.to_move(),
            replay.bots[state.to_move().index()],
            state.describe_move(m).unwrap_or_else(|| m.to_string())
        ),
        None => String::from(", after the last recorded move"),
    };
    let position = format!(
        "game {game_id} of {}, before move {n}{played}",
        results.display()
    );
    Ok((state, position))
}

/// The starting position of `--game` with `--seed`.
fn start(args: &AnalyzeArgs) -> anyhow::Result<(Box<dyn AnyGame>, String)> {
    if args.mv.is_some() {
        bail!("--move numbers a move of a recorded game: give the results folder and the game id");
    }
    let game_args = GameArgs {
        game: args.game.clone(),
        rows: args.rows.clone(),
        cols: args.cols.clone(),
        options: args.options.clone(),
    };
    let choice = GameChoice::new(&game_args, false)?;
    let (rows, cols) = (choice.rows.min, choice.cols.min);
    let game = choice
        .kind
        .new_game(&choice.params(rows, cols), args.seed)?;
    let position = format!(
        "the start drawn with seed {} (size {rows}x{cols}, setup `{}`)",
        args.seed,
        game.setup()
    );
    Ok((game, position))
}
