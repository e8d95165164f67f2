//! The thread that advances the engine's epoch: when the safety net looks.

use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::Duration;

use wasmtime::Engine;

/// How often the epoch advances: every tick, a running call's safety net compares its
/// CPU time with the fuel it used (`guard.rs`).
pub(crate) const TICK: Duration = Duration::from_millis(100);

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
    fn stops_when_dropped() {
        let ticker = Ticker::start(Engine::default()).unwrap();
        drop(ticker);
    }
}
