//! The [`Sandbox`]: the handle through which modules are loaded (the engine it shares
//! with them is [`super::engine`]).

use std::path::Path;
use std::sync::{Arc, OnceLock};

use rayon::prelude::*;

use super::cache::{CacheStats, ModuleCache};
use super::compiler::Compiler;
use super::engine::{SandboxError, Shared};
use super::limits::Limits;
use super::load_error::{LoadError, SharedModuleError};
use super::module::{self, WasmModule};
use super::types::func_signature;
use super::ImportInfo;

/// The WebAssembly sandbox: one wasmtime configuration for deterministic, bounded
/// execution, the host functions bots may import, and a thread ticking the CPU-time
/// safety net (stopped when the sandbox and every module loaded from it are dropped).
/// Modules are compiled once, for the sandbox's engine; each thread that plays bots
/// gets an engine and instance pool of its own, configured the same, which loads a
/// module's compiled code the first time the thread instantiates it (or is readied with
/// [`WasmModule::load_on_this_thread`]). Each such thread costs an engine whose pool
/// reserves address space for `max_live_bots` memories (not memory in use), and, per
/// module it loads, a copy of the compiled code and a memory image (one file
/// descriptor; the sandbox raises the soft limit on open files to the hard one).
///
/// Cheap to clone (an `Arc` inside) and `Send + Sync`: load modules once with
/// [`Sandbox::load_many`], then instantiate them from any number of threads.
#[derive(Clone)]
pub struct Sandbox {
    shared: Arc<Shared>,
    /// A trusted module built on first use and shared by every bot of the sandbox (the
    /// pre-initialised Python interpreter, `crate::python::interpreter`), or why it
    /// could not be built.
    python: Arc<OnceLock<Result<WasmModule, SharedModuleError>>>,
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
        Ok(Sandbox {
            shared: Arc::new(Shared::new(limits, compiler, cache)?),
            python: Arc::new(OnceLock::new()),
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

    /// Loads a bot from a `.wasm` or `.wat` file (the commands load every bot file, `.py`
    /// included, through `crate::field`), read through
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

    /// Loads one of arena's own modules (the Python interpreter) from `bytes` under
    /// `name`, with every check of [`Sandbox::load_bytes`] except the module size cap,
    /// which is `module_bytes` instead. Never for a student's file: theirs keep the
    /// sandbox's cap.
    ///
    /// # Errors
    /// [`LoadError`] naming what is wrong.
    pub fn load_trusted(
        &self,
        name: &str,
        bytes: &[u8],
        module_bytes: u64,
    ) -> Result<WasmModule, LoadError> {
        module::load_capped(&self.shared, name, bytes, module_bytes)
    }

    /// Where the sandbox keeps its shared trusted module (see the field).
    pub(crate) fn python_slot(&self) -> &OnceLock<Result<WasmModule, SharedModuleError>> {
        &self.python
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
