//! Every registered game works through every capability unchanged: boards, hand play,
//! tournaments (builtin and WebAssembly bots) with replays that re-check.

use crate::common::arena;

use std::fs;

use arena::output::replay::Replay;
use predicates::prelude::*;

fn game_names() -> Vec<&'static str> {
    arena_games::games().iter().map(|g| g.info().name).collect()
}

#[test]
fn a_tournament_of_every_game_completes_and_its_replays_recheck() {
    for game in game_names() {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join(game);
        let kind = arena_games::find_game(game).unwrap();
        let mut bots: Vec<String> = kind
            .strategy_names()
            .iter()
            .map(|s| format!("builtin:{s}"))
            .collect();
        bots.retain(|b| b != "builtin:alphabeta");
        bots.push("builtin:alphabeta:3".into());
        // The SDK's WebAssembly bots play every registered game.
        let root = env!("CARGO_MANIFEST_DIR");
        bots.push(format!("{root}/bots/random.wasm"));
        bots.push(format!("{root}/bots/greedy.wasm"));
        arena()
            .arg("tournament")
            .args(&bots)
            .args([
                "--game",
                game,
                "--best-of",
                "3",
                "--seed",
                "11",
                "--quiet",
                "--out",
            ])
            .arg(&out)
            .assert()
            .success();
        let games = fs::read_to_string(out.join("games.csv")).unwrap();
        assert!(games.lines().count() > bots.len(), "{game}: {games}");
        for line in games.lines().skip(1) {
            let id: u64 = line.split(',').next().unwrap().parse().unwrap();
            let replay = Replay::read(&out, id).unwrap();
            replay
                .verify(kind)
                .unwrap_or_else(|e| panic!("{game} game {id}: {e}"));
            assert!(
                line.contains(",normal,"),
                "{game}: builtins never fault: {line}"
            );
        }
        arena()
            .args(["replay"])
            .arg(&out)
            .arg("1")
            .assert()
            .success();
    }
}

#[test]
fn perfect_players_never_lose_to_random_from_their_own_analysis() {
    // In a paired series the perfect player meets every starting position from both
    // seats: it must win whenever its seat is a winning one, so it cannot lose a series.
    let with_perfect: Vec<&str> = arena_games::games()
        .iter()
        .filter(|k| k.strategy_names().contains(&"perfect"))
        .map(|k| k.info().name)
        .collect();
    assert!(with_perfect.len() >= 8, "{with_perfect:?}");
    for game in with_perfect {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join(game);
        arena()
            .args([
                "tournament",
                "builtin:perfect",
                "builtin:random",
                "--paired",
                "--play-all",
                "--best-of",
                "7",
            ])
            .args(["--game", game, "--seed", "3", "--quiet", "--out"])
            .arg(&out)
            .assert()
            .success();
        let series = fs::read_to_string(out.join("series.csv")).unwrap();
        let row: Vec<&str> = series.lines().nth(1).unwrap().split(',').collect();
        let (a_points, b_points, winner) = (row[6], row[7], row[8]);
        assert_eq!(row[2], "builtin:perfect");
        assert_ne!(winner, "builtin:random", "{game}: {series}");
        let (a, b): (f64, f64) = (a_points.parse().unwrap(), b_points.parse().unwrap());
        assert!(a >= b, "{game}: perfect scored {a}, random {b}");
    }
}

#[test]
fn every_game_draws_a_board_and_accepts_hand_play_until_input_ends() {
    for game in game_names() {
        arena()
            .args(["board", "--game", game, "--seed", "4"])
            .assert()
            .success();
        arena()
            .args(["board", "--game", game, "--seed", "4", "--json"])
            .assert()
            .success()
            .stdout(predicate::str::contains("\"state_words\""));
        arena()
            .args([
                "play",
                "--game",
                game,
                "--seed",
                "4",
                "--p2",
                "builtin:random",
            ])
            .write_stdin("this is not a move\n")
            .assert()
            // The input ends before the game: abandoned, an error.
            .code(2)
            .stdout(predicate::str::contains("input ended: game abandoned"))
            .stdout(predicate::str::contains("try again"))
            .stdout(predicate::str::contains("input ended"));
    }
}

#[test]
fn determinant_perfect_never_loses_a_series() {
    // The empty table is won for A (+40) and perfect keeps every win: it wins every game
    // it starts. It also wins as B against random and greedy, so it wins those series
    // outright; alpha-beta plays A well enough to win, so a paired series against it (each
    // start from both seats) is drawn, never lost. Determinant's series are always paired:
    // without `--paired` arena pairs them anyway and says so.
    for (paired, seed) in [(true, "4"), (false, "5"), (false, "6")] {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("d");
        let mut cmd = arena();
        cmd.args([
            "tournament",
            "builtin:perfect",
            "builtin:greedy",
            "builtin:alphabeta",
        ])
        .args(["builtin:random", "--game", "determinant", "--best-of", "3"])
        .args(["--seed", seed, "--quiet", "--out"])
        .arg(&out);
        if paired {
            cmd.arg("--paired");
        }
        let assert = cmd.assert().success();
        let stderr = String::from_utf8_lossy(&assert.get_output().stderr).to_string();
        assert_eq!(
            stderr.contains("every series is paired"),
            !paired,
            "{stderr}"
        );
        let manifest = fs::read_to_string(out.join("tournament.json")).unwrap();
        assert!(manifest.contains("\"paired\": true"), "{manifest}");
        let series = fs::read_to_string(out.join("series.csv")).unwrap();
        let mut seen = 0;
        for line in series.lines().skip(1) {
            let row: Vec<&str> = line.split(',').collect();
            let (a, b, winner) = (row[2], row[3], row[8]);
            if a != "builtin:perfect" && b != "builtin:perfect" {
                continue;
            }
            seen += 1;
            let other = if a == "builtin:perfect" { b } else { a };
            if other == "builtin:alphabeta" {
                assert!(winner == "draw" || winner == "builtin:perfect", "{line}");
            } else {
                assert_eq!(winner, "builtin:perfect", "{line}");
            }
        }
        assert_eq!(seen, 3, "{series}");
    }
}

#[test]
fn kalah_and_determinant_are_played_by_hand() {
    // Kalah drawn as the seed draws it: two rows of pits, the kalahs at the ends.
    arena()
        .args([
            "play",
            "--game",
            "kalah",
            "--option",
            "rules=standard",
            "--seed",
            "2",
        ])
        .args(["--option", "stones=4", "--p2", "builtin:alphabeta"])
        .write_stdin("3\n7\n1\n")
        .assert()
        // The input ends before the game: abandoned, an error.
        .code(2)
        .stdout(predicate::str::contains("input ended: game abandoned"))
        .stdout(predicate::str::contains("seat 2's pits"))
        .stdout(predicate::str::contains("  4  4  4  4  4  4"))
        .stdout(predicate::str::contains(
            "type a pit number 1 to 6 (got `7`)",
        ))
        .stdout(predicate::str::contains("type the pit to sow from"));
    arena()
        .args([
            "play",
            "--game",
            "determinant",
            "--seed",
            "1",
            "--p2",
            "builtin:perfect",
        ])
        .write_stdin("2 2 9\n2 2 1\n")
        .assert()
        // The input ends before the game: abandoned, an error.
        .code(2)
        .stdout(predicate::str::contains("input ended: game abandoned"))
        .stdout(predicate::str::contains("seat 2 (builtin:perfect) plays"))
        .stdout(predicate::str::contains("already holds 9"))
        .stdout(predicate::str::contains("numbers left"));
}

#[test]
fn nim_takes_game_options() {
    arena()
        .args(["board", "--game", "nim", "--option", "heaps=3,4,5"])
        .assert()
        .success()
        .stdout(predicate::str::contains("3").and(predicate::str::contains("5")));
    arena()
        .args(["board", "--game", "nim", "--option", "heaps=x"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("heaps"));
    arena()
        .args(["board", "--game", "mathtricks", "--option", "foo=1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("foo"));
}
