//! Tournaments through the real binary: resume after a crash or Ctrl-C, refusal of foreign
//! results folders, replays that re-check, gauntlets, rosters and anchors. What holds for
//! every game and seat count alike (thread counts, resume after `kill -9`, standings
//! recomputed, a blocked summary) is in `every_shape`.

use std::fs;
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use arena::output::replay::Replay;
use assert_cmd::Command;
use predicates::prelude::*;

use crate::common;
use common::{arena, files};

const BOTS: [&str; 4] = [
    "builtin:random",
    "builtin:greedy",
    "builtin:alphabeta:2",
    "builtin:alphabeta:3",
];

/// The settings every tournament of these tests shares; `--out` comes last.
const BASE: [&str; 10] = [
    "--rows",
    "5..7",
    "--cols",
    "6",
    "--best-of",
    "3",
    "--seed",
    "7",
    "--quiet",
    "--out",
];

fn tournament(out: &Path, extra: &[&str]) -> Command {
    let mut cmd = arena();
    cmd.arg("tournament")
        .args(BOTS)
        .args(BASE)
        .env("ARENA_CACHE_DIR", common::CACHE_DIR);
    cmd.arg(out).args(extra);
    cmd
}

/// A tic-tac-toe tournament of three builtins (a game of the table model) into `out`.
fn table_tournament(out: &Path, extra: &[&str]) -> Command {
    let mut cmd = arena();
    cmd.args([
        "tournament",
        "builtin:greedy",
        "builtin:random",
        "builtin:maxn",
    ])
    .args(["--game", "tictactoe", "--seed", "3", "--quiet", "--out"])
    .arg(out)
    .args(extra);
    cmd
}

fn assert_same(a: &Path, b: &Path) {
    let (sa, sb) = (files(a), files(b));
    assert_eq!(sa.keys().collect::<Vec<_>>(), sb.keys().collect::<Vec<_>>());
    for (k, v) in &sa {
        assert!(v == &sb[k], "{k} differs");
    }
}

#[test]
fn every_replay_rechecks_against_the_rules() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("r");
    tournament(&out, &["--paired"]).assert().success();
    let kind = arena_games::find_game("mathtricks").unwrap();
    let games = fs::read_to_string(out.join("games.csv")).unwrap();
    let mut n = 0;
    for line in games.lines().skip(1) {
        let id: u64 = line.split(',').next().unwrap().parse().unwrap();
        let replay = Replay::read(&out, id).unwrap();
        replay
            .verify(kind)
            .unwrap_or_else(|e| panic!("game {id}: {e}"));
        n += 1;
    }
    assert!(
        n >= 12,
        "paired best-of-3 over 6 pairs plays at least 2 games each"
    );
    arena()
        .args(["replay"])
        .arg(&out)
        .arg("1")
        .assert()
        .success()
        .stdout(predicate::str::contains("move 1:").and(predicate::str::contains("result")));
}

#[test]
fn a_crashed_run_resumes_to_identical_results() {
    let tmp = tempfile::tempdir().unwrap();
    let full = tmp.path().join("full");
    tournament(&full, &["--play-all"]).assert().success();
    // Simulate a crash: the manifest, a few rows appended out of order, a torn last
    // line, and replays of only those games.
    let crashed = tmp.path().join("crashed");
    fs::create_dir_all(crashed.join("replays")).unwrap();
    fs::copy(
        full.join("tournament.json"),
        crashed.join("tournament.json"),
    )
    .unwrap();
    let games = fs::read_to_string(full.join("games.csv")).unwrap();
    let lines: Vec<&str> = games.lines().collect();
    let mut partial = format!("{}\n", lines[0]);
    let store = arena::output::replay_store::Store::open(&full).unwrap();
    let journal = arena::output::replay_store::Journals::new(&crashed, 1);
    for i in [5, 1, 3] {
        partial.push_str(lines[i]);
        partial.push('\n');
        let id: u64 = lines[i].split(',').next().unwrap().parse().unwrap();
        journal
            .append(id, &store.text(id).unwrap().unwrap())
            .unwrap();
    }
    drop(journal);
    partial.push_str(&lines[2][..10]);
    fs::write(crashed.join("games.csv"), &partial).unwrap();
    // A replay record and a summary that were being written when the process died.
    let mut torn = fs::read(crashed.join("replays/journal-0.txt")).unwrap();
    torn.extend_from_slice(b"@ 2 900 0123456789abcdef\narena-replay 1\ngame ma");
    fs::write(crashed.join("replays/journal-0.txt"), torn).unwrap();
    fs::write(
        crashed.join("replays/.replays.txt.tmp-999"),
        "arena-replays 1\n@ 1",
    )
    .unwrap();
    fs::write(crashed.join(".standings.csv.tmp-999"), "rank,bot\n1,").unwrap();
    // Summaries of an unfinished run are refused, and the file is left as it was.
    arena()
        .arg("standings")
        .arg(&crashed)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not finished"));
    assert_eq!(
        fs::read_to_string(crashed.join("games.csv")).unwrap(),
        partial
    );
    tournament(&crashed, &["--play-all", "--resume"])
        .assert()
        .success();
    assert_same(&full, &crashed);
}

/// A run killed while it wrote `tournament.json` leaves only the temporary file; the
/// next run, fresh or `--resume`, sweeps it and ends with exactly a clean run's files.
#[test]
fn a_run_killed_writing_its_manifest_leaves_nothing_behind() {
    let tmp = tempfile::tempdir().unwrap();
    let full = tmp.path().join("full");
    tournament(&full, &[]).assert().success();
    for resume in [false, true] {
        let killed = tmp.path().join(format!("killed-{resume}"));
        fs::create_dir_all(killed.join("replays")).unwrap();
        fs::write(killed.join(".tournament.json.tmp-4242"), "{\"format\": ").unwrap();
        let extra: &[&str] = if resume { &["--resume"] } else { &[] };
        tournament(&killed, extra).assert().success();
        assert_same(&full, &killed);
    }
}

#[test]
fn a_folder_of_another_tournament_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("r");
    tournament(&out, &[]).assert().success();
    let before = files(&out);
    // Without --resume: refused.
    tournament(&out, &[])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("already holds a tournament"));
    // Another seed with --resume: refused, naming the difference.
    let mut cmd = arena();
    cmd.arg("tournament").args(BOTS).args([
        "--rows",
        "5..7",
        "--cols",
        "6",
        "--best-of",
        "3",
        "--seed",
        "8",
        "--quiet",
        "--resume",
        "--out",
    ]);
    cmd.arg(&out).assert().code(2).stderr(
        predicate::str::contains("different tournament").and(predicate::str::contains("seed")),
    );
    assert_eq!(
        files(&out),
        before,
        "a refused run must not touch the folder"
    );
    // The same tournament with --resume: nothing to play, same files.
    tournament(&out, &["--resume"]).assert().success();
    assert_eq!(files(&out), before);
}

#[test]
fn a_corrupt_results_folder_is_reported() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("r");
    tournament(&out, &[]).assert().success();
    fs::write(out.join("games.csv"), "game_id,series_id\nnot,a,row\n").unwrap();
    tournament(&out, &["--resume"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("games.csv"))
        .stderr(predicate::str::contains("panicked").not());
    fs::write(out.join("tournament.json"), "{").unwrap();
    tournament(&out, &["--resume"]).assert().code(2).stderr(
        predicate::str::contains("tournament.json")
            .and(predicate::str::contains("not an arena manifest")),
    );
}

#[test]
fn bad_tournament_flags_are_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("r");
    for (flags, message) in [
        (vec!["--best-of", "4"], "1, 3, 5 or 7"),
        (vec!["--threads", "0"], "--threads"),
        (vec!["--rounds", "0"], "--rounds"),
        (vec!["--rows", "2..9"], "between 4 and 64"),
    ] {
        let mut cmd = arena();
        cmd.arg("tournament")
            .args(["builtin:random", "builtin:greedy", "--out"])
            .arg(&out)
            .args(&flags);
        cmd.assert()
            .code(2)
            .stderr(predicate::str::contains(message));
    }
    for (bots, message) in [
        (&["builtin:random"][..], "at least two bots"),
        (&["builtin:random", "no/such/bot.wasm"][..], "no such file"),
        (&["builtin:random", "builtin:random"][..], "both named"),
    ] {
        arena()
            .arg("tournament")
            .args(bots)
            .arg("--out")
            .arg(&out)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(message));
        assert!(!out.exists(), "{bots:?}: no results folder is made");
    }
}

#[test]
fn match_prints_a_running_score() {
    arena()
        .args([
            "match",
            "builtin:alphabeta:2",
            "builtin:random",
            "--games",
            "4",
            "--rows",
            "5",
            "--cols",
            "5",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "Score of builtin:alphabeta:2 vs builtin:random:",
        ))
        .stdout(predicate::function(|s: &str| s.lines().count() == 4));
}

#[test]
fn a_gauntlet_plays_submissions_only_against_references() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("g");
    arena()
        .args([
            "tournament",
            "builtin:random",
            "builtin:greedy",
            "--gauntlet",
            "builtin:alphabeta:2",
            "--gauntlet",
            "builtin:alphabeta:1",
        ])
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
    let series = fs::read_to_string(out.join("series.csv")).unwrap();
    let refs = ["builtin:alphabeta:2", "builtin:alphabeta:1"];
    let mut n = 0;
    for line in series.lines().skip(1) {
        let cols: Vec<&str> = line.split(',').collect();
        let (a, b) = (cols[2], cols[3]);
        assert!(
            refs.contains(&a) != refs.contains(&b),
            "{a} vs {b} is not submission vs reference"
        );
        n += 1;
    }
    assert_eq!(n, 4);
    let standings = fs::read_to_string(out.join("standings.csv")).unwrap();
    let lines: Vec<&str> = standings.lines().collect();
    assert!(lines[1].starts_with("1,") && lines[1].contains(",submission,"));
    assert!(lines[2].starts_with("2,") && lines[2].contains(",submission,"));
    assert!(lines[3].starts_with(",builtin:alphabeta") && lines[3].contains(",reference,"));
    let cross = fs::read_to_string(out.join("crosstable.csv")).unwrap();
    assert!(cross.starts_with("bot,"), "{cross}");
    assert_eq!(cross.lines().count(), 5);
}

#[test]
fn roster_and_bands_give_grades_that_can_be_recomputed() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("r");
    // Four students' modules (copies of the example bots) and one who handed nothing in.
    let subs = submissions(tmp.path());
    let roster = tmp.path().join("roster.csv");
    fs::write(
        &roster,
        "file,student_id,name\nana.wasm,s1,Ana\nbo.wasm,s2,Bo\ncy.wasm,s3,Cy\n\ndi.wasm,s4,Di\nghost.wasm,s5,Eve\n",
    )
    .unwrap();
    let bands = tmp.path().join("bands.toml");
    fs::write(&bands, "measure = \"percentile\"\nbands = [{ grade = \"A\", min = 0.7 }, { grade = \"F\", min = 0.0 }]\n").unwrap();
    arena()
        .arg("tournament")
        .arg(&subs)
        .args(["--best-of", "3", "--seed", "7", "--quiet", "--roster"])
        .arg(&roster)
        .arg("--bands")
        .arg(&bands)
        .arg("--out")
        .arg(&out)
        .assert()
        .success()
        .stderr(predicate::str::contains("Eve (s5) handed in no module"));
    let grades = fs::read_to_string(out.join("grades.csv")).unwrap();
    let lines: Vec<&str> = grades.lines().collect();
    assert_eq!(lines.len(), 6, "{grades}");
    assert!(
        lines[1].contains(",yes,1,") && lines[1].contains(",1.000,A,played,"),
        "{grades}"
    );
    assert!(lines[4].contains(",0.250,F,"), "{grades}");
    assert_eq!(
        lines[5],
        "s5,Eve,ghost,no,,,,,,,0,,,0.000,F,not_submitted,percentile of rank,,4,handed in no module: the lowest band"
    );
    let standings = fs::read_to_string(out.join("standings.csv")).unwrap();
    assert!(
        standings
            .lines()
            .skip(1)
            .all(|l| l.contains(",submission,s")),
        "{standings}"
    );
    // Other bands, no replay: only the derived files change.
    let games_before = fs::read(out.join("games.csv")).unwrap();
    fs::write(&bands, "measure = \"score\"\nbands = [{ grade = \"pass\", min = 0.5 }, { grade = \"fail\", min = 0.0 }]\n").unwrap();
    arena()
        .args(["standings"])
        .arg(&out)
        .args([
            "--roster",
            roster.to_str().unwrap(),
            "--bands",
            bands.to_str().unwrap(),
        ])
        .assert()
        .success();
    assert!(fs::read_to_string(out.join("grades.csv"))
        .unwrap()
        .contains(",pass"));
    assert_eq!(fs::read(out.join("games.csv")).unwrap(), games_before);
}

#[test]
fn roster_mismatches_are_clear_errors() {
    let tmp = tempfile::tempdir().unwrap();
    let subs = submissions(tmp.path());
    let roster = tmp.path().join("roster.csv");
    let run = || {
        let mut cmd = arena();
        cmd.arg("tournament")
            .arg(&subs)
            .args(["builtin:greedy", "--best-of", "1", "--quiet", "--roster"])
            .arg(&roster)
            .arg("--out")
            .arg(tmp.path().join("r"));
        cmd
    };
    fs::write(
        &roster,
        "file,student_id,name\nana.wasm,s1,Ana\nbo.wasm,s2,Bo\n",
    )
    .unwrap();
    run()
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no roster entry for `cy`, `di`"));
    fs::write(&roster, "file,name\nx,y\n").unwrap();
    run()
        .assert()
        .code(2)
        .stderr(predicate::str::contains("roster.csv").and(predicate::str::contains("student_id")));
    fs::write(&roster, "file,student_id,name\nana,s1,A\n\nbo,s1,B\n").unwrap();
    run().assert().code(2).stderr(predicate::str::contains(
        "line 4: student id `s1` is already on line 2",
    ));
}

#[test]
fn ctrl_c_stops_cleanly_and_the_run_resumes_identically() {
    let tmp = tempfile::tempdir().unwrap();
    // Heavy enough that the signal lands mid-run; if the run still wins the race, the
    // resume below must leave the same files anyway.
    let args = ["--play-all", "--best-of", "7", "--threads", "1"];
    let full = tmp.path().join("full");
    tournament_with(&full, &args).assert().success();
    let stopped = tmp.path().join("stopped");
    let mut child = std::process::Command::new(common::binary())
        .env("ARENA_CACHE_DIR", common::CACHE_DIR)
        .args(base_args(&stopped))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    while Instant::now() < deadline && child.try_wait().unwrap().is_none() {
        let rows = fs::read_to_string(stopped.join("games.csv"))
            .map(|s| s.lines().count())
            .unwrap_or(0);
        if rows > 2 {
            break;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    let finished_early = child.try_wait().unwrap().is_some();
    if !finished_early {
        let status = std::process::Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
    }
    let output = child.wait_with_output().unwrap();
    let interrupted = !finished_early && output.status.code() == Some(130);
    if interrupted {
        let stderr = String::from_utf8_lossy(&output.stderr);
        // The exact command to type: this one, with --resume.
        let mut command: Vec<String> = vec![common::binary().to_string_lossy().into_owned()];
        command.extend(
            base_args(&stopped)
                .iter()
                .map(|a| a.to_string_lossy().into_owned())
                .chain(args.iter().map(|a| a.to_string())),
        );
        command.push("--resume".into());
        assert!(
            stderr.contains(&format!("resume with:\n  {}\n", command.join(" "))),
            "{stderr}"
        );
        assert!(
            !stopped.join("standings.csv").exists(),
            "no summary for an unfinished run"
        );
    }
    let resumed = tournament_with(&stopped, &[&args[..], &["--resume"]].concat())
        .assert()
        .success();
    if interrupted {
        let stderr = String::from_utf8_lossy(&resumed.get_output().stderr).into_owned();
        assert!(
            stderr.contains("resumed: kept ")
                && stderr.contains(" more")
                && stderr.contains(" in all"),
            "{stderr}"
        );
        assert!(!stderr.contains("in all now"), "{stderr}");
    }
    assert_same(&full, &stopped);
}

fn base_args(out: &Path) -> Vec<std::ffi::OsString> {
    let mut v: Vec<std::ffi::OsString> = vec!["tournament".into()];
    v.extend(
        [
            "builtin:alphabeta:6",
            "builtin:alphabeta:7",
            "builtin:greedy",
        ]
        .iter()
        .map(|s| s.into()),
    );
    v.extend(
        [
            "--rows", "12", "--cols", "12", "--seed", "5", "--quiet", "--out",
        ]
        .iter()
        .map(|s| s.into()),
    );
    v.push(out.into());
    v
}

fn tournament_with(out: &Path, extra: &[&str]) -> Command {
    let mut cmd = arena();
    cmd.args(base_args(out)).args(extra);
    cmd
}

#[test]
fn ratings_can_be_anchored_at_a_named_bot() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("r");
    tournament(&out, &["--anchor", "builtin:greedy"])
        .assert()
        .success();
    let ratings = fs::read_to_string(out.join("ratings.csv")).unwrap();
    let greedy = ratings
        .lines()
        .find(|l| l.starts_with("builtin:greedy,"))
        .unwrap();
    assert!(
        greedy.starts_with("builtin:greedy,0.0,0.0,0.0,"),
        "{ratings}"
    );
    tournament(&tmp.path().join("s"), &["--anchor", "nobody"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--anchor `nobody` is not one of the bots",
        ));
    // Recomputing the folder says the same, listing the bots, and changes nothing.
    let before = files(&out);
    for command in ["standings", "report", "verify"] {
        arena()
            .args([command, "--anchor", "nobody"])
            .arg(&out)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "--anchor `nobody` is not one of the bots: builtin:",
            ));
        assert!(files(&out) == before, "{command} changed the folder");
    }
}

#[test]
fn level_bots_share_a_percentile_grade_and_builtins_need_no_roster_line() {
    // Two bots that always forfeit identically are level on everything but the name.
    let tmp = tempfile::tempdir().unwrap();
    let (a, b) = (tmp.path().join("aaa.wasm"), tmp.path().join("zzz.wasm"));
    fs::write(&a, b"not wasm").unwrap();
    fs::write(&b, b"not wasm either").unwrap();
    let roster = tmp.path().join("roster.csv");
    fs::write(
        &roster,
        "file,student_id,name\naaa.wasm,s1,Ann\nzzz.wasm,s2,Zed\n",
    )
    .unwrap();
    let bands = tmp.path().join("bands.toml");
    fs::write(&bands, "measure = \"percentile\"\nbands = [{ grade = \"hi\", min = 0.5 }, { grade = \"lo\", min = 0.0 }]\n").unwrap();
    let out = tmp.path().join("r");
    arena()
        .arg("tournament")
        .args([&a, &b])
        .args(["builtin:greedy", "--best-of", "1", "--quiet", "--roster"])
        .arg(&roster)
        .arg("--bands")
        .arg(&bands)
        .arg("--out")
        .arg(&out)
        .assert()
        .success();
    let grades = fs::read_to_string(out.join("grades.csv")).unwrap();
    let cells: Vec<Vec<String>> = csv::Reader::from_reader(grades.as_bytes())
        .records()
        .map(|r| r.unwrap().iter().map(String::from).collect())
        .collect();
    let measures: Vec<&str> = cells.iter().map(|r| r[13].as_str()).collect();
    // Three ranked bots: the builtin first, the two level ones share rank 2 of 3; both
    // never loaded, so both get the lowest band whatever their percentile.
    assert_eq!(measures, ["0.667", "0.667"], "{grades}");
    let grades_given: Vec<&str> = cells.iter().map(|r| r[14].as_str()).collect();
    assert_eq!(grades_given, ["lo", "lo"], "{grades}");
}

/// A folder of four students' modules, copies of the example bots.
fn submissions(dir: &Path) -> std::path::PathBuf {
    let subs = dir.join("subs");
    fs::create_dir_all(&subs).unwrap();
    let bots = common::root().join("bots");
    for (student, bot) in [
        ("ana", "random"),
        ("bo", "greedy"),
        ("cy", "alphabeta"),
        ("di", "first_legal"),
    ] {
        fs::copy(
            bots.join(format!("{bot}.wasm")),
            subs.join(format!("{student}.wasm")),
        )
        .unwrap();
    }
    subs
}

/// A `rating_anchor` hand-edited in `standings.json` to name no bot, or to something
/// that is no name, or a `standings.json` that is not JSON, stops `standings`, `report`
/// and `verify` with exit 2 and a message naming the file (not `--anchor`, which was not
/// given), and changes nothing: the anchor the ratings were computed with is never
/// dropped unasked.
#[test]
fn a_recorded_anchor_that_names_no_bot_is_refused_naming_the_file() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("run");
    tournament(&dir, &["--anchor", "builtin:greedy"])
        .assert()
        .success();
    let path = dir.join("standings.json");
    let json = fs::read_to_string(&path).unwrap();
    let recorded = "\"rating_anchor\": \"builtin:greedy\"";
    assert!(json.contains(recorded), "the anchor is recorded");
    // tournament.json records it too, and is what a recomputation keeps.
    let manifest = dir.join("tournament.json");
    let text = fs::read_to_string(&manifest).unwrap();
    assert!(text.contains("\"anchor\": \"builtin:greedy\""), "{text}");
    arena()
        .arg("report")
        .arg(&dir)
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "ratings anchored at `builtin:greedy` as",
        ));
    assert_eq!(fs::read_to_string(&path).unwrap(), json);
    // A recorded anchor edited to name no bot is named where it is.
    fs::write(
        &manifest,
        text.replace("\"anchor\": \"builtin:greedy\"", "\"anchor\": \"nobody\""),
    )
    .unwrap();
    arena()
        .arg("report")
        .arg(&dir)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "tournament.json: its `grading.anchor` `nobody` is not one of the bots",
        ));
    // A folder whose tournament.json records no anchor (written before it recorded one)
    // takes it from standings.json.
    let mut value: serde_json::Value = serde_json::from_str(&text).unwrap();
    value.as_object_mut().unwrap().remove("grading").unwrap();
    fs::write(
        &manifest,
        format!("{}\n", serde_json::to_string_pretty(&value).unwrap()),
    )
    .unwrap();
    for (edit, says) in [
        (
            "\"rating_anchor\": \"nobody\"",
            "standings.json: its `rating_anchor` `nobody` is not one of the bots",
        ),
        (
            "\"rating_anchor\": [\"builtin:greedy\"]",
            "standings.json: its `rating_anchor` is not a bot's name (a string)",
        ),
        ("\"rating_anchor\": ", "standings.json: not JSON (line"),
    ] {
        fs::write(&path, json.replace(recorded, edit)).unwrap();
        let before = files(&dir);
        for command in ["standings", "report", "verify"] {
            arena()
                .arg(command)
                .arg(&dir)
                .assert()
                .code(2)
                .stderr(predicate::str::contains(says))
                .stderr(predicate::str::contains("--anchor `").not());
            assert!(files(&dir) == before, "{command} changed the folder");
        }
    }
    // An --anchor given on the command line is used instead of the file's.
    arena()
        .args(["standings", "--anchor", "builtin:greedy"])
        .arg(&dir)
        .assert()
        .success();
}

/// A run's `--anchor` is recorded in `standings.json` (`rating_anchor`), and `arena
/// standings`, `arena report` and `arena verify` keep it, with a note, when they recompute the folder
/// without one: every file comes out as the run wrote it. A table game's run too. A run
/// without an anchor records none.
#[test]
fn recomputing_a_folder_keeps_the_anchor_it_was_rated_with() {
    let tmp = tempfile::tempdir().unwrap();
    let two_seat = tmp.path().join("two");
    tournament(&two_seat, &["--anchor", "builtin:greedy"])
        .assert()
        .success();
    let table = tmp.path().join("table");
    table_tournament(&table, &["--anchor", "builtin:random"])
        .assert()
        .success();
    for (dir, anchor) in [(&two_seat, "builtin:greedy"), (&table, "builtin:random")] {
        let json = fs::read_to_string(dir.join("standings.json")).unwrap();
        assert!(
            json.contains(&format!("\"rating_anchor\": \"{anchor}\"")),
            "{json}"
        );
        let before = files(dir);
        for command in ["standings", "report"] {
            arena()
                .arg(command)
                .arg(dir)
                .assert()
                .success()
                .stderr(predicate::str::contains(format!(
                    "note: ratings anchored at `{anchor}`"
                )));
            let after = files(dir);
            for (file, bytes) in &before {
                assert!(after[file] == *bytes, "{command} changed {file}");
            }
        }
        arena()
            .args(["standings", "--json"])
            .arg(dir)
            .assert()
            .success()
            .stdout(predicate::str::contains(format!(
                "\"rating_anchor\": \"{anchor}\""
            )));
        // verify reproduces the folder with its anchor too.
        arena().arg("verify").arg(dir).assert().success();
    }
    let plain = tmp.path().join("plain");
    tournament(&plain, &[]).assert().success();
    let json = fs::read_to_string(plain.join("standings.json")).unwrap();
    assert!(!json.contains("rating_anchor"), "{json}");
}

#[test]
fn recomputing_a_folder_whose_store_is_corrupt_writes_nothing() {
    // The store is opened beside the standings' computation: its error still comes
    // before any summary file is written, for both kinds of tournament.
    let tmp = tempfile::tempdir().unwrap();
    let two_seat = tmp.path().join("two");
    tournament(&two_seat, &[]).assert().success();
    let table = tmp.path().join("table");
    table_tournament(&table, &[]).assert().success();
    for dir in [&two_seat, &table] {
        let store = dir.join("replays").join("replays.txt");
        let mut text = fs::read(&store).unwrap();
        text.truncate(text.len() / 2);
        fs::write(&store, text).unwrap();
        fs::remove_file(dir.join("standings.csv")).unwrap();
        let before = files(dir);
        arena()
            .arg("standings")
            .arg(dir)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("replays.txt"));
        assert_eq!(before, files(dir), "{}", dir.display());
    }
}
