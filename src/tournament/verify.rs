//! `arena verify`: compares a recorded results folder with a reproduction of it, file by
//! file, and names every difference (the file, the game, the row and column or line, the
//! recorded and the reproduced value).
//!
//! The reproduction is made by the same tournament code from the manifest and the
//! modules (see `src/cli/verify.rs`); this module only compares two folders.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::fs;
use std::path::Path;

use crate::output::results_file::GAMES_CAP;
use crate::output::{folder_lock, games_csv, manifest, replay, replay_store, OutputError};
use crate::tournament::folder;

/// One difference between the recorded and the reproduced results.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The file, relative to the results folder (`games.csv`, `replays/g0000003.txt`).
    pub file: String,
    /// The game it concerns, when it concerns one.
    pub game: Option<u64>,
    /// Where in the file: `row 3, column result`, `line 12`, `bots[1].sha256`.
    pub place: String,
    /// The recorded value (`None`: not there).
    pub recorded: Option<String>,
    /// The reproduced value (`None`: not there).
    pub reproduced: Option<String>,
    /// The difference in words when it is not one value against another (a game row
    /// missing from `games.csv`): shown in place of the two values.
    pub summary: Option<String>,
}

impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let show = |v: &Option<String>| match v {
            Some(v) => format!("`{}`", v.escape_debug()),
            None => "nothing".to_string(),
        };
        write!(f, "{}", self.file)?;
        if let Some(g) = self.game {
            write!(f, ", game {g}")?;
        }
        if !self.place.is_empty() {
            write!(f, ", {}", self.place)?;
        }
        if let Some(summary) = &self.summary {
            return write!(f, ": {summary}");
        }
        write!(
            f,
            ": recorded {}, reproduced {}",
            show(&self.recorded),
            show(&self.reproduced)
        )
    }
}

impl Difference {
    /// The difference on one line of bounded length: each value cut to
    /// [`MAX_VALUE_CHARS`] characters (with its length), so that a long line (the page's
    /// data) is never printed whole; a difference of `tournament.json` (what was run) as
    /// `tournament.json: bots[2].sha256 differs: …`.
    pub fn brief(&self) -> String {
        let show = |v: &Option<String>| match v {
            Some(v) => {
                let v = v.escape_debug().to_string();
                let n = v.chars().count();
                if n > MAX_VALUE_CHARS {
                    let cut: String = v.chars().take(MAX_VALUE_CHARS).collect();
                    format!("`{cut}…` ({n} characters)")
                } else {
                    format!("`{v}`")
                }
            }
            None => "nothing".to_string(),
        };
        let mut out = self.file.clone();
        if self.file == manifest::FILE {
            let field = self.place.strip_prefix("field ").unwrap_or(&self.place);
            out = format!("{out}: {field} differs");
        } else {
            if let Some(g) = self.game {
                out.push_str(&format!(", game {g}"));
            }
            if !self.place.is_empty() {
                out.push_str(&format!(", {}", self.place));
            }
        }
        match &self.summary {
            Some(summary) => format!("{out}: {summary}"),
            None => format!(
                "{out}: recorded {}, reproduced {}",
                show(&self.recorded),
                show(&self.reproduced)
            ),
        }
    }

    /// How near the difference is to its cause: 0 for what was run (`tournament.json`:
    /// a module, a limit, a flag), 1 for a game's record (`games.csv`, the replays), 2
    /// for a summary derived from them.
    fn tier(&self) -> u8 {
        if self.file == manifest::FILE {
            0
        } else if self.file == games_csv::FILE || self.file.starts_with(replay::DIR) {
            1
        } else {
            2
        }
    }
}

/// The most causes [`report_lines`] lists.
pub const MAX_CAUSES: usize = 10;

/// The most other differences [`report_lines`] lists.
pub const MAX_DETAIL: usize = 20;

/// The longest value [`Difference::brief`] shows whole, in characters.
pub const MAX_VALUE_CHARS: usize = 80;

/// The differences as `arena verify` prints them: the causes first, one line each (the
/// differences nearest what was run: of `tournament.json` if any, else of the games'
/// records, else of the summaries; at most [`MAX_CAUSES`]), then what follows from them,
/// counted by file, with at most [`MAX_DETAIL`] lines (the games' records first) and how
/// many more there are.
pub fn report_lines(diffs: &[Difference]) -> Vec<String> {
    let Some(first) = diffs.iter().map(Difference::tier).min() else {
        return Vec::new();
    };
    let (causes, mut rest): (Vec<&Difference>, Vec<&Difference>) =
        diffs.iter().partition(|d| d.tier() == first);
    // The games' records before the summaries derived from them.
    rest.sort_by_key(|d| d.tier());
    let mut out = vec![if causes.len() == 1 {
        "cause:"
    } else {
        "causes:"
    }
    .to_string()];
    let more = |n: usize, what: &str| format!("  … and {n} more {what}");
    out.extend(
        causes
            .iter()
            .take(MAX_CAUSES)
            .map(|d| format!("  {}", d.brief())),
    );
    if causes.len() > MAX_CAUSES {
        out.push(more(causes.len() - MAX_CAUSES, "causes"));
    }
    if rest.is_empty() {
        return out;
    }
    let mut by_file: BTreeMap<&str, usize> = BTreeMap::new();
    for d in &rest {
        *by_file.entry(d.file.as_str()).or_default() += 1;
    }
    let files: Vec<String> = by_file.iter().map(|(f, n)| format!("{f} ({n})")).collect();
    out.push(format!(
        "following from {}: {} in {}",
        if causes.len() == 1 { "it" } else { "them" },
        plural(rest.len(), "difference"),
        files.join(", ")
    ));
    out.extend(
        rest.iter()
            .take(MAX_DETAIL)
            .map(|d| format!("  {}", d.brief())),
    );
    if rest.len() > MAX_DETAIL {
        out.push(more(rest.len() - MAX_DETAIL, "differences"));
    }
    out
}

/// The first of the differences [`report_lines`] lists as causes: of `tournament.json`
/// if any, else of the games' records (`games.csv`, the replays), else of a summary.
pub fn first_cause(diffs: &[Difference]) -> Option<&Difference> {
    let first = diffs.iter().map(Difference::tier).min()?;
    diffs.iter().find(|d| d.tier() == first)
}

/// `n` and the noun, singular for one.
pub fn plural(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// Every file under `dir`, relative and `/`-separated.
fn files(dir: &Path) -> Result<BTreeSet<String>, OutputError> {
    let mut out = BTreeSet::new();
    let mut stack = vec![(dir.to_path_buf(), String::new())];
    while let Some((d, prefix)) = stack.pop() {
        let entries = fs::read_dir(&d).map_err(|e| OutputError::io(&d, e))?;
        for entry in entries {
            let entry = entry.map_err(|e| OutputError::io(&d, e))?;
            let name = entry.file_name().to_string_lossy().into_owned();
            let kind = entry
                .file_type()
                .map_err(|e| OutputError::io(&entry.path(), e))?;
            if kind.is_dir() {
                stack.push((entry.path(), format!("{prefix}{name}/")));
            } else if prefix.is_empty() && name == folder_lock::FILE {
                // The lock of a run killed (or still writing): not a result.
                continue;
            } else {
                out.insert(format!("{prefix}{name}"));
            }
        }
    }
    Ok(out)
}

/// The game a replay file name stands for.
fn replay_game(file: &str) -> Option<u64> {
    file.strip_prefix(&format!("{}/g", replay::DIR))?
        .strip_suffix(".txt")?
        .parse()
        .ok()
}

/// Compares the recorded folder with the reproduced one. Files only in the recorded
/// folder that arena does not write are listed in the second value (ignored, not
/// differences).
///
/// # Errors
/// [`OutputError`] when a file cannot be read.
pub fn compare(
    recorded: &Path,
    reproduced: &Path,
) -> Result<(Vec<Difference>, Vec<String>), OutputError> {
    let (have, want) = (files(recorded)?, files(reproduced)?);
    let mut diffs = Vec::new();
    let mut ignored = Vec::new();
    for file in have.union(&want) {
        let game = replay_game(file);
        match (have.contains(file), want.contains(file)) {
            (true, true) if *file == store_file() => {
                compare_store(
                    file,
                    &recorded.join(file),
                    &reproduced.join(file),
                    &mut diffs,
                )?;
            }
            (true, true) => {
                let read = |dir: &Path| {
                    let path = dir.join(file);
                    crate::output::results_file::read(&path, GAMES_CAP)?
                        .ok_or_else(|| OutputError::io(&path, std::io::ErrorKind::NotFound.into()))
                };
                let (a, b) = (read(recorded)?, read(reproduced)?);
                if a != b {
                    compare_file(file, &a, &b, &mut diffs);
                }
            }
            (true, false) if folder::is_own(file) => diffs.push(Difference {
                file: file.clone(),
                game,
                place: "the whole file".into(),
                recorded: Some("a file".into()),
                reproduced: None,
                summary: None,
            }),
            (true, false) => ignored.push(file.clone()),
            (false, _) => diffs.push(Difference {
                file: file.clone(),
                game,
                place: "the whole file".into(),
                recorded: None,
                reproduced: Some("a file".into()),
                summary: None,
            }),
        }
    }
    Ok((diffs, ignored))
}

/// The differences inside one file whose bytes differ.
fn compare_file(file: &str, a: &[u8], b: &[u8], diffs: &mut Vec<Difference>) {
    let before = diffs.len();
    if file == manifest::FILE {
        compare_json(file, a, b, diffs);
    } else if file.ends_with(".csv") {
        compare_csv(file, a, b, diffs);
    } else {
        compare_lines(file, replay_game(file), a, b, diffs);
    }
    if diffs.len() == before {
        // Same records, other bytes (quoting, line ends): still not what arena wrote.
        diffs.push(Difference {
            file: file.to_string(),
            game: replay_game(file),
            place: "the bytes".into(),
            recorded: Some(format!("{} bytes", a.len())),
            reproduced: Some(format!("{} bytes", b.len())),
            summary: None,
        });
    }
}

/// The replay store's path inside a results folder, as [`compare`] names files.
fn store_file() -> String {
    format!("{}/{}", replay::DIR, replay_store::FILE)
}

/// The replay store, game by game: the lines of each game's replay that differ, and the
/// games only one side holds; with the same records, the bytes. Read record by record
/// (two records held at a time, whatever the stores' sizes).
///
/// # Errors
/// [`OutputError`] when a record cannot be read again.
fn compare_store(
    file: &str,
    a: &Path,
    b: &Path,
    diffs: &mut Vec<Difference>,
) -> Result<(), OutputError> {
    use replay_store::Store;
    let (sa, sb) = match (Store::open_file(a), Store::open_file(b)) {
        (Ok(sa), Ok(sb)) => (sa, sb),
        (Err(e), _) | (_, Err(e)) => {
            // Named as the folder names it, not by where the folder is.
            let why = e
                .to_string()
                .replace(&a.display().to_string(), file)
                .replace(&b.display().to_string(), file);
            diffs.push(Difference {
                file: file.to_string(),
                game: None,
                place: "the store".into(),
                recorded: Some(why),
                reproduced: Some("a readable store".into()),
                summary: None,
            });
            return Ok(());
        }
    };
    let before = diffs.len();
    let ids: BTreeSet<u64> = sa.ids().chain(sb.ids()).collect();
    for id in ids {
        match (sa.hash(id), sb.hash(id)) {
            (Some(x), Some(y)) if x != y => {
                let (x, y) = (sa.text(id)?, sb.text(id)?);
                let (x, y) = (x.unwrap_or_default(), y.unwrap_or_default());
                compare_lines(file, Some(id), x.as_bytes(), y.as_bytes(), diffs);
            }
            (x, y) if x.is_none() || y.is_none() => diffs.push(Difference {
                file: file.to_string(),
                game: Some(id),
                place: "its replay".into(),
                recorded: x.map(|_| "a replay".to_string()),
                reproduced: y.map(|_| "a replay".to_string()),
                summary: None,
            }),
            _ => {}
        }
    }
    if diffs.len() == before && !same_bytes(a, b)? {
        // Same records, other bytes: still not what arena wrote.
        let size = |p: &Path| fs::symlink_metadata(p).map_or(0, |m| m.len());
        diffs.push(Difference {
            file: file.to_string(),
            game: None,
            place: "the bytes".into(),
            recorded: Some(format!("{} bytes", size(a))),
            reproduced: Some(format!("{} bytes", size(b))),
            summary: None,
        });
    }
    Ok(())
}

/// Whether two files (already read as stores: regular files) hold the same bytes, read
/// a piece at a time.
fn same_bytes(a: &Path, b: &Path) -> Result<bool, OutputError> {
    use std::io::Read as _;
    let open = |p: &Path| {
        crate::output::results_file::open(p)?
            .ok_or_else(|| OutputError::io(p, std::io::ErrorKind::NotFound.into()))
    };
    let ((mut fa, la), (mut fb, lb)) = (open(a)?, open(b)?);
    if la != lb {
        return Ok(false);
    }
    let (mut xa, mut xb) = (vec![0u8; 1 << 16], vec![0u8; 1 << 16]);
    let mut left = la;
    while left > 0 {
        let n = left.min(xa.len() as u64) as usize;
        fa.read_exact(&mut xa[..n])
            .map_err(|e| OutputError::io(a, e))?;
        fb.read_exact(&mut xb[..n])
            .map_err(|e| OutputError::io(b, e))?;
        if xa[..n] != xb[..n] {
            return Ok(false);
        }
        left -= n as u64;
    }
    Ok(true)
}

fn compare_lines(file: &str, game: Option<u64>, a: &[u8], b: &[u8], diffs: &mut Vec<Difference>) {
    let (a, b) = (String::from_utf8_lossy(a), String::from_utf8_lossy(b));
    let (la, lb): (Vec<&str>, Vec<&str>) = (a.lines().collect(), b.lines().collect());
    for i in 0..la.len().max(lb.len()) {
        let (x, y) = (la.get(i), lb.get(i));
        if x != y {
            diffs.push(Difference {
                file: file.to_string(),
                game,
                place: format!("line {}", i + 1),
                recorded: x.map(|s| s.to_string()),
                reproduced: y.map(|s| s.to_string()),
                summary: None,
            });
        }
    }
}

fn records(bytes: &[u8]) -> Vec<Vec<String>> {
    csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(bytes)
        .records()
        .map(|r| match r {
            Ok(r) => r.iter().map(str::to_string).collect(),
            Err(e) => vec![format!("(unreadable: {e})")],
        })
        .collect()
}

fn compare_csv(file: &str, a: &[u8], b: &[u8], diffs: &mut Vec<Difference>) {
    if file == games_csv::FILE {
        return compare_games(file, a, b, diffs);
    }
    let (ra, rb) = (records(a), records(b));
    let header = rb.first().or(ra.first()).cloned().unwrap_or_default();
    for i in 0..ra.len().max(rb.len()) {
        let row = if i == 0 {
            "the header".to_string()
        } else {
            format!("row {i}")
        };
        compare_row(file, None, &row, ra.get(i), rb.get(i), &header, diffs);
    }
}

/// One row against its reproduction: cell by cell (named by `header`'s column), or the
/// whole row when one side has none.
fn compare_row(
    file: &str,
    game: Option<u64>,
    row: &str,
    x: Option<&Vec<String>>,
    y: Option<&Vec<String>>,
    header: &[String],
    diffs: &mut Vec<Difference>,
) {
    match (x, y) {
        (Some(x), Some(y)) => {
            for c in 0..x.len().max(y.len()) {
                if x.get(c) != y.get(c) {
                    let column = header
                        .get(c)
                        .cloned()
                        .unwrap_or_else(|| format!("{}", c + 1));
                    diffs.push(Difference {
                        file: file.to_string(),
                        game,
                        place: format!("{row}, column {column}"),
                        recorded: x.get(c).cloned(),
                        reproduced: y.get(c).cloned(),
                        summary: None,
                    });
                }
            }
        }
        (None, None) => {}
        (x, y) => diffs.push(Difference {
            file: file.to_string(),
            game,
            place: row.to_string(),
            recorded: x.map(|r| r.join(",")),
            reproduced: y.map(|r| r.join(",")),
            summary: None,
        }),
    }
}

/// The game id a data row of `games.csv` stands for (its first column), if it is one.
fn row_game(row: &[String]) -> Option<u64> {
    row.first().and_then(|id| id.parse().ok())
}

/// `games.csv`: the header by position, the game rows by their game id (the first
/// column), so that a row missing, added or repeated is one difference and every other
/// game is still compared with its own reproduction. Rows are named by their place in the
/// recorded file (`row 3`: the third after the header).
fn compare_games(file: &str, a: &[u8], b: &[u8], diffs: &mut Vec<Difference>) {
    let (ra, rb) = (records(a), records(b));
    let header = rb.first().or(ra.first()).cloned().unwrap_or_default();
    compare_row(
        file,
        None,
        "the header",
        ra.first(),
        rb.first(),
        &header,
        diffs,
    );
    // The recorded rows of each game (more than one when repeated), and those that name
    // no game; the reproduction has exactly one row per game.
    let mut recorded: BTreeMap<u64, Vec<usize>> = BTreeMap::new();
    let mut no_game = Vec::new();
    for (i, row) in ra.iter().enumerate().skip(1) {
        match row_game(row) {
            Some(id) => recorded.entry(id).or_default().push(i),
            None => no_game.push(i),
        }
    }
    let mut reproduced: BTreeMap<u64, usize> = BTreeMap::new();
    let mut reproduced_no_game = Vec::new();
    for (i, row) in rb.iter().enumerate().skip(1) {
        match row_game(row) {
            Some(id) => {
                reproduced.entry(id).or_insert(i);
            }
            None => reproduced_no_game.push(i),
        }
    }
    let ids: BTreeSet<u64> = recorded.keys().chain(reproduced.keys()).copied().collect();
    let before = diffs.len();
    for id in ids {
        let rows = recorded.get(&id).map_or(&[][..], Vec::as_slice);
        let again = reproduced.get(&id).map(|&j| &rb[j]);
        let note = |place: String, recorded: Option<&Vec<String>>, what: String| Difference {
            file: file.to_string(),
            game: Some(id),
            place,
            recorded: recorded.map(|r| r.join(",")),
            reproduced: None,
            summary: Some(what),
        };
        match (rows.split_first(), again) {
            (None, Some(y)) => diffs.push(Difference {
                reproduced: Some(y.join(",")),
                ..note(String::new(), None, format!("missing from {file}"))
            }),
            (Some(_), None) => {
                for &i in rows {
                    diffs.push(note(
                        format!("row {i}"),
                        Some(&ra[i]),
                        format!(
                            "not a game of this tournament (the reproduction has no game {id})"
                        ),
                    ));
                }
            }
            (Some((&first, extra)), Some(y)) => {
                let row = format!("row {first}");
                compare_row(
                    file,
                    Some(id),
                    &row,
                    Some(&ra[first]),
                    Some(y),
                    &header,
                    diffs,
                );
                for &i in extra {
                    diffs.push(note(
                        format!("row {i}"),
                        Some(&ra[i]),
                        format!("a second row of this game (its first is row {first})"),
                    ));
                }
            }
            (None, None) => {}
        }
    }
    for i in no_game {
        diffs.push(Difference {
            file: file.to_string(),
            game: None,
            place: format!("row {i}"),
            recorded: Some(ra[i].join(",")),
            reproduced: None,
            summary: Some("not a game row (its first column is not a game id)".into()),
        });
    }
    for j in reproduced_no_game {
        compare_row(
            file,
            None,
            &format!("reproduced row {j}"),
            None,
            Some(&rb[j]),
            &header,
            diffs,
        );
    }
    if diffs.len() == before {
        // The same games, one row each: in the order arena writes them?
        let order = |rows: &[Vec<String>]| -> Vec<u64> {
            rows.iter().skip(1).filter_map(|r| row_game(r)).collect()
        };
        if order(&ra) != order(&rb) {
            diffs.push(Difference {
                file: file.to_string(),
                game: None,
                place: "the order of the rows".into(),
                recorded: None,
                reproduced: None,
                summary: Some(
                    "the same games in another order (arena writes them by game id)".into(),
                ),
            });
        }
    }
}

fn flatten(prefix: String, v: &serde_json::Value, out: &mut Vec<(String, String)>) {
    match v {
        serde_json::Value::Object(m) => {
            for (k, v) in m {
                let p = if prefix.is_empty() {
                    k.clone()
                } else {
                    format!("{prefix}.{k}")
                };
                flatten(p, v, out);
            }
        }
        serde_json::Value::Array(a) => {
            for (i, v) in a.iter().enumerate() {
                flatten(format!("{prefix}[{i}]"), v, out);
            }
        }
        other => out.push((prefix, other.to_string())),
    }
}

fn compare_json(file: &str, a: &[u8], b: &[u8], diffs: &mut Vec<Difference>) {
    let parse = |bytes: &[u8]| serde_json::from_slice::<serde_json::Value>(bytes).ok();
    let (Some(ja), Some(jb)) = (parse(a), parse(b)) else {
        return compare_lines(file, None, a, b, diffs);
    };
    let (mut fa, mut fb) = (Vec::new(), Vec::new());
    flatten(String::new(), &ja, &mut fa);
    flatten(String::new(), &jb, &mut fb);
    let keys: BTreeSet<&String> = fa.iter().chain(&fb).map(|(k, _)| k).collect();
    let get =
        |f: &[(String, String)], k: &str| f.iter().find(|(x, _)| x == k).map(|(_, v)| v.clone());
    for k in keys {
        let (x, y) = (get(&fa, k), get(&fb, k));
        if x != y {
            diffs.push(Difference {
                file: file.to_string(),
                game: None,
                place: format!("field {k}"),
                recorded: x,
                reproduced: y,
                summary: None,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn differences_name_file_game_column_and_values() {
        let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        for d in [a.path(), b.path()] {
            fs::create_dir_all(d.join("replays")).unwrap();
            fs::write(d.join("series.csv"), "id,x\n1,2\n").unwrap();
        }
        fs::write(a.path().join("games.csv"), "game_id,result\n4,1-0\n").unwrap();
        fs::write(b.path().join("games.csv"), "game_id,result\n4,0-1\n").unwrap();
        fs::write(a.path().join("replays/g0000004.txt"), "a\nmove 3\n").unwrap();
        fs::write(b.path().join("replays/g0000004.txt"), "a\nmove 5\n").unwrap();
        fs::write(b.path().join("replays/g0000005.txt"), "x\n").unwrap();
        fs::write(a.path().join("tournament.json"), r#"{"bots":[{"d":null}]}"#).unwrap();
        fs::write(b.path().join("tournament.json"), r#"{"bots":[{"d":"x"}]}"#).unwrap();
        fs::write(a.path().join("notes.txt"), "mine").unwrap();
        let (diffs, ignored) = compare(a.path(), b.path()).unwrap();
        let text: Vec<String> = diffs.iter().map(|d| d.to_string()).collect();
        assert_eq!(
            text,
            [
                "games.csv, game 4, row 1, column result: recorded `1-0`, reproduced `0-1`",
                "replays/g0000004.txt, game 4, line 2: recorded `move 3`, reproduced `move 5`",
                "replays/g0000005.txt, game 5, the whole file: recorded nothing, reproduced `a file`",
                "tournament.json, field bots[0].d: recorded `null`, reproduced `\\\"x\\\"`",
            ]
        );
        assert_eq!(ignored, ["notes.txt"]);
    }

    fn difference(file: &str, place: &str, a: &str, b: &str) -> Difference {
        Difference {
            file: file.into(),
            game: None,
            place: place.into(),
            recorded: Some(a.into()),
            reproduced: Some(b.into()),
            summary: None,
        }
    }

    #[test]
    fn the_report_leads_with_the_causes_and_caps_the_rest() {
        let long = "x".repeat(5000);
        let mut diffs = vec![difference(
            "tournament.json",
            "field bots[2].sha256",
            "ab",
            "cd",
        )];
        for i in 0..30 {
            diffs.push(difference("report.html", &format!("line {i}"), &long, "y"));
        }
        diffs.push(difference(
            "games.csv",
            "row 1, column result",
            "1-0",
            "0-1",
        ));
        let lines = report_lines(&diffs);
        assert_eq!(lines[0], "cause:");
        assert_eq!(
            lines[1],
            "  tournament.json: bots[2].sha256 differs: recorded `ab`, reproduced `cd`"
        );
        assert_eq!(
            lines[2],
            "following from it: 31 differences in games.csv (1), report.html (30)"
        );
        assert_eq!(lines.len(), 3 + MAX_DETAIL + 1);
        assert_eq!(lines.last().unwrap(), "  … and 11 more differences");
        // No value is printed whole past its bound.
        assert!(lines.iter().all(|l| l.chars().count() < 200), "{lines:?}");
        assert!(lines[4].contains("(5000 characters)"), "{}", lines[4]);
        // Without a difference of what was run, the games' records are the causes.
        let lines = report_lines(&diffs[1..]);
        assert_eq!(
            lines[..2],
            [
                "cause:".to_string(),
                "  games.csv, row 1, column result: recorded `1-0`, reproduced `0-1`".into()
            ]
        );
        assert!(report_lines(&[]).is_empty());
    }

    #[test]
    fn games_csv_rows_are_matched_by_game_id() {
        let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let text = |recorded: &str| -> Vec<String> {
            fs::write(a.path().join("games.csv"), recorded).unwrap();
            let (diffs, _) = compare(a.path(), b.path()).unwrap();
            diffs.iter().map(|d| d.to_string()).collect()
        };
        fs::write(
            b.path().join("games.csv"),
            "game_id,result\n1,1-0\n2,0-1\n4,1-0\n5,0-1\n",
        )
        .unwrap();
        assert_eq!(
            text("game_id,result\n1,1-0\n4,1-0\n5,1-0\n"),
            [
                "games.csv, game 2: missing from games.csv",
                "games.csv, game 5, row 3, column result: recorded `1-0`, reproduced `0-1`",
            ]
        );
        assert_eq!(
            text("game_id,result\n1,1-0\n2,0-1\n3,0-1\n4,1-0\n1,1-0\n5,0-1\nx,y\n"),
            [
                "games.csv, game 1, row 5: a second row of this game (its first is row 1)",
                "games.csv, game 3, row 3: not a game of this tournament (the reproduction has no game 3)",
                "games.csv, row 7: not a game row (its first column is not a game id)",
            ]
        );
        assert_eq!(
            text("game_id,result\n2,0-1\n1,1-0\n4,1-0\n5,0-1\n"),
            ["games.csv, the order of the rows: the same games in another order (arena writes them by game id)"]
        );
    }

    #[test]
    fn the_replay_store_is_compared_game_by_game() {
        use crate::output::replay_store::Store;
        let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let mut sa = Store::default();
        sa.insert(4, "a\nmove 3\n".into());
        sa.insert(6, "same\n".into());
        let mut sb = Store::default();
        sb.insert(4, "a\nmove 5\n".into());
        sb.insert(5, "x\n".into());
        sb.insert(6, "same\n".into());
        sa.write(a.path()).unwrap();
        sb.write(b.path()).unwrap();
        let text = |a: &Path, b: &Path| -> Vec<String> {
            let (diffs, _) = compare(a, b).unwrap();
            diffs.iter().map(|d| d.to_string()).collect()
        };
        assert_eq!(
            text(a.path(), b.path()),
            [
                "replays/replays.txt, game 4, line 2: recorded `move 3`, reproduced `move 5`",
                "replays/replays.txt, game 5, its replay: recorded nothing, reproduced `a replay`",
            ]
        );
        fs::write(
            a.path().join("replays/replays.txt"),
            "arena-replays 1\n@ 4 99 00\n",
        )
        .unwrap();
        let damaged = text(a.path(), b.path());
        assert_eq!(damaged.len(), 1);
        assert!(
            damaged[0].contains("the store") && damaged[0].contains("cut short"),
            "{damaged:?}"
        );
    }
}
