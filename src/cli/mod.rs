//! The command line: every flag is defined here, each subcommand runs in its own file.
//!
//! Parsing happens in two stages, as in ripgrep: clap's raw structs below, then each
//! command turns them into a validated configuration before any work starts, so a bad
//! flag fails at once with a message that names it.

mod analyze;
mod bench;
mod board;
mod bounds;
mod check;
mod common;
mod compile;
mod examples;
mod games;
mod grades;
mod matchup;
mod merge;
mod new_bot;
mod pack;
mod play;
mod replay;
mod report;
mod results_dir;
mod serve;
mod similar;
mod sprt_match;
mod standings;
mod table_choice;
mod table_tournament;
mod tournament;
mod verify;

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

use arena::runtime::Limits;
use clap::{ArgAction, Args, Parser, Subcommand};

use bounds::*;

/// arena: a tournament harness for a battle of procedures.
#[derive(Parser, Debug)]
#[command(name = "arena", version, about, long_about = None, propagate_version = true)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The help of `--rows` for commands that play one board size.
const ONE_ROWS: &str =
    "Board rows (one number; `tournament` and `match` also take a range). Default: the game's";
/// The help of `--cols` for commands that play one board size.
const ONE_COLS: &str = "Board columns (one number). Default: the game's";

#[derive(Subcommand, Debug)]
enum Command {
    /// List the games and their builtin strategies.
    #[command(after_help = examples::GAMES)]
    Games(GamesArgs),
    /// Print a game's starting position (a board, heaps, a hand...) for people, or as JSON.
    #[command(after_help = examples::BOARD, mut_arg("rows", |a| a.help(ONE_ROWS)), mut_arg("cols", |a| a.help(ONE_COLS)))]
    Board(BoardArgs),
    /// Play a game in the terminal: people against people or against bots.
    #[command(after_help = examples::PLAY, mut_arg("rows", |a| a.help(ONE_ROWS)), mut_arg("cols", |a| a.help(ONE_COLS)))]
    Play(PlayArgs),
    /// Check a bot before handing it in: load it, play a few games, report (exit 1 if not ready).
    #[command(after_help = examples::CHECK, mut_arg("rows", |a| a.help(ONE_ROWS)), mut_arg("cols", |a| a.help(ONE_COLS)))]
    Check(CheckArgs),
    /// Play a tournament between bots (a round robin, a gauntlet, or tables for games of
    /// one to four seats) and write the results.
    #[command(after_help = examples::TOURNAMENT)]
    Tournament(TournamentArgs),
    /// Play two bots against each other and keep a running score; with --sprt, until a
    /// sequential test decides whether A is better than B.
    #[command(after_help = examples::MATCH)]
    Match(MatchArgs),
    /// Draw a recorded game move by move.
    #[command(after_help = examples::REPLAY)]
    Replay(ReplayArgs),
    /// Recompute the standings and summaries of a results folder from its recorded games.
    #[command(after_help = examples::STANDINGS)]
    Standings(StandingsArgs),
    /// Measure what the harness costs on this machine, against the performance targets.
    #[command(after_help = examples::BENCH)]
    Bench(BenchArgs),
    /// Write a ready-to-build bot folder for a language and a game.
    NewBot(NewBotArgs),
    /// Turn a Python bot (`bot.py`) into an ordinary `.wasm` bot: arena's interpreter
    /// with the script loaded.
    #[command(after_help = examples::PACK)]
    Pack(PackArgs),
    /// Re-play every recorded game and check that the results folder is reproduced exactly
    /// (exit 1 naming each difference).
    Verify(VerifyArgs),
    /// Show the game tree behind a move (minimax; max^n for the games of one to four seats):
    /// every move's value and the principal variation.
    Analyze(AnalyzeArgs),
    /// Rank the pairs of a results folder's bots by how unlikely their likeness is among
    /// independent bots (a copy's evidence for the instructor: a flag asks for a look,
    /// not a verdict).
    Similar(SimilarArgs),
    /// Combine the folders of a tournament's shards (--shard I/N) into one results folder.
    Merge(MergeArgs),
    /// Rebuild report.html, the results page, from a results folder's recorded games.
    Report(ReportArgs),
    /// Write the file a learning platform's gradebook imports (Moodle, Canvas,
    /// Blackboard) from a graded results folder, and pack the feedback pages for upload.
    #[command(after_help = examples::GRADES)]
    Grades(GradesArgs),
    /// Serve a course ladder: students upload bots and play a rated ladder until the
    /// deadline (`arena serve COURSE_DIR`; also `tokens`, `export`, `backup`; runs
    /// arena-serve, docs/LADDER.md).
    #[command(after_help = serve::SERVE_HELP)]
    Serve(serve::PassArgs),
    /// Send a bot to a course ladder and print its check (`--server URL FILE`; runs
    /// arena-serve, docs/LADDER.md).
    #[command(after_help = serve::SUBMIT_HELP)]
    Submit(serve::PassArgs),
    /// (internal) Compile one module for the parent arena process: wasm on stdin,
    /// artefact on stdout.
    #[command(name = "__compile", hide = true)]
    Compile(CompileArgs),
    /// (internal) A child process of `arena bench`: `pipe-bot` serves a bot over stdin
    /// and stdout.
    #[command(name = "__bench-child", hide = true)]
    BenchChild(BenchChildArgs),
}

#[derive(Args, Debug)]
struct CompileArgs {
    /// The parent sandbox's wasm stack cap, in bytes.
    #[arg(long)]
    stack_bytes: usize,
}

#[derive(Args, Debug)]
struct NewBotArgs {
    /// The language.
    #[arg(long, value_enum)]
    lang: new_bot::Lang,
    /// The game the bot plays (see `arena games`; any case).
    #[arg(long, default_value = "mathtricks", value_parser = common::game_name)]
    game: String,
    /// The folder to create; its last part is the bot's name.
    name: PathBuf,
}

#[derive(Args, Debug)]
struct PackArgs {
    /// The Python bot: a `.py` file defining `choose(state)` (docs/PYTHON.md).
    script: PathBuf,
    /// Where to write the module, a name ending in `.wasm`. Default: the script's path
    /// with `.wasm`.
    #[arg(long, short = 'o', value_name = "FILE")]
    out: Option<PathBuf>,
}

#[derive(Args, Debug)]
struct ReportArgs {
    /// The results folder of a finished tournament.
    results: PathBuf,
    #[command(flatten)]
    grading: GradingArgs,
}

#[derive(Args, Debug)]
struct GradesArgs {
    /// The results folder of a tournament graded with --roster and --bands.
    results: PathBuf,
    /// The learning platform: moodle, canvas or blackboard (docs/lms/).
    #[arg(long, value_parser = clap::value_parser!(arena::output::gradebook::Lms))]
    lms: arena::output::gradebook::Lms,
    /// The grade column's name, as the gradebook shows it (a new name makes a new column
    /// in Canvas and Blackboard; Moodle needs the grade item to exist).
    #[arg(long, value_name = "NAME")]
    column: String,
    /// The platform's own gradebook export: its rows and columns are kept, the grade
    /// column filled, so that the upload maps without editing.
    #[arg(long, value_name = "EXPORT.csv")]
    template: Option<PathBuf>,
    /// The grade bands of the run: each band's `points` (or its grade, when a number) is
    /// what the gradebook gets. Without: every grade must be a number.
    #[arg(long, value_name = "FILE")]
    bands: Option<PathBuf>,
    /// The file to write.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Also pack every student's feedback page into this zip, named for the platform's
    /// bulk upload (moodle and canvas; Blackboard's feedback is a column of --out).
    #[arg(long, value_name = "FILE.zip")]
    feedback: Option<PathBuf>,
}

#[derive(Args, Debug)]
struct MergeArgs {
    /// The shard folders, one per part (any order).
    #[arg(required = true, value_name = "SHARD_DIR")]
    shards: Vec<PathBuf>,
    /// The new results folder.
    #[arg(long)]
    out: PathBuf,
    /// Before merging, play every shard's games again from the modules in this folder
    /// (as `arena verify` does; repeat for several folders) and refuse a shard whose games
    /// are not reproduced exactly, writing nothing.
    #[arg(long = "verify", value_name = "MODULES")]
    verify: Vec<PathBuf>,
    /// With --verify: worker threads, 1 to 256 (default: all cores).
    #[arg(long, requires = "verify", value_parser = clap::value_parser!(u32).range(1..=MAX_THREADS as i64))]
    threads: Option<u32>,
    #[command(flatten)]
    grading: GradingArgs,
}

#[derive(Args, Debug)]
struct VerifyArgs {
    /// The results folder.
    results: PathBuf,
    /// The folders the modules were taken from (each module's `source` in tournament.json
    /// is looked up in them, in order); not needed when every bot is a builtin.
    #[arg(value_name = "MODULES")]
    modules: Vec<PathBuf>,
    /// Worker threads, 1 to 256 (default: all cores); results do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=MAX_THREADS as i64))]
    threads: Option<u32>,
    #[command(flatten)]
    grading: GradingArgs,
}

#[derive(Args, Debug)]
struct SimilarArgs {
    /// The results folder.
    results: PathBuf,
    /// The folders the modules were taken from (as for `verify`); not needed when every
    /// bot is a builtin.
    #[arg(value_name = "MODULES")]
    modules: Vec<PathBuf>,
    /// Positions every bot is asked about, 1 to 10000 (default 100).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    positions: Option<u32>,
    /// A folder of bots known to be independent (.wasm, .wat, .py): asked too, their pairs
    /// join the distribution the class's pairs are measured against.
    #[arg(long, value_name = "DIR")]
    baseline: Option<PathBuf>,
    /// Worker threads, 1 to 256 (default: all cores); the report does not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=MAX_THREADS as i64))]
    threads: Option<u32>,
}

/// How `arena analyze` writes the tree.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum AnalyzeFormat {
    /// An indented text tree.
    Text,
    /// A Graphviz graph (render it with `dot -Tsvg`).
    Dot,
    /// JSON, for programs.
    Json,
}

#[derive(Args, Debug)]
struct AnalyzeArgs {
    /// A results folder holding the game to analyse (with GAME_ID and --move).
    results: Option<PathBuf>,
    /// The game id (see games.csv).
    game_id: Option<u64>,
    /// With a recorded game: analyse the position before move N (1 is the start).
    #[arg(long = "move", value_name = "N")]
    mv: Option<usize>,
    /// Without a recorded game: the game whose start to analyse (default mathtricks).
    #[arg(long, value_parser = common::game_name)]
    game: Option<String>,
    /// Board rows of the start. Default: the game's.
    #[arg(long)]
    rows: Option<String>,
    /// Board columns of the start. Default: the game's.
    #[arg(long)]
    cols: Option<String>,
    /// A game-specific option NAME=VALUE of the start (repeatable).
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<String>,
    /// The seed of the start, and of the random choice among equally good moves.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Plies to search.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=arena::analysis::MAX_DEPTH as i64))]
    depth: u32,
    /// Refuse a tree of more positions than this (at most 1000000).
    #[arg(long, default_value_t = arena::analysis::DEFAULT_MAX_NODES)]
    max_nodes: usize,
    /// How to write the tree.
    #[arg(long, value_enum, default_value_t = AnalyzeFormat::Text)]
    format: AnalyzeFormat,
}

#[derive(Args, Debug)]
struct BenchArgs {
    /// A few seconds instead of about a minute (smaller samples, noisier figures).
    #[arg(long)]
    quick: bool,
    /// The most worker threads to measure throughput with, 1 to 256 (default: all cores,
    /// at least 2).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=MAX_THREADS as i64))]
    threads: Option<u32>,
    /// Instead: whole round robins (MathTricks, best-of-3) of copies of the example bots,
    /// each run as a child process: games/s, CPU, peak RSS and folder size per field size
    /// (docs/PERFORMANCE.md, "Reproduce").
    #[arg(long, conflicts_with = "quick")]
    scale: bool,
    /// With --scale: the field sizes, comma-separated, 2 to 100000 each [default:
    /// 100,300,1000].
    #[arg(long, requires = "scale", value_delimiter = ',', value_name = "N,...",
          value_parser = clap::value_parser!(u32).range(2..=arena::bench::scale::MAX_BOTS as i64))]
    bots: Vec<u32>,
    /// With --scale: gauntlets against greedy.wasm of N copies and of N distinct modules
    /// (each an example bot with one constant added): compile time and memory per module.
    #[arg(long, requires = "scale")]
    distinct: bool,
}

#[derive(Args, Debug)]
struct BenchChildArgs {
    /// What to serve: `pipe-bot`, `ceiling` or `alphabeta`.
    role: String,
    /// `ceiling`: games per round; `alphabeta`: present for the quick workload.
    games: Option<u64>,
    /// `ceiling`: the board side.
    side: Option<u64>,
}

#[derive(Args, Debug)]
struct GamesArgs {
    /// Print the list as JSON (schema in docs/RESULTS.md, "JSON output").
    #[arg(long)]
    json: bool,
}

#[derive(Args, Debug)]
struct StandingsArgs {
    /// The results folder.
    results: PathBuf,
    /// Print the standings as JSON, as standings.json holds them (docs/RESULTS.md).
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    grading: GradingArgs,
}

/// The sandbox's limits (defaults and reasons in docs/ABI.md).
#[derive(Args, Debug, Clone)]
pub struct LimitArgs {
    /// Fuel (about one unit per WebAssembly instruction) a bot may use per move, 1 to
    /// 10000000000.
    #[arg(long, value_name = "FUEL", default_value_t = Limits::default().fuel_per_move,
          value_parser = clap::value_parser!(u64).range(1..=MAX_FUEL))]
    fuel: u64,
    /// Linear memory cap per bot, in MiB, 1 to 4096.
    #[arg(long, value_name = "MIB", default_value_t = Limits::default().memory_bytes >> 20,
          value_parser = clap::value_parser!(u64).range(1..=MAX_MEMORY_MIB))]
    memory_mib: u64,
    /// WebAssembly stack cap per bot, in KiB, 4 to 262144.
    #[arg(long, value_name = "KIB", default_value_t = (Limits::default().stack_bytes >> 10) as u64,
          value_parser = clap::value_parser!(u64).range(MIN_STACK_KIB..=MAX_STACK_KIB))]
    stack_kib: u64,
    /// CPU-time safety net per call, in seconds, 1 to 3600 (fuel is the real limit; see docs/ABI.md).
    #[arg(long, value_name = "SECS", default_value_t = Limits::default().timeout_secs,
          value_parser = clap::value_parser!(u64).range(1..=MAX_TIMEOUT_SECS))]
    timeout_secs: u64,
}

/// The game and its size, shared by the commands that start games.
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// The game to play (see `arena games`; any case) [default: mathtricks; `check`: the
    /// games the module declares, if it does]
    #[arg(long, value_parser = common::game_name)]
    game: Option<String>,
    /// Board rows: a number, or a range like 6..10 to draw each board's size from
    /// (bounds: `arena games`). Default: the game's.
    #[arg(long)]
    rows: Option<String>,
    /// Board columns: a number or a range. Default: the game's.
    #[arg(long)]
    cols: Option<String>,
    /// A game-specific option NAME=VALUE (repeatable), e.g. --option heaps=3,4,5 for nim.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<String>,
}

#[derive(Args, Debug)]
struct BoardArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The seed the position is drawn from.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Print JSON for programs instead of the drawing.
    #[arg(long)]
    json: bool,
}

#[derive(Args, Debug)]
struct PlayArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The seed of the position (default: a fresh one, printed so the game can be repeated).
    #[arg(long)]
    seed: Option<u64>,
    /// Who plays first: `human`, `builtin:NAME`, or a .wasm/.wat file.
    #[arg(long, default_value = "human")]
    p1: String,
    /// Who plays second.
    #[arg(long, default_value = "human")]
    p2: String,
    /// Who plays third, in a game of three or four seats (default: a person).
    #[arg(long)]
    p3: Option<String>,
    /// Who plays fourth, in a game of four seats (default: a person).
    #[arg(long)]
    p4: Option<String>,
    /// Never use colours (also off when NO_COLOR is set or output is not a terminal).
    #[arg(long)]
    no_color: bool,
    #[command(flatten)]
    limits: LimitArgs,
}

#[derive(Args, Debug)]
struct CheckArgs {
    /// The module: a .wasm, .wat or .py file.
    bot: PathBuf,
    #[command(flatten)]
    game: GameArgs,
    /// Games to play against the builtin bots (alternating seats and opponents), 1 to
    /// 1000.
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(1..=MAX_CHECK_GAMES as i64))]
    games: u32,
    /// The seed of the boards.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The secret a game with hidden setup is dealt under, 64 hex digits (default: drawn
    /// from the operating system for each check, so give it to play the same games
    /// again).
    #[arg(long, value_name = "HEX")]
    secret: Option<arena::seeds::Secret>,
    /// Print the report as JSON (schema in docs/ABI.md, "arena check --json").
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    limits: LimitArgs,
}

#[derive(Args, Debug)]
struct TournamentArgs {
    /// Bots: .wasm/.wat modules, .py Python bots, folders of submissions (see
    /// docs/TOURNAMENT.md), or builtin:NAME[:DEPTH].
    #[arg(required = true, value_name = "BOT")]
    bots: Vec<OsString>,
    /// At the end, the similarity report of the class (`arena similar`,
    /// docs/SIMILARITY.md): similarity.csv, .json and .html, for the instructor only.
    #[arg(long)]
    similarity: bool,
    #[command(flatten)]
    game: GameArgs,
    /// Games per series: 1, 3, 5 or 7 [default: 5] (two-seat games only: a table is
    /// played in every seating).
    #[arg(long)]
    best_of: Option<u32>,
    /// Play every board twice with seats swapped (2N games per series, all counting).
    /// Always on for games the first mover wins with perfect play (determinant).
    #[arg(long)]
    paired: bool,
    // With a --gauntlet, --sprt stops each bot's series against a reference once the
    // sequential test decides; --rounds is then the cap (docs/STATISTICS.md).
    #[command(flatten)]
    sprt: SprtArgs,
    /// Play all games of a series even once it is decided.
    #[arg(long)]
    play_all: bool,
    /// Play only part I of N of the schedule (e.g. `--shard 2/3`, one per machine), into
    /// its own --out folder; `arena merge` then combines the parts (docs/CLUSTER.md).
    #[arg(long, value_name = "I/N")]
    shard: Option<arena::schedule::Shard>,
    /// Series per pair of bots (boards per table for games of one, three or four seats),
    /// 1 to 1000, and at most 200000 series in all [default: 1; 50 boards for a one-seat
    /// game, whose leaderboard needs many boards]
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=MAX_ROUNDS as i64))]
    rounds: Option<u32>,
    /// The tournament seed: every board and bot seed is derived from it.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The secret of a game with hidden setup (minesweeper, pursuit with blind=1), 64 hex
    /// digits: its boards and bot seeds are dealt under it and the seed (default: drawn
    /// from the operating system and kept in tournament.json; needed by every part of a
    /// --shard run). Keep it from the class (docs/TOURNAMENT.md, "Hidden setup").
    #[arg(long, value_name = "HEX")]
    secret: Option<arena::seeds::Secret>,
    /// Worker threads, 1 to 256 (default: all cores).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=MAX_THREADS as i64))]
    threads: Option<u32>,
    /// The results folder.
    #[arg(long, default_value = "results")]
    out: PathBuf,
    /// Continue the interrupted tournament in --out.
    #[arg(long)]
    resume: bool,
    /// No progress and no standings table.
    #[arg(long, short)]
    quiet: bool,
    /// Search depth for builtin:alphabeta, 1 to 64 and at most the game's maximum
    /// (default: the game's).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=MAX_DEPTH as i64))]
    depth: Option<u32>,
    /// Gauntlet: play every BOT against this reference bot (a file, folder or builtin)
    /// and not against each other. One value per flag: repeat the flag for more
    /// references (--gauntlet builtin:greedy --gauntlet builtin:alphabeta). A reference
    /// that would be skipped or disqualified stops the run (docs/TOURNAMENT.md).
    #[arg(long, value_name = "REF", action = ArgAction::Append)]
    gauntlet: Vec<OsString>,
    #[command(flatten)]
    grading: GradingArgs,
    /// A zip archive among the BOTs is a learning platform's download: read it as this
    /// layout (moodle, canvas, blackboard or plain) instead of recognising it from the
    /// names (docs/lms/).
    #[arg(long, value_name = "LAYOUT", value_parser = clap::value_parser!(arena::submissions::lms::Layout))]
    layout: Option<arena::submissions::lms::Layout>,
    /// Of a student's several attempts in a download, the one that counts: latest
    /// (the default) or first; the others are skipped with the reason.
    #[arg(long, value_name = "WHICH", value_parser = clap::value_parser!(arena::submissions::lms::AttemptChoice))]
    attempt: Option<arena::submissions::lms::AttemptChoice>,
    /// Start afresh in a used --out folder: first remove arena's own files there (the
    /// manifest, the CSV files, the replays), nothing else.
    #[arg(long, conflicts_with = "resume")]
    force: bool,
    #[command(flatten)]
    limits: LimitArgs,
}

impl GameArgs {
    /// The game asked for, `mathtricks` when `--game` was not given.
    fn game(&self) -> &str {
        self.game.as_deref().unwrap_or(DEFAULT_GAME)
    }
}

/// The game of the commands that play one when `--game` is not given.
const DEFAULT_GAME: &str = "mathtricks";

/// Roster and grade bands: inputs to the derived files only, never to play.
#[derive(Args, Debug, Default)]
pub struct GradingArgs {
    /// A CSV mapping module files to students (columns file, student_id, name): adds ids
    /// to standings.csv and writes grades.csv.
    #[arg(long, value_name = "FILE")]
    roster: Option<PathBuf>,
    /// A TOML file of grade bands for grades.csv (see docs/GRADING.md); needs --roster,
    /// or a roster the results folder records.
    #[arg(long, value_name = "FILE")]
    bands: Option<PathBuf>,
    /// Rate this bot at 0 Elo (default: the field's mean is 0).
    #[arg(long, value_name = "BOT")]
    anchor: Option<String>,
}

/// The sequential test of `match --sprt` and of a gauntlet's `--sprt` (docs/STATISTICS.md).
#[derive(Args, Debug)]
struct SprtArgs {
    /// Stop as soon as a sequential probability ratio test (fishtest's GSPRT) decides:
    /// H1, the bot is at least --elo1 Elo stronger than the other (the reference), or
    /// H0, at most --elo0 (docs/STATISTICS.md).
    #[arg(long)]
    sprt: bool,
    /// With --sprt: the Elo difference of H0 ("no better"), -1000 to 1000.
    #[arg(
        long,
        default_value_t = 0.0,
        allow_negative_numbers = true,
        requires = "sprt"
    )]
    elo0: f64,
    /// With --sprt: the Elo difference of H1 ("better by this much"), above --elo0.
    #[arg(
        long,
        default_value_t = 20.0,
        allow_negative_numbers = true,
        requires = "sprt"
    )]
    elo1: f64,
    /// With --sprt: the false-positive rate, the chance of H1 when H0 holds.
    #[arg(long, default_value_t = 0.05, requires = "sprt")]
    alpha: f64,
    /// With --sprt: the false-negative rate, the chance of H0 when H1 holds.
    #[arg(long, default_value_t = 0.05, requires = "sprt")]
    beta: f64,
    /// With --sprt: the scale of --elo0 and --elo1: logistic Elo (the ratings' scale) or
    /// normalized Elo (fishtest's default, independent of the draw rate).
    #[arg(long, value_enum, default_value_t = EloScale::Logistic, requires = "sprt")]
    elo_model: EloScale,
}

/// The Elo scale of `--elo0`/`--elo1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum EloScale {
    /// Logistic Elo.
    Logistic,
    /// Normalized Elo.
    Normalized,
}

impl SprtArgs {
    /// The test's settings, when --sprt is given (checked when the test is made).
    fn settings(&self) -> Option<arena::sprt_settings::SprtSettings> {
        use arena::sprt_settings::{ModelName, SprtSettings};
        self.sprt.then_some(SprtSettings {
            elo0: self.elo0,
            elo1: self.elo1,
            alpha: self.alpha,
            beta: self.beta,
            model: match self.elo_model {
                EloScale::Logistic => ModelName::Logistic,
                EloScale::Normalized => ModelName::Normalized,
            },
        })
    }
}

#[derive(Args, Debug)]
struct MatchArgs {
    /// The first bot (with --sprt: the one tested, e.g. your new version).
    a: String,
    /// The second bot (with --sprt: the one it is tested against, e.g. the old version).
    b: String,
    #[command(flatten)]
    game: GameArgs,
    /// Games to play (first mover alternates), 1 to 100000 [default: 10]; with --sprt
    /// the most games to play before stopping undecided [default: 10000].
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=MAX_MATCH_GAMES as i64))]
    games: Option<u32>,
    #[command(flatten)]
    sprt: SprtArgs,
    /// With --sprt: play every board twice with seats swapped and count board pairs
    /// (the pentanomial model); without it, games (the trinomial model).
    #[arg(long, requires = "sprt")]
    paired: bool,
    /// With --sprt: worker threads, 1 to 256 (default: all cores). The games and the
    /// decision are the same with any number.
    #[arg(long, requires = "sprt", value_parser = clap::value_parser!(u32).range(1..=MAX_THREADS as i64))]
    threads: Option<u32>,
    /// With --sprt: record the games in this results folder (as a gauntlet of A against
    /// B), which `arena verify` checks and `arena replay` reads; it must be new.
    #[arg(long, requires = "sprt", value_name = "DIR")]
    out: Option<PathBuf>,
    /// The seed every board and bot seed is derived from.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The secret of a game with hidden setup (minesweeper for two, pursuit with
    /// blind=1), 64 hex digits: its boards and bot seeds are dealt under it and the seed
    /// (default: a fresh one from the operating system for each match, so that no bot can
    /// compute a board; give one to play the same games again).
    #[arg(long, value_name = "HEX", conflicts_with = "sprt")]
    secret: Option<arena::seeds::Secret>,
    /// Search depth for builtin:alphabeta, 1 to 64 and at most the game's maximum
    /// (default: the game's).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=MAX_DEPTH as i64))]
    depth: Option<u32>,
    #[command(flatten)]
    limits: LimitArgs,
    /// Print every game and the score as JSON when done (docs/RESULTS.md).
    #[arg(long)]
    json: bool,
}

#[derive(Args, Debug)]
struct ReplayArgs {
    /// The results folder.
    results: PathBuf,
    /// The game id (see games.csv).
    game_id: u64,
    /// Wait for Enter between moves.
    #[arg(long)]
    step: bool,
    /// Never use colours.
    #[arg(long)]
    no_color: bool,
}

/// Runs the parsed command line; the exit code says how it went.
pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Games(args) => games::run(args),
        Command::Board(args) => board::run(args),
        Command::Play(args) => play::run(args),
        Command::Check(args) => check::run(args),
        Command::Tournament(args) => tournament::run(args),
        Command::Match(args) => matchup::run(args),
        Command::Replay(args) => replay::run(args),
        Command::Standings(args) => standings::run(args),
        Command::Bench(args) => bench::run(args),
        Command::NewBot(args) => new_bot::run(args),
        Command::Pack(args) => pack::run(args),
        Command::Verify(args) => verify::run(args),
        Command::Compile(args) => compile::run(args),
        Command::BenchChild(args) => bench::child(args),
        Command::Analyze(args) => analyze::run(args),
        Command::Merge(args) => merge::run(args),
        Command::Similar(args) => similar::run(args),
        Command::Report(args) => report::run(args),
        Command::Grades(args) => grades::run(args),
        Command::Serve(args) => serve::run(&[], args),
        Command::Submit(args) => serve::run(&["submit"], args),
    }
}
