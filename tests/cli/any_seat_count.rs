//! Commands in games of any seat count: `arena match` in a game of the table model played by
//! two (tic-tac-toe, pursuit) through the one referee, and a series policy that cannot apply
//! to a seat count refused in one line.

use crate::common::arena;
use predicates::prelude::*;

fn json_of(args: &[&str]) -> serde_json::Value {
    let out = arena()
        .args(["match", "builtin:greedy", "builtin:random", "--json"])
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn two_bots_play_a_table_game_head_to_head_reproducibly() {
    for game in ["pursuit", "tictactoe"] {
        let args = ["--game", game, "--games", "4", "--seed", "3"];
        let json = json_of(&args);
        assert_eq!(json["game"], game);
        let games = json["games"].as_array().unwrap();
        assert_eq!(games.len(), 4);
        let total = ["a_won", "a_lost", "drawn"]
            .iter()
            .map(|k| json[k].as_u64().unwrap())
            .sum::<u64>();
        assert_eq!(total, 4);
        // A moves first in the first game, then the first mover alternates.
        assert_eq!(games[0]["first"], "builtin:greedy");
        assert_eq!(games[1]["first"], "builtin:random");
        for g in games {
            assert_eq!(g["end"], "normal", "{g}");
            assert!(!g["moves"].as_array().unwrap().is_empty());
            let result = g["result"].as_str().unwrap();
            assert!(["1-0", "0-1", "1/2-1/2"].contains(&result), "{result}");
        }
        assert_eq!(json, json_of(&args), "the same seed plays the same games");
    }
    // The running score, as chess runners print it.
    arena()
        .args([
            "match",
            "builtin:greedy",
            "builtin:random",
            "--game",
            "tictactoe",
        ])
        .args(["--games", "2"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "Score of builtin:greedy vs builtin:random:",
        ));
}

#[test]
fn a_match_with_hidden_setup_is_dealt_under_a_secret() {
    // Two-player minesweeper hides its mines: without --secret each match draws a fresh
    // secret, so the same seed deals other boards (no bot can compute them); the same
    // --secret deals the same games again.
    let base = [
        "--game",
        "minesweeper",
        "--option",
        "players=2",
        "--games",
        "3",
    ];
    let setups = |json: &serde_json::Value| -> Vec<String> {
        json["games"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["setup"].to_string())
            .collect()
    };
    assert_ne!(
        setups(&json_of(&base)),
        setups(&json_of(&base)),
        "a fresh secret for each match"
    );
    let secret = "ab".repeat(32);
    let given = [&base[..], &["--secret", &secret]].concat();
    assert_eq!(
        json_of(&given),
        json_of(&given),
        "the same secret, the same games"
    );
    assert_ne!(setups(&json_of(&given)), setups(&json_of(&base)));
    // A game without hidden setup refuses a secret, in one line.
    let out = arena()
        .args([
            "match",
            "builtin:greedy",
            "builtin:random",
            "--game",
            "tictactoe",
        ])
        .args(["--secret", &secret])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("deals no hidden setup"), "{stderr}");
    // A two-seat game's boards still come from --seed alone.
    let plain = ["--games", "2", "--seed", "5"];
    assert_eq!(json_of(&plain), json_of(&plain));
}

#[test]
fn a_game_of_another_seat_count_is_refused_in_one_line() {
    for (args, said) in [
        (
            &["--game", "minesweeper"][..],
            "`minesweeper` seats 1: this command plays two seats only",
        ),
        (
            &["--game", "tictactoe", "--option", "players=3"][..],
            "--option players=3: this command plays two seats only",
        ),
        (
            &["--game", "pursuit", "--depth", "2"][..],
            "--depth 2: pursuit takes a builtin's depth in its name",
        ),
    ] {
        let out = arena()
            .args(["match", "builtin:greedy", "builtin:random"])
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(said), "{args:?}: {stderr}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
    }
}

#[test]
fn a_series_policy_that_cannot_apply_is_refused_in_one_line_saying_why() {
    let tmp = tempfile::tempdir().unwrap();
    for (args, said) in [
        (
            &[
                "--game",
                "tictactoe",
                "--option",
                "players=3",
                "--best-of",
                "3",
            ][..],
            "--best-of 3: tictactoe here seats 3, and a series is between two",
        ),
        (
            &["--game", "path", "--best-of", "1"][..],
            "--best-of 1: path here seats one player, and a series is between two",
        ),
        (
            &["--game", "minesweeper", "--paired"][..],
            "--paired: minesweeper here seats one player, so there are no seats to swap",
        ),
        (
            &["--game", "pursuit", "--option", "players=3", "--play-all"][..],
            "--play-all: pursuit here seats 3",
        ),
    ] {
        let out_dir = tmp.path().join("out");
        let out = arena()
            .args(["tournament", "builtin:greedy", "builtin:random"])
            .args(args)
            .args(["--quiet", "--out"])
            .arg(&out_dir)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(said), "{args:?}: {stderr}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
        assert!(!out_dir.exists(), "refused before the folder is made");
    }
}
