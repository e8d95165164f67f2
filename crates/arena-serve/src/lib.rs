//! The course ladder behind `arena serve` (docs/LADDER.md): students upload bots during
//! the assignment, each upload is checked as `arena check` checks it, and the ready
//! ones play a continuous rated ladder whose games can be replayed in report.html's
//! viewer. One process, its state in SQLite in the course folder.
//!
//! - [`course`]: `course.toml` and the roster;
//! - [`db`]: the schema (PostgreSQL-ready) and connections; [`setup`]: the roster and
//!   references brought in, sign-in tokens;
//! - [`store`], [`upload`], [`check`]: uploads stored by hash and checked;
//! - [`ladder`]: matchmaking, workers, ratings;
//! - [`web`]: the pages and endpoints; [`submit`]: the client of `arena submit`;
//! - [`export`], [`remove`]: the instructor's export, backup and removal.

pub mod check;
pub mod course;
pub mod db;
pub mod export;
pub mod ladder;
pub mod remove;
pub mod secret;
pub mod setup;
pub mod store;
pub mod submit;
pub mod upload;
pub mod web;
