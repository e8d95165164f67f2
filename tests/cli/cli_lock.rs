//! The results folder's lock through the real binary: while a folder is locked (here by
//! the test process itself, which takes the same `flock` as arena does), every command
//! that writes it — two-seat and table tournaments, `--resume`, `--force`, `--shard`,
//! `standings`, `report`, `merge --out` — fails at once with exit 2, naming the folder,
//! and changes nothing; read-only commands still work; a normal run leaves no lock file
//! behind, and a run killed with SIGKILL leaves no lock: `--resume` then just works.

use crate::common::{self, arena_in as arena};

use std::fs;
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use arena::output::folder_lock::{FolderLock, FILE};

/// A small two-seat tournament between builtins; `--out` and more come after.
const NIM: [&str; 9] = [
    "tournament",
    "builtin:random",
    "builtin:greedy",
    "builtin:alphabeta",
    "--game",
    "nim",
    "--seed",
    "3",
    "--quiet",
];

/// A small table tournament (tic-tac-toe for three) between builtins, then `extra`.
fn table<'a>(extra: &[&'a str]) -> Vec<&'a str> {
    let field = [
        "tournament",
        "builtin:random",
        "builtin:greedy",
        "builtin:maxn:2",
    ];
    [
        &field[..],
        &common::TICTACTOE3,
        &["--seed", "9", "--quiet"],
        extra,
    ]
    .concat()
}

/// Runs `args` while the test holds `locked`'s lock and checks it is refused as a second
/// writer: exit 2, one line naming the folder, and the folder's files left as they were.
fn refused(dir: &Path, locked: &str, args: &[&str]) {
    let folder = dir.join(locked);
    let before = fs::exists(&folder).unwrap().then(|| common::files(&folder));
    let lock = FolderLock::acquire(&folder).unwrap();
    let run = arena(dir).args(args).output().unwrap();
    let stderr = String::from_utf8(run.stderr).unwrap();
    assert_eq!(run.status.code(), Some(2), "{args:?}: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    assert!(
        stderr.contains(&format!(
            "{locked}: another arena process is writing this results folder"
        )),
        "{args:?}: {stderr}"
    );
    drop(lock);
    if let Some(before) = before {
        assert_eq!(common::files(&folder), before, "{args:?}");
    } else {
        assert_eq!(fs::read_dir(&folder).unwrap().count(), 0, "{args:?}");
    }
}

#[test]
fn every_writer_of_a_locked_folder_is_refused_at_once() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    arena(dir)
        .args(NIM)
        .args(["--out", "two"])
        .assert()
        .success();
    arena(dir)
        .args(table(&["--out", "table"]))
        .assert()
        .success();
    for shard in ["1/2", "2/2"] {
        let out = format!("s{}", &shard[..1]);
        arena(dir)
            .args(NIM)
            .args(["--shard", shard, "--out", &out])
            .assert()
            .success();
    }
    // A normal run leaves no lock file behind.
    for folder in ["two", "table", "s1", "s2"] {
        assert!(!dir.join(folder).join(FILE).exists(), "{folder}");
    }
    fn nim<'a>(extra: &[&'a str]) -> Vec<&'a str> {
        [&NIM[..], extra].concat()
    }
    refused(dir, "fresh", &nim(&["--out", "fresh"]));
    refused(dir, "two", &nim(&["--out", "two", "--resume"]));
    refused(dir, "two", &nim(&["--out", "two", "--force"]));
    refused(
        dir,
        "s1",
        &nim(&["--shard", "1/2", "--out", "s1", "--resume"]),
    );
    refused(dir, "table", &table(&["--out", "table", "--resume"]));
    refused(dir, "table", &table(&["--out", "table", "--force"]));
    refused(dir, "fresh", &table(&["--out", "fresh"]));
    for results in ["two", "table"] {
        refused(dir, results, &["report", results]);
        refused(dir, results, &["standings", results]);
    }
    refused(dir, "merged", &["merge", "s1", "s2", "--out", "merged"]);
    assert!(!dir.join("merged").exists() || fs::read_dir(dir.join("merged")).unwrap().count() == 0);

    // Read-only commands take no lock.
    let _lock = FolderLock::acquire(&dir.join("two")).unwrap();
    arena(dir).args(["replay", "two", "1"]).assert().success();
    arena(dir).args(["verify", "two"]).assert().success();
}

#[test]
fn the_lock_is_released_after_each_writer() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    for args in [
        &[&NIM[..], &["--out", "two"]].concat()[..],
        &[&NIM[..], &["--out", "two", "--resume"]].concat(),
        &[&NIM[..], &["--out", "two", "--force"]].concat(),
        &["report", "two"],
        &["standings", "two"],
        &table(&["--out", "table"]),
        &["report", "table"],
        &[&NIM[..], &["--shard", "1/2", "--out", "s1"]].concat(),
        &[&NIM[..], &["--shard", "2/2", "--out", "s2"]].concat(),
        &["merge", "s1", "s2", "--out", "merged"],
    ] {
        arena(dir).args(args).assert().success();
    }
    for folder in ["two", "table", "s1", "s2", "merged"] {
        assert!(!dir.join(folder).join(FILE).exists(), "{folder}");
        // Nobody holds it: the next writer gets it.
        drop(FolderLock::acquire(&dir.join(folder)).unwrap());
    }
    // The merged folder is the single-machine run's, byte for byte.
    arena(dir)
        .args(NIM)
        .args(["--out", "whole"])
        .assert()
        .success();
    assert_eq!(
        common::files(&dir.join("merged")),
        common::files(&dir.join("whole"))
    );
}

/// A long run (by its size, not by any clock) killed with SIGKILL once its lock file is
/// there: the kernel has released the lock, so `--resume` runs, and ends with the files
/// of an uninterrupted run (the left lock file taken over and removed).
#[test]
fn a_killed_run_leaves_no_lock_and_resumes() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let args = [
        "tournament",
        "builtin:random",
        "builtin:greedy",
        "builtin:alphabeta:2",
        "builtin:alphabeta:3",
        "--rounds",
        "60",
        "--seed",
        "5",
        "--threads",
        "1",
        "--quiet",
        "--out",
    ];
    let killed = dir.join("killed");
    let mut child = std::process::Command::new(common::binary())
        .current_dir(dir)
        .env("ARENA_CACHE_DIR", common::CACHE_DIR)
        .args(args)
        .arg(&killed)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Waits for recorded games, so for the lock file (or for the end of the run, which
    // only makes the test weaker, never wrong); the deadline guards against a hang.
    let deadline = Instant::now() + Duration::from_secs(120);
    let recorded = || fs::read_to_string(killed.join("games.csv")).map_or(0, |s| s.lines().count());
    while Instant::now() < deadline && recorded() < 3 && child.try_wait().unwrap().is_none() {
        std::thread::sleep(Duration::from_millis(5));
    }
    let _ = child.kill(); // SIGKILL
    child.wait().unwrap();
    // Killed or finished, nobody holds the folder now.
    let left = killed.join(FILE).exists();
    drop(FolderLock::acquire(&killed).unwrap());
    assert!(left || child_finished_first(&killed));
    fs::write(killed.join(FILE), "").unwrap(); // as a kill leaves it
    arena(dir)
        .args(args)
        .arg("killed")
        .arg("--resume")
        .assert()
        .success();
    assert!(!killed.join(FILE).exists());
    arena(dir).args(args).arg("whole").assert().success();
    assert!(common::files(&killed) == common::files(&dir.join("whole")));
}

/// Whether the run ended before it was killed: then it removed its lock file itself.
fn child_finished_first(dir: &Path) -> bool {
    dir.join("report.html").exists()
}
