//! The thread that advances the epoch of the engines whose safety net checks it: when
//! the net looks.

use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

use wasmtime::Engine;

/// How often the epoch advances: every tick, a running call's safety net compares its
/// CPU time with the fuel it used (`guard.rs`).
pub(crate) const TICK: Duration = Duration::from_millis(100);

/// Owns the ticking thread and the engines it ticks; dropping it stops the thread and
/// waits for it.
pub(crate) struct Ticker {
    engines: Arc<Mutex<Vec<Engine>>>,
    stop: Option<Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Ticker {
    /// Starts ticking, every [`TICK`], the epoch of every engine added with
    /// [`Ticker::add`] (none yet).
    ///
    /// # Errors
    /// When the system cannot start a thread.
    pub(crate) fn start() -> std::io::Result<Ticker> {
        let engines = Arc::new(Mutex::new(Vec::<Engine>::new()));
        let ticked = Arc::clone(&engines);
        let (stop, stopped) = mpsc::channel::<()>();
        let thread = std::thread::Builder::new()
            .name("arena-epoch".to_string())
            .spawn(move || {
                // Ticks until the sender is dropped (or sends).
                while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(TICK) {
                    // Nothing panics while holding the lock: a poisoned one is still whole.
                    let engines = ticked.lock().unwrap_or_else(PoisonError::into_inner);
                    for engine in engines.iter() {
                        engine.increment_epoch();
                    }
                }
            })?;
        Ok(Ticker {
            engines,
            stop: Some(stop),
            thread: Some(thread),
        })
    }

    /// Ticks `engine` too, from the next tick on.
    pub(crate) fn add(&self, engine: &Engine) {
        self.engines
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(engine.clone());
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
        let ticker = Ticker::start().unwrap();
        ticker.add(&Engine::default());
        drop(ticker);
    }

    #[test]
    fn advances_every_engine_added() {
        let mut config = wasmtime::Config::new();
        config.epoch_interruption(true);
        let engines: Vec<Engine> = (0..2).map(|_| Engine::new(&config).unwrap()).collect();
        let ticker = Ticker::start().unwrap();
        for engine in &engines {
            ticker.add(engine);
        }
        // A store whose deadline is one tick away sees it pass on each engine.
        for engine in &engines {
            let mut store = wasmtime::Store::new(engine, ());
            store.set_epoch_deadline(1);
            let module =
                wasmtime::Module::new(engine, "(module (func (export \"f\") (loop (br 0))))")
                    .unwrap();
            let instance = wasmtime::Instance::new(&mut store, &module, &[]).unwrap();
            let f = instance.get_typed_func::<(), ()>(&mut store, "f").unwrap();
            let trap = f.call(&mut store, ()).unwrap_err();
            assert_eq!(
                trap.downcast_ref::<wasmtime::Trap>(),
                Some(&wasmtime::Trap::Interrupt)
            );
        }
        drop(ticker);
    }
}
