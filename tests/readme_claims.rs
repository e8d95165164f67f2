//! The README's claims a new user acts on: the documents it names are in the clone, and
//! the commands it says take `--game` do (and those it says read the game from the
//! results folder do not).

use std::path::PathBuf;

use assert_cmd::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

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
