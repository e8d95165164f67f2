//! `arena verify`: compares a recorded results folder with a reproduction of it, file by
//! file, and names every difference (the file, the game, the row and column or line, the
//! recorded and the reproduced value).
//!
//! The reproduction is made by the same tournament code from the manifest and the
//! modules (see `src/cli/verify.rs`); this module only compares two folders.

use std::collections::BTreeSet;
use std::fmt;
use std::fs;
use std::path::Path;

use crate::output::{games_csv, manifest, replay, replay_store, OutputError};
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
        write!(
            f,
            ": recorded {}, reproduced {}",
            show(&self.recorded),
            show(&self.reproduced)
        )
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
            (true, true) => {
                let a = fs::read(recorded.join(file))
                    .map_err(|e| OutputError::io(&recorded.join(file), e))?;
                let b = fs::read(reproduced.join(file))
                    .map_err(|e| OutputError::io(&reproduced.join(file), e))?;
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
            }),
            (true, false) => ignored.push(file.clone()),
            (false, _) => diffs.push(Difference {
                file: file.clone(),
                game,
                place: "the whole file".into(),
                recorded: None,
                reproduced: Some("a file".into()),
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
    } else if file == format!("{}/{}", replay::DIR, replay_store::FILE) {
        compare_store(file, a, b, diffs);
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
        });
    }
}

/// The replay store, game by game: the lines of each game's replay that differ, and the
/// games only one side holds.
fn compare_store(file: &str, a: &[u8], b: &[u8], diffs: &mut Vec<Difference>) {
    let parse = |bytes| replay_store::records(Path::new(file), bytes);
    let (ra, rb) = match (parse(a), parse(b)) {
        (Ok(ra), Ok(rb)) => (ra, rb),
        (Err(e), _) | (_, Err(e)) => {
            return diffs.push(Difference {
                file: file.to_string(),
                game: None,
                place: "the store".into(),
                recorded: Some(e.to_string()),
                reproduced: Some("a readable store".into()),
            })
        }
    };
    let ids: BTreeSet<u64> = ra.keys().chain(rb.keys()).copied().collect();
    for id in ids {
        match (ra.get(&id), rb.get(&id)) {
            (Some(x), Some(y)) if x != y => {
                compare_lines(file, Some(id), x.as_bytes(), y.as_bytes(), diffs)
            }
            (x, y) if x.is_none() || y.is_none() => diffs.push(Difference {
                file: file.to_string(),
                game: Some(id),
                place: "its replay".into(),
                recorded: x.map(|_| "a replay".to_string()),
                reproduced: y.map(|_| "a replay".to_string()),
            }),
            _ => {}
        }
    }
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
    let (ra, rb) = (records(a), records(b));
    let header = rb.first().or(ra.first()).cloned().unwrap_or_default();
    for i in 0..ra.len().max(rb.len()) {
        let (x, y) = (ra.get(i), rb.get(i));
        // games.csv rows are games: name them by their id.
        let game = if file == games_csv::FILE && i > 0 {
            y.or(x)
                .and_then(|r| r.first())
                .and_then(|id| id.parse().ok())
        } else {
            None
        };
        let row = if i == 0 {
            "the header".to_string()
        } else {
            format!("row {i}")
        };
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
                        });
                    }
                }
            }
            (x, y) => diffs.push(Difference {
                file: file.to_string(),
                game,
                place: row,
                recorded: x.map(|r| r.join(",")),
                reproduced: y.map(|r| r.join(",")),
            }),
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
