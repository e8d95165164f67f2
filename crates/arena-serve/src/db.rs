//! The course's state in SQLite: the schema, opening a connection, and the few queries
//! more than one part shares.
//!
//! The schema is plain SQL that PostgreSQL takes as well (integer keys, text, no SQLite
//! extension beyond `INSERT … ON CONFLICT`); the game queue is a table that workers claim
//! rows of, with a lease, so that workers on other machines can claim the same way
//! (docs/LADDER.md, "The game queue").

use std::path::Path;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use rusqlite::{Connection, OpenFlags};

/// A database error, with what was being done.
#[derive(Debug, thiserror::Error)]
#[error("the ladder's database: {0}")]
pub struct DbError(#[from] pub rusqlite::Error);

/// The schema's version, kept in `PRAGMA user_version`.
pub const SCHEMA_VERSION: i64 = 1;

/// The tables (docs/LADDER.md describes each).
const SCHEMA: &str = r#"
CREATE TABLE IF NOT EXISTS people (
    id INTEGER PRIMARY KEY,
    login TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    role TEXT NOT NULL,
    handle TEXT NOT NULL UNIQUE,
    token_hash TEXT UNIQUE,
    active_version INTEGER,
    removed INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS modules (
    sha256 TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    bytes INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS versions (
    id INTEGER PRIMARY KEY,
    owner INTEGER REFERENCES people(id),
    reference_name TEXT UNIQUE,
    sha256 TEXT NOT NULL REFERENCES modules(sha256),
    uploaded_at INTEGER NOT NULL,
    verdict TEXT NOT NULL DEFAULT 'pending',
    report TEXT NOT NULL DEFAULT '',
    disabled INTEGER NOT NULL DEFAULT 0,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    games INTEGER NOT NULL DEFAULT 0,
    last_scheduled INTEGER NOT NULL DEFAULT 0,
    UNIQUE (owner, sha256)
);
CREATE TABLE IF NOT EXISTS uploads (
    id INTEGER PRIMARY KEY,
    person INTEGER NOT NULL REFERENCES people(id),
    at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS uploads_by_person ON uploads (person, at);
CREATE TABLE IF NOT EXISTS sessions (
    id_hash TEXT PRIMARY KEY,
    person INTEGER NOT NULL REFERENCES people(id),
    csrf TEXT NOT NULL,
    expires INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS jobs (
    id INTEGER PRIMARY KEY,
    a INTEGER NOT NULL REFERENCES versions(id),
    b INTEGER NOT NULL REFERENCES versions(id),
    rated INTEGER NOT NULL DEFAULT 1,
    state TEXT NOT NULL DEFAULT 'queued',
    worker TEXT,
    lease_until INTEGER,
    created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS jobs_by_state ON jobs (state, id);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    job INTEGER NOT NULL REFERENCES jobs(id),
    board INTEGER NOT NULL,
    seat1 INTEGER NOT NULL REFERENCES versions(id),
    seat2 INTEGER NOT NULL REFERENCES versions(id),
    board_seed INTEGER NOT NULL,
    score1 INTEGER NOT NULL,
    score2 INTEGER NOT NULL,
    result TEXT NOT NULL,
    end_reason TEXT NOT NULL,
    setup TEXT NOT NULL,
    moves TEXT NOT NULL,
    log1 TEXT NOT NULL,
    log2 TEXT NOT NULL,
    fuel1 INTEGER NOT NULL,
    fuel2 INTEGER NOT NULL,
    played_at INTEGER NOT NULL,
    UNIQUE (job, board)
);
CREATE INDEX IF NOT EXISTS games_by_seat1 ON games (seat1, id);
CREATE INDEX IF NOT EXISTS games_by_seat2 ON games (seat2, id);
"#;

/// Seconds since the Unix epoch.
pub fn now() -> i64 {
    unix(SystemTime::now())
}

/// `t` in seconds since the Unix epoch.
pub fn unix(t: SystemTime) -> i64 {
    t.duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

/// Opens the database at `path` (creating it and its tables if needed), in WAL mode
/// with a busy timeout, so that the web handlers and the workers can share it.
///
/// # Errors
/// [`DbError`] when SQLite refuses.
pub fn open(path: &Path) -> Result<Connection, DbError> {
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?;
    conn.busy_timeout(Duration::from_secs(30))?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "FULL")?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    Ok(conn)
}

/// Opens the database and makes its tables.
///
/// # Errors
/// [`DbError`] when SQLite refuses.
pub fn create(path: &Path) -> Result<Connection, DbError> {
    let conn = open(path)?;
    conn.execute_batch(SCHEMA)?;
    conn.pragma_update(None, "user_version", SCHEMA_VERSION)?;
    Ok(conn)
}

/// Copies the database to `out` page by page while it is in use (SQLite's online
/// backup API): a consistent snapshot.
///
/// # Errors
/// [`DbError`] when SQLite refuses.
pub fn backup(conn: &Connection, out: &Path) -> Result<(), DbError> {
    let mut to = Connection::open(out)?;
    let b = rusqlite::backup::Backup::new(conn, &mut to)?;
    b.run_to_completion(256, Duration::from_millis(0), None)?;
    Ok(())
}
