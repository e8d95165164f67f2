//! A worker: claims a queued job, plays its board twice (seats swapped, one board seed,
//! as a paired series does), and records both games, their rating updates and the job's
//! end in one transaction. A job is recorded only while this worker holds its claim, and
//! `UNIQUE (job, board)` keeps a game from being recorded twice: a process killed at any
//! moment has recorded the whole job or nothing of it, and the job is played again.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use arena::contestant::Wasm;
use arena::field;
use arena::referee::{self, Entrant, GameRecord};
use arena::runtime::{Sandbox, WasmModule};
use arena::seeds::derive;
use rusqlite::{params, Connection, OptionalExtension};

use super::rating::{update, Rating, Result1};
use crate::course::Course;
use crate::db::{self, DbError};
use crate::store::{self, Kind};

/// How long a claim holds before another worker may take the job (a worker on another
/// machine that died); this server's own claims are put back when it starts.
pub const LEASE_SECS: i64 = 600;

/// A claimed job.
#[derive(Clone, Debug)]
pub struct Job {
    /// Its id.
    pub id: i64,
    /// The version in the first seat of the first game.
    pub a: i64,
    /// The other version.
    pub b: i64,
    /// Whether its games change ratings.
    pub rated: bool,
}

/// Why a job was not recorded.
#[derive(Debug, thiserror::Error)]
pub enum JobError {
    /// The database.
    #[error(transparent)]
    Db(#[from] DbError),
    /// A module could not be loaded or a game could not be played: the machine's
    /// problem (the job is put back) or the version's (it is disabled with the reason).
    #[error("{0}")]
    Play(String),
}

impl From<rusqlite::Error> for JobError {
    fn from(e: rusqlite::Error) -> JobError {
        JobError::Db(DbError(e))
    }
}

/// Claims the oldest queued job (challenges first) for `worker`.
///
/// # Errors
/// [`DbError`].
pub fn claim(conn: &Connection, worker: &str) -> Result<Option<Job>, DbError> {
    let now = db::now();
    Ok(conn
        .query_row(
            "UPDATE jobs SET state = 'claimed', worker = ?1, lease_until = ?2
             WHERE id = (SELECT id FROM jobs
                         WHERE state = 'queued' OR (state = 'claimed' AND lease_until < ?3)
                         ORDER BY rated, id LIMIT 1)
             RETURNING id, a, b, rated",
            params![worker, now + LEASE_SECS, now],
            |r| {
                Ok(Job {
                    id: r.get(0)?,
                    a: r.get(1)?,
                    b: r.get(2)?,
                    rated: r.get::<_, i64>(3)? != 0,
                })
            },
        )
        .optional()?)
}

/// One played game, as recorded.
struct Played {
    board: i64,
    seats: [i64; 2],
    board_seed: u64,
    record: GameRecord,
    result: Result1,
}

/// The first seat's result from the ranks.
fn result_of(record: &GameRecord) -> Result1 {
    match record.ranks[0].cmp(&record.ranks[1]) {
        std::cmp::Ordering::Less => Result1::Win,
        std::cmp::Ordering::Equal => Result1::Draw,
        std::cmp::Ordering::Greater => Result1::Loss,
    }
}

/// The compiled modules a worker keeps, by hash.
#[derive(Default)]
pub struct Modules(HashMap<String, WasmModule>);

impl Modules {
    /// The module of `version`, compiled once per worker.
    fn get(
        &mut self,
        conn: &Connection,
        course: &Course,
        sandbox: &Sandbox,
        version: i64,
    ) -> Result<WasmModule, JobError> {
        let (sha, kind): (String, String) = conn.query_row(
            "SELECT v.sha256, m.kind FROM versions v JOIN modules m ON m.sha256 = v.sha256 WHERE v.id = ?1",
            [version],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?;
        if let Some(m) = self.0.get(&sha) {
            return Ok(m.clone());
        }
        let kind =
            Kind::parse(&kind).ok_or_else(|| JobError::Play(format!("unknown kind {kind}")))?;
        let path = store::path(&course.store(), &sha, kind);
        let compiled = field::load_module(sandbox, &format!("v{version}"), &path);
        match compiled.result {
            Ok(m) => {
                self.0.insert(sha, m.clone());
                Ok(m)
            }
            Err(refusal) => {
                if refusal.machine_problem().is_none() {
                    conn.execute(
                        "UPDATE versions SET disabled = 1, report = report || ?2 WHERE id = ?1",
                        params![version, format!("\nladder: disabled: {refusal}\n")],
                    )?;
                }
                Err(JobError::Play(format!("version {version}: {refusal}")))
            }
        }
    }
}

/// Plays job `job`'s two games.
fn play(
    course: &Course,
    job: &Job,
    a: &WasmModule,
    b: &WasmModule,
) -> Result<Vec<Played>, JobError> {
    let board_seed = derive(course.seed, "ladder-board", &[&job.id]);
    let (ea, eb) = (Wasm(a.clone()), Wasm(b.clone()));
    let mut games = Vec::new();
    for board in 0..2i64 {
        let (seats, entrants): ([i64; 2], [&dyn Entrant; 2]) = if board == 0 {
            ([job.a, job.b], [&ea, &eb])
        } else {
            ([job.b, job.a], [&eb, &ea])
        };
        let game = course
            .game
            .new_game(&course.params, board_seed)
            .map_err(|e| JobError::Play(e.to_string()))?;
        let seeds = [
            derive(course.seed, "ladder-bot", &[&job.id, &board, &0]),
            derive(course.seed, "ladder-bot", &[&job.id, &board, &1]),
        ];
        let record = referee::play(game, &entrants, &seeds);
        if let Some(why) = record.end.harness_problem() {
            return Err(JobError::Play(format!("the machine could not play: {why}")));
        }
        let result = result_of(&record);
        games.push(Played {
            board,
            seats,
            board_seed,
            record,
            result,
        });
    }
    Ok(games)
}

/// Records a job's games (and rating updates, when rated) if `worker` still holds it;
/// whether it was recorded.
fn record(
    conn: &mut Connection,
    worker: &str,
    job: &Job,
    games: &[Played],
) -> Result<bool, DbError> {
    let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
    let held: Option<String> = tx
        .query_row(
            "SELECT worker FROM jobs WHERE id = ?1 AND state = 'claimed'",
            [job.id],
            |r| r.get(0),
        )
        .optional()?
        .flatten();
    if held.as_deref() != Some(worker) {
        return Ok(false);
    }
    let now = db::now();
    let rating = |tx: &rusqlite::Transaction, v: i64| -> Result<Rating, rusqlite::Error> {
        tx.query_row("SELECT mu, sigma FROM versions WHERE id = ?1", [v], |r| {
            Ok(Rating {
                mu: r.get(0)?,
                sigma: r.get(1)?,
            })
        })
    };
    for g in games {
        let r = &g.record;
        let moves: Vec<String> = r.moves.iter().map(i32::to_string).collect();
        tx.execute(
            "INSERT INTO games (job, board, seat1, seat2, board_seed, score1, score2, result,
                end_reason, setup, moves, log1, log2, fuel1, fuel2, played_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)",
            params![
                job.id,
                g.board,
                g.seats[0],
                g.seats[1],
                g.board_seed as i64,
                r.pair_scores()[0],
                r.pair_scores()[1],
                g.result.name(),
                r.end.reason(),
                r.setup,
                moves.join(","),
                r.outputs[0],
                r.outputs[1],
                r.fuel[0] as i64,
                r.fuel[1] as i64,
                now
            ],
        )?;
        if job.rated {
            let (r1, r2) = update(rating(&tx, g.seats[0])?, rating(&tx, g.seats[1])?, g.result);
            for (v, r) in [(g.seats[0], r1), (g.seats[1], r2)] {
                tx.execute(
                    "UPDATE versions SET mu = ?2, sigma = ?3, games = games + 1 WHERE id = ?1",
                    params![v, r.mu, r.sigma],
                )?;
            }
        }
    }
    tx.execute(
        "UPDATE jobs SET state = 'done', lease_until = NULL WHERE id = ?1",
        [job.id],
    )?;
    tx.commit()?;
    Ok(true)
}

/// Claims, plays and records one job; whether there was one.
///
/// # Errors
/// [`JobError`]: the job is put back (the machine's problem) or dropped (a version
/// that cannot play, now disabled).
pub fn one(
    conn: &mut Connection,
    course: &Course,
    sandbox: &Sandbox,
    modules: &mut Modules,
    worker: &str,
) -> Result<bool, JobError> {
    let Some(job) = claim(conn, worker)? else {
        return Ok(false);
    };
    // A bot disabled since the job was queued does not play it.
    let disabled: i64 = conn.query_row(
        "SELECT count(*) FROM versions WHERE id IN (?1, ?2) AND disabled = 1",
        params![job.a, job.b],
        |r| r.get(0),
    )?;
    if disabled > 0 {
        conn.execute(
            "UPDATE jobs SET state = 'dropped', lease_until = NULL WHERE id = ?1 AND worker = ?2",
            params![job.id, worker],
        )?;
        return Ok(true);
    }
    let played = (|| {
        let a = modules.get(conn, course, sandbox, job.a)?;
        let b = modules.get(conn, course, sandbox, job.b)?;
        play(course, &job, &a, &b)
    })();
    match played {
        Ok(games) => {
            record(conn, worker, &job, &games)?;
            Ok(true)
        }
        Err(e) => {
            let disabled: i64 = conn.query_row(
                "SELECT count(*) FROM versions WHERE id IN (?1, ?2) AND disabled = 1",
                params![job.a, job.b],
                |r| r.get(0),
            )?;
            let state = if disabled > 0 { "dropped" } else { "queued" };
            conn.execute(
                "UPDATE jobs SET state = ?2, worker = NULL, lease_until = NULL WHERE id = ?1 AND worker = ?3",
                params![job.id, state, worker],
            )?;
            Err(e)
        }
    }
}

/// Plays jobs until `stop`.
pub fn run(course: &Course, sandbox: &Sandbox, worker: &str, stop: &AtomicBool) {
    let mut conn = match db::open(&course.database()) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("arena serve: worker {worker} stopped: {e}");
            return;
        }
    };
    let mut modules = Modules::default();
    while !stop.load(Ordering::Relaxed) {
        match one(&mut conn, course, sandbox, &mut modules, worker) {
            Ok(true) => {}
            Ok(false) => super::nap(Duration::from_millis(200), stop),
            Err(e) => {
                eprintln!("arena serve: worker {worker}: {e}");
                super::nap(Duration::from_secs(1), stop);
            }
        }
    }
}
