//! Results do not depend on the machine's load or the thread count: a bot that is slow
//! per unit of fuel (pointer chasing through memory, `slow_per_fuel.wat`) plays the same
//! games with 1, 2 and 16 worker threads, byte for byte. With 16 threads on a machine of
//! few cores each of its first moves takes many times its CPU time in wall-clock time,
//! far past the 1 s safety net given here; only its CPU time, well under it, counts.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use assert_cmd::Command;

fn snapshot(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                let rel = p.strip_prefix(dir).unwrap().display().to_string();
                out.insert(rel, fs::read(&p).unwrap());
            }
        }
    }
    out
}

#[test]
fn a_slow_per_fuel_bot_plays_the_same_games_at_any_thread_count() {
    let dir = tempfile::tempdir().unwrap();
    let fixture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/hostile/slow_per_fuel.wat"
    );
    let mut runs = Vec::new();
    for threads in ["1", "2", "16"] {
        let out = dir.path().join(format!("t{threads}"));
        Command::cargo_bin("arena")
            .unwrap()
            .env("ARENA_NO_CACHE", "1")
            .args(["tournament", fixture, "builtin:random", "builtin:greedy"])
            .args(["--rows", "5", "--cols", "5", "--best-of", "1", "--paired"])
            .args(["--rounds", "3", "--play-all", "--seed", "3", "--quiet"])
            .args(["--timeout-secs", "1", "--threads", threads, "--out"])
            .arg(&out)
            .assert()
            .success();
        runs.push(snapshot(&out));
    }
    let games = String::from_utf8(runs[0]["games.csv"].clone()).unwrap();
    assert!(!games.contains("timeout"), "{games}");
    assert!(games.lines().count() > 12, "{games}");
    for run in &runs[1..] {
        assert_eq!(
            run.keys().collect::<Vec<_>>(),
            runs[0].keys().collect::<Vec<_>>()
        );
        for (name, bytes) in run {
            assert!(
                bytes == &runs[0][name],
                "{name} differs between thread counts"
            );
        }
    }
}
