//! The safety net of a call: the CPU time the calling thread spent, against a bound
//! derived from the call's fuel budget.
//!
//! Fuel is the limit that decides games: wasmtime 48 charges every instruction, and
//! bulk memory and table operations by their length, so a call's work is bounded by its
//! budget. The net is defence in depth against what fuel could miss (a wasmtime bug, a
//! host function slower than its charge): it stops a call only when its thread has used
//! more CPU time than [`super::Limits::timeout_secs`] plus [`CPU_PER_FUEL`] for every
//! unit of the call's budget, far more than the whole budget can take at the speed of
//! the slowest ordinary instruction (pointer chasing through a cold cache included).
//! It measures the thread's own CPU time, not the wall clock, so neither the machine's
//! load nor the number of worker threads can make it fire: a game the fuel budget
//! allows is never decided by it.
//!
//! Reading the thread's CPU clock is a system call (about 1 µs, a fifth of a cheap bot's
//! move), so arming a call does not read it: the clock starts at the call's first epoch
//! tick, which comes at most one [`super::ticker::TICK`] of wall time (so at most that
//! much CPU time) after the call began. The net therefore stops a call after its
//! allowance plus at most one tick, and a call shorter than a tick (every ordinary move)
//! never reads the clock at all.

use std::time::Duration;

/// CPU time allowed per unit of fuel budget: 1 µs, ten times what the slowest ordinary
/// instruction costs (a load that misses every cache and the TLB, ~0.1 µs, and a
/// pointer-chasing step is several instructions).
pub(crate) const CPU_PER_FUEL: Duration = Duration::from_micros(1);

/// The net of one call: when its clock started (at its first tick) and how much CPU
/// time it may use.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CpuGuard {
    started: Option<Duration>,
    allowed: Duration,
    base: Duration,
}

impl CpuGuard {
    /// A guard allowing `base_secs` of CPU time plus the allowance per fuel.
    pub(crate) fn new(base_secs: u64) -> CpuGuard {
        CpuGuard {
            started: None,
            allowed: Duration::ZERO,
            base: Duration::from_secs(base_secs),
        }
    }

    /// Starts a call with `budget` fuel (its clock starts at the first [`Self::exceeded`]).
    pub(crate) fn arm(&mut self, budget: u64) {
        let per_fuel = CPU_PER_FUEL.saturating_mul(u32::try_from(budget).unwrap_or(u32::MAX));
        self.allowed = self.base.saturating_add(per_fuel);
        self.started = None;
    }

    /// At each epoch tick: whether the call has used more CPU time than it is allowed
    /// since its first tick (which starts the clock and answers no).
    pub(crate) fn exceeded(&mut self) -> bool {
        let now = thread_cpu_time();
        match self.started {
            None => {
                self.started = Some(now);
                false
            }
            Some(started) => now.saturating_sub(started) > self.allowed,
        }
    }
}

/// The CPU time the calling thread has used (`CLOCK_THREAD_CPUTIME_ID`).
#[cfg(unix)]
pub(crate) fn thread_cpu_time() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `clock_gettime` writes one `timespec` into the struct we own.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    if rc != 0 {
        return Duration::ZERO;
    }
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

#[cfg(not(unix))]
pub(crate) fn thread_cpu_time() -> Duration {
    // No per-thread clock: the net falls back to the process's uptime, a wall clock.
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    START.get_or_init(std::time::Instant::now).elapsed()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spin(cpu: Duration) {
        let start = thread_cpu_time();
        while thread_cpu_time() - start < cpu {}
    }

    #[test]
    fn the_allowance_grows_with_the_budget() {
        let mut g = CpuGuard::new(0);
        g.arm(0);
        assert!(!g.exceeded(), "the first tick starts the clock");
        spin(Duration::from_millis(3));
        assert!(g.exceeded(), "3 ms against no allowance");
        g.arm(1_000_000);
        assert!(!g.exceeded(), "arming again restarts the clock");
        spin(Duration::from_millis(3));
        assert!(!g.exceeded(), "a million fuel allows 1 s");
        let mut g = CpuGuard::new(1);
        g.arm(u64::MAX);
        assert!(!g.exceeded());
        assert!(!g.exceeded(), "a huge budget saturates, it does not wrap");
    }

    #[test]
    fn waiting_uses_no_cpu_time() {
        let mut g = CpuGuard::new(0);
        g.arm(1000);
        assert!(!g.exceeded());
        std::thread::sleep(Duration::from_millis(300));
        assert!(!g.exceeded(), "sleeping 0.3 s is not 1 ms of CPU time");
    }
}
