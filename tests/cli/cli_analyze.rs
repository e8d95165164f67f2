//! `arena analyze` through the binary: the root value equals what `builtin:alphabeta` at
//! the same depth plays toward, in all three formats, from a game's start and from a
//! recorded game; the JSON parses; the DOT renders with Graphviz; bad flags are refused.

use crate::common::arena;

use std::fs;
use std::path::Path;
use std::process::Command as Process;

use arena::analysis::value_text;
use arena::output::replay::Replay;
use arena_games::kalah::Kalah;
use arena_games::rng::GameRng;
use arena_games::strategy::{AlphaBeta, Context, RandomTies, Strategy};
use arena_games::{Game, GameParams};
use assert_cmd::Command;
use predicates::prelude::*;

fn stdout(cmd: &mut Command) -> String {
    let out = cmd.assert().success().get_output().stdout.clone();
    String::from_utf8(out).unwrap()
}

fn standard_4() -> GameParams {
    let mut p = GameParams::default();
    p.options.insert("rules".into(), "standard".into());
    p.options.insert("stones".into(), "4".into());
    p
}

/// The three outputs for the same tree.
fn three_formats(args: &[&str]) -> (String, String, serde_json::Value) {
    let text = stdout(arena().arg("analyze").args(args));
    let dot = stdout(arena().arg("analyze").args(args).args(["--format", "dot"]));
    let json = stdout(arena().arg("analyze").args(args).args(["--format", "json"]));
    (
        text,
        dot,
        serde_json::from_str(&json).expect("the JSON parses"),
    )
}

/// Checks that all three formats carry `value` as the root's value.
fn check_value(text: &str, dot: &str, json: &serde_json::Value, value: i64) {
    let shown = value_text(value);
    let line = text
        .lines()
        .find(|l| l.starts_with("value "))
        .expect("a value line");
    assert_eq!(line.split(' ').nth(1), Some(shown.as_str()), "{text}");
    assert!(dot.contains(&format!("value {shown}\"")), "{dot}");
    assert_eq!(json["value"].as_i64(), Some(value));
    assert_eq!(json["root"]["value"].as_i64(), Some(value));
}

#[test]
fn the_root_value_is_what_alphabeta_plays_toward_from_a_start() {
    for (seed, depth) in [(1u64, 1u32), (2, 3), (3, 4)] {
        let start = Kalah::new_random(&standard_4(), &mut GameRng::new(seed)).unwrap();
        let (best, value) = AlphaBeta::new(depth).search(&start);
        let (seed_s, depth_s) = (seed.to_string(), depth.to_string());
        let args = [
            "--game",
            "kalah",
            "--option",
            "rules=standard",
            "--option",
            "stones=4",
            "--seed",
            &seed_s,
            "--depth",
            &depth_s,
        ];
        let (text, dot, json) = three_formats(&args);
        check_value(&text, &dot, &json, value);
        // The first move of the principal variation is the one builtin:alphabeta plays
        // with the same seed (kalah breaks ties at random), and alpha-beta's own first
        // choice is one of the equally good moves.
        let ctx = Context {
            seat: start.to_move(),
            ply: 0,
            seed,
        };
        let played = RandomTies::new(depth).choose(&ctx, &start);
        let pv = json["principal_variation"].as_array().unwrap();
        assert_eq!(
            pv[0]["move"].as_i64(),
            Some(start.encode_move(played) as i64)
        );
        let best_moves: Vec<i64> = json["root"]["children"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| c["best"].as_bool() == Some(true))
            .map(|c| c["move"].as_i64().unwrap())
            .collect();
        assert!(best_moves.contains(&(start.encode_move(best) as i64)));
        assert_eq!(json["depth"].as_u64(), Some(depth as u64));
    }
}

#[test]
fn a_recorded_game_is_analysed_before_the_move_asked_for() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("r");
    arena()
        .args([
            "tournament",
            "builtin:random",
            "builtin:greedy",
            "--game",
            "kalah",
        ])
        .args(["--best-of", "1", "--seed", "5", "--quiet", "--out"])
        .arg(&out)
        .assert()
        .success();
    let replay = Replay::read(&out, 1).unwrap();
    assert!(replay.moves.len() > 4);
    for n in [1usize, 4] {
        let mut g = Kalah::from_setup(&replay.setup).unwrap();
        for &m in &replay.moves[..n - 1] {
            g.play(g.decode_move(m).unwrap()).unwrap();
        }
        let value = AlphaBeta::new(3).search(&g).1;
        let dir = out.to_str().unwrap();
        let n_s = n.to_string();
        let (text, dot, json) = three_formats(&[dir, "1", "--move", &n_s, "--depth", "3"]);
        check_value(&text, &dot, &json, value);
        assert!(text.contains(&format!("before move {n}, where")), "{text}");
        assert_eq!(json["seat"].as_u64(), Some(g.to_move().number() as u64));
    }
}

#[test]
fn seed_003_eighth_move_from_the_command_line() {
    let (text, dot, json) = three_formats(&[
        "--game",
        "determinant",
        "--option",
        "table=917/.5./682",
        "--depth",
        "2",
    ]);
    assert!(text.contains("seat 2 (B, columns) to move"), "{text}");
    assert!(text.contains("value win+77 for seat 2"), "{text}");
    assert_eq!(json["nodes"].as_u64(), Some(9));
    assert_eq!(dot.matches(" -> ").count(), 8);
}

#[test]
fn the_dot_output_renders_with_graphviz() {
    let dot_ok = Process::new("dot").arg("-V").output().is_ok();
    if !dot_ok {
        crate::common::missing_tool("Graphviz's `dot`", "apt-get install graphviz");
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    for args in [
        vec!["--game", "kalah", "--depth", "3"],
        vec!["--game", "determinant", "--option", "table=12./3.4/5.9"],
        vec![
            "--game",
            "mathtricks",
            "--rows",
            "4",
            "--cols",
            "4",
            "--depth",
            "2",
        ],
    ] {
        let dot = stdout(arena().arg("analyze").args(&args).args(["--format", "dot"]));
        let path = tmp.path().join("tree.dot");
        fs::write(&path, &dot).unwrap();
        let svg = Process::new("dot")
            .arg("-Tsvg")
            .arg(&path)
            .output()
            .expect("dot runs");
        assert!(
            svg.status.success(),
            "dot refused {args:?}: {}",
            String::from_utf8_lossy(&svg.stderr)
        );
        assert!(String::from_utf8_lossy(&svg.stdout).contains("<svg"));
    }
}

fn refused(args: &[&str], why: &str) {
    arena()
        .arg("analyze")
        .args(args)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(why));
}

#[test]
fn bad_requests_are_refused_with_a_reason() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("r");
    arena()
        .args([
            "tournament",
            "builtin:random",
            "builtin:greedy",
            "--game",
            "nim",
        ])
        .args(["--best-of", "1", "--quiet", "--out"])
        .arg(&out)
        .assert()
        .success();
    let dir = out.to_str().unwrap();
    let moves = Replay::read(Path::new(dir), 1).unwrap().moves.len();
    let past = (moves + 2).to_string();
    let last = (moves + 1).to_string();
    refused(&[dir, "1"], "--move N is needed");
    refused(&[dir, "1", "--move", "0"], "--move 0");
    refused(&[dir, "1", "--move", &past], &format!("--move {past}"));
    refused(&[dir, "1", "--move", &last], "is over");
    refused(&[dir, "99", "--move", "1"], "no replay of game 99");
    refused(
        &[dir, "1", "--move", "1", "--game", "kalah"],
        "brings its own",
    );
    refused(&[dir], "needs a game id");
    refused(
        &["/no/such/folder", "1", "--move", "1"],
        "no such results folder",
    );
    refused(&["--move", "2", "--game", "kalah"], "recorded game");
    refused(
        &["--game", "kalah", "--max-nodes", "1000001"],
        "--max-nodes",
    );
    refused(
        &["--game", "kalah", "--depth", "9"],
        "more than 100000 positions",
    );
    refused(&["--game", "kalah", "--depth", "0"], "--depth");
    refused(&["--game", "kalah", "--format", "svg"], "--format");
    refused(&["--game", "chess"], "unknown game");
    refused(&["--game", "kalah", "--option", "stones=9"], "stones");
}

/// Every game has a tree at every seat count it takes: a two-seat game of the `Game`
/// model a minimax one, every other game max^n, with one value per seat.
#[test]
fn every_game_at_every_seat_count_has_a_tree() {
    for kind in arena_games::registry::table_games() {
        let name = kind.info().name;
        for seats in kind.seats().min..=kind.seats().max {
            let mut cmd = arena();
            cmd.args([
                "analyze", "--game", name, "--depth", "1", "--format", "json",
            ]);
            if kind.seats().min != kind.seats().max {
                cmd.args(["--option", &format!("players={seats}")]);
            }
            let json = stdout(&mut cmd);
            let json: serde_json::Value = serde_json::from_str(&json).unwrap();
            let two_seat = arena_games::find_game(name).is_ok() && seats == 2;
            let children = json["root"]["children"].as_array().unwrap();
            assert!(!children.is_empty(), "{name} {seats}");
            assert_eq!(json["principal_variation"].as_array().unwrap().len(), 1);
            if two_seat {
                assert!(json.get("search").is_none(), "{name}: minimax");
            } else {
                assert_eq!(json["search"], "maxn", "{name} {seats}");
                assert_eq!(json["seats"], seats, "{name}");
                let values = json["root"]["values"].as_array().unwrap();
                assert_eq!(values.len(), usize::from(seats), "{name}");
                assert_eq!(values[0], json["value"], "{name}: seat 1 moves first");
                // The root carries the values of its first best move.
                let best = children.iter().find(|c| c["best"] == true).unwrap();
                assert_eq!(&best["values"], &json["root"]["values"], "{name}");
            }
        }
    }
}

#[test]
fn three_seat_tictactoe_in_three_formats_and_from_a_recorded_game() {
    let args = [
        "--game",
        "tictactoe",
        "--option",
        "players=3",
        "--depth",
        "2",
    ];
    let (text, dot, json) = three_formats(&args);
    let values: Vec<String> = json["root"]["values_text"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect();
    let shown = format!("[{}]", values.join(", "));
    assert!(
        text.contains(&format!("values {shown} by seat (seat 1 to move")),
        "{text}"
    );
    assert!(
        text.contains("max^n to depth 2, 82 positions, 3 seats"),
        "{text}"
    );
    assert!(dot.contains(&format!("value {shown}\"")), "{dot}");
    assert_eq!(json["nodes"], 82);
    assert_eq!(dot.matches(" -> ").count(), 81);
    let pv: Vec<&str> = json["principal_variation"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap())
        .collect();
    assert!(
        text.contains(&format!("principal variation: {}", pv.join(", "))),
        "{text}"
    );
    // Too large a tree is refused before it is built.
    arena()
        .args(["analyze", "--game", "tictactoe", "--option", "players=3"])
        .args(["--depth", "9", "--max-nodes", "1000"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("more than 1000 positions"));

    // A recorded game of three seats, before its third move.
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("r");
    arena()
        .args([
            "tournament",
            "builtin:random",
            "builtin:greedy",
            "builtin:maxn",
        ])
        .args([
            "--game",
            "tictactoe",
            "--option",
            "players=3",
            "--quiet",
            "--out",
        ])
        .arg(&dir)
        .assert()
        .success();
    let text = stdout(
        arena()
            .arg("analyze")
            .arg(&dir)
            .args(["1", "--move", "3", "--depth", "1"]),
    );
    assert!(text.contains("before move 3, where seat 3 ("), "{text}");
    assert!(text.contains("by seat (seat 3 to move"), "{text}");
    arena()
        .arg("analyze")
        .arg(&dir)
        .args(["1", "--move", "99"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--move 99: game 1 has"));
    arena()
        .arg("analyze")
        .arg(&dir)
        .args(["1", "--move", "2", "--game", "kalah"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("brings its own"));
}
