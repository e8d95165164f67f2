//! A builtin whose search could not finish a move on the tournament's boards is refused
//! before any game is played, with the reason and what would fit (docs/TOURNAMENT.md,
//! "Searches that would not finish"), and the run exits non-zero instead of hanging.

use crate::common;

use std::path::Path;

use assert_cmd::Command;
use common::arena;
use predicates::prelude::*;

/// `arena tournament` of builtins with `args`, its results in `out`.
fn tournament(out: &Path, bots: &[&str], args: &[&str]) -> Command {
    let mut cmd = arena();
    cmd.arg("tournament")
        .args(bots)
        .args(args)
        .arg("--out")
        .arg(out);
    cmd
}

#[test]
fn three_player_queen_maxn_on_64x64_is_refused_at_once() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("queen");
    tournament(
        &out,
        &["builtin:random", "builtin:greedy", "builtin:maxn"],
        &["--game", "queen", "--rows", "64", "--cols", "64"],
    )
    .args(["--option", "players=3", "--option", "start=corner"])
    .assert()
    .failure()
    .stderr(predicate::str::contains(
        "builtin:maxn cannot play queen on a 64x64 board at depth 6",
    ))
    .stderr(predicate::str::contains("2^28"))
    .stderr(predicate::str::contains("builtin:maxn:3"))
    .stderr(predicate::str::contains("10x10"))
    .stderr(predicate::str::contains("panicked").not());
    assert!(!out.join("games").exists(), "no game was played");
}

#[test]
fn a_size_range_is_refused_by_its_largest_board_and_a_fitting_depth_plays() {
    let tmp = tempfile::tempdir().unwrap();
    // Pursuit's deepest search on boards up to 64 × 64: refused, naming the largest.
    tournament(
        &tmp.path().join("deep"),
        &["builtin:random", "builtin:maxn:8"],
        &["--game", "pursuit", "--rows", "8..64", "--cols", "8..64"],
    )
    .assert()
    .failure()
    .stderr(predicate::str::contains("builtin:maxn cannot play pursuit"))
    .stderr(predicate::str::contains("at depth 8"));
    // The default depth plays as before.
    tournament(
        &tmp.path().join("default"),
        &["builtin:random", "builtin:maxn"],
        &[
            "--game", "pursuit", "--rounds", "1", "--seed", "3", "--quiet",
        ],
    )
    .assert()
    .success();
}
