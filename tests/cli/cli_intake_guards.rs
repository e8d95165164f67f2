//! Intake guards through the real binary: a gauntlet never goes on without a reference it
//! was given (it would silently become a round robin, or grade against another bar), the
//! same file named twice is refused rather than reported as a name clash, and a table
//! tournament refuses an `--anchor` that names no bot before playing.

use crate::common::{arena_with_timeout, example_bot};

use std::fs;
use std::path::{Path, PathBuf};

use assert_cmd::Command;

/// A folder `subs` of three submissions (`c_greedy`, `first_legal`, `random`) in `dir`.
fn submissions(dir: &Path) -> PathBuf {
    let subs = dir.join("subs");
    fs::create_dir_all(&subs).unwrap();
    for name in ["c_greedy.wasm", "first_legal.wasm", "random.wasm"] {
        fs::copy(example_bot(name), subs.join(name)).unwrap();
    }
    subs
}

/// A small two-seat tournament: `args`, then quick settings and `--out out`.
fn tournament(args: &[&Path], out: &Path) -> Command {
    let mut cmd = arena_with_timeout(300);
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
fn a_gauntlet_whose_reference_folder_is_empty_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let subs = submissions(tmp.path());
    let empty = tmp.path().join("empty");
    fs::create_dir(&empty).unwrap();
    let out = tmp.path().join("out");
    let mut cmd = tournament(&[&subs], &out);
    cmd.arg("--gauntlet").arg(&empty);
    let stderr = refused(&mut cmd, &out);
    assert!(
        stderr.contains(&format!("--gauntlet reference {}: ", empty.display()))
            && stderr.contains("holds no .wasm, .wat or .py file")
            && stderr.contains("nothing was played"),
        "{stderr}"
    );
}

#[test]
fn a_gauntlet_reference_named_like_a_submission_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let subs = submissions(tmp.path());
    let refs = tmp.path().join("refs");
    fs::create_dir(&refs).unwrap();
    // Another file with a submission's stem: both would be skipped as a name clash.
    let reference = refs.join("c_greedy.wat");
    fs::copy(example_bot("greedy.wasm"), &reference).unwrap();
    let out = tmp.path().join("out");
    let mut cmd = tournament(&[&subs], &out);
    cmd.arg("--gauntlet").arg(&reference);
    let stderr = refused(&mut cmd, &out);
    assert!(
        stderr.contains(&format!("--gauntlet reference {}: ", reference.display()))
            && stderr.contains("its bot name `c_greedy` is also the name of c_greedy.wasm"),
        "{stderr}"
    );
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
fn any_entry_of_a_reference_folder_that_would_be_skipped_stops_the_gauntlet() {
    // References are the instructor's own files: a stray file among them is a mistake to
    // fix, not a student's entry to skip with a note.
    let tmp = tempfile::tempdir().unwrap();
    let subs = submissions(tmp.path());
    let refs = tmp.path().join("refs");
    fs::create_dir(&refs).unwrap();
    fs::copy(example_bot("greedy.wasm"), refs.join("greedy.wasm")).unwrap();
    fs::write(refs.join("notes.txt"), "not a bot").unwrap();
    let out = tmp.path().join("out");
    let mut cmd = tournament(&[&subs], &out);
    cmd.arg("--gauntlet").arg(&refs);
    let stderr = refused(&mut cmd, &out);
    assert!(
        stderr.contains(&format!(
            "--gauntlet reference {}: not a .wasm, .wat or .py file",
            refs.join("notes.txt").display()
        )),
        "{stderr}"
    );
}

#[test]
fn a_gauntlet_still_skips_a_submission_with_a_note_and_plays_its_references() {
    let tmp = tempfile::tempdir().unwrap();
    let subs = submissions(tmp.path());
    fs::write(subs.join("README.txt"), "hello").unwrap();
    let refs = tmp.path().join("refs");
    fs::create_dir(&refs).unwrap();
    fs::copy(example_bot("greedy.wasm"), refs.join("greedy.wasm")).unwrap();
    let out = tmp.path().join("out");
    let mut cmd = tournament(&[&subs], &out);
    cmd.arg("--gauntlet").arg(&refs);
    let assert = cmd.assert().success();
    let stderr = stderr_of(&assert);
    assert!(
        stderr.contains("README.txt: not a .wasm, .wat or .py file"),
        "{stderr}"
    );
    let manifest: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(out.join("tournament.json")).unwrap()).unwrap();
    let references: Vec<&str> = manifest["bots"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|b| b["reference"] == true)
        .map(|b| b["name"].as_str().unwrap())
        .collect();
    assert_eq!(references, ["greedy"]);
}

#[test]
fn a_table_gauntlet_whose_reference_is_skipped_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let empty = tmp.path().join("empty");
    fs::create_dir(&empty).unwrap();
    let notes = tmp.path().join("ref.txt");
    fs::write(&notes, "not a bot").unwrap();
    for reference in [&empty, &notes] {
        let out = tmp.path().join("out");
        let mut cmd = arena_with_timeout(300);
        cmd.args([
            "tournament",
            "builtin:greedy",
            "builtin:random",
            "--game",
            "tictactoe",
            "--quiet",
            "--gauntlet",
        ])
        .arg(reference)
        .arg("--out")
        .arg(&out);
        let stderr = refused(&mut cmd, &out);
        assert!(
            stderr.contains(&format!("--gauntlet reference {}: ", reference.display()))
                && stderr.contains("nothing was played"),
            "{stderr}"
        );
    }
}

#[test]
fn a_table_tournament_refuses_an_anchor_that_names_no_bot_before_playing() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    let mut cmd = arena_with_timeout(300);
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
    arena_with_timeout(300)
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
    fs::copy(example_bot("greedy.wasm"), subs.join("ana.wasm")).unwrap();
    fs::hard_link(subs.join("ana.wasm"), subs.join("bo.wasm")).unwrap();
    fs::copy(example_bot("random.wasm"), subs.join("cy.wasm")).unwrap();
    let out = tmp.path().join("out");
    let assert = tournament(&[&subs], &out).assert().success();
    let stderr = stderr_of(&assert);
    assert!(
        stderr.contains("note: ana, bo are byte-identical modules"),
        "{stderr}"
    );
}

#[test]
fn a_gauntlet_reference_that_would_be_disqualified_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let subs = submissions(tmp.path());
    // Not a module at all: it would forfeit every game, every submission beating it.
    let broken = tmp.path().join("broken.wasm");
    fs::write(&broken, b"not wasm").unwrap();
    let out = tmp.path().join("out");
    let mut cmd = tournament(&[&subs], &out);
    cmd.arg("--gauntlet").arg(&broken);
    let stderr = refused(&mut cmd, &out);
    assert!(
        stderr.contains("--gauntlet reference broken cannot play: ")
            && stderr.contains("nothing was played"),
        "{stderr}"
    );
    // A two-seat module as the reference of a table game does not play it.
    let mut cmd = arena_with_timeout(300);
    cmd.args([
        "tournament",
        "builtin:greedy",
        "builtin:random",
        "--game",
        "tictactoe",
        "--quiet",
        "--gauntlet",
    ])
    .arg(example_bot("c_greedy.wasm"))
    .arg("--out")
    .arg(&out);
    let stderr = refused(&mut cmd, &out);
    assert!(
        stderr.contains("--gauntlet reference c_greedy cannot play: ")
            && stderr.contains("arena_plays"),
        "{stderr}"
    );
}
