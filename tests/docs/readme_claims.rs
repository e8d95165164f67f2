//! The README's claims a new user acts on: the documents it names are in the clone, and
//! the commands it says take `--game` do (and those it says read the game from the
//! results folder do not).

use crate::common::{self, root};

use assert_cmd::Command;

fn readme() -> String {
    std::fs::read_to_string(root().join("README.md")).unwrap()
}

#[test]
fn every_document_the_readme_names_is_in_the_clone() {
    let text = readme();
    assert!(
        !text.contains("../shared"),
        "README points outside the clone"
    );
    let mut named = 0;
    for quoted in text.split('`').skip(1).step_by(2) {
        if quoted.starts_with("docs/") && quoted.ends_with(".md") {
            named += 1;
            assert!(
                root().join(quoted).is_file(),
                "README names missing {quoted}"
            );
        }
    }
    assert!(named >= 3);
}

fn help_mentions_game(command: &str) -> bool {
    let out = Command::cargo_bin("arena")
        .unwrap()
        .args([command, "--help"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{command} --help");
    String::from_utf8(out.stdout).unwrap().contains("--game")
}

#[test]
fn the_commands_said_to_take_game_do() {
    let text = readme();
    let sentence = text
        .split("The commands that set up or play games (")
        .nth(1)
        .and_then(|r| r.split(')').next())
        .expect("the README's sentence on --game");
    let takes: Vec<&str> = sentence.split('`').skip(1).step_by(2).collect();
    assert!(takes.len() >= 5);
    for command in takes {
        assert!(help_mentions_game(command), "`{command}` has no --game");
    }
    for command in ["standings", "replay", "verify"] {
        assert!(!help_mentions_game(command), "`{command}` has --game");
    }
}

/// The words of a README command line, its glob (`bots/*.wasm`) expanded as a shell
/// would, in the clone's root.
fn expand(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    for word in line.split_whitespace() {
        match word.split_once('*') {
            Some((dir, ext)) => {
                let mut found: Vec<String> = std::fs::read_dir(root().join(dir))
                    .unwrap()
                    .map(|e| e.unwrap().file_name().into_string().unwrap())
                    .filter(|name| name.ends_with(ext))
                    .map(|name| format!("{dir}{name}"))
                    .collect();
                found.sort();
                assert!(!found.is_empty(), "{word} matches nothing");
                words.extend(found);
            }
            None => words.push(word.to_string()),
        }
    }
    words
}

/// Every `arena tournament` line of the README's tour that runs on the clone's own bots
/// runs cleanly: nothing skipped, nobody disqualified (the example modules are laid out so
/// that each line names exactly the bots of its game).
#[test]
fn the_tours_tournament_lines_run_cleanly_on_the_example_bots() {
    let text = readme();
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        // Lines about a class's submissions (a folder or an LMS download) name no files
        // of the clone.
        .filter(|l| l.starts_with("arena tournament ") && !l.contains("submissions"))
        .map(|l| l.split("  #").next().unwrap().trim())
        .collect();
    assert!(lines.len() >= 2, "{lines:?}");
    for line in lines {
        let tmp = tempfile::tempdir().unwrap();
        let mut words = expand(line);
        // Into a folder of the test's own, on fewer boards: what is checked is the intake.
        if let Some(at) = words.iter().position(|w| w == "--out") {
            words.drain(at..at + 2);
        }
        words.retain(|w| w != "arena");
        let out = Command::cargo_bin("arena")
            .unwrap()
            .current_dir(root())
            .env("ARENA_CACHE_DIR", common::CACHE_DIR)
            .args(&words)
            .args(["--rounds", "1", "--quiet", "--out"])
            .arg(tmp.path().join("r"))
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{line}: {stderr}");
        assert!(
            !stderr.contains("skipped") && !stderr.contains("disqualified"),
            "{line}: {stderr}"
        );
    }
}
