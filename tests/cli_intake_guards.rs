//! Intake guards through the real binary: a table tournament refuses an `--anchor` that
//! names no bot before playing.

use std::path::Path;
use std::time::Duration;

use assert_cmd::Command;

fn arena() -> Command {
    let mut cmd = Command::cargo_bin("arena").expect("the arena binary is built");
    cmd.env("NO_COLOR", "1")
        .env(
            "ARENA_CACHE_DIR",
            concat!(env!("CARGO_TARGET_TMPDIR"), "/arena-cache"),
        )
        .timeout(Duration::from_secs(300));
    cmd
}

fn stderr_of(assert: &assert_cmd::assert::Assert) -> String {
    String::from_utf8_lossy(&assert.get_output().stderr).into_owned()
}

/// Exit 2, the run stopped before anything was written: `out` does not exist.
fn refused(cmd: &mut Command, out: &Path) -> String {
    let assert = cmd.assert().code(2);
    assert!(!out.exists(), "{} was created", out.display());
    stderr_of(&assert)
}

#[test]
fn a_table_tournament_refuses_an_anchor_that_names_no_bot_before_playing() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    let mut cmd = arena();
    cmd.args([
        "tournament",
        "builtin:greedy",
        "builtin:random",
        "--game",
        "tictactoe",
        "--anchor",
        "nobody",
        "--quiet",
        "--out",
    ])
    .arg(&out);
    let stderr = refused(&mut cmd, &out);
    assert!(
        stderr.contains("--anchor `nobody` is not one of the bots: builtin:greedy, builtin:random"),
        "{stderr}"
    );
    // A bot of the field is accepted, and rated 0.
    arena()
        .args([
            "tournament",
            "builtin:greedy",
            "builtin:random",
            "--game",
            "tictactoe",
            "--anchor",
            "builtin:greedy",
            "--quiet",
            "--out",
        ])
        .arg(&out)
        .assert()
        .success();
}
