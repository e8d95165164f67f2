//! `arena verify` of a tournament whose submission file names needed escaping (a
//! backslash, a newline, bytes that are not UTF-8): the manifest's `source` is the escaped
//! name, and verify finds the module by escaping the names on disk the same way, never by
//! looking the escaped text up literally.
//!
//! Unix only: such names (a backslash or a newline in a file name, non-UTF-8 bytes) cannot
//! be made elsewhere.

#![cfg(unix)]

use crate::common::{self, arena};

use std::ffi::OsStr;
use std::fs;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use predicates::prelude::*;

/// The playing test module.
fn module() -> PathBuf {
    common::root().join("tests/fixtures/hostile/first_legal.wat")
}

/// Plays a tournament of `subs` and a builtin into `out`.
fn play(subs: &Path, out: &Path) {
    arena()
        .arg("tournament")
        .arg(subs)
        .args(["builtin:greedy", "--rows", "5", "--cols", "6"])
        .args(["--best-of", "1", "--seed", "3", "--quiet", "--out"])
        .arg(out)
        .assert()
        .success();
}

fn verify(out: &Path, folders: &[&Path]) -> Command {
    let mut cmd = arena();
    cmd.arg("verify")
        .arg(out)
        .args(folders)
        .args(["--threads", "2"]);
    cmd
}

/// A tournament of one module named `raw` (bytes of a file name, `.wat` added) verifies,
/// and the manifest records the name escaped as `escaped`.
fn verifies_with_name(raw: &[u8], escaped: &str) {
    let tmp = tempfile::tempdir().unwrap();
    let subs = tmp.path().join("subs");
    fs::create_dir(&subs).unwrap();
    let mut name = raw.to_vec();
    name.extend_from_slice(b".wat");
    fs::copy(module(), subs.join(OsStr::from_bytes(&name))).unwrap();
    let out = tmp.path().join("out");
    play(&subs, &out);
    let manifest: serde_json::Value =
        serde_json::from_slice(&fs::read(out.join("tournament.json")).unwrap()).unwrap();
    let bots = manifest["bots"].as_array().unwrap();
    let bot = bots
        .iter()
        .find(|b| b["source"] != "builtin:greedy")
        .unwrap();
    assert_eq!(bot["source"], format!("{escaped}.wat"));
    assert_eq!(bot["name"], escaped);
    verify(&out, &[&subs])
        .assert()
        .success()
        .stdout(predicate::str::contains("reproduced exactly"));
}

#[test]
fn a_name_with_a_backslash_verifies() {
    verifies_with_name(b"back\\slash", "back\\\\slash");
}

#[test]
fn a_name_with_a_newline_verifies() {
    verifies_with_name(b"evil\nname", "evil\\nname");
}

#[test]
fn a_name_that_is_not_utf8_verifies() {
    verifies_with_name(b"bad\xff", "bad\\xff");
}

/// A student's sub-folder with such names (`FOLDER/FILE` in the manifest), and a decoy
/// whose name on disk is the escaped text itself: the decoy is another file (its name
/// escapes to something else), so verify passes it by and finds the real module in the
/// next folder.
#[test]
fn sub_folders_are_found_and_the_escaped_text_is_never_a_name_on_disk() {
    let tmp = tempfile::tempdir().unwrap();
    let subs = tmp.path().join("subs");
    let student = subs.join(OsStr::from_bytes(b"Ana\\B\xfe_12_assignsubmission_file_"));
    fs::create_dir_all(&student).unwrap();
    fs::copy(module(), student.join(OsStr::from_bytes(b"m\ty.wat"))).unwrap();
    fs::copy(module(), subs.join("back\\slash.wat")).unwrap();
    let out = tmp.path().join("out");
    play(&subs, &out);
    let manifest = fs::read_to_string(out.join("tournament.json")).unwrap();
    assert!(
        manifest.contains(r#""source": "Ana\\\\B\\xfe_12_assignsubmission_file_/m\\ty.wat""#),
        "{manifest}"
    );
    // The decoys: named exactly as the manifest's (escaped) sources, with other content.
    let decoys = tmp.path().join("decoys");
    fs::create_dir_all(decoys.join("Ana\\\\B\\xfe_12_assignsubmission_file_")).unwrap();
    let other = "(module)\n";
    fs::write(decoys.join("back\\\\slash.wat"), other).unwrap();
    fs::write(
        decoys.join("Ana\\\\B\\xfe_12_assignsubmission_file_/m\\ty.wat"),
        other,
    )
    .unwrap();
    verify(&out, &[&decoys, &subs])
        .assert()
        .success()
        .stdout(predicate::str::contains("reproduced exactly"));
    // Only the decoys: the modules are in none of the folders (exit 2).
    verify(&out, &[&decoys])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("is in none of the folders given"));
}
