//! `arena check` and the reasons students read: panics that say where and why, fuel
//! statistics that add up.

use crate::common::{arena, fixture, root, stdout_of};

use std::fs;
use std::path::PathBuf;

use predicates::prelude::*;

/// `max`, `mean` and the move count of check's line
/// "fuel per move: max M (...), mean A over N moves".
fn fuel_line(out: &str) -> (u64, u64, u64) {
    let line = out
        .lines()
        .find(|l| l.trim_start().starts_with("fuel per move: max"))
        .unwrap_or_else(|| panic!("no fuel line in:\n{out}"));
    let number_after = |word: &str| -> u64 {
        let rest = &line[line.find(word).unwrap() + word.len()..];
        rest.split(|c: char| !c.is_ascii_digit())
            .find(|s| !s.is_empty())
            .unwrap()
            .parse()
            .unwrap()
    };
    (
        number_after("max "),
        number_after("mean "),
        number_after("over "),
    )
}

#[test]
fn a_rust_panic_names_its_message_and_location() {
    arena()
        .arg("check")
        .arg(fixture("panicking.wasm"))
        .args(["--games", "2"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "FAULT: trap: panicked at tests/fixtures/panicking/src/lib.rs:10:",
        ))
        .stdout(predicate::str::contains(
            "index out of bounds: the len is 4 but the index is 6 (wasm `unreachable`",
        ))
        .stdout(predicate::str::contains("NOT READY"));
}

#[test]
fn a_c_assertion_names_its_file_and_line() {
    arena()
        .arg("check")
        .arg(fixture("c_panic.wasm"))
        .args(["--games", "1"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "FAULT: trap: panicked at c_panic.c:11: assertion failed: len < 0 && ptr != 0",
        ))
        .stdout(predicate::str::contains(
            "lowest total: -9223372036854775808",
        ));
}

#[test]
fn a_panic_reaches_the_results_and_the_replay() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("r");
    arena()
        .arg("tournament")
        .arg(fixture("panicking.wasm"))
        .args(["builtin:greedy", "--best-of", "1", "--quiet", "--out"])
        .arg(&out)
        .assert()
        .success();
    let games = fs::read_to_string(out.join("games.csv")).unwrap();
    assert!(
        games.contains("panicked at tests/fixtures/panicking/src/lib.rs:10:")
            && games.contains("index out of bounds"),
        "{games}"
    );
    arena()
        .arg("replay")
        .arg(&out)
        .arg("1")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "reason: trap: panicked at tests/fixtures/panicking/src/lib.rs:10:",
        ));
}

#[test]
fn fuel_statistics_add_up() {
    // echo_last_word answers every move with an illegal one: its fuel counts (mean 0
    // before), as does every move of the examples (mean above max before).
    let mut bots: Vec<PathBuf> = fs::read_dir(root().join("bots"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "wasm"))
        .collect();
    bots.push(fixture("hostile/echo_last_word.wat"));
    for bot in bots {
        let out = stdout_of(arena().arg("check").arg(&bot).args(["--games", "3"]));
        let (max, mean, moves) = fuel_line(&out);
        assert!(moves > 0, "{}:\n{out}", bot.display());
        assert!(0 < mean && mean <= max, "{}:\n{out}", bot.display());
    }
}

#[test]
fn a_bot_that_never_answers_has_no_fuel_figures() {
    arena()
        .arg("check")
        .arg(fixture("c_panic.wasm"))
        .args(["--games", "1"])
        .assert()
        .stdout(predicate::str::contains(
            "fuel per move: no move was answered",
        ));
}

#[test]
fn every_load_problem_is_listed_at_once() {
    let tmp = tempfile::tempdir().unwrap();
    let bot = tmp.path().join("broken.wat");
    fs::write(
        &bot,
        r#"(module
            (import "env" "abort" (func (param i32 i32 i32 i32)))
            (import "arena" "print" (func))
            (func (export "choose_move") (param i32) (result i32) i32.const 0))"#,
    )
    .unwrap();
    arena()
        .arg("check")
        .arg(&bot)
        .assert()
        .code(1)
        .stdout(predicate::str::contains("load: FAILED (5 problems)"))
        .stdout(predicate::str::contains(
            "import `env.abort` is not allowed",
        ))
        .stdout(predicate::str::contains(
            "import `arena.print` does not exist",
        ))
        .stdout(predicate::str::contains("missing export `memory`"))
        .stdout(predicate::str::contains("missing export `arena_alloc`"))
        .stdout(predicate::str::contains(
            "export `choose_move` has type (i32) -> i32, expected (i32, i32) -> i32",
        ));
}

#[test]
fn a_legal_moves_import_of_the_wrong_type_is_listed_with_the_rest() {
    let tmp = tempfile::tempdir().unwrap();
    let bot = tmp.path().join("mine.wat");
    fs::write(
        &bot,
        r#"(module
            (import "arena" "legal_moves" (func (param i32)))
            (import "env" "abort" (func))
            (memory (export "memory") 1)
            (func (export "choose_move") (param i32 i32) (result i32) i32.const 0))"#,
    )
    .unwrap();
    arena()
        .arg("check")
        .arg(&bot)
        .assert()
        .code(1)
        .stdout(predicate::str::contains("load: FAILED (3 problems)"))
        .stdout(predicate::str::contains(
            "import `arena.legal_moves` has type (i32) -> (), expected (i32, i32) -> i32",
        ))
        .stdout(predicate::str::contains(
            "import `env.abort` is not allowed",
        ))
        .stdout(predicate::str::contains("missing export `arena_alloc`"));
}

#[test]
fn instantiation_fuel_is_shown_and_a_failing_start_is_not_ready() {
    arena()
        .arg("check")
        .arg(root().join("bots/first_legal.wasm"))
        .args(["--games", "1"])
        .assert()
        .success()
        .stdout(predicate::str::is_match(r"instantiation: \d+ fuel \(").unwrap());
    arena()
        .arg("check")
        .arg(fixture("hostile/loop_in_start.wat"))
        .assert()
        .code(1)
        .stdout(predicate::str::contains("instantiation: FAILED"))
        .stdout(predicate::str::contains("a tournament would disqualify it"));
}

#[test]
fn a_name_shared_with_an_example_is_warned_about() {
    let tmp = tempfile::tempdir().unwrap();
    let mine = tmp.path().join("greedy.wasm");
    fs::copy(root().join("bots/c_greedy.wasm"), &mine).unwrap();
    arena()
        .arg("check")
        .arg(&mine)
        .args(["--games", "1"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "warning: `greedy` is also the name of an example bot",
        ));
    // Also when it does not load (it cannot be the example then), and whatever the case.
    let broken = tmp.path().join("Alphabeta.wat");
    fs::write(&broken, "(module)").unwrap();
    arena()
        .arg("check")
        .arg(&broken)
        .assert()
        .code(1)
        .stdout(predicate::str::contains("load: FAILED"))
        .stdout(predicate::str::contains(
            "warning: `Alphabeta` is also the name of an example bot (bots/alphabeta.wasm)",
        ))
        .stdout(predicate::str::contains(
            "rename your file (e.g. my_Alphabeta.wasm)",
        ));
    // The example itself is not warned about.
    arena()
        .arg("check")
        .arg(root().join("bots/greedy.wasm"))
        .args(["--games", "1"])
        .assert()
        .success()
        .stdout(predicate::str::contains("warning").not());
}

/// `module` with a custom section of `size` bytes appended (ignored by the sandbox).
fn with_custom_section(module: &[u8], size: usize) -> Vec<u8> {
    let name = b"padding";
    let mut payload = vec![name.len() as u8];
    payload.extend_from_slice(name);
    payload.resize(payload.len() + size, 0);
    let mut out = module.to_vec();
    out.push(0);
    let mut len = payload.len();
    loop {
        let byte = (len & 0x7f) as u8;
        len >>= 7;
        if len == 0 {
            out.push(byte);
            break;
        }
        out.push(byte | 0x80);
    }
    out.extend_from_slice(&payload);
    out
}

#[test]
fn a_module_close_to_the_cap_is_warned_about() {
    let tmp = tempfile::tempdir().unwrap();
    let big = tmp.path().join("big.wasm");
    let small = fs::read(root().join("bots/c_greedy.wasm")).unwrap();
    fs::write(&big, with_custom_section(&small, 3 << 20)).unwrap();
    arena()
        .arg("check")
        .arg(&big)
        .args(["--games", "1"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "warning: the module is 3.0 MiB, close to the 8 MiB cap",
        ));
}

#[test]
fn json_output_follows_the_documented_schema() {
    let out = stdout_of(
        arena()
            .arg("check")
            .arg(root().join("bots/c_greedy.wasm"))
            .args(["--games", "3", "--json"]),
    );
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["version"], 1);
    assert_eq!(v["ready"], true);
    assert_eq!(v["name"], "c_greedy");
    assert_eq!(v["load"]["ok"], true);
    assert_eq!(v["games"].as_array().unwrap().len(), 3);
    assert_eq!(v["games"][1]["seat"], 2);
    assert!(v["instantiation"]["fuel"].is_u64());
    let (max, mean) = (
        v["fuel"]["max"].as_u64().unwrap(),
        v["fuel"]["mean"].as_u64().unwrap(),
    );
    assert!(0 < mean && mean <= max, "{out}");
    assert_eq!(v["problems"].as_array().unwrap().len(), 0);

    let out = stdout_of(
        arena()
            .arg("check")
            .arg(fixture("panicking.wasm"))
            .args(["--games", "1", "--json"]),
    );
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["ready"], false);
    assert_eq!(v["games"][0]["fault"]["kind"], "trap");
    assert!(v["games"][0]["fault"]["reason"]
        .as_str()
        .unwrap()
        .contains("panicked at"));
}

/// What a module writes (its debug lines, the names of its name section and exports) can
/// hold escape sequences and bidirectional overrides: they reach `arena check` and the
/// results escaped, never raw.
#[test]
fn what_a_module_writes_reaches_the_terminal_and_the_results_escaped() {
    let tmp = tempfile::tempdir().unwrap();
    let subs = tmp.path().join("subs");
    fs::create_dir_all(&subs).unwrap();
    fs::write(
        subs.join("esc.wat"),
        r#"(module (import "arena" "debug_log" (func $log (param i32 i32)))
  (memory (export "memory") 1)
  (data (i32.const 0) "\1b[31mRED\1b[0m \e2\80\ae reversed")
  (func (export "arena_alloc") (param i32) (result i32) (i32.const 1024))
  (func (export "zz\1b]0;pwned\07\0a  verdict: READY") (result i32) (i32.const 0))
  (func $choose (export "choose_move") (param i32 i32) (result i32)
    (call $log (i32.const 0) (i32.const 25)) unreachable))"#,
    )
    .unwrap();
    fs::copy(
        fixture("hostile/first_legal.wat"),
        subs.join("first_legal.wat"),
    )
    .unwrap();
    let raw =
        |text: &str| text.contains('\u{1b}') || text.contains('\u{202e}') || text.contains('\u{7}');
    let out = stdout_of(
        arena()
            .arg("check")
            .arg(subs.join("esc.wat"))
            .args(["--games", "1"]),
    );
    assert!(!raw(&out), "{out:?}");
    assert!(
        out.contains("\\x1b[31mRED\\x1b[0m \\u{202e} reversed"),
        "{out}"
    );
    assert!(!out.contains("\n  verdict: READY"), "{out}");
    let results = tmp.path().join("r");
    arena()
        .arg("tournament")
        .arg(&subs)
        .args(["--best-of", "1", "--quiet", "--out"])
        .arg(&results)
        .assert()
        .success();
    for file in [
        "games.csv",
        "games.jsonl",
        "standings.csv",
        "replays/replays.txt",
    ] {
        let text = fs::read_to_string(results.join(file)).unwrap();
        assert!(!raw(&text), "{file}: {text:?}");
    }
    let games = fs::read_to_string(results.join("games.csv")).unwrap();
    assert!(games.contains("\\x1b[31mRED"), "{games}");
}

/// A module exporting one long name twice, the name holding a secret and a newline
/// followed by a forged verdict line.
const DUPLICATE_SECRET: &str = r#"(module (memory (export "memory") 1)
  (func (export "SECRET\0averdict: READYXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"))
  (func (export "SECRET\0averdict: READYXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX")))"#;

#[test]
fn a_rejected_modules_names_are_never_echoed_by_check_or_the_results() {
    let tmp = tempfile::tempdir().unwrap();
    let subs = tmp.path().join("subs");
    fs::create_dir_all(&subs).unwrap();
    fs::write(subs.join("dup.wat"), DUPLICATE_SECRET).unwrap();
    fs::copy(
        fixture("hostile/first_legal.wat"),
        subs.join("first_legal.wat"),
    )
    .unwrap();
    let out = arena()
        .arg("check")
        .arg(subs.join("dup.wat"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(!text.contains("SECRET"), "{text}");
    assert!(
        text.contains("duplicate export name (66 bytes not shown) already defined"),
        "{text}"
    );
    let results = tmp.path().join("r");
    arena()
        .arg("tournament")
        .arg(&subs)
        .args(["--best-of", "1", "--quiet", "--out"])
        .arg(&results)
        .assert()
        .success()
        .stderr(predicate::str::contains("SECRET").not());
    for file in ["games.csv", "tournament.json", "standings.csv"] {
        let text = fs::read_to_string(results.join(file)).unwrap();
        assert!(!text.contains("SECRET"), "{file}: {text}");
    }
}

#[test]
fn check_counts_the_loads_problems_and_the_verdicts_reasons_apart() {
    let tmp = tempfile::tempdir().unwrap();
    let bot = tmp.path().join("dup.wat");
    fs::write(&bot, DUPLICATE_SECRET).unwrap();
    arena()
        .arg("check")
        .arg(&bot)
        .assert()
        .code(1)
        .stdout(predicate::str::contains("load: FAILED (3 problems):"))
        .stdout(predicate::str::contains(
            "verdict: NOT READY, for 1 reason:\n  the module does not load",
        ));
}

#[test]
fn an_unknown_binary_version_is_one_problem_in_arenas_words() {
    let tmp = tempfile::tempdir().unwrap();
    let bot = tmp.path().join("v2.wasm");
    fs::write(&bot, b"\0asm\x02\0\0\0").unwrap();
    let out = stdout_of(arena().arg("check").arg(&bot));
    assert!(out.contains("load: FAILED (1 problem):"), "{out}");
    assert!(
        out.contains(
            "    - not a WebAssembly module: unknown binary version (byte 4): arena reads \
             WebAssembly version 1\n"
        ),
        "{out}"
    );
    assert!(!out.contains("0x2"), "{out}");
}

/// A file that is no module at all (text that does not parse, or nothing) is one problem,
/// in the sandbox's words, and the text it holds is never quoted.
#[test]
fn a_file_that_is_no_module_is_one_problem_in_the_sandboxs_words() {
    let tmp = tempfile::tempdir().unwrap();
    for (name, content, words) in [
        (
            "notes.wasm",
            "password=hunter2\n",
            "no `\\0asm` magic number, and not valid text format (.wat) either: \
             the first error is at line 1, column 1",
        ),
        (
            "open.wat",
            "(module (func $secret_name)",
            "not valid text format (.wat) either: the first error is at line 1, column 28",
        ),
        (
            "empty.wasm",
            "",
            "not a WebAssembly module: the file is empty",
        ),
    ] {
        let bot = tmp.path().join(name);
        fs::write(&bot, content).unwrap();
        let out = stdout_of(arena().arg("check").arg(&bot));
        assert!(out.contains("load: FAILED (1 problem):"), "{name}: {out}");
        assert!(out.contains(words), "{name}: {out}");
        assert!(
            !out.contains("hunter2") && !out.contains("secret_name"),
            "{out}"
        );
    }
}

/// A bot that logs why and returns -1 ("I cannot play this"): the reason carries its last
/// log line in the check's fault and verdict, and in a tournament's games.csv.
#[test]
fn a_bot_returning_minus_one_says_why_everywhere() {
    let tmp = tempfile::tempdir().unwrap();
    let bot = tmp.path().join("declines.wat");
    fs::write(
        &bot,
        r#"(module (import "arena" "debug_log" (func $log (param i32 i32)))
  (memory (export "memory") 1)
  (data (i32.const 0) "not a position I can read")
  (func (export "arena_alloc") (param i32) (result i32) (i32.const 1024))
  (func (export "choose_move") (param i32 i32) (result i32)
    (call $log (i32.const 0) (i32.const 25)) (i32.const -1)))"#,
    )
    .unwrap();
    let said = "illegal move -1: out of range: names no move of this game; \
                the bot's last log line: not a position I can read";
    let out = stdout_of(arena().arg("check").arg(&bot).args(["--games", "1"]));
    assert!(out.contains(&format!("FAULT: {said}")), "{out}");
    assert!(
        out.contains(&format!("  game 1: {said}")),
        "the verdict: {out}"
    );
    let results = tmp.path().join("r");
    arena()
        .arg("tournament")
        .arg(&bot)
        .args(["builtin:greedy", "--best-of", "1", "--quiet", "--out"])
        .arg(&results)
        .assert()
        .success();
    let games = fs::read_to_string(results.join("games.csv")).unwrap();
    assert!(games.contains(said), "{games}");
}

/// A module answering `arena_plays` for the games of `ids` (with two seats), playing the
/// first legal move of any game.
fn declaring(ids: &[i32]) -> String {
    let tests: String = ids
        .iter()
        .map(|id| format!("(if (i32.eq (local.get 0) (i32.const {id})) (then (return (i32.eq (local.get 1) (i32.const 2)))))"))
        .collect();
    format!(
        r#"(module (import "arena" "legal_moves" (func $legal (param i32 i32) (result i32)))
  (memory (export "memory") 1)
  (func (export "arena_alloc") (param i32) (result i32) (i32.const 1024))
  (func (export "arena_plays") (param i32 i32) (result i32) {tests} (i32.const 0))
  (func (export "choose_move") (param i32 i32) (result i32)
    (drop (call $legal (i32.const 8192) (i32.const 1024))) (i32.load (i32.const 8192))))"#
    )
}

fn game_id(name: &str) -> i32 {
    arena_games::find_game(name).unwrap().info().id
}

/// Without `--game`, a module that declares its games is checked in those games (and
/// says so); one that declares nothing is checked in the default game, and says that it
/// was assumed.
#[test]
fn check_without_a_game_checks_the_declared_games_or_names_the_one_assumed() {
    let tmp = tempfile::tempdir().unwrap();
    let nim_bot = tmp.path().join("nim_bot.wat");
    fs::write(&nim_bot, declaring(&[game_id("nim")])).unwrap();
    let out = stdout_of(arena().arg("check").arg(&nim_bot).args(["--games", "2"]));
    assert!(
        out.starts_with(&format!("checking {} for nim\n", nim_bot.display())),
        "{out}"
    );
    assert!(
        out.contains("note: checking nim: the module declares it (arena_plays)"),
        "{out}"
    );
    assert!(out.contains("verdict: READY"), "{out}");

    let two = tmp.path().join("two.wat");
    fs::write(&two, declaring(&[game_id("nim"), game_id("kalah")])).unwrap();
    let out = stdout_of(arena().arg("check").arg(&two).args(["--games", "2"]));
    assert!(
        out.contains("declares 2 games with arena_plays (nim, kalah): checking each"),
        "{out}"
    );
    assert!(
        out.contains(" for nim\n") && out.contains(" for kalah\n"),
        "{out}"
    );
    assert!(
        out.contains("verdict over every game it declares: READY"),
        "{out}"
    );
    let json = stdout_of(
        arena()
            .arg("check")
            .arg(&two)
            .args(["--games", "1", "--json"]),
    );
    let reports: serde_json::Value = serde_json::from_str(&json).unwrap();
    let games: Vec<&str> = reports
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            assert_eq!(r["game_from"], "declared");
            r["game"].as_str().unwrap()
        })
        .collect();
    assert_eq!(games, ["nim", "kalah"]);

    // The C template of a nim bot declares nothing: it is checked as mathtricks, and the
    // report says so first.
    let undeclared = tmp.path().join("c_nim.wat");
    fs::write(
        &undeclared,
        r#"(module (memory (export "memory") 1)
  (func (export "arena_alloc") (param i32) (result i32) (i32.const 1024))
  (func (export "choose_move") (param i32 i32) (result i32) unreachable))"#,
    )
    .unwrap();
    let out = stdout_of(arena().arg("check").arg(&undeclared).args(["--games", "1"]));
    assert!(
        out.contains(
            "note: no --game, and the module does not declare its games (no arena_plays \
             export): checking mathtricks, the default; for another game pass --game NAME"
        ),
        "{out}"
    );
    let json: serde_json::Value = serde_json::from_str(&stdout_of(
        arena()
            .arg("check")
            .arg(&undeclared)
            .args(["--games", "1", "--json"]),
    ))
    .unwrap();
    assert_eq!(json["game_from"], "default");
    // `--game` is what it says: no note.
    let out = stdout_of(
        arena()
            .arg("check")
            .arg(&nim_bot)
            .args(["--games", "1", "--game", "nim"]),
    );
    assert!(!out.contains("note:"), "{out}");
}

/// A file that is not there is a mistake in the command (exit 2), not a bot that is not
/// ready (exit 1).
#[test]
fn a_missing_file_is_an_error_not_a_verdict() {
    let tmp = tempfile::tempdir().unwrap();
    arena()
        .arg("check")
        .arg(tmp.path().join("missing.wasm"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("file not found"))
        .stdout(predicate::str::is_empty());
    arena()
        .arg("check")
        .arg(tmp.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not a regular file"));
}

/// Files built for the wrong target say what they are and how to build a bot.
#[test]
fn a_wrong_target_build_says_what_it_is_and_how_to_build_a_bot() {
    let tmp = tempfile::tempdir().unwrap();
    let elf = tmp.path().join("native.wasm");
    let mut bytes = b"\x7fELF\x02\x01\x01\0".to_vec();
    bytes.extend([0u8; 56]);
    fs::write(&elf, bytes).unwrap();
    let out = stdout_of(arena().arg("check").arg(&elf));
    assert!(
        out.contains("not a WebAssembly module: a native executable (or library) of this kind of machine (ELF, as Linux runs), not WebAssembly: build for wasm32"),
        "{out}"
    );
    let rlib = tmp.path().join("libmy_bot.wasm");
    fs::write(
        &rlib,
        b"!<arch>\n/               0           0     0     0       8         `\n",
    )
    .unwrap();
    let out = stdout_of(arena().arg("check").arg(&rlib));
    assert!(
        out.contains("a static library archive") && out.contains("crate-type = [\"cdylib\"]"),
        "{out}"
    );
    let command = tmp.path().join("program.wat");
    fs::write(
        &command,
        r#"(module (import "wasi_snapshot_preview1" "proc_exit" (func (param i32)))
  (memory (export "memory") 1)
  (func (export "_start")))"#,
    )
    .unwrap();
    let out = stdout_of(arena().arg("check").arg(&command));
    assert!(
        out.contains("load: FAILED (3 problems):")
            && out.contains("    - this is a WASI program (it exports `_start`: it was built with a `main`), not a bot")
            && out.contains("missing export `choose_move`"),
        "{out}"
    );
    // A tournament disqualifies it with the same words.
    let results = tmp.path().join("r");
    arena()
        .arg("tournament")
        .arg(&command)
        .args([
            "builtin:greedy",
            "builtin:random",
            "--best-of",
            "1",
            "--quiet",
            "--out",
        ])
        .arg(&results)
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "disqualified: this is a WASI program",
        ));
}

/// A trap in a module that keeps no function names (a stripped build) says how to
/// rebuild it to learn where; one with names says the function.
#[test]
fn a_trap_without_function_names_says_how_to_get_them() {
    let tmp = tempfile::tempdir().unwrap();
    let module = |name: &str| {
        format!(
            r#"(module (memory (export "memory") 1)
  (func (export "arena_alloc") (param i32) (result i32) (i32.const 1024))
  (func {name} (export "choose_move") (param i32 i32) (result i32) unreachable))"#
        )
    };
    let stripped = tmp.path().join("stripped.wat");
    fs::write(&stripped, module("")).unwrap();
    let out = stdout_of(arena().arg("check").arg(&stripped).args(["--games", "1"]));
    assert!(
        out.contains(
            "FAULT: trap: wasm `unreachable` instruction executed (the module keeps no \
             function names, so where is unknown: to see the function, rebuild it with \
             names: C/C++ without `-s` or `-Wl,--strip-all`, Rust with `strip = false`)"
        ),
        "{out}"
    );
    let named = tmp.path().join("named.wat");
    fs::write(&named, module("$decide")).unwrap();
    let out = stdout_of(arena().arg("check").arg(&named).args(["--games", "1"]));
    assert!(
        out.contains("FAULT: trap: wasm `unreachable` instruction executed in `decide`"),
        "{out}"
    );
    assert!(!out.contains("no function names"), "{out}");
}
