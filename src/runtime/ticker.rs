//! The thread that advances the engine's epoch: the clock of the wall-clock safety net.

use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::Duration;

use wasmtime::Engine;

/// How often the epoch advances. A call's deadline is a whole number of ticks.
pub(crate) const TICK: Duration = Duration::from_millis(100);

/// Ticks in `seconds` seconds, plus one so that a call never gets less than its due.
pub(crate) fn ticks_for(seconds: u64) -> u64 {
    seconds
        .saturating_mul(1000)
        .div_ceil(TICK.as_millis() as u64)
        .saturating_add(1)
}

/// Owns the ticking thread; dropping it stops the thread and waits for it.
pub(crate) struct Ticker {
    stop: Option<Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Ticker {
    /// Starts ticking `engine`'s epoch every [`TICK`].
    ///
    /// # Errors
    /// When the system cannot start a thread.
    pub(crate) fn start(engine: Engine) -> std::io::Result<Ticker> {
        let (stop, stopped) = mpsc::channel::<()>();
        let thread = std::thread::Builder::new()
            .name("arena-epoch".to_string())
            .spawn(move || {
                // Ticks until the sender is dropped (or sends).
                while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(TICK) {
                    engine.increment_epoch();
                }
            })?;
        Ok(Ticker {
            stop: Some(stop),
            thread: Some(thread),
        })
    }
}

impl Drop for Ticker {
    fn drop(&mut self) {
        drop(self.stop.take());
        if let Some(thread) = self.thread.take() {
            // The thread only loops on the channel; a panic there is impossible, and
            // nothing could be done about it while dropping.
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deadlines_round_up() {
        assert_eq!(ticks_for(10), 101);
        assert_eq!(ticks_for(1), 11);
        assert!(ticks_for(u64::MAX) > ticks_for(10));
    }

    #[test]
    fn stops_when_dropped() {
        let ticker = Ticker::start(Engine::default()).unwrap();
        drop(ticker);
    }
}
