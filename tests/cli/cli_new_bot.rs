//! `arena new-bot`: a folder for every language and game; every template builds with
//! its own build.sh, passes `arena check` and plays a tournament against the builtins;
//! the MathTricks ones play the same games as the committed examples (builtin:greedy's
//! moves).
//!
//! Every registered game (the two-seat games and the games of one to four seats) is built
//! in C, Zig, AssemblyScript and Rust (one language per toolchain) and played from WAT;
//! C++ builds a spread; the one-way pieces are played by three too. A toolchain that is not installed here is
//! skipped with a message on stderr, unless `ARENA_REQUIRE_TOOLCHAINS=1` (set by `.ci/run`,
//! after `bash bots/build.sh --install`) or `CI` is set, which turns the skip into a
//! failure: CI builds every template.

use std::path::{Path, PathBuf};
use std::process::Command as Process;

use predicates::prelude::*;

use crate::common::{self, arena, root};

const LANGS: [&str; 6] = ["rust", "c", "cpp", "zig", "assemblyscript", "wat"];

/// Every registered game, of any seat count.
fn games() -> Vec<&'static str> {
    arena_games::registry::table_games()
        .iter()
        .map(|g| g.info().name)
        .collect()
}

/// Whether `game` is a two-seat game of the `Game` model (8-word header, best-of series).
fn two_seat(game: &str) -> bool {
    arena_games::find_game(game).is_ok()
}

/// The seat counts of `game`'s form in the table model, if it has one.
fn table_seats(game: &str) -> Option<arena_games::game::SeatRange> {
    let kind = arena_games::registry::find_table_game(game).unwrap();
    (!two_seat(game) || kind.seats().max > 2).then(|| kind.seats())
}

fn new_bot(dir: &Path, lang: &str, game: &str, name: &str) -> assert_cmd::assert::Assert {
    arena()
        .current_dir(dir)
        .args(["new-bot", "--lang", lang, "--game", game, name])
        .assert()
}

/// The source file a template's bot is written in.
fn source_name(lang: &str, name: &str) -> String {
    let ext = match lang {
        "rust" => return "src/lib.rs".to_string(),
        "assemblyscript" => "ts",
        other => other,
    };
    format!("{name}.{ext}")
}

#[test]
fn every_language_and_game_gets_a_folder() {
    let tmp = tempfile::tempdir().unwrap();
    for lang in LANGS {
        for game in games() {
            let name = format!("{lang}_{game}");
            new_bot(tmp.path(), lang, game, &name)
                .success()
                .stdout(predicate::str::contains(format!("--game {game}")));
            let dir = tmp.path().join(&name);
            let readme = std::fs::read_to_string(dir.join("README.md")).unwrap();
            let page = readme
                .split("docs/games/")
                .nth(1)
                .and_then(|rest| rest.split(".md").next())
                .unwrap_or_else(|| panic!("no game page in {readme}"));
            assert!(
                root().join(format!("docs/games/{page}.md")).is_file(),
                "{name}: docs/games/{page}.md"
            );
            if lang != "wat" {
                let build = std::fs::read_to_string(dir.join("build.sh")).unwrap();
                assert!(build.contains(&format!("{name}.wasm")), "{build}");
            }
            let source = std::fs::read_to_string(dir.join(source_name(lang, &name))).unwrap();
            assert!(!source.contains("{{"), "{name}: an unfilled placeholder");
            if game != "mathtricks" && lang != "rust" {
                // Without an SDK, the moves come from the host.
                assert!(source.contains("legal_moves"), "{name}");
                assert!(source.contains(&format!("docs/games/{page}.md")), "{name}");
            }
            // A game of one to four seats is declared (`arena_plays`): by the source, or
            // by the SDK's `table_bot!` (the interpreter declares every game).
            let declared = match lang {
                "rust" if game == "mathtricks" => source.contains("bot!(MathTricks"),
                "rust" if two_seat(game) => source.contains("any_game_bot!"),
                "rust" => source.contains("table_bot!"),
                _ => source.contains("arena_plays"),
            };
            assert_eq!(
                declared,
                lang == "rust" || table_seats(game).is_some(),
                "{name}:\n{source}"
            );
        }
    }
}

#[test]
fn mathtricks_templates_are_the_committed_examples() {
    let tmp = tempfile::tempdir().unwrap();
    for (lang, example, stem) in [
        ("c", "bots/c/greedy.c", "c_greedy"),
        ("cpp", "bots/cpp/greedy.cpp", "cpp_greedy"),
        ("zig", "bots/zig/greedy.zig", "zig_greedy"),
        (
            "assemblyscript",
            "bots/assemblyscript/greedy.ts",
            "as_greedy",
        ),
        ("wat", "bots/wat/first_legal.wat", "first_legal"),
    ] {
        new_bot(tmp.path(), lang, "mathtricks", "mine").success();
        let dir = tmp.path().join("mine");
        let source = std::fs::read_to_string(dir.join(source_name(lang, "mine"))).unwrap();
        let committed = std::fs::read_to_string(root().join(example)).unwrap();
        assert_eq!(source, committed.replace(stem, "mine"), "{lang}");
        std::fs::remove_dir_all(dir).unwrap();
    }
}

#[test]
fn bad_names_and_existing_folders_are_refused() {
    let tmp = tempfile::tempdir().unwrap();
    new_bot(tmp.path(), "c", "mathtricks", "9lives")
        .code(2)
        .stderr(predicate::str::contains("starting with a letter"));
    new_bot(tmp.path(), "c", "mathtricks", "mine").success();
    new_bot(tmp.path(), "c", "mathtricks", "mine")
        .code(2)
        .stderr(predicate::str::contains("already exists"));
    new_bot(tmp.path(), "c", "chess", "x")
        .code(2)
        .stderr(predicate::str::contains("chess"));
    new_bot(tmp.path(), "cobol", "nim", "x").code(2);
}

/// Whether `cmd args` runs and says something.
fn runs(cmd: &str, args: &[&str]) -> bool {
    Process::new(cmd)
        .args(args)
        .output()
        .is_ok_and(|o| o.status.success() && !o.stdout.is_empty())
}

/// `found`; when false, says that `what` is skipped, or fails where tools are required
/// ([`common::tools_required`]).
fn toolchain(found: bool, what: &str, install: &str) -> bool {
    if !found {
        common::missing_tool(what, install);
    }
    found
}

const INSTALL: &str = "bash bots/build.sh --install installs it";

/// Writes the template, builds it with its build.sh (`env` added) and returns the bot.
fn build(dir: &Path, lang: &str, game: &str, env: &[(&str, &Path)]) -> PathBuf {
    let name = format!("{lang}_{game}");
    new_bot(dir, lang, game, &name).success();
    let mut build = Process::new("bash");
    build.arg(dir.join(&name).join("build.sh"));
    for (k, v) in env {
        build.env(k, v);
    }
    let out = build.output().unwrap();
    assert!(
        out.status.success(),
        "{name}: build.sh failed:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let bot = dir.join(&name).join(format!("{name}.wasm"));
    if game == "mathtricks" {
        plays_like_its_example(&bot, lang);
    }
    bot
}

/// The games `arena check --json` reports for `bot`: seats, opponents, results,
/// scores and move counts (not the output, which names the bot).
fn check_games(bot: &Path) -> Vec<serde_json::Value> {
    let out = arena()
        .arg("check")
        .arg(bot)
        // MathTricks named: an any-game example without --game is checked in every game.
        .args(["--games", "9", "--json", "--game", "mathtricks"])
        .output()
        .unwrap();
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut games = report["games"].as_array().unwrap().clone();
    for g in &mut games {
        g.as_object_mut().unwrap().remove("output");
    }
    games
}

/// A MathTricks template plays the same games as the committed example of its language
/// (whose moves are builtin:greedy's, tests/runtime/example_twins.rs; WAT: the first legal).
fn plays_like_its_example(bot: &Path, lang: &str) {
    let example = match lang {
        "rust" => "greedy",
        "c" => "c_greedy",
        "cpp" => "cpp_greedy",
        "zig" => "zig_greedy",
        "assemblyscript" => "as_greedy",
        _ => "first_legal",
    };
    let example = root().join(format!("bots/{example}.wasm"));
    assert_eq!(check_games(bot), check_games(&example), "{}", bot.display());
}

/// `arena check` passes, and a short tournament against every builtin of the game ends
/// every game normally (no fault, no illegal move); a one-way piece is played by three
/// too.
fn checks_and_plays(bot: &Path, game: &str) {
    plays_at(bot, game, None);
    if two_seat(game) && table_seats(game).is_some() {
        plays_at(bot, game, Some(3));
    }
}

/// [`checks_and_plays`] with `--option players=N` where `players` is given.
fn plays_at(bot: &Path, game: &str, players: Option<u8>) {
    let option: Vec<String> = players
        .map(|n| vec!["--option".into(), format!("players={n}")])
        .unwrap_or_default();
    arena()
        .arg("check")
        .arg(bot)
        .args(["--game", game, "--games", "3"])
        .args(&option)
        .assert()
        .success()
        .stdout(predicate::str::contains("verdict: READY"));
    let out = bot.with_extension(format!("results{}", players.unwrap_or(0)));
    let kind = arena_games::registry::find_table_game(game).unwrap();
    let mut params = arena_games::GameParams::default();
    if let Some(n) = players {
        params.options.insert("players".into(), n.to_string());
    }
    // The builtins that play these parameters (the one-way pieces for three take
    // random, greedy and maxn).
    let builtins: Vec<&str> = if two_seat(game) && players.is_none() {
        arena_games::find_game(game).unwrap().strategy_names()
    } else {
        kind.strategy_names()
            .into_iter()
            .filter(|b| kind.builtin(b, Some(1), &params).is_ok())
            .collect()
    };
    let mut cmd = arena();
    cmd.arg("tournament")
        .arg(bot)
        .args(builtins.iter().map(|b| format!("builtin:{b}")))
        .args(["--game", game, "--threads", "1", "-q"])
        .args(&option);
    if two_seat(game) && players.is_none() {
        cmd.args(["--best-of", "1"]);
    }
    cmd.arg("--out").arg(&out).assert().success();
    let csv = std::fs::read_to_string(out.join("games.csv")).unwrap();
    let mut rows = csv.lines();
    let header: Vec<&str> = rows.next().unwrap().split(',').collect();
    let end = header.iter().position(|h| *h == "end").unwrap();
    let mut played = 0;
    for row in rows {
        let fields: Vec<&str> = row.split(',').collect();
        if row.contains(&*bot.file_stem().unwrap().to_string_lossy()) {
            assert_eq!(fields[end], "normal", "{}: {row}", bot.display());
            played += 1;
        }
    }
    // At least one game against each builtin (two where the game pairs its boards).
    assert!(
        played >= builtins.len(),
        "{}: {played} games",
        bot.display()
    );
}

/// The games the C++ test builds (C, sharing its toolchain, builds every game):
/// MathTricks (the greedy example) and a spread of the others.
const SPREAD: [&str; 3] = ["mathtricks", "nim", "kalah"];

#[test]
fn wat_templates_play_every_game() {
    let tmp = tempfile::tempdir().unwrap();
    for game in games() {
        let name = format!("wa_{game}");
        new_bot(tmp.path(), "wat", game, &name).success();
        let bot = tmp.path().join(&name).join(format!("{name}.wat"));
        if game == "mathtricks" {
            plays_like_its_example(&bot, "wat");
        }
        checks_and_plays(&bot, game);
        // `arena play` hands it the legal moves too (a game of one seat takes --p1 only).
        arena()
            .args(["play", "--game", game, "--p2", "builtin:random", "--p1"])
            .arg(&bot)
            .assert()
            .success()
            .stdout(predicate::str::contains("forfeits").not());
    }
}

#[test]
fn c_templates_build_and_play_every_game() {
    if !toolchain(runs("clang", &["--version"]), "clang (C)", INSTALL) {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    for game in games() {
        checks_and_plays(&build(tmp.path(), "c", game, &[]), game);
    }
    // Its seeded choice among the legal moves gives the same results with any thread
    // count.
    let bot = tmp.path().join("c_kalah/c_kalah.wasm");
    let run = |threads: &str| {
        let out = tmp.path().join(format!("threads{threads}"));
        arena()
            .arg("tournament")
            .arg(&bot)
            .args(["builtin:random", "builtin:greedy", "--game", "kalah", "-q"])
            .args(["--rounds", "2", "--threads", threads, "--out"])
            .arg(&out)
            .assert()
            .success();
        common::files(&out)
    };
    assert_eq!(run("1"), run("2"));
}

#[test]
fn cpp_templates_build_and_play() {
    if !toolchain(runs("clang++", &["--version"]), "clang++ (C++)", INSTALL) {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    for game in SPREAD {
        checks_and_plays(&build(tmp.path(), "cpp", game, &[]), game);
    }
}

#[test]
fn zig_templates_build_and_play() {
    if !toolchain(
        runs("python3", &["-m", "ziglang", "version"]),
        "Zig",
        INSTALL,
    ) {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    for game in games() {
        checks_and_plays(&build(tmp.path(), "zig", game, &[]), game);
    }
}

#[test]
fn assemblyscript_templates_build_and_play() {
    // The pinned compiler `bash bots/build.sh --install` puts in bots/tools; the
    // template's build.sh uses it when ASC says where it is (else npm installs it).
    let asc = root().join("bots/tools/assemblyscript/node_modules/.bin/asc");
    let found = asc.is_file() && runs("node", &["--version"]);
    if !toolchain(found, "AssemblyScript (node and bots/tools' asc)", INSTALL) {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    for game in games() {
        let bot = build(tmp.path(), "assemblyscript", game, &[("ASC", &asc)]);
        checks_and_plays(&bot, game);
    }
}

#[test]
fn rust_templates_build_and_play() {
    let installed = Process::new("rustup")
        .args(["target", "list", "--installed"])
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).contains("wasm32-unknown-unknown"));
    if !toolchain(
        installed,
        "Rust's wasm32-unknown-unknown target",
        "rustup target add wasm32-unknown-unknown",
    ) {
        return;
    }
    // One target folder for all of them, kept between runs: the SDK compiles once.
    let target = root().join("target/new-bot-templates");
    let tmp = tempfile::tempdir().unwrap();
    for game in games() {
        let bot = build(tmp.path(), "rust", game, &[("CARGO_TARGET_DIR", &target)]);
        // A one-way piece's Rust template is its two-seat bot (`any_game_bot!`).
        plays_at(&bot, game, None);
    }
}

/// `text` with line continuations joined and white space runs made one space.
fn normalized(text: &str) -> String {
    text.replace("\\\n", " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn bots_readme_documents_the_commands_the_templates_run() {
    let tmp = tempfile::tempdir().unwrap();
    // Per language: the build command of its section, as build.sh runs it (WAT: the
    // check command its folder's README gives).
    for (lang, command, file) in [
        (
            "rust",
            "cargo build --release --target wasm32-unknown-unknown",
            "build.sh",
        ),
        (
            "c",
            "clang --target=wasm32 -nostdlib -ffreestanding -O2 -Wall -Wextra -I . \
             -Wl,--no-entry -Wl,--export=arena_alloc -Wl,--export=choose_move \
             -Wl,--strip-all -o my_bot.wasm my_bot.c",
            "build.sh",
        ),
        (
            "cpp",
            "clang++ --target=wasm32 -nostdlib -ffreestanding -fno-exceptions -fno-rtti -O2 \
             -Wall -Wextra -I . -Wl,--no-entry -Wl,--export=arena_alloc \
             -Wl,--export=choose_move -Wl,--strip-all -o my_bot.wasm my_bot.cpp",
            "build.sh",
        ),
        (
            "zig",
            "python3 -m ziglang build-exe my_bot.zig -target wasm32-freestanding -fno-entry \
             --export=arena_alloc --export=choose_move -O ReleaseSmall \
             -femit-bin=my_bot.wasm",
            "build.sh",
        ),
        (
            "assemblyscript",
            "my_bot.ts --use abort= --runtime stub -O3 --noAssert -o my_bot.wasm",
            "build.sh",
        ),
        (
            "wat",
            "arena check my_bot.wat --game mathtricks",
            "README.md",
        ),
    ] {
        new_bot(tmp.path(), lang, "mathtricks", "my_bot").success();
        let dir = tmp.path().join("my_bot");
        let written = normalized(&std::fs::read_to_string(dir.join(file)).unwrap());
        assert!(written.contains(command), "{lang}: {file} runs\n{written}");
        let page = format!("bots/{lang}/README.md");
        let readme = normalized(&std::fs::read_to_string(root().join(&page)).unwrap());
        assert!(readme.contains(command), "{lang}: {page} lacks {command}");
        assert!(
            readme.starts_with(&format!("# A bot in {}", section(lang))),
            "{lang}: {page} is not the page of its language"
        );
        let index = std::fs::read_to_string(root().join("bots/README.md")).unwrap();
        assert!(
            index.contains(&format!("]({lang}/README.md)")),
            "{lang}: bots/README.md does not link {page}"
        );
        std::fs::remove_dir_all(dir).unwrap();
    }
}

/// The title of a language's page, `bots/LANG/README.md`, after "A bot in".
fn section(lang: &str) -> &str {
    match lang {
        "rust" => "Rust",
        "c" => "C,",
        "cpp" => "C++",
        "zig" => "Zig",
        "assemblyscript" => "AssemblyScript",
        _ => "WebAssembly text",
    }
}
