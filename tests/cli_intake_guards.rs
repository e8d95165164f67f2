//! Intake guards through the real binary: the same file named twice is refused rather
//! than reported as a name clash, and a table tournament refuses an `--anchor` that names
//! no bot before playing.

use std::fs;
use std::path::{Path, PathBuf};
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

fn bot(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("bots")
        .join(name)
}

/// A folder `subs` of three submissions (`c_greedy`, `first_legal`, `random`) in `dir`.
fn submissions(dir: &Path) -> PathBuf {
    let subs = dir.join("subs");
    fs::create_dir_all(&subs).unwrap();
    for name in ["c_greedy.wasm", "first_legal.wasm", "random.wasm"] {
        fs::copy(bot(name), subs.join(name)).unwrap();
    }
    subs
}

/// A small two-seat tournament: `args`, then quick settings and `--out out`.
fn tournament(args: &[&Path], out: &Path) -> Command {
    let mut cmd = arena();
    cmd.arg("tournament")
        .args(args)
        .args(["--rows", "5", "--cols", "5", "--best-of", "1", "--quiet"])
        .arg("--out")
        .arg(out);
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
fn a_gauntlet_reference_that_is_also_a_submission_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let subs = submissions(tmp.path());
    let reference = subs.join("c_greedy.wasm");
    let out = tmp.path().join("out");
    let mut cmd = tournament(&[&subs], &out);
    cmd.arg("--gauntlet").arg(&reference);
    let stderr = refused(&mut cmd, &out);
    assert!(
        stderr.contains(&format!("{} is named twice", reference.display()))
            && stderr.contains("as a submission and as a --gauntlet reference"),
        "{stderr}"
    );
    assert!(!stderr.contains("rename one"), "{stderr}");
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

#[test]
fn the_same_file_named_twice_is_refused_once_whatever_the_spelling() {
    let tmp = tempfile::tempdir().unwrap();
    let subs = submissions(tmp.path());
    let greedy = subs.join("c_greedy.wasm");
    let random = subs.join("random.wasm");
    let dotted = subs.join(".").join("c_greedy.wasm");
    let cases: [(&[&Path], String); 3] = [
        (
            &[&greedy, &greedy, &random],
            format!(
                "{} is named twice on the command line: name each file once",
                greedy.display()
            ),
        ),
        (
            &[&greedy, &dotted, &random],
            format!(
                "{} (also as {}) is named twice",
                greedy.display(),
                dotted.display()
            ),
        ),
        // Inside a folder argument and named again.
        (
            &[&subs, &greedy],
            format!("{} is named twice", greedy.display()),
        ),
    ];
    for (args, want) in cases {
        let out = tmp.path().join("out");
        let stderr = refused(&mut tournament(args, &out), &out);
        assert!(stderr.contains(&want), "{stderr}");
        assert_eq!(stderr.matches("named twice").count(), 1, "{stderr}");
        assert!(
            !stderr.contains("rename one") && !stderr.contains("skipped:"),
            "{stderr}"
        );
    }
}

#[cfg(unix)]
#[test]
fn two_names_for_the_same_content_are_two_bots() {
    // A copy, or a hard link, is another file handed in: both play (noted as identical).
    let tmp = tempfile::tempdir().unwrap();
    let subs = tmp.path().join("subs");
    fs::create_dir(&subs).unwrap();
    fs::copy(bot("greedy.wasm"), subs.join("ana.wasm")).unwrap();
    fs::hard_link(subs.join("ana.wasm"), subs.join("bo.wasm")).unwrap();
    fs::copy(bot("random.wasm"), subs.join("cy.wasm")).unwrap();
    let out = tmp.path().join("out");
    let assert = tournament(&[&subs], &out).assert().success();
    let stderr = stderr_of(&assert);
    assert!(
        stderr.contains("note: ana, bo are byte-identical modules"),
        "{stderr}"
    );
}
