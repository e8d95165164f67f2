//! `arena games`, `board`, `play` and `check` for the games of one to four seats, through
//! the real binary.

use crate::common::{self, arena};

use predicates::prelude::*;

#[test]
fn games_lists_the_table_games_with_seats_roles_and_options() {
    let out = arena().arg("games").output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for needle in [
        "tictactoe",
        "minesweeper",
        "pursuit",
        "path",
        "roles: pursuer, evader",
        "--option blind=0|1",
        "--option players=3",
    ] {
        assert!(text.contains(needle), "{needle}:\n{text}");
    }
    let json = arena().args(["games", "--json"]).output().unwrap();
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let games = v["games"].as_array().unwrap();
    let pursuit = games.iter().find(|g| g["name"] == "pursuit").unwrap();
    assert_eq!(pursuit["seats"], serde_json::json!([2, 3]));
    assert_eq!(pursuit["roles"], serde_json::json!(["pursuer", "evader"]));
    let king = games.iter().find(|g| g["name"] == "king").unwrap();
    assert_eq!(king["seats"], serde_json::json!([2, 3]));
    let mathtricks = games.iter().find(|g| g["name"] == "mathtricks").unwrap();
    assert!(
        mathtricks.get("seats").is_none(),
        "two-seat entries unchanged"
    );
}

#[test]
fn board_draws_a_pursuit_board_and_gives_its_words_as_json() {
    let out = arena()
        .args([
            "board",
            "--game",
            "pursuit",
            "--option",
            "obstacles=0.2",
            "--seed",
            "4",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains('#') && text.contains('A') && text.contains('B'),
        "{text}"
    );
    let json = arena()
        .args([
            "board",
            "--game",
            "pursuit",
            "--option",
            "players=3",
            "--json",
        ])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(v["seats"].as_array().unwrap().len(), 3);
    assert_eq!(v["seats"][2]["role"], "evader");
    let words = v["first_mover_words"].as_array().unwrap();
    assert_eq!(words[2], 11, "the table header");
    assert_eq!(words[8], 3, "three seats");
    let mines = arena()
        .args(["board", "--game", "minesweeper", "--seed", "2"])
        .output()
        .unwrap();
    let text = String::from_utf8(mines.stdout).unwrap();
    assert!(!text.contains('*'), "the mines stay hidden:\n{text}");
}

#[test]
fn play_seats_people_and_bots_and_explains_a_wrong_move() {
    // Player 1 is a person: a taken cell, a cell off the board, then leaves.
    let out = arena()
        .arg("play")
        .args(common::TICTACTOE3)
        .args([
            "--p2",
            "builtin:greedy",
            "--p3",
            "builtin:random",
            "--seed",
            "5",
        ])
        .write_stdin("1 1\n1 1\n9 9\nq\n")
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("seat 2 (builtin:greedy) plays"), "{text}");
    assert!(text.contains("; try again"), "{text}");
    assert!(text.contains("game abandoned"), "{text}");
    arena()
        .args(["play", "--game", "tictactoe", "--p3", "builtin:random"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("--p3"));
}

#[test]
fn play_of_bots_only_ends_with_every_seat_ranked() {
    let out = arena()
        .args([
            "play",
            "--game",
            "pursuit",
            "--option",
            "players=3",
            "--p1",
            "builtin:greedy",
            "--p2",
            "builtin:random",
            "--p3",
            "builtin:greedy",
            "--seed",
            "2",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.matches(": rank ").count(), 3, "{text}");
}

#[test]
fn a_blind_person_is_not_told_where_the_pursuers_went() {
    let out = arena()
        .args([
            "play",
            "--game",
            "pursuit",
            "--option",
            "players=3",
            "--option",
            "blind=1",
            "--p1",
            "builtin:greedy",
            "--p2",
            "builtin:greedy",
            "--seed",
            "9",
        ])
        .write_stdin("q\n")
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("seat 1 (builtin:greedy) moves"), "{text}");
    assert!(!text.contains(" plays "), "{text}");
    let before_quit = text.split("game abandoned").next().unwrap();
    assert!(
        !before_quit.contains('A'),
        "no pursuer drawn for the blind evader:\n{before_quit}"
    );
}

#[test]
fn a_one_seat_leaderboard_plays_fifty_boards_unless_told() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("r");
    arena()
        .args(["tournament", "--game", "minesweeper", "--quiet", "--out"])
        .arg(&out)
        .args(["builtin:greedy", "builtin:random"])
        .assert()
        .success();
    let games = std::fs::read_to_string(out.join("games.csv")).unwrap();
    assert_eq!(games.lines().count(), 1 + 2 * 50);
    let out = tmp.path().join("three");
    arena()
        .args([
            "tournament",
            "--game",
            "minesweeper",
            "--rounds",
            "3",
            "--quiet",
        ])
        .arg("--out")
        .arg(&out)
        .args(["builtin:greedy", "builtin:random"])
        .assert()
        .success();
    let games = std::fs::read_to_string(out.join("games.csv")).unwrap();
    assert_eq!(games.lines().count(), 1 + 2 * 3);
}

#[test]
fn a_table_schedule_over_the_cap_is_refused_before_anything_is_played() {
    let bots = common::root().join("bots");
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("r");
    // 10 modules and 2 builtins: 220 tables of three a round, 220 000 in 1000 rounds.
    arena()
        .args(["tournament", "--game", "tictactoe", "--option", "players=3"])
        .args(["--rounds", "1000", "--quiet", "--out"])
        .arg(&out)
        .arg(&bots)
        .args(["builtin:greedy", "builtin:random"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "220000 tables, more than the cap of 200000",
        ));
    assert!(!out.join("games.csv").exists());
}

#[test]
fn match_names_a_table_game_as_one_not_as_unknown() {
    arena()
        .args([
            "match",
            "builtin:random",
            "builtin:greedy",
            "--game",
            "king",
        ])
        .args(["--option", "players=3"])
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("--option players=3: this command plays two seats only")
                .and(predicate::str::contains("bad option").not()),
        );
}
