//! `arena play` and `arena replay` as a person uses them: quitting, going back, the end
//! said once, a missing game named once.

use crate::common::{self, arena};

use std::path::Path;

use assert_cmd::Command;

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
    // A folder that is no results folder is called that, as by `standings` and `report`.
    let out = arena()
        .arg("replay")
        .arg(tmp.path())
        .arg("1")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("no tournament.json: not a results folder"),
        "{err}"
    );
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

/// A folder of one game between a bot whose debug output is terminal escapes (retitle
/// the window, clear the screen, ring the bell) and the greedy builtin.
fn results_with_escaping_bot(dir: &Path) {
    let subs = dir.join("subs");
    std::fs::create_dir_all(&subs).unwrap();
    let chatty =
        std::fs::read_to_string(common::root().join("tests/fixtures/hostile/chatty.wat")).unwrap();
    // Eleven bytes, as many as the `thinking...` it logs.
    let escapes = chatty.replace("\"thinking...\"", "\"\\1b]0;pwn\\07\\1b[J\"");
    assert_ne!(escapes, chatty);
    std::fs::write(subs.join("escapes.wat"), escapes).unwrap();
    arena()
        .current_dir(dir)
        .args(["tournament", "subs", "builtin:greedy", "--best-of", "1"])
        .args(["--rows", "5", "--cols", "5", "--quiet", "--out", "r"])
        .assert()
        .success();
}

#[test]
fn replay_shows_a_bots_output_with_its_terminal_escapes_escaped() {
    let tmp = tempfile::tempdir().unwrap();
    results_with_escaping_bot(tmp.path());
    let out = stdout_of(arena().arg("replay").arg(tmp.path().join("r")).arg("1"));
    assert!(out.contains("output of escapes"), "{out}");
    assert!(out.contains("\\x1b]0;pwn\\x07\\x1b[J"), "{out}");
    assert!(
        !out.contains('\x1b') && !out.contains('\x07'),
        "a bot's escape reached the terminal: {out:?}"
    );
}

#[test]
fn replay_step_takes_any_bytes_and_echoes_none_raw() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("r");
    results(&dir);
    let out = arena()
        .arg("replay")
        .arg(&dir)
        .args(["1", "--step"])
        .write_stdin(b"\xff\xfe\n\x1b[2J\n\nq\n".to_vec())
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let out = String::from_utf8_lossy(&out.stdout);
    assert!(out.contains("press Enter"), "{out}");
    assert!(out.contains("\nmove 1: "), "{out}");
    assert!(!out.contains('\x1b'), "typed escapes echoed raw: {out:?}");
}
