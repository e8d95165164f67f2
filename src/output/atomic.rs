//! Whole-file writes that never leave a half-written file behind.

use std::fs;
use std::io::Write;
use std::path::Path;

use super::OutputError;

/// Writes `bytes` to `path` through a temporary file in the same folder and a rename, so
/// that a reader (or a crash) sees either the old file or the new one, never a mix.
///
/// The data is synced to disk before the rename (summary files: few and precious).
///
/// # Errors
/// [`OutputError::Io`] naming the file.
pub fn write(path: &Path, bytes: &[u8]) -> Result<(), OutputError> {
    write_with(path, &[bytes], true)
}

/// Like [`write()`], the file being `parts` one after the other: a large file assembled
/// from pieces is written without first copying them into one buffer.
///
/// # Errors
/// [`OutputError::Io`] naming the file.
pub fn write_parts(path: &Path, parts: &[&[u8]]) -> Result<(), OutputError> {
    write_with(path, parts, true)
}

/// Like [`write()`] without the sync: still atomic against a crash of arena (`kill -9`),
/// not against a power cut. For the many per-game replays, where a sync per file would
/// cost more than the game; a lost replay is simply played again on `--resume`.
///
/// # Errors
/// [`OutputError::Io`] naming the file.
pub fn write_fast(path: &Path, bytes: &[u8]) -> Result<(), OutputError> {
    write_with(path, &[bytes], false)
}

/// Like [`write()`] (synced, then renamed into place), the bytes written by `fill`
/// through a buffer: a file too large to assemble in memory first (the replay store).
/// Returns the new file, open for reading.
///
/// # Errors
/// What `fill` returns; [`OutputError::Io`] naming the file when it cannot be written.
pub fn write_streamed(
    path: &Path,
    fill: impl FnOnce(&mut dyn Write) -> Result<(), OutputError>,
) -> Result<fs::File, OutputError> {
    let tmp = temporary(path);
    let result = (|| {
        let file = fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(true)
            .open(&tmp)
            .map_err(|e| OutputError::io(path, e))?;
        let mut buffered = std::io::BufWriter::with_capacity(1 << 20, &file);
        fill(&mut buffered)?;
        buffered.flush().map_err(|e| OutputError::io(path, e))?;
        drop(buffered);
        file.sync_data().map_err(|e| OutputError::io(path, e))?;
        fs::rename(&tmp, path).map_err(|e| OutputError::io(path, e))?;
        Ok(file)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// The temporary file [`write()`] writes `path` through.
fn temporary(path: &Path) -> std::path::PathBuf {
    let dir = path.parent().unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    dir.join(format!(".{name}.tmp-{}", std::process::id()))
}

fn write_with(path: &Path, parts: &[&[u8]], sync: bool) -> Result<(), OutputError> {
    let tmp = temporary(path);
    let result = (|| {
        let mut f = fs::File::create(&tmp)?;
        for bytes in parts {
            f.write_all(bytes)?;
        }
        if sync {
            f.sync_data()?;
        }
        fs::rename(&tmp, path)
    })();
    result.map_err(|e| {
        let _ = fs::remove_file(&tmp);
        OutputError::io(path, e)
    })
}

/// Whether `name` is one of [`write`]'s temporary files.
fn is_leftover(name: &str) -> bool {
    name.starts_with('.') && name.contains(".tmp-")
}

/// Whether `name` is one of [`write`]'s temporary files for the file `of`.
fn is_leftover_of(name: &str, of: &str) -> bool {
    name.strip_prefix('.')
        .and_then(|rest| rest.strip_prefix(of))
        .is_some_and(|rest| rest.starts_with(".tmp-"))
}

/// Removes the temporary files a crash (`kill -9` in the middle of a write) left in
/// `dir`, so that a resumed run ends with exactly the files of an uninterrupted one.
/// Returns how many were removed.
///
/// # Errors
/// [`OutputError::Io`] when the folder cannot be read or a leftover removed.
pub fn remove_leftovers(dir: &Path) -> Result<usize, OutputError> {
    remove_matching(dir, is_leftover)
}

/// Removes the temporary files a crash left in `dir` while [`write()`] wrote `dir/name`
/// (and no other: in a folder that is not yet known to be arena's, only the file about
/// to be written is arena's to sweep). Returns how many were removed.
///
/// # Errors
/// [`OutputError::Io`] when the folder cannot be read or a leftover removed.
pub fn remove_leftovers_of(dir: &Path, name: &str) -> Result<usize, OutputError> {
    remove_matching(dir, |file| is_leftover_of(file, name))
}

/// Removes the files of `dir` whose names `leftover` accepts; returns how many.
fn remove_matching(dir: &Path, leftover: impl Fn(&str) -> bool) -> Result<usize, OutputError> {
    let entries = match fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(0),
        Err(e) => return Err(OutputError::io(dir, e)),
    };
    let mut removed = 0;
    for entry in entries {
        let entry = entry.map_err(|e| OutputError::io(dir, e))?;
        if leftover(&entry.file_name().to_string_lossy()) {
            fs::remove_file(entry.path()).map_err(|e| OutputError::io(&entry.path(), e))?;
            removed += 1;
        }
    }
    Ok(removed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_replace_whole_files_and_leftovers_are_swept() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.csv");
        write(&path, b"one").unwrap();
        write_fast(&path, b"two").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"two");
        write_parts(&path, &[b"th", b"", b"ree"]).unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"three", "the parts, in order");
        fs::write(dir.path().join(".a.csv.tmp-123"), b"half").unwrap();
        fs::write(dir.path().join("keep.txt"), b"mine").unwrap();
        assert_eq!(remove_leftovers(dir.path()).unwrap(), 1);
        let mut names: Vec<String> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, ["a.csv", "keep.txt"]);
    }

    #[test]
    fn the_leftovers_of_one_file_are_swept_alone() {
        let dir = tempfile::tempdir().unwrap();
        for name in [
            ".t.json.tmp-1",
            ".t.json.tmp-22",
            ".t.jsonx.tmp-3",
            ".a.csv.tmp-4",
            "t.json.tmp-5",
            ".t.json",
        ] {
            fs::write(dir.path().join(name), b"x").unwrap();
        }
        assert_eq!(remove_leftovers_of(dir.path(), "t.json").unwrap(), 2);
        let mut names: Vec<String> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(
            names,
            [".a.csv.tmp-4", ".t.json", ".t.jsonx.tmp-3", "t.json.tmp-5"]
        );
    }
}
