//! Intake through the real binary: every entry of a submission folder is played or
//! reported with its reason; hostile files are never followed, opened, read whole or
//! echoed; odd names are escaped; every numeric flag is bounded; the CLI's rough edges.

#![cfg(unix)]

use crate::common::{self, arena_with_timeout, example_bot};

use std::ffi::OsStr;
use std::fs;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use predicates::prelude::*;

const SECRET: &str = "AWS_SECRET=hunter2-do-not-print";

/// A small, quick tournament of `args` into `out`.
fn tournament(args: &[&OsStr], out: &Path) -> Command {
    let mut cmd = arena_with_timeout(300);
    cmd.arg("tournament")
        .args(args)
        .args(["--rows", "5", "--cols", "5", "--best-of", "1", "--out"])
        .arg(out);
    cmd
}

/// Every file under `dir`, as bytes.
fn all_files(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(all_files(&path));
        } else {
            out.push((path.clone(), fs::read(&path).unwrap()));
        }
    }
    out
}

fn manifest(out: &Path) -> serde_json::Value {
    serde_json::from_str(&fs::read_to_string(out.join("tournament.json")).unwrap()).unwrap()
}

/// The `(file, reason)` pairs of the manifest's `skipped`.
fn skipped(out: &Path) -> Vec<(String, String)> {
    manifest(out)["skipped"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|s| {
                    (
                        s["file"].as_str().unwrap().to_string(),
                        s["reason"].as_str().unwrap().to_string(),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

fn name(entry: &serde_json::Value) -> String {
    entry["name"].as_str().unwrap().to_string()
}

fn bot_names(out: &Path) -> Vec<String> {
    manifest(out)["bots"]
        .as_array()
        .unwrap()
        .iter()
        .map(name)
        .collect()
}

#[test]
fn every_entry_of_a_learning_platform_export_is_played_or_reported() {
    let tmp = tempfile::tempdir().unwrap();
    let subs = tmp.path().join("subs");
    let ana = subs.join("Ana Petrova_4411_assignsubmission_file_");
    let cy = subs.join("Cy Lee_12_assignsubmission_file_");
    for d in [&ana, &cy, &subs.join("Di_7_assignsubmission_file_")] {
        fs::create_dir_all(d).unwrap();
    }
    fs::copy(example_bot("greedy.wasm"), ana.join("bot.wasm")).unwrap();
    fs::write(ana.join("bot.rs"), "fn main() {}").unwrap();
    fs::copy(example_bot("random.wasm"), cy.join("a.wasm")).unwrap();
    fs::copy(example_bot("first_legal.wasm"), cy.join("b.WAT")).unwrap();
    fs::copy(example_bot("random.wasm"), subs.join("Bo.WASM")).unwrap();
    fs::write(subs.join("README.txt"), "hello").unwrap();
    let out = tmp.path().join("r");
    let assert = tournament(&[subs.as_os_str(), "builtin:greedy".as_ref()], &out)
        .arg("--quiet")
        .assert()
        .success();
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).to_string();
    assert_eq!(bot_names(&out), ["Ana Petrova", "Bo", "builtin:greedy"]);
    let reasons = skipped(&out);
    let expect = [
        (
            "Ana Petrova_4411_assignsubmission_file_/bot.rs",
            "not a .wasm, .wat or .py file",
        ),
        (
            "Cy Lee_12_assignsubmission_file_/",
            "holds 2 modules (a.wasm, b.WAT)",
        ),
        (
            "Di_7_assignsubmission_file_/",
            "holds no .wasm, .wat or .py file",
        ),
        ("README.txt", "not a .wasm, .wat or .py file"),
    ];
    assert_eq!(reasons.len(), expect.len(), "{reasons:?}");
    for ((file, reason), (want_file, want_reason)) in reasons.iter().zip(expect) {
        assert_eq!(file, want_file);
        assert!(reason.contains(want_reason), "{file}: {reason}");
        assert!(stderr.contains(reason.as_str()), "{stderr}");
    }
    assert_eq!(stderr.matches("skipped: ").count(), 4, "{stderr}");
    let standings = fs::read_to_string(out.join("standings.csv")).unwrap();
    assert!(
        standings.contains("Ana Petrova") && standings.contains(",Bo,"),
        "{standings}"
    );
}

#[test]
fn a_student_folder_counts_only_regular_files_as_modules() {
    // What an entry is decides before its name: a folder named `old.wasm` is a nested
    // folder, a link named `link.wasm` a link (never followed); neither is a second
    // module that would get the student's one real submission skipped.
    let tmp = tempfile::tempdir().unwrap();
    let subs = tmp.path().join("subs");
    let alice = subs.join("alice");
    let carl = subs.join("carl");
    let dora = subs.join("dora");
    for d in [&alice.join("old.wasm"), &subs.join("bob"), &carl, &dora] {
        fs::create_dir_all(d).unwrap();
    }
    let first_legal = common::root().join("tests/fixtures/hostile/first_legal.wat");
    fs::copy(&first_legal, alice.join("bot.wat")).unwrap();
    fs::copy(&first_legal, subs.join("bob/bot.wat")).unwrap();
    fs::copy(example_bot("greedy.wasm"), carl.join("bot.wasm")).unwrap();
    std::os::unix::fs::symlink(example_bot("random.wasm"), carl.join("link.wasm")).unwrap();
    // Only a link named like a module: the link is named and why, not "no module".
    std::os::unix::fs::symlink(example_bot("random.wasm"), dora.join("bot.wasm")).unwrap();
    let out = tmp.path().join("r");
    tournament(&[subs.as_os_str(), "builtin:greedy".as_ref()], &out)
        .arg("--quiet")
        .assert()
        .success();
    assert_eq!(bot_names(&out), ["alice", "bob", "builtin:greedy", "carl"]);
    let reasons = skipped(&out);
    let files: Vec<&str> = reasons.iter().map(|(f, _)| f.as_str()).collect();
    assert_eq!(
        files,
        ["alice/old.wasm", "carl/link.wasm", "dora/bot.wasm"],
        "{reasons:?}"
    );
    assert!(reasons[0].1.contains("a folder inside a submission folder"));
    assert!(reasons[1].1.contains("symbolic link"));
    assert!(reasons[2].1.contains("symbolic link"));
}

#[test]
fn hostile_entries_are_never_followed_opened_read_whole_or_echoed() {
    let tmp = tempfile::tempdir().unwrap();
    let outside = tmp.path().join("home");
    fs::create_dir_all(&outside).unwrap();
    fs::write(outside.join("credentials"), format!("{SECRET}\n")).unwrap();
    let subs = tmp.path().join("subs");
    fs::create_dir_all(&subs).unwrap();
    fs::copy(example_bot("greedy.wasm"), subs.join("ok.wasm")).unwrap();
    fs::write(subs.join("text.wasm"), format!("{SECRET}\nmore\n")).unwrap();
    std::os::unix::fs::symlink(outside.join("credentials"), subs.join("link.wasm")).unwrap();
    std::os::unix::fs::symlink("/dev/zero", subs.join("zero.wasm")).unwrap();
    let status = std::process::Command::new("mkfifo")
        .arg(subs.join("pipe.wasm"))
        .status()
        .unwrap();
    assert!(status.success());
    fs::File::create(subs.join("sparse.wasm"))
        .unwrap()
        .set_len(3 << 30)
        .unwrap();
    let out = tmp.path().join("r");
    let assert = tournament(&[subs.as_os_str(), "builtin:random".as_ref()], &out)
        .assert()
        .success();
    let output = assert.get_output();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        !stdout.contains("hunter2") && !stderr.contains("hunter2"),
        "{stdout}{stderr}"
    );
    for (path, bytes) in all_files(&out) {
        let text = String::from_utf8_lossy(&bytes);
        assert!(
            !text.contains("hunter2"),
            "{} echoes the secret",
            path.display()
        );
    }
    let reasons = skipped(&out);
    let reason = |file: &str| {
        reasons
            .iter()
            .find(|(f, _)| f == file)
            .map(|(_, r)| r.clone())
            .unwrap_or_else(|| panic!("{file} not skipped: {reasons:?}"))
    };
    assert!(reason("link.wasm").contains("symbolic link"));
    assert!(reason("zero.wasm").contains("symbolic link"));
    assert!(reason("pipe.wasm").contains("FIFO"));
    let m = manifest(&out);
    let entry = |name: &str| {
        m["bots"]
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["name"] == name)
            .unwrap_or_else(|| panic!("no bot {name}"))
            .clone()
    };
    let sparse = entry("sparse")["disqualified"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(
        sparse,
        "the file is 3072 MiB, more than the 8 MiB module cap"
    );
    let text = entry("text")["disqualified"].as_str().unwrap().to_string();
    assert!(
        text.contains("not valid text format (.wat)") && text.contains("line 1"),
        "{text}"
    );
    assert!(entry("ok")["disqualified"].is_null());
}

#[test]
fn check_refuses_a_link_and_never_quotes_a_text_file() {
    let tmp = tempfile::tempdir().unwrap();
    let secret = tmp.path().join("credentials");
    fs::write(&secret, format!("{SECRET}\n")).unwrap();
    let link = tmp.path().join("bot.wasm");
    std::os::unix::fs::symlink(&secret, &link).unwrap();
    arena_with_timeout(300)
        .arg("check")
        .arg(&link)
        .assert()
        .code(1)
        .stdout(predicate::str::contains("symbolic link"))
        .stdout(predicate::str::contains("hunter2").not());
    let text = tmp.path().join("text.wasm");
    fs::write(&text, format!("{SECRET}\n")).unwrap();
    arena_with_timeout(300)
        .arg("check")
        .arg(&text)
        .assert()
        .code(1)
        .stdout(predicate::str::contains("line 1, column 1"))
        .stdout(predicate::str::contains("hunter2").not());
}

#[test]
fn file_names_are_data() {
    let tmp = tempfile::tempdir().unwrap();
    let subs = tmp.path().join("subs");
    fs::create_dir_all(&subs).unwrap();
    let raw: [&[u8]; 3] = [b"new\nline.wasm", b"red\x1b[31m.wasm", b"bad\xff.wasm"];
    for (name, source) in raw
        .iter()
        .zip(["random.wasm", "greedy.wasm", "first_legal.wasm"])
    {
        fs::copy(example_bot(source), subs.join(OsStr::from_bytes(name))).unwrap();
    }
    let out = tmp.path().join("r");
    let assert = tournament(&[subs.as_os_str()], &out).assert().success();
    assert_eq!(bot_names(&out), ["bad\\xff", "new\\nline", "red\\x1b[31m"]);
    let output = assert.get_output();
    for stream in [&output.stdout, &output.stderr] {
        assert!(!stream.contains(&0x1b), "a raw ESC reached the terminal");
        assert!(std::str::from_utf8(stream).is_ok());
    }
    for (path, bytes) in all_files(&out) {
        assert!(!bytes.contains(&0x1b), "{} holds a raw ESC", path.display());
        assert!(std::str::from_utf8(&bytes).is_ok(), "{}", path.display());
    }
    // Three bots, best of 1: three games, one CSV row each.
    let games = fs::read_to_string(out.join("games.csv")).unwrap();
    assert_eq!(games.lines().count(), 4, "{games}");
    arena_with_timeout(300)
        .args(["replay"])
        .arg(&out)
        .arg("1")
        .assert()
        .success();
}

#[test]
fn every_numeric_flag_is_bounded() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("r");
    let two = ["builtin:random", "builtin:greedy"];
    let cases: [(&[&str], &str); 11] = [
        (&["tournament", "--rounds", "4294967295"], "1..=1000"),
        (&["tournament", "--threads", "100000"], "1..=256"),
        (&["tournament", "--fuel", "10000000001"], "1..=10000000000"),
        (&["tournament", "--memory-mib", "4097"], "1..=4096"),
        (&["tournament", "--stack-kib", "262145"], "4..=262144"),
        (&["tournament", "--timeout-secs", "3601"], "1..=3600"),
        (&["tournament", "--depth", "65"], "1..=64"),
        (
            &["tournament", "--depth", "40"],
            "--depth 40: mathtricks allows at most 12",
        ),
        (&["match", "--games", "100001"], "1..=100000"),
        (&["check", "--games", "1001"], "1..=1000"),
        (&["bench", "--threads", "257"], "1..=256"),
    ];
    for (args, message) in cases {
        let mut cmd = arena_with_timeout(300);
        cmd.arg(args[0]);
        match args[0] {
            "tournament" => {
                cmd.args(two).arg("--out").arg(&out);
            }
            "match" => {
                cmd.args(two);
            }
            "check" => {
                cmd.arg(example_bot("greedy.wasm"));
            }
            _ => {}
        }
        cmd.args(&args[1..])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(message))
            .stderr(predicate::str::contains(args[1]));
    }
    arena_with_timeout(300)
        .args(["match", "builtin:alphabeta:40", "builtin:random"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "depth 40 is deeper than mathtricks allows (at most 12",
        ));
    // The bound itself is accepted.
    arena_with_timeout(300)
        .args(["tournament", "builtin:random", "builtin:greedy"])
        .args([
            "--rounds",
            "1000",
            "--rows",
            "4",
            "--cols",
            "4",
            "--best-of",
            "1",
        ])
        .args(["--quiet", "--out"])
        .arg(&out)
        .assert()
        .success();
    // 21 bots over 1000 rounds: 210 000 series.
    let subs = tmp.path().join("many");
    fs::create_dir_all(&subs).unwrap();
    for i in 0..21 {
        fs::copy(
            example_bot("random.wasm"),
            subs.join(format!("b{i:02}.wasm")),
        )
        .unwrap();
    }
    let big = tmp.path().join("big");
    arena_with_timeout(300)
        .arg("tournament")
        .arg(&subs)
        .args(["--rounds", "1000", "--out"])
        .arg(&big)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--rounds 1000 with 21 bots makes 210000 series, more than the cap of 200000",
        ));
    assert!(!big.exists(), "refused before any file is written");
}

#[test]
fn gauntlet_takes_one_reference_per_flag() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("g");
    let assert = arena_with_timeout(300)
        .args([
            "tournament",
            "--gauntlet",
            "builtin:greedy",
            "builtin:random",
        ])
        .args(["builtin:alphabeta:2", "--gauntlet", "builtin:alphabeta:1"])
        .args([
            "--rows",
            "5",
            "--cols",
            "5",
            "--best-of",
            "1",
            "--quiet",
            "--out",
        ])
        .arg(&out)
        .assert()
        .success();
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).to_string();
    assert!(stderr.contains("one reference per flag"), "{stderr}");
    let m = manifest(&out);
    let roles: Vec<(String, bool)> = m["bots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| (name(b), b["reference"].as_bool().unwrap()))
        .collect();
    assert_eq!(
        roles,
        [
            ("builtin:alphabeta:1".to_string(), true),
            ("builtin:alphabeta:2".to_string(), false),
            ("builtin:greedy".to_string(), true),
            ("builtin:random".to_string(), false),
        ]
    );
}

#[test]
fn help_has_examples_defaults_and_advertises_ranges_only_where_taken() {
    for command in [
        "games",
        "board",
        "play",
        "check",
        "tournament",
        "match",
        "replay",
        "standings",
        "bench",
    ] {
        arena_with_timeout(300)
            .args([command, "--help"])
            .assert()
            .success()
            .stdout(predicate::str::contains("Examples:\n  arena "));
    }
    arena_with_timeout(300)
        .args(["tournament", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("[default: 200000000]"))
        .stdout(predicate::str::contains("[default: 64]"))
        .stdout(predicate::str::contains("6..10"));
    for command in ["check", "play", "board"] {
        arena_with_timeout(300)
            .args([command, "--help"])
            .assert()
            .success()
            .stdout(predicate::str::contains("6..10").not())
            .stdout(predicate::str::contains("one number"));
    }
    arena_with_timeout(300)
        .args([
            "match",
            "builtin:random",
            "builtin:greedy",
            "--rows",
            "6..10",
        ])
        .args(["--cols", "6..10", "--games", "2"])
        .assert()
        .success();
    arena_with_timeout(300)
        .args(["board", "--rows", "6..10"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "`tournament` and `match` take ranges",
        ));
}

#[test]
fn progress_is_printed_as_lines_when_stderr_is_not_a_terminal() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("p");
    let assert = tournament(
        &[
            "builtin:random".as_ref(),
            "builtin:greedy".as_ref(),
            "builtin:alphabeta:1".as_ref(),
        ],
        &out,
    )
    .args(["--rounds", "4"])
    .assert()
    .success();
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).to_string();
    let lines: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("progress: "))
        .collect();
    assert!(
        (1..=10).contains(&lines.len()) && lines.last().unwrap().starts_with("progress: 100% "),
        "{stderr}"
    );
    let quiet = tmp.path().join("q");
    tournament(
        &["builtin:random".as_ref(), "builtin:greedy".as_ref()],
        &quiet,
    )
    .arg("--quiet")
    .assert()
    .success()
    .stderr(predicate::str::contains("progress").not());
}

/// A name beginning with `=`, `+`, `-` or `@` (the start of a spreadsheet formula, OWASP
/// "CSV injection") is escaped at intake, `\x3d`, `\x2b`, `\x2d`, `\x40`, like any other
/// name that must be: no CSV cell arena writes starts a formula (only numbers start with
/// `-`), a roster names the bot by its escaped name, and the folder is read back
/// (`arena standings`, `arena verify`) matching every name exactly. Ordinary names,
/// with a `-` inside, are unchanged.
#[test]
fn names_never_start_a_spreadsheet_formula() {
    let tmp = tempfile::tempdir().unwrap();
    let subs = tmp.path().join("subs");
    let eve = subs.join("=Eve_12_assignsubmission_file_");
    fs::create_dir_all(&eve).unwrap();
    fs::copy(example_bot("greedy.wasm"), eve.join("bot.wasm")).unwrap();
    for (file, source) in [
        ("=HYPERLINK(x).wasm", "random.wasm"),
        ("+cmd.wasm", "greedy.wasm"),
        ("-ana.wasm", "first_legal.wasm"),
        ("@sum.wasm", "random.wasm"),
        ("\tx.wasm", "greedy.wasm"),
        ("ana-2.wasm", "first_legal.wasm"),
    ] {
        fs::copy(example_bot(source), subs.join(file)).unwrap();
    }
    let roster = tmp.path().join("roster.csv");
    fs::write(
        &roster,
        "file,student_id,name\n\\x3dHYPERLINK(x).wasm,s1,A\n\\x2bcmd.wasm,s2,B\n\
         \\x2dana.wasm,s3,C\n\\x40sum.wasm,s4,D\n\\tx.wasm,s5,E\nana-2.wasm,s6,F\n\\x3dEve,s7,Eve\n",
    )
    .unwrap();
    let out = tmp.path().join("r");
    tournament(&[subs.as_os_str()], &out)
        .arg("--roster")
        .arg(&roster)
        .arg("--quiet")
        .assert()
        .success();
    let mut names = bot_names(&out);
    names.sort();
    assert_eq!(
        names,
        [
            "\\tx",
            "\\x2bcmd",
            "\\x2dana",
            "\\x3dEve",
            "\\x3dHYPERLINK(x)",
            "\\x40sum",
            "ana-2"
        ]
    );
    let csvs = |out: &Path| -> Vec<(PathBuf, Vec<u8>)> {
        let mut files: Vec<_> = all_files(out)
            .into_iter()
            .filter(|(p, _)| p.extension().is_some_and(|e| e == "csv"))
            .collect();
        files.sort();
        files
    };
    let written = csvs(&out);
    assert!(written.iter().any(|(p, _)| p.ends_with("grades.csv")));
    for (path, bytes) in &written {
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .from_reader(bytes.as_slice());
        for record in reader.records() {
            for cell in record.unwrap().iter() {
                let formula = cell.starts_with(['=', '+', '-', '@', '\t', '\r']);
                assert!(
                    !formula || cell.parse::<f64>().is_ok(),
                    "{}: the cell {cell:?} starts a formula",
                    path.display()
                );
            }
        }
    }
    // Read back: recomputed byte for byte (the roster kept from grades.csv), and verified.
    arena_with_timeout(300)
        .arg("standings")
        .arg(&out)
        .assert()
        .success();
    assert_eq!(csvs(&out), written);
    arena_with_timeout(300)
        .arg("verify")
        .arg(&out)
        .arg(&subs)
        .arg("--roster")
        .arg(&roster)
        .assert()
        .success();
    // A roster naming the file as it is on disk is told the bot's name, escaped.
    let raw = tmp.path().join("raw.csv");
    fs::write(&raw, "file,student_id,name\n-ana.wasm,s3,C\n").unwrap();
    arena_with_timeout(300)
        .arg("standings")
        .arg(&out)
        .arg("--roster")
        .arg(&raw)
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("no roster entry for")
                .and(predicate::str::contains("`\\x2dana`")),
        );
}
