//! Helpers shared by every integration test binary (`tests/cli`, `tests/runtime`,
//! `tests/output`, `tests/docs`), each of which includes this folder as `mod common`:
//! the binary under test, the repository's paths, results folders as bytes, and the
//! boards and games the tests share. A helper used by more than one test file lives here,
//! not in a copy.
#![allow(dead_code)]

pub mod boards;

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The module cache every test run of the binary shares (under the target folder, never
/// the user's cache), so that a module is compiled once for the whole suite.
pub const CACHE_DIR: &str = concat!(env!("CARGO_TARGET_TMPDIR"), "/arena-cache");

/// The repository's root (`CARGO_MANIFEST_DIR`).
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `tests/fixtures/PATH`: a fixture file or folder.
pub fn fixture(path: &str) -> PathBuf {
    root().join("tests/fixtures").join(path)
}

/// `tests/fixtures/hostile/NAME`: one of the hand-written WAT modules.
pub fn hostile(name: &str) -> PathBuf {
    root().join("tests/fixtures/hostile").join(name)
}

/// `bots/NAME`: a committed example bot (`c_greedy.wasm`, `py_greedy.py`, ...).
pub fn example_bot(name: &str) -> PathBuf {
    root().join("bots").join(name)
}

/// The path of the `arena` binary under test.
pub fn binary() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_arena"))
}

/// The `arena` binary as a plain process (for a test that spawns, signals or waits on
/// it itself): no colours, the tests' module cache.
pub fn arena_process() -> std::process::Command {
    let mut cmd = std::process::Command::new(binary());
    cmd.env("NO_COLOR", "1").env("ARENA_CACHE_DIR", CACHE_DIR);
    cmd
}

/// The `arena` binary run inside `dir`, so that every path it records is relative.
pub fn arena_in(dir: &Path) -> assert_cmd::Command {
    let mut cmd = arena();
    cmd.current_dir(dir);
    cmd
}

/// The `arena` binary, stopped (and the test failed) after `secs` seconds: for the tests
/// whose runs are long enough that a hang must not stall the suite.
pub fn arena_with_timeout(secs: u64) -> assert_cmd::Command {
    let mut cmd = arena();
    cmd.timeout(Duration::from_secs(secs));
    cmd
}

/// A participant of a tournament run through the library: `entrant` under `name` (also
/// its source), no file hash, no reference, no learning-platform student.
pub fn participant(
    name: &str,
    entrant: Box<dyn arena::referee::Entrant>,
) -> arena::field::Participant {
    arena::field::Participant {
        name: name.to_string(),
        source: name.to_string(),
        sha256: String::new(),
        reference: false,
        disqualified: None,
        lms: None,
        entrant,
    }
}

/// Whether a missing external tool (Chromium, Graphviz, clang, a bot toolchain) fails the
/// test that needs it rather than skipping it: under `ARENA_REQUIRE_TOOLCHAINS=1`, which
/// `.ci/run` exports after installing them, or `CI` (any value but empty, `0` or `false`),
/// which CI runners set. Elsewhere such a test is skipped with a note on stderr.
pub fn tools_required() -> bool {
    std::env::var("ARENA_REQUIRE_TOOLCHAINS").as_deref() == Ok("1")
        || std::env::var("CI").is_ok_and(|v| !matches!(v.as_str(), "" | "0" | "false"))
}

/// For a test that needs `tool`, found missing: fails it when [`tools_required`], else
/// says on stderr that it is skipped (`install`: how to get the tool).
pub fn missing_tool(tool: &str, install: &str) {
    assert!(
        !tools_required(),
        "{tool} is missing, and CI or ARENA_REQUIRE_TOOLCHAINS=1 requires it: {install}"
    );
    eprintln!("skipped: {tool} is not installed ({install})");
}

/// What `cmd` wrote on stdout, as text (whatever its exit status).
pub fn stdout_of(cmd: &mut assert_cmd::Command) -> String {
    String::from_utf8(cmd.output().unwrap().stdout).unwrap()
}

/// `relative path -> bytes` of every file under `dir`: two results folders are the same
/// run exactly when these are equal.
pub fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    fn walk(base: &Path, dir: &Path, out: &mut BTreeMap<String, Vec<u8>>) {
        for entry in fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(base, &path, out);
            } else {
                let rel = path
                    .strip_prefix(base)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned();
                out.insert(rel, fs::read(&path).unwrap());
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

/// Tic-tac-toe for three on 4×4 boards, three in a row winning: the small table game the
/// tests play (`--game` and its options, for `tournament`, `play` and the like).
pub const TICTACTOE3: [&str; 10] = [
    "--game",
    "tictactoe",
    "--option",
    "players=3",
    "--rows",
    "4",
    "--cols",
    "4",
    "--option",
    "k=3",
];

/// The `arena` binary under test: no colours, and the tests' shared module cache (so a
/// module is compiled once for the whole suite).
pub fn arena() -> assert_cmd::Command {
    let mut cmd = assert_cmd::Command::new(binary());
    cmd.env("NO_COLOR", "1").env("ARENA_CACHE_DIR", CACHE_DIR);
    cmd
}

/// Puts a folder where the summary file `blocker` of the finished results folder `dir`
/// goes, then checks that `arena standings` fails naming it and leaves no
/// `standings.csv` (written last, as it marks a finished folder), so that `arena verify`
/// says the tournament is not finished.
pub fn a_blocked_summary_leaves_no_standings_csv(dir: &Path, blocker: &str) {
    use predicates::prelude::*;
    fs::remove_file(dir.join("standings.csv")).unwrap();
    fs::remove_file(dir.join(blocker)).unwrap();
    fs::create_dir(dir.join(blocker)).unwrap();
    arena()
        .arg("standings")
        .arg(dir)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(blocker));
    assert!(!dir.join("standings.csv").exists());
    arena()
        .arg("verify")
        .arg(dir)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "no standings.csv: the tournament is not finished",
        ));
}

/// The committed example module `file` of a table game (`tictactoe.wasm`,
/// `pursuer.wasm`, ...), found in its game's folder under `bots/games/`.
pub fn game_example(file: &str) -> PathBuf {
    let games = root().join("bots/games");
    std::fs::read_dir(&games)
        .unwrap()
        .map(|game| game.unwrap().path().join(file))
        .find(|path| path.is_file())
        .unwrap_or_else(|| panic!("no example module {file} under {}", games.display()))
}

/// What a finished `arena` child did: exit code, stderr, and its peak resident size in
/// KiB as the kernel counts it (the child's and its waited-for children's).
// The child is reaped by `wait4` (which also gives its resource usage), not `wait()`.
#[allow(clippy::zombie_processes)]
pub fn run_measured(args: &[&std::ffi::OsStr], cwd: &Path) -> (i32, String, i64) {
    let mut child = std::process::Command::new(binary())
        .args(args)
        .current_dir(cwd)
        .env("NO_COLOR", "1")
        .env("ARENA_CACHE_DIR", CACHE_DIR)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut stderr, &mut s).unwrap();
        s
    });
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value of the plain C struct.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `pid` is this process's own child, not yet waited for; the pointers are to
    // live locals.
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(waited, pid);
    let code = if libc::WIFEXITED(status) {
        libc::WEXITSTATUS(status)
    } else {
        -1
    };
    (code, reader.join().unwrap(), usage.ru_maxrss)
}
