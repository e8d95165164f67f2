//! `report.html` of table tournaments, through the real binary: tic-tac-toe for three, a
//! one-player minesweeper leaderboard and pursuit's roles each write the page with every
//! bot, every game and each game's replay (its moves, every seat's bot, rank and score as
//! `games.csv` records them); `arena report` and `arena standings` rebuild it byte for
//! byte; the two-seat sections that do not apply (cross-table, ratings plot) are absent.

use crate::common::{self, arena};

use std::fs;
use std::path::Path;

use serde_json::Value;

/// Runs `arena tournament ARGS --quiet --out DIR`.
fn tournament(dir: &Path, args: &[&str]) {
    arena()
        .arg("tournament")
        .args(args)
        .args(["--quiet", "--out"])
        .arg(dir)
        .assert()
        .success();
}

/// The JSON inside `<script type="application/json" id="ID">`.
fn embedded(html: &str, id: &str) -> Option<Value> {
    let open = format!("<script type=\"application/json\" id=\"{id}\">");
    let start = html.find(&open)? + open.len();
    let end = start + html[start..].find("</script>")?;
    Some(serde_json::from_str(&html[start..end]).expect("embedded JSON parses"))
}

/// Checks the page of the table tournament in `dir` against its `games.csv`: every bot,
/// every game, and every embedded replay's moves, bots, ranks and scores. Returns the
/// page's data.
fn check_page(dir: &Path, bots: &[&str]) -> Value {
    let html = fs::read_to_string(dir.join("report.html")).unwrap();
    assert!(!html.contains("{{"), "a placeholder is left");
    assert!(!html.contains("@pair") && !html.contains("@table"));
    for absent in ["id=\"crosstable\"", "id=\"ratings\"", "id=\"cross-table\""] {
        assert!(!html.contains(absent), "{absent} is on a table page");
    }
    let data = embedded(&html, "arena-data").expect("the page's data");
    let names: Vec<&str> = data["bots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["name"].as_str().unwrap())
        .collect();
    for bot in bots {
        assert!(names.contains(bot), "{bot} is not on the page: {names:?}");
    }
    assert_eq!(data["standings"].as_array().unwrap().len(), bots.len());
    let mut reader = csv::Reader::from_path(dir.join("games.csv")).unwrap();
    let header = reader.headers().unwrap().clone();
    let col = |name: &str| header.iter().position(|h| h == name);
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    let games = data["games"].as_array().unwrap();
    assert_eq!(games.len(), rows.len(), "every game is listed");
    let mut replays = 0;
    for row in &rows {
        let id: u64 = row[col("game_id").unwrap()].parse().unwrap();
        let Some(replay) = embedded(&html, &format!("replay-{id}")) else {
            continue;
        };
        replays += 1;
        assert!(replay.get("error").is_none(), "game {id}: {replay}");
        let moves: usize = row[col("moves").unwrap()].parse().unwrap();
        assert_eq!(
            replay["moves"].as_array().unwrap().len(),
            moves,
            "game {id}"
        );
        // The viewer (the page's viewer.wasm, here its source natively) draws every
        // position from the setup and the moves, with the seats the page recorded.
        let raws: Vec<String> = replay["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m[1].to_string())
            .collect();
        let request = format!(
            "all\n{}\n{}\n{}",
            data["game"].as_str().unwrap(),
            replay["setup"].as_str().unwrap(),
            raws.join(",")
        );
        let drawn: Value =
            serde_json::from_slice(&arena_viewer::answer(request.as_bytes())).unwrap();
        assert!(drawn.get("error").is_none(), "game {id}: {drawn}");
        assert_eq!(drawn["frames"].as_array().unwrap().len(), moves + 1);
        for (k, m) in drawn["moves"].as_array().unwrap().iter().enumerate() {
            // A move is `[seat, raw, fuel, log from, log to]` on the page.
            assert_eq!(m[0], replay["moves"][k][0], "game {id} move {}", k + 1);
            assert_eq!(
                replay["moves"][k].as_array().unwrap().len(),
                5,
                "fuel and log"
            );
        }
        // Seats as games.csv has them: the seats layout, or first/second for two seats.
        let seats = replay["bots"].as_array().unwrap();
        assert_eq!(seats.len(), data["seats"].as_u64().unwrap() as usize);
        for (k, bot) in seats.iter().enumerate() {
            let cell = |what: &str| {
                let two = [["first", "first_score"], ["second", "second_score"]];
                let name = match (col("seats"), what) {
                    (Some(_), _) => format!("seat{}_{what}", k + 1),
                    (None, "bot") => two[k][0].to_string(),
                    (None, _) => two[k][1].to_string(),
                };
                row[col(&name).unwrap()].to_string()
            };
            assert_eq!(
                bot.as_str().unwrap(),
                cell("bot"),
                "game {id} seat {}",
                k + 1
            );
            assert_eq!(replay["scores"][k].as_str().unwrap(), cell("score"));
            if col("seats").is_some() {
                assert_eq!(replay["ranks"][k].to_string(), cell("rank"));
            }
        }
        assert!(
            drawn["lines"].as_array().unwrap().len() > 1,
            "a drawn board"
        );
    }
    assert_eq!(
        replays,
        rows.len(),
        "every replay is embedded in a small run"
    );
    data
}

#[test]
fn a_three_seat_tournament_writes_the_page_and_report_and_standings_rebuild_it() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("r");
    let bots = ["builtin:random", "builtin:greedy", "builtin:maxn:2"];
    let mut args = bots.to_vec();
    args.extend("--game tictactoe --option players=3 --rounds 2 --seed 9".split(' '));
    tournament(&dir, &args);
    let data = check_page(&dir, &bots);
    assert_eq!(data["seats"], 3);
    assert_eq!(data["leaderboard"], false);
    assert_eq!(data["fairness"].as_array().unwrap().len(), 3);
    assert!(data["roles"].as_array().unwrap().is_empty());
    for s in data["standings"].as_array().unwrap() {
        assert!(s["rating"].is_array(), "{s}");
        assert_eq!(s["seat_games"].as_array().unwrap().len(), 3);
    }
    let settings = data["settings"].to_string();
    assert!(settings.contains("[\"seats\",\"3\"]"), "{settings}");

    let before = common::files(&dir);
    fs::remove_file(dir.join("report.html")).unwrap();
    arena()
        .arg("report")
        .arg(&dir)
        .assert()
        .success()
        .stdout(predicates::str::contains("report.html"));
    assert_eq!(
        before,
        common::files(&dir),
        "arena report rebuilds the same page"
    );
    fs::write(dir.join("report.html"), "stale").unwrap();
    arena().arg("standings").arg(&dir).assert().success();
    assert_eq!(
        before,
        common::files(&dir),
        "arena standings rewrites the page"
    );
}

#[test]
fn one_player_minesweeper_shows_its_leaderboard_and_pursuit_its_roles() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("m");
    let bots = ["builtin:random", "builtin:greedy", "builtin:solver"];
    let mut args = bots.to_vec();
    args.extend(["--game", "minesweeper", "--rounds", "4", "--seed", "5"]);
    tournament(&dir, &args);
    let data = check_page(&dir, &bots);
    assert_eq!(data["seats"], 1);
    assert_eq!(data["leaderboard"], true);
    for s in data["standings"].as_array().unwrap() {
        let [mean, low, high] = [0, 1, 2].map(|k| s["rating"][k].as_f64().unwrap());
        assert!(
            low <= mean && mean <= high && (0.0..=1.0).contains(&mean),
            "{s}"
        );
    }

    let dir = tmp.path().join("p");
    let bots = ["builtin:random", "builtin:greedy"];
    let mut args = bots.to_vec();
    args.extend(["--game", "pursuit", "--rounds", "2", "--seed", "5"]);
    tournament(&dir, &args);
    let data = check_page(&dir, &bots);
    let roles: Vec<&str> = data["roles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["role"].as_str().unwrap())
        .collect();
    assert_eq!(roles, ["pursuer", "evader"]);
    assert_eq!(data["roles"][0]["wins"], "captures");
    assert_eq!(data["fairness"][1]["role"], "evader");
    for s in data["standings"].as_array().unwrap() {
        assert_eq!(s["roles"].as_array().unwrap().len(), 2, "{s}");
    }
}

#[test]
fn a_replay_the_rules_refuse_is_shown_with_the_reason_and_the_page_is_still_written() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("r");
    tournament(
        &dir,
        &[
            "builtin:random",
            "builtin:greedy",
            "--game",
            "tictactoe",
            "--rounds",
            "1",
        ],
    );
    // Re-record game 1's replay with its first move made illegal, checksum and all.
    let store = arena::output::replay_store::Store::open(&dir).unwrap();
    let text = store.text(1).unwrap().unwrap();
    let first = text.lines().find(|l| l.starts_with("move ")).unwrap();
    let bad = text.replacen(first, "move 1 99", 1);
    let mut changed = store;
    changed.insert(1, bad);
    changed.write(&dir).unwrap();
    arena().arg("report").arg(&dir).assert().success();
    let html = fs::read_to_string(dir.join("report.html")).unwrap();
    let replay = embedded(&html, "replay-1").unwrap();
    let error = replay["error"].as_str().expect("the reason is shown");
    assert!(
        error.contains("game 1") && error.contains("move 1") && error.contains("99"),
        "{error}"
    );
    assert!(embedded(&html, "replay-2").unwrap().get("error").is_none());
}

#[test]
fn a_folder_whose_manifest_names_another_game_than_its_replays_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    // Games of the same seats and sizes, so that the manifest itself still checks out
    // (`Manifest::read` refuses a game whose seats disagree) and the replays tell.
    for (game, other, table) in [("tictactoe", "pursuit", true), ("mathtricks", "nim", false)] {
        let dir = tmp.path().join(game);
        let mut args = vec!["builtin:random", "builtin:greedy", "--game", game];
        args.extend(if table {
            ["--rounds", "2", "--rows", "5", "--cols", "5"].as_slice()
        } else {
            ["--best-of", "1"].as_slice()
        });
        tournament(&dir, &args);
        let page = fs::read(dir.join("report.html")).unwrap();
        let manifest = dir.join("tournament.json");
        let text = fs::read_to_string(&manifest).unwrap();
        let named = format!("\"game\":\"{game}\"");
        let compact = text.replace(": ", ":");
        assert!(compact.contains(&named), "{text}");
        fs::write(
            &manifest,
            compact.replace(&named, &format!("\"game\":\"{other}\"")),
        )
        .unwrap();
        let out = arena().arg("report").arg(&dir).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{out:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.contains(&format!("the replay is of `{game}`"))
                && err.contains(&format!("names `{other}`")),
            "{err}"
        );
        assert_eq!(
            fs::read(dir.join("report.html")).unwrap(),
            page,
            "the page written before is left as it was"
        );
    }
}
