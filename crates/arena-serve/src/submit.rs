//! `arena submit --server URL FILE`: sends a bot file to a course's ladder with the
//! student's token and prints the verdict the server's `arena check` gave.

use std::path::Path;

use crate::store::Kind;

/// What stopped a submission (the server's verdict is not an error).
#[derive(Debug, thiserror::Error)]
pub enum SubmitError {
    /// The file.
    #[error("{0}")]
    File(String),
    /// No token.
    #[error("no token: set ARENA_TOKEN or give --token-file FILE")]
    NoToken,
    /// The request failed.
    #[error("cannot reach {server}: {message}")]
    Http {
        /// The server.
        server: String,
        /// What failed.
        message: String,
    },
}

/// The server's answer.
#[derive(Clone, Debug)]
pub struct Answer {
    /// The HTTP status.
    pub status: u16,
    /// Whether the module is ready (`X-Arena-Verdict: ready`).
    pub ready: bool,
    /// The text: the check's report, or why the upload was refused.
    pub text: String,
}

/// Sends `file` to `server` (`http://host:port`) as the student whose token is `token`.
///
/// # Errors
/// [`SubmitError`].
pub fn submit(server: &str, token: &str, file: &Path, cap: u64) -> Result<Answer, SubmitError> {
    let kind = file
        .file_name()
        .and_then(|n| n.to_str())
        .and_then(Kind::of_name)
        .ok_or_else(|| {
            SubmitError::File(format!(
                "{}: the file's name must end in .wasm, .wat or .py",
                file.display()
            ))
        })?;
    let bytes = arena::module_file::read(file, cap)
        .map_err(|e| SubmitError::File(format!("{}: {e}", file.display())))?;
    let url = format!(
        "{}/api/submit?name=bot.{}",
        server.trim_end_matches('/'),
        kind.ext()
    );
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let http = |e: ureq::Error| SubmitError::Http {
        server: server.to_string(),
        message: e.to_string(),
    };
    let mut response = agent
        .post(&url)
        .header("Authorization", &format!("Bearer {token}"))
        .header("Content-Type", "application/octet-stream")
        .send(&bytes[..])
        .map_err(http)?;
    let status = response.status().as_u16();
    let ready = response
        .headers()
        .get("x-arena-verdict")
        .is_some_and(|v| v.as_bytes() == b"ready");
    let text = response.body_mut().read_to_string().map_err(http)?;
    Ok(Answer {
        status,
        ready,
        text,
    })
}

/// The token: `$ARENA_TOKEN`, or the first line of `file`.
///
/// # Errors
/// [`SubmitError`] when there is none.
pub fn token(file: Option<&Path>) -> Result<String, SubmitError> {
    if let Some(f) = file {
        let text = std::fs::read_to_string(f)
            .map_err(|e| SubmitError::File(format!("{}: {e}", f.display())))?;
        let t = text.lines().next().unwrap_or("").trim().to_string();
        return if t.is_empty() {
            Err(SubmitError::NoToken)
        } else {
            Ok(t)
        };
    }
    match std::env::var("ARENA_TOKEN") {
        Ok(t) if !t.trim().is_empty() => Ok(t.trim().to_string()),
        _ => Err(SubmitError::NoToken),
    }
}
