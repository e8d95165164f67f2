//! A compiled, checked bot module, ready to be instantiated once per game.

use std::sync::Arc;

use sha2::{Digest, Sha256};
use wasmtime::{ExternType, InstancePre, Module};

use super::compile;
use super::compiler::chain;
use super::engine::Shared;
use super::host::{ARENA_MODULE, LEGAL_MOVES, WASI_MODULE};
use super::load_error::LoadError;
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
    pub(crate) pre: InstancePre<BotState>,
    pub(crate) has_initialize: bool,
    /// Whether it imports `arena.legal_moves` (and so is handed each position's moves).
    pub(crate) wants_legal_moves: bool,
    pub(crate) shared: Arc<Shared>,
}

impl WasmModule {
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
    let binary = precheck::to_binary(file, &shared.limits)?;
    precheck::check_shape(&binary, &shared.limits)?;
    let module = compile::compile(shared, &binary)?;
    let imports = check_imports(shared, &module)?;
    let exports = check_exports(&module)?;
    let pre = shared
        .linker
        .instantiate_pre(&module)
        .map_err(|e| LoadError::Invalid(chain(&e)))?;
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
            pre,
            has_initialize,
            wants_legal_moves,
            shared: Arc::clone(shared),
        }),
    })
}

/// Checks the three exports the ABI requires and lists them all.
fn check_exports(module: &Module) -> Result<Vec<ExportInfo>, LoadError> {
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
    Ok(module
        .exports()
        .map(|e| ExportInfo {
            name: e.name().to_string(),
            ty: describe(&e.ty()),
        })
        .collect())
}

/// Checks that every import is a host function with the host's type, and lists them.
fn check_imports(shared: &Shared, module: &Module) -> Result<Vec<ImportInfo>, LoadError> {
    let mut out = Vec::new();
    for import in module.imports() {
        let (m, n, ty) = (import.module(), import.name(), import.ty());
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
