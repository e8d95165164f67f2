//! Tournaments of the table model driven through the real binary: every bot in every seat
//! equally often, replays that re-play under the rules, and a corrupt folder refused with
//! the reason. What holds for every game and seat count alike (byte-identical results
//! with any thread count, resume after `kill -9`, standings recomputed) is in
//! `every_shape`.

use crate::common::{self, arena};

use std::fs;
use std::path::Path;

use arena::output::replay_store::Store;
use arena::output::table_replay::TableReplay;
use arena_games::registry::find_table_game;
use assert_cmd::Command;
use predicates::prelude::*;

/// `arena tournament` of tic-tac-toe for three on 4×4 boards (k = 3) between builtins.
fn tictactoe3(out: &Path, extra: &[&str]) -> Command {
    let mut cmd = arena();
    cmd.args([
        "tournament",
        "builtin:random",
        "builtin:greedy",
        "builtin:maxn:2",
        "builtin:maxn:3",
    ])
    .args(common::TICTACTOE3)
    .args(["--rounds", "2", "--seed", "9", "--quiet", "--out"])
    .arg(out)
    .args(extra);
    cmd
}

/// Games per bot and seat, from `games.csv` (`seatK_bot` columns, or `first` and
/// `second`).
fn seat_counts(dir: &Path) -> std::collections::BTreeMap<(String, usize), u32> {
    let mut reader = csv::Reader::from_path(dir.join("games.csv")).unwrap();
    let header = reader.headers().unwrap().clone();
    let mut counts = std::collections::BTreeMap::new();
    for record in reader.records() {
        let record = record.unwrap();
        for (i, h) in header.iter().enumerate() {
            // Two seats without teams are written in the two-seat layout.
            let seat = match h {
                "first" => Some(1),
                "second" => Some(2),
                h => h
                    .strip_prefix("seat")
                    .and_then(|h| h.strip_suffix("_bot"))
                    .map(|k| k.parse::<usize>().unwrap()),
            };
            if let Some(seat) = seat {
                if !record[i].is_empty() {
                    *counts.entry((record[i].to_string(), seat)).or_insert(0) += 1;
                }
            }
        }
    }
    counts
}

#[test]
fn every_bot_plays_every_seat_equally_often() {
    // That threads change nothing: every_shape::results_are_identical_with_one_and_two_threads.
    let tmp = tempfile::tempdir().unwrap();
    let one = tmp.path().join("one");
    tictactoe3(&one, &["--threads", "1"]).assert().success();
    let counts = seat_counts(&one);
    assert_eq!(counts.len(), 4 * 3, "four bots in three seats: {counts:?}");
    // C(4, 3) = 4 tables, each bot at 3 of them, in every seat once per table and board.
    assert!(counts.values().all(|&c| c == 3 * 2), "{counts:?}");
}

#[test]
fn every_replay_re_plays_under_the_rules_and_matches_its_row() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("r");
    arena()
        .args([
            "tournament",
            "builtin:random",
            "builtin:greedy",
            "builtin:maxn",
            "--game",
            "pursuit",
            "--option",
            "players=3",
            "--option",
            "team=1",
            "--option",
            "obstacles=0.2",
            "--quiet",
            "--out",
        ])
        .arg(&dir)
        .assert()
        .success();
    let kind = find_table_game("pursuit").unwrap();
    let store = Store::open(&dir).unwrap();
    let rows = arena::output::games_csv::read_rows(&dir, false).unwrap();
    assert_eq!(rows.len(), 3, "one table of three in its three rotations");
    for row in rows {
        let replay = TableReplay::parse(&store.text(row.game_id).unwrap().unwrap()).unwrap();
        replay.verify(kind).unwrap();
        let bots: Vec<&str> = replay.seats.iter().map(|s| s.bot.as_str()).collect();
        let recorded: Vec<&str> = row.seats.iter().map(|s| s.bot.as_str()).collect();
        assert_eq!(bots, recorded);
        assert_eq!(row.moves as usize, replay.moves.len());
        // Teams: the two pursuers share a result.
        assert_eq!(row.seats[0].team, Some(0));
        assert_eq!(row.seats[0].rank, row.seats[1].rank);
    }
}

#[test]
fn a_row_that_does_not_belong_is_refused_on_resume() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("r");
    tictactoe3(&dir, &[]).assert().success();
    let games = dir.join("games.csv");
    let text = fs::read_to_string(&games).unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    assert!(lines[1].contains(",builtin:"));
    lines[1] = lines[1].replacen(",builtin:", ",builtin:x", 1);
    fs::write(&games, lines.join("\n") + "\n").unwrap();
    tictactoe3(&dir, &["--resume"]).assert().failure().stderr(
        predicate::str::contains("games.csv").and(predicate::str::contains(
            "does not belong to this tournament's schedule",
        )),
    );
}

#[test]
fn a_field_smaller_than_a_table_and_table_only_flags_are_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let three = ["builtin:random", "builtin:greedy", "builtin:maxn"];
    for (i, (args, said)) in [
        (
            &[
                "builtin:random",
                "builtin:greedy",
                "--game",
                "king",
                "--option",
                "players=3",
            ][..],
            "the game seats 3 bots, but the field has only 2",
        ),
        (
            &[
                &three[..],
                &["--game", "tictactoe", "--option", "players=3", "--play-all"],
            ]
            .concat(),
            "--play-all",
        ),
        // `--best-of` is the two-seat series' flag too: refused when given, never ignored.
        (
            &[
                &three[..],
                &[
                    "--game",
                    "tictactoe",
                    "--option",
                    "players=3",
                    "--best-of",
                    "7",
                ],
            ]
            .concat(),
            "--best-of 7",
        ),
        (
            &[
                "builtin:random",
                "builtin:perfect",
                "--game",
                "tictactoe",
                "--option",
                "players=4",
            ],
            "players",
        ),
    ]
    .iter()
    .enumerate()
    {
        let out = tmp.path().join(i.to_string());
        arena()
            .arg("tournament")
            .args(*args)
            .arg("--out")
            .arg(&out)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(*said));
        assert!(!out.exists(), "{args:?}: nothing is played");
    }
}

/// The documented commands: the example bots with `builtin:greedy` at three-seat king,
/// three-player tic-tac-toe and minesweeper for one and two; every bot (a module that
/// cannot play the game included: it forfeits) plays every seat equally often.
#[test]
fn the_example_field_plays_every_seat_equally_often_in_every_new_game() {
    let bots = common::root().join("bots");
    let tmp = tempfile::tempdir().unwrap();
    for (i, (game, options)) in [
        ("king", &["players=3"][..]),
        ("tictactoe", &["players=3"][..]),
        ("minesweeper", &["players=1"][..]),
        ("minesweeper", &["players=2"][..]),
    ]
    .into_iter()
    .enumerate()
    {
        let out = tmp.path().join(i.to_string());
        let mut cmd = arena();
        cmd.args(["tournament", "--game", game, "--quiet", "--out"])
            .arg(&out)
            .arg(&bots)
            .arg("builtin:greedy");
        for o in options {
            cmd.args(["--option", o]);
        }
        cmd.assert().success();
        let counts = seat_counts(&out);
        let first = *counts.values().next().unwrap();
        assert!(first > 0);
        assert!(
            counts.values().all(|&c| c == first),
            "{game} {options:?}: {counts:?}"
        );
        let bots_seen: std::collections::BTreeSet<&String> =
            counts.keys().map(|(b, _)| b).collect();
        assert!(bots_seen.len() >= 4, "{bots_seen:?}");
    }
}

/// Tic-tac-toe for two: a won game fits the two-seat columns, a drawn one (1/2 each) does
/// not. The file moves to the seats layout when the first draw finishes, whatever came
/// first (here the first game, perfect against random, is a win, and draws follow), and
/// the run ends as it does on any thread count.
#[test]
fn a_two_seat_table_run_with_wins_and_draws_keeps_every_game() {
    let tmp = tempfile::tempdir().unwrap();
    let example = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/bots/games/tictactoe/tictactoe.wasm"
    );
    let run = |threads: &str| {
        let out = tmp.path().join(threads);
        arena()
            .args(["tournament", "builtin:perfect", "builtin:random", example])
            .args([
                "--game",
                "tictactoe",
                "--rounds",
                "3",
                "--seed",
                "1",
                "--quiet",
            ])
            .args(["--threads", threads, "--out"])
            .arg(&out)
            .assert()
            .success();
        out
    };
    let (one, two) = (run("1"), run("2"));
    assert_eq!(common::files(&one), common::files(&two));
    let games = fs::read_to_string(one.join("games.csv")).unwrap();
    assert!(games.lines().next().unwrap().contains(",seats,"), "{games}");
    let first = games.lines().nth(1).unwrap();
    assert!(
        first.starts_with("1,") && first.contains(",1,1,"),
        "{games}"
    );
    assert!(games.contains(",1/2,1,"), "no draw: {games}");
    arena()
        .arg("verify")
        .arg(&one)
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/bots/games/tictactoe"))
        .assert()
        .success()
        .stdout(predicate::str::contains("reproduced exactly"));
}

#[test]
fn verify_names_a_changed_seat_rank() {
    // That standings and verify reproduce every file: every_shape.
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("r");
    tictactoe3(&dir, &[]).assert().success();
    let games = dir.join("games.csv");
    let text = fs::read_to_string(&games).unwrap();
    // A game's first seat now ranked 2 where it ranked 1, or the other way round.
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let mut cells: Vec<String> = lines[1].split(',').map(String::from).collect();
    let header: Vec<&str> = text.lines().next().unwrap().split(',').collect();
    let rank = header.iter().position(|h| *h == "seat1_rank").unwrap();
    cells[rank] = if cells[rank] == "1" { "2" } else { "1" }.into();
    lines[1] = cells.join(",");
    fs::write(&games, lines.join("\n") + "\n").unwrap();
    arena()
        .arg("verify")
        .arg(&dir)
        .assert()
        .code(1)
        .stdout(predicate::str::contains("games.csv").and(predicate::str::contains("seat1_rank")));
}

#[test]
fn one_player_minesweeper_ranks_solver_above_greedy_above_random() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("r");
    arena()
        .args([
            "tournament",
            "builtin:random",
            "builtin:greedy",
            "builtin:solver",
            "--game",
            "minesweeper",
            "--option",
            "reveal=count",
            "--rounds",
            "40",
            // A fixed secret of hidden setup: the same boards in every run.
            "--secret",
            "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
            "--quiet",
            "--out",
        ])
        .arg(&dir)
        .assert()
        .success();
    let text = fs::read_to_string(dir.join("standings.csv")).unwrap();
    let header = text.lines().next().unwrap();
    assert!(header.contains("board_mean_score_low"), "{header}");
    let order: Vec<&str> = text
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(1).unwrap())
        .collect();
    assert_eq!(
        order,
        ["builtin:solver", "builtin:greedy", "builtin:random"]
    );
}

#[test]
fn pursuit_standings_show_each_role_and_perfect_does_no_worse_than_greedy() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("r");
    arena()
        .args([
            "tournament",
            "builtin:greedy",
            "builtin:random",
            "builtin:perfect",
            "--game",
            "pursuit",
            "--rounds",
            "4",
            "--quiet",
            "--out",
        ])
        .arg(&dir)
        .assert()
        .success();
    let mut reader = csv::Reader::from_path(dir.join("standings.csv")).unwrap();
    let header = reader.headers().unwrap().clone();
    let col = |name: &str| header.iter().position(|h| h == name).unwrap();
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    let get = |bot: &str, name: &str| -> f64 {
        let r = rows.iter().find(|r| &r[1] == bot).unwrap();
        r[col(name)].parse().unwrap_or(f64::NAN)
    };
    for c in [
        "pursuer_captures",
        "pursuer_mean_capture_round",
        "evader_escapes",
        "evader_mean_survival",
    ] {
        col(c);
    }
    assert!(
        get("builtin:perfect", "pursuer_captures") >= get("builtin:greedy", "pursuer_captures")
    );
    assert!(get("builtin:perfect", "evader_escapes") >= get("builtin:greedy", "evader_escapes"));
    assert!(get("builtin:greedy", "pursuer_captures") > get("builtin:random", "pursuer_captures"));
    let fairness = fs::read_to_string(dir.join("fairness.csv")).unwrap();
    assert!(
        fairness.contains("1,pursuer,") && fairness.contains("2,evader,"),
        "{fairness}"
    );
}

#[test]
fn a_builtin_the_game_cannot_play_is_named_once_with_the_reason() {
    let tmp = tempfile::tempdir().unwrap();
    let out = arena()
        .args([
            "tournament",
            "builtin:alphabeta",
            "builtin:greedy",
            "builtin:random",
            "--game",
            "pursuit",
            "--option",
            "players=3",
            "--out",
        ])
        .arg(tmp.path().join("r"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        err.matches("alphabeta plays two players").count(),
        1,
        "{err}"
    );
    assert!(err.contains("maxn plays three"), "{err}");
}

#[test]
fn a_table_game_replays_move_by_move_with_every_seat() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("r");
    tictactoe3(&dir, &[]).assert().success();
    let out = arena()
        .args(["replay"])
        .arg(&dir)
        .arg("1")
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("(seat 3)") && text.contains("move 1: seat 1"),
        "{text}"
    );
    assert_eq!(text.matches(": rank ").count(), 3, "{text}");
    let steps = arena()
        .args(["replay", "--step"])
        .arg(&dir)
        .arg("1")
        .write_stdin("\nb\nq\n")
        .output()
        .unwrap();
    assert!(steps.status.success());
    assert!(String::from_utf8(steps.stdout)
        .unwrap()
        .contains("back to the start"));
}

/// A graded table tournament of `game` into `tmp/r`: `modules` (a student's bot name and
/// either an example module of `bots/games/GAME/` or WAT text) as students `s1`, `s2`, ... with
/// `bands`, against `others` (builtins), for `rounds` boards. Returns the folders of the
/// submissions, the roster, the bands and the results.
fn graded_tables(
    tmp: &Path,
    game: &str,
    modules: &[(&str, &str)],
    bands: &str,
    others: &[&str],
    rounds: &str,
) -> [std::path::PathBuf; 4] {
    let subs = tmp.join("subs");
    fs::create_dir_all(&subs).unwrap();
    let mut roster = String::from("file,student_id,name\n");
    for (i, (name, module)) in modules.iter().enumerate() {
        if module.starts_with("(module") {
            fs::write(subs.join(format!("{name}.wat")), module).unwrap();
        } else {
            fs::copy(
                common::game_example(module),
                subs.join(format!("{name}.wasm")),
            )
            .unwrap();
        }
        let (first, rest) = name.split_at(1);
        roster.push_str(&format!(
            "{name},s{},{}{rest}\n",
            i + 1,
            first.to_uppercase()
        ));
    }
    let (roster_path, bands_path, out) = (
        tmp.join("roster.csv"),
        tmp.join("bands.toml"),
        tmp.join("r"),
    );
    fs::write(&roster_path, roster).unwrap();
    fs::write(&bands_path, bands).unwrap();
    arena()
        .args(["tournament", "--game", game, "--rounds", rounds, "--quiet"])
        .arg("--roster")
        .arg(&roster_path)
        .arg("--bands")
        .arg(&bands_path)
        .arg("--out")
        .arg(&out)
        .arg(&subs)
        .args(others)
        .assert()
        .success();
    [subs, roster_path, bands_path, out]
}

/// A module that says it plays every game, then traps on its first move.
const TRAPPING_TABLE_BOT: &str = r#"(module
  (memory (export "memory") 1)
  (func (export "arena_plays") (param i32 i32) (result i32) (i32.const 1))
  (func (export "arena_alloc") (param i32) (result i32) (i32.const 1024))
  (func (export "choose_move") (param i32 i32) (result i32) (unreachable)))"#;

/// With a roster, a table tournament writes `standings.json`, `games.jsonl` and a page per
/// student (rank, grade, each role, every other bot met, every fault with the command
/// that shows it); `arena standings --json` prints the same document; `arena verify`
/// reproduces them all.
#[test]
fn a_rostered_table_tournament_writes_json_and_a_page_per_student() {
    let tmp = tempfile::tempdir().unwrap();
    let [subs, roster, bands, out] = graded_tables(
        tmp.path(),
        "pursuit",
        &[("ana", "pursuer.wasm"), ("bo", "evader.wasm"), ("cy", TRAPPING_TABLE_BOT)],
        "measure = \"percentile\"\nbands = [{ grade = \"A\", min = 0.6 }, { grade = \"F\", min = 0.0 }]\n",
        &["builtin:greedy"],
        "2",
    );

    let json: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(out.join("standings.json")).unwrap()).unwrap();
    assert_eq!(json["version"], 1);
    assert_eq!(json["game"], "pursuit");
    assert_eq!(json["seats"], 2);
    let standings = json["standings"].as_array().unwrap();
    assert_eq!(standings.len(), 4);
    let cy = standings.iter().find(|s| s["bot"] == "cy").unwrap();
    assert_eq!(cy["student_id"], "s3");
    assert!(cy["faults"]["trap"].as_u64().unwrap() > 0, "{cy}");
    let roles: Vec<&str> = standings[0]["by_role"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["role"].as_str().unwrap())
        .collect();
    assert_eq!(roles, ["pursuer", "evader"]);
    assert_eq!(json["fairness"].as_array().unwrap().len(), 2);
    let games_csv = fs::read_to_string(out.join("games.csv")).unwrap();
    let lines = fs::read_to_string(out.join("games.jsonl")).unwrap();
    assert_eq!(lines.lines().count(), games_csv.lines().count() - 1);
    for line in lines.lines() {
        let game: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(game["version"], 1);
    }

    let page = fs::read_to_string(out.join("feedback/s3.md")).unwrap();
    assert!(page.starts_with("# Cy (s3): bot `cy`"), "{page}");
    assert!(page.contains("grade **F**"), "{page}");
    assert!(
        page.contains("| pursuer |") && page.contains("| evader |"),
        "{page}"
    );
    assert!(
        page.contains("| ana |") && page.contains("| builtin:greedy |"),
        "{page}"
    );
    let fault = page
        .lines()
        .find(|l| l.starts_with("- game ") && l.contains("**trap**"))
        .unwrap_or_else(|| panic!("{page}"));
    let game_id: &str = fault
        .trim_start_matches("- game ")
        .split(' ')
        .next()
        .unwrap();
    arena()
        .arg("replay")
        .arg(&out)
        .arg(game_id)
        .assert()
        .success();
    let ana = fs::read_to_string(out.join("feedback/s1.md")).unwrap();
    assert!(
        ana.contains("None: every game of yours ended under the rules."),
        "{ana}"
    );

    let printed = arena()
        .arg("standings")
        .arg(&out)
        .arg("--json")
        .arg("--roster")
        .arg(&roster)
        .arg("--bands")
        .arg(&bands)
        .assert()
        .success();
    let printed: serde_json::Value = serde_json::from_slice(&printed.get_output().stdout).unwrap();
    assert_eq!(printed, json);
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
}

/// A one-seat leaderboard's page speaks of boards and the mean score, not of ranks at a
/// table, and its grade comes from the mean score.
#[test]
fn a_one_seat_feedback_page_gives_the_boards_and_the_mean_score() {
    let tmp = tempfile::tempdir().unwrap();
    let [_, _, _, out] = graded_tables(
        tmp.path(),
        "minesweeper",
        &[("ana", "minesweeper.wasm")],
        "measure = \"score\"\nbands = [{ grade = \"A\", min = 0.9 }, { grade = \"F\", min = 0.0 }]\n",
        &["builtin:random"],
        "4",
    );
    let page = fs::read_to_string(out.join("feedback/s1.md")).unwrap();
    // The boards are dealt under a secret drawn for the run, so the mean is read back.
    let mean: f64 = page
        .split("- 4 boards played alone, mean score ")
        .nth(1)
        .and_then(|rest| rest.get(..5))
        .and_then(|m| m.parse().ok())
        .unwrap_or_else(|| panic!("no mean score: {page}"));
    let grade = if mean >= 0.9 { "A" } else { "F" };
    assert!(page.contains(&format!("grade **{grade}**")), "{page}");
    assert!(!page.contains("Against each other bot"), "{page}");
}

#[test]
fn a_manifest_whose_seats_disagree_with_its_game_is_named_never_played() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("r");
    tictactoe3(&dir, &[]).assert().success();
    let manifest = dir.join("tournament.json");
    let original = fs::read_to_string(&manifest).unwrap();
    assert!(original.contains("\"seats\": 3") && original.contains("\"players\": \"3\""));
    for (from, to) in [
        ("\"seats\": 3", "\"seats\": 2"),
        ("\"seats\": 3", "\"seats\": 4"),
        ("\"seats\": 3", "\"seats\": null"),
        ("\"players\": \"3\"", "\"players\": \"2\""),
    ] {
        fs::write(&manifest, original.replace(from, to)).unwrap();
        for command in ["verify", "standings", "report"] {
            arena().arg(command).arg(&dir).assert().code(2).stderr(
                predicate::str::contains("tournament.json")
                    .and(predicate::str::contains("seats"))
                    .and(predicate::str::contains("panicked").not()),
            );
        }
    }
}

/// One-player minesweeper under its default rule (`reveal=coords`) lets every careful bot
/// clear every board: the terminal and the results page say that the leaderboard does
/// not separate them, and how to make the boards harder.
#[test]
fn a_leaderboard_that_separates_nothing_says_so() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("r");
    let run = arena()
        .args(["tournament", "--game", "minesweeper"])
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/bots/games/minesweeper/"
        ))
        .args([
            "builtin:solver",
            "builtin:greedy",
            "builtin:random",
            "--rounds",
            "10",
            "--out",
        ])
        .arg(&out)
        .assert()
        .success();
    let stdout = String::from_utf8_lossy(&run.get_output().stdout).into_owned();
    let note = stdout
        .lines()
        .find(|l| l.starts_with("note: the leaderboard does not separate "))
        .unwrap_or_else(|| panic!("no note: {stdout}"));
    assert!(note.contains("(each 1.000)"), "{note}");
    assert!(
        !note.contains("builtin:random"),
        "random scores less: {note}"
    );
    assert!(note.contains("--option reveal=count"), "{note}");
    let page = fs::read_to_string(out.join("report.html")).unwrap();
    assert!(
        page.contains("\"ties\":\"the leaderboard does not separate "),
        "the page's data carries the note"
    );
}
