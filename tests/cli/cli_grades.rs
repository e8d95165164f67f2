//! Ranks and grades follow from play: a module that never loaded or faulted in every game
//! ranks below every bot that played and gets the lowest band, in every mode.

use crate::common::{self, arena, hostile};

use std::fs;
use std::path::{Path, PathBuf};

use predicates::prelude::*;

/// A folder with a bot that plays (`ana`), one that panics every move (`bo`), and one
/// that is not WebAssembly (`cy`, never loads); plus roster and percentile bands.
fn field(dir: &Path) -> (PathBuf, PathBuf, PathBuf) {
    let subs = dir.join("subs");
    fs::create_dir_all(&subs).unwrap();
    fs::copy(hostile("first_legal.wat"), subs.join("ana.wat")).unwrap();
    fs::copy(hostile("unreachable.wat"), subs.join("bo.wat")).unwrap();
    fs::write(subs.join("cy.wasm"), "my notes, not a module\n").unwrap();
    let roster = dir.join("roster.csv");
    fs::write(
        &roster,
        "file,student_id,name\nana,s1,Ana\nbo,s2,Bo\ncy,s3,Cy\ndi,s4,Di\n",
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

/// `bot -> (rank, column values)` of a CSV.
fn rows(path: &Path) -> Vec<Vec<String>> {
    let mut r = csv::Reader::from_path(path).unwrap();
    let header: Vec<String> = r.headers().unwrap().iter().map(String::from).collect();
    let mut out = vec![header];
    for rec in r.records() {
        out.push(rec.unwrap().iter().map(String::from).collect());
    }
    out
}

fn column(table: &[Vec<String>], name: &str) -> Vec<String> {
    let i = table[0].iter().position(|h| h == name).unwrap();
    table[1..].iter().map(|r| r[i].clone()).collect()
}

/// `arena tournament BOTS... FLAGS... --quiet --roster ROSTER --bands BANDS --out OUT`,
/// which must succeed.
fn graded_tournament(
    bots: &[PathBuf],
    flags: &[&str],
    (roster, bands): (&Path, &Path),
    out: &Path,
) {
    arena()
        .arg("tournament")
        .args(bots)
        .args(flags)
        .arg("--quiet")
        .arg("--roster")
        .arg(roster)
        .arg("--bands")
        .arg(bands)
        .arg("--out")
        .arg(out)
        .assert()
        .success();
}

fn run(dir: &Path, mode: &[&str]) -> PathBuf {
    let (subs, roster, bands) = field(dir);
    let out = dir.join("r");
    let mut flags = mode.to_vec();
    flags.extend(["--rows", "5", "--cols", "5", "--best-of", "3"]);
    graded_tournament(&[subs], &flags, (&roster, &bands), &out);
    out
}

fn check_order(out: &Path) {
    let standings = rows(&out.join("standings.csv"));
    let ranked: Vec<String> = column(&standings, "bot")
        .into_iter()
        .zip(column(&standings, "role"))
        .filter(|(_, role)| role == "submission")
        .map(|(b, _)| b)
        .collect();
    let builtins: Vec<&String> = ranked
        .iter()
        .filter(|b| b.starts_with("builtin:"))
        .collect();
    let students: Vec<&String> = ranked
        .iter()
        .filter(|b| !b.starts_with("builtin:"))
        .collect();
    assert_eq!(students, ["ana", "bo", "cy"], "{standings:?}");
    // Every bot that played ranks above the one that panicked and the one that never loaded.
    let pos = |b: &str| ranked.iter().position(|x| x == b).unwrap();
    for b in builtins {
        assert!(pos(b) < pos("bo"), "{standings:?}");
    }
    let grades = rows(&out.join("grades.csv"));
    assert_eq!(column(&grades, "bot"), ["ana", "bo", "cy", "di"]);
    assert_eq!(
        column(&grades, "status"),
        ["played", "faulted", "disqualified", "not_submitted"]
    );
    let g = column(&grades, "grade");
    assert_eq!(&g[1..], ["F", "F", "F"], "{grades:?}");
    assert_ne!(g[0], "F", "{grades:?}");
    let why = column(&grades, "explanation");
    assert!(
        why[0].contains("rank") && why[0].contains("reaches band"),
        "{why:?}"
    );
    assert!(why[1].contains("faulted in every game"), "{why:?}");
    assert!(why[2].contains("never loaded"), "{why:?}");
    assert!(why[3].contains("no module"), "{why:?}");
    assert_eq!(
        column(&grades, "measure_basis")[0],
        "percentile of rank",
        "{grades:?}"
    );
}

#[test]
fn round_robin_ranks_by_status_first() {
    let tmp = tempfile::tempdir().unwrap();
    let out = run(tmp.path(), &[]);
    check_order(&out);
}

#[test]
fn gauntlet_ranks_a_module_that_never_loaded_last() {
    let tmp = tempfile::tempdir().unwrap();
    let out = run(
        tmp.path(),
        &[
            "--gauntlet",
            "builtin:alphabeta:2",
            "--gauntlet",
            "builtin:greedy",
        ],
    );
    check_order(&out);
    // The module that played lost every game with a negative margin; the one that never
    // loaded has margin 0: it still ranks last.
    let grades = rows(&out.join("grades.csv"));
    assert_eq!(column(&grades, "rank")[..3], ["1", "2", "3"]);
    // The graded folder verifies with the same roster and bands, or with those it
    // records.
    let dir = tmp.path();
    arena()
        .arg("verify")
        .arg(&out)
        .arg(dir.join("subs"))
        .arg("--roster")
        .arg(dir.join("roster.csv"))
        .arg("--bands")
        .arg(dir.join("bands.toml"))
        .assert()
        .success()
        .stdout(predicate::str::contains("reproduced exactly"));
    arena()
        .arg("verify")
        .arg(&out)
        .arg(dir.join("subs"))
        .assert()
        .success()
        .stderr(predicate::str::contains("grades given with the bands"));
    fs::remove_file(out.join("standings.csv")).unwrap();
    arena()
        .arg("verify")
        .arg(&out)
        .arg(dir.join("subs"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not finished"));
}

#[test]
fn paired_ranks_by_status_first() {
    let tmp = tempfile::tempdir().unwrap();
    let out = run(tmp.path(), &["--paired", "builtin:random"]);
    check_order(&out);
}

#[test]
fn bands_that_do_not_cover_from_zero_are_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let (subs, roster, bands) = field(tmp.path());
    for (text, message) in [
        (
            "bands = [{ grade = \"A\", min = 0.5 }, { grade = \"B\", min = 0.1 }]",
            "band `B` is the lowest",
        ),
        (
            "bands = [{ grade = \"A\", min = 0.5 }, { grade = \"B\", min = 0.5 }, { grade = \"F\", min = 0.0 }]",
            "band `B` has the same min",
        ),
        (
            "bands = [{ grade = \"F\", min = 0.0 }, { grade = \"A\", min = 0.5 }]",
            "band `A` (min 0.5) comes after band `F`",
        ),
    ] {
        fs::write(&bands, format!("measure = \"score\"\n{text}\n")).unwrap();
        arena()
            .arg("tournament")
            .arg(&subs)
            .args(["--best-of", "1", "--quiet", "--roster"])
            .arg(&roster)
            .arg("--bands")
            .arg(&bands)
            .arg("--out")
            .arg(tmp.path().join("r"))
            .assert()
            .code(2)
            .stderr(predicate::str::contains("bands.toml").and(predicate::str::contains(message)));
        assert!(!tmp.path().join("r").exists());
    }
}

#[test]
fn a_graded_folder_recomputed_with_a_roster_but_no_bands_keeps_its_grades() {
    let tmp = tempfile::tempdir().unwrap();
    let out = run(tmp.path(), &[]);
    let before = fs::read(out.join("grades.csv")).unwrap();
    arena()
        .arg("standings")
        .arg(&out)
        .arg("--roster")
        .arg(tmp.path().join("roster.csv"))
        .assert()
        .success()
        .stderr(predicate::str::contains("grades given with the bands"));
    assert_eq!(fs::read(out.join("grades.csv")).unwrap(), before);
}

#[test]
fn a_student_named_like_a_gauntlet_reference_is_graded_as_not_submitted() {
    let tmp = tempfile::tempdir().unwrap();
    let (subs, roster, bands) = field(tmp.path());
    let refs = tmp.path().join("refs");
    fs::create_dir_all(&refs).unwrap();
    // `di` is on the roster with no module; a reference module of that name is not hers.
    fs::copy(hostile("first_legal.wat"), refs.join("di.wat")).unwrap();
    let out = tmp.path().join("r");
    arena()
        .arg("tournament")
        .arg(&subs)
        .arg("--gauntlet")
        .arg(refs.join("di.wat"))
        .args(["--rows", "5", "--cols", "5", "--best-of", "1", "--quiet"])
        .arg("--roster")
        .arg(&roster)
        .arg("--bands")
        .arg(&bands)
        .arg("--out")
        .arg(&out)
        .assert()
        .success()
        .stderr(predicate::str::contains("Di (s4) handed in no module `di`"));
    let grades = rows(&out.join("grades.csv"));
    let di = grades[1..]
        .iter()
        .position(|r| r[0] == "s4")
        .expect("Di has a row");
    assert_eq!(column(&grades, "status")[di], "not_submitted");
    assert_eq!(column(&grades, "grade")[di], "F");
    // The reference is nobody's work: no student id anywhere.
    let standings = rows(&out.join("standings.csv"));
    assert!(!column(&standings, "student_id").contains(&"s4".to_string()));
    let json = fs::read_to_string(out.join("standings.json")).unwrap();
    assert!(!json.contains("\"s4\""), "{json}");
    // On the page, Di is a student with nothing in the tournament, never the reference's.
    let report = fs::read_to_string(out.join("report.html")).unwrap();
    let data = &report[report.find("id=\"arena-data\"").unwrap()..];
    let data = &data[..data.find("</script>").unwrap()];
    assert!(!data.contains("\"s4\""));
    assert!(report.contains(
        "\"id\":\"s4\",\"name\":\"Di\",\"bot\":\"di\",\"rank\":null,\"status\":\"not_submitted\""
    ));
    let page = fs::read_to_string(out.join("feedback/s4.md")).unwrap();
    assert!(page.starts_with("# Di (s4): no bot played"), "{page}");
}

#[test]
fn a_roster_problem_is_said_once() {
    let tmp = tempfile::tempdir().unwrap();
    let roster = tmp.path().join("roster.csv");
    fs::write(&roster, "file,name\nana,Ana\n").unwrap();
    let message = "the header has no `student_id` column";
    arena()
        .args(["tournament", "builtin:random", "builtin:greedy", "--quiet"])
        .arg("--roster")
        .arg(&roster)
        .arg("--out")
        .arg(tmp.path().join("r"))
        .assert()
        .code(2)
        .stderr(predicate::function(|s: &str| {
            s.matches(message).count() == 1
        }));
}

#[test]
fn a_student_named_like_a_builtin_is_graded_as_not_submitted() {
    let tmp = tempfile::tempdir().unwrap();
    let (subs, roster, bands) = field(tmp.path());
    // A roster line naming a builtin of the field: the builtin is nobody's work.
    fs::write(
        &roster,
        "file,student_id,name\nana,s1,Ana\nbo,s2,Bo\ncy,s3,Cy\nbuiltin:greedy,s4,Di\n",
    )
    .unwrap();
    let out = tmp.path().join("r");
    arena()
        .arg("tournament")
        .arg(&subs)
        .arg("builtin:greedy")
        .args(["--rows", "5", "--cols", "5", "--best-of", "1", "--quiet"])
        .arg("--roster")
        .arg(&roster)
        .arg("--bands")
        .arg(&bands)
        .arg("--out")
        .arg(&out)
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "Di (s4) handed in no module `builtin:greedy`; graded as not submitted",
        ));
    let grades = rows(&out.join("grades.csv"));
    let di = grades[1..]
        .iter()
        .position(|r| r[0] == "s4")
        .expect("Di has a row");
    assert_eq!(column(&grades, "submitted")[di], "no");
    assert_eq!(column(&grades, "status")[di], "not_submitted");
    assert_eq!(column(&grades, "grade")[di], "F");
    assert_eq!(grades.len(), 5, "{grades:?}");
    let standings = rows(&out.join("standings.csv"));
    assert!(!column(&standings, "student_id").contains(&"s4".to_string()));
    let json = fs::read_to_string(out.join("standings.json")).unwrap();
    assert!(!json.contains("\"s4\""), "{json}");
    let page = fs::read_to_string(out.join("feedback/s4.md")).unwrap();
    assert!(page.starts_with("# Di (s4): no bot played"), "{page}");
}

#[test]
fn the_rosters_text_reaches_the_terminal_escaped() {
    let tmp = tempfile::tempdir().unwrap();
    let roster = tmp.path().join("roster.csv");
    fs::write(
        &roster,
        "file,student_id,name\ndi\u{202e},s4\u{7},D\u{1b}[31mi\n",
    )
    .unwrap();
    arena()
        .args(["tournament", "builtin:random", "builtin:greedy", "--quiet"])
        .args(["--rows", "5", "--cols", "5", "--best-of", "1"])
        .arg("--roster")
        .arg(&roster)
        .arg("--out")
        .arg(tmp.path().join("r"))
        .assert()
        .success()
        .stderr(
            predicate::str::contains(
                "note: D\\x1b[31mi (s4\\x07) handed in no module `di\\u{202e}`",
            )
            .and(predicate::function(|s: &str| {
                !s.contains('\u{1b}') && !s.contains('\u{7}') && !s.contains('\u{202e}')
            })),
        );
    fs::write(
        &roster,
        "file,student_id,name\nana,s\u{1b}[2J,Ana\nbo,s\u{1b}[2J,Bo\n",
    )
    .unwrap();
    arena()
        .args(["tournament", "builtin:random", "builtin:greedy", "--quiet"])
        .arg("--roster")
        .arg(&roster)
        .arg("--out")
        .arg(tmp.path().join("r2"))
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("line 3: student id `s\\x1b[2J` is already on line 2")
                .and(predicate::function(|s: &str| !s.contains('\u{1b}'))),
        );
}

#[test]
fn a_roster_or_bands_that_is_no_such_file_is_refused_unread() {
    let tmp = tempfile::tempdir().unwrap();
    let (_, roster, _) = field(tmp.path());
    // Another file given by mistake (a sparse one: nothing is written to the disk).
    let big = tmp.path().join("big.csv");
    fs::File::create(&big).unwrap().set_len(17 << 20).unwrap();
    for (roster, bands, message) in [
        (
            &big,
            None,
            "big.csv: larger than 16 MiB: not a roster or bands file",
        ),
        (&roster, Some(&big), "big.csv: larger than 16 MiB"),
        (
            &roster,
            Some(&tmp.path().to_path_buf()),
            "not a regular file",
        ),
    ] {
        let mut cmd = arena();
        cmd.args(["tournament", "builtin:random", "builtin:greedy", "--quiet"])
            .arg("--roster")
            .arg(roster);
        if let Some(bands) = bands {
            cmd.arg("--bands").arg(bands);
        }
        cmd.arg("--out")
            .arg(tmp.path().join("r"))
            .assert()
            .code(2)
            .stderr(predicate::str::contains(message));
        assert!(!tmp.path().join("r").exists());
    }
}

#[test]
fn a_student_whose_entry_was_skipped_is_told_apart_from_one_who_handed_nothing_in() {
    let tmp = tempfile::tempdir().unwrap();
    let (subs, roster, bands) = field(tmp.path());
    // Ana handed in two files of one name: both are skipped, and she is graded as not
    // submitted, but she did hand something in: the note names what was skipped.
    fs::copy(hostile("first_legal.wat"), subs.join("ana.wasm")).unwrap();
    arena()
        .arg("tournament")
        .arg(&subs)
        .args(["--rows", "5", "--cols", "5", "--best-of", "1", "--quiet"])
        .arg("--roster")
        .arg(&roster)
        .arg("--bands")
        .arg(&bands)
        .arg("--out")
        .arg(tmp.path().join("r"))
        .assert()
        .success()
        .stderr(
            predicate::str::contains(
                "note: Ana (s1) has no module `ana` that plays: skipped `ana.wasm` (",
            )
            .and(predicate::str::contains("`ana.wat` ("))
            .and(predicate::str::contains(
                "note: Di (s4) handed in no module `di`; graded as not submitted",
            )),
        );
}

/// A builtin in a round robin's field is a ranked bot: it counts in the percentile's `n`
/// and the student it finished above ranks below it (docs/GRADING.md). Played as a
/// gauntlet reference, it is never ranked and counts for nothing.
#[test]
fn a_builtin_in_the_field_counts_in_the_percentile_and_a_reference_does_not() {
    let tmp = tempfile::tempdir().unwrap();
    let (_, roster, bands) = field(tmp.path());
    let bots = common::root().join("bots");
    let subs = tmp.path().join("pair");
    fs::create_dir_all(&subs).unwrap();
    fs::copy(bots.join("random.wasm"), subs.join("ana.wasm")).unwrap();
    fs::copy(bots.join("greedy.wasm"), subs.join("bo.wasm")).unwrap();
    for (mode, ranked, best) in [
        (vec!["builtin:perfect"], "3", "0.667"),
        (vec!["--gauntlet", "builtin:perfect"], "2", "1.000"),
    ] {
        let out = tmp.path().join(format!("r{ranked}"));
        let mut flags = mode.clone();
        flags.extend(["--game", "nim"]);
        graded_tournament(
            &[subs.join("ana.wasm"), subs.join("bo.wasm")],
            &flags,
            (&roster, &bands),
            &out,
        );
        let grades = rows(&out.join("grades.csv"));
        assert_eq!(
            column(&grades, "ranked")[..2],
            [ranked, ranked],
            "{grades:?}"
        );
        let measures = column(&grades, "measure");
        assert_eq!(measures[0], best, "{mode:?}: {grades:?}");
    }
}

/// A student who handed in nothing that plays (a learning platform's folder with two
/// modules, or with a zip, a module that is not WebAssembly, or nothing at all) is graded
/// with what was skipped and why: in the note, in grades.csv's explanation, on a
/// feedback page of their own (every roster student gets one) and on the results page.
#[test]
fn students_with_nothing_playable_are_graded_with_the_reason_everywhere() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let subs = dir.join("class");
    fs::create_dir_all(&subs).unwrap();
    fs::copy(hostile("first_legal.wat"), subs.join("ana.wat")).unwrap();
    fs::write(subs.join("dee.wasm"), "my notes, not a module\n").unwrap();
    let two = subs.join("Bo Li_4411_assignsubmission_file_");
    fs::create_dir_all(&two).unwrap();
    fs::copy(hostile("first_legal.wat"), two.join("bot.wat")).unwrap();
    fs::copy(hostile("random.wat"), two.join("old.wat")).unwrap();
    let zip = subs.join("Cy Wu_4412_assignsubmission_file_");
    fs::create_dir_all(&zip).unwrap();
    fs::write(zip.join("cy.zip"), "PK\u{3}\u{4}").unwrap();
    let roster = dir.join("roster.csv");
    fs::write(
        &roster,
        "file,student_id,name\nana,s1,Ana\nBo Li,s2,Bo Li\nCy Wu,s3,Cy Wu\ndee,s4,Dee\ned,s5,Ed\n",
    )
    .unwrap();
    let bands = dir.join("bands.toml");
    fs::write(
        &bands,
        "measure = \"score\"\nbands = [{ grade = \"A\", min = 0.5 }, { grade = \"F\", min = 0.0 }]\n",
    )
    .unwrap();
    let out = dir.join("r");
    arena()
        .arg("tournament")
        .arg(&subs)
        .args(["builtin:greedy", "--rows", "5", "--cols", "5", "--best-of", "1"])
        .args(["--quiet", "--roster"])
        .arg(&roster)
        .arg("--bands")
        .arg(&bands)
        .arg("--out")
        .arg(&out)
        .assert()
        .success()
        .stderr(
            predicate::str::contains("note: Bo Li (s2) has no module `Bo Li` that plays: skipped `Bo Li_4411_assignsubmission_file_/` (the folder holds 2 modules")
                .and(predicate::str::contains("note: Cy Wu (s3) has no module `Cy Wu` that plays: skipped `Cy Wu_4412_assignsubmission_file_/` (the folder holds no .wasm, .wat or .py file"))
                .and(predicate::str::contains("note: Ed (s5) handed in no module `ed`")),
        );
    let grades = rows(&out.join("grades.csv"));
    let why = column(&grades, "explanation");
    let ids = column(&grades, "student_id");
    let of = |id: &str| why[ids.iter().position(|i| i == id).unwrap()].clone();
    assert!(
        of("s2").starts_with("handed in no module that plays: skipped `Bo Li_4411_assignsubmission_file_/` (the folder holds 2 modules (bot.wat, old.wat)")
            && of("s2").ends_with(": the lowest band"),
        "{}",
        of("s2")
    );
    assert!(of("s3").contains("cy.zip"), "{}", of("s3"));
    assert_eq!(of("s5"), "handed in no module: the lowest band");
    assert_eq!(of("s4"), "never loaded (disqualified): the lowest band");
    // A page for every student of the roster.
    let page = |id: &str| fs::read_to_string(out.join(format!("feedback/{id}.md"))).unwrap();
    for id in ["s1", "s2", "s3", "s4", "s5"] {
        assert!(out.join(format!("feedback/{id}.md")).is_file(), "{id}");
    }
    let bo = page("s2");
    assert!(bo.starts_with("# Bo Li (s2): no bot played"), "{bo}");
    assert!(bo.contains("grade **F**"), "{bo}");
    assert!(
        bo.contains("- `Bo Li_4411_assignsubmission_file_/`: skipped: the folder holds 2 modules (bot.wat, old.wat)"),
        "{bo}"
    );
    assert!(page("s3").contains("cy.zip"), "{}", page("s3"));
    assert!(page("s5").contains("Nothing the tournament could match to you"));
    // The disqualified student's page says why there were no faults.
    let dee = page("s4");
    assert!(
        !dee.contains("None: every game of yours ended under the rules"),
        "{dee}"
    );
    assert!(
        dee.contains("never loaded, so it forfeited every game"),
        "{dee}"
    );
    // The results page carries every student and the skipped entries with their reasons.
    let html = fs::read_to_string(out.join("report.html")).unwrap();
    let start = html.find("id=\"arena-grading\">").expect("a grading part") + 19;
    let end = start + html[start..].find("</script>").unwrap();
    let data: serde_json::Value = serde_json::from_str(&html[start..end]).unwrap();
    let students = data["students"].as_array().unwrap();
    assert_eq!(students.len(), 5, "{data}");
    let skipped = data["skipped"].as_array().unwrap();
    let bo_entry = skipped
        .iter()
        .find(|e| e["file"] == "Bo Li_4411_assignsubmission_file_/")
        .unwrap();
    assert_eq!(bo_entry["student"], "Bo Li (s2)");
    assert!(bo_entry["reason"].as_str().unwrap().contains("2 modules"));
}
