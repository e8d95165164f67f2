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
    write_with(path, bytes, true)
}

/// Like [`write`] without the sync: still atomic against a crash of arena (`kill -9`),
/// not against a power cut. For the many per-game replays, where a sync per file would
/// cost more than the game; a lost replay is simply played again on `--resume`.
///
/// # Errors
/// [`OutputError::Io`] naming the file.
pub fn write_fast(path: &Path, bytes: &[u8]) -> Result<(), OutputError> {
    write_with(path, bytes, false)
}

fn write_with(path: &Path, bytes: &[u8], sync: bool) -> Result<(), OutputError> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = dir.join(format!(".{name}.tmp-{}", std::process::id()));
    let result = (|| {
        let mut f = fs::File::create(&tmp)?;
        f.write_all(bytes)?;
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
