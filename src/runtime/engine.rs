//! What every module and bot of one sandbox shares: the one configured wasmtime engine,
//! the host functions, the compiler and cache, and the epoch ticker. The sandbox, the
//! modules and the compiler all build on it; it depends on none of them.

use std::collections::BTreeMap;

use thiserror::Error;
use wasmtime::{Engine, Extern, FuncType, Linker, Store};

use super::cache::ModuleCache;
use super::compiler::Compiler;
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
    /// The one engine.
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
    /// Advances the epoch for the safety net (of whichever engine checks it).
    _ticker: Ticker,
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
        limits.validate()?;
        let engine_err = |e: wasmtime::Error| SandboxError::Engine(e.to_string());
        let metering = Metering::from_env().map_err(|e| SandboxError::Engine(e.to_string()))?;
        let engine = Engine::new(&config(&limits, true, metering)).map_err(engine_err)?;
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
        let ticked = exact.as_ref().map_or(&engine, |e| &e.engine).clone();
        let ticker = Ticker::start(ticked)?;
        Ok(Shared {
            engine,
            limits,
            linker,
            host_funcs,
            compiler,
            cache,
            metering,
            exact,
            _ticker: ticker,
        })
    }
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
