//! `arena serve export` (the submissions folder and roster the graded `arena
//! tournament` takes) and `arena serve backup` (a consistent copy of the course's state).

use std::path::Path;

use rusqlite::Connection;

use crate::course::Course;
use crate::db::{self, DbError};
use crate::store::{self, Kind};

/// What stopped an export or a backup.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// The database.
    #[error(transparent)]
    Db(#[from] DbError),
    /// The output exists already.
    #[error("{0} exists already: give a new folder")]
    Exists(String),
    /// Writing.
    #[error("cannot write {path}: {source}")]
    Io {
        /// What was written.
        path: String,
        /// Why.
        source: std::io::Error,
    },
}

impl From<rusqlite::Error> for ExportError {
    fn from(e: rusqlite::Error) -> ExportError {
        ExportError::Db(DbError(e))
    }
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> ExportError + '_ {
    move |source| ExportError::Io {
        path: path.display().to_string(),
        source,
    }
}

/// What an export wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exported {
    /// Students whose active version was written.
    pub submitted: usize,
    /// Students with no ready active version (in the roster, with no file).
    pub missing: Vec<String>,
}

/// Writes `out/submissions/ID.KIND` (each student's active, ready version) and
/// `out/roster.csv` (`file,student_id,name`, as `arena tournament --roster` reads it).
///
/// # Errors
/// [`ExportError`]; `out` must not exist.
pub fn export(conn: &Connection, course: &Course, out: &Path) -> Result<Exported, ExportError> {
    if out.exists() {
        return Err(ExportError::Exists(out.display().to_string()));
    }
    let subs = out.join("submissions");
    std::fs::create_dir_all(&subs).map_err(io(&subs))?;
    let mut stmt = conn.prepare(
        "SELECT p.login, p.name, v.sha256, m.kind, v.verdict, v.disabled FROM people p
         LEFT JOIN versions v ON v.id = p.active_version LEFT JOIN modules m ON m.sha256 = v.sha256
         WHERE p.role = 'student' AND p.removed = 0 ORDER BY p.login",
    )?;
    type Row = (
        String,
        String,
        Option<String>,
        Option<String>,
        Option<String>,
        Option<i64>,
    );
    let rows: Vec<Row> = stmt
        .query_map([], |r| {
            Ok((
                r.get(0)?,
                r.get(1)?,
                r.get(2)?,
                r.get(3)?,
                r.get(4)?,
                r.get(5)?,
            ))
        })?
        .collect::<Result<_, _>>()?;
    let mut roster = csv::Writer::from_writer(Vec::new());
    let csv_err = |e: csv::Error| ExportError::Io {
        path: "roster.csv".into(),
        source: std::io::Error::other(e.to_string()),
    };
    roster
        .write_record(["file", "student_id", "name"])
        .map_err(csv_err)?;
    let mut done = Exported {
        submitted: 0,
        missing: Vec::new(),
    };
    for (login, name, sha, kind, verdict, _disabled) in rows {
        let kind = kind.as_deref().and_then(Kind::parse);
        match (sha, kind, verdict.as_deref()) {
            (Some(sha), Some(kind), Some("ready")) => {
                let file = format!("{login}.{}", kind.ext());
                let to = subs.join(&file);
                std::fs::copy(store::path(&course.store(), &sha, kind), &to).map_err(io(&to))?;
                roster
                    .write_record([&file, &login, &name])
                    .map_err(csv_err)?;
                done.submitted += 1;
            }
            _ => done.missing.push(login),
        }
    }
    let text = roster.into_inner().map_err(|e| ExportError::Io {
        path: "roster.csv".into(),
        source: std::io::Error::other(e.to_string()),
    })?;
    let path = out.join("roster.csv");
    std::fs::write(&path, text).map_err(io(&path))?;
    Ok(done)
}

/// Writes `out/ladder.sqlite` (SQLite's online backup: a consistent snapshot taken
/// while the server runs) and `out/modules/` (the store's files; each is written before
/// the row that names it, so every file the snapshot names is there).
///
/// # Errors
/// [`ExportError`]; `out` must not exist.
pub fn backup(conn: &Connection, course: &Course, out: &Path) -> Result<usize, ExportError> {
    if out.exists() {
        return Err(ExportError::Exists(out.display().to_string()));
    }
    let modules = out.join("modules");
    std::fs::create_dir_all(&modules).map_err(io(&modules))?;
    db::backup(conn, &out.join("ladder.sqlite"))?;
    let mut copied = 0;
    let mut stmt = conn.prepare("SELECT sha256, kind FROM modules")?;
    let rows: Vec<(String, String)> = stmt
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<Result<_, _>>()?;
    for (sha, kind) in rows {
        let Some(kind) = Kind::parse(&kind) else {
            continue;
        };
        let from = store::path(&course.store(), &sha, kind);
        if from.exists() {
            let to = store::path(&modules, &sha, kind);
            std::fs::copy(&from, &to).map_err(io(&to))?;
            copied += 1;
        }
    }
    Ok(copied)
}
