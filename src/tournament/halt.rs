//! What stops a run's workers: the flag they all watch (Ctrl-C sets it too) and the first
//! error that set it, shared by the two-seat and the table runs.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use super::TournamentError;

/// The stop flag of a run and the first error that raised it.
pub(crate) struct Halt<'a> {
    flag: &'a AtomicBool,
    first: Mutex<Option<TournamentError>>,
}

impl<'a> Halt<'a> {
    /// Watches `flag`, which a person's Ctrl-C may raise too.
    pub(crate) fn new(flag: &'a AtomicBool) -> Self {
        Halt {
            flag,
            first: Mutex::new(None),
        }
    }

    /// Whether the run is stopping: no new game starts.
    pub(crate) fn is_raised(&self) -> bool {
        self.flag.load(Ordering::Relaxed)
    }

    /// Stops the run for `e`; the first error is the one reported.
    pub(crate) fn fail(&self, e: TournamentError) {
        self.flag.store(true, Ordering::Relaxed);
        self.first
            .lock()
            .expect("no panics while holding it")
            .get_or_insert(e);
    }

    /// The error that stopped the run, if one did.
    pub(crate) fn take_error(&self) -> Option<TournamentError> {
        self.first
            .lock()
            .expect("no panics while holding it")
            .take()
    }
}
