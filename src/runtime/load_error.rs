//! Why a module cannot be loaded: each message names the problem in a student's words.

use std::path::PathBuf;
use std::sync::Arc;

use thiserror::Error;

/// A module the sandbox refuses. A bot whose module fails to load is disqualified with
/// this message.
#[derive(Debug, Error)]
pub enum LoadError {
    /// The file does not exist.
    #[error("file not found: {}", path.display())]
    NotFound {
        /// The path given.
        path: PathBuf,
    },
    /// The file exists but could not be read.
    #[error("cannot read {}: {source}", path.display())]
    Io {
        /// The path given.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// A symbolic link, a folder, a FIFO, a device or a socket: never read.
    #[error("{}: {reason}", crate::bot_name::escape_path(path))]
    NotAFile {
        /// The path given.
        path: PathBuf,
        /// What it is.
        reason: crate::module_file::ReadError,
    },
    /// The file is larger than the module cap.
    #[error("file is {size}, more than the {cap} module cap")]
    TooLarge {
        /// The file's size, for people.
        size: String,
        /// The cap, for people.
        cap: String,
    },
    /// Neither the binary nor the text format, or a WebAssembly component.
    #[error("not a WebAssembly module: {0}")]
    NotWasm(String),
    /// The module has more functions (or imports) than a bot may have.
    #[error("the module has {count} {what}, more than the cap of {cap}")]
    TooMany {
        /// What there are too many of: `functions`, `imports`, `tables`, `memories`.
        what: &'static str,
        /// How many the module has.
        count: u64,
        /// The cap.
        cap: u64,
    },
    /// A memory or table that starts larger than its cap.
    #[error("{what} starts at {size}, more than the {cap} cap")]
    TooBigInitially {
        /// `memory` or `table`.
        what: &'static str,
        /// Its initial size, for people.
        size: String,
        /// The cap, for people.
        cap: String,
    },
    /// A function or constant expression past a limit checked before compiling (the
    /// shapes that would make compiling slower than linear).
    #[error("{what} {found} exceeds the limit of {limit} ({place})")]
    CodeLimit {
        /// What is counted, e.g. `block nesting depth`.
        what: &'static str,
        /// The module's count.
        found: u64,
        /// The limit.
        limit: u64,
        /// Where, e.g. `function body 3 of the code section`.
        place: String,
    },
    /// Compiling the module was stopped at its time or memory bound, or crashed the
    /// compiler process.
    #[error("compilation {0}")]
    CompileLimit(String),
    /// The compiler process could not be run or answered nonsense: a problem of the
    /// harness's installation, not of the module.
    #[error("cannot compile (a problem of the harness, not of the module): {0}")]
    Compiler(String),
    /// The compiler process could not even be started (no file descriptor or process
    /// left, the executable gone): the machine's problem, whatever the module.
    #[error("cannot start the compiler (a problem of the machine, not of the module): {0}")]
    CompilerUnavailable(String),
    /// The compiler process was still running at its wall-clock bound, before its CPU
    /// bound could stop it: it waited for a machine too busy to run it, whatever the
    /// module.
    #[error(
        "the compiler had less than {cpu_secs} s of CPU time in {wall_secs} s (a problem of \
         the machine's load, not of the module)"
    )]
    CompilerStarved {
        /// The wall-clock bound, in seconds.
        wall_secs: u64,
        /// The CPU-time bound, in seconds.
        cpu_secs: u64,
    },
    /// arena's own Python interpreter could not be prepared: a problem of the harness's
    /// build, not of the bot.
    #[error(
        "cannot prepare the Python interpreter (a problem of the harness, not of the bot): {0}"
    )]
    Interpreter(SharedModuleError),
    /// A Python bot's script is larger than the script cap.
    #[error("the script is {size}, more than the {cap} cap of a Python bot")]
    ScriptTooLarge {
        /// The script's size, for people.
        size: String,
        /// The cap, for people.
        cap: String,
    },
    /// wasmtime found the module invalid or could not compile it: its message in words
    /// that quote nothing of the module (the names it quotes are left out, the rest
    /// escaped and cut short).
    #[error("invalid WebAssembly module: {0}")]
    Invalid(String),
    /// A program with a `main` (it exports `_start`, a WASI command) and no
    /// `choose_move`: built as an executable, not as a bot.
    #[error(
        "this is a WASI program (it exports `_start`: it was built with a `main`), not a bot: \
         a bot has no `main` and exports `choose_move`, `arena_alloc` and `memory`; build it \
         as a library (Rust: `crate-type = [\"cdylib\"]` under `[lib]` and \
         `--target wasm32-unknown-unknown`; C/C++: `-nostdlib -Wl,--no-entry` and \
         `ARENA_EXPORT`; bots/README.md, or `arena new-bot`)"
    )]
    Program,
    /// A required export is absent.
    #[error(
        "missing export `{name}`: a bot must export `memory`, `arena_alloc` and `choose_move`"
    )]
    MissingExport {
        /// The export's name.
        name: &'static str,
    },
    /// A required export is of another kind (a global named `choose_move`, ...).
    #[error("export `{name}` is a {found}, expected a {expected}")]
    ExportKind {
        /// The export's name.
        name: &'static str,
        /// What the module exports under that name.
        found: String,
        /// What the ABI requires.
        expected: &'static str,
    },
    /// A required export has the wrong type.
    #[error("export `{name}` has type {found}, expected {expected}")]
    ExportType {
        /// The export's name.
        name: &'static str,
        /// Its type in the module.
        found: String,
        /// The type the ABI requires.
        expected: String,
    },
    /// An import from a module other than `arena` and `wasi_snapshot_preview1`, or not a
    /// function. The module's names are shown escaped and cut short (as every import
    /// variant shows them).
    #[error(
        "import `{}.{}` is not allowed: a bot may import only `arena.*` and \
         `wasi_snapshot_preview1.*` functions{detail}",
        shown(module),
        shown(name)
    )]
    ForbiddenImport {
        /// The import's module.
        module: String,
        /// The import's name.
        name: String,
        /// More detail (for example ` (it is a memory)`), or empty.
        detail: String,
    },
    /// An import from an allowed module that the host does not provide.
    #[error(
        "import `{}.{}` does not exist: {} provides {known}",
        shown(module),
        shown(name),
        shown(module)
    )]
    UnknownImport {
        /// The import's module.
        module: String,
        /// The import's name.
        name: String,
        /// The names that module provides.
        known: String,
    },
    /// An allowed import with the wrong type.
    #[error(
        "import `{}.{}` has type {found}, expected {expected}",
        shown(module),
        shown(name)
    )]
    ImportType {
        /// The import's module.
        module: String,
        /// The import's name.
        name: String,
        /// Its type in the module.
        found: String,
        /// The type the host provides.
        expected: String,
    },
}

/// A name the module declares, as a message shows it: escaped, at most
/// [`super::module_text::MAX_NAME_CHARS`] characters.
fn shown(name: &str) -> String {
    super::module_text::name(name)
}

impl LoadError {
    /// [`LoadError::Invalid`] for wasmtime's or wasmparser's message `raw` about the
    /// module, which may quote it (``duplicate export name `NAME` ``): what it quotes
    /// between backticks is replaced by its size, the rest escaped and cut at
    /// [`super::module_text::MAX_MESSAGE_CHARS`] characters
    /// ([`super::module_text::compiler_message`]).
    pub(crate) fn invalid(raw: &str) -> LoadError {
        LoadError::Invalid(super::module_text::compiler_message(raw))
    }

    /// Whether this is the machine's problem rather than the module's: a compiler that
    /// cannot be started, was starved of CPU time or failed by itself, or arena's Python
    /// interpreter unprepared. Such an error never disqualifies a bot nor costs it a
    /// game: the run stops instead (exit 2).
    pub fn is_machine_problem(&self) -> bool {
        matches!(
            self,
            LoadError::CompilerUnavailable(_)
                | LoadError::CompilerStarved { .. }
                | LoadError::Compiler(_)
                | LoadError::Interpreter(_)
        )
    }
}

/// Why the sandbox's shared trusted module (arena's pre-initialised Python interpreter)
/// could not be built. The sandbox keeps it and hands a copy to every later caller, so
/// the error it wraps (the builder's own type) is shared rather than cloned.
#[derive(Clone, Debug, Error)]
#[error("{0}")]
pub struct SharedModuleError(#[source] Arc<dyn std::error::Error + Send + Sync>);

impl SharedModuleError {
    /// Wraps the builder's error.
    pub fn new(error: impl std::error::Error + Send + Sync + 'static) -> SharedModuleError {
        SharedModuleError(Arc::new(error))
    }

    /// The builder's error, to be told apart by its type.
    pub fn inner(&self) -> &(dyn std::error::Error + Send + Sync + 'static) {
        &*self.0
    }
}

impl LoadError {
    /// The load error for a module file that [`crate::module_file::read`] refused.
    pub fn from_read(path: &std::path::Path, err: crate::module_file::ReadError) -> LoadError {
        use crate::module_file::ReadError;
        let path = path.to_path_buf();
        match err {
            ReadError::NotFound => LoadError::NotFound { path },
            ReadError::Io(source) => LoadError::Io { path, source },
            ReadError::TooLarge { size, cap } => LoadError::TooLarge {
                size: super::human_bytes(size),
                cap: super::human_bytes(cap),
            },
            reason @ (ReadError::Symlink | ReadError::NotRegular(_)) => {
                LoadError::NotAFile { path, reason }
            }
        }
    }
}
