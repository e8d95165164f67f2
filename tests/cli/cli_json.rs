//! The machine-readable outputs: `standings.json` and `games.jsonl` in every results
//! folder, and `--json` on `standings`, `games` and `match` (docs/RESULTS.md, "JSON
//! output"). They parse, carry `version`, say what the CSVs say, and are byte-identical
//! whatever the thread count.

use crate::common::arena;

use std::fs;
use std::path::Path;

use serde_json::Value;

const BOTS: [&str; 3] = ["builtin:random", "builtin:greedy", "builtin:alphabeta"];

fn tournament(out: &Path, threads: &str) {
    arena()
        .arg("tournament")
        .args(BOTS)
        .args([
            "--rows",
            "5..7",
            "--cols",
            "6",
            "--best-of",
            "3",
            "--seed",
            "11",
            "--quiet",
            "--threads",
            threads,
            "--out",
        ])
        .arg(out)
        .assert()
        .success();
}

fn csv_records(path: &Path) -> Vec<csv::StringRecord> {
    let mut r = csv::Reader::from_path(path).unwrap();
    let mut out = vec![r.headers().unwrap().clone()];
    out.extend(r.records().map(|x| x.unwrap()));
    out
}

fn cell<'a>(records: &'a [csv::StringRecord], row: usize, column: &str) -> &'a str {
    let i = records[0].iter().position(|h| h == column).unwrap();
    &records[row][i]
}

#[test]
fn json_files_match_the_csvs_and_do_not_depend_on_threads() {
    let tmp = tempfile::tempdir().unwrap();
    let (one, two) = (tmp.path().join("one"), tmp.path().join("two"));
    tournament(&one, "1");
    tournament(&two, "2");
    for file in ["standings.json", "games.jsonl"] {
        assert_eq!(
            fs::read(one.join(file)).unwrap(),
            fs::read(two.join(file)).unwrap(),
            "{file} differs between 1 and 2 threads"
        );
    }

    // games.jsonl: one object per games.csv row, same order, same values, version 1.
    let games = csv_records(&one.join("games.csv"));
    let text = fs::read_to_string(one.join("games.jsonl")).unwrap();
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), games.len() - 1);
    assert!(!lines.is_empty());
    for (i, line) in lines.iter().enumerate() {
        assert_eq!(line["version"], 1);
        for (column, value) in games[0].iter().zip(games[i + 1].iter()) {
            // A seat's column `seatK_X` is `seats[K-1].X`; an absent team or culprit is
            // null in JSON and empty in the CSV.
            let json = match column
                .strip_prefix("seat")
                .and_then(|rest| rest.split_once('_'))
                .and_then(|(k, field)| Some((k.parse::<usize>().ok()?, field)))
            {
                Some((k, field)) => &line["seats"][k - 1][field],
                None => &line[column],
            };
            let as_text = match json {
                Value::String(s) => s.clone(),
                Value::Null => String::new(),
                Value::Array(seats) => seats.len().to_string(),
                other => other.to_string(),
            };
            assert_eq!(as_text, value, "game {i}, column {column}");
        }
    }

    // standings.json: the standings.csv rows, in order.
    let standings = csv_records(&one.join("standings.csv"));
    let doc: Value =
        serde_json::from_str(&fs::read_to_string(one.join("standings.json")).unwrap()).unwrap();
    assert_eq!(doc["version"], 1);
    assert_eq!(doc["game"], "mathtricks");
    assert_eq!(doc["seed"], 11);
    assert_eq!(doc["games"], lines.len());
    let table = doc["standings"].as_array().unwrap();
    assert_eq!(table.len(), standings.len() - 1);
    for (i, s) in table.iter().enumerate() {
        let row = i + 1;
        assert_eq!(s["bot"], cell(&standings, row, "bot"));
        assert_eq!(s["rank"].to_string(), cell(&standings, row, "rank"));
        assert_eq!(
            s["series"]["points"].as_f64().unwrap(),
            cell(&standings, row, "series_points")
                .parse::<f64>()
                .unwrap()
        );
        assert_eq!(s["wins"].to_string(), cell(&standings, row, "wins"));
        assert_eq!(s["losses"].to_string(), cell(&standings, row, "losses"));
        assert_eq!(
            s["by_seat"][1]["draws"].to_string(),
            cell(&standings, row, "seat2_draws")
        );
        assert_eq!(
            s["score_margin"].to_string(),
            cell(&standings, row, "score_margin")
        );
        assert_eq!(
            s["faults"]["illegal_move"].to_string(),
            cell(&standings, row, "faults_illegal_move")
        );
        assert_eq!(s["role"], cell(&standings, row, "role"));
    }

    // `arena standings --json` prints the same document, and rewrites the same files.
    let before = fs::read(one.join("standings.json")).unwrap();
    let out = arena()
        .args(["standings", "--json"])
        .arg(&one)
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(out.stdout, before);
    assert_eq!(fs::read(one.join("standings.json")).unwrap(), before);
    assert_eq!(
        fs::read(one.join("games.jsonl")).unwrap(),
        fs::read(two.join("games.jsonl")).unwrap()
    );

    // `arena verify` checks the JSON files too.
    arena().arg("verify").arg(&one).assert().success();
}

#[test]
fn games_json_lists_every_game_of_the_text_listing() {
    let out = arena().args(["games", "--json"]).output().unwrap();
    assert!(out.status.success());
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["version"], 1);
    let text = String::from_utf8(arena().arg("games").output().unwrap().stdout).unwrap();
    let games = doc["games"].as_array().unwrap();
    assert!(games.len() >= 2);
    for g in games {
        let name = g["name"].as_str().unwrap();
        assert!(text.lines().any(|l| l.starts_with(name)), "{name}");
        assert!(g["builtins"]
            .as_array()
            .unwrap()
            .iter()
            .any(|b| b == "builtin:random"));
    }
}

#[test]
fn match_json_agrees_with_the_running_score() {
    let args = [
        "match",
        "builtin:random",
        "builtin:greedy",
        "--games",
        "4",
        "--seed",
        "3",
        "--rows",
        "5",
        "--cols",
        "5",
    ];
    let text = String::from_utf8(arena().args(args).output().unwrap().stdout).unwrap();
    let last = text.lines().last().unwrap().to_string();
    let out = arena().args(args).arg("--json").output().unwrap();
    assert!(out.status.success());
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["version"], 1);
    assert_eq!(doc["seed"], 3);
    let (w, l, d) = (
        doc["a_won"].clone(),
        doc["a_lost"].clone(),
        doc["drawn"].clone(),
    );
    assert!(
        last.contains(&format!("{w} - {l} - {d}")),
        "{last} vs {w}-{l}-{d}"
    );
    let games = doc["games"].as_array().unwrap();
    assert_eq!(games.len(), 4);
    assert_eq!(games[0]["first"], "builtin:random");
    assert_eq!(games[1]["first"], "builtin:greedy");
    for g in games {
        assert!(["1-0", "0-1", "1/2-1/2"].contains(&g["result"].as_str().unwrap()));
        assert_eq!(g["size"], serde_json::json!([5, 5]));
        assert!(!g["moves"].as_array().unwrap().is_empty());
    }
}
