//! A graded results folder keeps its grading when its summaries are rewritten: `arena
//! standings`, `arena report` and `arena tournament --resume` never drop a student id or
//! a grade unasked, and a roster kept from `grades.csv` names the same bots as the one
//! the run was given.

use crate::common::{self, hostile};

use std::fs;
use std::path::{Path, PathBuf};

use common::arena;
use predicates::prelude::*;

/// Submissions whose bot names end like a module file (`ana.wasm` from `ana.wasm.wasm`,
/// as a system that hides extensions makes them, and `cy.py` from `cy.py.wat`), a plain
/// one, and a student who handed nothing in; with roster and bands.
fn field(dir: &Path) -> (PathBuf, PathBuf, PathBuf) {
    let subs = dir.join("subs");
    fs::create_dir_all(&subs).unwrap();
    fs::copy(hostile("first_legal.wat"), subs.join("ana.wasm.wat")).unwrap();
    fs::copy(hostile("first_legal.wat"), subs.join("bo.wat")).unwrap();
    fs::copy(hostile("unreachable.wat"), subs.join("cy.py.wat")).unwrap();
    let roster = dir.join("roster.csv");
    fs::write(
        &roster,
        "file,student_id,name\nana.wasm.wat,s1,Ana\nbo.wat,s2,Bo\ncy.py.wat,s3,Cy\ndi.wat,s4,Di\n",
    )
    .unwrap();
    let bands = dir.join("bands.toml");
    fs::write(
        &bands,
        "measure = \"percentile\"\nbands = [{ grade = \"A\", min = 0.9 }, { grade = \"B\", min = 0.3 }, { grade = \"F\", min = 0.0 }]\n",
    )
    .unwrap();
    (subs, roster, bands)
}

/// Plays the field into `dir/r`, with the roster and, if `graded`, the bands.
fn play(dir: &Path, graded: bool) -> PathBuf {
    let (subs, roster, bands) = field(dir);
    let out = dir.join("r");
    let mut cmd = arena();
    cmd.arg("tournament")
        .arg(&subs)
        .args(["--rows", "5", "--cols", "5", "--best-of", "1", "--quiet"])
        .arg("--roster")
        .arg(&roster);
    if graded {
        cmd.arg("--bands").arg(&bands);
    }
    cmd.arg("--out").arg(&out).assert().success();
    out
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap()
}

#[test]
fn standings_without_a_roster_keeps_bots_named_like_module_files() {
    let tmp = tempfile::tempdir().unwrap();
    let out = play(tmp.path(), false);
    let grades = read(&out.join("grades.csv"));
    let standings = read(&out.join("standings.csv"));
    assert!(grades.contains("s1,Ana,ana.wasm,yes"), "{grades}");
    assert!(grades.contains("s3,Cy,cy.py,yes"), "{grades}");
    arena()
        .arg("standings")
        .arg(&out)
        .assert()
        .success()
        .stderr(predicate::str::contains("student ids kept"));
    assert_eq!(read(&out.join("grades.csv")), grades);
    assert_eq!(read(&out.join("standings.csv")), standings);
}

#[test]
fn report_without_a_roster_keeps_the_student_ids() {
    let tmp = tempfile::tempdir().unwrap();
    let out = play(tmp.path(), false);
    let before: Vec<String> = [
        "grades.csv",
        "standings.csv",
        "standings.json",
        "report.html",
    ]
    .iter()
    .map(|f| read(&out.join(f)))
    .collect();
    assert!(before[1].contains(",s1,"), "{}", before[1]);
    arena()
        .arg("report")
        .arg(&out)
        .assert()
        .success()
        .stderr(predicate::str::contains("student ids kept"));
    for (f, was) in [
        "grades.csv",
        "standings.csv",
        "standings.json",
        "report.html",
    ]
    .iter()
    .zip(&before)
    {
        assert_eq!(&read(&out.join(f)), was, "{f}");
    }
}

/// `arena report` and `--resume` of a graded folder keep the bands (and roster) the run
/// recorded: nothing is asked again, and no grade is emptied.
#[test]
fn report_or_resume_without_bands_keeps_the_recorded_grades() {
    let tmp = tempfile::tempdir().unwrap();
    let out = play(tmp.path(), true);
    let grades = read(&out.join("grades.csv"));
    let page = read(&out.join("feedback/s1.md"));
    let html = read(&out.join("report.html"));
    assert!(grades.contains(",A,played,"), "{grades}");
    let roster = tmp.path().join("roster.csv");
    for with_roster in [false, true] {
        let mut cmd = arena();
        cmd.arg("report").arg(&out);
        if with_roster {
            cmd.arg("--roster").arg(&roster);
        }
        cmd.assert()
            .success()
            .stderr(predicate::str::contains("grades given with the bands"));
        assert_eq!(read(&out.join("grades.csv")), grades);
        let mut cmd = arena();
        cmd.arg("tournament")
            .arg(tmp.path().join("subs"))
            .args(["--rows", "5", "--cols", "5", "--best-of", "1", "--quiet"])
            .arg("--out")
            .arg(&out)
            .arg("--resume");
        if with_roster {
            cmd.arg("--roster").arg(&roster);
        }
        cmd.assert()
            .success()
            .stderr(predicate::str::contains("grades given with the bands"));
        assert_eq!(read(&out.join("grades.csv")), grades);
        assert_eq!(read(&out.join("feedback/s1.md")), page);
        assert_eq!(read(&out.join("report.html")), html);
    }
    // Other bands given to `report` replace the recorded ones, and are recorded: a later
    // `report` keeps them.
    let strict = tmp.path().join("strict.toml");
    fs::write(
        &strict,
        "measure = \"percentile\"\nbands = [{ grade = \"Z\", min = 0.0 }]\n",
    )
    .unwrap();
    arena()
        .arg("report")
        .arg(&out)
        .arg("--bands")
        .arg(&strict)
        .assert()
        .success();
    let regraded = read(&out.join("grades.csv"));
    assert!(
        regraded.contains(",Z,played,") && !regraded.contains(",A,"),
        "{regraded}"
    );
    arena().arg("report").arg(&out).assert().success();
    assert_eq!(read(&out.join("grades.csv")), regraded);
    // The same command plus --resume, roster and bands included, grades as it first did.
    arena()
        .arg("tournament")
        .arg(tmp.path().join("subs"))
        .args(["--rows", "5", "--cols", "5", "--best-of", "1", "--quiet"])
        .arg("--roster")
        .arg(&roster)
        .arg("--bands")
        .arg(tmp.path().join("bands.toml"))
        .arg("--out")
        .arg(&out)
        .arg("--resume")
        .assert()
        .success();
    assert_eq!(read(&out.join("grades.csv")), grades);
}

#[test]
fn a_table_report_without_a_roster_keeps_the_student_ids() {
    let tmp = tempfile::tempdir().unwrap();
    let subs = tmp.path().join("subs");
    fs::create_dir_all(&subs).unwrap();
    for name in ["ana.wasm", "bo"] {
        fs::copy(
            common::root().join("bots/games/tictactoe/tictactoe.wasm"),
            subs.join(format!("{name}.wasm")),
        )
        .unwrap();
    }
    let roster = tmp.path().join("roster.csv");
    fs::write(
        &roster,
        "file,student_id,name\nana.wasm.wasm,s1,Ana\nbo.wasm,s2,Bo\n",
    )
    .unwrap();
    let out = tmp.path().join("r");
    arena()
        .arg("tournament")
        .arg(&subs)
        .args(["--game", "tictactoe", "--rounds", "1", "--quiet"])
        .arg("--roster")
        .arg(&roster)
        .arg("--out")
        .arg(&out)
        .assert()
        .success();
    let grades = read(&out.join("grades.csv"));
    let standings = read(&out.join("standings.csv"));
    assert!(grades.contains("s1,Ana,ana.wasm,yes"), "{grades}");
    for command in ["report", "standings"] {
        arena().arg(command).arg(&out).assert().success();
        assert_eq!(read(&out.join("grades.csv")), grades, "{command}");
        assert_eq!(read(&out.join("standings.csv")), standings, "{command}");
    }
}
