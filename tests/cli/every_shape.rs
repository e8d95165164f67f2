//! One test per behaviour of a tournament, run over every shape of game the binary plays:
//! a two-seat game (MathTricks), a table game for two (tic-tac-toe) and for three
//! (tic-tac-toe on 4×4), and a one-seat leaderboard (minesweeper, under a fixed secret of
//! hidden setup). A behaviour that holds for one shape and not another fails naming the
//! shape.

use std::fs;
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use assert_cmd::Command;
use predicates::prelude::*;

use crate::common::{self, arena, files};

/// A small tournament of one shape: its arguments before `--out`, and a summary file it
/// writes after every game is played.
struct Shape {
    name: &'static str,
    args: Vec<&'static str>,
    summary: &'static str,
}

fn shapes() -> Vec<Shape> {
    vec![
        Shape {
            name: "mathtricks, two seats",
            args: vec![
                "builtin:random",
                "builtin:greedy",
                "builtin:alphabeta:2",
                "builtin:alphabeta:3",
                "--rows",
                "5..7",
                "--cols",
                "6",
                "--best-of",
                "3",
                "--seed",
                "7",
            ],
            summary: "series.csv",
        },
        Shape {
            name: "tic-tac-toe for two",
            args: vec![
                "builtin:greedy",
                "builtin:random",
                "builtin:maxn",
                "--game",
                "tictactoe",
                "--seed",
                "3",
            ],
            summary: "fairness.csv",
        },
        Shape {
            name: "tic-tac-toe for three",
            args: [
                &[
                    "builtin:random",
                    "builtin:greedy",
                    "builtin:maxn:2",
                    "builtin:maxn:3",
                ][..],
                &common::TICTACTOE3,
                &["--rounds", "2", "--seed", "9"],
            ]
            .concat(),
            summary: "fairness.csv",
        },
        Shape {
            name: "minesweeper for one",
            args: vec![
                "builtin:random",
                "builtin:greedy",
                "builtin:solver",
                "--game",
                "minesweeper",
                "--rows",
                "6",
                "--cols",
                "6",
                "--option",
                "mines=5",
                "--rounds",
                "3",
                "--seed",
                "4",
                "--secret",
                "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
            ],
            summary: "fairness.csv",
        },
    ]
}

impl Shape {
    /// `arena tournament ARGS --quiet --out OUT EXTRA`.
    fn tournament(&self, out: &Path, extra: &[&str]) -> Command {
        let mut cmd = arena();
        cmd.arg("tournament")
            .args(&self.args)
            .args(["--quiet", "--out"])
            .arg(out)
            .args(extra);
        cmd
    }
}

#[test]
fn results_are_identical_with_one_and_two_threads() {
    let tmp = tempfile::tempdir().unwrap();
    for (i, shape) in shapes().iter().enumerate() {
        let one = tmp.path().join(format!("{i}-one"));
        let two = tmp.path().join(format!("{i}-two"));
        shape
            .tournament(&one, &["--threads", "1"])
            .assert()
            .success();
        shape
            .tournament(&two, &["--threads", "2"])
            .assert()
            .success();
        let (a, b) = (files(&one), files(&two));
        assert_eq!(
            a.keys().collect::<Vec<_>>(),
            b.keys().collect::<Vec<_>>(),
            "{}",
            shape.name
        );
        for (file, bytes) in &a {
            assert!(bytes == &b[file], "{}: {file} differs", shape.name);
        }
        let games = fs::read_to_string(one.join("games.csv")).unwrap();
        assert!(games.lines().count() > 6, "{}: {games}", shape.name);
    }
}

/// A run killed with SIGKILL once a few games are recorded (or whenever it is done: the
/// comparison must hold at any moment), resumed with another thread count, ends with the
/// files of the uninterrupted run.
#[test]
fn a_killed_run_resumes_to_identical_files() {
    let tmp = tempfile::tempdir().unwrap();
    for (i, shape) in shapes().iter().enumerate() {
        let full = tmp.path().join(format!("{i}-full"));
        shape
            .tournament(&full, &["--threads", "1"])
            .assert()
            .success();
        let killed = tmp.path().join(format!("{i}-killed"));
        let mut child = common::arena_process()
            .arg("tournament")
            .args(&shape.args)
            .args(["--quiet", "--threads", "1", "--out"])
            .arg(&killed)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let deadline = Instant::now() + Duration::from_secs(60);
        while Instant::now() < deadline && child.try_wait().unwrap().is_none() {
            let rows = fs::read_to_string(killed.join("games.csv"))
                .map(|s| s.lines().count())
                .unwrap_or(0);
            if rows > 3 {
                break;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        let _ = child.kill();
        let _ = child.wait();
        shape
            .tournament(&killed, &["--threads", "2", "--resume"])
            .assert()
            .success();
        assert!(files(&full) == files(&killed), "{}", shape.name);
    }
}

#[test]
fn standings_and_verify_reproduce_every_file() {
    let tmp = tempfile::tempdir().unwrap();
    for (i, shape) in shapes().iter().enumerate() {
        let dir = tmp.path().join(i.to_string());
        shape.tournament(&dir, &[]).assert().success();
        let before = files(&dir);
        for file in ["standings.csv", shape.summary] {
            assert!(before.contains_key(file), "{}: no {file}", shape.name);
            fs::remove_file(dir.join(file)).unwrap();
        }
        arena()
            .arg("standings")
            .arg(&dir)
            .assert()
            .success()
            .stdout(predicate::str::contains("rank"));
        assert!(files(&dir) == before, "{}: a file changed", shape.name);
        arena()
            .arg("verify")
            .arg(&dir)
            .assert()
            .success()
            .stdout(predicate::str::contains("reproduced exactly"));
    }
    arena()
        .arg("standings")
        .arg(tmp.path().join("nope"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no such results folder"));
}

/// A summary file that cannot be written (a folder stands where it goes) fails
/// `standings` naming it and leaves no `standings.csv`, so `verify` says the tournament is
/// not finished; the stage's other writers (the page) still write.
#[test]
fn a_summary_that_cannot_be_written_leaves_no_standings_csv() {
    let tmp = tempfile::tempdir().unwrap();
    for (i, shape) in shapes().iter().enumerate() {
        let dir = tmp.path().join(i.to_string());
        shape.tournament(&dir, &[]).assert().success();
        fs::remove_file(dir.join("report.html")).unwrap();
        common::a_blocked_summary_leaves_no_standings_csv(&dir, shape.summary);
        assert!(
            dir.join("report.html").is_file(),
            "{}: the other writers of the stage still write",
            shape.name
        );
    }
}
