//! `arena match --sprt` and a gauntlet's `--sprt`: decisions, determinism across thread
//! counts, the recorded folder and `arena verify`, the paired files, and bad settings.

use crate::common;

use std::fs;

use common::{arena, files, root};
use predicates::prelude::*;
use serde_json::Value;

fn bot(name: &str) -> String {
    common::example_bot(name).display().to_string()
}

/// `arena match A B --sprt ... --json`, parsed.
fn sprt_json(a: &str, b: &str, extra: &[&str]) -> Value {
    let out = arena()
        .args(["match", a, b, "--sprt", "--json"])
        .args(extra)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The check: alpha-beta is found better than greedy within 500 games.
#[test]
fn alphabeta_is_found_better_than_greedy() {
    let v = sprt_json(
        &bot("alphabeta.wasm"),
        &bot("greedy.wasm"),
        &["--elo0", "0", "--elo1", "20"],
    );
    assert_eq!(v["result"]["decision"], "H1", "{v}");
    let games = v["result"]["games"].as_u64().unwrap();
    assert!(games <= 500, "{games} games");
    assert_eq!(v["max_games"], 10_000);
    assert_eq!(v["result"]["counts_kind"], "trinomial");
    assert!(v["result"]["llr"].as_f64().unwrap() >= v["sprt"]["bounds"][1].as_f64().unwrap());
    // The plain text says the same.
    arena()
        .args(["match", &bot("alphabeta.wasm"), &bot("greedy.wasm")])
        .args(["--sprt", "--elo0", "0", "--elo1", "20"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(format!(
            "H1 after {games} games"
        )));
}

/// Two bots that make the same moves: every board pair scores exactly 1 (zero variance),
/// which never accepts H1.
#[test]
fn bots_that_make_the_same_moves_end_with_h0_or_the_cap() {
    let v = sprt_json(
        &bot("greedy.wasm"),
        &bot("c_greedy.wasm"),
        &["--paired", "--elo0", "0", "--elo1", "20", "--games", "400"],
    );
    let r = &v["result"];
    assert_eq!(r["counts_kind"], "pentanomial");
    assert_eq!(r["zero_variance"], true, "{v}");
    let counts: Vec<u64> = r["counts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap())
        .collect();
    assert_eq!((counts[0], counts[1], counts[3], counts[4]), (0, 0, 0, 0));
    assert!(matches!(r["decision"].as_str(), Some("H0" | "cap")), "{v}");
    // Shown on the same terms in words: the cap when there are too few games.
    let v = sprt_json(
        &bot("greedy.wasm"),
        &bot("c_greedy.wasm"),
        &["--paired", "--games", "20"],
    );
    assert_eq!(v["result"]["decision"], "cap");
    assert_eq!(v["result"]["games"], 20);
}

/// The same seed gives the same games, files and decision with one thread or two, with
/// or without the pairing.
#[test]
fn the_folder_and_the_decision_do_not_depend_on_threads() {
    let tmp = tempfile::tempdir().unwrap();
    for paired in [false, true] {
        let mut folders = Vec::new();
        for threads in ["1", "2"] {
            let out = tmp.path().join(format!("m{threads}{paired}"));
            let mut cmd = arena();
            cmd.args(["match", &bot("random.wasm"), &bot("first_legal.wasm")])
                .args(["--sprt", "--elo0", "-10", "--elo1", "30", "--seed", "4"])
                .args(["--threads", threads, "--games", "600", "--out"])
                .arg(&out);
            if paired {
                cmd.arg("--paired");
            }
            cmd.assert().success();
            folders.push(files(&out));
        }
        assert_eq!(folders[0], folders[1], "paired {paired}");
        assert!(folders[0].contains_key("sprt.csv"));
    }
}

/// `--out` records the games as a results folder; `arena verify` re-plays them and
/// re-derives the decision, and names an edit of it or of a result; `arena standings`
/// recomputes the same files.
#[test]
fn a_recorded_match_verifies_and_its_decision_is_derived_again() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("match");
    arena()
        .args(["match", &bot("alphabeta.wasm"), &bot("greedy.wasm")])
        .args(["--sprt", "--paired", "--out"])
        .arg(&out)
        .assert()
        .success()
        .stdout(predicate::str::contains("H1 after"));
    let sprt = fs::read_to_string(out.join("sprt.csv")).unwrap();
    assert!(sprt.lines().nth(1).unwrap().contains(",H1,"), "{sprt}");
    let manifest: Value =
        serde_json::from_str(&fs::read_to_string(out.join("tournament.json")).unwrap()).unwrap();
    assert_eq!(manifest["sprt"]["elo1"], 20.0);
    let modules = root().join("bots");
    arena()
        .arg("verify")
        .arg(&out)
        .arg(&modules)
        .assert()
        .success();
    let before = files(&out);
    arena().arg("standings").arg(&out).assert().success();
    let after = files(&out);
    assert_eq!(before.get("sprt.csv"), after.get("sprt.csv"));
    assert_eq!(before.get("games.csv"), after.get("games.csv"));

    // An edited decision is named.
    fs::write(out.join("sprt.csv"), sprt.replace(",H1,", ",H0,")).unwrap();
    arena()
        .arg("verify")
        .arg(&out)
        .arg(&modules)
        .assert()
        .code(1)
        .stdout(predicate::str::contains("sprt.csv"));
    fs::write(out.join("sprt.csv"), &sprt).unwrap();
}

/// A gauntlet under `--sprt` stops each bot's series against the reference once decided;
/// `sprt.csv` has one row per pair.
#[test]
fn a_gauntlet_stops_each_pair_once_decided() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("g");
    arena()
        .args([
            "tournament",
            "builtin:random",
            "builtin:greedy",
            &bot("first_legal.wasm"),
        ])
        .args(["--gauntlet", "builtin:alphabeta:2", "--sprt", "--paired"])
        .args(["--best-of", "1", "--rounds", "400", "--quiet", "--out"])
        .arg(&out)
        .assert()
        .success();
    let sprt = fs::read_to_string(out.join("sprt.csv")).unwrap();
    let rows: Vec<&str> = sprt.lines().skip(1).collect();
    assert_eq!(rows.len(), 3, "{sprt}");
    // A bot that nearly always loses: its interval ends at the clamp, not NaN.
    assert!(!sprt.contains("NaN"), "{sprt}");
    let games = fs::read_to_string(out.join("games.csv")).unwrap();
    // Far fewer than the 3 × 400 × 2 games of the cap.
    assert!(games.lines().count() < 1200, "{}", games.lines().count());
    assert!(
        rows.iter()
            .all(|r| r.contains(",H0,") || r.contains(",H1,")),
        "{sprt}"
    );
    let series = fs::read_to_string(out.join("series.csv")).unwrap();
    assert!(series.lines().next().unwrap().ends_with(",pentanomial"));
    arena()
        .args([
            "tournament",
            "builtin:random",
            "builtin:greedy",
            "--sprt",
            "--out",
        ])
        .arg(tmp.path().join("no"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("needs a --gauntlet"));
}

/// Paired series: series.csv's pentanomial, the ratings' model says board pairs; not
/// paired: games.
#[test]
fn the_files_say_which_model_the_ratings_used() {
    let tmp = tempfile::tempdir().unwrap();
    for (paired, unit) in [(true, "board_pairs"), (false, "games")] {
        let out = tmp.path().join(unit);
        let mut cmd = arena();
        cmd.args([
            "tournament",
            "builtin:random",
            "builtin:greedy",
            "builtin:alphabeta:1",
        ])
        .args(["--rounds", "2", "--quiet", "--out"])
        .arg(&out);
        if paired {
            cmd.arg("--paired");
        }
        cmd.assert().success();
        let model = fs::read_to_string(out.join("ratings_model.csv")).unwrap();
        assert!(model.contains(&format!("resampled,{unit},,")), "{model}");
        let standings: Value =
            serde_json::from_str(&fs::read_to_string(out.join("standings.json")).unwrap()).unwrap();
        assert_eq!(standings["ratings_resampled"], unit);
        let series = fs::read_to_string(out.join("series.csv")).unwrap();
        for line in series.lines().skip(1) {
            let last = line.rsplit(',').next().unwrap();
            if paired {
                let counts: Vec<u64> = last.split(' ').map(|c| c.parse().unwrap()).collect();
                let games: u64 = line.split(',').nth(5).unwrap().parse().unwrap();
                assert_eq!(counts.len(), 5);
                assert_eq!(2 * counts.iter().sum::<u64>(), games, "{line}");
            } else {
                assert_eq!(last, "", "{line}");
            }
        }
    }
}

#[test]
fn bad_settings_are_refused_with_a_reason() {
    for (args, says) in [
        (
            &["--elo0", "30", "--elo1", "20"][..],
            "elo0 must be below elo1",
        ),
        (&["--alpha", "0"][..], "alpha and beta"),
        (&["--elo1", "nan"][..], "finite"),
        (&["--paired", "--games", "1"][..], "at least 2"),
    ] {
        arena()
            .args(["match", "builtin:greedy", "builtin:random", "--sprt"])
            .args(args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(says));
    }
    // The test's flags need --sprt.
    arena()
        .args(["match", "builtin:greedy", "builtin:random", "--paired"])
        .assert()
        .code(2);
    let tmp = tempfile::tempdir().unwrap();
    fs::write(tmp.path().join("x"), "").unwrap();
    arena()
        .args([
            "match",
            "builtin:greedy",
            "builtin:random",
            "--sprt",
            "--out",
        ])
        .arg(tmp.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not empty"));
}
