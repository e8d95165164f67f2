//! What every module and bot of one sandbox shares: the configured wasmtime engines, the
//! host functions, the compiler and cache, and the epoch ticker. The sandbox, the
//! modules and the compiler all build on it; it depends on none of them.
//!
//! Modules are compiled and checked once, for the sandbox's own engine; bots run on an
//! engine of the thread that plays them ([`Local`]), each with its own instance pool, so
//! that two workers never hand each other pool slots (and the pages and cache lines
//! that come with them).

use std::collections::BTreeMap;

use thiserror::Error;
use thread_local::ThreadLocal;
use wasmtime::{Engine, Extern, FuncType, Linker, Store};

use super::cache::ModuleCache;
use super::compiler::{chain, Compiler};
use super::config::config;
use super::host;
use super::limits::{Limits, LimitsError};
use super::metering::Metering;
use super::state::BotState;
use super::ticker::Ticker;

/// The sandbox could not be set up.
#[derive(Debug, Error)]
pub enum SandboxError {
    /// A limit is zero or out of range.
    #[error(transparent)]
    Limits(#[from] LimitsError),
    /// wasmtime refused the configuration or a host function.
    #[error("cannot set up the WebAssembly engine: {0}")]
    Engine(String),
    /// The epoch thread could not be started.
    #[error("cannot start the epoch thread: {0}")]
    Thread(#[from] std::io::Error),
}

/// What every module and bot of one sandbox shares. The ticker stops when the last
/// sandbox or module holding it is dropped.
pub(crate) struct Shared {
    /// The engine modules are compiled and checked for (it runs none: bots run on their
    /// thread's [`Local`] engine, configured the same, which loads the same artefacts).
    pub(crate) engine: Engine,
    /// The limits every bot runs under.
    pub(crate) limits: Limits,
    /// The host functions.
    pub(crate) linker: Linker<BotState>,
    /// Their types, by (module, name), for precise import errors.
    pub(crate) host_funcs: BTreeMap<(String, String), FuncType>,
    /// Where modules are compiled.
    pub(crate) compiler: Compiler,
    /// Compiled modules kept on disk, if any.
    pub(crate) cache: Option<ModuleCache>,
    /// How fuel is metered.
    pub(crate) metering: Metering,
    /// Under arena's metering: the engine with wasmtime's fuel that plays again a call the
    /// rewrite's counter could not pay for (see [`Exact`]).
    pub(crate) exact: Option<Exact>,
    /// The engine and host functions of each thread that has played a bot, made on its
    /// first bot.
    locals: ThreadLocal<Local>,
    /// Advances the epoch for the safety net (of every engine that checks it).
    ticker: Ticker,
}

/// One thread's engine: configured as the sandbox's own, with an instance pool of
/// `max_live_bots` slots for the bots this thread holds. A thread keeps it for the
/// sandbox's life; when a thread ends, its engine goes to a thread started later (the
/// `thread_local` crate reuses the ended thread's index), so there are never more
/// engines than threads alive at once.
pub(crate) struct Local {
    /// The engine.
    pub(crate) engine: Engine,
    /// The host functions, for this engine.
    pub(crate) linker: Linker<BotState>,
}

/// The engine of record under arena's metering: wasmtime's fuel and the epoch net, with
/// the same host functions, limits and features as the sandbox's own engine. Modules are
/// compiled for it only when one of their calls needs it (`module.rs`); its instances
/// are allocated on demand, as they are rare.
pub(crate) struct Exact {
    /// The engine.
    pub(crate) engine: Engine,
    /// The host functions, for this engine.
    pub(crate) linker: Linker<BotState>,
}

impl Shared {
    /// The engine, host functions and ticker for `limits`.
    ///
    /// # Errors
    /// [`SandboxError`] when a limit is unusable, or wasmtime or the system refuses.
    pub(crate) fn new(
        limits: Limits,
        compiler: Compiler,
        cache: Option<ModuleCache>,
    ) -> Result<Shared, SandboxError> {
        let metering = Metering::from_env().map_err(|e| SandboxError::Engine(e.to_string()))?;
        Shared::with_metering(limits, compiler, cache, metering)
    }

    /// [`Shared::new`] with `metering` rather than the environment's setting.
    ///
    /// # Errors
    /// As for [`Shared::new`].
    fn with_metering(
        limits: Limits,
        compiler: Compiler,
        cache: Option<ModuleCache>,
        metering: Metering,
    ) -> Result<Shared, SandboxError> {
        limits.validate()?;
        let engine_err = |e: wasmtime::Error| SandboxError::Engine(e.to_string());
        let engine = Engine::new(&config(&limits, false, metering)).map_err(engine_err)?;
        let linker = host::linker(&engine).map_err(engine_err)?;
        let host_funcs = host_function_types(&engine, &linker, &limits);
        let exact = if metering.rewrites() {
            let engine =
                Engine::new(&config(&limits, false, Metering::Wasmtime)).map_err(engine_err)?;
            let linker = host::linker(&engine).map_err(engine_err)?;
            Some(Exact { engine, linker })
        } else {
            None
        };
        let ticker = Ticker::start()?;
        if let Some(exact) = &exact {
            ticker.add(&exact.engine);
        }
        raise_open_files_limit();
        let shared = Shared {
            engine,
            limits,
            linker,
            host_funcs,
            compiler,
            cache,
            metering,
            exact,
            locals: ThreadLocal::new(),
            ticker,
        };
        // This thread's engine now: a configuration the system refuses (an address-space
        // limit too small for a pool) is the sandbox's error, before any module loads.
        shared.local().map_err(SandboxError::Engine)?;
        Ok(shared)
    }

    /// This thread's engine, made on its first call (and its epoch ticked when the
    /// metering checks it).
    ///
    /// # Errors
    /// Why wasmtime or the system refused the engine (the next call tries again).
    pub(crate) fn local(&self) -> Result<&Local, String> {
        self.locals.get_or_try(|| {
            let engine =
                Engine::new(&config(&self.limits, true, self.metering)).map_err(|e| chain(&e))?;
            let linker = host::linker(&engine).map_err(|e| chain(&e))?;
            if self.metering.epoch() {
                self.ticker.add(&engine);
            }
            Ok(Local { engine, linker })
        })
    }
}

/// Raises this process's soft limit on open files to its hard limit (nothing when it
/// cannot; two system calls per sandbox). Each thread's engine keeps a memory image (a
/// memfd) of every module it loads, so a tournament holds up to threads × modules of
/// them, past the usual soft limit of 1 024 on a many-core machine.
fn raise_open_files_limit() {
    let mut limit = open_files_limit();
    if limit.rlim_cur < limit.rlim_max {
        limit.rlim_cur = limit.rlim_max;
        // SAFETY: `setrlimit` only reads the struct passed, which lives on this stack
        // frame for the call.
        unsafe {
            libc::setrlimit(libc::RLIMIT_NOFILE, &limit);
        }
    }
}

/// This process's limits on open files (both 0 when they cannot be read).
fn open_files_limit() -> libc::rlimit {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: `getrlimit` only writes the struct passed, which lives on this stack frame
    // for the call; on failure it is left as it was.
    unsafe {
        libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit);
    }
    limit
}

/// The type of every host function, read back from the linker.
fn host_function_types(
    engine: &Engine,
    linker: &Linker<BotState>,
    limits: &Limits,
) -> BTreeMap<(String, String), FuncType> {
    let mut store = Store::new(engine, BotState::new(limits, 0, Metering::Wasmtime));
    let funcs: Vec<(String, String, wasmtime::Func)> = linker
        .iter(&mut store)
        .filter_map(|(module, name, ext)| match ext {
            Extern::Func(f) => Some((module.to_string(), name.to_string(), f)),
            _ => None,
        })
        .collect();
    funcs
        .into_iter()
        .map(|(module, name, f)| ((module, name), f.ty(&store)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasmtime::{Instance, Module, Trap};

    /// A store on this thread's engine running an endless loop with fuel for several
    /// seconds: the epoch stops it within a tick, or the fuel (and the test fails).
    fn run_forever(local: &Local) -> wasmtime::Error {
        let module = Module::new(
            &local.engine,
            r#"(module (func (export "f") (loop (br 0))))"#,
        )
        .unwrap();
        let mut store = Store::new(&local.engine, ());
        store.set_fuel(10_000_000_000).unwrap();
        store.set_epoch_deadline(1);
        let instance = Instance::new(&mut store, &module, &[]).unwrap();
        let f = instance.get_typed_func::<(), ()>(&mut store, "f").unwrap();
        f.call(&mut store, ()).unwrap_err()
    }

    #[test]
    fn the_open_files_soft_limit_is_raised_to_the_hard_one() {
        let before = open_files_limit();
        if before.rlim_max == 0 || before.rlim_max == libc::RLIM_INFINITY {
            return; // nothing this machine lets a test check
        }
        // One below the hard limit (so that no other test runs short of descriptors).
        let lowered = libc::rlimit {
            rlim_cur: before.rlim_max - 1,
            rlim_max: before.rlim_max,
        };
        // SAFETY: as in `raise_open_files_limit`.
        assert_eq!(unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &lowered) }, 0);
        Shared::with_metering(
            Limits::default(),
            Compiler::InProcess,
            None,
            Metering::Arena,
        )
        .unwrap();
        assert_eq!(open_files_limit().rlim_cur, before.rlim_max);
    }

    #[test]
    fn each_thread_gets_an_engine_of_its_own_and_keeps_it() {
        let shared = Shared::with_metering(
            Limits::default(),
            Compiler::InProcess,
            None,
            Metering::Arena,
        )
        .unwrap();
        let mine = shared.local().unwrap() as *const Local;
        assert_eq!(shared.local().unwrap() as *const Local, mine);
        std::thread::scope(|s| {
            let theirs = s.spawn(|| shared.local().unwrap() as *const Local as usize);
            assert_ne!(theirs.join().unwrap(), mine as usize);
        });
    }

    #[test]
    fn under_wasmtimes_fuel_every_threads_engine_is_ticked() {
        let shared = Shared::with_metering(
            Limits::default(),
            Compiler::InProcess,
            None,
            Metering::Wasmtime,
        )
        .unwrap();
        std::thread::scope(|s| {
            for _ in 0..2 {
                s.spawn(|| {
                    let err = run_forever(shared.local().unwrap());
                    assert_eq!(err.downcast_ref::<Trap>(), Some(&Trap::Interrupt));
                });
            }
        });
    }
}
