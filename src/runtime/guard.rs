//! The safety net of a call: the CPU time the calling thread spent, against the fuel
//! the call used.
//!
//! Fuel is the limit that decides games. It counts instructions, not their cost, and a
//! few instructions (`memory.fill`, `memory.copy` and the other bulk operations over
//! megabytes) cost far more than others for the same fuel, so fuel alone does not bound
//! a move's time. The net stops a call only when its thread has used more CPU time
//! than [`super::Limits::timeout_secs`] plus [`CPU_PER_FUEL`] for each unit of fuel the
//! call used: a generous allowance no ordinary instruction comes near, pointer chasing
//! through a cold cache included. It measures the thread's own CPU time, not the wall
//! clock, so neither the machine's load nor the number of worker threads can make it
//! fire: a game the fuel budget allows is never decided by it.

use std::time::Duration;

/// CPU time allowed per unit of fuel used: 10 µs, about 100 times what the slowest
/// ordinary instruction costs (a load that misses every cache and the TLB, ~0.1 µs).
pub(crate) const CPU_PER_FUEL: Duration = Duration::from_micros(10);

/// The net of one call: when it started and on what budget.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CpuGuard {
    started: Duration,
    budget: u64,
    base: Duration,
}

impl CpuGuard {
    /// A guard allowing `base_secs` of CPU time plus the allowance per fuel.
    pub(crate) fn new(base_secs: u64) -> CpuGuard {
        CpuGuard {
            started: Duration::ZERO,
            budget: 0,
            base: Duration::from_secs(base_secs),
        }
    }

    /// Starts a call with `budget` fuel.
    pub(crate) fn arm(&mut self, budget: u64) {
        self.started = thread_cpu_time();
        self.budget = budget;
    }

    /// Whether the call, with `fuel_left` of its budget, has used more CPU time than
    /// its allowance.
    pub(crate) fn exceeded(&self, fuel_left: u64) -> bool {
        let used = self.budget.saturating_sub(fuel_left);
        let allowed = self
            .base
            .saturating_add(CPU_PER_FUEL.saturating_mul(u32::try_from(used).unwrap_or(u32::MAX)));
        thread_cpu_time().saturating_sub(self.started) > allowed
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

    #[test]
    fn the_allowance_grows_with_the_fuel_used() {
        let mut g = CpuGuard::new(0);
        g.arm(1_000_000_000);
        // Spin until the thread has used a few milliseconds of CPU.
        let start = thread_cpu_time();
        while thread_cpu_time() - start < Duration::from_millis(5) {}
        // No fuel used: over the (zero) base allowance.
        assert!(g.exceeded(1_000_000_000));
        // A million fuel used allows 10 s.
        assert!(!g.exceeded(999_000_000));
    }

    #[test]
    fn sleeping_uses_no_cpu_time() {
        let mut g = CpuGuard::new(1);
        g.arm(10);
        std::thread::sleep(Duration::from_millis(1200));
        assert!(!g.exceeded(10), "waiting is not working");
    }
}
