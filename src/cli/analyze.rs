//! `arena analyze`: the tree below a position, from a recorded game
//! (`arena analyze RESULTS GAME_ID --move N`) or from a game's start
//! (`arena analyze --game G --seed S`), as text, DOT or JSON: minimax for the two-seat
//! games, max^n for every other game (`--option players=3`). The work is
//! `arena::analysis`; this file finds the position and checks the flags.

use std::path::Path;
use std::process::ExitCode;

use anyhow::{bail, Context as _};
use arena::analysis::{self, analyse, analyse_table, Analysis, AnalysisError};
use arena::output::replay::Replay;
use arena::output::replay_store::Store;
use arena::output::table_replay::{TableReplay, MAGIC};
use arena_games::find_game;
use arena_games::registry::find_table_game;

use super::table_choice::{choose, Choice};
use super::{AnalyzeArgs, AnalyzeFormat, GameArgs};

pub fn run(args: AnalyzeArgs) -> anyhow::Result<ExitCode> {
    let analysis = match (&args.results, args.game_id) {
        (Some(results), Some(game_id)) => recorded(&args, results, game_id),
        (Some(_), None) => {
            bail!("a results folder needs a game id: arena analyze RESULTS GAME_ID --move N")
        }
        _ => start(&args),
    }?;
    let out = match args.format {
        AnalyzeFormat::Text => analysis::text::render(&analysis),
        AnalyzeFormat::Dot => analysis::dot::render(&analysis),
        AnalyzeFormat::Json => analysis::json::render(&analysis),
    };
    print!("{out}");
    Ok(ExitCode::SUCCESS)
}

/// The refusal of a search, naming the flag that can change it.
fn flagged(e: AnalysisError) -> anyhow::Error {
    match e {
        AnalysisError::NodeLimit(_) => anyhow::anyhow!("--max-nodes: {e}"),
        AnalysisError::Depth(_) => anyhow::anyhow!("--depth: {e}"),
        _ => e.into(),
    }
}

/// `--move N` of a recorded game of `moves` moves, checked: the moves before it.
fn move_number(args: &AnalyzeArgs, game_id: u64, moves: usize) -> anyhow::Result<usize> {
    let last = moves + 1;
    let Some(n) = args.mv else {
        bail!("--move N is needed with a recorded game: the position before move N (1 to {last})");
    };
    if n == 0 || n > last {
        bail!("--move {n}: game {game_id} has {moves} moves; analyse the position before move 1 to {last}");
    }
    Ok(n)
}

/// The position before move `--move` of a recorded game, re-checked under the rules.
fn recorded(args: &AnalyzeArgs, results: &Path, game_id: u64) -> anyhow::Result<Analysis> {
    if args.game.is_some() || args.rows.is_some() || args.cols.is_some() || !args.options.is_empty()
    {
        bail!(
            "--game, --rows, --cols and --option describe a start; a recorded game brings its own"
        );
    }
    super::results_dir::require(results)?;
    if let Some(text) = Store::open(results)?.text(game_id)? {
        if text.starts_with(MAGIC) {
            return recorded_table(args, results, game_id, &text);
        }
    }
    let replay = Replay::read(results, game_id)?;
    let kind = find_game(&replay.game)?;
    replay
        .verify(kind)
        .map_err(anyhow::Error::msg)
        .with_context(|| format!("game {game_id} does not re-check under the rules"))?;
    let n = move_number(args, game_id, replay.moves.len())?;
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
    analyse(
        state.as_ref(),
        position,
        args.depth,
        args.seed,
        args.max_nodes,
    )
    .map_err(flagged)
}

/// The position before move `--move` of a recorded game of the table model.
fn recorded_table(
    args: &AnalyzeArgs,
    results: &Path,
    game_id: u64,
    text: &str,
) -> anyhow::Result<Analysis> {
    let replay = TableReplay::parse(text)
        .with_context(|| format!("game {game_id}: the replay does not read"))?;
    let kind = find_table_game(&replay.game)?;
    replay
        .verify(kind)
        .with_context(|| format!("game {game_id} does not re-check under the rules"))?;
    let n = move_number(args, game_id, replay.moves.len())?;
    let moves: Vec<i32> = replay.moves[..n - 1].iter().map(|&(_, m)| m).collect();
    let mut state = kind.start_from_setup(&replay.setup)?;
    for &m in &moves {
        state.play(m).map_err(|e| anyhow::anyhow!("{e}"))?;
    }
    if state.is_terminal() {
        bail!(
            "game {game_id} is over after move {}: there is no move {n} to analyse",
            n - 1
        );
    }
    let played = match replay.moves.get(n - 1) {
        Some(&(seat, m)) => format!(
            ", where seat {} ({}) played {}",
            seat + 1,
            replay.seats[usize::from(seat)].bot,
            state.describe_move(m).unwrap_or_else(|| m.to_string())
        ),
        None => String::from(", after the last recorded move"),
    };
    let position = format!(
        "game {game_id} of {}, before move {n}{played}",
        results.display()
    );
    analyse_table(
        kind,
        &replay.setup,
        &moves,
        position,
        args.depth,
        args.max_nodes,
    )
    .map_err(flagged)
}

/// The starting position of `--game` with `--seed`.
fn start(args: &AnalyzeArgs) -> anyhow::Result<Analysis> {
    if args.mv.is_some() {
        bail!("--move numbers a move of a recorded game: give the results folder and the game id");
    }
    let game_args = GameArgs {
        game: args.game.clone(),
        rows: args.rows.clone(),
        cols: args.cols.clone(),
        options: args.options.clone(),
    };
    match choose(&game_args, false)? {
        Choice::TwoSeat(choice) => {
            let (rows, cols) = (choice.rows.min, choice.cols.min);
            let game = choice
                .kind
                .new_game(&choice.params(rows, cols), args.seed)?;
            let position = format!(
                "the start drawn with seed {} (size {rows}x{cols}, setup `{}`)",
                args.seed,
                game.setup()
            );
            analyse(
                game.as_ref(),
                position,
                args.depth,
                args.seed,
                args.max_nodes,
            )
            .map_err(flagged)
        }
        Choice::Table(choice) => {
            let (rows, cols) = (choice.rows.min, choice.cols.min);
            let game = choice
                .kind
                .new_game(&choice.params(rows, cols), args.seed)?;
            let position = format!(
                "the start drawn with seed {} (size {rows}x{cols}, {})",
                args.seed,
                arena::units::counted(u64::from(choice.seats), "seat", "seats")
            );
            analyse_table(
                choice.kind,
                &game.setup(),
                &[],
                position,
                args.depth,
                args.max_nodes,
            )
            .map_err(flagged)
        }
    }
}
