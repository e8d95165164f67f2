//! Timing helpers: the fastest of several samples, which is the least disturbed one on
//! a shared, noisy machine.

use std::time::{Duration, Instant};

/// How long `f` takes, once.
pub fn time<F: FnOnce() -> R, R>(f: F) -> (Duration, R) {
    let start = Instant::now();
    let r = f();
    (start.elapsed(), r)
}

/// The CPU time all threads of this process have used so far (user and system), or
/// `None` where the clock cannot be read. On a shared machine it moves far less than
/// wall time when other processes take the cores.
pub fn process_cpu() -> Option<Duration> {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec for the duration of the call.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts) };
    (rc == 0).then(|| {
        Duration::new(
            u64::try_from(ts.tv_sec).unwrap_or(0),
            u32::try_from(ts.tv_nsec).unwrap_or(0),
        )
    })
}

/// How long `f` takes, once: wall time, and the process's CPU time (`None` when the
/// clock cannot be read).
pub fn time_cpu<F: FnOnce() -> R, R>(f: F) -> (Duration, Option<Duration>, R) {
    let cpu = process_cpu();
    let (d, r) = time(f);
    let used = cpu.zip(process_cpu()).map(|(a, b)| b.saturating_sub(a));
    (d, used, r)
}

/// The smallest of the durations (zero for none).
pub fn fastest(samples: &[Duration]) -> Duration {
    samples.iter().copied().min().unwrap_or_default()
}

/// Microseconds per operation.
pub fn micros_per(d: Duration, ops: u64) -> f64 {
    d.as_secs_f64() * 1e6 / ops.max(1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fastest_and_per_op() {
        let s = [Duration::from_millis(3), Duration::from_millis(2)];
        assert_eq!(fastest(&s), Duration::from_millis(2));
        assert_eq!(fastest(&[]), Duration::ZERO);
        assert!((micros_per(Duration::from_millis(1), 10) - 100.0).abs() < 1e-9);
        let (d, x) = time(|| 7);
        assert_eq!(x, 7);
        assert!(d < Duration::from_secs(1));
    }
}
