//! `feedback/<student_id>.md` with a roster: rank and grade, results against each
//! opponent, every fault with its game and reason, and a command that really shows that
//! game; student ids that are not safe file names are escaped, never followed.

use crate::common::{arena, hostile};

use std::fs;
use std::path::Path;

use assert_cmd::Command;
use predicates::prelude::PredicateBooleanExt;

#[test]
fn every_rostered_student_gets_a_page_whose_commands_work() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let subs = dir.join("subs");
    fs::create_dir_all(&subs).unwrap();
    fs::copy(hostile("first_legal.wat"), subs.join("ana.wat")).unwrap();
    fs::copy(hostile("unreachable.wat"), subs.join("bo.wat")).unwrap();
    fs::copy(hostile("random.wat"), subs.join("cy.wat")).unwrap();
    let roster = dir.join("roster.csv");
    fs::write(
        &roster,
        "file,student_id,name\nana,s1,Ana\nbo,../s2,Bo\ncy,..,Cy\n",
    )
    .unwrap();
    let bands = dir.join("bands.toml");
    fs::write(
        &bands,
        "measure = \"percentile\"\nbands = [{ grade = \"A\", min = 0.9 }, { grade = \"B\", min = 0.3 }, { grade = \"F\", min = 0.0 }]\n",
    )
    .unwrap();
    let out = dir.join("r");
    let graded = |cmd: &mut Command| {
        cmd.arg("--roster").arg(&roster).arg("--bands").arg(&bands);
    };
    let mut t = arena();
    t.arg("tournament")
        .arg(&subs)
        .args([
            "--rows",
            "5",
            "--cols",
            "5",
            "--best-of",
            "3",
            "--quiet",
            "--out",
        ])
        .arg(&out);
    graded(&mut t);
    t.assert().success();

    let feedback = out.join("feedback");
    let mut names: Vec<String> = fs::read_dir(&feedback)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, ["%2E%2E%2Fs2.md", "%2E%2E.md", "s1.md"]);
    assert!(!dir.join("s2.md").exists() && !out.join("s2.md").exists());

    let ana = fs::read_to_string(feedback.join("s1.md")).unwrap();
    assert!(ana.starts_with("# Ana (s1): bot `ana`"), "{ana}");
    assert!(ana.contains("- **Rank 1 of 3**, grade **"), "{ana}");
    // The grade's basis, as grades.csv explains it.
    assert!(
        ana.contains("- how the grade was given: rank 1 of 3: percentile of rank 1.000 reaches band \\`A\\` (min 0.9)"),
        "{ana}"
    );
    assert!(ana.contains("| bo |") && ana.contains("| cy |"), "{ana}");

    let bo = fs::read_to_string(feedback.join("%2E%2E%2Fs2.md")).unwrap();
    assert!(bo.contains("- **Rank 3 of 3**, grade **F**"), "{bo}");
    let faults: Vec<&str> = bo.lines().filter(|l| l.starts_with("- game ")).collect();
    assert!(!faults.is_empty(), "{bo}");
    assert!(faults.iter().all(|l| l.contains("**trap**")), "{bo}");
    // The kind once, and a count in the singular for one.
    assert!(
        !bo.contains("trap: trap") && !bo.contains("**trap**: trap:"),
        "{bo}"
    );
    assert!(!bo.contains(" 1 moves"), "{bo}");
    assert!(
        bo.contains("- how the grade was given: faulted in every game it played: the lowest band"),
        "{bo}"
    );

    // The printed command shows that very game: run it as written (Enter for each step).
    let command = bo
        .lines()
        .find_map(|l| l.trim().strip_prefix("- see it move by move: `"))
        .and_then(|l| l.strip_suffix('`'))
        .unwrap();
    assert!(bo.contains("RESULTS is the results folder"), "{bo}");
    let words: Vec<&str> = command.split(' ').collect();
    assert_eq!(words[2], "RESULTS");
    assert_eq!(words[0], "arena");
    let game_id = words[3];
    let shown = arena()
        .arg(words[1])
        .arg(&out)
        .args(&words[3..])
        .write_stdin("\n".repeat(200))
        .output()
        .unwrap();
    assert!(shown.status.success(), "{command}");
    let shown = String::from_utf8(shown.stdout).unwrap();
    let games = fs::read_to_string(out.join("games.jsonl")).unwrap();
    let row: serde_json::Value = games
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|v| v["game_id"] == game_id.parse::<u64>().unwrap())
        .unwrap();
    // The culprit is a seat number (format 2): bo's seat.
    let culprit = row["culprit"].as_u64().expect("a culprit seat") as usize;
    assert_eq!(row["seats"][culprit - 1]["bot"], "bo");
    // The reason, its kind said once (`**trap**: wasm …`, not `**trap**: trap: wasm …`).
    let recorded = row["reason"].as_str().unwrap();
    assert!(recorded.starts_with("trap: "), "{recorded}");
    let reason = format!(
        "**trap**: {}",
        arena::output::markdown::escape(&recorded["trap: ".len()..])
    );
    assert!(faults[0].contains(&reason), "{reason}");
    assert!(shown.contains("trap"), "{shown}");

    // `arena standings` with the roster rewrites the same pages.
    let before = fs::read(feedback.join("s1.md")).unwrap();
    fs::remove_file(feedback.join("s1.md")).unwrap();
    let mut s = arena();
    s.arg("standings").arg(&out);
    graded(&mut s);
    s.assert().success();
    assert_eq!(fs::read(feedback.join("s1.md")).unwrap(), before);
}

/// `arena standings` without `--roster` keeps the student ids it knew (from grades.csv),
/// and refuses, touching nothing, when dropping the roster would drop grades.
#[test]
fn standings_without_a_roster_keeps_the_student_ids() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let subs = dir.join("subs");
    fs::create_dir_all(&subs).unwrap();
    fs::copy(hostile("first_legal.wat"), subs.join("ana.wat")).unwrap();
    fs::copy(hostile("random.wat"), subs.join("cy.wat")).unwrap();
    let roster = dir.join("roster.csv");
    fs::write(
        &roster,
        "file,student_id,name\nana,s1,Ana\ncy,s3,Cy\ndi,s4,Di\n",
    )
    .unwrap();
    let bands = dir.join("bands.toml");
    fs::write(
        &bands,
        "measure = \"percentile\"\nbands = [{ grade = \"A\", min = 0.5 }, { grade = \"F\", min = 0.0 }]\n",
    )
    .unwrap();
    let play = |out: &Path, with_bands: bool| {
        let mut t = arena();
        t.arg("tournament")
            .arg(&subs)
            .args(["--rows", "5", "--cols", "5", "--quiet", "--out"])
            .arg(out)
            .arg("--roster")
            .arg(&roster);
        if with_bands {
            t.arg("--bands").arg(&bands);
        }
        t.assert().success();
    };
    let snapshot = |out: &Path| -> Vec<(String, Vec<u8>)> {
        let mut files: Vec<(String, Vec<u8>)> = fs::read_dir(out)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.is_file())
            .map(|p| {
                (
                    p.file_name().unwrap().to_string_lossy().into_owned(),
                    fs::read(&p).unwrap(),
                )
            })
            .collect();
        files.sort();
        files
    };

    let ids = dir.join("ids");
    play(&ids, false);
    let before = snapshot(&ids);
    assert!(
        String::from_utf8_lossy(&fs::read(ids.join("standings.csv")).unwrap()).contains(",s1,")
    );
    arena()
        .arg("standings")
        .arg(&ids)
        .assert()
        .success()
        .stderr(predicates::str::contains("student ids kept"));
    assert_eq!(snapshot(&ids), before);

    // A graded folder keeps the roster and bands its manifest records: `standings` and
    // `report` without them rewrite the same files.
    let graded = dir.join("graded");
    play(&graded, true);
    let before = snapshot(&graded);
    for command in ["standings", "report"] {
        arena().arg(command).arg(&graded).assert().success().stderr(
            predicates::str::contains("student ids kept from the roster")
                .and(predicates::str::contains("grades given with the bands")),
        );
        assert_eq!(snapshot(&graded), before, "{command}");
    }
    // A folder that records no grading inputs (written before arena recorded them)
    // keeps its roster from grades.csv, and refuses, touching nothing, when dropping
    // the bands would drop its grades.
    let manifest = graded.join("tournament.json");
    let mut json: serde_json::Value =
        serde_json::from_slice(&fs::read(&manifest).unwrap()).unwrap();
    json.as_object_mut().unwrap().remove("grading").unwrap();
    fs::write(
        &manifest,
        format!("{}\n", serde_json::to_string_pretty(&json).unwrap()),
    )
    .unwrap();
    let before = snapshot(&graded);
    arena()
        .arg("report")
        .arg(&graded)
        .assert()
        .code(2)
        .stderr(predicates::str::contains("pass --roster and --bands again"));
    assert_eq!(snapshot(&graded), before);
}

/// How often `c` occurs in `line` not escaped (not after an odd run of backslashes).
fn unescaped(line: &str, c: char) -> usize {
    let mut backslashes = 0;
    let mut n = 0;
    for x in line.chars() {
        if x == c && backslashes % 2 == 0 {
            n += 1;
        }
        backslashes = if x == '\\' { backslashes + 1 } else { 0 };
    }
    n
}

/// A bot name, a roster name and id and a reason (a function name from the module's name
/// section) full of Markdown reach a feedback page as text: every table row keeps its
/// cells, and no link, HTML, emphasis or code span is opened by them.
#[test]
fn hostile_names_are_text_on_a_feedback_page() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let subs = dir.join("subs");
    fs::create_dir_all(&subs).unwrap();
    fs::copy(hostile("first_legal.wat"), subs.join("ana.wat")).unwrap();
    let evil = "x|`<b>*[l](u)_";
    let trap = fs::read_to_string(hostile("unreachable.wat"))
        .unwrap()
        .replace("$choose", "$c`<img|src=x>*");
    fs::write(subs.join(format!("{evil}.wat")), trap).unwrap();
    let roster = dir.join("roster.csv");
    fs::write(
        &roster,
        format!("file,student_id,name\nana,s1,Ana\n{evil},e|1,Eve <img src=x> **b** [l](u)\n"),
    )
    .unwrap();
    let out = dir.join("r");
    arena()
        .arg("tournament")
        .arg(&subs)
        .args(["--rows", "5", "--cols", "5", "--best-of", "3", "--quiet"])
        .arg("--roster")
        .arg(&roster)
        .arg("--out")
        .arg(&out)
        .assert()
        .success();
    let eve = fs::read_to_string(out.join("feedback/e%7C1.md")).unwrap();
    let ana = fs::read_to_string(out.join("feedback/s1.md")).unwrap();
    assert_eq!(
        eve.lines().next().unwrap(),
        "# Eve \\<img src\\=x\\> \\*\\*b\\*\\* \\[l\\](u) (e\\|1): bot ``x|`<b>*[l](u)_``"
    );
    assert!(ana.contains("| x\\|\\`\\<b\\>\\*\\[l\\](u)\\_ | "), "{ana}");
    let faults: Vec<&str> = eve.lines().filter(|l| l.starts_with("- game ")).collect();
    assert!(!faults.is_empty(), "{eve}");
    assert!(faults[0].contains("c\\`\\<img\\|src\\=x\\>\\*"), "{eve}");
    for page in [&eve, &ana] {
        let mut lines = page.lines();
        lines.next(); // the heading, checked above
        for line in lines {
            for c in ['<', '[', ']', '*', '`'] {
                let allowed = match c {
                    '*' => 4, // arena's own **Rank …** and **trap**
                    '`' if line.contains("arena replay RESULTS") => 2,
                    '`' if line.starts_with("In the commands") => 2,
                    _ => 0,
                };
                assert!(unescaped(line, c) <= allowed, "{c:?} in {line}");
            }
            if line.starts_with('|') {
                assert_eq!(unescaped(line, '|'), 5, "{line}");
            }
        }
    }
}
