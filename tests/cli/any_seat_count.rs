//! Commands in games of any seat count: `arena match` in a game of the table model played by
//! two (tic-tac-toe, pursuit) through the one referee, a series policy for a table of two
//! (best-of, paired, early decision) with the series, cross-table and LOS files of every
//! game of two or more seats, and a series policy that cannot apply to a seat count
//! refused in one line.

use crate::common::{self, arena};
use predicates::prelude::*;
use std::fs;
use std::path::Path;

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

/// Two-player tic-tac-toe `--best-of 5 --paired`, at `out`.
fn tictactoe_series(out: &Path, extra: &[&str]) {
    arena()
        .args([
            "tournament",
            "builtin:random",
            "builtin:greedy",
            "builtin:maxn:2",
            "--game",
            "tictactoe",
            "--best-of",
            "5",
            "--paired",
            "--seed",
            "5",
            "--quiet",
            "--out",
        ])
        .arg(out)
        .args(extra)
        .assert()
        .success();
}

#[test]
fn two_player_tictactoe_plays_paired_best_of_five_series_decided_early() {
    let tmp = tempfile::tempdir().unwrap();
    let one = tmp.path().join("one");
    tictactoe_series(&one, &["--threads", "1"]);
    let manifest = fs::read_to_string(one.join("tournament.json")).unwrap();
    assert!(
        manifest.contains("\"best_of\": 5,") && manifest.contains("\"paired\": true,"),
        "{manifest}"
    );
    // Every game on a board of its series played from both seats, a pair after a pair.
    let games = fs::read_to_string(one.join("games.csv")).unwrap();
    let header: Vec<&str> = games.lines().next().unwrap().split(',').collect();
    let at = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let rows: Vec<Vec<&str>> = games
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect();
    let mut per_series = std::collections::BTreeMap::<&str, Vec<&Vec<&str>>>::new();
    for r in &rows {
        per_series.entry(r[at("series_id")]).or_default().push(r);
    }
    assert_eq!(per_series.len(), 3, "one series per pair of three bots");
    let mut decided_early = false;
    for games in per_series.values() {
        assert!(games.len() % 2 == 0 && games.len() <= 10, "{games:?}");
        decided_early |= games.len() < 10;
        for (i, g) in games.iter().enumerate() {
            assert_eq!(g[at("game_index")], i.to_string());
            assert_eq!(g[at("board_index")], (i / 2).to_string());
            if i % 2 == 1 {
                let before = games[i - 1];
                assert_eq!(g[at("board_seed")], before[at("board_seed")]);
                assert_eq!(g[at("seat1_bot")], before[at("seat2_bot")]);
            }
        }
    }
    assert!(decided_early, "maxn against random needs no ten games");
    // The series, cross-table and LOS of a pair's series.
    let series = fs::read_to_string(one.join("series.csv")).unwrap();
    assert_eq!(series.lines().count(), 4, "{series}");
    assert!(
        series.lines().skip(1).all(|l| !l.ends_with(',')),
        "pentanomials: {series}"
    );
    for file in ["crosstable.csv", "los.csv"] {
        let text = fs::read_to_string(one.join(file)).unwrap();
        assert_eq!(text.lines().count(), 4, "{file}: {text}");
    }
    // Byte-identical with two threads, and reproduced by verify.
    let two = tmp.path().join("two");
    tictactoe_series(&two, &["--threads", "2"]);
    assert!(
        common::files(&one) == common::files(&two),
        "1 and 2 threads differ"
    );
    arena().args(["verify"]).arg(&one).assert().success();
}

#[test]
fn a_table_of_three_writes_a_series_per_pair_at_every_table() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("t");
    arena()
        .args([
            "tournament",
            "builtin:random",
            "builtin:greedy",
            "builtin:maxn:2",
            "builtin:maxn:3",
        ])
        .args(common::TICTACTOE3)
        .args(["--seed", "3", "--quiet", "--out"])
        .arg(&out)
        .assert()
        .success();
    let series = fs::read_to_string(out.join("series.csv")).unwrap();
    let rows: Vec<&str> = series.lines().skip(1).collect();
    // Four tables of three: three pairs each, the table's id on each.
    assert_eq!(rows.len(), 12, "{series}");
    for (i, r) in rows.iter().enumerate() {
        assert!(r.starts_with(&format!("{},1,", i / 3 + 1)), "{r}");
        assert!(r.ends_with(','), "no pentanomial at a table of three: {r}");
    }
    let cross = fs::read_to_string(out.join("crosstable.csv")).unwrap();
    assert_eq!(cross.lines().count(), 5, "{cross}");
    assert!(out.join("los.csv").exists());
    // A one-seat leaderboard has no pairs.
    let solo = tmp.path().join("solo");
    arena()
        .args(["tournament", "builtin:greedy", "builtin:random"])
        .args(["--game", "path", "--rounds", "2", "--quiet", "--out"])
        .arg(&solo)
        .assert()
        .success();
    assert!(!solo.join("series.csv").exists() && !solo.join("crosstable.csv").exists());
}
