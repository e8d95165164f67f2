//! From a checked binary to a wasmtime [`Module`]: the linear code scan, then the cache,
//! then the bounded compiler.

use wasmtime::Module;

use super::cache::ModuleCache;
use super::code_limits;
use super::compiler::{self, chain, Compiler};
use super::engine::Shared;
use super::load_error::LoadError;
use super::metering;

/// Compiles `binary` (whose size and shape are already checked) for the sandbox's
/// engine, or takes it from the cache.
///
/// # Errors
/// [`LoadError`] naming the limit passed or what wasmtime refused.
pub(crate) fn compile(shared: &Shared, binary: &[u8]) -> Result<Module, LoadError> {
    code_limits::check_code(binary, &shared.limits)?;
    let rewritten;
    let binary = if shared.metering.rewrites() {
        rewritten = metering::instrument(binary).map_err(|e| LoadError::Invalid(e.to_string()))?;
        &rewritten[..]
    } else {
        binary
    };
    let (engine, limits) = (&shared.engine, &shared.limits);
    let Some(cache) = &shared.cache else {
        return match &shared.compiler {
            Compiler::InProcess => {
                Module::new(engine, binary).map_err(|e| LoadError::Invalid(chain(&e)))
            }
            Compiler::Process(_) => {
                let artefact = compiler::artefact(&shared.compiler, engine, limits, binary)?;
                load(engine, &artefact)
            }
        };
    };
    let key = ModuleCache::key(engine, binary);
    if let Some(artefact) = cache.get(&key) {
        match load(engine, &artefact) {
            Ok(module) => return Ok(module),
            // Checked but refused by wasmtime (another wasmtime release): compile again.
            Err(_) => cache.discard(&key),
        }
    }
    let artefact = compiler::artefact(&shared.compiler, engine, limits, binary)?;
    let module = load(engine, &artefact)?;
    cache.put(&key, &artefact);
    Ok(module)
}

/// Loads an artefact that came from our own compiler: the child process this
/// executable started, this process, or a cache entry whose key and checksum were
/// checked.
fn load(engine: &wasmtime::Engine, artefact: &[u8]) -> Result<Module, LoadError> {
    // SAFETY: `Module::deserialize` trusts its bytes to be an artefact wasmtime
    // produced; wasmtime itself checks the version, target, flags and features it
    // records. These bytes were produced by `Engine::precompile_module` of this very
    // wasmtime: in this process, in a child running our own executable (read back
    // over a pipe only we hold), or read from a cache entry that this code wrote (the
    // folder is private to the user running arena and refused otherwise) and whose key
    // (module, wasmtime version, engine settings) and SHA-256 of the artefact were
    // checked just before, so a truncated or corrupted entry never gets here.
    unsafe { Module::deserialize(engine, artefact) }.map_err(|e| {
        LoadError::Compiler(format!("the compiled artefact is refused: {}", chain(&e)))
    })
}
