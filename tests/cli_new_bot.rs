//! `arena new-bot`: a folder for every language and game, and the ones whose toolchain
//! is installed here build into a bot that passes `arena check`.

use std::path::Path;
use std::process::Command as Process;

use assert_cmd::Command;
use predicates::prelude::*;

const LANGS: [&str; 6] = ["rust", "c", "cpp", "zig", "assemblyscript", "wat"];

fn arena() -> Command {
    let mut cmd = Command::cargo_bin("arena").expect("the arena binary is built");
    cmd.env("NO_COLOR", "1");
    cmd
}

fn games() -> Vec<&'static str> {
    arena_games::games().iter().map(|g| g.info().name).collect()
}

fn new_bot(dir: &Path, lang: &str, game: &str, name: &str) -> assert_cmd::assert::Assert {
    arena()
        .current_dir(dir)
        .args(["new-bot", "--lang", lang, "--game", game, name])
        .assert()
}

#[test]
fn every_language_and_game_gets_a_folder_or_a_reason() {
    let tmp = tempfile::tempdir().unwrap();
    for lang in LANGS {
        for game in games() {
            let name = format!("{lang}_{game}");
            let a = new_bot(tmp.path(), lang, game, &name);
            if lang == "rust" || game == "mathtricks" {
                a.success();
                let dir = tmp.path().join(&name);
                let readme = std::fs::read_to_string(dir.join("README.md")).unwrap();
                assert!(
                    readme.contains(&format!("docs/games/{game}.md")),
                    "{readme}"
                );
                if lang != "wat" {
                    let build = std::fs::read_to_string(dir.join("build.sh")).unwrap();
                    assert!(build.contains(&format!("{name}.wasm")), "{build}");
                }
            } else {
                a.code(2).stderr(predicate::str::contains("--lang rust"));
                assert!(!tmp.path().join(&name).exists());
            }
        }
    }
}

#[test]
fn bad_names_and_existing_folders_are_refused() {
    let tmp = tempfile::tempdir().unwrap();
    new_bot(tmp.path(), "c", "mathtricks", "9lives")
        .code(2)
        .stderr(predicate::str::contains("starting with a letter"));
    new_bot(tmp.path(), "c", "mathtricks", "mine").success();
    new_bot(tmp.path(), "c", "mathtricks", "mine")
        .code(2)
        .stderr(predicate::str::contains("already exists"));
    new_bot(tmp.path(), "c", "chess", "x")
        .code(2)
        .stderr(predicate::str::contains("chess"));
}

fn has(cmd: &str, args: &[&str]) -> bool {
    Process::new(cmd)
        .args(args)
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Builds the folder with its build.sh and checks the bot for `game`.
fn builds_and_passes_check(dir: &Path, name: &str, game: &str) {
    let status = Process::new("bash")
        .arg(dir.join(name).join("build.sh"))
        .env("CARGO_TARGET_DIR", dir.join("target"))
        .status()
        .unwrap();
    assert!(status.success(), "{name}: build.sh failed");
    arena()
        .arg("check")
        .arg(dir.join(name).join(format!("{name}.wasm")))
        .args(["--game", game, "--games", "3"])
        .assert()
        .success()
        .stdout(predicate::str::contains("verdict: READY"));
}

#[test]
fn the_installed_toolchains_build_bots_that_pass_check() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    new_bot(dir, "wat", "mathtricks", "w").success();
    arena()
        .arg("check")
        .arg(dir.join("w/w.wat"))
        .assert()
        .success();
    if has("clang", &["--version"]) {
        new_bot(dir, "c", "mathtricks", "c_bot").success();
        builds_and_passes_check(dir, "c_bot", "mathtricks");
    }
    if has("clang++", &["--version"]) {
        new_bot(dir, "cpp", "mathtricks", "cpp_bot").success();
        builds_and_passes_check(dir, "cpp_bot", "mathtricks");
    }
    if has("python3", &["-m", "ziglang", "version"]) {
        new_bot(dir, "zig", "mathtricks", "zig_bot").success();
        builds_and_passes_check(dir, "zig_bot", "mathtricks");
    }
    let wasm_target = Process::new("rustup")
        .args(["target", "list", "--installed"])
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).contains("wasm32-unknown-unknown"));
    if wasm_target {
        // A game other than MathTricks: the generic template.
        new_bot(dir, "rust", "nim", "rust_bot").success();
        builds_and_passes_check(dir, "rust_bot", "nim");
    }
}
