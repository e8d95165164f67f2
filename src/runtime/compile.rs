//! From a checked binary to a wasmtime [`Module`]: the linear code scan, then the cache,
//! then the bounded compiler. Under arena's metering a module has two compiled forms:
//! the rewritten one every game runs ([`compile`]) and, built only when a call needs it,
//! the module as handed in for the engine of record ([`compile_exact`]).

use std::borrow::Cow;

use wasmtime::{Engine, Module};

use super::cache::ModuleCache;
use super::code_limits;
use super::compiler::{self, chain, Compiler};
use super::engine::{Exact, Shared};
use super::load_error::LoadError;
use super::metering::{self, rewrite_identity, Metering};

/// The module `binary` (already through `precheck`) for the sandbox's own engine: its code
/// scanned against the limits, then (under arena's metering) rewritten, then compiled,
/// or read from the cache.
///
/// # Errors
/// [`LoadError`] naming what is wrong: a code limit, a module wasmtime or the rewrite
/// refuses, a compile limit.
pub(crate) fn compile(shared: &Shared, binary: &[u8]) -> Result<Module, LoadError> {
    code_limits::check_code(binary, &shared.limits)?;
    compile_for(shared, &shared.engine, shared.metering, binary)
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
    compile_for(shared, &exact.engine, Metering::Wasmtime, binary)
}

/// `binary` compiled for `engine`, whose fuel is metered by `metering` (the rewrite is
/// applied when it asks for it). The cache's key is taken on `binary` as handed in (with
/// the rewrite's identity: its version and source digest), so that a warm load skips
/// the rewrite too.
fn compile_for(
    shared: &Shared,
    engine: &Engine,
    metering: Metering,
    binary: &[u8],
) -> Result<Module, LoadError> {
    let rewrite = metering.rewrites().then(rewrite_identity);
    let metered = || -> Result<Cow<'_, [u8]>, LoadError> {
        Ok(if metering.rewrites() {
            Cow::Owned(metering::instrument(binary).map_err(|e| LoadError::Invalid(e.to_string()))?)
        } else {
            Cow::Borrowed(binary)
        })
    };
    let limits = &shared.limits;
    let Some(cache) = &shared.cache else {
        let code = metered()?;
        return match &shared.compiler {
            Compiler::InProcess => {
                Module::new(engine, &code[..]).map_err(|e| LoadError::Invalid(chain(&e)))
            }
            Compiler::Process(_) => {
                let artefact =
                    compiler::artefact(&shared.compiler, engine, metering, limits, &code)?;
                load(engine, &artefact)
            }
        };
    };
    let key = ModuleCache::key(engine, rewrite, binary);
    if let Some(artefact) = cache.get(&key) {
        match load(engine, &artefact) {
            Ok(module) => return Ok(module),
            // Checked but refused by wasmtime (another wasmtime release): compile again.
            Err(_) => cache.discard(&key),
        }
    }
    let code = metered()?;
    let artefact = compiler::artefact(&shared.compiler, engine, metering, limits, &code)?;
    let module = load(engine, &artefact)?;
    cache.put(&key, &artefact);
    Ok(module)
}

/// The module of a serialized `artefact`.
///
/// # Errors
/// [`LoadError::Compiler`] when wasmtime refuses the bytes.
fn load(engine: &wasmtime::Engine, artefact: &[u8]) -> Result<Module, LoadError> {
    // SAFETY: `Module::deserialize` trusts its bytes to be an artefact wasmtime
    // produced; wasmtime itself checks the version, target, flags and features it
    // records. These bytes were produced by `Engine::precompile_module` of this very
    // wasmtime: in this process, in a child running our own executable (read back
    // over a pipe only we hold), or read from a cache entry that this code wrote (the
    // folder is private to the user running arena and refused otherwise) and whose key
    // (module, wasmtime version, engine settings, rewrite version) and SHA-256 of the
    // artefact were checked just before, so a truncated or corrupted entry never gets
    // here.
    unsafe { Module::deserialize(engine, artefact) }.map_err(|e| {
        LoadError::Compiler(format!("the compiled artefact is refused: {}", chain(&e)))
    })
}
