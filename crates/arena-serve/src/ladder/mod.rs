//! The continuous ladder: matchmaking fills the game queue, worker threads play each
//! queued pairing (a board played twice, seats swapped) and record it with its rating
//! update in one transaction.

pub mod matchmaking;
pub mod rating;
pub mod worker;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use arena::runtime::Sandbox;

use crate::course::Course;
use crate::db::{self, DbError};

/// Games a new version plays against the references before it meets students' bots.
pub const PLACEMENT_GAMES: i64 = 4;

/// The running ladder: its threads, until [`Ladder::stop`].
pub struct Ladder {
    stop: Arc<AtomicBool>,
    threads: Vec<JoinHandle<()>>,
}

impl Ladder {
    /// Puts back every claimed job of this server (a job claimed when the process died
    /// was not recorded: it is played again) and starts matchmaking and the workers.
    ///
    /// # Errors
    /// [`DbError`] when the database cannot be opened.
    pub fn start(course: Arc<Course>, sandbox: Sandbox) -> Result<Ladder, DbError> {
        let conn = db::open(&course.database())?;
        conn.execute(
            "UPDATE jobs SET state = 'queued', worker = NULL, lease_until = NULL WHERE state = 'claimed'",
            [],
        )?;
        drop(conn);
        let stop = Arc::new(AtomicBool::new(false));
        let mut threads = Vec::new();
        {
            let (course, stop) = (Arc::clone(&course), Arc::clone(&stop));
            threads.push(std::thread::spawn(move || {
                matchmaking::run(&course, &stop);
            }));
        }
        for n in 0..course.limits.workers {
            let (course, stop, sandbox) = (Arc::clone(&course), Arc::clone(&stop), sandbox.clone());
            threads.push(std::thread::spawn(move || {
                worker::run(&course, &sandbox, &format!("local-{n}"), &stop);
            }));
        }
        Ok(Ladder { stop, threads })
    }

    /// Stops the threads after the games under way (which are recorded).
    pub fn stop(mut self) {
        self.stop.store(true, Ordering::SeqCst);
        for t in self.threads.drain(..) {
            let _ = t.join();
        }
    }
}

/// Sleeps `d` in short steps, returning early when `stop` is set.
pub(crate) fn nap(d: Duration, stop: &AtomicBool) {
    let step = Duration::from_millis(50);
    let mut left = d;
    while !left.is_zero() && !stop.load(Ordering::Relaxed) {
        let s = left.min(step);
        std::thread::sleep(s);
        left -= s;
    }
}
