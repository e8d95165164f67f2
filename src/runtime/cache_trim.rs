//! Keeping the compiled-module cache bounded: when it is opened, entries least recently
//! used are deleted while the folder holds more than its limit, down to three quarters
//! of it, and temporary files an interrupted write left behind are removed once they are
//! an hour old. A hit marks its entry used (its modification time), so a rerun keeps
//! what it needs and loses what no run asked for in the longest time.
//!
//! Only the cache's own names are touched (`<64 hex digits>.module`,
//! `.tmp-<digits>-<digits>`); links and anything else in the folder are left alone and
//! not counted.

use std::os::fd::BorrowedFd;
use std::time::{Duration, SystemTime};

use rustix::fs::{AtFlags, Dir, FileType};

use thiserror::Error;

/// The environment variable bounding the cache, in MiB.
pub const CACHE_MAX_ENV: &str = "ARENA_CACHE_MAX_MIB";

/// The bound when [`CACHE_MAX_ENV`] is not set: 4 GiB, room for the artefacts of a
/// course's submissions (1–3 MiB for a Rust or C bot, about 23 MiB for a Python one).
pub const DEFAULT_CACHE_MAX_BYTES: u64 = 4 << 30;

/// The largest bound [`CACHE_MAX_ENV`] may set, in MiB (1 TiB).
const MAX_MIB: u64 = 1 << 20;

/// How old a temporary file must be before it counts as left behind.
const STALE_TEMPORARY: Duration = Duration::from_secs(3600);

/// [`CACHE_MAX_ENV`] holds something other than a whole number of MiB in range.
#[derive(Debug, Error, PartialEq, Eq)]
#[error("{CACHE_MAX_ENV} must be a whole number of MiB from 1 to {MAX_MIB}, not {0:?}")]
pub struct CacheLimitError(pub String);

/// The bound in bytes: [`CACHE_MAX_ENV`] in MiB, else [`DEFAULT_CACHE_MAX_BYTES`].
///
/// # Errors
/// [`CacheLimitError`] when the variable is set to anything but a number of MiB from 1
/// to 1 TiB.
pub fn cache_max_bytes_from_env() -> Result<u64, CacheLimitError> {
    max_bytes(std::env::var_os(CACHE_MAX_ENV).as_deref())
}

/// The bound a value of [`CACHE_MAX_ENV`] sets (`None`: not set).
fn max_bytes(value: Option<&std::ffi::OsStr>) -> Result<u64, CacheLimitError> {
    let Some(value) = value else {
        return Ok(DEFAULT_CACHE_MAX_BYTES);
    };
    let text = value.to_string_lossy();
    match text.trim().parse::<u64>() {
        Ok(mib) if (1..=MAX_MIB).contains(&mib) => Ok(mib << 20),
        _ => Err(CacheLimitError(text.chars().take(40).collect())),
    }
}

/// One entry of the folder: when it was last used, and its size.
struct Entry {
    name: std::ffi::CString,
    used: SystemTime,
    bytes: u64,
}

/// Whether `name` is a temporary file of the cache's own: `.tmp-<pid>-<sequence>`.
fn is_temporary(name: &str) -> bool {
    name.strip_prefix(".tmp-")
        .and_then(|rest| rest.split_once('-'))
        .is_some_and(|(pid, seq)| {
            [pid, seq]
                .iter()
                .all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()))
        })
}

/// Whether `name` is an entry's: 64 lowercase hex digits and `.module`.
fn is_entry(name: &str) -> bool {
    name.strip_suffix(".module").is_some_and(|key| {
        key.len() == 64 && key.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
    })
}

/// Deletes temporary files left an hour ago or more, then, when the entries hold more
/// than `max_bytes`, the least recently used ones until they hold at most three quarters
/// of it. Returns how many entries it deleted. The folder is read and changed through
/// its handle `dir`, an entry's metadata read without following a link. Errors (a file
/// gone meanwhile, a folder that cannot be read) only mean less is deleted.
pub(crate) fn trim(dir: BorrowedFd<'_>, max_bytes: u64, now: SystemTime) -> u64 {
    let Ok(listing) = Dir::read_from(dir) else {
        return 0;
    };
    let mut entries = Vec::new();
    for item in listing.flatten() {
        let name = item.file_name().to_owned();
        let Ok(text) = name.to_str() else { continue };
        if !is_temporary(text) && !is_entry(text) {
            continue;
        }
        let Ok(stat) = rustix::fs::statat(dir, &*name, AtFlags::SYMLINK_NOFOLLOW) else {
            continue;
        };
        if FileType::from_raw_mode(stat.st_mode) != FileType::RegularFile {
            continue;
        }
        let modified = u64::try_from(stat.st_mtime)
            .map(|secs| SystemTime::UNIX_EPOCH + Duration::from_secs(secs))
            .unwrap_or(now);
        if is_temporary(text) {
            if now.duration_since(modified).unwrap_or_default() >= STALE_TEMPORARY {
                let _ = rustix::fs::unlinkat(dir, &*name, AtFlags::empty());
            }
        } else {
            entries.push(Entry {
                name,
                used: modified,
                bytes: u64::try_from(stat.st_size).unwrap_or(0),
            });
        }
    }
    let mut total: u64 = entries.iter().map(|e| e.bytes).sum();
    if total <= max_bytes {
        return 0;
    }
    let goal = max_bytes / 4 * 3;
    entries.sort_by(|a, b| a.used.cmp(&b.used).then_with(|| a.name.cmp(&b.name)));
    let mut evicted = 0;
    for entry in entries {
        if total <= goal {
            break;
        }
        // Gone already counts as gone: another arena starting at the same moment may
        // have deleted it, and going on to delete more would empty the cache.
        match rustix::fs::unlinkat(dir, &*entry.name, AtFlags::empty()) {
            Ok(()) => evicted += 1,
            Err(rustix::io::Errno::NOENT) => {}
            Err(_) => continue,
        }
        total = total.saturating_sub(entry.bytes);
    }
    evicted
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;
    use std::os::fd::AsFd;
    use std::path::Path;

    /// [`trim`] on the folder `dir`, through a handle as the cache opens it.
    fn trim(dir: &Path, max_bytes: u64, now: SystemTime) -> u64 {
        let handle = fs::File::open(dir).unwrap();
        super::trim(handle.as_fd(), max_bytes, now)
    }

    /// Marks the entry at `path` used now, as a hit does.
    fn mark_used(path: &Path) {
        let file = fs::File::open(path).unwrap();
        file.set_modified(SystemTime::now()).unwrap();
    }

    const KIB: u64 = 1024;

    /// Writes `bytes` to `path`, last modified `age` before `now`.
    fn aged(path: &Path, bytes: &[u8], age: Duration, now: SystemTime) {
        fs::write(path, bytes).unwrap();
        let file = fs::File::options().append(true).open(path).unwrap();
        file.set_modified(now - age).unwrap();
    }

    fn entry(dir: &Path, n: u8, bytes: u64, age_secs: u64, now: SystemTime) -> String {
        let name = format!("{}.module", hex::encode([n; 32]));
        let age = Duration::from_secs(age_secs);
        aged(&dir.join(&name), &vec![0u8; bytes as usize], age, now);
        name
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut out: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        out.sort();
        out
    }

    #[test]
    fn the_least_recently_used_go_first_down_to_three_quarters() {
        let dir = tempfile::tempdir().unwrap();
        let now = SystemTime::now();
        // Five entries of 1 KiB, the first the oldest; a bound of 4 KiB: trimmed to 3.
        let made: Vec<String> = (0..5)
            .map(|n| entry(dir.path(), n, KIB, 500 - u64::from(n) * 100, now))
            .collect();
        assert_eq!(trim(dir.path(), 4 * KIB, now), 2);
        assert_eq!(names(dir.path()), made[2..].to_vec());
        // Under the bound: nothing happens.
        assert_eq!(trim(dir.path(), 4 * KIB, now), 0);
        assert_eq!(names(dir.path()).len(), 3);
    }

    #[test]
    fn a_use_keeps_an_entry_longer() {
        let dir = tempfile::tempdir().unwrap();
        let now = SystemTime::now();
        let oldest = entry(dir.path(), 1, KIB, 900, now);
        entry(dir.path(), 2, KIB, 800, now);
        entry(dir.path(), 3, KIB, 700, now);
        mark_used(&dir.path().join(&oldest));
        // 3 KiB against a bound of 2 KiB: down to 1.5 KiB, so two go, not the one used.
        assert_eq!(trim(dir.path(), 2 * KIB, SystemTime::now()), 2);
        assert_eq!(names(dir.path()), vec![oldest]);
    }

    #[test]
    fn only_the_caches_own_files_are_touched() {
        let dir = tempfile::tempdir().unwrap();
        let now = SystemTime::now();
        let big = entry(dir.path(), 9, 8 * KIB, 10, now);
        // Not the cache's names, or not files: kept and not counted.
        fs::write(dir.path().join("notes.txt"), vec![0u8; 64 * KIB as usize]).unwrap();
        fs::write(dir.path().join(format!("{}.module", "A".repeat(64))), b"x").unwrap();
        fs::create_dir(dir.path().join(format!("{}.module", "b".repeat(64)))).unwrap();
        #[cfg(unix)]
        std::os::unix::fs::symlink(
            "/etc/passwd",
            dir.path().join(format!("{}.module", "c".repeat(64))),
        )
        .unwrap();
        // A temporary file an hour old goes; a fresh one (a write under way) stays.
        aged(&dir.path().join(".tmp-1-1"), b"half", STALE_TEMPORARY, now);
        fs::write(dir.path().join(".tmp-1-2"), b"half").unwrap();
        // Someone's own file that only starts like the cache's, an hour old: kept.
        aged(
            &dir.path().join(".tmp-notes"),
            b"mine",
            STALE_TEMPORARY,
            now,
        );
        assert_eq!(trim(dir.path(), 16 * KIB, now), 0);
        let left = names(dir.path());
        assert!(left.contains(&big) && left.contains(&".tmp-1-2".to_string()));
        assert!(!left.contains(&".tmp-1-1".to_string()));
        assert!(left.contains(&".tmp-notes".to_string()));
        assert_eq!(left.len(), 7, "{left:?}");
        // Over the bound, only the entry goes.
        assert_eq!(trim(dir.path(), 4 * KIB, now), 1);
        assert_eq!(names(dir.path()).len(), 6);
        assert!(fs::metadata("/etc/passwd").is_ok());
    }

    #[test]
    fn the_bound_is_a_whole_number_of_mib() {
        use std::ffi::OsStr;
        assert_eq!(max_bytes(None), Ok(DEFAULT_CACHE_MAX_BYTES));
        assert_eq!(max_bytes(Some(OsStr::new("512"))), Ok(512 << 20));
        assert_eq!(max_bytes(Some(OsStr::new(" 1 "))), Ok(1 << 20));
        for bad in [
            "0",
            "-1",
            "1.5",
            "lots",
            "",
            "1048577",
            "99999999999999999999999",
        ] {
            let err = max_bytes(Some(OsStr::new(bad))).unwrap_err();
            assert_eq!(err, CacheLimitError(bad.to_string()));
            assert!(err.to_string().starts_with(CACHE_MAX_ENV), "{err}");
        }
    }
}
