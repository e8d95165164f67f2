//! Python bots: a student's `bot.py` played by arena's own Python interpreter module.
//!
//! The interpreter (`bots/python/`: RustPython in a `wasm32-wasip1` module, built by
//! `bots/build.sh` and committed as `bots/python/dist/arena_python.wasm`) is embedded in
//! arena. Once per sandbox it is pre-initialised — instantiated, its interpreter built
//! (`arena_py_init`), the state snapshotted into a new module
//! ([`crate::runtime::snapshot`]) — and that module is compiled once (and cached like
//! any module). Each `.py` bot is that one compiled module with the script as its
//! input: every instance reads the script at instantiation (`arena_py_script`,
//! `arena_py_load`), under the instantiation fuel budget, so a syntax error or an
//! exception at the top level is an instantiation fault naming it.
//!
//! [`pack`] goes one step further for `arena pack`: the script is loaded before the
//! snapshot, giving an ordinary `.wasm` bot that needs no input.
//!
//! Everything is deterministic: the snapshot of the same interpreter is the same bytes
//! on every run (hashing seeded with 0, `random_get` seeded with 0, a clock at 0).

mod refusal;

use std::path::Path;
use std::sync::Arc;

use sha2::{Digest, Sha256};
use thiserror::Error;

use crate::bot::Fault;
use crate::bot_name::escape_message;
use crate::runtime::snapshot::{self, MemoryImage, SnapshotError};
use crate::runtime::{LoadError, ModuleInput, Sandbox, SharedModuleError, WasmModule};
use crate::units::human_bytes;

pub use refusal::load_refusal;

/// The interpreter module as `bots/build.sh` builds it.
pub const INTERPRETER: &[u8] = include_bytes!("../../bots/python/dist/arena_python.wasm");

/// The module size cap for arena's own interpreter modules (the interpreter, its
/// snapshot): students' files keep the sandbox's cap (8 MiB by default), this trusted
/// module gets room for RustPython's code and pre-initialised heap.
pub const INTERPRETER_CAP: u64 = 16 << 20;

/// The largest script arena reads.
pub const SCRIPT_CAP: u64 = 1 << 20;

/// Fuel for pre-initialising the interpreter (building it and importing the offered
/// modules costs about 525 million; no
/// bot move could afford it, which is why it is done once, here).
pub const PREINIT_FUEL: u64 = 2_000_000_000;

/// The name the interpreter module is loaded under, in messages.
const NAME: &str = "arena's Python interpreter";

/// The wrapper's exports (bots/python/src/lib.rs).
const INIT: &str = "arena_py_init";
const INIT_LEAN: &str = "arena_py_init_lean";
const SCRIPT: &str = "arena_py_script";
const LOAD: &str = "arena_py_load";
const PACK: &str = "arena_py_pack";

/// Why a Python bot could not be prepared.
#[derive(Debug, Error)]
pub enum PythonError {
    /// The interpreter could not be pre-initialised (a problem of arena's build).
    #[error(
        "cannot prepare the Python interpreter (a problem of the harness, not of the bot): {0}"
    )]
    Interpreter(#[from] PreinitError),
    /// The script did not load: a syntax error, an exception, no `choose`, in arena's
    /// words ([`load_refusal`]: never quoting the script).
    #[error("{0}")]
    Script(String),
}

/// Why a module could not be instrumented, run and snapshotted.
#[derive(Debug, Error)]
pub enum PreinitError {
    /// Instrumenting, reading or rewriting the module failed.
    #[error("{0}")]
    Snapshot(#[from] SnapshotError),
    /// The instrumented module did not load.
    #[error("{0}")]
    Load(#[from] LoadError),
    /// The instance faulted while being prepared.
    #[error("{0}")]
    Fault(#[from] Fault),
    /// The script handed to the instance did not load ([`load_refusal`]'s words).
    #[error("{0}")]
    Refused(String),
}

impl From<SnapshotError> for PythonError {
    fn from(e: SnapshotError) -> PythonError {
        PythonError::Interpreter(e.into())
    }
}

/// The custom section arena's interpreter carries (`bots/python/src/lib.rs`), which
/// pre-initialisation and `arena pack` copy into every module they write.
const MARKER_SECTION: &str = "arena.python";

/// Whether `module` is arena's Python interpreter (as built, pre-initialised, or packed
/// with a script by `arena pack`): it carries the interpreter's custom section.
pub fn is_interpreter(module: &[u8]) -> bool {
    wasmparser::Parser::new(0)
        .parse_all(module)
        .map_while(Result::ok)
        .any(|payload| {
            matches!(payload, wasmparser::Payload::CustomSection(s) if s.name() == MARKER_SECTION)
        })
}

/// Whether `path` names a Python script (`.py`, in any case).
pub fn is_script(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("py"))
}

/// The pre-initialised interpreter module's bytes: [`INTERPRETER`] after
/// `arena_py_init`, snapshotted.
///
/// # Errors
/// [`PythonError::Interpreter`].
pub fn interpreter_snapshot(sandbox: &Sandbox) -> Result<Vec<u8>, PythonError> {
    Ok(snapshot_after(
        sandbox,
        INTERPRETER,
        &[INIT, INIT_LEAN],
        MemoryImage::Runs,
        |instance| Ok(instance.call(INIT)?),
    )?)
}

/// [`interpreter_snapshot`] without the offered modules imported beforehand
/// (`arena_py_init_lean`): the base of `arena pack`, whose module then carries only the
/// modules its script imports (each offered module it carries costs memory in the
/// module; all of them would not fit the 8 MiB cap).
///
/// # Errors
/// [`PythonError::Interpreter`].
fn lean_snapshot(sandbox: &Sandbox) -> Result<Vec<u8>, PythonError> {
    Ok(snapshot_after(
        sandbox,
        INTERPRETER,
        &[INIT, INIT_LEAN],
        MemoryImage::Runs,
        |instance| Ok(instance.call(INIT_LEAN)?),
    )?)
}

/// `module` instrumented, instantiated, driven by `run`, then snapshotted without the
/// exports in `drop`, its memory written as `image` says.
///
/// # Errors
/// [`PreinitError`]: `run`'s, or the snapshot's.
fn snapshot_after(
    sandbox: &Sandbox,
    module: &[u8],
    drop: &[&str],
    image: MemoryImage,
    run: impl FnOnce(&mut crate::runtime::PreinitInstance) -> Result<(), PreinitError>,
) -> Result<Vec<u8>, PreinitError> {
    let instrumented = snapshot::instrument(module)?;
    let globals = snapshot::defined_globals(module)?;
    let loaded = sandbox.load_trusted(NAME, &instrumented, INTERPRETER_CAP)?;
    let mut instance = loaded.preinit_instance(PREINIT_FUEL)?;
    run(&mut instance)?;
    let state = instance.state(globals)?;
    Ok(snapshot::rewrite(module, &state, drop, image)?)
}

/// The pre-initialised interpreter, compiled: built on the first call for `sandbox`,
/// then shared by every Python bot it loads.
///
/// # Errors
/// [`LoadError::Interpreter`].
pub fn interpreter(sandbox: &Sandbox) -> Result<WasmModule, LoadError> {
    sandbox
        .python_slot()
        .get_or_init(|| {
            let bytes = interpreter_snapshot(sandbox).map_err(SharedModuleError::new)?;
            sandbox
                .load_trusted(NAME, &bytes, INTERPRETER_CAP)
                .map_err(SharedModuleError::new)
        })
        .clone()
        .map_err(LoadError::Interpreter)
}

/// Loads a bot named `name` from `bytes`, the content of the file at `path` that the
/// caller read ([`crate::field::read`]): a Python bot ([`load_script_bytes`]) when `path`
/// ends in `.py`, a module ([`Sandbox::load_bytes`]) otherwise. Every bot file is compiled
/// through here ([`crate::field::compile`]).
///
/// # Errors
/// [`LoadError`] naming what is wrong.
pub fn load_bot_bytes(
    sandbox: &Sandbox,
    name: &str,
    path: &Path,
    bytes: &[u8],
) -> Result<WasmModule, LoadError> {
    if is_script(path) {
        load_script_bytes(sandbox, name, &script_name(path), bytes.to_vec())
    } else {
        sandbox.load_bytes(name, bytes)
    }
}

/// The name a script at `path` goes by in tracebacks and messages: its file name
/// (`alice.py`), `bot.py` for a path without one.
pub fn script_name(path: &Path) -> String {
    path.file_name()
        .map_or_else(|| "bot.py".to_owned(), |n| n.to_string_lossy().into_owned())
}

/// What the interpreter reads at instantiation (`arena_py_script`): the script's file
/// name, a NUL byte (which no file name holds), the script.
fn script_input(file_name: &str, script: &[u8]) -> Vec<u8> {
    let mut input = Vec::with_capacity(file_name.len() + 1 + script.len());
    input.extend_from_slice(file_name.replace('\0', "?").as_bytes());
    input.push(0);
    input.extend_from_slice(script);
    input
}

/// A Python bot named `name` playing `script`, whose file is called `file_name`
/// ([`script_name`]): the script as the input of [`interpreter`]. The bot's recorded
/// SHA-256 is the script's.
///
/// # Errors
/// [`LoadError::ScriptTooLarge`] past [`SCRIPT_CAP`], [`LoadError::Interpreter`] when the
/// interpreter cannot be prepared. A script that does not compile is found at
/// instantiation.
pub fn load_script_bytes(
    sandbox: &Sandbox,
    name: &str,
    file_name: &str,
    script: Vec<u8>,
) -> Result<WasmModule, LoadError> {
    if script.len() as u64 > SCRIPT_CAP {
        return Err(LoadError::ScriptTooLarge {
            size: human_bytes(script.len() as u64),
            cap: human_bytes(SCRIPT_CAP),
        });
    }
    let interpreter = interpreter(sandbox)?;
    let sha256 = hex::encode(Sha256::digest(&script));
    let input = ModuleInput {
        bytes: Arc::from(script_input(file_name, &script)),
        buffer: SCRIPT,
        load: LOAD,
        refusal: load_refusal,
        label: Arc::from(file_name),
    };
    Ok(interpreter.with_input(name, sha256, input))
}

/// An ordinary bot module playing `script`, whose file is called `file_name`
/// ([`script_name`]): the interpreter pre-initialised with the script loaded, so that it
/// needs no input (`arena pack`). Its `random` is seeded from each game's stream at its
/// first move (`arena_py_pack`).
///
/// # Errors
/// [`PythonError::Script`] with the reason the script did not load (in arena's words,
/// [`load_refusal`], never quoting the script), [`PythonError::Interpreter`] otherwise.
pub fn pack(sandbox: &Sandbox, file_name: &str, script: &[u8]) -> Result<Vec<u8>, PythonError> {
    let base = lean_snapshot(sandbox)?;
    let input = script_input(file_name, script);
    let len = i32::try_from(input.len())
        .map_err(|_| PythonError::Script("the script is larger than 2 GiB".to_string()))?;
    // Compressed: the interpreter's heap as runs of bytes would not fit the module cap
    // once the script imports `typing`, `dataclasses`, `enum` and `functools`.
    let packed = snapshot_after(
        sandbox,
        &base,
        &[SCRIPT, LOAD, PACK],
        MemoryImage::Compressed,
        |instance| {
            let ptr = instance.call_i32(SCRIPT, len)?;
            instance.write(ptr, &input)?;
            match instance.call_status(LOAD) {
                Ok(0) => Ok(instance.call(PACK)?),
                Ok(_) => Err(PreinitError::Refused(load_refusal(
                    file_name,
                    &instance.output(),
                ))),
                // A trap says why with the last line logged, as in a game (a `panicked at`
                // line for a request that cannot exist, `[0] * 10**9`).
                Err(fault) => Err(PreinitError::Refused(escape_message(&format!(
                    "loading the script: {}",
                    fault.explained(&instance.output())
                )))),
            }
        },
    );
    match packed {
        Ok(bytes) => Ok(bytes),
        Err(PreinitError::Refused(why)) => Err(PythonError::Script(why)),
        Err(e) => Err(PythonError::Interpreter(e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::Limits;

    #[test]
    fn an_interpreter_that_cannot_be_built_is_a_typed_error_kept_for_every_bot() {
        // Too little memory for RustPython's heap: the interpreter cannot be prepared.
        let limits = Limits {
            memory_bytes: 1 << 20,
            ..Limits::default()
        };
        let sandbox = Sandbox::new(limits).unwrap();
        let first = load_script_bytes(&sandbox, "a", "a.py", b"def choose(s): pass".to_vec());
        let Err(LoadError::Interpreter(shared)) = first else {
            panic!("the interpreter was built with 1 MiB");
        };
        assert!(
            LoadError::Interpreter(shared.clone())
                .to_string()
                .starts_with("cannot prepare the Python interpreter"),
            "{shared}"
        );
        let built = shared.inner().downcast_ref::<PythonError>();
        assert!(
            matches!(built, Some(PythonError::Interpreter(PreinitError::Load(_)))),
            "{built:?}"
        );
        let Err(LoadError::Interpreter(again)) = interpreter(&sandbox) else {
            panic!("a second bot rebuilt the interpreter");
        };
        assert_eq!(again.to_string(), shared.to_string());
    }
}
