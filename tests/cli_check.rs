//! `arena check` and the reasons students read: panics that say where and why, fuel
//! statistics that add up.

use std::fs;
use std::path::PathBuf;

use assert_cmd::Command;
use predicates::prelude::*;

fn arena() -> Command {
    let mut cmd = Command::cargo_bin("arena").expect("the arena binary is built");
    cmd.env("NO_COLOR", "1");
    cmd
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn fixture(name: &str) -> PathBuf {
    root().join("tests/fixtures").join(name)
}

fn stdout_of(cmd: &mut Command) -> String {
    String::from_utf8(cmd.output().unwrap().stdout).unwrap()
}

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
