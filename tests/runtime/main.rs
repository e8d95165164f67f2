//! The sandbox and the bot ABI through the library: hostile modules, metering, compile
//! bounds, `arena.legal_moves`, the table words, `arena_plays`, the committed example
//! modules against their native twins, and the C header. One test binary (each former
//! test file is a module); `cargo test --release --test runtime MODULE::` runs one.

#[path = "../common/mod.rs"]
mod common;

mod abi_c_header;
mod abi_table_examples;
mod abi_table_words;
mod compile_bounds;
mod example_twins;
mod runtime_hostile;
mod runtime_legal_moves;
mod runtime_metering;
mod runtime_plays;
mod sdk_game_examples;
mod sdk_plays;
mod worker_readiness;
