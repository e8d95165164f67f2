//! What the docs say a user can type or will read is what arena has:
//! - every `arena COMMAND … --flag` a doc shows (in a code span or a code block) names a
//!   command that exists and a flag that command's `--help` lists;
//! - every column of every CSV file a tournament writes is named in `docs/RESULTS.md`, and
//!   every column of the two-seat `games.csv` table there is one the file has;
//! - the limits tables (`docs/ABI.md`, "Limits"; `docs/TOURNAMENT.md`, "Bounds of the
//!   numeric flags") give the ranges and defaults that `--help` gives.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::common::{arena, root};

/// Every doc a user reads: the README, `docs/` (with its sub-folders) and the pages of
/// `bots/` (not the vendored Python library).
fn docs() -> Vec<(String, String)> {
    let mut paths = vec![root().join("README.md"), root().join("bots/README.md")];
    let mut dirs = vec![root().join("docs")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                paths.push(path);
            }
        }
    }
    for entry in std::fs::read_dir(root().join("bots")).unwrap() {
        let page = entry.unwrap().path().join("README.md");
        if page.is_file() {
            paths.push(page);
        }
    }
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let name = path.strip_prefix(root()).unwrap().display().to_string();
            (name, std::fs::read_to_string(&path).unwrap())
        })
        .collect()
}

/// The code a doc shows: each inline code span, and each line of a fenced or indented
/// code block (lines continued with `\` joined).
fn code(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut fenced = false;
    let mut pending = String::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        let block = fenced || line.starts_with("    ");
        if block {
            let line = line.trim();
            if let Some(head) = line.strip_suffix('\\') {
                pending.push_str(head.trim_end());
                pending.push(' ');
                continue;
            }
            pending.push_str(line);
            out.push(std::mem::take(&mut pending));
        } else {
            out.extend(line.split('`').skip(1).step_by(2).map(str::to_string));
        }
    }
    out
}

/// The command lines in `code` that run arena: `arena COMMAND ARGS…`, split in words
/// (a comment after `#` dropped).
fn arena_lines(code: &str) -> Vec<Vec<String>> {
    let code = code.split(" #").next().unwrap_or("");
    code.split(['|', ';'])
        .filter_map(|part| {
            let words: Vec<String> = part
                .split_whitespace()
                .skip_while(|w| *w == "$" || w.contains('='))
                .map(str::to_string)
                .collect();
            (words.first().map(String::as_str) == Some("arena") && words.len() > 1).then_some(words)
        })
        .collect()
}

/// `arena COMMAND --help`, per command, run once.
struct Help(BTreeMap<String, String>);

impl Help {
    fn of(&mut self, command: &str) -> &str {
        self.0.entry(command.to_string()).or_insert_with(|| {
            let out = arena().args([command, "--help"]).output().unwrap();
            assert!(out.status.success(), "arena {command} --help failed");
            String::from_utf8(out.stdout).unwrap()
        })
    }
}

/// The commands `arena --help` lists.
fn commands() -> BTreeSet<String> {
    let out = arena().arg("--help").output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    text.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter(|l| l.starts_with("  ") && !l.starts_with("    "))
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .collect()
}

/// A flag as a doc writes it, without its value (`--option=k=3` → `--option`) or the
/// punctuation around it.
fn flag(word: &str) -> Option<String> {
    let word = word.trim_end_matches([',', '.', ')', ']', ':', ';']);
    let name = word.split('=').next()?;
    (name.starts_with("--")
        && name.len() > 2
        && name[2..]
            .chars()
            .all(|c| c.is_ascii_lowercase() || c == '-'))
    .then(|| name.to_string())
}

#[test]
fn every_arena_flag_a_doc_shows_exists() {
    let commands = commands();
    let mut help = Help(BTreeMap::new());
    let mut wrong = BTreeSet::new();
    let mut checked = 0;
    for (doc, text) in docs() {
        for code in code(&text) {
            for words in arena_lines(&code) {
                let command = words[1].as_str();
                // `arena --help`, or the crate `arena` in a picture (`arena ─► …`).
                if !command.starts_with(|c: char| c.is_ascii_lowercase()) {
                    continue;
                }
                if !commands.contains(command) {
                    wrong.insert(format!("{doc}: `arena {command}` is no command: {code}"));
                    continue;
                }
                let text = help.of(command).to_string();
                for flag in words[2..].iter().filter_map(|w| flag(w)) {
                    checked += 1;
                    let listed = text
                        .split(|c: char| c.is_whitespace() || c == ',')
                        .any(|w| w == flag);
                    if !listed {
                        wrong.insert(format!("{doc}: `arena {command}` has no {flag}: {code}"));
                    }
                }
            }
        }
    }
    assert!(
        checked > 100,
        "only {checked} flags found: the scan is broken"
    );
    assert!(wrong.is_empty(), "{}", Vec::from_iter(wrong).join("\n"));
}

/// The header of the CSV file `name` in `dir`.
fn header(dir: &Path, name: &str) -> Vec<String> {
    let text =
        std::fs::read_to_string(dir.join(name)).unwrap_or_else(|err| panic!("{name}: {err}"));
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    reader
        .headers()
        .unwrap()
        .iter()
        .map(str::to_string)
        .collect()
}

/// Whether `docs/RESULTS.md` (or `GRADING.md`) names `column`, in backticks, or as one of
/// the patterns it writes for families of columns (`seatK_bot`, `faults_KIND`,
/// `ROLE_games`).
fn documented(text: &str, column: &str) -> bool {
    if text.contains(&format!("`{column}`")) {
        return true;
    }
    let seat = column
        .strip_prefix("seat")
        .and_then(|rest| rest.split_once('_'))
        .filter(|(k, _)| k.parse::<u8>().is_ok());
    if let Some((_, field)) = seat {
        return text.contains(&format!("`seatK_{field}`"));
    }
    if column.starts_with("faults_") {
        return text.contains("`faults_KIND`");
    }
    column
        .split_once('_')
        .is_some_and(|(_, rest)| text.contains(&format!("`ROLE_{rest}`")))
}

/// Plays a small tournament with `args` into a new folder.
fn tournament(args: &[&str]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    arena()
        .arg("tournament")
        .args(args)
        .arg("--out")
        .arg(dir.path())
        .assert()
        .success();
    dir
}

#[test]
fn every_column_a_tournament_writes_is_documented() {
    let results = std::fs::read_to_string(root().join("docs/RESULTS.md")).unwrap();
    let grading = std::fs::read_to_string(root().join("docs/GRADING.md")).unwrap();
    let docs = format!("{results}\n{grading}");
    let bots = ["builtin:random", "builtin:greedy", "builtin:alphabeta"];
    let pairs = tournament(&[&bots[..], &["--best-of", "3", "--paired"]].concat());
    let tables = tournament(&[
        "builtin:random",
        "builtin:greedy",
        "builtin:maxn",
        "--game",
        "tictactoe",
        "--option",
        "players=3",
        "--rounds",
        "2",
    ]);
    let roles = tournament(&["builtin:greedy", "builtin:random", "--game", "pursuit"]);
    let mut missing = BTreeSet::new();
    for (run, dir) in [("pairs", &pairs), ("tables", &tables), ("roles", &roles)] {
        for entry in std::fs::read_dir(dir.path()).unwrap() {
            let name = entry.unwrap().file_name().to_string_lossy().to_string();
            if !name.ends_with(".csv") {
                continue;
            }
            let names: BTreeSet<String> = ["random", "greedy", "alphabeta", "maxn"]
                .iter()
                .map(|b| format!("builtin:{b}"))
                .collect();
            for column in header(dir.path(), &name) {
                // los.csv and crosstable.csv have a column per bot.
                if names.contains(&column) {
                    continue;
                }
                if !documented(&docs, &column) {
                    missing.insert(format!("{run}: {name}: `{column}`"));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "columns docs/RESULTS.md does not name:\n{}",
        Vec::from_iter(missing).join("\n")
    );

    // The two-seat games.csv table names no column the file lacks.
    let section = results
        .split("\n## games.csv")
        .nth(1)
        .and_then(|s| s.split("\n### ").next())
        .expect("docs/RESULTS.md has a games.csv section");
    let columns = header(pairs.path(), "games.csv");
    for row in section.lines().filter(|l| l.starts_with("| `")) {
        let cell = row.split('|').nth(1).unwrap();
        for name in cell.split('`').skip(1).step_by(2) {
            assert!(
                columns.iter().any(|c| c == name),
                "docs/RESULTS.md's games.csv names `{name}`, which games.csv lacks: {columns:?}"
            );
        }
    }
}

/// The `standings.csv` section's table names the core columns every game's file starts
/// with, in order, and groups each game has where the table says so.
#[test]
fn every_standings_csv_starts_with_the_documented_core() {
    let results = std::fs::read_to_string(root().join("docs/RESULTS.md")).unwrap();
    let section = results
        .split("\n## standings.csv")
        .nth(1)
        .and_then(|s| s.split("\n## ").next())
        .expect("docs/RESULTS.md has a standings.csv section");
    // (columns, for whom) of every row of the section's table.
    let rows: Vec<(Vec<String>, String)> = section
        .lines()
        .filter(|l| l.starts_with("| `"))
        .map(|row| {
            let cells: Vec<&str> = row.split('|').collect();
            let names = cells[1]
                .split('`')
                .skip(1)
                .step_by(2)
                .map(str::to_string)
                .collect();
            (names, cells[2].trim().to_string())
        })
        .collect();
    let fixed = |names: &[String]| -> Vec<String> {
        names
            .iter()
            .filter(|n| !n.contains('K') || n.starts_with("faults_"))
            .cloned()
            .collect()
    };
    let core: Vec<String> = rows
        .iter()
        .filter(|(_, who)| who == "every game")
        .flat_map(|(names, _)| fixed(names))
        .collect();
    assert!(core.len() > 10, "{core:?}");
    let two = tournament(&["builtin:random", "builtin:greedy", "--best-of", "3"]);
    let three = tournament(&[
        "builtin:random",
        "builtin:greedy",
        "builtin:maxn",
        "--game",
        "tictactoe",
        "--option",
        "players=3",
        "--rounds",
        "2",
    ]);
    let one = tournament(&[
        "builtin:greedy",
        "builtin:solver",
        "--game",
        "minesweeper",
        "--rounds",
        "2",
    ]);
    for (run, dir, groups) in [
        ("two seats", &two, "two-seat tournaments"),
        ("three seats", &three, "table tournaments"),
        ("one seat", &one, "one seat"),
    ] {
        let header = header(dir.path(), "standings.csv");
        // The header's core, with the fault columns named by their pattern.
        let mut start: Vec<String> = Vec::new();
        for column in &header {
            let name = if column.starts_with("faults_") {
                "faults_KIND".to_string()
            } else {
                column.clone()
            };
            if start.last() != Some(&name) {
                start.push(name);
            }
            if start.len() == core.len() {
                break;
            }
        }
        assert_eq!(start, core, "{run}: {header:?}");
        let group: Vec<String> = rows
            .iter()
            .filter(|(_, who)| who == groups)
            .flat_map(|(names, _)| fixed(names))
            .collect();
        assert!(!group.is_empty(), "{run}: no group for {groups}");
        for name in group {
            assert!(header.contains(&name), "{run}: no `{name}` in {header:?}");
        }
    }
}

/// The rows of the first table after the heading `title` in `text`, split in cells.
fn table(text: &str, title: &str) -> Vec<Vec<String>> {
    let start = text
        .find(&format!("\n## {title}\n"))
        .unwrap_or_else(|| panic!("no section {title}"));
    text[start..]
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .skip(2)
        .map(|l| {
            l.trim_matches('|')
                .split('|')
                .map(|c| c.trim().to_string())
                .collect()
        })
        .collect()
}

/// The numbers in `text`, with digit groups written with spaces joined (`10 000` → 10000).
fn numbers(text: &str) -> Vec<u64> {
    let mut out = Vec::new();
    let mut current = String::new();
    let chars: Vec<char> = text.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if c.is_ascii_digit() {
            current.push(c);
        } else if c == ' '
            && !current.is_empty()
            && chars.get(i + 1..i + 4).is_some_and(|next| {
                next.iter().all(char::is_ascii_digit)
                    && chars.get(i + 4).is_none_or(|d| !d.is_ascii_digit())
            })
        {
            continue;
        } else if !current.is_empty() {
            out.push(current.parse().unwrap());
            current.clear();
        }
    }
    if !current.is_empty() {
        out.push(current.parse().unwrap());
    }
    out
}

/// The help paragraph of `flag` in `arena COMMAND --help`.
fn flag_help(help: &mut Help, command: &str, flag: &str) -> String {
    let text = help.of(command);
    let start = text
        .lines()
        .position(|l| {
            let l = l.trim_start();
            l.starts_with('-') && l.split([' ', ',']).any(|w| w == flag)
        })
        .unwrap_or_else(|| panic!("arena {command} --help has no {flag}"));
    text.lines()
        .skip(start)
        .take_while({
            let mut first = true;
            move |l| {
                let keep = first || !l.trim_start().starts_with('-');
                first = false;
                keep
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn the_limits_tables_give_what_help_gives() {
    let mut help = Help(BTreeMap::new());
    let mut wrong = Vec::new();
    let abi = std::fs::read_to_string(root().join("docs/ABI.md")).unwrap();
    let mut checked = 0;
    for row in table(&abi, "Limits") {
        let Some(flag) = row[2].split('`').nth(1).filter(|f| f.starts_with("--")) else {
            continue;
        };
        let default = numbers(&row[1])[0];
        let text = flag_help(&mut help, "tournament", flag);
        checked += 1;
        if !numbers(&text).contains(&default) {
            wrong.push(format!(
                "ABI.md: {flag} defaults to {default}; --help: {text}"
            ));
        }
    }
    let tournament = std::fs::read_to_string(root().join("docs/TOURNAMENT.md")).unwrap();
    for row in table(&tournament, "Bounds of the numeric flags") {
        let cell = &row[0];
        let Some(flag) = cell.split('`').nth(1) else {
            continue;
        };
        // `match --games` and `check --games` name their command; the rest are the
        // tournament's flags.
        let (command, flag) = match flag.split_once(' ') {
            Some((command, flag)) => (command, flag),
            None => ("tournament", flag),
        };
        if !flag.starts_with("--") || !help.of(command).contains(flag) {
            continue;
        }
        let text = flag_help(&mut help, command, flag);
        let range = numbers(row[1].split(',').next().unwrap_or(""));
        if !row[1].contains(" to ") || range.len() != 2 {
            continue;
        }
        checked += 1;
        let shown = numbers(&text);
        for bound in range {
            if !shown.contains(&bound) {
                wrong.push(format!(
                    "TOURNAMENT.md: {command} {flag} range has {bound}; --help: {text}"
                ));
            }
        }
    }
    assert!(
        checked >= 8,
        "only {checked} limits checked: the scan is broken"
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_scanners_find_what_they_check() {
    assert_eq!(
        code("run `arena check x.wasm --json` or\n```sh\narena tournament a \\\n  --paired\n```\n"),
        ["arena check x.wasm --json", "arena tournament a --paired"]
    );
    assert_eq!(
        arena_lines("ARENA_CACHE_DIR=/x arena check a.wasm # then play")[0],
        ["arena", "check", "a.wasm"]
    );
    assert_eq!(flag("--option=k=3,"), Some("--option".into()));
    assert_eq!(flag("--X"), None);
    assert_eq!(
        numbers("1 to 10 000 000 000 per move, 64 MiB"),
        [1, 10_000_000_000, 64]
    );
    assert!(documented("`seatK_bot`", "seat3_bot"));
    assert!(documented("`faults_KIND`", "faults_trap"));
    assert!(!documented("`seatK_bot`", "seat3_rank"));
}
