//! arena: a tournament harness for a "battle of procedures".
//!
//! Students' strategies, compiled to WebAssembly behind one fixed ABI, play small board
//! games against each other in sandboxed, parallel, reproducible series. The games' rules,
//! ABI encodings and reference strategies are a crate of their own (`arena_games`), as
//! are the ratings (`arena_ratings`) and the drawing of a replay (`arena_view`). This
//! library's modules, by concern (`docs/ARCHITECTURE.md` shows which imports which):
//! - players: [`bot`] (what a player is to the referee, native or sandboxed, and how it
//!   faults), [`human`] (a person at the terminal as a seat), [`contestant`] (bots named
//!   on the command line and fielded in games), [`bot_name`] (names from file names,
//!   escaped);
//! - the sandbox: [`runtime`] (WebAssembly under hard, deterministic limits; it knows no
//!   game or tournament), [`python`] (Python bots in the embedded interpreter module),
//!   [`module_file`] (a module's bytes read without trusting the file), [`module_lint`]
//!   (every ABI problem of a module at once, for `arena check`);
//! - intake: [`submissions`] (folders and archives of handed-in files into the field,
//!   every entry not played accounted for), [`field`] (the one loader: every bot of a
//!   command read, hashed and compiled once);
//! - play: [`referee`] (one game of any seat count), [`series`] (best-of-N series and
//!   their one runner), [`record`] (the typed record of a finished game and its
//!   columns);
//! - tournaments: [`schedule`] (every series and game of a round-robin or gauntlet),
//!   [`seeds`] (every seed derived from the tournament seed and an identity),
//!   [`rng_size`] (a board size or a range to draw from), [`tournament`] (the parallel,
//!   resumable two-seat run and `verify`), [`tables`] (the tables and seatings of games
//!   for one, three or four seats), [`table_tournament`] (their tournament),
//!   [`sprt_settings`] and [`sequential`] (`--sprt`: a gauntlet pair played until a
//!   sequential test decides);
//! - results: [`standings`] (series and game records and the ranking), [`table_stats`]
//!   (a table tournament's standings), [`ratings`] (Bradley–Terry ratings of a field),
//!   [`output`] (every file arena writes), [`grading`] (roster and grade bands);
//! - tools: [`analysis`] (the game tree behind a move, `arena analyze`), [`similarity`]
//!   (pairs of bots alike beyond chance, `arena similar`),
//!   [`bench`](mod@bench) (`arena bench`: what the harness costs on this machine),
//!   [`units`] (quantities written for people).
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
