//! The WebAssembly sandbox: loads students' bots and runs them under hard, deterministic
//! limits. It knows nothing of tournaments or of any particular game.
//!
//! - [`Sandbox`] owns one wasmtime configuration (fuel, CPU-time safety net, pooling
//!   allocator, canonical NaNs, only the proposals a bot needs), the engine modules are
//!   compiled for, an engine and pool per thread that plays (`engine.rs` `Local`), and
//!   the host functions;
//! - [`Sandbox::load`] / [`Sandbox::load_many`] check and compile a module once, giving
//!   a [`WasmModule`] (or a [`LoadError`] naming the problem); a [`Compiler`] bounds the
//!   compile in time and memory, a [`ModuleCache`] keeps compiled modules on disk;
//! - [`WasmModule::instantiate`] makes a [`WasmBot`] for one game: a fresh store and
//!   instance, an [`crate::bot::Bot`] whose every failure is a [`crate::bot::Fault`].
//!
//! The contract with students' modules is `docs/ABI.md`; every limit is in [`Limits`].

#![deny(missing_docs)]

mod asked;
mod cache;
mod cache_trim;
mod code_limits;
mod compile;
mod compiler;
mod config;
mod engine;
mod fault;
mod fuel;
mod guard;
mod host;
mod limits;
mod load_error;
pub mod metering;
mod module;
mod module_text;
mod output;
mod plays;
mod precheck;
mod preinit;
mod sandbox;
pub mod snapshot;
mod state;
mod stop;
mod ticker;
mod types;
mod wasm_bot;

pub use crate::units::human_bytes;
pub use cache::{CacheError, CacheStats, ModuleCache, UnusableDir};
pub use cache_trim::{
    cache_max_bytes_from_env, CacheLimitError, CACHE_MAX_ENV, DEFAULT_CACHE_MAX_BYTES,
};
pub use compiler::{serve_compile, Compiler, ServeCompileError, COMPILE_SUBCOMMAND};
pub use engine::SandboxError;
pub use host::{ARENA_MODULE, HOST_BYTE_FUEL, HOST_CALL_FUEL, LEGAL_MOVES, WASI_MODULE};
pub use limits::{Limits, LimitsError};
pub use load_error::{LoadError, SharedModuleError};
pub(crate) use module::ModuleInput;
pub use module::{ExportInfo, ImportInfo, WasmModule, PLAYS_EXPORT};
pub use output::TRUNCATED_MARKER;
pub use plays::{check_plays, Declared, PlaysRefusal};
pub(crate) use precheck::{check_header, malformed, to_binary};
pub use preinit::PreinitInstance;
pub use sandbox::Sandbox;
pub use types::func_signature;
pub use wasm_bot::WasmBot;

#[cfg(test)]
mod tests {
    use super::*;

    fn assert_send_sync<T: Send + Sync>() {}
    fn assert_send<T: Send>() {}

    #[test]
    fn shareable_across_threads() {
        assert_send_sync::<Sandbox>();
        assert_send_sync::<WasmModule>();
        assert_send::<WasmBot>();
    }
}
