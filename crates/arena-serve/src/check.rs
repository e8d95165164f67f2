//! An upload checked as `arena check` checks it: the `arena` executable runs
//! `arena check` on the stored file, with the course's game, and its report (the same
//! words a student sees at home) and exit status are the verdict.
//!
//! Running the command rather than its code keeps one check with one set of messages,
//! and puts the check of an untrusted module in a child process of its own.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::store::Kind;

/// The verdict of a check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// `arena check` exited 0: the module is ready and joins the ladder.
    pub ready: bool,
    /// Its report, as `arena check` prints it.
    pub report: String,
}

/// Why a check could not be run (the machine's problem, not the module's).
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    /// The `arena` executable could not be started.
    #[error("cannot run {exe}: {source}")]
    Start {
        /// The executable.
        exe: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// `arena check` failed by itself (exit 2: a problem of the machine or the command).
    #[error("arena check failed: {0}")]
    Failed(String),
    /// The working folder could not be made.
    #[error("cannot prepare the check: {0}")]
    Io(#[from] std::io::Error),
}

/// The `arena` executable: `$ARENA_BIN`, or `arena` beside this executable.
pub fn arena_exe() -> PathBuf {
    if let Some(p) = std::env::var_os("ARENA_BIN") {
        return PathBuf::from(p);
    }
    std::env::current_exe()
        .ok()
        .and_then(|e| e.parent().map(|d| d.join("arena")))
        .unwrap_or_else(|| PathBuf::from("arena"))
}

/// Checks the stored file `stored` as the bot `name` (a roster id or a reference's
/// name: the report calls the file `NAME.KIND`), under `work` (a fresh folder is made
/// and removed there).
///
/// # Errors
/// [`CheckError`] when the check could not be run at all.
pub fn check(
    exe: &Path,
    flags: &[String],
    stored: &Path,
    name: &str,
    kind: Kind,
    work: &Path,
) -> Result<Verdict, CheckError> {
    let dir = work.join(format!(
        "check-{}",
        crate::secret::fresh()
            .map_err(|e| { CheckError::Io(std::io::Error::other(e.to_string())) })?
    ));
    std::fs::create_dir_all(&dir)?;
    let file = format!("{name}.{}", kind.ext());
    let result = (|| {
        std::fs::copy(stored, dir.join(&file))?;
        let out = Command::new(exe)
            .arg("check")
            .arg(&file)
            .args(flags)
            .current_dir(&dir)
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .output()
            .map_err(|source| CheckError::Start {
                exe: exe.to_path_buf(),
                source,
            })?;
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        match out.status.code() {
            Some(0) => Ok(Verdict {
                ready: true,
                report: stdout,
            }),
            Some(1) => Ok(Verdict {
                ready: false,
                report: stdout,
            }),
            _ => Err(CheckError::Failed(
                format!("{stderr}{stdout}").trim().to_string(),
            )),
        }
    })();
    let _ = std::fs::remove_dir_all(&dir);
    result
}
