//! A fixed-window counter by key (the failed sign-ins of an address).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

/// At most `max` events per key in each window of `window`.
pub struct Limiter {
    max: u32,
    window: Duration,
    seen: Mutex<HashMap<IpAddr, (Instant, u32)>>,
}

impl Limiter {
    /// A limiter of `max` events per `window`.
    pub fn new(max: u32, window: Duration) -> Limiter {
        Limiter {
            max,
            window,
            seen: Mutex::new(HashMap::new()),
        }
    }

    /// Whether `key` is over the limit now.
    pub fn blocked(&self, key: IpAddr) -> bool {
        let seen = self.seen.lock().unwrap_or_else(PoisonError::into_inner);
        seen.get(&key)
            .is_some_and(|(start, n)| start.elapsed() < self.window && *n >= self.max)
    }

    /// Counts one event of `key`.
    pub fn count(&self, key: IpAddr) {
        let mut seen = self.seen.lock().unwrap_or_else(PoisonError::into_inner);
        if seen.len() > 100_000 {
            let window = self.window;
            seen.retain(|_, (start, _)| start.elapsed() < window);
        }
        let e = seen.entry(key).or_insert((Instant::now(), 0));
        if e.0.elapsed() >= self.window {
            *e = (Instant::now(), 0);
        }
        e.1 += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_after_max_in_a_window() {
        let l = Limiter::new(2, Duration::from_secs(60));
        let ip: IpAddr = "127.0.0.1".parse().unwrap();
        assert!(!l.blocked(ip));
        l.count(ip);
        l.count(ip);
        assert!(l.blocked(ip));
        assert!(!l.blocked("127.0.0.2".parse().unwrap()));
    }
}
