//! arena: a tournament harness for a "battle of procedures".
//!
//! Students' strategies, compiled to WebAssembly behind one fixed ABI, play small board
//! games against each other in sandboxed, parallel, reproducible series. The library is
//! laid out by concern:
//! - `arena_games` (its own crate): pure rules, ABI encodings, reference strategies;
//! - [`bot`]: what a player is to the referee, native or sandboxed, and how it faults;
//! - [`runtime`]: the WebAssembly sandbox that loads bots and runs them under hard limits;
//!
//! The `arena` binary (`src/main.rs` and `src/cli/`) is a thin layer over these.

pub mod analysis;
pub mod bench;
pub mod bot;
pub mod contestant;
pub mod grading;
pub mod output;
pub mod referee;
pub mod rng_size;
pub mod runtime;
pub mod seeds;
pub mod series;
pub mod tournament;
