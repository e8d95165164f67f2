//! The figures of a results folder, independent of its files' layout: what the golden
//! test proves unchanged across a change of format.
//!
//! The golden recording (`tests/golden/expected.txt`) holds the exact bytes of every file,
//! so a change of columns re-records it; this recording (`tests/golden/figures.txt`) holds
//! what those bytes say — every game (its board, each seat's bot, score, rank and fuel,
//! how it ended, its moves), every standing, series, cross-table, LOS, rating, fairness
//! and grade figure as printed — one `PATH|KEY|FIELD=VALUE` line each. A run's figures
//! must include every recorded line: a new format may add figures, never change or drop
//! one. It was made from the golden files of the code before the one-schema change
//! (`games.csv` in its two layouts, `first`/`second`/`result` or `seatK_*`), and is never
//! re-recorded by `ARENA_BLESS`.
//!
//! Renamed columns are mapped back to their recorded names by [`ALIASES`], and a figure
//! that a later format splits in two is summed back by [`SUMS`].

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// The recording.
pub const FIGURES: &str = "tests/golden/figures.txt";

/// `(file name, current column, recorded columns)`: a column that a later format renamed
/// (or that took the name of a figure of one layout and stands for another's too), with
/// every name it is recorded under. A column not listed keeps its name.
///
/// Format 2 gave `standings.csv` one core for every seat count: the two-seat game record
/// (`games_played`, `games_won`, ...) became the core's `games`, `wins`, ..., which the
/// table layout already used for `games` and `points`; the first and second movers'
/// records became `seat1_*`, `seat2_*`; the series record `series`, `series_wins`, ....
/// The table layout's `wins` (first places, shared or not) is now `wins` plus `draws`.
const ALIASES: &[(&str, &str, &[&str])] = &[
    ("standings.csv", "games", &["games", "games_played"]),
    ("standings.csv", "wins", &["games_won"]),
    ("standings.csv", "draws", &["draws", "games_drawn"]),
    ("standings.csv", "losses", &["losses", "games_lost"]),
    ("standings.csv", "points", &["points", "game_points"]),
    ("standings.csv", "seat1_wins", &["first_won"]),
    ("standings.csv", "seat1_draws", &["first_drawn"]),
    ("standings.csv", "seat1_losses", &["first_lost"]),
    ("standings.csv", "seat2_wins", &["second_won"]),
    ("standings.csv", "seat2_draws", &["second_drawn"]),
    ("standings.csv", "seat2_losses", &["second_lost"]),
    ("standings.csv", "series", &["series_played"]),
    ("standings.csv", "series_wins", &["series_won"]),
    ("standings.csv", "series_draws", &["series_drawn"]),
    ("standings.csv", "series_losses", &["series_lost"]),
];

/// `(file name, recorded column, current columns)`: a recorded whole count that a later
/// format writes as the sum of two columns.
const SUMS: &[(&str, &str, [&str; 2])] = &[("standings.csv", "wins", ["wins", "draws"])];

/// Every figure of every results folder under `dir`, as sorted `PATH|KEY|FIELD=VALUE`
/// lines.
pub fn of_dir(dir: &Path) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (path, bytes) in crate::common::files(dir) {
        let text = String::from_utf8_lossy(&bytes);
        let name = path.rsplit('/').next().unwrap_or(&path);
        if name == "games.csv" {
            games(&path, &text, &mut out);
        } else if name == "replays.txt" {
            moves(&path, &text, &mut out);
        } else if name.ends_with(".csv") {
            table(&path, name, &text, &mut out);
        }
    }
    out
}

fn record(out: &mut BTreeSet<String>, path: &str, key: &str, field: &str, value: &str) {
    out.insert(format!("{path}|{key}|{field}={value}"));
}

fn csv_rows(text: &str) -> (Vec<String>, Vec<Vec<String>>) {
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .from_reader(text.as_bytes());
    let header = reader
        .headers()
        .unwrap()
        .iter()
        .map(str::to_string)
        .collect();
    let rows = reader
        .records()
        .map(|r| r.unwrap().iter().map(str::to_string).collect())
        .collect();
    (header, rows)
}

fn recorded_names<'a>(file: &str, column: &'a str) -> Vec<&'a str> {
    ALIASES
        .iter()
        .find(|(f, now, _)| *f == file && *now == column)
        .map_or(vec![column], |(_, _, was)| was.to_vec())
}

/// A CSV file other than `games.csv`: each row keyed by its first column (by its first
/// two when the first repeats; `standings.csv` and `grades.csv` by `bot`), each other
/// column a figure.
fn table(path: &str, name: &str, text: &str, out: &mut BTreeSet<String>) {
    let (header, rows) = csv_rows(text);
    let key_columns: Vec<usize> = match header.iter().position(|h| h == "bot") {
        Some(i) if name == "standings.csv" || name == "grades.csv" => vec![i],
        _ => {
            let firsts: Vec<&String> = rows.iter().filter_map(|r| r.first()).collect();
            let unique: BTreeSet<&&String> = firsts.iter().collect();
            if unique.len() == firsts.len() {
                vec![0]
            } else {
                vec![0, 1]
            }
        }
    };
    for row in rows {
        let key: Vec<&str> = key_columns
            .iter()
            .map(|&i| row.get(i).map_or("", String::as_str))
            .collect();
        let key = key.join(",");
        for (i, column) in header.iter().enumerate() {
            if key_columns.contains(&i) {
                continue;
            }
            let value = row.get(i).map_or("", String::as_str);
            for recorded in recorded_names(name, column) {
                record(out, path, &key, recorded, value);
            }
        }
        for (file, recorded, parts) in SUMS {
            let cells: Option<Vec<u64>> = parts
                .iter()
                .map(|p| {
                    let i = header.iter().position(|h| h == p)?;
                    row.get(i)?.parse().ok()
                })
                .collect();
            if let (true, Some(cells)) = (*file == name, cells) {
                let sum: u64 = cells.iter().sum();
                record(out, path, &key, recorded, &sum.to_string());
            }
        }
    }
}

/// `games.csv` in either layout of format 1 (or the one layout of later formats, which is
/// the seats layout): each game's figures under the seats layout's names, the culprit as
/// a seat number, the two-seat `result` as the seats' ranks.
fn games(path: &str, text: &str, out: &mut BTreeSet<String>) {
    let (header, rows) = csv_rows(text);
    let col = |row: &[String], name: &str| -> Option<String> {
        header
            .iter()
            .position(|h| h == name)
            .map(|i| row.get(i).cloned().unwrap_or_default())
    };
    const GAME: [&str; 11] = [
        "series_id",
        "round",
        "game_index",
        "board_index",
        "board_seed",
        "rows",
        "cols",
        "end",
        "reason",
        "moves",
        "seats",
    ];
    for row in rows {
        let id = col(&row, "game_id").expect("games.csv has game_id");
        let mut fields: BTreeMap<String, String> = BTreeMap::new();
        for name in GAME {
            if let Some(v) = col(&row, name) {
                fields.insert(name.to_string(), v);
            }
        }
        if header.iter().any(|h| h == "first") {
            fields.insert("seats".into(), "2".into());
            let ranks = match col(&row, "result").unwrap().as_str() {
                "1-0" => ["1", "2"],
                "0-1" => ["2", "1"],
                _ => ["1", "1"],
            };
            let culprit = col(&row, "culprit").unwrap();
            let mut culprit_seat = String::new();
            for (k, side) in ["first", "second"].iter().enumerate() {
                let seat = format!("seat{}_", k + 1);
                let bot = col(&row, side).unwrap();
                if !culprit.is_empty() && culprit == bot && culprit_seat.is_empty() {
                    culprit_seat = (k + 1).to_string();
                }
                fields.insert(format!("{seat}bot"), bot);
                fields.insert(format!("{seat}team"), String::new());
                fields.insert(format!("{seat}rank"), ranks[k].to_string());
                for f in ["score", "fuel", "max_move_fuel"] {
                    fields.insert(
                        format!("{seat}{f}"),
                        col(&row, &format!("{side}_{f}")).unwrap(),
                    );
                }
            }
            fields.insert("culprit".into(), culprit_seat);
        } else {
            fields.insert("culprit".into(), col(&row, "culprit").unwrap());
            let seats: usize = fields["seats"].parse().unwrap();
            for k in 1..=seats {
                for f in ["bot", "team", "score", "rank", "fuel", "max_move_fuel"] {
                    let name = format!("seat{k}_{f}");
                    fields.insert(name.clone(), col(&row, &name).unwrap_or_default());
                }
            }
        }
        for (field, value) in fields {
            record(out, path, &id, &field, &value);
        }
    }
}

/// The replay store's records: each game's moves in order (the move's text, without the
/// seat a table replay names).
fn moves(path: &str, text: &str, out: &mut BTreeSet<String>) {
    let folder = path.rsplit_once('/').map_or("", |(f, _)| f);
    let mut id = None;
    let mut table = false;
    let mut list: Vec<String> = Vec::new();
    let mut flush = |id: &Option<String>, list: &mut Vec<String>| {
        if let Some(id) = id {
            record(out, folder, id, "moves", &list.join(" "));
        }
        list.clear();
    };
    for line in text.lines() {
        if line.starts_with("@ ") {
            flush(&id, &mut list);
            id = None;
        } else if line == "arena-table-replay 1" {
            table = true;
        } else if line == "arena-replay 1" {
            table = false;
        } else if let Some(v) = line.strip_prefix("game_id ") {
            id = Some(v.to_string());
        } else if let Some(m) = line.strip_prefix("move ") {
            let m = if table {
                m.split_once(' ').map_or(m, |(_, rest)| rest)
            } else {
                m
            };
            list.push(m.to_string());
        }
    }
    flush(&id, &mut list);
}

/// The recorded lines missing from `now`, each with what `now` has for the same key and
/// field, if anything; empty when every recorded figure is unchanged.
pub fn changed(recorded: &BTreeSet<String>, now: &BTreeSet<String>) -> Vec<String> {
    let by_key: BTreeMap<&str, &str> = now
        .iter()
        .filter_map(|l| l.split_once('=').map(|(k, _)| (k, l.as_str())))
        .collect();
    recorded
        .iter()
        .filter(|l| !now.contains(*l))
        .map(|l| {
            let key = l.split_once('=').map_or(l.as_str(), |(k, _)| k);
            match by_key.get(key) {
                Some(n) => format!("recorded {l}, now {n}"),
                None => format!("recorded {l}, now absent"),
            }
        })
        .collect()
}

/// The recording's lines.
pub fn recorded() -> BTreeSet<String> {
    let text = fs::read_to_string(crate::common::root().join(FIGURES))
        .unwrap_or_else(|e| panic!("{FIGURES}: {e}"));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(str::to_string)
        .collect()
}

/// Writes `figures` as the recording (`ARENA_RECORD_FIGURES=1`, only to make the
/// recording from the code before a change of format).
pub fn write(figures: &BTreeSet<String>) {
    let mut text = String::from(
        "# Every figure of the golden tournaments (tests/output/figures.rs): PATH|KEY|FIELD=VALUE.\n\
         # Never re-recorded for a change of format; a run must include every line.\n",
    );
    for line in figures {
        text.push_str(line);
        text.push('\n');
    }
    fs::write(crate::common::root().join(FIGURES), text).unwrap();
}

#[test]
fn a_run_with_a_changed_figure_is_caught_in_either_layout() {
    let two_seat = "game_id,series_id,round,game_index,board_index,board_seed,rows,cols,first,second,first_score,second_score,result,winner,end,culprit,reason,moves,first_fuel,second_fuel,first_max_move_fuel,second_max_move_fuel\n\
        1,1,1,0,0,77,2,6,a,b,-26,26,0-1,b,fuel,a,out of fuel,30,5,6,3,4\n";
    let seats = "game_id,series_id,round,game_index,board_index,board_seed,rows,cols,seats,seat1_bot,seat1_team,seat1_score,seat1_rank,seat1_fuel,seat1_max_move_fuel,seat2_bot,seat2_team,seat2_score,seat2_rank,seat2_fuel,seat2_max_move_fuel,end,culprit,reason,moves\n\
        1,1,1,0,0,77,2,6,2,a,,-26,2,5,3,b,,26,1,6,4,fuel,1,out of fuel,30\n";
    let mut old = BTreeSet::new();
    games("g/games.csv", two_seat, &mut old);
    let mut new = BTreeSet::new();
    games("g/games.csv", seats, &mut new);
    assert_eq!(old, new);
    assert!(old.contains("g/games.csv|1|culprit=1"));
    assert!(old.contains("g/games.csv|1|seat2_rank=1"));
    let mut other = BTreeSet::new();
    games("g/games.csv", &seats.replace(",30\n", ",31\n"), &mut other);
    assert_eq!(
        changed(&old, &other),
        ["recorded g/games.csv|1|moves=30, now g/games.csv|1|moves=31"]
    );
}

#[test]
fn the_moves_of_both_replay_layouts_read_alike() {
    let mut two = BTreeSet::new();
    moves(
        "f/replays/replays.txt",
        "arena-replays 1\n@ 1 9 x\narena-replay 1\ngame_id 1\nmove 4\nmark 0 0\nmove 1\n",
        &mut two,
    );
    let mut table = BTreeSet::new();
    moves(
        "f/replays/replays.txt",
        "arena-replays 1\n@ 1 9 x\narena-table-replay 1\ngame_id 1\nmove 1 4\nmark 0 0\nmove 2 1\n",
        &mut table,
    );
    assert_eq!(two, table);
    assert_eq!(
        two.into_iter().collect::<Vec<_>>(),
        ["f/replays|1|moves=4 1"]
    );
}
