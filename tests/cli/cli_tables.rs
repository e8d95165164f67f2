//! What the terminal tables say: points columns named as points, a legend under the
//! standings and the cross-table, and scores that read unambiguously when negative.

use crate::common::{self, arena};

#[test]
fn the_tables_name_points_and_explain_their_cells() {
    let tmp = tempfile::tempdir().unwrap();
    let out = arena()
        .args([
            "tournament",
            "builtin:random",
            "builtin:greedy",
            "builtin:alphabeta",
            "--rows",
            "5",
            "--cols",
            "5",
            "--seed",
            "3",
            "--out",
        ])
        .arg(tmp.path().join("r"))
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let header = text.lines().next().unwrap();
    assert!(
        header.contains("series pts") && header.contains("game pts"),
        "{header}"
    );
    assert!(
        text.contains("\npts: points, 1 a win and 1/2 a draw"),
        "{text}"
    );
    assert!(
        text.contains("\neach cell: series points/game points"),
        "{text}"
    );
    assert!(!text.contains(" -0 "), "{text}");

    // `arena standings` prints the same table and legend.
    let again = arena()
        .arg("standings")
        .arg(tmp.path().join("r"))
        .output()
        .unwrap();
    let again = String::from_utf8(again.stdout).unwrap();
    assert!(again.starts_with(header), "{again}");
    assert!(again.contains("\npts: points"), "{again}");
}

#[test]
fn check_writes_scores_as_a_to_b() {
    let bot = common::root().join("bots/c_greedy.wasm");
    let out = arena()
        .arg("check")
        .arg(&bot)
        .args(["--games", "6"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let games: Vec<&str> = text
        .lines()
        .filter(|l| l.trim_start().starts_with("game "))
        .collect();
    assert_eq!(games.len(), 6, "{text}");
    for line in games {
        let score = line
            .split("(score ")
            .nth(1)
            .and_then(|r| r.split(')').next())
            .unwrap_or_else(|| panic!("no score in {line}"));
        let (a, b) = score.split_once(" to ").unwrap();
        a.parse::<i64>().unwrap();
        b.parse::<i64>().unwrap();
        assert!(!line.contains("--"), "{line}");
    }
}
