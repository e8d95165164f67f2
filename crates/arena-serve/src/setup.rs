//! The course in the database: the roster's people and the reference bots, brought in
//! at every start; `arena serve tokens`.

use std::path::Path;

use rusqlite::{params, Connection, OptionalExtension};

use crate::course::{Course, CourseError};
use crate::db::{self, DbError};
use crate::ladder::rating::Rating;
use crate::secret;
use crate::store::{self, Kind};

/// What stopped the set-up.
#[derive(Debug, thiserror::Error)]
pub enum SetupError {
    /// The database.
    #[error(transparent)]
    Db(#[from] DbError),
    /// The course folder.
    #[error(transparent)]
    Course(#[from] CourseError),
    /// A reference bot.
    #[error("reference {path}: {message}")]
    Reference {
        /// Its file.
        path: String,
        /// What is wrong.
        message: String,
    },
    /// No randomness for a token.
    #[error("no randomness from the operating system: {0}")]
    Random(String),
}

impl From<rusqlite::Error> for SetupError {
    fn from(e: rusqlite::Error) -> SetupError {
        SetupError::Db(DbError(e))
    }
}

/// Creates the database if needed and brings in the roster (new people get an
/// anonymous handle; names and roles follow the roster) and the reference bots (each
/// checked later as an upload is).
///
/// # Errors
/// [`SetupError`].
pub fn sync(course: &Course) -> Result<Connection, SetupError> {
    let mut conn = db::create(&course.database())?;
    let tx = conn.transaction()?;
    for p in &course.roster {
        let known: Option<i64> = tx
            .query_row("SELECT id FROM people WHERE login = ?1", [&p.id], |r| {
                r.get(0)
            })
            .optional()?;
        match known {
            Some(id) => {
                tx.execute(
                    "UPDATE people SET name = ?2, role = ?3 WHERE id = ?1",
                    params![id, p.name, p.role.name()],
                )?;
            }
            None => {
                tx.execute(
                    "INSERT INTO people (login, name, role, handle) VALUES (?1, ?2, ?3, ?1 || '-pending')",
                    params![p.id, p.name, p.role.name()],
                )?;
                let id = tx.last_insert_rowid();
                tx.execute(
                    "UPDATE people SET handle = 'player-' || ?1 WHERE id = ?1",
                    [id],
                )?;
            }
        }
    }
    for path in &course.references {
        let shown = path.display().to_string();
        let bad = |message: String| SetupError::Reference {
            path: shown.clone(),
            message,
        };
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .ok_or_else(|| bad("the file name is not UTF-8".into()))?
            .to_string();
        let kind = path
            .file_name()
            .and_then(|s| s.to_str())
            .and_then(Kind::of_name)
            .ok_or_else(|| bad("not a .wasm, .wat or .py file".into()))?;
        let bytes = arena::module_file::read(path, course.limits.module_bytes)
            .map_err(|e| bad(e.to_string()))?;
        let sha = store::put(&course.store(), &bytes, kind).map_err(|e| bad(e.to_string()))?;
        tx.execute(
            "INSERT INTO modules (sha256, kind, bytes) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING",
            params![sha, kind.ext(), bytes.len() as i64],
        )?;
        let current: Option<(i64, String)> = tx
            .query_row(
                "SELECT id, sha256 FROM versions WHERE reference_name = ?1",
                [&name],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?;
        match current {
            Some((_, s)) if s == sha => {}
            Some((id, _)) => {
                // The file changed: the old one leaves the ladder under another name.
                tx.execute(
                    "UPDATE versions SET reference_name = reference_name || '@' || id, disabled = 1 WHERE id = ?1",
                    [id],
                )?;
                insert_reference(&tx, &name, &sha)?;
            }
            None => insert_reference(&tx, &name, &sha)?,
        }
    }
    tx.commit()?;
    Ok(conn)
}

fn insert_reference(tx: &Connection, name: &str, sha: &str) -> Result<(), rusqlite::Error> {
    let r = Rating::default();
    tx.execute(
        "INSERT INTO versions (owner, reference_name, sha256, uploaded_at, mu, sigma) VALUES (NULL, ?1, ?2, ?3, ?4, ?5)",
        params![name, sha, db::now(), r.mu, r.sigma],
    )?;
    Ok(())
}

/// One issued token.
#[derive(Clone, Debug)]
pub struct Issued {
    /// The roster id.
    pub login: String,
    /// The name.
    pub name: String,
    /// Student or instructor.
    pub role: String,
    /// The secret (shown once, never stored).
    pub token: String,
}

/// Issues every person of the roster (or those of `only`) a fresh sign-in token; the
/// one before stops working. Only the hash is stored.
///
/// # Errors
/// [`SetupError`].
pub fn issue_tokens(conn: &mut Connection, only: &[String]) -> Result<Vec<Issued>, SetupError> {
    let tx = conn.transaction()?;
    let people: Vec<(i64, String, String, String)> = {
        let mut stmt =
            tx.prepare("SELECT id, login, name, role FROM people WHERE removed = 0 ORDER BY id")?;
        let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?;
        rows.collect::<Result<_, _>>()?
    };
    let mut out = Vec::new();
    for (id, login, name, role) in people {
        if !only.is_empty() && !only.contains(&login) {
            continue;
        }
        let token = secret::fresh().map_err(|e| SetupError::Random(e.to_string()))?;
        tx.execute(
            "UPDATE people SET token_hash = ?2 WHERE id = ?1",
            params![id, secret::hash(&token)],
        )?;
        tx.execute("DELETE FROM sessions WHERE person = ?1", [id])?;
        out.push(Issued {
            login,
            name,
            role,
            token,
        });
    }
    tx.commit()?;
    Ok(out)
}

/// Writes issued tokens as CSV (`id,name,role,token,link`), the link a sign-in page
/// address that carries the token after `#` (never sent to the server in the address).
///
/// # Errors
/// When the file cannot be written.
pub fn write_tokens(out: &Path, issued: &[Issued], base: &str) -> std::io::Result<()> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(["id", "name", "role", "token", "link"])?;
    for i in issued {
        let link = format!("{}/signin#{}", base.trim_end_matches('/'), i.token);
        w.write_record([&i.login, &i.name, &i.role, &i.token, &link])?;
    }
    let bytes = w
        .into_inner()
        .map_err(|e| std::io::Error::other(e.to_string()))?;
    let mut opts = std::fs::OpenOptions::new();
    opts.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        opts.mode(0o600);
    }
    use std::io::Write;
    opts.open(out)?.write_all(&bytes)
}
