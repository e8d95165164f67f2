//! An upload: stored by its hash, counted against the hourly limit, recorded as a
//! version, then checked as `arena check` checks it. Shared by the web page and
//! `arena submit`.

use std::path::Path;
use std::time::SystemTime;

use rusqlite::{params, Connection, OptionalExtension};

use crate::check::{self, Verdict};
use crate::course::Course;
use crate::db::{self, DbError};
use crate::ladder::rating::Rating;
use crate::store::{self, Kind};

/// Why an upload is refused before its check.
#[derive(Debug, thiserror::Error)]
pub enum UploadError {
    /// Past the hourly limit.
    #[error("too many uploads: {limit} an hour (try again later)")]
    TooMany {
        /// The limit.
        limit: u32,
    },
    /// The course is not open.
    #[error("the course takes uploads between its opening and closing time only")]
    Closed,
    /// Past the size cap.
    #[error("the file is larger than the course's cap of {cap} bytes")]
    TooLarge {
        /// The cap.
        cap: u64,
    },
    /// Not a bot file by its name.
    #[error("the file's name must end in .wasm, .wat or .py")]
    Kind,
    /// Empty.
    #[error("the file is empty")]
    Empty,
    /// The database.
    #[error(transparent)]
    Db(#[from] DbError),
    /// The store.
    #[error("cannot store the upload: {0}")]
    Store(#[from] std::io::Error),
    /// The check could not run.
    #[error("the check could not run: {0}")]
    Check(#[from] check::CheckError),
}

impl From<rusqlite::Error> for UploadError {
    fn from(e: rusqlite::Error) -> UploadError {
        UploadError::Db(DbError(e))
    }
}

/// A version as its owner sees it.
#[derive(Clone, Debug)]
pub struct Checked {
    /// The version's id.
    pub version: i64,
    /// The content's hash.
    pub sha256: String,
    /// The check's verdict.
    pub verdict: Verdict,
}

/// Stores and records an upload of `person` (nothing is recorded when it is refused).
///
/// # Errors
/// [`UploadError`].
pub fn accept(
    conn: &mut Connection,
    course: &Course,
    person: i64,
    bytes: &[u8],
    kind: Kind,
) -> Result<i64, UploadError> {
    if !course.is_open(SystemTime::now()) {
        return Err(UploadError::Closed);
    }
    if bytes.len() as u64 > course.limits.module_bytes {
        return Err(UploadError::TooLarge {
            cap: course.limits.module_bytes,
        });
    }
    if bytes.is_empty() {
        return Err(UploadError::Empty);
    }
    let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
    let recent: i64 = tx.query_row(
        "SELECT count(*) FROM uploads WHERE person = ?1 AND at > ?2",
        params![person, db::now() - 3600],
        |r| r.get(0),
    )?;
    if recent >= i64::from(course.limits.uploads_per_hour) {
        return Err(UploadError::TooMany {
            limit: course.limits.uploads_per_hour,
        });
    }
    // The file is in the store before the row that names it.
    let sha = store::put(&course.store(), bytes, kind)?;
    tx.execute(
        "INSERT INTO uploads (person, at) VALUES (?1, ?2)",
        params![person, db::now()],
    )?;
    tx.execute(
        "INSERT INTO modules (sha256, kind, bytes) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING",
        params![sha, kind.ext(), bytes.len() as i64],
    )?;
    let existing: Option<i64> = tx
        .query_row(
            "SELECT id FROM versions WHERE owner = ?1 AND sha256 = ?2",
            params![person, sha],
            |r| r.get(0),
        )
        .optional()?;
    let id = match existing {
        Some(id) => id,
        None => {
            let r = Rating::default();
            tx.execute(
                "INSERT INTO versions (owner, sha256, uploaded_at, mu, sigma) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![person, sha, db::now(), r.mu, r.sigma],
            )?;
            tx.last_insert_rowid()
        }
    };
    tx.commit()?;
    Ok(id)
}

/// Checks version `version` if it is not checked yet and records the verdict; a
/// student's first ready version becomes the active one.
///
/// # Errors
/// [`UploadError`] when the check could not run (the version stays pending).
pub fn check_version(
    conn: &Connection,
    course: &Course,
    exe: &Path,
    version: i64,
) -> Result<Checked, UploadError> {
    let (owner, login, reference, sha, kind, verdict, report): (
        Option<i64>,
        Option<String>,
        Option<String>,
        String,
        String,
        String,
        String,
    ) = conn.query_row(
        "SELECT v.owner, p.login, v.reference_name, v.sha256, m.kind, v.verdict, v.report
         FROM versions v JOIN modules m ON m.sha256 = v.sha256 LEFT JOIN people p ON p.id = v.owner
         WHERE v.id = ?1",
        [version],
        |r| {
            Ok((
                r.get(0)?,
                r.get(1)?,
                r.get(2)?,
                r.get(3)?,
                r.get(4)?,
                r.get(5)?,
                r.get(6)?,
            ))
        },
    )?;
    if verdict != "pending" {
        return Ok(Checked {
            version,
            sha256: sha,
            verdict: Verdict {
                ready: verdict == "ready",
                report,
            },
        });
    }
    let kind = Kind::parse(&kind).unwrap_or(Kind::Wasm);
    let name = login.or(reference).unwrap_or_else(|| format!("v{version}"));
    let work = course.dir.join("tmp");
    let v = check::check(
        exe,
        &course.check_flags,
        &store::path(&course.store(), &sha, kind),
        &name,
        kind,
        &work,
    )?;
    conn.execute(
        "UPDATE versions SET verdict = ?2, report = ?3 WHERE id = ?1 AND verdict = 'pending'",
        params![
            version,
            if v.ready { "ready" } else { "not ready" },
            v.report
        ],
    )?;
    if let (Some(owner), true) = (owner, v.ready) {
        conn.execute(
            "UPDATE people SET active_version = ?2 WHERE id = ?1 AND active_version IS NULL",
            params![owner, version],
        )?;
    }
    Ok(Checked {
        version,
        sha256: sha,
        verdict: v,
    })
}

/// Checks every version still pending (uploads taken before a restart, new references).
///
/// # Errors
/// [`UploadError`] for the first check that could not run.
pub fn check_pending(conn: &Connection, course: &Course, exe: &Path) -> Result<usize, UploadError> {
    let pending: Vec<i64> = {
        let mut stmt =
            conn.prepare("SELECT id FROM versions WHERE verdict = 'pending' ORDER BY id")?;
        let rows = stmt.query_map([], |r| r.get(0))?;
        rows.collect::<Result<_, _>>()?
    };
    for &v in &pending {
        check_version(conn, course, exe, v)?;
    }
    Ok(pending.len())
}
