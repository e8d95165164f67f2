//! Timing helpers: the fastest of several samples, which is the least disturbed one on
//! a shared, noisy machine.

use std::time::{Duration, Instant};

/// How long `f` takes, once.
pub fn time<F: FnOnce() -> R, R>(f: F) -> (Duration, R) {
    let start = Instant::now();
    let r = f();
    (start.elapsed(), r)
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
