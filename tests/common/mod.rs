//! Helpers shared by integration tests (each test binary uses some of them).
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

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
    let mut cmd = assert_cmd::Command::cargo_bin("arena").expect("the arena binary is built");
    cmd.env("NO_COLOR", "1").env(
        "ARENA_CACHE_DIR",
        concat!(env!("CARGO_TARGET_TMPDIR"), "/arena-cache"),
    );
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
#[allow(dead_code)]
pub fn game_example(file: &str) -> std::path::PathBuf {
    let games = Path::new(env!("CARGO_MANIFEST_DIR")).join("bots/games");
    std::fs::read_dir(&games)
        .unwrap()
        .map(|game| game.unwrap().path().join(file))
        .find(|path| path.is_file())
        .unwrap_or_else(|| panic!("no example module {file} under {}", games.display()))
}
