//! Grades of table tournaments (games of one to four seats) through the real binary: a
//! module that faulted in every game it played gets the lowest band (two, three and one
//! seats), a student whose module is named like a gauntlet reference is graded as not
//! submitted, and `grades.csv` has the columns `docs/GRADING.md` lists, reproduced by
//! `arena standings` and `arena verify`.

use crate::common::{self, arena};

use std::fs;
use std::path::{Path, PathBuf};

use predicates::prelude::*;

/// A module that says it plays every game, then traps on its first move.
const TRAP: &str = r#"(module
  (memory (export "memory") 1)
  (func (export "arena_plays") (param i32 i32) (result i32) (i32.const 1))
  (func (export "arena_alloc") (param i32) (result i32) (i32.const 1024))
  (func (export "choose_move") (param i32 i32) (result i32) (unreachable)))"#;

/// A module that plays its first move legally (the first of the legal moves), then traps:
/// it has a score above 0 on every board, and no game of its ends normally.
const LATE_TRAP: &str = r#"(module
  (import "arena" "legal_moves" (func $legal (param i32 i32) (result i32)))
  (memory (export "memory") 1)
  (global $n (mut i32) (i32.const 0))
  (func (export "arena_plays") (param i32 i32) (result i32) (i32.const 1))
  (func (export "arena_alloc") (param i32) (result i32) (i32.const 1024))
  (func (export "choose_move") (param i32 i32) (result i32)
    (global.set $n (i32.add (global.get $n) (i32.const 1)))
    (if (i32.gt_s (global.get $n) (i32.const 1)) (then unreachable))
    (drop (call $legal (i32.const 8192) (i32.const 1)))
    (i32.load (i32.const 8192))))"#;

/// Tic-tac-toe for three on its default board, one round.
const TICTACTOE3_ONE_ROUND: [&str; 6] = [
    "--game",
    "tictactoe",
    "--option",
    "players=3",
    "--rounds",
    "1",
];

/// The example bands of `docs/GRADING.md`.
const PERCENTILE: &str = r#"measure = "percentile"
bands = [
  { grade = "6", min = 0.85 },
  { grade = "5", min = 0.65 },
  { grade = "4", min = 0.45 },
  { grade = "3", min = 0.25 },
  { grade = "2", min = 0.0 },
]
"#;

/// A folder `tmp/name` of submissions (a bot name and either an example module of
/// `bots/games/GAME/` or WAT text), with `roster.csv` (students `s1`, `s2`, ... in that order,
/// plus `extra` lines) and `bands.toml` beside it. Returns the submissions' folder, the
/// roster and the bands.
fn setup(
    tmp: &Path,
    modules: &[(&str, &str)],
    extra: &str,
    bands: &str,
) -> (PathBuf, PathBuf, PathBuf) {
    let subs = tmp.join("subs");
    fs::create_dir_all(&subs).unwrap();
    let mut roster = String::from("file,student_id,name\n");
    for (i, (name, module)) in modules.iter().enumerate() {
        let file = if module.starts_with("(module") {
            let file = format!("{name}.wat");
            fs::write(subs.join(&file), module).unwrap();
            file
        } else {
            let file = format!("{name}.wasm");
            fs::copy(common::game_example(module), subs.join(&file)).unwrap();
            file
        };
        roster.push_str(&format!("{file},s{},{name}\n", i + 1));
    }
    roster.push_str(extra);
    let (roster_path, bands_path) = (tmp.join("roster.csv"), tmp.join("bands.toml"));
    fs::write(&roster_path, roster).unwrap();
    fs::write(&bands_path, bands).unwrap();
    (subs, roster_path, bands_path)
}

/// `arena tournament SUBS --roster R --bands B --out OUT -q` with `args`.
fn tournament(subs: &Path, roster: &Path, bands: &Path, out: &Path, args: &[&str]) {
    arena()
        .arg("tournament")
        .arg(subs)
        .args(args)
        .arg("--roster")
        .arg(roster)
        .arg("--bands")
        .arg(bands)
        .arg("--out")
        .arg(out)
        .arg("-q")
        .assert()
        .success();
}

/// `grades.csv` as its header and `column -> cell` rows.
fn grades(out: &Path) -> (Vec<String>, Vec<std::collections::BTreeMap<String, String>>) {
    let mut reader = csv::Reader::from_path(out.join("grades.csv")).unwrap();
    let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    let rows = reader
        .records()
        .map(|r| {
            header
                .iter()
                .cloned()
                .zip(r.unwrap().iter().map(String::from))
                .collect()
        })
        .collect();
    (header, rows)
}

/// The row of `bot` in `grades.csv`.
fn row_of(out: &Path, bot: &str) -> std::collections::BTreeMap<String, String> {
    let (_, rows) = grades(out);
    rows.into_iter()
        .find(|r| r["bot"] == bot)
        .unwrap_or_else(|| panic!("no row of {bot} in grades.csv"))
}

/// A bot that trapped in every game gets the lowest band and the status `faulted`, though
/// in a field of three its percentile (1/3) reaches band `3`: at a table of two, and at a
/// table of three where some of its games were cut short by the other trapping bot's fault
/// (so it faulted in fewer games than it played, and one of them ranks second on points).
#[test]
fn a_bot_that_faulted_in_every_game_gets_the_lowest_band() {
    let tmp = tempfile::tempdir().unwrap();
    let two = tmp.path().join("two");
    let (subs, roster, bands) = setup(
        &two,
        &[
            ("ana", "tictactoe.wasm"),
            ("bo", "tictactoe.wasm"),
            ("trap", TRAP),
        ],
        "",
        PERCENTILE,
    );
    let out = two.join("r");
    tournament(&subs, &roster, &bands, &out, &["--game", "tictactoe"]);
    let trap = row_of(&out, "trap");
    assert_eq!(trap["rank"], "3");
    assert_eq!(trap["measure"], "0.333");
    assert_eq!(trap["grade"], "2", "{trap:?}");
    assert_eq!(trap["status"], "faulted");
    assert_eq!(
        trap["explanation"],
        "faulted in every game it played: the lowest band"
    );
    assert_eq!(row_of(&out, "ana")["status"], "played");

    let three = tmp.path().join("three");
    let (subs, roster, bands) = setup(
        &three,
        &[("ana", "tictactoe.wasm"), ("t1", TRAP), ("t2", TRAP)],
        "",
        PERCENTILE,
    );
    let out = three.join("r");
    tournament(&subs, &roster, &bands, &out, &TICTACTOE3_ONE_ROUND);
    let (_, rows) = grades(&out);
    let cells: Vec<[&str; 4]> = rows
        .iter()
        .map(|r| {
            [
                r["bot"].as_str(),
                r["faults"].as_str(),
                r["grade"].as_str(),
                r["status"].as_str(),
            ]
        })
        .collect();
    assert_eq!(cells[0], ["ana", "0", "6", "played"], "{rows:?}");
    for r in &cells[1..] {
        assert_eq!([r[2], r[3]], ["2", "faulted"], "{rows:?}");
    }
    assert!(
        cells[1..].iter().any(|r| r[1].parse::<u32>().unwrap() < 3),
        "a trapping bot with fewer faults than games: {rows:?}"
    );
}

/// At one seat, a bot that plays a legal move then traps on every board has a mean score
/// above 0, which reaches band `B` (min 0.01); regraded by `arena standings` with score
/// bands, it gets the lowest band.
#[test]
fn a_one_seat_bot_that_faulted_on_every_board_gets_the_lowest_band() {
    let tmp = tempfile::tempdir().unwrap();
    let (subs, roster, bands) = setup(
        tmp.path(),
        &[("ana", "minesweeper.wasm"), ("late", LATE_TRAP)],
        "",
        PERCENTILE,
    );
    let out = tmp.path().join("r");
    tournament(
        &subs,
        &roster,
        &bands,
        &out,
        &[
            "--game",
            "minesweeper",
            "--option",
            "mines=3",
            "--rounds",
            "4",
            // Boards of hidden setup are dealt under a secret: a fixed one, so that every
            // run deals the same boards, on none of which the first cell opened ends the
            // game.
            "--secret",
            "8ac8f07b620fa44a5acc861697b4df049f2750b9e35e958d2bba5b0864b1a220",
        ],
    );
    let score = tmp.path().join("score.toml");
    fs::write(
        &score,
        "measure = \"score\"\nbands = [{ grade = \"A\", min = 0.9 }, { grade = \"B\", min = 0.01 }, { grade = \"F\", min = 0.0 }]\n",
    )
    .unwrap();
    arena()
        .arg("standings")
        .arg(&out)
        .arg("--roster")
        .arg(&roster)
        .arg("--bands")
        .arg(&score)
        .assert()
        .success();
    let late = row_of(&out, "late");
    assert_eq!(late["faults"], "4", "{late:?}");
    let measure: f64 = late["measure"].parse().unwrap();
    assert!(measure >= 0.01, "its score reaches band B: {late:?}");
    assert_eq!(late["grade"], "F", "{late:?}");
    assert_eq!(late["status"], "faulted");
    assert_eq!(late["measure_basis"], "mean score per board");
    let ana = row_of(&out, "ana");
    assert_eq!(ana["grade"], "A");
    assert_eq!(
        ana["explanation"],
        "mean score 1.000 over 4 boards: mean score per board 1.000 reaches band `A` (min 0.9)"
    );
}

/// A student whose module file is named like a gauntlet reference (`cy.wasm`) handed in
/// nothing: `grades.csv` lists them as not submitted with the lowest band, and no file of
/// the standings gives the reference their student id.
#[test]
fn a_student_named_like_a_reference_is_graded_as_not_submitted() {
    let tmp = tempfile::tempdir().unwrap();
    let (subs, roster, bands) = setup(
        tmp.path(),
        &[("ana", "tictactoe.wasm")],
        "cy.wasm,s9,Cy\n",
        PERCENTILE,
    );
    let refs = tmp.path().join("refs");
    fs::create_dir_all(&refs).unwrap();
    let examples = common::root().join("bots/games/tictactoe");
    fs::copy(examples.join("tictactoe.wasm"), refs.join("cy.wasm")).unwrap();
    let out = tmp.path().join("r");
    arena()
        .arg("tournament")
        .arg(&subs)
        .args(["--game", "tictactoe", "--gauntlet"])
        .arg(refs.join("cy.wasm"))
        .arg("--roster")
        .arg(&roster)
        .arg("--bands")
        .arg(&bands)
        .arg("--out")
        .arg(&out)
        .arg("-q")
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "Cy (s9) handed in no module `cy`; graded as not submitted",
        ));
    let cy = row_of(&out, "cy");
    assert_eq!(cy["student_id"], "s9");
    assert_eq!(cy["submitted"], "no");
    assert_eq!(cy["grade"], "2");
    assert_eq!(cy["status"], "not_submitted");
    assert_eq!(cy["explanation"], "handed in no module: the lowest band");
    assert_eq!(grades(&out).1.len(), 2);

    let mut standings = csv::Reader::from_path(out.join("standings.csv")).unwrap();
    let header = standings.headers().unwrap().clone();
    let (bot, id) = (
        header.iter().position(|h| h == "bot").unwrap(),
        header.iter().position(|h| h == "student_id").unwrap(),
    );
    let ids: Vec<(String, String)> = standings
        .records()
        .map(|r| {
            let r = r.unwrap();
            (r[bot].to_string(), r[id].to_string())
        })
        .collect();
    assert_eq!(
        ids,
        [("ana".into(), "s1".into()), ("cy".into(), String::new())]
    );
    let json: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(out.join("standings.json")).unwrap()).unwrap();
    let reference = json["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["bot"] == "cy")
        .unwrap();
    assert_eq!(reference["student_id"], serde_json::Value::Null);
    let page = fs::read_to_string(out.join("report.html")).unwrap();
    assert!(!page.contains("\"student\":\"s9\""), "report.html");
    // The student gets a page that says no bot of theirs played (the reference is not
    // theirs).
    let feedback = fs::read_to_string(out.join("feedback/s9.md")).unwrap();
    assert!(feedback.contains("no bot played"), "{feedback}");
}

/// `grades.csv` of a table tournament has the two-seat file's explaining columns in the
/// same order, with `points` and `share` in place of the rating and the series and game
/// points; `arena standings` rewrites the folder byte for byte and `arena verify` passes.
#[test]
fn table_grades_have_the_documented_columns_and_are_reproduced() {
    let tmp = tempfile::tempdir().unwrap();
    let (subs, roster, bands) = setup(
        tmp.path(),
        &[
            ("ana", "tictactoe.wasm"),
            ("bo", "tictactoe.wasm"),
            ("trap", TRAP),
        ],
        "di.wasm,s9,di\n",
        PERCENTILE,
    );
    let out = tmp.path().join("r");
    tournament(&subs, &roster, &bands, &out, &["--game", "tictactoe"]);
    let (header, rows) = grades(&out);
    assert_eq!(
        header,
        [
            "student_id",
            "name",
            "bot",
            "submitted",
            "rank",
            "points",
            "share",
            "games_played",
            "faults",
            "disqualified",
            "measure",
            "grade",
            "status",
            "measure_basis",
            "measure_rank",
            "ranked",
            "explanation",
        ]
    );
    let ana = &rows[0];
    assert_eq!(ana["status"], "played");
    assert_eq!(ana["measure_basis"], "percentile of rank");
    assert_eq!(ana["measure_rank"], "1");
    assert_eq!(ana["ranked"], "3");
    assert_eq!(
        ana["explanation"],
        "rank 1 of 3 (shared by 2 level bots): percentile of rank 1.000 reaches band `6` (min 0.85)"
    );
    let statuses: Vec<&str> = rows.iter().map(|r| r["status"].as_str()).collect();
    assert_eq!(statuses, ["played", "played", "faulted", "not_submitted"]);

    let before = common::files(&out);
    arena()
        .arg("standings")
        .arg(&out)
        .arg("--roster")
        .arg(&roster)
        .arg("--bands")
        .arg(&bands)
        .assert()
        .success();
    assert!(
        before == common::files(&out),
        "arena standings changed a file"
    );
    arena()
        .arg("verify")
        .arg(&out)
        .arg(&subs)
        .arg("--roster")
        .arg(&roster)
        .arg("--bands")
        .arg(&bands)
        .assert()
        .success()
        .stdout(predicate::str::contains("reproduced exactly"));

    // Without bands, the status is still written; what comes from the bands is empty.
    let plain = tmp.path().join("plain");
    arena()
        .arg("tournament")
        .arg(&subs)
        .args(["--game", "tictactoe", "--roster"])
        .arg(&roster)
        .arg("--out")
        .arg(&plain)
        .arg("-q")
        .assert()
        .success();
    let (_, rows) = grades(&plain);
    let cells: Vec<[&str; 4]> = rows
        .iter()
        .map(|r| {
            [
                r["status"].as_str(),
                r["grade"].as_str(),
                r["measure_basis"].as_str(),
                r["explanation"].as_str(),
            ]
        })
        .collect();
    assert_eq!(
        cells,
        [
            ["played", "", "", ""],
            ["played", "", "", ""],
            ["faulted", "", "", ""],
            ["not_submitted", "", "", ""],
        ]
    );
}

/// A table tournament's feedback pages escape names as two-seat pages do: a bot named
/// with Markdown (`|`, `` ` ``, `<`, `*`, `[`) keeps every table row's cells, and its
/// name opens no link, HTML or emphasis on its own page or on another bot's.
#[test]
fn hostile_names_are_text_on_a_table_feedback_page() {
    let tmp = tempfile::tempdir().unwrap();
    let evil = "t|`<b>*[l]";
    let trap = TRAP.replace(
        "(func (export \"choose_move\")",
        "(func $c`<i>|* (export \"choose_move\")",
    );
    let (subs, roster, bands) = setup(
        tmp.path(),
        &[
            ("ana", "tictactoe.wasm"),
            ("bo", "tictactoe.wasm"),
            (evil, &trap),
        ],
        "",
        PERCENTILE,
    );
    let out = tmp.path().join("r");
    tournament(&subs, &roster, &bands, &out, &TICTACTOE3_ONE_ROUND);
    let mine = fs::read_to_string(out.join("feedback/s3.md")).unwrap();
    let ana = fs::read_to_string(out.join("feedback/s1.md")).unwrap();
    assert!(
        mine.starts_with("# t\\|\\`\\<b\\>\\*\\[l\\] (s3): bot ``t|`<b>*[l]``"),
        "{mine}"
    );
    assert!(ana.contains("\n| t\\|\\`\\<b\\>\\*\\[l\\] | "), "{ana}");
    assert!(mine.contains("c\\`\\<i\\>\\|\\*"), "{mine}");
    for page in [&mine, &ana] {
        let header = page
            .lines()
            .find(|l| l.starts_with("| bot |"))
            .unwrap_or_else(|| panic!("{page}"));
        let cells = header.matches('|').count();
        for line in page.lines().skip(1).filter(|l| l.starts_with('|')) {
            let unescaped = line
                .char_indices()
                .filter(|&(i, c)| c == '|' && !line[..i].ends_with('\\'))
                .count();
            assert_eq!(unescaped, cells, "{line}");
        }
        for line in page.lines().skip(1) {
            assert!(!line.contains("<b>") && !line.contains("<i>"), "{line}");
        }
    }
}
