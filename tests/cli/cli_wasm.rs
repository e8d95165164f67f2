//! WebAssembly bots through the real binary: `arena check`, hand play against a module,
//! and tournaments where hostile modules forfeit while every other game completes.

use crate::common::{arena, hostile, root};

use std::fs;
use std::path::{Path, PathBuf};

use arena::output::replay::Replay;
use predicates::prelude::*;

fn example_bots() -> Vec<PathBuf> {
    let mut bots: Vec<PathBuf> = fs::read_dir(root().join("bots"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "wasm"))
        .collect();
    bots.sort();
    assert!(bots.len() >= 5, "the example bots are committed in bots/");
    bots
}

/// The data rows of a CSV file.
fn records(path: &Path) -> Vec<csv::StringRecord> {
    csv::Reader::from_path(path)
        .unwrap()
        .records()
        .map(|r| r.unwrap())
        .collect()
}

#[test]
fn every_example_bot_passes_check() {
    for bot in example_bots() {
        arena()
            .arg("check")
            .arg(&bot)
            .assert()
            .success()
            .stdout(predicate::str::contains(
                "export choose_move: function (i32, i32) -> i32",
            ))
            .stdout(predicate::str::contains("fuel per move: max"))
            .stdout(predicate::str::contains("verdict: READY"));
    }
}

#[test]
fn the_sdk_bots_pass_check_for_every_game() {
    for game in arena_games::games().iter().map(|g| g.info().name) {
        for bot in ["random", "greedy", "alphabeta"] {
            arena()
                .arg("check")
                .arg(root().join("bots").join(format!("{bot}.wasm")))
                .args(["--game", game, "--games", "3"])
                .assert()
                .success()
                .stdout(predicate::str::contains("verdict: READY"));
        }
    }
}

#[test]
fn check_names_the_exact_problem_and_exits_1() {
    for (fixture, message) in [
        (
            "wrong_signature.wat",
            "export `choose_move` has type (i32) -> i32, expected (i32, i32) -> i32",
        ),
        ("missing_alloc.wat", "arena_alloc"),
        ("foreign_import.wat", "not allowed"),
        ("loop_in_move.wat", "out of fuel"),
        ("unreachable.wat", "trap"),
        ("grow_bomb.wat", "memory cap"),
        ("recursion.wat", "stack overflow"),
        ("pointer_outside.wat", "bad pointer"),
    ] {
        arena()
            .arg("check")
            .arg(hostile(fixture))
            .args(["--fuel", "2000000", "--games", "2"])
            .assert()
            .code(1)
            .stdout(predicate::str::contains(message).and(predicate::str::contains("NOT READY")))
            .stderr(predicate::str::contains("panicked").not());
    }
}

#[test]
fn garbage_is_not_ready_and_a_missing_file_is_an_error() {
    let tmp = tempfile::tempdir().unwrap();
    let garbage = tmp.path().join("garbage.wasm");
    fs::write(&garbage, b"\x00asm\x07\x00\x00\x00 not really").unwrap();
    let empty = tmp.path().join("empty.wasm");
    fs::write(&empty, b"").unwrap();
    for (path, message) in [
        (garbage.as_path(), "not a WebAssembly module"),
        (empty.as_path(), "not a WebAssembly module"),
    ] {
        arena()
            .arg("check")
            .arg(path)
            .assert()
            .code(1)
            .stdout(predicate::str::contains(message));
    }
    // A file that is not there is a mistake in the command: an error, not a verdict.
    arena()
        .arg("check")
        .arg("no/such/bot.wasm")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("file not found"));
}

#[test]
fn match_and_play_name_a_refused_file_once() {
    let tmp = tempfile::tempdir().unwrap();
    let link = tmp.path().join("link.wasm");
    std::os::unix::fs::symlink(root().join("bots/greedy.wasm"), &link).unwrap();
    for (file, reason) in [
        (Path::new("no/such/bot.wasm").to_path_buf(), "no such file"),
        (link.clone(), "a symbolic link (arena never follows links"),
    ] {
        let shown = file.display().to_string();
        let expected = format!("{shown}: {reason}");
        for cmd in [&["match", "builtin:greedy"][..], &["play", "--p2"][..]] {
            let out = arena()
                .args(cmd)
                .arg(&file)
                .write_stdin("q\n")
                .output()
                .unwrap();
            assert!(!out.status.success());
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(err.contains(&expected), "{cmd:?}: {err}");
            assert_eq!(err.matches(&shown).count(), 1, "{cmd:?}: {err}");
        }
    }
}

#[test]
fn play_and_match_never_print_a_raw_newline_from_a_module_or_an_argument() {
    let tmp = tempfile::tempdir().unwrap();
    // Refused: wasmparser's message would quote the duplicate name, newline and all.
    let dup = tmp.path().join("dup.wat");
    fs::write(
        &dup,
        r#"(module (memory (export "memory") 1) (func (export "a\0aFORGED LINE"))
            (func (export "a\0aFORGED LINE")))"#,
    )
    .unwrap();
    // Loads, then traps in a function whose name holds a newline.
    let trap = tmp.path().join("trap.wat");
    fs::write(
        &trap,
        r#"(module (memory (export "memory") 1)
  (func (export "arena_alloc") (param i32) (result i32) i32.const 1024)
  (func $"boom\0aFORGED LINE" (export "choose_move") (param i32 i32) (result i32) unreachable))"#,
    )
    .unwrap();
    // A file name with a newline, quoted by the error that it does not exist.
    let missing = tmp.path().join("no\nFORGED LINE.wasm");
    for file in [&dup, &trap, &missing] {
        for cmd in [
            &["match", "builtin:greedy", "--games", "1"][..],
            &["play", "--p1", "builtin:greedy", "--p2"][..],
        ] {
            let out = arena().args(cmd).arg(file).output().unwrap();
            for (stream, text) in [("stdout", &out.stdout), ("stderr", &out.stderr)] {
                let text = String::from_utf8_lossy(text);
                assert!(
                    !text.contains("\nFORGED"),
                    "{cmd:?} {}: {stream}: {text}",
                    file.display()
                );
            }
        }
    }
    // Every error is printed on one line, whatever it quotes (here a builtin's name).
    for cmd in [
        &["match", "builtin:greedy"][..],
        &["play", "--p1", "builtin:greedy", "--p2"][..],
    ] {
        let out = arena().args(cmd).arg("builtin:x\nFORGED").output().unwrap();
        let text = String::from_utf8_lossy(&out.stderr);
        assert!(text.contains("`x\\nFORGED`"), "{cmd:?}: {text}");
    }
    let out = arena()
        .args(["play", "--p1", "builtin:greedy", "--p2"])
        .arg(&trap)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(
            "forfeits: trap: wasm `unreachable` instruction executed in `boom\\nFORGED LINE`"
        ),
        "{text}"
    );
}

#[test]
fn a_person_can_play_against_a_module() {
    arena()
        .args(["play", "--rows", "4", "--cols", "4", "--seed", "2", "--p2"])
        .arg(root().join("bots/alphabeta.wasm"))
        .write_stdin("1 1\n")
        .assert()
        // The input ends before the game: abandoned, an error.
        .code(2)
        .stdout(predicate::str::contains("input ended: game abandoned"))
        .stdout(predicate::str::contains("seat 2 (alphabeta) plays"));
}

#[test]
fn hostile_modules_forfeit_while_every_other_game_completes() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("r");
    let garbage = tmp.path().join("garbage.wasm");
    fs::write(&garbage, b"definitely not wasm").unwrap();
    let hostile_bots = [
        "loop_in_move.wat",
        "unreachable.wat",
        "grow_bomb.wat",
        "missing_alloc.wat",
        "loop_in_start.wat",
    ];
    let mut cmd = arena();
    cmd.arg("tournament")
        .arg(root().join("bots/greedy.wasm"))
        .arg(root().join("bots/first_legal.wasm"))
        .arg("builtin:random")
        .arg(&garbage);
    for h in hostile_bots {
        cmd.arg(hostile(h));
    }
    cmd.args([
        "--best-of",
        "3",
        "--fuel",
        "3000000",
        "--rows",
        "6",
        "--cols",
        "6",
        "--quiet",
        "--out",
    ])
    .arg(&out)
    .assert()
    .success()
    .stderr(predicate::str::contains("garbage.wasm: disqualified"));
    let good = ["greedy", "first_legal", "builtin:random"];
    let kind = arena_games::find_game("mathtricks").unwrap();
    let games_header = csv::Reader::from_path(out.join("games.csv"))
        .unwrap()
        .headers()
        .unwrap()
        .clone();
    let column = |name: &str| {
        games_header
            .iter()
            .position(|h| h == name)
            .unwrap_or_else(|| panic!("games.csv has no column {name}"))
    };
    for record in records(&out.join("games.csv")) {
        let line = record.iter().collect::<Vec<_>>().join(",");
        let first = &record[column("seat1_bot")];
        let second = &record[column("seat2_bot")];
        let end = &record[column("end")];
        if good.contains(&first) && good.contains(&second) {
            assert_eq!(end, "normal", "{line}");
        } else {
            assert_ne!(end, "normal", "a hostile bot never finishes a game: {line}");
            // The culprit is a seat number: the bot in that seat is never a good one. A
            // game nobody could play (both disqualified) names no culprit.
            match record[column("culprit")].parse::<usize>() {
                Ok(seat) => {
                    let culprit = &record[column(&format!("seat{seat}_bot"))];
                    assert!(!good.contains(&culprit), "{line}");
                }
                Err(_) => assert!(
                    !good.contains(&first) && !good.contains(&second),
                    "no culprit, yet a good bot played: {line}"
                ),
            }
        }
        let id: u64 = record[column("game_id")].parse().unwrap();
        Replay::read(&out, id)
            .unwrap()
            .verify(kind)
            .unwrap_or_else(|e| panic!("game {id}: {e}"));
    }
    let standings = records(&out.join("standings.csv"));
    let header = csv::Reader::from_path(out.join("standings.csv"))
        .unwrap()
        .headers()
        .unwrap()
        .clone();
    let col = |name: &str| header.iter().position(|h| h == name).unwrap();
    for record in &standings {
        let cols: Vec<&str> = record.iter().collect();
        let line = cols.join(",");
        let bot = cols[col("bot")];
        let expected = match bot {
            "loop_in_move" => Some("faults_fuel"),
            "unreachable" => Some("faults_trap"),
            "grow_bomb" => Some("faults_memory"),
            _ => None,
        };
        if let Some(column) = expected {
            assert!(
                cols[col(column)].parse::<u32>().unwrap() > 0,
                "{bot}: {line}"
            );
        }
        match bot {
            "garbage" | "missing_alloc" | "loop_in_start" => {
                assert!(!cols[col("disqualified")].is_empty(), "{line}")
            }
            _ => assert!(cols[col("disqualified")].is_empty(), "{line}"),
        }
    }
    // The three well-behaved bots take the top three places.
    let top: Vec<&str> = standings.iter().take(3).map(|r| &r[1]).collect();
    for bot in good {
        assert!(top.contains(&bot), "{bot} not in the top three: {top:?}");
    }
}

#[test]
fn wasm_tournaments_are_identical_with_one_and_two_threads() {
    let tmp = tempfile::tempdir().unwrap();
    let run = |threads: &str| {
        let out = tmp.path().join(threads);
        arena()
            .arg("tournament")
            .arg(root().join("bots"))
            .args([
                "--best-of",
                "3",
                "--rows",
                "5..8",
                "--cols",
                "6",
                "--seed",
                "9",
                "--quiet",
                "--threads",
                threads,
                "--out",
            ])
            .arg(&out)
            .assert()
            .success();
        out
    };
    let (one, two) = (run("1"), run("2"));
    for f in [
        "games.csv",
        "series.csv",
        "standings.csv",
        "ratings.csv",
        "tournament.json",
    ] {
        assert_eq!(
            fs::read(one.join(f)).unwrap(),
            fs::read(two.join(f)).unwrap(),
            "{f}"
        );
    }
    let games = fs::read_to_string(one.join("games.csv")).unwrap();
    assert!(
        games.lines().skip(1).all(|l| l.contains(",normal,")),
        "example bots never fault"
    );
}
