//! The replay store through the real binary: a run killed with SIGKILL at any moment
//! resumes to the bytes of an uninterrupted run, with one and with two worker threads;
//! the results folder holds one replay file whatever the number of games; `arena replay`
//! and `--force` read and clear it; a damaged store is named, never a panic.

use crate::common::{self, arena};

use std::fs;
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use assert_cmd::Command;
use predicates::prelude::*;

const ARGS: [&str; 12] = [
    "tournament",
    "builtin:random",
    "builtin:greedy",
    "builtin:alphabeta",
    "--game",
    "nim",
    "--rounds",
    "6",
    "--seed",
    "3",
    "--quiet",
    "--play-all",
];

fn tournament(out: &Path, threads: &str, extra: &[&str]) -> Command {
    let mut cmd = arena();
    cmd.args(ARGS)
        .args(["--threads", threads])
        .args(extra)
        .arg("--out")
        .arg(out);
    cmd
}

/// Starts the run, kills it with SIGKILL once `rows` games are recorded (or when it
/// ends), then resumes it.
fn kill_and_resume(out: &Path, threads: &str, rows: usize) {
    let mut cmd = std::process::Command::new(common::binary());
    cmd.args(ARGS)
        .env("ARENA_CACHE_DIR", common::CACHE_DIR)
        .args(["--threads", threads, "--out"])
        .arg(out)
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    let mut child = cmd.spawn().unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    while Instant::now() < deadline {
        let recorded = fs::read_to_string(out.join("games.csv"))
            .map(|s| s.lines().count())
            .unwrap_or(0);
        if recorded > rows || child.try_wait().unwrap().is_some() {
            break;
        }
        std::thread::sleep(Duration::from_micros(200));
    }
    let _ = child.kill(); // SIGKILL
    let _ = child.wait();
    tournament(out, threads, &["--resume"]).assert().success();
}

#[test]
fn a_run_killed_at_any_moment_resumes_to_the_same_bytes_with_one_or_two_threads() {
    let tmp = tempfile::tempdir().unwrap();
    let full = tmp.path().join("full");
    tournament(&full, "2", &[]).assert().success();
    let expected = common::files(&full);
    // One replay file for every game.
    let replays: Vec<_> = fs::read_dir(full.join("replays")).unwrap().collect();
    assert_eq!(replays.len(), 1);
    let one = tmp.path().join("one-thread");
    tournament(&one, "1", &[]).assert().success();
    assert!(common::files(&one) == expected, "1 and 2 threads differ");
    for (i, (threads, rows)) in [("1", 2), ("2", 5), ("1", 20), ("2", 40), ("2", 0)]
        .into_iter()
        .enumerate()
    {
        let out = tmp.path().join(format!("killed-{i}"));
        kill_and_resume(&out, threads, rows);
        let got = common::files(&out);
        assert!(
            got == expected,
            "killed after {rows} rows with {threads} threads: {:?}",
            got.keys().collect::<Vec<_>>()
        );
    }
}

#[test]
fn replay_reads_the_store_and_a_damaged_store_is_named() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("r");
    tournament(&out, "2", &[]).assert().success();
    arena()
        .args(["replay"])
        .arg(&out)
        .arg("3")
        .assert()
        .success()
        .stdout(predicate::str::contains("game 3 (nim"));
    arena()
        .args(["replay"])
        .arg(&out)
        .arg("99999")
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("has no replay").and(predicate::str::contains("games 1 to")),
        );
    let store = out.join("replays/replays.txt");
    let bytes = fs::read(&store).unwrap();
    fs::write(&store, &bytes[..bytes.len() - 10]).unwrap();
    arena()
        .arg("replay")
        .arg(&out)
        .arg("3")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("replays.txt").and(predicate::str::contains("damaged")));
    arena().arg("verify").arg(&out).assert().code(1).stdout(
        predicate::str::contains("replays/replays.txt, the store")
            .and(predicate::str::contains("cut short")),
    );
    // --force clears the store (and nothing of the user's).
    fs::write(out.join("replays/notes.txt"), "mine").unwrap();
    tournament(&out, "2", &["--force"]).assert().success();
    assert!(out.join("replays/notes.txt").exists());
    assert_eq!(fs::read_dir(out.join("replays")).unwrap().count(), 2);
    arena().arg("verify").arg(&out).assert().success();
}

/// A stray per-game file of the older layout (`replays/gNNNNNNN.txt`) never overrides the
/// store: another game's replay under its name, or another text of its game, is refused
/// by `arena replay` and by `--resume` (which leaves the store as it was); the same text
/// is a leftover that `--resume` removes.
#[test]
fn a_stray_per_game_file_never_overrides_the_store() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("r");
    tournament(&out, "2", &[]).assert().success();
    let store = out.join("replays/replays.txt");
    let before = fs::read(&store).unwrap();
    let records = arena::output::replay_store::Store::open_file(&store).unwrap();
    let record = |id: u64| records.text(id).unwrap().unwrap();
    let legacy = out.join("replays/g0000001.txt");
    let other_text = record(1).replacen("\nend ", "\nmove 0\nend ", 1);
    for (text, error) in [
        (
            record(2),
            "g0000001.txt: at byte 0: the record of game 1 holds the replay of game `2`",
        ),
        (
            other_text,
            "g0000001.txt: at byte 0: game 1 is recorded twice, differently",
        ),
    ] {
        fs::write(&legacy, &text).unwrap();
        arena()
            .arg("replay")
            .arg(&out)
            .arg("1")
            .assert()
            .code(2)
            .stderr(predicate::str::contains(error));
        tournament(&out, "2", &["--resume"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(error));
        assert_eq!(fs::read(&store).unwrap(), before, "the store is unchanged");
        assert!(legacy.exists());
    }
    fs::write(&legacy, record(1)).unwrap();
    arena()
        .arg("replay")
        .arg(&out)
        .arg("1")
        .assert()
        .success()
        .stdout(predicate::str::contains("game 1 (nim"));
    tournament(&out, "2", &["--resume"]).assert().success();
    assert!(!legacy.exists(), "the leftover is removed");
    assert_eq!(fs::read(&store).unwrap(), before);
}

/// A store that is missing, or that lacks one game's record, stops `arena report` and
/// `arena standings` (exit 2, naming the store and the game) instead of a page whose
/// replays all say they cannot be found; the page written before is left as it was.
#[test]
fn a_missing_store_or_record_stops_report_and_standings() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("r");
    tournament(&out, "2", &[]).assert().success();
    let store = out.join("replays/replays.txt");
    let page = fs::read(out.join("report.html")).unwrap();
    let bytes = fs::read(&store).unwrap();

    // One record less: the store stays well formed, game 2 has no replay.
    let records = replay_store_records(&bytes);
    let kept: Vec<u8> = records
        .iter()
        .filter(|(id, _)| *id != 2)
        .flat_map(|(_, r)| r.iter().copied())
        .collect();
    let header_end = bytes.iter().position(|&b| b == b'\n').unwrap() + 1;
    let mut without = bytes[..header_end].to_vec();
    without.extend(kept);
    fs::write(&store, &without).unwrap();
    for command in ["report", "standings"] {
        arena().arg(command).arg(&out).assert().code(2).stderr(
            predicate::str::contains("replays/replays.txt")
                .and(predicate::str::contains("no replay of game 2"))
                .and(predicate::str::contains("damaged")),
        );
    }
    assert_eq!(fs::read(out.join("report.html")).unwrap(), page);

    fs::remove_file(&store).unwrap();
    for command in ["report", "standings"] {
        arena().arg(command).arg(&out).assert().code(2).stderr(
            predicate::str::contains("replays/replays.txt")
                .and(predicate::str::contains("it is missing")),
        );
    }
    assert_eq!(fs::read(out.join("report.html")).unwrap(), page);

    fs::write(&store, &bytes).unwrap();
    arena().arg("report").arg(&out).assert().success();
    assert_eq!(fs::read(out.join("report.html")).unwrap(), page);
}

/// The records of a store's bytes as (game id, the record's bytes with its header).
fn replay_store_records(bytes: &[u8]) -> Vec<(u64, Vec<u8>)> {
    let mut at = bytes.iter().position(|&b| b == b'\n').unwrap() + 1;
    let mut out = Vec::new();
    while at < bytes.len() {
        let eol = at + bytes[at..].iter().position(|&b| b == b'\n').unwrap();
        let header = std::str::from_utf8(&bytes[at..eol]).unwrap();
        let fields: Vec<&str> = header.split(' ').collect();
        let id: u64 = fields[1].parse().unwrap();
        let len: usize = fields[2].parse().unwrap();
        let end = eol + 1 + len;
        out.push((id, bytes[at..end].to_vec()));
        at = end;
    }
    out
}
