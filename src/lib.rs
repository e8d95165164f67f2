//! arena: a tournament harness for a "battle of procedures".
//!
//! Students' strategies, compiled to WebAssembly behind one fixed ABI, play small board
//! games against each other in sandboxed, parallel, reproducible series. The library is
//! laid out by concern:
//! - `arena_games` (its own crate): pure rules, ABI encodings, reference strategies;
//! - [`bot`]: what a player is to the referee, native or sandboxed, and how it faults;
//! - [`runtime`]: the WebAssembly sandbox that loads bots and runs them under hard limits;
//! - [`submissions`]: intake, turning folders of handed-in files into the field and
//!   accounting for every entry not played; [`module_file`] reads a module safely and
//!   [`bot_name`] escapes names that come from file names;
//!
//! The `arena` binary (`src/main.rs` and `src/cli/`) is a thin layer over these.

pub mod analysis;
pub mod bench;
pub mod bot;
pub mod bot_name;
pub mod contestant;
pub mod field;
pub mod grading;
pub mod human;
pub mod module_file;
pub mod module_lint;
pub mod output;
pub mod python;
pub mod ratings;
pub mod record;
pub mod referee;
pub mod rng_size;
pub mod runtime;
pub mod schedule;
pub mod seeds;
pub mod sequential;
pub mod series;
pub mod similarity;
pub mod sprt_settings;
pub mod standings;
pub mod submissions;
pub mod table_stats;
pub mod table_tournament;
pub mod tables;
pub mod tournament;
pub mod units;
