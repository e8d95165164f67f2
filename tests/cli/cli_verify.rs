//! `arena verify` and the checks of a results folder: an edited result, a changed
//! manifest, a changed module, an unknown format; `--resume` and `--force`.

use crate::common::{self, arena};

use std::fs;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use predicates::prelude::*;

const SETTINGS: [&str; 9] = [
    "--rows",
    "5",
    "--cols",
    "6",
    "--best-of",
    "3",
    "--seed",
    "3",
    "--quiet",
];

/// A folder with a playing module, one that never loads, and the tournament's results
/// (with two builtins).
fn played(dir: &Path) -> (PathBuf, PathBuf) {
    let subs = dir.join("subs");
    fs::create_dir_all(&subs).unwrap();
    let hostile = common::root().join("tests/fixtures/hostile");
    fs::copy(hostile.join("first_legal.wat"), subs.join("ana.wat")).unwrap();
    fs::write(subs.join("bad.wasm"), "not a module\n").unwrap();
    let out = dir.join("r");
    tournament(&subs, &out, &[]).assert().success();
    (subs, out)
}

fn tournament(subs: &Path, out: &Path, extra: &[&str]) -> Command {
    let mut cmd = arena();
    cmd.arg("tournament")
        .arg(subs)
        .args(["builtin:greedy", "builtin:random"])
        .args(SETTINGS)
        .arg("--out")
        .arg(out)
        .args(extra);
    cmd
}

fn verify(out: &Path, subs: &Path) -> Command {
    let mut cmd = arena();
    cmd.arg("verify")
        .arg(out)
        .arg(subs)
        .args(["--threads", "2"]);
    cmd
}

/// Replaces the first occurrence of `from` in a file.
fn edit(path: &Path, from: &str, to: &str) {
    let text = fs::read_to_string(path).unwrap();
    assert!(text.contains(from), "{from} not in {}", path.display());
    fs::write(path, text.replacen(from, to, 1)).unwrap();
}

/// The second row of games.csv and its cells.
fn second_row(out: &Path) -> (String, Vec<String>) {
    let text = fs::read_to_string(out.join("games.csv")).unwrap();
    let line = text.lines().nth(2).unwrap().to_string();
    let cells = line.split(',').map(String::from).collect();
    (line, cells)
}

#[test]
fn an_untouched_folder_verifies() {
    let tmp = tempfile::tempdir().unwrap();
    let (subs, out) = played(tmp.path());
    fs::write(out.join("notes.txt"), "mine").unwrap();
    verify(&out, &subs)
        .assert()
        .success()
        .stdout(predicate::str::contains("reproduced exactly"))
        .stderr(predicate::str::contains(
            "notes.txt is not a file arena writes",
        ));
    // Without the modules' folder: an error, not a verdict.
    arena()
        .arg("verify")
        .arg(&out)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("the module of `ana` (ana.wat)"));
}

#[test]
fn an_edited_result_is_named_by_game_and_column() {
    let tmp = tempfile::tempdir().unwrap();
    let (subs, out) = played(tmp.path());
    let (line, cells) = second_row(&out);
    // Scores and fuel do not enter the ranking's consistency checks: only verify sees it.
    let mut edited = cells.clone();
    edited[11] = (cells[11].parse::<i64>().unwrap() + 5).to_string();
    edit(&out.join("games.csv"), &line, &edited.join(","));
    verify(&out, &subs).assert().code(1).stdout(
        predicate::str::contains(format!(
            "games.csv, game {}, row 2, column seat1_score: recorded `{}`, reproduced `{}`",
            cells[0], edited[11], cells[11]
        ))
        .and(predicate::str::contains("1 difference:")),
    );
}

#[test]
fn a_flipped_result_is_refused_by_standings_and_named_by_verify() {
    let tmp = tempfile::tempdir().unwrap();
    let (subs, out) = played(tmp.path());
    let text = fs::read_to_string(out.join("games.csv")).unwrap();
    let header: Vec<&str> = text.lines().next().unwrap().split(',').collect();
    let at = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let (rank1, rank2) = (at("seat1_rank"), at("seat2_rank"));
    let (line, cells) = text
        .lines()
        .skip(1)
        .map(|l| (l, l.split(',').collect::<Vec<_>>()))
        .find(|(_, c)| c[rank1] == "1" && c[rank2] == "2" && c[at("end")] == "normal")
        .expect("a game the first mover won");
    // Ranks that no game ends with: refused on reading.
    let mut edited: Vec<&str> = cells.clone();
    edited[rank1] = "2";
    fs::write(
        out.join("games.csv"),
        text.replacen(line, &edited.join(","), 1),
    )
    .unwrap();
    arena().arg("standings").arg(&out).assert().code(2).stderr(
        predicate::str::contains("games.csv").and(predicate::str::contains(
            "the ranks 2, 2 are not competition ranks",
        )),
    );
    // Turned round consistently, standings cannot tell; verify can.
    edited[rank2] = "1";
    fs::write(
        out.join("games.csv"),
        text.replacen(line, &edited.join(","), 1),
    )
    .unwrap();
    verify(&out, &subs).assert().code(1).stdout(
        predicate::str::contains(format!("games.csv, game {}, row", cells[0])).and(
            predicate::str::contains("column seat1_rank: recorded `2`, reproduced `1`"),
        ),
    );
}

#[test]
fn a_changed_disqualification_or_module_is_caught() {
    let tmp = tempfile::tempdir().unwrap();
    let (subs, out) = played(tmp.path());
    let manifest = out.join("tournament.json");
    let original = fs::read_to_string(&manifest).unwrap();
    // Each module's recorded hash is its file's, whether it loaded (hashed by the loader)
    // or was refused (hashed by the intake).
    for file in ["ana.wat", "bad.wasm"] {
        use sha2::Digest;
        let sum = hex::encode(sha2::Sha256::digest(fs::read(subs.join(file)).unwrap()));
        assert!(
            original.contains(&format!("\"sha256\": \"{sum}\"")),
            "{file}: {original}"
        );
    }
    let text = original.clone();
    let start = text.find("\"disqualified\": \"").unwrap();
    let end = start + text[start..].find("\"\n").unwrap() + 1;
    fs::write(
        &manifest,
        format!("{}\"disqualified\": null{}", &text[..start], &text[end..]),
    )
    .unwrap();
    arena()
        .arg("standings")
        .arg(&out)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "`bad` forfeited as disqualified, but tournament.json does not disqualify it",
        ));
    verify(&out, &subs).assert().code(1).stdout(
        predicate::str::contains("tournament.json: bots[").and(predicate::str::contains(
            ".disqualified differs: recorded `null`, reproduced",
        )),
    );
    // A module changed after the run, into one that plays otherwise: every game of it,
    // its replays, the summaries and the page differ.
    fs::write(&manifest, &original).unwrap();
    let hostile = common::root().join("tests/fixtures/hostile");
    fs::copy(hostile.join("random.wat"), subs.join("ana.wat")).unwrap();
    // The cause leads, on one line; what follows from it is counted and capped.
    let output = verify(&out, &subs)
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(output).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "cause:", "{text}");
    assert!(
        lines[1].starts_with("  tournament.json: bots[0].sha256 differs: recorded `"),
        "{text}"
    );
    assert!(lines[2].starts_with("following from it: "), "{text}");
    // The games' records lead what follows.
    assert!(lines[3].starts_with("  games.csv, game "), "{text}");
    assert!(
        lines.len() <= 5 + arena::tournament::verify::MAX_DETAIL,
        "{} lines: {text}",
        lines.len()
    );
    assert!(lines.iter().all(|l| l.chars().count() < 300), "{text}");
    assert!(
        text.matches("arena-data").count() <= 1,
        "the page's data line at most once, cut short: {text}"
    );
}

#[test]
fn an_unknown_format_is_refused_everywhere() {
    let tmp = tempfile::tempdir().unwrap();
    let (subs, out) = played(tmp.path());
    edit(
        &out.join("tournament.json"),
        "\"format\": 2,",
        "\"format\": 9,",
    );
    let refused = || predicate::str::contains("format 9").and(predicate::str::contains("format 2"));
    arena()
        .arg("standings")
        .arg(&out)
        .assert()
        .code(2)
        .stderr(refused());
    arena()
        .arg("replay")
        .arg(&out)
        .arg("1")
        .assert()
        .code(2)
        .stderr(refused());
    verify(&out, &subs).assert().code(2).stderr(refused());
    tournament(&subs, &out, &["--resume"])
        .assert()
        .code(2)
        .stderr(refused());
}

/// A folder of results format 1 (`tests/fixtures/format1`: the golden king tournament as
/// the two-seat layout wrote it) is refused by `standings`, `report` and `verify`, each
/// naming the format and what to run instead, and left as it was.
#[test]
fn a_format_1_folder_is_refused_naming_what_to_run_instead() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("old");
    let before = common::files(&common::fixture("format1"));
    for (path, bytes) in &before {
        let to = out.join(path);
        fs::create_dir_all(to.parent().unwrap()).unwrap();
        fs::write(to, bytes).unwrap();
    }
    let refused = || {
        predicate::str::contains("results format 1, which this arena no longer reads").and(
            predicate::str::contains("run the tournament again into a new folder"),
        )
    };
    for args in [&["standings"][..], &["report"], &["verify"]] {
        arena()
            .args(args)
            .arg(&out)
            .assert()
            .code(2)
            .stderr(refused());
    }
    assert_eq!(common::files(&out), before, "the folder is left as it was");
}

#[test]
fn resume_restores_deleted_replays_and_sweeps_leftovers() {
    let tmp = tempfile::tempdir().unwrap();
    let (subs, out) = played(tmp.path());
    let store_file = out.join("replays/replays.txt");
    let before = fs::read(&store_file).unwrap();
    let mut store = arena::output::replay_store::Store::open(&out).unwrap();
    let ids: Vec<u64> = store.ids().collect();
    store.retain(|id| id != ids[0] && id != ids[1]);
    store.write(&out).unwrap();
    assert_ne!(fs::read(&store_file).unwrap(), before);
    let games = fs::read(out.join("games.csv")).unwrap();
    fs::write(out.join(".games.csv.tmp-4242"), "half").unwrap();
    fs::write(out.join("replays/.replays.txt.tmp-4242"), "half").unwrap();
    let kept = ids.len() - 2;
    tournament(&subs, &out, &["--resume"])
        .assert()
        .success()
        .stderr(predicate::str::contains(format!(
            "resumed: kept {kept} recorded games and played 2 more (2 of them again: they \
             were recorded without their replays): {} games in all; removed 2 temporary \
             files a stopped run left",
            ids.len()
        )));
    assert_eq!(fs::read(&store_file).unwrap(), before);
    assert_eq!(fs::read(out.join("games.csv")).unwrap(), games);
    assert!(!out.join(".games.csv.tmp-4242").exists());
    assert!(!out.join("replays/.replays.txt.tmp-4242").exists());
    verify(&out, &subs).assert().success();
}

#[test]
fn force_starts_afresh_and_keeps_other_files() {
    let tmp = tempfile::tempdir().unwrap();
    let (subs, out) = played(tmp.path());
    fs::write(out.join("notes.txt"), "mine").unwrap();
    tournament(&subs, &out, &[])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("already holds a tournament"));
    // Another tournament into the same folder: refused without --force, fresh with it.
    let mut cmd = tournament(&subs, &out, &["--force", "--rounds", "2"]);
    cmd.assert().success();
    assert!(fs::read_to_string(out.join("tournament.json"))
        .unwrap()
        .contains("\"rounds\": 2"));
    assert_eq!(fs::read_to_string(out.join("notes.txt")).unwrap(), "mine");
    verify(&out, &subs).assert().success();
    tournament(&subs, &out, &["--force", "--resume"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--resume"));
}

#[test]
fn a_shard_verifies_by_its_games_and_has_no_standings_of_its_own() {
    let tmp = tempfile::tempdir().unwrap();
    let (subs, _) = played(tmp.path());
    let shard = tmp.path().join("s1");
    tournament(&subs, &shard, &["--shard", "1/2"])
        .assert()
        .success();
    verify(&shard, &subs)
        .assert()
        .success()
        .stdout(predicate::str::contains("reproduced exactly"));
    edit(&shard.join("games.csv"), ",3,", ",4,");
    verify(&shard, &subs).assert().code(1);
    for command in ["standings", "report"] {
        arena()
            .arg(command)
            .arg(&shard)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "shard 1/2 of a tournament has no standings of its own: combine every shard with `arena merge",
            ));
    }
}

/// A graded table folder records its roster: verify reproduces its grades without it,
/// names another roster given as what was changed, and still asks for the roster of a
/// folder that records none.
#[test]
fn a_graded_table_folder_verifies_with_the_roster_it_records() {
    let tmp = tempfile::tempdir().unwrap();
    let subs = tmp.path().join("subs");
    fs::create_dir_all(&subs).unwrap();
    let bots = common::root().join("bots/games/tictactoe");
    fs::copy(bots.join("tictactoe.wasm"), subs.join("ana.wasm")).unwrap();
    let roster = tmp.path().join("roster.csv");
    fs::write(&roster, "file,student_id,name\nana,s1,Ana\n").unwrap();
    let out = tmp.path().join("r");
    arena()
        .arg("tournament")
        .arg(&subs)
        .args([
            "builtin:random",
            "--game",
            "tictactoe",
            "--rounds",
            "1",
            "--quiet",
        ])
        .arg("--roster")
        .arg(&roster)
        .arg("--out")
        .arg(&out)
        .assert()
        .success();
    verify(&out, &subs)
        .assert()
        .success()
        .stderr(predicate::str::contains("student ids kept from the roster"));
    verify(&out, &subs)
        .arg("--roster")
        .arg(&roster)
        .assert()
        .success();
    let other = tmp.path().join("other.csv");
    fs::write(&other, "file,student_id,name\nana,s7,Ana\n").unwrap();
    verify(&out, &subs)
        .arg("--roster")
        .arg(&other)
        .assert()
        .code(1)
        .stdout(
            predicate::str::contains("cause:\n  tournament.json: grading.roster.sha256 differs")
                .or(predicate::str::contains(
                    "tournament.json: grading.roster.sha256 differs",
                )),
        );
    // A folder that records no roster (written before arena recorded one).
    let manifest = out.join("tournament.json");
    let mut json: serde_json::Value =
        serde_json::from_slice(&fs::read(&manifest).unwrap()).unwrap();
    json.as_object_mut().unwrap().remove("grading").unwrap();
    fs::write(
        &manifest,
        format!("{}\n", serde_json::to_string_pretty(&json).unwrap()),
    )
    .unwrap();
    verify(&out, &subs)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("give the same --roster"));
}

#[test]
fn a_damaged_replay_store_stops_report_and_standings() {
    let tmp = tempfile::tempdir().unwrap();
    let (_, out) = played(tmp.path());
    let store = out.join("replays/replays.txt");
    let mut bytes = fs::read(&store).unwrap();
    let at = bytes.len() / 2;
    bytes[at] ^= 0x01;
    fs::write(&store, bytes).unwrap();
    for command in ["report", "standings"] {
        arena()
            .arg(command)
            .arg(&out)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "fails its checksum (the replay store is damaged)",
            ));
    }
}

/// The data rows of games.csv (without the header).
fn game_rows(out: &Path) -> Vec<String> {
    let text = fs::read_to_string(out.join("games.csv")).unwrap();
    text.lines().skip(1).map(String::from).collect()
}

/// Rewrites games.csv with its header and `rows`.
fn write_rows(out: &Path, rows: &[String]) {
    let text = fs::read_to_string(out.join("games.csv")).unwrap();
    let header = text.lines().next().unwrap();
    let mut new = format!("{header}\n");
    for row in rows {
        new.push_str(row);
        new.push('\n');
    }
    fs::write(out.join("games.csv"), new).unwrap();
}

#[test]
fn a_missing_or_extra_game_row_is_one_difference_not_a_cascade() {
    let tmp = tempfile::tempdir().unwrap();
    let (subs, out) = played(tmp.path());
    let rows = game_rows(&out);
    assert!(rows.len() > 6, "{rows:?}");
    let id = |row: &str| row.split(',').next().unwrap().to_string();
    // One middle row deleted: that game, once; every later game still matches its own.
    let middle = rows.len() / 2;
    let mut fewer = rows.clone();
    let gone = fewer.remove(middle);
    write_rows(&out, &fewer);
    let output = verify(&out, &subs)
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(output).unwrap();
    assert_eq!(
        text.lines().collect::<Vec<_>>(),
        [
            "cause:".to_string(),
            format!("  games.csv, game {}: missing from games.csv", id(&gone)),
            format!(
                "1 difference: {} is not what this tournament produces",
                out.display()
            ),
        ],
        "{text}"
    );
    // A row repeated and a row of a game the tournament does not have: each named once.
    let mut more = rows.clone();
    more.push(rows[1].clone());
    let unknown = format!("9999{}", &rows[2][id(&rows[2]).len()..]);
    more.push(unknown);
    write_rows(&out, &more);
    let n = rows.len();
    verify(&out, &subs).assert().code(1).stdout(
        predicate::str::contains(format!(
            "games.csv, game {}, row {}: a second row of this game (its first is row 2)",
            id(&rows[1]),
            n + 1
        ))
        .and(predicate::str::contains(format!(
            "games.csv, game 9999, row {}: not a game of this tournament",
            n + 2
        )))
        .and(predicate::str::contains("2 differences")),
    );
    // Back as recorded: verified.
    write_rows(&out, &rows);
    verify(&out, &subs).assert().success();
}

#[test]
fn a_modules_argument_that_is_not_a_folder_is_named() {
    let tmp = tempfile::tempdir().unwrap();
    let (subs, out) = played(tmp.path());
    let missing = tmp.path().join("nonexistent");
    arena()
        .arg("verify")
        .arg(&out)
        .arg(&missing)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(format!(
            "{}: no such folder",
            missing.display()
        )));
    let file = subs.join("ana.wat");
    arena()
        .arg("verify")
        .arg(&out)
        .arg(&subs)
        .arg(&file)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(format!(
            "{}: not a folder (name the folder that holds the submissions",
            file.display()
        )));
}
