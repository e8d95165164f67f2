//! A compiled, checked bot module, ready to be instantiated once per game.

use std::sync::{Arc, OnceLock};

use sha2::{Digest, Sha256};
use thread_local::ThreadLocal;
use wasmtime::error::Context as _;
use wasmtime::{
    AsContextMut, Extern, ExternType, Global, Instance, InstancePre, Memory, Module, ModuleExport,
    TypedFunc, WasmParams, WasmResults,
};

use crate::bot::Fault;

use super::compile;
use super::compiler::chain;
use super::engine::{Local, Shared};
use super::host::{ARENA_MODULE, LEGAL_MOVES, WASI_MODULE};
use super::load_error::LoadError;
use super::metering::{FUEL_EXPORT, METERING_MODULE, REFUEL_IMPORT, START_EXPORT};
use super::module_text::compiler_message;
use super::precheck;
use super::state::BotState;
use super::types::{describe, func_signature, kind};

/// One export of a module, for `arena check`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportInfo {
    /// The export's name.
    pub name: String,
    /// Its kind and type, e.g. `function (i32, i32) -> i32`.
    pub ty: String,
}

/// One import of a module (or one function the host offers), for `arena check`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportInfo {
    /// The module it is imported from.
    pub module: String,
    /// The name within that module.
    pub name: String,
    /// Its kind and type, e.g. `function (i32, i32) -> ()`.
    pub ty: String,
}

/// The exports the ABI requires: name, and the function type (`None` for the memory).
const REQUIRED_EXPORTS: [(&str, Option<&str>); 3] = [
    ("memory", None),
    ("arena_alloc", Some("(i32) -> i32")),
    ("choose_move", Some("(i32, i32) -> i32")),
];

/// The optional export declaring the games of one to four seats a module plays
/// (`docs/ABI.md`, "Games for one to four seats"), with its type.
pub const PLAYS_EXPORT: (&str, &str) = ("arena_plays", "(i32, i32) -> i32");

/// The optional WASI reactor initialiser, called once per instance when exported.
pub(crate) const INITIALIZE: &str = "_initialize";

/// A loaded bot: compiled once, checked against the ABI, linked with the host functions.
///
/// `Send + Sync` and cheap to clone (an `Arc` inside): share it across threads and call
/// [`WasmModule::instantiate`] for every game.
#[derive(Clone)]
pub struct WasmModule {
    pub(crate) inner: Arc<ModuleInner>,
}

/// What a [`WasmModule`] holds.
pub(crate) struct ModuleInner {
    pub(crate) name: String,
    pub(crate) sha256: String,
    pub(crate) exports: Vec<ExportInfo>,
    pub(crate) imports: Vec<ImportInfo>,
    /// The compiled module, as each thread's engine holds it.
    pub(crate) local: Arc<LocalForms>,
    pub(crate) has_initialize: bool,
    /// Whether it imports `arena.legal_moves` (and so is handed each position's moves).
    pub(crate) wants_legal_moves: bool,
    pub(crate) shared: Arc<Shared>,
    /// The input written into every instance after instantiation, if any.
    pub(crate) input: Option<ModuleInput>,
    /// Under arena's metering: the module as handed in, compiled for the engine of
    /// record when a call first needs it (see [`ExactForm`]).
    pub(crate) exact: Option<Arc<ExactForm>>,
}

/// A module's compiled artefact, loaded by the engine of each thread that plays it (see
/// [`super::engine::Local`]): on the thread's first instance of it, then kept for the
/// sandbox's life. Loading is a copy of the code, not a compile (about 2 ms for an
/// example bot).
pub(crate) struct LocalForms {
    /// The serialized artefact the sandbox's own engine loaded (`compile.rs`).
    artefact: Vec<u8>,
    /// The instantiable module, per thread.
    pres: ThreadLocal<Instantiable>,
}

impl LocalForms {
    /// The forms of `artefact` (none loaded yet).
    fn new(artefact: Vec<u8>) -> LocalForms {
        LocalForms {
            artefact,
            pres: ThreadLocal::new(),
        }
    }

    /// The instantiable module for `local`, the calling thread's engine.
    ///
    /// # Errors
    /// Why the thread's engine refused the artefact (the next call tries again).
    pub(crate) fn pre(&self, local: &Local) -> Result<&Instantiable, String> {
        self.pres.get_or_try(|| {
            retried(LOAD_ATTEMPTS, || {
                let module = compile::deserialize(&local.engine, &self.artefact)
                    .map_err(|e| e.to_string())?;
                // The image of its memory (a memfd) is made now, not at the first game: a
                // harness problem here (no descriptor left) shows before any game is
                // played.
                module
                    .initialize_copy_on_write_image()
                    .map_err(|e| compiler_message(&chain(&e)))?;
                local
                    .linker
                    .instantiate_pre(&module)
                    .map(Instantiable::new)
                    .map_err(|e| compiler_message(&chain(&e)))
            })
        })
    }
}

/// How many times a thread tries to load a module before giving up. Sealing the memory
/// image's memfd can fail for a moment with `EBUSY` while the kernel still holds its
/// freshly written pages (seen once on this project's 2-core CI machine under full
/// load: a harness problem that must not cost a bot its games), so a failed load is
/// tried again after 1, 2, 4 and 8 ms.
const LOAD_ATTEMPTS: u32 = 5;

/// `attempt` until it succeeds, at most `attempts` times, waiting 1 ms, then twice as
/// long each time, between them; the last error if none succeeds.
fn retried<T>(attempts: u32, mut attempt: impl FnMut() -> Result<T, String>) -> Result<T, String> {
    let mut wait = std::time::Duration::from_millis(1);
    let mut tries = 1;
    loop {
        match attempt() {
            Ok(value) => return Ok(value),
            Err(e) if tries >= attempts => return Err(e),
            Err(_) => {
                std::thread::sleep(wait);
                wait *= 2;
                tries += 1;
            }
        }
    }
}

/// A module's form for the engine of record (wasmtime's fuel), under arena's metering:
/// the checked binary, compiled the first time one of its calls runs past what the
/// rewrite's counter can pay (`wasm_bot.rs`), then kept for every later such call. A
/// compile that fails is not kept: the next call that needs the form tries again.
pub(crate) struct ExactForm {
    /// The checked binary (as handed in, in binary form).
    binary: Vec<u8>,
    /// The instantiable module, once compiled.
    pre: OnceLock<Instantiable>,
}

impl ExactForm {
    /// The instantiable module for the engine of record, compiled on the first call.
    ///
    /// # Errors
    /// [`Fault::Instantiation`] when the module cannot be compiled for it (a compile
    /// limit); [`Fault::Harness`] when the machine cannot
    /// ([`LoadError::is_machine_problem`], or the sandbox has no such engine).
    pub(crate) fn pre(&self, shared: &Shared) -> Result<&Instantiable, Fault> {
        if let Some(pre) = self.pre.get() {
            return Ok(pre);
        }
        let exact = shared
            .exact
            .as_ref()
            .ok_or_else(|| Fault::Harness("the sandbox has no engine of record".to_string()))?;
        let module = compile::compile_exact(shared, exact, &self.binary).map_err(|e| {
            if e.is_machine_problem() {
                Fault::Harness(format!(
                    "arena cannot compile the module for wasmtime's fuel: {e}"
                ))
            } else {
                Fault::Instantiation(format!(
                    "arena cannot compile the module for wasmtime's fuel: {e}"
                ))
            }
        })?;
        let pre = exact.linker.instantiate_pre(&module).map_err(|e| {
            Fault::Instantiation(format!(
                "arena cannot compile the module for wasmtime's fuel: {}",
                compiler_message(&chain(&e))
            ))
        })?;
        // Two threads may have compiled it at once: either result is the same module.
        Ok(self.pre.get_or_init(|| Instantiable::new(pre)))
    }
}

/// One compiled form of a module, ready to instantiate, with the exports the runtime
/// looks up in each of its instances found once, by name, in that same module (a
/// [`ModuleExport`] finds nothing in an instance of another): an instance's lookups then
/// cost no hashing of names.
pub(crate) struct Instantiable {
    /// The module, linked with the host functions.
    pre: InstancePre<BotState>,
    /// Its exports, found in `pre`'s module.
    exports: Exports,
}

impl Instantiable {
    /// `pre`, with its module's exports found.
    fn new(pre: InstancePre<BotState>) -> Instantiable {
        let exports = Exports::of(pre.module());
        Instantiable { pre, exports }
    }

    /// A new instance in `store`, and the exports to look up in it.
    ///
    /// # Errors
    /// What wasmtime reports ([`InstancePre::instantiate`]).
    pub(crate) fn instantiate(
        &self,
        store: impl AsContextMut<Data = BotState>,
    ) -> wasmtime::Result<(Instance, &Exports)> {
        Ok((self.pre.instantiate(store)?, &self.exports))
    }
}

/// The exports the runtime looks up in every instance of one module (see
/// [`Instantiable`]): only valid with that module's instances.
pub(crate) struct Exports {
    /// The start function arena's metering moved out of the `start` section.
    pub(crate) start: Export,
    /// The WASI reactor initialiser.
    pub(crate) initialize: Export,
    /// The bot's memory.
    pub(crate) memory: Export,
    /// `arena_alloc`.
    pub(crate) alloc: Export,
    /// `choose_move`.
    pub(crate) choose: Export,
    /// The fuel counter of arena's metering.
    pub(crate) fuel: Export,
}

impl Exports {
    /// The exports of `module`.
    fn of(module: &Module) -> Exports {
        let export = |name| Export {
            name,
            index: module.get_export_index(name),
        };
        Exports {
            start: export(START_EXPORT),
            initialize: export(INITIALIZE),
            memory: export("memory"),
            alloc: export("arena_alloc"),
            choose: export("choose_move"),
            fuel: export(FUEL_EXPORT),
        }
    }
}

/// One export, by name, as found in a module (`None` if the module has none of that
/// name). Each lookup in an instance gives what wasmtime's lookup by name gives.
pub(crate) struct Export {
    /// Its name.
    name: &'static str,
    /// Where the module has it.
    index: Option<ModuleExport>,
}

impl Export {
    /// The export in `instance`, as [`Instance::get_export`] gives it.
    fn get(&self, store: impl AsContextMut, instance: &Instance) -> Option<Extern> {
        instance.get_module_export(store, self.index.as_ref()?)
    }

    /// The function, as [`Instance::get_func`] gives it.
    pub(crate) fn func(
        &self,
        store: impl AsContextMut,
        instance: &Instance,
    ) -> Option<wasmtime::Func> {
        self.get(store, instance)?.into_func()
    }

    /// The memory, as [`Instance::get_memory`] gives it.
    pub(crate) fn memory(&self, store: impl AsContextMut, instance: &Instance) -> Option<Memory> {
        self.get(store, instance)?.into_memory()
    }

    /// The global, as [`Instance::get_global`] gives it.
    pub(crate) fn global(&self, store: impl AsContextMut, instance: &Instance) -> Option<Global> {
        self.get(store, instance)?.into_global()
    }

    /// The function with its type, as [`Instance::get_typed_func`] gives it.
    ///
    /// # Errors
    /// wasmtime's own, word for word: no such function, or another type.
    pub(crate) fn typed<Params: WasmParams, Results: WasmResults>(
        &self,
        mut store: impl AsContextMut,
        instance: &Instance,
    ) -> wasmtime::Result<TypedFunc<Params, Results>> {
        let name = self.name;
        let f = self
            .func(store.as_context_mut(), instance)
            .ok_or_else(|| wasmtime::format_err!("failed to find function export `{name}`"))?;
        f.typed::<Params, Results>(store)
            .with_context(|| format!("failed to convert function `{name}` to given type"))
    }
}

/// The input of a module that reads one at instantiation (arena's Python interpreter
/// reads the bot's script): after `_initialize`, the runtime calls `buffer(len)`, writes
/// the bytes at the pointer it returns, then calls `load()`, which returns 0 when the
/// module is ready. All of it is instantiation, under its fuel budget.
#[derive(Clone)]
pub(crate) struct ModuleInput {
    /// The bytes.
    pub(crate) bytes: Arc<[u8]>,
    /// The export `(len: i32) -> i32` giving where to write them.
    pub(crate) buffer: &'static str,
    /// The export `() -> i32` that reads them: 0 ready, anything else a failure whose
    /// reason the module logged.
    pub(crate) load: &'static str,
    /// The reason of a failed `load`, from [`ModuleInput::label`] and what the instance
    /// logged: the module's owner words it (the input may be anything, and a log may
    /// quote it).
    pub(crate) refusal: fn(&str, &str) -> String,
    /// What the input is called in the refusal (a Python script's file name).
    pub(crate) label: Arc<str>,
}

impl WasmModule {
    /// Loads the module into the calling thread's engine (made first if the thread has
    /// none), as its first instance on this thread would: a tournament does it on every
    /// worker before the first game, so that a harness problem stops the run instead of
    /// costing a bot a game.
    ///
    /// # Errors
    /// What the harness could not do (the thread's engine refused by the system, the
    /// compiled code refused, no file descriptor left for the memory image).
    pub fn load_on_this_thread(&self) -> Result<(), String> {
        self.thread_form().map(|_| ())
    }

    /// The calling thread's engine and this module's instantiable form for it.
    ///
    /// # Errors
    /// As for [`WasmModule::load_on_this_thread`].
    pub(crate) fn thread_form(&self) -> Result<(&Local, &Instantiable), String> {
        let shared = &self.inner.shared;
        let local = shared.local()?;
        let pre = self.inner.local.pre(local)?;
        Ok((local, pre))
    }

    /// The name it was loaded under (the path, for files).
    pub fn name(&self) -> &str {
        &self.inner.name
    }

    /// The SHA-256 of the file's bytes, in lowercase hex: what replays record.
    pub fn sha256(&self) -> &str {
        &self.inner.sha256
    }

    /// Every export, in the module's order.
    pub fn exports(&self) -> &[ExportInfo] {
        &self.inner.exports
    }

    /// The same compiled module reading `input` at every instantiation (see
    /// [`ModuleInput`]), loaded under `name` and recorded with the SHA-256 `sha256` (of
    /// the file the input came from). Nothing is compiled again.
    pub(crate) fn with_input(&self, name: &str, sha256: String, input: ModuleInput) -> WasmModule {
        self.sibling(name, sha256, Some(input))
    }

    /// The same module under another name: what a second file with the same bytes
    /// loads as. Nothing is compiled or loaded again; every thread's instantiable form,
    /// and any input, is shared, and each game still gets a fresh instance.
    pub fn renamed(&self, name: &str) -> WasmModule {
        let inner = &self.inner;
        self.sibling(name, inner.sha256.clone(), inner.input.clone())
    }

    /// Whether `other` runs this module's compiled code (one of them [`renamed`] from
    /// the other, or both from one load; any two Python bots run the one interpreter's).
    ///
    /// [`renamed`]: WasmModule::renamed
    #[cfg(test)]
    pub(crate) fn shares_code_with(&self, other: &WasmModule) -> bool {
        Arc::ptr_eq(&self.inner.local, &other.inner.local)
    }

    /// This module's compiled forms under `name`, `sha256` and `input`.
    fn sibling(&self, name: &str, sha256: String, input: Option<ModuleInput>) -> WasmModule {
        let inner = &self.inner;
        WasmModule {
            inner: Arc::new(ModuleInner {
                name: name.to_string(),
                sha256,
                exports: inner.exports.clone(),
                imports: inner.imports.clone(),
                local: Arc::clone(&inner.local),
                has_initialize: inner.has_initialize,
                wants_legal_moves: inner.wants_legal_moves,
                shared: Arc::clone(&inner.shared),
                input,
                exact: inner.exact.clone(),
            }),
        }
    }

    /// Every import, in the module's order (all of them allowed, or it would not load).
    pub fn imports(&self) -> &[ImportInfo] {
        &self.inner.imports
    }
}

impl std::fmt::Debug for WasmModule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WasmModule")
            .field("name", &self.inner.name)
            .field("sha256", &self.inner.sha256)
            .finish_non_exhaustive()
    }
}

/// Loads `file` (binary or text) under `name`: see [`super::Sandbox::load_bytes`].
pub(crate) fn load(shared: &Arc<Shared>, name: &str, file: &[u8]) -> Result<WasmModule, LoadError> {
    load_capped(shared, name, file, shared.limits.module_bytes)
}

/// [`load`] with a module size cap of `module_bytes` instead of the sandbox's (only
/// for arena's own, trusted modules: see [`super::Sandbox::load_trusted`]).
pub(crate) fn load_capped(
    shared: &Arc<Shared>,
    name: &str,
    file: &[u8],
    module_bytes: u64,
) -> Result<WasmModule, LoadError> {
    let limits = super::Limits {
        module_bytes,
        ..shared.limits.clone()
    };
    let binary = precheck::to_binary(file, &limits)?;
    precheck::check_shape(&binary, &limits)?;
    let compile::Compiled { module, artefact } = compile::compile(shared, &binary)?;
    let imports = check_imports(shared, &module, shared.metering.rewrites())?;
    let exports = check_exports(&module, shared.metering.rewrites())?;
    // Every thread links the module the same way: the first check is here, at load.
    shared
        .linker
        .instantiate_pre(&module)
        .map_err(|e| LoadError::invalid(&chain(&e)))?;
    let has_initialize = matches!(
        module.get_export(INITIALIZE),
        Some(ExternType::Func(f)) if func_signature(&f) == "() -> ()"
    );
    let wants_legal_moves = imports
        .iter()
        .any(|i| i.module == ARENA_MODULE && i.name == LEGAL_MOVES);
    Ok(WasmModule {
        inner: Arc::new(ModuleInner {
            name: name.to_string(),
            sha256: hex::encode(Sha256::digest(file)),
            exports,
            imports,
            local: Arc::new(LocalForms::new(artefact)),
            has_initialize,
            wants_legal_moves,
            shared: Arc::clone(shared),
            input: None,
            exact: shared.exact.is_some().then(|| {
                Arc::new(ExactForm {
                    binary,
                    pre: OnceLock::new(),
                })
            }),
        }),
    })
}

/// The entry point of a WASI command (a program with a `main`).
pub(crate) const WASI_START: &str = "_start";

/// Checks the three exports the ABI requires and lists them all (but those arena's
/// metering added, when `rewritten`).
fn check_exports(module: &Module, rewritten: bool) -> Result<Vec<ExportInfo>, LoadError> {
    if module.get_export(WASI_START).is_some() && module.get_export("choose_move").is_none() {
        return Err(LoadError::Program);
    }
    for (name, want) in REQUIRED_EXPORTS {
        let ty = module
            .get_export(name)
            .ok_or(LoadError::MissingExport { name })?;
        match (&ty, want) {
            (ExternType::Memory(_), None) => {}
            (ExternType::Func(f), Some(want)) => {
                let found = func_signature(f);
                if found != want {
                    return Err(LoadError::ExportType {
                        name,
                        found,
                        expected: want.to_string(),
                    });
                }
            }
            (other, want) => {
                return Err(LoadError::ExportKind {
                    name,
                    found: kind(other).to_string(),
                    expected: if want.is_some() { "function" } else { "memory" },
                })
            }
        }
    }
    if let Some(ty) = module.get_export(PLAYS_EXPORT.0) {
        let (name, want) = PLAYS_EXPORT;
        match &ty {
            ExternType::Func(f) if func_signature(f) == want => {}
            ExternType::Func(f) => {
                return Err(LoadError::ExportType {
                    name,
                    found: func_signature(f),
                    expected: want.to_string(),
                })
            }
            other => {
                return Err(LoadError::ExportKind {
                    name,
                    found: kind(other).to_string(),
                    expected: "function",
                })
            }
        }
    }
    Ok(module
        .exports()
        .filter(|e| !rewritten || (e.name() != FUEL_EXPORT && e.name() != START_EXPORT))
        .map(|e| ExportInfo {
            name: e.name().to_string(),
            ty: describe(&e.ty()),
        })
        .collect())
}

/// Checks that every import is a host function with the host's type, and lists them (but
/// the one arena's metering adds to a `rewritten` module).
fn check_imports(
    shared: &Shared,
    module: &Module,
    rewritten: bool,
) -> Result<Vec<ImportInfo>, LoadError> {
    let mut out = Vec::new();
    for import in module.imports() {
        let (m, n, ty) = (import.module(), import.name(), import.ty());
        if rewritten && m == METERING_MODULE && n == REFUEL_IMPORT {
            continue;
        }
        let forbidden = |detail: String| LoadError::ForbiddenImport {
            module: m.to_string(),
            name: n.to_string(),
            detail,
        };
        if m != ARENA_MODULE && m != WASI_MODULE {
            return Err(forbidden(String::new()));
        }
        let ExternType::Func(found) = &ty else {
            return Err(forbidden(format!(" (it is a {})", kind(&ty))));
        };
        let Some(expected) = shared.host_funcs.get(&(m.to_string(), n.to_string())) else {
            let known: Vec<&str> = shared
                .host_funcs
                .keys()
                .filter(|(module, _)| module == m)
                .map(|(_, name)| name.as_str())
                .collect();
            return Err(LoadError::UnknownImport {
                module: m.to_string(),
                name: n.to_string(),
                known: known.join(", "),
            });
        };
        let (found, expected) = (func_signature(found), func_signature(expected));
        if found != expected {
            return Err(LoadError::ImportType {
                module: m.to_string(),
                name: n.to_string(),
                found,
                expected,
            });
        }
        out.push(ImportInfo {
            module: m.to_string(),
            name: n.to_string(),
            ty: describe(&ty),
        });
    }
    Ok(out)
}

#[cfg(test)]
mod retry_tests {
    use super::retried;

    #[test]
    fn a_load_is_tried_again_until_it_succeeds_or_the_attempts_run_out() {
        let mut calls = 0;
        let out = retried(5, || {
            calls += 1;
            if calls < 3 {
                Err(format!("busy {calls}"))
            } else {
                Ok(calls)
            }
        });
        assert_eq!((out, calls), (Ok(3), 3));
        let mut calls = 0;
        let out: Result<(), String> = retried(5, || {
            calls += 1;
            Err(format!("busy {calls}"))
        });
        assert_eq!((out, calls), (Err("busy 5".to_string()), 5));
    }
}

#[cfg(test)]
mod export_tests {
    use wasmtime::{Engine, Linker, Store};

    use super::{chain, Export, Instantiable};
    use crate::runtime::metering::Metering;
    use crate::runtime::state::BotState;
    use crate::runtime::Limits;

    /// An instance of `wat` and its module's [`Instantiable`].
    fn instance(engine: &Engine, wat: &str) -> (Store<BotState>, wasmtime::Instance, Instantiable) {
        let module = wasmtime::Module::new(engine, wat).unwrap();
        let pre = Linker::new(engine).instantiate_pre(&module).unwrap();
        let form = Instantiable::new(pre);
        let mut store = Store::new(
            engine,
            BotState::new(&Limits::default(), 0, Metering::Arena),
        );
        let (instance, _) = form.instantiate(&mut store).unwrap();
        (store, instance, form)
    }

    #[test]
    fn an_export_found_once_gives_what_a_lookup_by_name_gives() {
        let engine = Engine::default();
        let (mut store, instance, form) = instance(
            &engine,
            r#"(module
                (memory (export "memory") 1)
                (global (export "arena.fuel") (mut i64) (i64.const 7))
                (func (export "arena_alloc") (param i32) (result i32) (local.get 0))
                (func (export "choose_move") (param i32) (result i32) (local.get 0))
                (func (export "_initialize")))"#,
        );
        let e = &form.exports;
        let typed = |export: &Export, store: &mut Store<BotState>| {
            let ours = export.typed::<(i32, i32), i32>(&mut *store, &instance);
            let theirs = instance.get_typed_func::<(i32, i32), i32>(&mut *store, export.name);
            (
                ours.map(|_| ()).map_err(|e| chain(&e)),
                theirs.map(|_| ()).map_err(|e| chain(&e)),
            )
        };
        // Missing, a function of another type, not a function: wasmtime's own errors.
        for export in [&e.start, &e.choose, &e.memory, &e.fuel] {
            let (ours, theirs) = typed(export, &mut store);
            assert!(ours.is_err(), "{}", export.name);
            assert_eq!(ours, theirs, "{}", export.name);
        }
        assert!(e.alloc.typed::<i32, i32>(&mut store, &instance).is_ok());
        assert!(e.initialize.typed::<(), ()>(&mut store, &instance).is_ok());
        assert!(e.start.func(&mut store, &instance).is_none());
        assert!(e.fuel.func(&mut store, &instance).is_none(), "a global");
        assert!(
            e.alloc.memory(&mut store, &instance).is_none(),
            "a function"
        );
        let memory = e.memory.memory(&mut store, &instance).unwrap();
        assert_eq!(memory.data_size(&store), 65536);
        let fuel = e.fuel.global(&mut store, &instance).unwrap();
        assert_eq!(fuel.get(&mut store).i64(), Some(7));
    }

    #[test]
    fn an_export_finds_nothing_in_another_module_s_instance() {
        let engine = Engine::default();
        let wat = r#"(module (memory (export "memory") 1))"#;
        let (_, _, form) = instance(&engine, wat);
        let (mut store, other, _) = instance(&engine, wat);
        assert!(form.exports.memory.memory(&mut store, &other).is_none());
    }
}
