//! `arena new-bot --lang LANG --game GAME NAME`: a ready-to-build bot folder, for every
//! registered game.
//!
//! The folder holds the source, a `build.sh` (WAT needs none) and a README. For
//! MathTricks every language starts from its committed greedy example (the same moves as
//! `builtin:greedy`; WAT: the first legal cell). For the other games, Rust bots get the
//! SDK, which knows every game's rules (the first legal move: of the state for a two-seat
//! game, of the seat's view through `table_bot!` for a game of one to four seats); the
//! other languages get a complete bot that reads the header and plays a seeded random
//! legal move (WAT: the first) from `arena.legal_moves`, so that nobody re-implements a
//! game's rules to get started, with a pointer to the game's page for the state's layout.
//! A game with a form of one to four seats (tic-tac-toe, minesweeper, pursuit, path, the
//! one-way pieces for three) gets the `arena_plays` export declaring its seat counts.

use std::path::Path;
use std::process::ExitCode;

use anyhow::{bail, Context as _};
use arena_games::find_game;
use arena_games::game::{GameInfo, SeatRange};
use arena_games::registry::{
    find_table_game, table_seats, visit_table_game, TableStrategies, TableVisitor,
};

use super::NewBotArgs;

/// The languages `new-bot` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Lang {
    /// Rust with arena-sdk (every game).
    Rust,
    /// C with arena.h.
    C,
    /// C++ with arena.h.
    Cpp,
    /// Zig.
    Zig,
    /// AssemblyScript.
    Assemblyscript,
    /// WebAssembly text, loaded as it is.
    Wat,
    /// Python, run by arena's own interpreter as it is (every game; greedy for MathTricks).
    Python,
}

impl Lang {
    /// The folder of `bots/` whose README is this language's page.
    fn folder(self) -> &'static str {
        match self {
            Lang::Rust => "rust",
            Lang::C => "c",
            Lang::Cpp => "cpp",
            Lang::Zig => "zig",
            Lang::Assemblyscript => "assemblyscript",
            Lang::Wat => "wat",
            Lang::Python => "python",
        }
    }
}

const ARENA_H: &str = include_str!("../../../bots/c/arena.h");
const C_GREEDY: &str = include_str!("../../../bots/c/greedy.c");
const CPP_GREEDY: &str = include_str!("../../../bots/cpp/greedy.cpp");
const ZIG_GREEDY: &str = include_str!("../../../bots/zig/greedy.zig");
const AS_GREEDY: &str = include_str!("../../../bots/assemblyscript/greedy.ts");
const WAT_FIRST_LEGAL: &str = include_str!("../../../bots/wat/first_legal.wat");
const PY_GREEDY: &str = include_str!("../../../bots/py_greedy.py");
const PYTHON_ANY: &str = include_str!("templates/python_any.py");

const RUST_CARGO: &str = include_str!("templates/rust_Cargo.toml");
const RUST_ANY: &str = include_str!("templates/rust_any.rs");
const RUST_MATHTRICKS: &str = include_str!("templates/rust_mathtricks.rs");
const RUST_TABLE: &str = include_str!("templates/rust_table.rs");
const BUILD_RUST: &str = include_str!("templates/build_rust.sh");
const BUILD_C: &str = include_str!("templates/build_c.sh");
const BUILD_CPP: &str = include_str!("templates/build_cpp.sh");
const BUILD_ZIG: &str = include_str!("templates/build_zig.sh");
const BUILD_AS: &str = include_str!("templates/build_assemblyscript.sh");
const AS_PACKAGE: &str = include_str!("templates/assemblyscript_package.json");
const C_ANY: &str = include_str!("templates/c_any.c");
const CPP_ANY: &str = include_str!("templates/cpp_any.cpp");
const ZIG_ANY: &str = include_str!("templates/zig_any.zig");
const AS_ANY: &str = include_str!("templates/as_any.ts");
const WAT_ANY: &str = include_str!("templates/wat_any.wat");

/// Games documented on another game's page (the one-way family shares one; the path is
/// pursuit's game of one seat).
const SHARED_PAGES: [(&str, &str); 5] = [
    ("king", "oneway"),
    ("queen", "oneway"),
    ("rook", "oneway"),
    ("knight", "oneway"),
    ("path", "pursuit"),
];

/// The page of arena's docs/games/ that documents `game`, without `.md`.
pub fn doc_page(game: &str) -> &str {
    SHARED_PAGES
        .iter()
        .find(|(g, _)| *g == game)
        .map_or(game, |(_, page)| page)
}

/// What a template needs to know of its game besides its facts.
pub struct Form {
    /// Whether the game is a two-seat game of the `Game` model (its bots read the 8-word
    /// header; a Rust bot uses `any_game_bot!`).
    pub two_seat: bool,
    /// The seat counts of its form in the table model, if it has one (the module's
    /// `arena_plays` declares them).
    pub table: Option<SeatRange>,
    /// The Rust type of its table form, as the SDK names it.
    pub rust_type: Option<String>,
}

impl Form {
    /// The form of the game `info` names.
    pub fn of(info: &GameInfo) -> Form {
        /// The SDK's path of a table game's type.
        struct RustType;
        impl TableVisitor for RustType {
            type Output = String;
            fn visit<G: TableStrategies>(self) -> String {
                public_path(std::any::type_name::<G>())
            }
        }
        let table = table_seats()
            .iter()
            .find(|(id, _)| *id == info.id)
            .map(|&(_, seats)| seats);
        Form {
            two_seat: find_game(info.name).is_ok(),
            table,
            rust_type: table.and_then(|_| visit_table_game(info.id, RustType)),
        }
    }

    /// The state's header, in words, for a template's comment.
    fn header(&self) -> &'static str {
        match (self.two_seat, self.table) {
            (true, None) => "an 8-word header",
            (true, Some(_)) => "an 8-word header; 11 words with three players (docs/ABI.md)",
            _ => "an 11-word header with the seats, role and team (docs/ABI.md)",
        }
    }
}

/// A type's name as the SDK exports it: each `arena_games::FOLDER::…::Type` of
/// `std::any::type_name` as `arena_sdk::games::FOLDER::Type` (every game folder exports
/// its game types at its root).
fn public_path(type_name: &str) -> String {
    let mut out = String::new();
    let mut token = String::new();
    let flush = |token: &mut String, out: &mut String| {
        let parts: Vec<&str> = token.split("::").collect();
        match parts.as_slice() {
            ["arena_games", folder, .., name] => {
                out.push_str(&format!("arena_sdk::games::{folder}::{name}"));
            }
            _ => out.push_str(token),
        }
        token.clear();
    };
    for c in type_name.chars() {
        if matches!(c, '<' | '>' | ',' | ' ') {
            flush(&mut token, &mut out);
            out.push(c);
        } else {
            token.push(c);
        }
    }
    flush(&mut token, &mut out);
    out
}

/// The `arena_plays` export of a template in `lang` for game `id` with `seats`, with the
/// build flag it needs; empty for a game of two seats only.
fn plays(lang: Lang, game: &str, id: i32, seats: Option<SeatRange>) -> (String, &'static str) {
    let Some(SeatRange { min, max }) = seats else {
        return (String::new(), "");
    };
    let doc = format!(
        "the games this bot plays: {game} with {} seats (docs/ABI.md, \"Games for one to four seats\")",
        SeatRange { min, max }
    );
    match lang {
        Lang::C | Lang::Cpp => (
            format!(
                "\n/* ABI export: {doc}. */\nARENA_EXPORT(arena_plays)\nint32_t arena_plays(int32_t game_id, int32_t seats) {{\n    return game_id == GAME_ID && seats >= {min} && seats <= {max};\n}}\n"
            ),
            " -Wl,--export=arena_plays",
        ),
        Lang::Zig => (
            format!(
                "\n/// ABI export: {doc}.\nexport fn arena_plays(game_id: i32, seats: i32) i32 {{\n    return @intFromBool(game_id == GAME_ID and seats >= {min} and seats <= {max});\n}}\n"
            ),
            " --export=arena_plays",
        ),
        Lang::Assemblyscript => (
            format!(
                "\n// ABI export: {doc}.\nexport function arena_plays(game_id: i32, seats: i32): i32 {{\n  return game_id == GAME_ID && seats >= {min} && seats <= {max} ? 1 : 0;\n}}\n"
            ),
            "",
        ),
        Lang::Wat => (
            format!(
                "\n  ;; ABI export: {doc}.\n  (func (export \"arena_plays\") (param $game i32) (param $seats i32) (result i32)\n    (i32.and\n      (i32.eq (local.get $game) (i32.const {id}))\n      (i32.and (i32.ge_s (local.get $seats) (i32.const {min}))\n               (i32.le_s (local.get $seats) (i32.const {max})))))\n"
            ),
            "",
        ),
        // The SDK's macros and the interpreter write it.
        Lang::Rust | Lang::Python => (String::new(), ""),
    }
}

pub fn run(args: NewBotArgs) -> anyhow::Result<ExitCode> {
    let game = find_table_game(&args.game)?.info();
    let name = args
        .name
        .file_name()
        .and_then(|n| n.to_str())
        .context("NAME: give the bot's folder a name")?
        .to_string();
    check_name(&name)?;
    if args.name.exists() {
        bail!("{}: already exists; pick another name", args.name.display());
    }
    let files = files(args.lang, game, &name, &sdk_path());
    std::fs::create_dir_all(&args.name)
        .with_context(|| format!("cannot create {}", args.name.display()))?;
    for (rel, text) in &files {
        let path = args.name.join(rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))?;
    }
    println!(
        "wrote {} ({:?} bot for {}): {}",
        args.name.display(),
        args.lang,
        game.name,
        files
            .iter()
            .map(|(f, _)| f.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    );
    match args.lang {
        Lang::Wat => println!(
            "next: arena check {} --game {}",
            args.name.join(format!("{name}.wat")).display(),
            game.name
        ),
        Lang::Python => println!(
            "next: arena check {} --game {}",
            args.name.join(format!("{name}.py")).display(),
            game.name
        ),
        _ => println!(
            "next: bash {} && arena check {} --game {}",
            args.name.join("build.sh").display(),
            args.name.join(format!("{name}.wasm")).display(),
            game.name
        ),
    }
    Ok(ExitCode::SUCCESS)
}

/// A bot's name becomes its file name and its name in results: letters, digits, `_`
/// and `-`, starting with a letter.
fn check_name(name: &str) -> anyhow::Result<()> {
    let ok = name.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        && name.len() <= 64;
    if !ok {
        bail!("`{name}`: a bot's name is letters, digits, `_` and `-`, starting with a letter (at most 64)");
    }
    Ok(())
}

/// Where arena's SDK is: this build's source tree when it is still there.
fn sdk_path() -> String {
    let sdk = Path::new(env!("CARGO_MANIFEST_DIR")).join("bots/sdk");
    if sdk.join("Cargo.toml").is_file() {
        sdk.display().to_string()
    } else {
        "../arena/bots/sdk".to_string()
    }
}

/// The files of a new bot folder, by path inside it.
pub fn files(lang: Lang, game: &GameInfo, name: &str, sdk: &str) -> Vec<(String, String)> {
    let doc = doc_page(game.name);
    let form = Form::of(game);
    let (plays, plays_flag) = plays(lang, game.name, game.id, form.table);
    let rust_type = form.rust_type.clone().unwrap_or_default();
    let seats = form.table.map_or(String::from("2"), |s| s.to_string());
    let fill = |t: &str| {
        t.replace("{{plays}}", &plays)
            .replace("{{plays_flag}}", plays_flag)
            .replace("{{header}}", form.header())
            .replace("{{type}}", &rust_type)
            .replace("{{seats}}", &seats)
            .replace("{{name}}", name)
            .replace("{{crate}}", &name.replace('_', "-"))
            .replace("{{crate_file}}", &name.replace('-', "_"))
            .replace("{{game}}", game.name)
            .replace("{{game_id}}", &game.id.to_string())
            .replace("{{doc}}", doc)
            .replace("{{sdk}}", sdk)
    };
    let mathtricks = game.name == "mathtricks";
    // A committed example under the bot's name; another game: the template.
    let source = |example: &str, from: &str, any: &str| {
        if mathtricks {
            example.replace(from, name)
        } else {
            fill(any)
        }
    };
    let mut out: Vec<(String, String)> = match lang {
        Lang::Rust => vec![
            ("Cargo.toml".into(), fill(RUST_CARGO)),
            (
                "src/lib.rs".into(),
                fill(if mathtricks {
                    RUST_MATHTRICKS
                } else if form.two_seat {
                    RUST_ANY
                } else {
                    RUST_TABLE
                }),
            ),
            ("build.sh".into(), fill(BUILD_RUST)),
        ],
        Lang::C => vec![
            (format!("{name}.c"), source(C_GREEDY, "c_greedy", C_ANY)),
            ("arena.h".into(), ARENA_H.to_string()),
            ("build.sh".into(), fill(BUILD_C)),
        ],
        Lang::Cpp => vec![
            (
                format!("{name}.cpp"),
                source(CPP_GREEDY, "cpp_greedy", CPP_ANY),
            ),
            ("arena.h".into(), ARENA_H.to_string()),
            ("build.sh".into(), fill(BUILD_CPP)),
        ],
        Lang::Zig => vec![
            (
                format!("{name}.zig"),
                source(ZIG_GREEDY, "zig_greedy", ZIG_ANY),
            ),
            ("build.sh".into(), fill(BUILD_ZIG)),
        ],
        Lang::Assemblyscript => vec![
            (format!("{name}.ts"), source(AS_GREEDY, "as_greedy", AS_ANY)),
            ("package.json".into(), fill(AS_PACKAGE)),
            ("build.sh".into(), fill(BUILD_AS)),
        ],
        Lang::Wat => vec![(
            format!("{name}.wat"),
            source(WAT_FIRST_LEGAL, "first_legal", WAT_ANY),
        )],
        Lang::Python => vec![(
            format!("{name}.py"),
            if mathtricks {
                PY_GREEDY.to_string()
            } else {
                fill(PYTHON_ANY)
            },
        )],
    };
    let game = game.name;
    let build = if lang == Lang::Wat {
        format!("arena loads `{name}.wat` as it is: `arena check {name}.wat --game {game}`.")
    } else if lang == Lang::Python {
        format!(
            "arena runs `{name}.py` as it is (no toolchain): `arena check {name}.py --game \
             {game}`; hand in the `.py` file, or `arena pack {name}.py` for a `.wasm`. What \
             `state` holds: docs/PYTHON.md."
        )
    } else {
        format!("Build with `bash build.sh`, then `arena check {name}.wasm --game {game}`.")
    };
    out.push((
        "README.md".into(),
        format!(
            "# {name}\n\nA {game} bot in {lang:?}, from `arena new-bot`. {build} The rules and \
             the state's words: arena's docs/games/{doc}.md; the ABI: docs/ABI.md; installing \
             the tools, logging and common errors: bots/{folder}/README.md.\n",
            folder = lang.folder()
        ),
    ));
    out
}
