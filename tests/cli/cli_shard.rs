//! A tournament split across machines: `--shard I/N` plays a deterministic part of the
//! schedule, `arena merge` combines the parts into a folder whose every file equals a
//! single-machine run's, byte for byte.

use crate::common::{self, arena_in as arena, hostile};

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use arena::output::replay_store::Store;

use predicates::prelude::*;

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
    // Parts in any order. The shards recorded the roster and bands they were run with:
    // the merge grades with them without being given them again.
    let _ = roster;
    arena(dir)
        .args(["merge", "part3", "part1", "part2", "--out", "merged"])
        .assert()
        .success()
        .stdout(predicate::str::contains("3 shards"))
        .stderr(
            predicate::str::contains("student ids kept from the roster the shards").and(
                predicate::str::contains("grades given with the bands the shards"),
            ),
        );
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
    assert!(
        String::from_utf8_lossy(&whole["tournament.json"]).contains("\"grading\""),
        "the run records its grading inputs"
    );
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
    let examples = common::root().join("bots/games/pursuit");
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
    // The difference names each value's folder.
    merge(&["s1_21", "s2_22"], "m3").code(2).stderr(
        predicate::str::contains("s2_22 is a shard of a different tournament").and(
            predicate::str::contains("`seed` is 22 in s2_22, 21 in s1_21"),
        ),
    );
    merge(&["s1_21", "whole"], "m4")
        .code(2)
        .stderr(predicate::str::contains("not a shard folder"));
    merge(&["s1_21", "s2_21"], "whole")
        .code(2)
        .stderr(predicate::str::contains("not empty"));
    merge(&["s1_21", "no_such_dir"], "m6")
        .code(2)
        .stderr(predicate::str::contains("no_such_dir: no such folder"));
    merge(&["s1_21", "s2_21/games.csv"], "m6")
        .code(2)
        .stderr(predicate::str::contains("s2_21/games.csv: not a folder"));
    // A row given twice in a shard is named in the shard, not in the merge's staging.
    fs::create_dir_all(dir.join("s2_twice/replays")).unwrap();
    for name in ["tournament.json", "replays/replays.txt"] {
        fs::copy(
            dir.join("s2_21").join(name),
            dir.join("s2_twice").join(name),
        )
        .unwrap();
    }
    let rows = fs::read_to_string(dir.join("s2_21/games.csv")).unwrap();
    let second = rows.lines().nth(1).unwrap();
    fs::write(dir.join("s2_twice/games.csv"), format!("{rows}{second}\n")).unwrap();
    merge(&["s1_21", "s2_twice"], "m7").code(2).stderr(
        predicate::str::contains("s2_twice/games.csv")
            .and(predicate::str::contains("recorded twice"))
            .and(predicate::str::contains(".arena-merge").not()),
    );
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

/// Shards graded with different rosters (or one without any) are refused by a merge that
/// is not told which to grade with, naming both; given the roster, it grades with it.
#[test]
fn merge_refuses_shards_graded_differently_unless_told_which() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    inputs(dir);
    fs::write(
        dir.join("roster2.csv"),
        "file,student_id,name\nana,s1,Ana\nbea,s2,Bea\nbo,s9,Bo\n",
    )
    .unwrap();
    let shard = |i: u32, roster: Option<&str>, out: &str| {
        let mut args: Vec<&str> = RUN
            .iter()
            .copied()
            .filter(|a| !["--roster", "roster.csv", "--bands", "bands.toml"].contains(a))
            .collect();
        if let Some(roster) = roster {
            args.extend(["--roster", roster, "--bands", "bands.toml"]);
        }
        let part = format!("{i}/2");
        arena(dir)
            .args(&args)
            .args(["--shard", &part, "--out", out])
            .assert()
            .success();
    };
    shard(1, Some("roster.csv"), "a1");
    shard(2, Some("roster2.csv"), "a2");
    shard(2, None, "b2");
    let merge = |parts: &[&str], out: &str, flags: &[&str]| {
        let mut cmd = arena(dir);
        cmd.arg("merge")
            .args(parts)
            .args(["--out", out])
            .args(flags);
        cmd.assert()
    };
    merge(&["a1", "a2"], "m1", &[]).code(2).stderr(
        predicate::str::contains("a2 was graded with another roster than a1 (sha256 ")
            .and(predicate::str::contains("(--roster)")),
    );
    merge(&["a1", "b2"], "m2", &[])
        .code(2)
        .stderr(predicate::str::contains(
            "b2 was graded with another roster than a1 (none in b2",
        ));
    assert!(!dir.join("m1").exists() && !dir.join("m2").exists());
    merge(&["a1", "a2"], "m3", &["--roster", "roster2.csv"]).success();
    let grades = fs::read_to_string(dir.join("m3/grades.csv")).unwrap();
    assert!(grades.contains("s9,Bo"), "{grades}");
    // And `arena report` on the merged folder keeps what the merge graded with.
    arena(dir)
        .args(["report", "m3"])
        .assert()
        .success()
        .stderr(predicate::str::contains("grades given with the bands"));
    assert_eq!(
        fs::read_to_string(dir.join("m3/grades.csv")).unwrap(),
        grades
    );
}

/// A quick two-seat field of builtins, and a three-seat tic-tac-toe one.
const QUICK: &[&str] = &[
    "tournament",
    "builtin:random",
    "builtin:greedy",
    "builtin:alphabeta:2",
    "--best-of",
    "3",
    "--seed",
    "3",
    "--quiet",
];
const QUICK_TABLE: &[&str] = &[
    "tournament",
    "builtin:random",
    "builtin:greedy",
    "builtin:maxn",
    "--game",
    "tictactoe",
    "--option",
    "players=3",
    "--rounds",
    "2",
    "--seed",
    "4",
    "--quiet",
];

/// Plays `run` whole into `{name}` and in two shards into `{name}1`, `{name}2`.
fn whole_and_halves(dir: &Path, run: &[&str], name: &str) {
    arena(dir)
        .args(run)
        .args(["--out", name])
        .assert()
        .success();
    for i in 1..=2 {
        let (shard, out) = (format!("{i}/2"), format!("{name}{i}"));
        arena(dir)
            .args(run)
            .args(["--shard", &shard, "--out", &out])
            .assert()
            .success();
    }
}

fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to.join("replays")).unwrap();
    for name in ["tournament.json", "games.csv", "replays/replays.txt"] {
        fs::copy(from.join(name), to.join(name)).unwrap();
    }
}

/// Changes `column` of game `game`'s row in `dir/games.csv` (cells hold no commas here).
fn edit_row(dir: &Path, game: u64, column: &str, change: impl Fn(&str) -> String) {
    let file = dir.join("games.csv");
    let text = fs::read_to_string(&file).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let c = lines[0].split(',').position(|h| h == column).unwrap();
    let at = lines
        .iter()
        .position(|l| l.split(',').next() == Some(&game.to_string()))
        .unwrap();
    let mut cells: Vec<String> = lines[at].split(',').map(str::to_string).collect();
    cells[c] = change(&cells[c]);
    lines[at] = cells.join(",");
    fs::write(&file, lines.join("\n") + "\n").unwrap();
}

/// Rewrites the replay store of `dir` after `change`, every checksum recomputed (damage
/// the checksums cannot see).
fn edit_store(dir: &Path, change: impl FnOnce(&mut BTreeMap<u64, String>)) {
    let file = dir.join("replays/replays.txt");
    let stored = Store::open_file(&file).unwrap();
    let mut records: BTreeMap<u64, String> = stored
        .ids()
        .map(|id| (id, stored.text(id).unwrap().unwrap()))
        .collect();
    drop(stored);
    change(&mut records);
    let mut store = Store::default();
    for (id, text) in records {
        store.insert(id, text);
    }
    store.write(dir).unwrap();
}

/// Replaces the line of `text` starting with `key ` by `key value`.
fn set_line(text: &str, key: &str, value: &str) -> String {
    let prefix = format!("{key} ");
    text.lines()
        .map(|l| {
            if l.starts_with(&prefix) {
                format!("{prefix}{value}\n")
            } else {
                format!("{l}\n")
            }
        })
        .collect()
}

fn merge(dir: &Path, parts: &[&str], out: &str) -> assert_cmd::assert::Assert {
    arena(dir)
        .arg("merge")
        .args(parts)
        .args(["--out", out])
        .assert()
}

#[test]
fn merge_refuses_a_shard_whose_rows_and_replays_disagree() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    whole_and_halves(dir, QUICK, "s");
    // A row's score changed: the replay still has the game's.
    copy_dir(&dir.join("s1"), &dir.join("t1"));
    edit_row(&dir.join("t1"), 1, "seat1_score", |v| {
        (v.parse::<i64>().unwrap() + 500).to_string()
    });
    merge(dir, &["t1", "s2"], "m1")
        .code(2)
        .stderr(predicate::str::contains(
            "t1: game 1: games.csv and the game's replay disagree: seat1_score",
        ));
    assert!(!dir.join("m1").exists(), "nothing written");
    // A replay's result changed (the row still has the game's).
    copy_dir(&dir.join("s1"), &dir.join("t2"));
    edit_store(&dir.join("t2"), |r| {
        let text = &r[&1];
        let flipped = if text.contains("\nresult 1-0\n") {
            "0-1"
        } else {
            "1-0"
        };
        r.insert(1, set_line(text, "result", flipped));
    });
    merge(dir, &["t2", "s2"], "m2")
        .code(2)
        .stderr(predicate::str::contains("t2: game 1").and(predicate::str::contains("_rank")));
    // Two replays swapped under each other's header: the store refuses it.
    copy_dir(&dir.join("s1"), &dir.join("t3"));
    edit_store(&dir.join("t3"), |r| {
        let (one, two) = (r[&1].clone(), r[&2].clone());
        r.insert(1, two);
        r.insert(2, one);
    });
    let swapped = "replays.txt: at byte 16: the record of game 1 holds the replay of game `2`";
    merge(dir, &["t3", "s2"], "m3")
        .code(2)
        .stderr(predicate::str::contains(swapped));
    arena(dir)
        .args(["replay", "t3", "1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(swapped));
    // Swapped with their game ids too: the rows tell.
    copy_dir(&dir.join("s1"), &dir.join("t4"));
    edit_store(&dir.join("t4"), |r| {
        let (one, two) = (r[&1].clone(), r[&2].clone());
        r.insert(1, set_line(&two, "game_id", "1"));
        r.insert(2, set_line(&one, "game_id", "2"));
    });
    merge(dir, &["t4", "s2"], "m4")
        .code(2)
        .stderr(predicate::str::contains(
            "t4: game 1: games.csv and the game's replay disagree: board_seed",
        ));
    // The honest shards still merge into the single run.
    merge(dir, &["s2", "s1"], "m5").success();
    assert!(common::files(&dir.join("m5")) == common::files(&dir.join("s")));

    // Three seats: a row's score, a replay's rank.
    whole_and_halves(dir, QUICK_TABLE, "x");
    copy_dir(&dir.join("x1"), &dir.join("u1"));
    edit_row(&dir.join("u1"), 2, "seat2_score", |_| "7".into());
    merge(dir, &["u1", "x2"], "n1")
        .code(2)
        .stderr(predicate::str::contains(
            "u1: game 2: games.csv and the game's replay disagree: seat2_score: games.csv has `7`",
        ));
    assert!(!dir.join("n1").exists(), "nothing written");
    copy_dir(&dir.join("x1"), &dir.join("u2"));
    edit_store(&dir.join("u2"), |r| {
        let text: String = r[&1]
            .lines()
            .map(|l| match l.strip_prefix("result 3 ") {
                Some(rest) => format!("result 3 9{}\n", &rest[rest.find(' ').unwrap()..]),
                None => format!("{l}\n"),
            })
            .collect();
        r.insert(1, text);
    });
    merge(dir, &["x2", "u2"], "n2")
        .code(2)
        .stderr(
            predicate::str::contains("u2: game 1").and(predicate::str::contains(
                "seat3_rank: games.csv has `2`, the replay `9`",
            )),
        );
    merge(dir, &["x2", "x1"], "n3").success();
    assert!(common::files(&dir.join("n3")) == common::files(&dir.join("x")));
}

#[test]
fn merge_with_an_unknown_anchor_writes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    for (run, name) in [(QUICK, "s"), (QUICK_TABLE, "x")] {
        whole_and_halves(dir, run, name);
        let parts = [format!("{name}1"), format!("{name}2")];
        let out = format!("{name}_merged");
        arena(dir)
            .arg("merge")
            .args(&parts)
            .args(["--anchor", "nobody", "--out", &out])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "--anchor `nobody` is not one of the bots: builtin:",
            ));
        assert!(!dir.join(&out).exists(), "{name}: nothing written");
        // The corrected command then runs in the same folder.
        arena(dir)
            .arg("merge")
            .args(&parts)
            .args(["--anchor", "builtin:greedy", "--out", &out])
            .assert()
            .success();
    }
}

/// Removes the last `n` rows of `dir/games.csv`: the shard looks stopped before its end.
fn drop_last_rows(dir: &Path, n: usize) {
    let file = dir.join("games.csv");
    let text = fs::read_to_string(&file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() > n + 1, "{}: too few rows", file.display());
    fs::write(&file, lines[..lines.len() - n].join("\n") + "\n").unwrap();
}

#[test]
fn merge_of_an_unfinished_shard_names_it_and_writes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    for (run, name) in [(QUICK, "s"), (QUICK_TABLE, "x")] {
        whole_and_halves(dir, run, name);
        let parts = [format!("{name}1"), format!("{name}2")];
        let kept = dir.join(format!("{name}_kept"));
        fs::create_dir_all(&kept).unwrap();
        copy_dir(&dir.join(&parts[1]), &kept);
        drop_last_rows(&dir.join(&parts[1]), 1);
        // A missing --out, and one made empty beforehand (a mounted volume): both stay
        // as they were.
        let empty = format!("{name}_empty");
        fs::create_dir_all(dir.join(&empty)).unwrap();
        for out in [format!("{name}_merged"), empty.clone()] {
            merge(dir, &[&parts[0], &parts[1]], &out)
                .code(2)
                .stderr(predicate::str::contains(format!(
                    "{name}2: shard 2/2 has not finished"
                )))
                .stderr(predicate::str::contains("--shard 2/2 --resume"));
            let left: Vec<_> = fs::read_dir(dir.join(&out))
                .map(|d| d.map(|e| e.unwrap().file_name()).collect())
                .unwrap_or_default();
            assert!(left.is_empty(), "{name}: {out} holds {left:?}");
        }
        assert!(!dir.join(format!("{name}_merged")).exists());
        assert!(dir.join(&empty).is_dir());
        // Restored, the same command merges into the same (empty) folder, and leaves no
        // staging folder behind.
        copy_dir(&kept, &dir.join(&parts[1]));
        merge(dir, &[&parts[0], &parts[1]], &empty).success();
        assert!(!dir.join(&empty).join(".arena-merge").exists());
        for file in ["games.csv", "standings.csv", "replays/replays.txt"] {
            assert_eq!(
                fs::read(dir.join(&empty).join(file)).unwrap(),
                fs::read(dir.join(name).join(file)).unwrap(),
                "{name}: {file}"
            );
        }
    }
}

/// A two-seat field of modules and a builtin, every series played whole (no early stop):
/// a result flipped cannot leave a series unfinished.
const MODULES_RUN: &[&str] = &[
    "tournament",
    "subs",
    "builtin:greedy",
    "--rows",
    "5",
    "--cols",
    "5",
    "--rounds",
    "2",
    "--seed",
    "21",
    "--play-all",
    "--quiet",
];

/// A shard forged consistently (a game's result flipped in `games.csv` and in its replay,
/// the store's checksums recomputed) agrees with itself: plain `merge` takes it, and says
/// that it checks only that; `merge --verify MODULES` plays the games again, refuses it
/// naming the game, and writes nothing. Honest shards merge with `--verify`.
#[test]
fn merge_verify_plays_the_shards_again_and_refuses_one_forged_consistently() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    inputs(dir);
    whole_and_halves(dir, MODULES_RUN, "h");
    arena(dir)
        .args(["merge", "h2", "h1", "--out", "honest", "--verify", "subs"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "every game was played again from the modules and reproduced exactly",
        ))
        .stderr(predicate::str::contains("h1: all").and(predicate::str::contains("h2: all")));
    assert!(common::files(&dir.join("honest")) == common::files(&dir.join("h")));

    // The first decisive game of part 1 that ended normally, its ranks and scores
    // turned round.
    copy_dir(&dir.join("h1"), &dir.join("forged"));
    let games = fs::read_to_string(dir.join("forged/games.csv")).unwrap();
    let header: Vec<&str> = games.lines().next().unwrap().split(',').collect();
    let column = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let row: Vec<String> = games
        .lines()
        .skip(1)
        .map(|l| l.split(',').map(str::to_string).collect::<Vec<_>>())
        .find(|cells| {
            cells[column("seat1_rank")] != cells[column("seat2_rank")]
                && cells[column("end")] == "normal"
        })
        .expect("a decisive game that ended normally");
    let game: u64 = row[0].parse().unwrap();
    let flipped = if row[column("seat1_rank")] == "1" {
        "0-1"
    } else {
        "1-0"
    };
    let (first, second) = (
        row[column("seat1_score")].clone(),
        row[column("seat2_score")].clone(),
    );
    let (rank1, rank2) = (
        row[column("seat1_rank")].clone(),
        row[column("seat2_rank")].clone(),
    );
    edit_row(&dir.join("forged"), game, "seat1_rank", |_| rank2.clone());
    edit_row(&dir.join("forged"), game, "seat2_rank", |_| rank1.clone());
    edit_row(&dir.join("forged"), game, "seat1_score", |_| second.clone());
    edit_row(&dir.join("forged"), game, "seat2_score", |_| first.clone());
    edit_store(&dir.join("forged"), |r| {
        let text = set_line(&r[&game], "result", flipped);
        r.insert(
            game,
            set_line(&text, "scores", &format!("{second} {first}")),
        );
    });

    // Plain merge: the shards agree with each other, so it merges, and says what it
    // did not check.
    merge(dir, &["forged", "h2"], "plain")
        .success()
        .stdout(predicate::str::contains(
            "merge checks that the shards agree with each other, not that the games were played as recorded: run `arena verify",
        ).and(predicate::str::contains("or merge with --verify MODULES")));
    assert_ne!(
        fs::read(dir.join("plain/games.csv")).unwrap(),
        fs::read(dir.join("h/games.csv")).unwrap(),
        "the forged result is merged"
    );
    // --verify plays the games again: refused, naming the shard and the game, nothing
    // written.
    arena(dir)
        .args([
            "merge", "forged", "h2", "--out", "checked", "--verify", "subs",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(format!(
            "forged: not merged: game {game} is not reproduced: games.csv, game {game}"
        )));
    assert!(!dir.join("checked").exists(), "nothing written");
    // --threads belongs to --verify.
    arena(dir)
        .args(["merge", "h1", "h2", "--out", "x", "--threads", "2"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--verify"));
}
