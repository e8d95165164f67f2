//! How a call into a bot ended when it did not answer: a [`Stop`], and which compiled
//! [`Form`] of its module it ran on (arena's rewrite or the engine of record).

use wasmtime::Store;

use super::fuel::{self, classify};
use super::state::BotState;
use crate::bot::Fault;

/// Which compiled form of a module an instance runs.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Form {
    /// The sandbox's own engine (under arena's metering: the rewritten module).
    Own,
    /// The engine of record, wasmtime's fuel (under arena's metering only).
    Exact,
}

/// A call that failed: the fault, and whether it was the rewrite's counter that ran out
/// (so the engine of record must judge it).
pub(crate) struct Stop {
    /// What the bot is told.
    pub(crate) fault: Fault,
    /// The rewrite's counter could not pay for the call.
    pub(crate) counter_ran_out: bool,
}

impl From<Stop> for Fault {
    fn from(stop: Stop) -> Fault {
        stop.fault
    }
}

impl Stop {
    /// The stop of `err`, raised in `store` under `budget`.
    pub(crate) fn of(
        store: &mut Store<BotState>,
        err: &wasmtime::Error,
        budget: u64,
        secs: u64,
    ) -> Stop {
        let counter_ran_out = fuel::exhausted(&mut *store);
        Stop {
            fault: classify(store, err, budget, secs),
            counter_ran_out,
        }
    }

    /// The counter could not pay for a call under `budget`.
    pub(crate) fn ran_out(budget: u64) -> Stop {
        Stop {
            fault: Fault::OutOfFuel { budget },
            counter_ran_out: true,
        }
    }

    /// The same stop during instantiation: its fault a [`Fault::Instantiation`] naming
    /// it (a [`Fault::Harness`] stays what it is: the machine's, not the bot's).
    pub(crate) fn in_instantiation(self) -> Stop {
        if self.fault.harness_problem().is_some() {
            return self;
        }
        Stop {
            fault: Fault::Instantiation(self.fault.to_string()),
            ..self
        }
    }

    /// Out of fuel when the call that just returned left the rewrite's counter owing more
    /// than the reserve holds (see [`fuel::exhausted`]).
    pub(crate) fn if_owing(store: &mut Store<BotState>, budget: u64) -> Result<(), Stop> {
        if fuel::exhausted(&mut *store) {
            return Err(Stop::ran_out(budget));
        }
        Ok(())
    }

    /// `fault`, not the counter's doing.
    pub(crate) fn plain(fault: Fault) -> Stop {
        Stop {
            fault,
            counter_ran_out: false,
        }
    }
}
