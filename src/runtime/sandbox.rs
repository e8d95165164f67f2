//! The [`Sandbox`]: one configured engine, the host functions, and loading modules.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use rayon::prelude::*;
use thiserror::Error;
use wasmtime::{
    Config, Enabled, Engine, Extern, FuncType, InstanceAllocationStrategy, Linker,
    PoolingAllocationConfig, Store, Strategy, WasmFeatures,
};

use super::cache::{CacheStats, ModuleCache};
use super::compiler::Compiler;
use super::host;
use super::limits::{Limits, LimitsError};
use super::load_error::LoadError;
use super::module::{self, WasmModule};
use super::state::BotState;
use super::ticker::Ticker;
use super::types::func_signature;
use super::ImportInfo;

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
    /// Advances the epoch for the safety net.
    _ticker: Ticker,
}

/// The WebAssembly sandbox: ONE wasmtime engine configured for deterministic, bounded
/// execution, the host functions bots may import, and a thread ticking the wall-clock
/// safety net (stopped when the sandbox and every module loaded from it are dropped).
///
/// Cheap to clone (an `Arc` inside) and `Send + Sync`: load modules once with
/// [`Sandbox::load_many`], then instantiate them from any number of threads.
#[derive(Clone)]
pub struct Sandbox {
    shared: Arc<Shared>,
}

impl Sandbox {
    /// A sandbox enforcing `limits` that compiles in this process, unbounded, with no
    /// cache: for trusted modules only (the bench's embedded example bots, tests). Use
    /// [`Sandbox::with_compiler`] for students' modules.
    ///
    /// # Errors
    /// [`SandboxError`] when a limit is unusable, or wasmtime or the system refuses.
    pub fn new(limits: Limits) -> Result<Sandbox, SandboxError> {
        Sandbox::with_compiler(limits, Compiler::InProcess, None)
    }

    /// A sandbox enforcing `limits`, compiling with `compiler` and keeping compiled
    /// modules in `cache` (if any).
    ///
    /// # Errors
    /// [`SandboxError`] when a limit is unusable, or wasmtime or the system refuses.
    pub fn with_compiler(
        limits: Limits,
        compiler: Compiler,
        cache: Option<ModuleCache>,
    ) -> Result<Sandbox, SandboxError> {
        limits.validate()?;
        let engine_err = |e: wasmtime::Error| SandboxError::Engine(e.to_string());
        let engine = Engine::new(&config(&limits, true)).map_err(engine_err)?;
        let linker = host::linker(&engine).map_err(engine_err)?;
        let host_funcs = host_function_types(&engine, &linker, &limits);
        let ticker = Ticker::start(engine.clone())?;
        Ok(Sandbox {
            shared: Arc::new(Shared {
                engine,
                limits,
                linker,
                host_funcs,
                compiler,
                cache,
                _ticker: ticker,
            }),
        })
    }

    /// The limits every bot of this sandbox runs under.
    pub fn limits(&self) -> &Limits {
        &self.shared.limits
    }

    /// What the module cache did so far (`None` without a cache).
    pub fn cache_stats(&self) -> Option<CacheStats> {
        self.shared.cache.as_ref().map(ModuleCache::stats)
    }

    /// Every function a bot may import, with its type, sorted by module and name.
    pub fn allowed_imports(&self) -> Vec<ImportInfo> {
        self.shared
            .host_funcs
            .iter()
            .map(|((module, name), ty)| ImportInfo {
                module: module.clone(),
                name: name.clone(),
                ty: format!("function {}", func_signature(ty)),
            })
            .collect()
    }

    /// Loads a bot from a `.wasm` or `.wat` file, read through
    /// [`crate::module_file::read`] (no links, FIFOs or devices; the size checked before
    /// reading and at most the cap read), then everything [`Sandbox::load_bytes`] checks.
    ///
    /// # Errors
    /// [`LoadError`] naming what is wrong.
    pub fn load(&self, path: impl AsRef<Path>) -> Result<WasmModule, LoadError> {
        let path = path.as_ref();
        let bytes = crate::module_file::read(path, self.shared.limits.module_bytes)
            .map_err(|e| LoadError::from_read(path, e))?;
        self.load_bytes(&path.display().to_string(), &bytes)
    }

    /// Loads a bot from the bytes of a `.wasm` or `.wat` file; `name` is how reports
    /// call it. Checks the size cap and the module's shape before compiling, compiles
    /// once, and checks the exports and imports against the ABI.
    ///
    /// # Errors
    /// [`LoadError`] naming what is wrong.
    pub fn load_bytes(&self, name: &str, bytes: &[u8]) -> Result<WasmModule, LoadError> {
        module::load(&self.shared, name, bytes)
    }

    /// Loads every file in parallel (one compile each, before play starts), keeping the
    /// order of `paths`.
    pub fn load_many<P: AsRef<Path> + Sync>(
        &self,
        paths: &[P],
    ) -> Vec<Result<WasmModule, LoadError>> {
        paths.par_iter().map(|p| self.load(p)).collect()
    }
}

impl std::fmt::Debug for Sandbox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sandbox")
            .field("limits", &self.shared.limits)
            .finish_non_exhaustive()
    }
}

/// Bytes of each table slot reset in place after a game (tables of ordinary bots are a
/// few hundred entries; larger ones are reset by the kernel as before).
const TABLE_KEEP_RESIDENT: usize = 64 << 10;

/// Bytes of each linear memory that may stay mapped between games, when the kernel can
/// tell which pages a game dirtied: covers a Rust bot's 1 MiB stack, its data and a
/// modest heap. Only dirtied pages stay resident, so the pool holds at most
/// `max_live_bots` times this (64 MiB on a 2-core machine).
const MEMORY_KEEP_RESIDENT: usize = 2 << 20;

/// The engine configuration: fuel, epochs, a pool sized for the live bots (`pool`;
/// the compiler process has none, as pooling changes nothing in the compiled code),
/// canonical NaNs, and only the proposals compilers emit for ordinary bots.
pub(crate) fn config(limits: &Limits, pool: bool) -> Config {
    let mut config = Config::new();
    config
        .strategy(Strategy::Cranelift)
        .consume_fuel(true)
        .epoch_interruption(true)
        .max_wasm_stack(limits.stack_bytes)
        .cranelift_nan_canonicalization(true)
        .parallel_compilation(true);
    // On: what Rust and clang emit by default (reference types only for the encoding of
    // `call_indirect`; there is no GC support compiled in) and SIMD, which is
    // deterministic once NaNs are canonical.
    config.wasm_features(
        WasmFeatures::MUTABLE_GLOBAL
            | WasmFeatures::SATURATING_FLOAT_TO_INT
            | WasmFeatures::SIGN_EXTENSION
            | WasmFeatures::MULTI_VALUE
            | WasmFeatures::BULK_MEMORY
            | WasmFeatures::REFERENCE_TYPES
            | WasmFeatures::EXTENDED_CONST
            | WasmFeatures::SIMD,
        true,
    );
    // Off: non-deterministic or needless for a bot.
    config.wasm_features(
        WasmFeatures::THREADS
            | WasmFeatures::SHARED_EVERYTHING_THREADS
            | WasmFeatures::RELAXED_SIMD
            | WasmFeatures::MULTI_MEMORY
            | WasmFeatures::MEMORY64
            | WasmFeatures::TAIL_CALL
            | WasmFeatures::EXCEPTIONS
            | WasmFeatures::LEGACY_EXCEPTIONS
            | WasmFeatures::GC
            | WasmFeatures::FUNCTION_REFERENCES
            | WasmFeatures::COMPONENT_MODEL
            | WasmFeatures::STACK_SWITCHING
            | WasmFeatures::CUSTOM_PAGE_SIZES
            | WasmFeatures::WIDE_ARITHMETIC,
        false,
    );
    if !pool {
        return config;
    }
    let bots = limits.max_live_bots;
    let mut pool = PoolingAllocationConfig::default();
    pool.total_core_instances(bots.saturating_mul(limits.instances))
        .total_memories(bots.saturating_mul(limits.memories))
        .total_tables(bots.saturating_mul(limits.tables))
        .max_memories_per_module(limits.memories)
        .max_tables_per_module(limits.tables)
        .table_elements(limits.table_elements as usize)
        .max_memory_size(usize::try_from(limits.memory_bytes).unwrap_or(usize::MAX))
        .max_core_instance_size(4 << 20)
        // Tables are reset with a memset rather than `madvise`, which would send a TLB
        // shoot-down to every other worker thread after each game.
        .table_keep_resident(TABLE_KEEP_RESIDENT);
    if PoolingAllocationConfig::is_pagemap_scan_available() {
        // Linux 6.7+: after a game only the pages the bot dirtied are restored, with a
        // memset, and stay mapped; no `madvise`, no shoot-down, no page faults next
        // game. (Without the ioctl, keeping memory resident would memset the whole
        // window every game, so it is not turned on.)
        pool.pagemap_scan(Enabled::Yes)
            .linear_memory_keep_resident(MEMORY_KEEP_RESIDENT);
    }
    config.allocation_strategy(InstanceAllocationStrategy::Pooling(pool));
    config
}

/// The type of every host function, read back from the linker.
fn host_function_types(
    engine: &Engine,
    linker: &Linker<BotState>,
    limits: &Limits,
) -> BTreeMap<(String, String), FuncType> {
    let mut store = Store::new(engine, BotState::new(limits, 0));
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
