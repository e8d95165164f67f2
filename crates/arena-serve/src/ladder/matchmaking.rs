//! Matchmaking: keeps the game queue a little ahead of the workers. Each pairing takes
//! the active bot scheduled longest ago (every bot's turn comes round at the same rate:
//! nobody starves), and an opponent drawn with weights that favour a similar
//! conservative rating, never below a floor (anyone can meet anyone). A version still
//! placing meets the references first. Every draw is derived from the course seed and
//! the job's number, so the same history makes the same pairings.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, SystemTime};

use rusqlite::{params, Connection};

use super::rating::Rating;
use super::PLACEMENT_GAMES;
use crate::course::Course;
use crate::db::{self, DbError};

/// Queued or claimed jobs kept per worker.
pub const AHEAD_PER_WORKER: i64 = 2;
/// The spread of ratings over which the preference for a close opponent fades.
pub const SPREAD: f64 = 8.0;
/// The least weight of any opponent, relative to an equal one.
pub const FLOOR: f64 = 0.05;

/// One bot that plays on the ladder.
#[derive(Clone, Debug, PartialEq)]
pub struct Entrant {
    /// Its version's id.
    pub version: i64,
    /// The student who owns it (`None`: a reference).
    pub owner: Option<i64>,
    /// Its rating.
    pub rating: Rating,
    /// Rated games played.
    pub games: i64,
    /// The job that last scheduled it (0: never).
    pub last_scheduled: i64,
}

/// Every bot that plays now: the references and each student's chosen version, when
/// ready and not disabled.
///
/// # Errors
/// [`DbError`].
pub fn entrants(conn: &Connection) -> Result<Vec<Entrant>, DbError> {
    let mut stmt = conn.prepare_cached(
        "SELECT v.id, v.owner, v.mu, v.sigma, v.games, v.last_scheduled FROM versions v
         LEFT JOIN people p ON p.id = v.owner
         WHERE v.verdict = 'ready' AND v.disabled = 0
           AND (v.owner IS NULL OR (p.active_version = v.id AND p.removed = 0))
         ORDER BY v.id",
    )?;
    let rows = stmt.query_map([], |r| {
        Ok(Entrant {
            version: r.get(0)?,
            owner: r.get(1)?,
            rating: Rating {
                mu: r.get(2)?,
                sigma: r.get(3)?,
            },
            games: r.get(4)?,
            last_scheduled: r.get(5)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The pairing for job number `job`: the bot scheduled longest ago and its opponent, or
/// `None` with fewer than two bots that may meet.
pub fn pick(entrants: &[Entrant], seed: u64, job: i64) -> Option<(i64, i64)> {
    let a = entrants
        .iter()
        .min_by_key(|e| (e.last_scheduled, e.version))?;
    let may_meet =
        |e: &&Entrant| e.version != a.version && (e.owner.is_none() || e.owner != a.owner);
    let mut pool: Vec<&Entrant> = entrants.iter().filter(may_meet).collect();
    if a.owner.is_some() && a.games < PLACEMENT_GAMES {
        let references: Vec<&Entrant> =
            pool.iter().copied().filter(|e| e.owner.is_none()).collect();
        if !references.is_empty() {
            pool = references;
        }
    }
    if pool.is_empty() {
        return None;
    }
    let mine = a.rating.conservative();
    let weights: Vec<f64> = pool
        .iter()
        .map(|e| {
            let d = (e.rating.conservative() - mine) / SPREAD;
            FLOOR + (1.0 - FLOOR) * (-0.5 * d * d).exp()
        })
        .collect();
    let total: f64 = weights.iter().sum();
    // A uniform draw in [0, total) from the job's derived seed (53 bits).
    let draw = arena::seeds::derive(seed, "ladder-pick", &[&job]) >> 11;
    let mut x = (draw as f64 / (1u64 << 53) as f64) * total;
    for (e, w) in pool.iter().zip(&weights) {
        if x < *w {
            return Some((a.version, e.version));
        }
        x -= w;
    }
    pool.last().map(|e| (a.version, e.version))
}

/// Queues jobs until the queue is [`AHEAD_PER_WORKER`] per worker deep.
///
/// # Errors
/// [`DbError`].
pub fn fill(conn: &mut Connection, course: &Course) -> Result<usize, DbError> {
    let target = AHEAD_PER_WORKER * i64::from(course.limits.workers);
    let mut added = 0;
    loop {
        let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let waiting: i64 = tx.query_row(
            "SELECT count(*) FROM jobs WHERE state IN ('queued', 'claimed') AND rated = 1",
            [],
            |r| r.get(0),
        )?;
        if waiting >= target {
            return Ok(added);
        }
        let next: i64 = tx.query_row("SELECT coalesce(max(id), 0) + 1 FROM jobs", [], |r| {
            r.get(0)
        })?;
        let Some((a, b)) = pick(&entrants(&tx)?, course.seed, next) else {
            return Ok(added);
        };
        tx.execute(
            "INSERT INTO jobs (id, a, b, rated, created_at) VALUES (?1, ?2, ?3, 1, ?4)",
            params![next, a, b, db::now()],
        )?;
        tx.execute(
            "UPDATE versions SET last_scheduled = ?1 WHERE id IN (?2, ?3)",
            params![next, a, b],
        )?;
        tx.commit()?;
        added += 1;
    }
}

/// Fills the queue while the course is open, until `stop`.
pub fn run(course: &Course, stop: &AtomicBool) {
    let mut conn = match db::open(&course.database()) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("arena serve: matchmaking stopped: {e}");
            return;
        }
    };
    while !stop.load(Ordering::Relaxed) {
        if course.is_open(SystemTime::now()) {
            if let Err(e) = fill(&mut conn, course) {
                eprintln!("arena serve: matchmaking: {e}");
            }
        }
        super::nap(Duration::from_millis(200), stop);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e(version: i64, owner: Option<i64>, mu: f64, games: i64, last: i64) -> Entrant {
        Entrant {
            version,
            owner,
            rating: Rating { mu, sigma: 1.0 },
            games,
            last_scheduled: last,
        }
    }

    #[test]
    fn the_longest_waiting_plays_and_never_itself_or_its_owner() {
        let field = [
            e(1, None, 25.0, 10, 5),
            e(2, Some(7), 25.0, 10, 1),
            e(3, Some(8), 25.0, 10, 4),
        ];
        for job in 0..50 {
            let (a, b) = pick(&field, 1, job).unwrap();
            assert_eq!(a, 2);
            assert_ne!(b, 2);
        }
        assert_eq!(pick(&field[..1], 1, 0), None);
    }

    #[test]
    fn placement_meets_references_and_close_ratings_are_favoured() {
        let field = [
            e(1, None, 10.0, 50, 9),
            e(2, Some(7), 25.0, 0, 0),
            e(3, Some(8), 25.0, 50, 9),
        ];
        for job in 0..50 {
            assert_eq!(pick(&field, 1, job), Some((2, 1)));
        }
        let field = [
            e(1, Some(1), 25.0, 50, 0),
            e(2, Some(2), 25.0, 50, 9),
            e(3, Some(3), 60.0, 50, 9),
        ];
        let close = (0..400)
            .filter(|&j| pick(&field, 3, j) == Some((1, 2)))
            .count();
        let far = 400 - close;
        // The far opponent keeps the floor's share (it is never excluded).
        assert!(close > far && far > 0, "{close} {far}");
    }
}
