//! `arena new-bot --lang LANG --game GAME NAME`: a ready-to-build bot folder.
//!
//! The folder holds the source, a `build.sh` and a README line. Rust bots get the SDK,
//! which knows every registered game's rules, so the Rust template plays any game (the
//! first legal move; MathTricks: greedy). The other languages start from the committed
//! MathTricks examples (the same moves as `builtin:greedy`; WAT: the first legal cell);
//! without an SDK they would have to re-implement a game's rules, so for other games they
//! are refused with that reason.

use std::path::Path;
use std::process::ExitCode;

use anyhow::{bail, Context as _};
use arena_games::find_game;

use super::NewBotArgs;

/// The languages `new-bot` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Lang {
    /// Rust with arena-sdk (every game).
    Rust,
    /// C with arena.h (MathTricks).
    C,
    /// C++ with arena.h (MathTricks).
    Cpp,
    /// Zig (MathTricks).
    Zig,
    /// AssemblyScript (MathTricks).
    Assemblyscript,
    /// WebAssembly text, loaded as it is (MathTricks).
    Wat,
    /// Python, run by arena's own interpreter as it is (every game; greedy for MathTricks).
    Python,
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
const BUILD_RUST: &str = include_str!("templates/build_rust.sh");
const BUILD_C: &str = include_str!("templates/build_c.sh");
const BUILD_CPP: &str = include_str!("templates/build_cpp.sh");
const BUILD_ZIG: &str = include_str!("templates/build_zig.sh");
const BUILD_AS: &str = include_str!("templates/build_assemblyscript.sh");
const AS_PACKAGE: &str = include_str!("templates/assemblyscript_package.json");

pub fn run(args: NewBotArgs) -> anyhow::Result<ExitCode> {
    let game = find_game(&args.game)?.info().name;
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
    let files = files(args.lang, game, &name, &sdk_path())?;
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
        "wrote {} ({:?} bot for {game}): {}",
        args.name.display(),
        args.lang,
        files
            .iter()
            .map(|(f, _)| f.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    );
    match args.lang {
        Lang::Wat => println!(
            "next: arena check {}",
            args.name.join(format!("{name}.wat")).display()
        ),
        Lang::Python => println!(
            "next: arena check {} --game {game}",
            args.name.join(format!("{name}.py")).display()
        ),
        _ => println!(
            "next: bash {} && arena check {} --game {game}",
            args.name.join("build.sh").display(),
            args.name.join(format!("{name}.wasm")).display()
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
pub fn files(
    lang: Lang,
    game: &str,
    name: &str,
    sdk: &str,
) -> anyhow::Result<Vec<(String, String)>> {
    let fill = |t: &str| {
        t.replace("{{name}}", name)
            .replace("{{crate}}", &name.replace('_', "-"))
            .replace("{{crate_file}}", &name.replace('-', "_"))
            .replace("{{game}}", game)
            .replace("{{sdk}}", sdk)
    };
    if !matches!(lang, Lang::Rust | Lang::Python) && game != "mathtricks" {
        bail!(
            "--lang {}: the template plays MathTricks only: a bot in this language would \
             re-implement {game}'s rules (docs/games/{game}.md). Use --lang rust, whose SDK \
             knows every game's rules, or start from the MathTricks template",
            format!("{lang:?}").to_lowercase()
        );
    }
    let example = |text: &str, from: &str| text.replace(from, name);
    let mut out: Vec<(String, String)> = match lang {
        Lang::Rust => vec![
            ("Cargo.toml".into(), fill(RUST_CARGO)),
            (
                "src/lib.rs".into(),
                fill(if game == "mathtricks" {
                    RUST_MATHTRICKS
                } else {
                    RUST_ANY
                }),
            ),
            ("build.sh".into(), fill(BUILD_RUST)),
        ],
        Lang::C => vec![
            (format!("{name}.c"), example(C_GREEDY, "c_greedy")),
            ("arena.h".into(), ARENA_H.to_string()),
            ("build.sh".into(), fill(BUILD_C)),
        ],
        Lang::Cpp => vec![
            (format!("{name}.cpp"), example(CPP_GREEDY, "cpp_greedy")),
            ("arena.h".into(), ARENA_H.to_string()),
            ("build.sh".into(), fill(BUILD_CPP)),
        ],
        Lang::Zig => vec![
            (format!("{name}.zig"), example(ZIG_GREEDY, "zig_greedy")),
            ("build.sh".into(), fill(BUILD_ZIG)),
        ],
        Lang::Assemblyscript => vec![
            (format!("{name}.ts"), example(AS_GREEDY, "as_greedy")),
            ("package.json".into(), fill(AS_PACKAGE)),
            ("build.sh".into(), fill(BUILD_AS)),
        ],
        Lang::Wat => vec![(format!("{name}.wat"), WAT_FIRST_LEGAL.to_string())],
        Lang::Python => vec![(
            format!("{name}.py"),
            if game == "mathtricks" {
                PY_GREEDY.to_string()
            } else {
                fill(PYTHON_ANY)
            },
        )],
    };
    let build = if lang == Lang::Wat {
        format!("arena loads `{name}.wat` as it is: `arena check {name}.wat`.")
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
            "# {name}\n\nA {game} bot in {lang:?}, from `arena new-bot`. {build} The rules: \
             arena's docs/games/{game}.md; the ABI: docs/ABI.md; installing the tools and \
             common errors: bots/README.md.\n"
        ),
    ));
    Ok(out)
}
