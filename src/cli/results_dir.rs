//! The results folder a command reads: there, and a folder.

use std::path::Path;

use anyhow::bail;
use arena::bot_name::escape_path;

/// Checks that `dir`, given as a results folder, is a folder.
///
/// # Errors
/// `no such results folder` when nothing is there; `not a folder` (a results folder is a
/// tournament's `--out`) when a file is.
pub fn require(dir: &Path) -> anyhow::Result<()> {
    if dir.is_dir() {
        return Ok(());
    }
    if dir.exists() {
        bail!(
            "{}: not a folder: name the results folder (the --out of a tournament)",
            escape_path(dir)
        );
    }
    bail!("{}: no such results folder", escape_path(dir))
}
