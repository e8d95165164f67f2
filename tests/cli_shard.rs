//! A tournament split across machines: `--shard I/N` plays a deterministic part of the
//! schedule, `arena merge` combines the parts into a folder whose every file equals a
//! single-machine run's, byte for byte.

mod common;

use std::fs;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use predicates::prelude::*;

fn arena(dir: &Path) -> Command {
    let mut cmd = Command::cargo_bin("arena").expect("the arena binary is built");
    cmd.current_dir(dir).env("NO_COLOR", "1").env(
        "ARENA_CACHE_DIR",
        concat!(env!("CARGO_TARGET_TMPDIR"), "/arena-cache"),
    );
    cmd
}

fn hostile(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/hostile")
        .join(name)
}

/// A field of WAT modules (one faults every move) with a roster and bands.
fn inputs(dir: &Path) {
    let subs = dir.join("subs");
    fs::create_dir_all(&subs).unwrap();
    fs::copy(hostile("first_legal.wat"), subs.join("ana.wat")).unwrap();
    fs::copy(hostile("random.wat"), subs.join("bea.wat")).unwrap();
    fs::copy(hostile("unreachable.wat"), subs.join("bo.wat")).unwrap();
    fs::write(
        dir.join("roster.csv"),
        "file,student_id,name\nana,s1,Ana\nbea,s2,Bea\nbo,s3,Bo\n",
    )
    .unwrap();
    fs::write(
        dir.join("bands.toml"),
        "measure = \"score\"\nbands = [{ grade = \"A\", min = 0.6 }, { grade = \"F\", min = 0.0 }]\n",
    )
    .unwrap();
}

const RUN: &[&str] = &[
    "tournament",
    "subs",
    "builtin:greedy",
    "builtin:alphabeta:2",
    "--rows",
    "5..7",
    "--cols",
    "5..7",
    "--best-of",
    "3",
    "--rounds",
    "2",
    "--seed",
    "21",
    "--roster",
    "roster.csv",
    "--bands",
    "bands.toml",
    "--quiet",
];

/// Plays `run` whole and in three shards (each with its own thread count), merges the
/// parts in another order, and checks every file of the merged folder against the whole.
fn shards_merge_byte_for_byte(dir: &Path, run: &[&str], roster: &str) {
    arena(dir)
        .args(run)
        .args(["--out", "whole"])
        .assert()
        .success();
    for i in 1..=3 {
        let shard = format!("{i}/3");
        let out = format!("part{i}");
        let threads = i.to_string();
        arena(dir)
            .args(run)
            .args(["--shard", &shard, "--out", &out, "--threads", &threads])
            .assert()
            .success();
        // A part holds its games and replays, no standings.
        assert!(dir.join(&out).join("games.csv").is_file());
        assert!(!dir.join(&out).join("standings.csv").exists());
    }
    // Parts in any order.
    arena(dir)
        .args(["merge", "part3", "part1", "part2", "--out", "merged"])
        .args(["--roster", roster, "--bands", "bands.toml"])
        .assert()
        .success()
        .stdout(predicate::str::contains("3 shards"));
    let whole = common::files(&dir.join("whole"));
    let merged = common::files(&dir.join("merged"));
    assert_eq!(
        whole.keys().collect::<Vec<_>>(),
        merged.keys().collect::<Vec<_>>()
    );
    for (name, bytes) in &whole {
        assert!(merged[name] == *bytes, "{name} differs");
    }
    assert!(whole.contains_key("grades.csv"));
}

#[test]
fn three_shards_merge_into_the_single_machine_run_byte_for_byte() {
    let tmp = tempfile::tempdir().unwrap();
    inputs(tmp.path());
    shards_merge_byte_for_byte(tmp.path(), RUN, "roster.csv");
}

/// The same for a game of three seats with roles and teams: pursuit, two pursuers as a
/// team, the example pursuer and evader modules as two students' submissions.
#[test]
fn a_table_tournament_splits_and_merges_byte_for_byte() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    inputs(dir);
    let subs = dir.join("tables");
    fs::create_dir_all(&subs).unwrap();
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("bots/games");
    fs::copy(examples.join("pursuer.wasm"), subs.join("ana.wasm")).unwrap();
    fs::copy(examples.join("evader.wasm"), subs.join("bo.wasm")).unwrap();
    fs::write(
        dir.join("roster_tables.csv"),
        "file,student_id,name\nana,s1,Ana\nbo,s2,Bo\n",
    )
    .unwrap();
    let run = [
        "tournament",
        "tables",
        "builtin:greedy",
        "builtin:random",
        "--game",
        "pursuit",
        "--option",
        "players=3",
        "--option",
        "team=1",
        "--rounds",
        "2",
        "--seed",
        "5",
        "--roster",
        "roster_tables.csv",
        "--bands",
        "bands.toml",
        "--quiet",
    ];
    shards_merge_byte_for_byte(dir, &run, "roster_tables.csv");
    assert!(common::files(&dir.join("whole")).contains_key("feedback/s1.md"));
}

#[test]
fn merge_refuses_what_is_not_one_whole_set_of_shards() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    inputs(dir);
    for (i, seed) in [(1, "21"), (2, "21"), (2, "22")] {
        let mut args: Vec<&str> = RUN.to_vec();
        let pos = args.iter().position(|a| *a == "21").unwrap();
        args[pos] = seed;
        let shard = format!("{i}/2");
        let out = format!("s{i}_{seed}");
        arena(dir)
            .args(&args)
            .args(["--shard", &shard, "--out", &out])
            .assert()
            .success();
    }
    arena(dir)
        .args(RUN)
        .args(["--out", "whole"])
        .assert()
        .success();
    let merge = |parts: &[&str], out: &str| {
        let mut cmd = arena(dir);
        cmd.arg("merge").args(parts).args(["--out", out]);
        cmd.args(["--roster", "roster.csv", "--bands", "bands.toml"]);
        cmd.assert()
    };
    merge(&["s1_21"], "m1")
        .code(2)
        .stderr(predicate::str::contains("missing 2/2"));
    merge(&["s1_21", "s1_21", "s2_21"], "m2")
        .code(2)
        .stderr(predicate::str::contains("given twice"));
    merge(&["s1_21", "s2_22"], "m3")
        .code(2)
        .stderr(predicate::str::contains("different tournament"));
    merge(&["s1_21", "whole"], "m4")
        .code(2)
        .stderr(predicate::str::contains("not a shard folder"));
    merge(&["s1_21", "s2_21"], "whole")
        .code(2)
        .stderr(predicate::str::contains("not empty"));
    merge(&["s1_21", "no_such_dir"], "m6")
        .code(2)
        .stderr(predicate::str::contains("no_such_dir: no such folder"));
    merge(&["s1_21", "s2_21"], "m5").success();
    // A shard folder resumes only as the same shard.
    arena(dir)
        .args(RUN)
        .args(["--shard", "2/2", "--out", "s1_21", "--resume"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("shard 1/2 there, shard 2/2 now"));
    for bad in ["0/3", "4/3", "3", "a/b", "1/0"] {
        arena(dir)
            .args(RUN)
            .args(["--shard", bad, "--out", "x"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("is not a shard"));
    }
}
