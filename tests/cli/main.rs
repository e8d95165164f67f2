//! The tests that drive the real `arena` binary: every command, intake, grading,
//! tournaments of every game and seat count, resume, shards, locks, Python and the
//! new-bot templates. One test binary (each former test file is a module), so that
//! arena and wasmtime are linked once for all of them; `cargo test --release --test cli
//! MODULE::` runs one module.
//!
//! No test of the suite needs a test process of its own, so none is kept apart: none
//! sets process-wide state (environment variables, resource limits, the working
//! folder) or measures the test process itself. A child's limits are set in the child
//! (`pre_exec`), a child's peak memory read from `wait4` on that child alone, and every
//! test works in its own temporary folder.

#[path = "../common/mod.rs"]
mod common;

mod any_seat_count;
mod builtin_budget;
mod cache_two_users;
mod cli_analyze;
mod cli_basics;
mod cli_bench;
mod cli_bench_scale;
mod cli_check;
mod cli_cluster;
mod cli_feedback;
mod cli_games;
mod cli_grades;
mod cli_intake;
mod cli_intake_guards;
mod cli_json;
mod cli_lms;
mod cli_lms_hostile;
mod cli_lock;
mod cli_new_bot;
mod cli_play_replay;
mod cli_python;
mod cli_python_stdlib;
mod cli_recorded_grading;
mod cli_repeated_option;
mod cli_shard;
mod cli_sprt;
mod cli_table_commands;
mod cli_tables;
mod cli_tournament;
mod cli_verify;
mod cli_verify_names;
mod cli_wasm;
mod every_shape;
mod hidden_setup_secret;
mod load_independence;
mod similarity;
mod sprt_resume;
mod table_grading;
mod table_hidden_setup;
mod table_tournament;
