//! Removing a student's data: their versions, the games and jobs those versions are in,
//! their uploads and sessions, and the stored files no remaining version holds. The
//! roster line stays, marked removed and with no token. Other bots' ratings keep what
//! those games moved (a rating is a history, not a sum to recompute).

use rusqlite::{params, Connection};

use crate::course::Course;
use crate::db::DbError;
use crate::store::{self, Kind};

/// Removes student `person`'s data; whether there was such a student.
///
/// # Errors
/// [`DbError`] (nothing is removed then).
pub fn student(conn: &mut Connection, course: &Course, person: i64) -> Result<bool, DbError> {
    let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
    let n = tx.execute(
        "UPDATE people SET removed = 1, token_hash = NULL, active_version = NULL WHERE id = ?1 AND role = 'student'",
        [person],
    )?;
    if n == 0 {
        return Ok(false);
    }
    let theirs = "SELECT id FROM versions WHERE owner = ?1";
    tx.execute(
        &format!("DELETE FROM games WHERE seat1 IN ({theirs}) OR seat2 IN ({theirs})"),
        [person],
    )?;
    tx.execute(
        &format!("DELETE FROM games WHERE job IN (SELECT id FROM jobs WHERE a IN ({theirs}) OR b IN ({theirs}))"),
        [person],
    )?;
    tx.execute(
        &format!("DELETE FROM jobs WHERE a IN ({theirs}) OR b IN ({theirs})"),
        [person],
    )?;
    tx.execute("DELETE FROM versions WHERE owner = ?1", [person])?;
    tx.execute("DELETE FROM uploads WHERE person = ?1", [person])?;
    tx.execute("DELETE FROM sessions WHERE person = ?1", [person])?;
    let orphans: Vec<(String, String)> = {
        let mut stmt = tx.prepare(
            "SELECT sha256, kind FROM modules m WHERE NOT EXISTS (SELECT 1 FROM versions v WHERE v.sha256 = m.sha256)",
        )?;
        let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
        rows.collect::<Result<_, _>>()?
    };
    for (sha, _) in &orphans {
        tx.execute("DELETE FROM modules WHERE sha256 = ?1", params![sha])?;
    }
    tx.commit()?;
    // The rows are gone first: a crash here leaves a file no row names, never the reverse.
    for (sha, kind) in orphans {
        if let Some(kind) = Kind::parse(&kind) {
            let _ = std::fs::remove_file(store::path(&course.store(), &sha, kind));
        }
    }
    Ok(true)
}
