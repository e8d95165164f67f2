//! From a checked binary to a wasmtime [`Module`]: the linear code scan, then the cache,
//! then the bounded compiler. Under arena's metering a module has two compiled forms:
//! the rewritten one every game runs ([`compile`]) and, built only when a call needs it,
//! the module as handed in for the engine of record ([`compile_exact`]).

use wasmtime::{Engine, Module};

use super::cache::ModuleCache;
use super::code_limits;
use super::compiler::{self, chain};
use super::engine::{Exact, Shared};
use super::load_error::LoadError;
use super::metering::{rewrite_identity, Metering};

/// A module compiled for the sandbox's own engine.
pub(crate) struct Compiled {
    /// The module, for the checks of its imports and exports.
    pub(crate) module: Module,
    /// Its serialized artefact, which every thread's engine loads (see [`deserialize`]).
    pub(crate) artefact: Vec<u8>,
}

/// The module `binary` (already through `precheck`) for the sandbox's own engine: its code
/// scanned against the limits, then (under arena's metering) rewritten, then compiled,
/// or read from the cache.
///
/// # Errors
/// [`LoadError`] naming what is wrong: a code limit, a module wasmtime or the rewrite
/// refuses, a compile limit.
pub(crate) fn compile(shared: &Shared, binary: &[u8]) -> Result<Compiled, LoadError> {
    code_limits::check_code(binary, &shared.limits)?;
    let (module, artefact) = compile_for(shared, &shared.engine, shared.metering, binary)?;
    Ok(Compiled { module, artefact })
}

/// The module `binary`, which [`compile`] accepted, as handed in, for the engine of
/// record `exact` (wasmtime's fuel).
///
/// # Errors
/// [`LoadError`], as for [`compile`].
pub(crate) fn compile_exact(
    shared: &Shared,
    exact: &Exact,
    binary: &[u8],
) -> Result<Module, LoadError> {
    Ok(compile_for(shared, &exact.engine, Metering::Wasmtime, binary)?.0)
}

/// `binary` compiled for `engine`, whose fuel is metered by `metering` (the rewrite is
/// applied when it asks for it, by the compiler: in the bounded child for a student's
/// module). The cache's key is taken on `binary` as handed in (with
/// the rewrite's identity: its version and source digest), so that a warm load skips
/// the rewrite too. Returns the module and its artefact.
fn compile_for(
    shared: &Shared,
    engine: &Engine,
    metering: Metering,
    binary: &[u8],
) -> Result<(Module, Vec<u8>), LoadError> {
    let rewrite = metering.rewrites().then(rewrite_identity);
    let limits = &shared.limits;
    let Some(cache) = &shared.cache else {
        let artefact = compiler::artefact(&shared.compiler, engine, metering, limits, binary)?;
        return Ok((deserialize(engine, &artefact)?, artefact));
    };
    let key = ModuleCache::key(engine, rewrite, binary);
    if let Some(artefact) = cache.get(&key) {
        match deserialize(engine, &artefact) {
            Ok(module) => return Ok((module, artefact)),
            // Checked but refused by wasmtime (another wasmtime release): compile again.
            Err(_) => cache.discard(&key),
        }
    }
    let artefact = compiler::artefact(&shared.compiler, engine, metering, limits, binary)?;
    let module = deserialize(engine, &artefact)?;
    cache.put(&key, &artefact);
    Ok((module, artefact))
}

/// The module of a serialized `artefact`, for `engine`: the sandbox's own engine, or a
/// thread's engine (configured the same) loading an artefact the sandbox's own engine
/// loaded first.
///
/// # Errors
/// [`LoadError::Compiler`] when wasmtime refuses the bytes.
pub(crate) fn deserialize(engine: &Engine, artefact: &[u8]) -> Result<Module, LoadError> {
    // SAFETY: `Module::deserialize` trusts its bytes to be an artefact wasmtime
    // produced; wasmtime itself checks the version, target, flags and features it
    // records. These bytes were produced by `Engine::precompile_module` of this very
    // wasmtime: in this process, in a child running our own executable (read back
    // over a pipe only we hold), or read from a cache entry that this code wrote (the
    // folder is private to the user running arena and refused otherwise) and whose key
    // (module, wasmtime version, engine settings, rewrite version) and SHA-256 of the
    // artefact were checked just before, so a truncated or corrupted entry never gets
    // here. A thread's engine loads the very bytes that passed this way, kept in memory
    // since (`module.rs`, `LocalForms`).
    unsafe { Module::deserialize(engine, artefact) }.map_err(|e| {
        LoadError::Compiler(format!(
            "the compiled artefact is refused: {}",
            super::module_text::compiler_message(&chain(&e))
        ))
    })
}
