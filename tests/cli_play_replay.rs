//! `arena play` and `arena replay` as a person uses them: quitting, going back, the end
//! said once, a missing game named once.

use std::path::Path;

use assert_cmd::Command;

fn arena() -> Command {
    let mut cmd = Command::cargo_bin("arena").expect("the arena binary is built");
    cmd.env("NO_COLOR", "1").env(
        "ARENA_CACHE_DIR",
        concat!(env!("CARGO_TARGET_TMPDIR"), "/arena-cache"),
    );
    cmd
}

fn stdout_of(cmd: &mut Command) -> String {
    let out = cmd.output().unwrap();
    assert!(out.status.success(), "{out:?}");
    String::from_utf8(out.stdout).unwrap()
}

fn results(dir: &Path) {
    arena()
        .args([
            "tournament",
            "builtin:greedy",
            "builtin:random",
            "--best-of",
            "1",
        ])
        .args(["--rows", "5", "--cols", "5", "--quiet", "--out"])
        .arg(dir)
        .assert()
        .success();
}

#[test]
fn play_quits_on_q() {
    let out = stdout_of(
        arena()
            .args(["play", "--rows", "4", "--cols", "4", "--seed", "2"])
            .write_stdin("1 1\nq\n"),
    );
    assert!(out.contains("(q to quit)"), "{out}");
    assert!(out.trim_end().ends_with("game abandoned"), "{out}");
}

#[test]
fn play_says_the_end_once() {
    let out = stdout_of(arena().args([
        "play",
        "--p1",
        "builtin:greedy",
        "--p2",
        "builtin:random",
        "--rows",
        "4",
        "--cols",
        "4",
        "--seed",
        "3",
    ]));
    assert_eq!(
        out.matches("wins").count() + out.matches("a draw").count(),
        1,
        "{out}"
    );
    assert_eq!(out.matches("game over").count(), 1, "{out}");
}

#[test]
fn a_missing_game_is_named_once_with_the_ids_that_exist() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("r");
    results(&dir);
    let out = arena().arg("replay").arg(&dir).arg("99").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("game 99 has no replay"), "{err}");
    assert!(err.contains("games 1 to 1"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(!err.contains("os error"), "{err}");
}

#[test]
fn replay_plays_every_move_in_order() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("r");
    results(&dir);
    let out = stdout_of(arena().arg("replay").arg(&dir).arg("1"));
    let moves = out.matches("\nmove ").count();
    assert!(moves > 2, "{out}");
    for i in 1..=moves {
        assert!(
            out.contains(&format!("\nmove {i}: ")),
            "move {i} missing:\n{out}"
        );
    }
    assert!(out.contains("\nresult "), "{out}");
}

#[test]
fn replay_step_goes_back_and_quits() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("r");
    results(&dir);
    let out = stdout_of(
        arena()
            .arg("replay")
            .arg(&dir)
            .args(["1", "--step"])
            .write_stdin("\n\nb\nb\nb\nwhat\nq\n"),
    );
    let shown: Vec<&str> = out
        .lines()
        .map(|l| l.trim_start_matches("[Enter] next move, b back, q quit: "))
        .filter(|l| l.starts_with("move ") || l.starts_with("back to") || l.starts_with("already"))
        .map(|l| l.split(':').next().unwrap())
        .collect();
    assert_eq!(
        shown,
        [
            "move 1",
            "move 2",
            "back to move 1",
            "move 1",
            "back to the start",
            "already at the start"
        ],
        "{out}"
    );
    assert!(out.contains("`what`: press Enter"), "{out}");
    assert!(!out.contains("\nresult "), "quit before the end:\n{out}");
}
