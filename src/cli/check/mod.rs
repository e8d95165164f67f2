//! `arena check BOT`: what a student runs before handing a module in.
//!
//! Loads the module (every ABI check of the sandbox; when it fails, every problem at
//! once), lists its exports and imports, warns about a name shared with an example bot
//! or a size close to the cap, instantiates it once as a tournament does (its fuel),
//! plays a handful of games against the builtin bots from both seats, and reports faults,
//! fuel per move and memory, for people or as JSON. Exit 0 means ready, 1 not ready.

mod play;
mod report;

use std::process::ExitCode;
use std::sync::{Arc, Mutex, PoisonError};

use arena::bot::{Bot, Fault, Reply};
use arena::bot_name::escape_path;
use arena::contestant::module_name;
use arena::field::{self, Refusal};
use arena::module_file::ReadError;
use arena::module_lint;
use arena::referee::{Entrant, Entry};
use arena::runtime::{human_bytes, Declared, Limits, LoadError, WasmModule};
use arena::units::counted;

use super::common::{sandbox, stop_on_harness_problem, GameChoice};
use super::table_choice::{choose, Choice, TableChoice};
use super::CheckArgs;
use arena_games::registry::find_table_game;
use report::{Instantiation, Item, Load, Record, Report};

/// The game under check, in the model that plays it.
enum Checked {
    TwoSeat(GameChoice),
    Table(TableChoice),
}

/// What the file under check became: a module, or the reasons it is refused.
enum Loaded {
    Module { module: WasmModule, bytes: Vec<u8> },
    Refused { problems: Vec<String> },
}

pub fn run(args: CheckArgs) -> anyhow::Result<ExitCode> {
    // Flags that set up a game are checked before any work: a bad one fails at once.
    let asked = args.game.game.is_some()
        || args.game.rows.is_some()
        || args.game.cols.is_some()
        || !args.game.options.is_empty();
    let flagged = if asked {
        Some(checked_game(&args.game)?)
    } else {
        None
    };
    if let (Some(checked), Some(_)) = (&flagged, &args.secret) {
        refuse_secret(checked)?;
    }
    let sandbox = sandbox(&args.limits)?;
    let limits = sandbox.limits().clone();
    let name = module_name(&args.bot);
    let loaded = load(&args, &sandbox)?;
    let games: Vec<(Checked, GameFrom)> = match flagged {
        Some(checked) => vec![(checked, GameFrom::Flag)],
        None => {
            let declared = match &loaded {
                Loaded::Module { module, .. } => declared_games(module)?,
                Loaded::Refused { .. } => Vec::new(),
            };
            if declared.is_empty() {
                let from = match &loaded {
                    Loaded::Module { module, .. } if declares(module) => GameFrom::DeclaresNone,
                    _ if arena::python::is_script(&args.bot) => GameFrom::Script,
                    _ => GameFrom::Default,
                };
                vec![(checked_game(&args.game)?, from)]
            } else {
                let mut games = Vec::new();
                for game in declared {
                    games.push((checked_game(&game)?, GameFrom::Declared));
                }
                games
            }
        }
    };
    if args.secret.is_some() {
        for (checked, _) in &games {
            refuse_secret(checked)?;
        }
    }
    let mut reports = Vec::new();
    for (checked, from) in &games {
        reports.push(check_game(&args, &name, &limits, &loaded, checked, *from)?);
    }
    let ready = reports.iter().all(|r| r.ready);
    match (args.json, reports.as_slice()) {
        (true, [one]) => println!("{}", serde_json::to_string_pretty(one)?),
        (true, many) => println!("{}", serde_json::to_string_pretty(many)?),
        (false, [one]) => print!("{}", one.text()),
        (false, many) => {
            let names: Vec<&str> = many.iter().map(|r| r.game.as_str()).collect();
            println!(
                "{} declares {} with arena_plays ({}): checking each (--game NAME checks one)",
                escape_path(&args.bot),
                counted(many.len() as u64, "game", "games"),
                names.join(", ")
            );
            for r in many {
                println!();
                print!("{}", r.text());
            }
            let not_ready: Vec<&str> = many
                .iter()
                .filter(|r| !r.ready)
                .map(|r| r.game.as_str())
                .collect();
            println!();
            if not_ready.is_empty() {
                println!("verdict over every game it declares: READY");
            } else {
                println!(
                    "verdict over every game it declares: NOT READY, for {}",
                    not_ready.join(", ")
                );
            }
        }
    }
    Ok(if ready {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Refuses `--secret` for a game that deals no hidden setup (a two-seat game: both seats
/// see the whole board, so its boards come from `--seed` alone).
fn refuse_secret(checked: &Checked) -> anyhow::Result<()> {
    if let Checked::TwoSeat(c) = checked {
        anyhow::bail!(
            "--secret: {} deals no hidden setup (both seats see the whole board), so its boards come from --seed alone; leave the secret out",
            c.kind.info().name
        );
    }
    Ok(())
}

/// Why a game is the one checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameFrom {
    /// `--game` (or a size or option of the default game) was given.
    Flag,
    /// The module declares it with `arena_plays` (at its default size and seats).
    Declared,
    /// No `--game`, and the module exports `arena_plays` but declares no game at the
    /// default settings: the default game is checked.
    DeclaresNone,
    /// No `--game`, and the module declares nothing (no `arena_plays`): the default game.
    Default,
    /// No `--game`, and a Python script (which plays the two-seat games and declares
    /// none): the default game.
    Script,
}

impl GameFrom {
    /// The note the report prints about it (none for `--game`).
    pub fn note(self, game: &str) -> Option<String> {
        match self {
            GameFrom::Flag => None,
            GameFrom::Declared => Some(format!(
                "checking {game}: the module declares it (arena_plays)"
            )),
            GameFrom::DeclaresNone => Some(format!(
                "no --game, and the module's arena_plays declares no game at the default \
                 settings: checking {game}, the default (pass --game NAME for another game)"
            )),
            GameFrom::Default => Some(format!(
                "no --game, and the module does not declare its games (no arena_plays \
                 export): checking {game}, the default; for another game pass --game NAME"
            )),
            GameFrom::Script => Some(format!(
                "no --game: checking {game}, the default; for another game pass --game NAME"
            )),
        }
    }

    /// Its name in the JSON report.
    pub fn name(self) -> &'static str {
        match self {
            GameFrom::Flag => "flag",
            GameFrom::Declared => "declared",
            GameFrom::DeclaresNone | GameFrom::Default | GameFrom::Script => "default",
        }
    }
}

/// The game and settings of `args`, in the model that plays them.
fn checked_game(args: &super::GameArgs) -> anyhow::Result<Checked> {
    Ok(match choose(args, false)? {
        Choice::TwoSeat(choice) => Checked::TwoSeat(choice),
        Choice::Table(choice) => Checked::Table(choice),
    })
}

/// Whether the module exports `arena_plays`.
fn declares(module: &WasmModule) -> bool {
    module
        .exports()
        .iter()
        .any(|e| e.name == arena::runtime::PLAYS_EXPORT.0)
}

/// The games the module declares with `arena_plays`, each at its default size and seat
/// count, in the registry's order (none without the export).
///
/// # Errors
/// When the machine, not the module, could not ask.
fn declared_games(module: &WasmModule) -> anyhow::Result<Vec<super::GameArgs>> {
    if !declares(module) {
        return Ok(Vec::new());
    }
    let mut games = Vec::new();
    for kind in arena_games::registry::table_games() {
        let info = kind.info();
        let Ok(seats) = kind.seat_count(&arena_games::GameParams::default()) else {
            continue;
        };
        match module.plays(info.id, seats) {
            Ok(Declared::Plays) => games.push(super::GameArgs {
                game: Some(info.name.to_string()),
                rows: None,
                cols: None,
                options: Vec::new(),
            }),
            Ok(_) => {}
            Err(fault) => {
                // A trap or an exhausted budget is the module's refusal of that game;
                // the game's own check then says so. The machine's problem stops.
                stop_on_harness_problem("asking its arena_plays failed", fault.harness_problem())?;
            }
        }
    }
    Ok(games)
}

/// Reads and compiles the file once (the bytes compiled are the bytes measured and
/// linted); a refused module's every problem.
///
/// # Errors
/// A file that is not there, is a folder or cannot be read (a mistake in the command,
/// not a bot that is not ready: exit 2), or a problem of the machine.
fn load(args: &CheckArgs, sandbox: &arena::runtime::Sandbox) -> anyhow::Result<Loaded> {
    let limits = sandbox.limits();
    let (bytes, loaded) = match field::read(sandbox, &args.bot) {
        Ok(bytes) => {
            let loaded =
                field::compile(sandbox, &args.bot.display().to_string(), &args.bot, &bytes);
            (Some(bytes), loaded.result)
        }
        Err(e) => (None, Err(e)),
    };
    let refusal = match loaded {
        Ok(module) => {
            let bytes = bytes.expect("a module was compiled from bytes read");
            return Ok(Loaded::Module { module, bytes });
        }
        Err(refusal) => refusal,
    };
    if let Some(why) = refusal.machine_problem() {
        anyhow::bail!(
            "cannot load {}: {why} (a problem of this machine or its limits, not of \
             the module)",
            escape_path(&args.bot)
        );
    }
    if let Refusal::Read(e @ (ReadError::NotFound | ReadError::NotRegular(_) | ReadError::Io(_))) =
        refusal
    {
        anyhow::bail!("{}", LoadError::from_read(&args.bot, e));
    }
    // A file that cannot be read is named with its path, as the sandbox names it.
    let first = match refusal {
        Refusal::Read(e) => LoadError::from_read(&args.bot, e).to_string(),
        other => other.to_string(),
    };
    // The sandbox stops at the first problem; list every one it would find (a Python
    // script is not a module: its one problem is the whole story).
    let mut all = match &bytes {
        Some(_) if arena::python::is_script(&args.bot) => Vec::new(),
        Some(bytes) => module_lint::problems(bytes, limits, &sandbox.allowed_imports()),
        None => Vec::new(),
    };
    if !all.contains(&first) {
        all.insert(0, first);
    }
    Ok(Loaded::Refused { problems: all })
}

/// The report of one game's check of the loaded file.
fn check_game(
    args: &CheckArgs,
    name: &str,
    limits: &Limits,
    loaded: &Loaded,
    checked: &Checked,
    from: GameFrom,
) -> anyhow::Result<Report> {
    let game_name = match checked {
        Checked::TwoSeat(c) => c.kind.info().name,
        Checked::Table(c) => c.kind.info().name,
    };
    let mut report = Report {
        version: report::VERSION,
        bot: args.bot.display().to_string(),
        name: name.to_string(),
        game: game_name.to_string(),
        game_from: from.name(),
        note: from.note(game_name),
        ready: false,
        load: Load {
            ok: false,
            bytes: None,
            module_cap_bytes: limits.module_bytes,
            sha256: None,
            problems: Vec::new(),
            exports: Vec::new(),
            imports: Vec::new(),
        },
        warnings: Vec::new(),
        instantiation: None,
        games: Vec::new(),
        record: Record::default(),
        fuel: None,
        memory_bytes: 0,
        problems: Vec::new(),
    };
    match loaded {
        Loaded::Module { module, bytes } => {
            report.load.ok = true;
            report.load.bytes = Some(bytes.len() as u64);
            report.load.sha256 = Some(module.sha256().to_string());
            // A Python bot's module is arena's interpreter: its WASI imports and internal
            // exports are arena's, nothing the student wrote or can change.
            let script = arena::python::is_script(&args.bot);
            report.load.exports = module
                .exports()
                .iter()
                .filter(|_| !script)
                .map(|e| Item {
                    name: e.name.clone(),
                    ty: e.ty.clone(),
                })
                .collect();
            report.load.imports = module
                .imports()
                .iter()
                .filter(|_| !script)
                .map(|i| Item {
                    name: format!("{}.{}", i.module, i.name),
                    ty: i.ty.clone(),
                })
                .collect();
            report.warnings = warnings(name, bytes, limits.module_bytes);
            if instantiate_once(module, limits, &mut report)? {
                // A two-seat game of the `Game` model, at the table like every game.
                let at_table;
                let (choice, two_seat) = match checked {
                    Checked::TwoSeat(c) => {
                        at_table = TableChoice {
                            kind: find_table_game(c.kind.info().name)?,
                            rows: c.rows,
                            cols: c.cols,
                            options: c.options.clone(),
                            seats: 2,
                        };
                        (&at_table, true)
                    }
                    Checked::Table(c) => (c, false),
                };
                play::play(args, choice, two_seat, module.clone(), limits, &mut report)?;
            }
        }
        Loaded::Refused { problems } => {
            report.load.problems = problems.clone();
            // A refused module is not the example's either: the clash is worth knowing.
            report.warnings.extend(name_clash(name, None));
            report
                .problems
                .push("the module does not load, so it would be disqualified".to_string());
        }
    }
    report.ready = report.problems.is_empty();
    Ok(report)
}

/// Instantiates the module once as a tournament does (seed 0) and reports it; whether it
/// worked (the games are played only then).
///
/// # Errors
/// When the machine, not the module, could not instantiate it.
fn instantiate_once(
    module: &WasmModule,
    limits: &Limits,
    report: &mut Report,
) -> anyhow::Result<bool> {
    let budget = limits.fuel_instantiate;
    let instantiation = match module.instantiate(0) {
        Ok(bot) => Instantiation {
            fuel: Some(bot.instantiation_fuel()),
            budget,
            fault: None,
        },
        Err(fault) => {
            stop_on_harness_problem(
                "the module could not be instantiated",
                fault.harness_problem(),
            )?;
            report.problems.push(format!(
                "instantiating it fails ({fault}), so a tournament would disqualify it"
            ));
            Instantiation {
                fuel: None,
                budget,
                fault: Some(fault.to_string()),
            }
        }
    };
    let ok = instantiation.fault.is_none();
    report.instantiation = Some(instantiation);
    Ok(ok)
}

/// The example bots of `bots/`, by name, as committed: a student's module of the same
/// name (but other bytes) is warned about.
const EXAMPLES: [(&str, &[u8]); 8] = [
    ("random", include_bytes!("../../../bots/random.wasm")),
    ("greedy", include_bytes!("../../../bots/greedy.wasm")),
    ("alphabeta", include_bytes!("../../../bots/alphabeta.wasm")),
    ("c_greedy", include_bytes!("../../../bots/c_greedy.wasm")),
    (
        "cpp_greedy",
        include_bytes!("../../../bots/cpp_greedy.wasm"),
    ),
    (
        "zig_greedy",
        include_bytes!("../../../bots/zig_greedy.wasm"),
    ),
    ("as_greedy", include_bytes!("../../../bots/as_greedy.wasm")),
    (
        "first_legal",
        include_bytes!("../../../bots/first_legal.wasm"),
    ),
];

/// What is worth knowing about a module that loads: a name it shares with an example
/// bot, a size close to the cap.
fn warnings(name: &str, bytes: &[u8], cap: u64) -> Vec<String> {
    let mut out: Vec<String> = name_clash(name, Some(bytes)).into_iter().collect();
    let size = bytes.len() as u64;
    if arena::python::is_interpreter(bytes) {
        // A packed Python bot (`arena pack`): its size is the interpreter's.
        if size >= cap / 4 {
            out.push(format!(
                "the module is {}, close to the {} cap: it is arena's Python interpreter with \
                 the script inside (`arena pack`), whose size a script barely changes; hand \
                 in the .py file itself where the course takes scripts",
                human_bytes(size),
                human_bytes(cap)
            ));
        }
        return out;
    }
    if size >= cap / 4 {
        out.push(format!(
            "the module is {}, close to the {} cap (the Rust examples are about 0.7 MiB): build \
             with optimisations, strip debug information and names (Rust: \
             strip = true, lto = true; C/C++: -O2 -Wl,--strip-all) and leave out \
             what the bot does not use",
            human_bytes(size),
            human_bytes(cap)
        ));
    }
    out
}

/// The warning for a bot named like an example bot whose bytes (`None`: a module
/// that does not load) are not that example's.
fn name_clash(name: &str, bytes: Option<&[u8]>) -> Option<String> {
    let (example_name, example) = EXAMPLES
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))?;
    (bytes != Some(*example)).then(|| {
        format!(
            "`{name}` is also the name of an example bot (bots/{example_name}.wasm): a bot's \
             name is its file name, so next to the examples the results would show \
             two `{name}`s; rename your file (e.g. my_{name}.wasm)"
        )
    })
}

/// The module under check, fielded fresh for every game, with the fuel of every answer
/// its bots gave recorded (a move the referee then refused too: it cost that fuel).
struct Measured {
    module: WasmModule,
    fuel: Arc<Mutex<Vec<u64>>>,
}

impl Entrant for Measured {
    fn enter(&self, seed: u64) -> Result<Box<dyn Bot>, Entry> {
        let bot = self.module.instantiate(seed).map_err(Entry::Fault)?;
        Ok(Box::new(MeasuredBot {
            bot,
            fuel: Arc::clone(&self.fuel),
        }))
    }
}

/// One game's bot of [`Measured`].
struct MeasuredBot {
    bot: arena::runtime::WasmBot,
    fuel: Arc<Mutex<Vec<u64>>>,
}

impl MeasuredBot {
    /// `result`, with the fuel of an answer recorded.
    fn measured(&self, result: Result<Reply, Fault>) -> Result<Reply, Fault> {
        let used = match &result {
            Ok(reply) => Some(reply.fuel),
            Err(Fault::OutOfFuel { budget }) => Some(*budget),
            Err(_) => None,
        };
        if let Some(used) = used {
            self.fuel
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .push(used);
        }
        result
    }
}

impl Bot for MeasuredBot {
    fn choose_move(&mut self, words: &[i32]) -> Result<Reply, Fault> {
        let result = self.bot.choose_move(words);
        self.measured(result)
    }

    fn choose_move_with(
        &mut self,
        words: &[i32],
        legal: &dyn Fn() -> Vec<i32>,
    ) -> Result<Reply, Fault> {
        let result = self.bot.choose_move_with(words, legal);
        self.measured(result)
    }

    fn output(&self) -> String {
        self.bot.output()
    }

    fn output_lines(&self) -> usize {
        self.bot.output_lines()
    }

    fn memory_bytes(&self) -> u64 {
        self.bot.memory_bytes()
    }
}

/// Fuel per answered move: the most, the mean (rounded down) and how many.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct FuelStats {
    max: u64,
    mean: u64,
    moves: u64,
}

impl FuelStats {
    /// The statistics of `fuel` (one entry per move), `None` when there is none.
    fn of(fuel: &[u64]) -> Option<FuelStats> {
        let max = *fuel.iter().max()?;
        let total: u128 = fuel.iter().map(|&f| u128::from(f)).sum();
        let moves = fuel.len() as u64;
        Some(FuelStats {
            max,
            mean: (total / u128::from(moves)) as u64,
            moves,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_example_bot_is_known() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("bots");
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "wasm") {
                let bytes = std::fs::read(&path).unwrap();
                let name = module_name(&path);
                assert!(
                    EXAMPLES.iter().any(|(n, b)| *n == name && *b == bytes),
                    "{name}"
                );
                assert!(warnings(&name, &bytes, 8 << 20).is_empty(), "{name}");
            }
        }
    }

    #[test]
    fn fuel_stats_are_per_move() {
        assert_eq!(FuelStats::of(&[]), None);
        assert_eq!(
            FuelStats::of(&[10, 20, 40]),
            Some(FuelStats {
                max: 40,
                mean: 23,
                moves: 3
            })
        );
        let huge = FuelStats::of(&[u64::MAX, u64::MAX]).unwrap();
        assert_eq!((huge.max, huge.mean), (u64::MAX, u64::MAX));
    }
}
