//! The real `arena` binary: boards, hand play from stdin, games listing, bad flags.

use crate::common::arena;

use predicates::prelude::*;

#[test]
fn board_is_reproducible_and_symmetric_in_json() {
    let run = || {
        arena()
            .args([
                "board", "--rows", "5", "--cols", "7", "--seed", "11", "--json",
            ])
            .output()
            .unwrap()
    };
    let (a, b) = (run(), run());
    assert!(a.status.success());
    assert_eq!(a.stdout, b.stdout);
    let json: serde_json::Value = serde_json::from_slice(&a.stdout).unwrap();
    assert_eq!(json["rows"], 5);
    let cells = json["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 5);
    for r in 0..5 {
        for c in 0..7 {
            assert_eq!(cells[r][c], cells[4 - r][6 - c], "cell ({r}, {c})");
        }
    }
    assert_eq!(cells[0][0], "+0");
    let other = arena()
        .args([
            "board", "--rows", "5", "--cols", "7", "--seed", "12", "--json",
        ])
        .output()
        .unwrap();
    assert_ne!(other.stdout, a.stdout);
}

#[test]
fn board_for_people_shows_pawns_and_totals() {
    arena()
        .args(["board", "--rows", "4", "--cols", "4", "--seed", "1"])
        .assert()
        .success()
        .stdout(predicate::str::contains("[1]").and(predicate::str::contains("[2]")))
        .stdout(predicate::str::contains("seat 1: total 0"));
}

#[test]
fn sizes_outside_the_range_are_refused() {
    for (r, c) in [("3", "8"), ("8", "65"), ("0", "4")] {
        arena()
            .args(["board", "--rows", r, "--cols", c])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("must be between 4 and 64"))
            .stderr(predicate::str::contains("panicked").not());
    }
}

#[test]
fn malformed_flags_fail_with_a_message() {
    arena()
        .args(["board", "--rows", "eight"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("not a size"));
    arena().args(["board", "--seed", "-1"]).assert().failure();
    arena()
        .args(["board", "--game", "chess"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown game `chess`"));
    arena().args(["frobnicate"]).assert().failure();
    arena()
        .args(["play", "--p2", "builtin:stockfish"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no builtin strategy `stockfish`"));
}

#[test]
fn games_lists_mathtricks_and_its_builtins() {
    arena().arg("games").assert().success().stdout(
        predicate::str::contains("mathtricks").and(predicate::str::contains("builtin:alphabeta")),
    );
}

#[test]
fn hand_play_explains_bad_input_and_asks_again() {
    // Player 1 is a person; seat 2 a builtin. Bad lines first, then legal moves until
    // input ends: the game must go on after each bad line and end cleanly at EOF.
    let input = "hello\n1\n0 0\n9 9\n2 2\n1 1\n0 0\n";
    arena()
        .args([
            "play",
            "--rows",
            "4",
            "--cols",
            "4",
            "--seed",
            "3",
            "--p2",
            "builtin:greedy",
        ])
        .write_stdin(input)
        .assert()
        .stdout(predicate::str::contains("type two numbers"))
        .stdout(predicate::str::contains(
            "your pawn already stands on (0 0)",
        ))
        .stdout(predicate::str::contains("already visited by seat 1"))
        .stdout(predicate::str::contains("off the board"))
        .stdout(predicate::str::contains("is not next to your pawn"))
        .stdout(predicate::str::contains("seat 2 (builtin:greedy) plays"))
        .stdout(
            predicate::str::contains("input ended")
                .or(predicate::str::contains("wins"))
                .or(predicate::str::contains("draw")),
        );
}

/// Input that ends before the game does abandons it: an error (exit 2), not a success.
#[test]
fn play_whose_input_ends_early_exits_with_an_error() {
    arena()
        .args(["play", "--rows", "4", "--cols", "4", "--seed", "3"])
        .args(["--p2", "builtin:greedy"])
        .write_stdin("1 1\n")
        .assert()
        .code(2)
        .stdout(predicate::str::contains("input ended: game abandoned"))
        .stderr(predicate::str::contains(
            "the input ended before the game did: the game was abandoned, without a result",
        ));
    arena()
        .args([
            "play",
            "--game",
            "tictactoe",
            "--p2",
            "builtin:greedy",
            "--seed",
            "1",
        ])
        .write_stdin("")
        .assert()
        .code(2)
        .stdout(predicate::str::contains("input ended: game abandoned"));
    // `q` is the person's own choice: no error.
    arena()
        .args(["play", "--rows", "4", "--cols", "4", "--seed", "3"])
        .args(["--p2", "builtin:greedy"])
        .write_stdin("q\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("game abandoned"));
}

/// `--game` takes any case and suggests the nearest name for a typo.
#[test]
fn game_names_take_any_case_and_typos_get_a_suggestion() {
    arena()
        .args(["board", "--game", "Kalah", "--json"])
        .assert()
        .success()
        .stdout(predicate::str::contains("\"game\": \"kalah\""));
    arena()
        .args(["board", "--game", "NIM"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("nim "));
    for command in ["board", "check", "tournament", "play", "match", "analyze"] {
        let mut cmd = arena();
        cmd.arg(command);
        if matches!(command, "check" | "tournament") {
            cmd.arg("x.wasm");
        }
        if command == "match" {
            cmd.args(["builtin:random", "builtin:greedy"]);
        }
        cmd.args(["--game", "kalha"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "unknown game `kalha`; did you mean `kalah`?",
            ));
    }
    arena()
        .args(["new-bot", "--lang", "c", "--game", "tictactoo", "x"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("did you mean `tictactoe`?"));
    arena()
        .args(["board", "--game", "chess"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "unknown game `chess` (known games: ",
        ))
        .stderr(predicate::str::contains("did you mean").not());
}

/// The help says what the commands do today.
#[test]
fn the_help_describes_every_kind_of_tournament_and_any_game() {
    let help =
        |args: &[&str]| String::from_utf8(arena().args(args).output().unwrap().stdout).unwrap();
    let top = help(&["--help"]);
    assert!(!top.contains("round-robin"), "{top}");
    assert!(top.contains("gauntlet"), "{top}");
    assert!(!top.contains("a MathTricks board"), "{top}");
    let tournament = help(&["tournament", "--help"]);
    assert!(tournament.contains(".py"), "{tournament}");
}

#[test]
fn two_bots_play_a_whole_game_to_a_result() {
    arena()
        .args([
            "play",
            "--rows",
            "5",
            "--cols",
            "5",
            "--seed",
            "9",
            "--p1",
            "builtin:random",
            "--p2",
            "builtin:alphabeta:2",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("wins").or(predicate::str::contains("a draw")));
}

#[test]
fn human_against_human_until_the_end() {
    // Walk both pawns on a 4x4 board; whatever happens, stdin running out ends cleanly.
    let moves = "1 1\n2 2\n0 1\n3 2\n0 2\n2 1\n1 2\n3 1\n0 3\n2 0\n1 3\n3 0\n2 3\n";
    arena()
        .args(["play", "--rows", "4", "--cols", "4", "--seed", "2"])
        .write_stdin(moves)
        .assert()
        .success()
        .stdout(predicate::str::contains("seat 2: total"));
}

#[test]
fn an_error_quoting_a_damaged_file_reaches_the_terminal_escaped() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("r");
    arena()
        .args([
            "tournament",
            "builtin:random",
            "builtin:greedy",
            "--best-of",
            "1",
        ])
        .args(["--rows", "5", "--cols", "5", "--quiet", "--out"])
        .arg(&out)
        .assert()
        .success();
    let manifest = out.join("tournament.json");
    let text = std::fs::read_to_string(&manifest).unwrap();
    let damaged = text.replace("\"mathtricks\"", "\"\\u001b]0;pwned\\u0007\\u001b[2J\"");
    assert_ne!(damaged, text);
    std::fs::write(&manifest, damaged).unwrap();
    let run = arena().arg("standings").arg(&out).output().unwrap();
    assert_eq!(run.status.code(), Some(2));
    let stderr = String::from_utf8(run.stderr).unwrap();
    assert!(
        !stderr.contains('\u{1b}') && !stderr.contains('\u{7}'),
        "{stderr:?}"
    );
    assert!(stderr.contains("\\x1b]0;pwned\\x07\\x1b[2J"), "{stderr}");
}

#[test]
fn an_io_error_is_said_once_naming_the_path() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("afile");
    std::fs::write(&file, "x").unwrap();
    for args in [
        vec![
            "tournament",
            "builtin:random",
            "builtin:greedy",
            "--quiet",
            "--out",
        ],
        vec!["merge", "no_such_shard", "--out"],
    ] {
        let run = arena()
            .current_dir(tmp.path())
            .args(&args)
            .arg(&file)
            .output()
            .unwrap();
        assert_eq!(run.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(run.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        let reason = if args[0] == "merge" {
            "no_such_shard: no such folder"
        } else {
            "Not a directory"
        };
        assert_eq!(stderr.matches(reason).count(), 1, "{args:?}: {stderr}");
    }
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "x");
}

/// A results folder that is a file, or is not there, is named as such by every command
/// that reads one.
#[test]
fn a_results_folder_that_is_a_file_or_missing_is_named() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("games.csv");
    std::fs::write(&file, "game_id\n").unwrap();
    let missing = tmp.path().join("nowhere");
    let commands: [&[&str]; 4] = [
        &["replay", "PATH", "1"],
        &["standings", "PATH"],
        &["report", "PATH"],
        &["analyze", "PATH", "1", "--move", "1"],
    ];
    for args in commands {
        for (path, says) in [
            (&file, "games.csv: not a folder"),
            (&missing, "nowhere: no such results folder"),
        ] {
            let args: Vec<String> = args
                .iter()
                .map(|a| {
                    if *a == "PATH" {
                        path.display().to_string()
                    } else {
                        a.to_string()
                    }
                })
                .collect();
            arena()
                .args(&args)
                .assert()
                .code(2)
                .stderr(predicate::str::contains(says));
        }
    }
}
