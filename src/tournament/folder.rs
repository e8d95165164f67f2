//! Which files of a results folder are arena's own: what `--force` may remove and what
//! `arena verify` must find reproduced. Nothing else in the folder is ever touched.
//! The lock file ([`crate::output::folder_lock::FILE`]) is arena's too but none of these:
//! `--force` never removes it (the run holds it), `verify` and `merge` pass over it.

use std::fs;
use std::path::Path;

use crate::output::{
    crosstable_csv, fairness_csv, feedback, games_csv, grades_csv, json, manifest, replay,
    replay_store, report, series_csv, sprt_csv, standings_csv, OutputError,
};

/// The files arena writes at the top of a results folder.
pub fn top_files() -> [&'static str; 14] {
    [
        manifest::FILE,
        games_csv::FILE,
        series_csv::FILE,
        standings_csv::FILE,
        crosstable_csv::FILE,
        fairness_csv::FILE,
        "ratings.csv",
        "ratings_model.csv",
        "los.csv",
        grades_csv::FILE,
        json::STANDINGS_FILE,
        json::GAMES_FILE,
        report::FILE,
        sprt_csv::FILE,
    ]
}

/// Whether `relative` (a path inside a results folder, `/`-separated) is a file arena
/// writes: a summary file, the replay store `replays/replays.txt` or a journal
/// `replays/journal-N.txt` (or an older folder's per-game `replays/gNNNNNNN.txt`), a report sidecar
/// `report/replays/gNNNNNNN.js`, a feedback page `feedback/ID.md`, or one of arena's
/// temporary files.
pub fn is_own(relative: &str) -> bool {
    let (folder, name) = match relative.rsplit_once('/') {
        Some((f, n)) => (f, n),
        None => ("", relative),
    };
    let temporary = name.starts_with('.') && name.contains(".tmp-");
    match folder {
        "" => temporary || top_files().contains(&name),
        f if f == replay::DIR => {
            temporary || replay_store::is_store_name(name) || is_replay_name(name)
        }
        f if f == report::SIDECAR_DIR => {
            temporary
                || name
                    .strip_prefix("part")
                    .and_then(|n| n.strip_suffix(".js"))
                    .is_some_and(|d| d.len() >= 4 && d.bytes().all(|b| b.is_ascii_digit()))
        }
        f if f == feedback::DIR => temporary || name.ends_with(".md"),
        _ => false,
    }
}

/// `gNNNNNNN.txt` (seven or more digits): a replay of a folder written before the store.
fn is_replay_name(name: &str) -> bool {
    name.strip_prefix('g')
        .and_then(|n| n.strip_suffix(".txt"))
        .is_some_and(|d| d.len() >= 7 && d.bytes().all(|b| b.is_ascii_digit()))
}

/// Removes arena's own files from `dir` (see [`is_own`]) and the `replays` folder if that
/// leaves it empty; anything else stays. Returns how many files were removed.
///
/// # Errors
/// [`OutputError::Io`] naming the file that could not be listed or removed.
pub fn clear(dir: &Path) -> Result<usize, OutputError> {
    let mut removed = 0;
    let folders = [
        (dir.to_path_buf(), String::new()),
        (dir.join(replay::DIR), format!("{}/", replay::DIR)),
        (
            dir.join(report::SIDECAR_DIR),
            format!("{}/", report::SIDECAR_DIR),
        ),
        (dir.join(feedback::DIR), format!("{}/", feedback::DIR)),
    ];
    for (folder, prefix) in folders {
        let entries = match fs::read_dir(&folder) {
            Ok(e) => e,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) => return Err(OutputError::io(&folder, e)),
        };
        for entry in entries {
            let entry = entry.map_err(|e| OutputError::io(&folder, e))?;
            let name = entry.file_name().to_string_lossy().into_owned();
            let kind = entry
                .file_type()
                .map_err(|e| OutputError::io(&entry.path(), e))?;
            if kind.is_file() && is_own(&format!("{prefix}{name}")) {
                fs::remove_file(entry.path()).map_err(|e| OutputError::io(&entry.path(), e))?;
                removed += 1;
            }
        }
    }
    for sub in [replay::DIR, report::SIDECAR_DIR, "report", feedback::DIR] {
        let folder = dir.join(sub);
        if fs::read_dir(&folder).is_ok_and(|mut e| e.next().is_none()) {
            fs::remove_dir(&folder).map_err(|e| OutputError::io(&folder, e))?;
        }
    }
    Ok(removed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clear_removes_only_arenas_files() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        fs::create_dir_all(d.join("replays")).unwrap();
        fs::create_dir_all(d.join("report/replays")).unwrap();
        fs::create_dir_all(d.join("feedback")).unwrap();
        for f in [
            "report.html",
            "report/replays/part0000.js",
            "feedback/s1.md",
            "tournament.json",
            "games.csv",
            "grades.csv",
            ".games.csv.tmp-12",
            "replays/g0000001.txt",
            "replays/.g0000002.txt.tmp-3",
            "replays/replays.txt",
            "replays/journal-1.txt",
            "replays/.replays.txt.tmp-9",
            "notes.txt",
            "games.csv.bak",
        ] {
            fs::write(d.join(f), "x").unwrap();
        }
        assert_eq!(clear(d).unwrap(), 12);
        let mut left: Vec<String> = fs::read_dir(d)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(left, ["games.csv.bak", "notes.txt"]);
        assert!(is_own("replays/g0000123.txt") && !is_own("replays/mine.txt"));
        assert!(is_own("replays/replays.txt") && is_own("replays/journal-0.txt"));
        assert!(!is_own("replays/journal-x.txt") && !is_own("replays.txt"));
    }
}
