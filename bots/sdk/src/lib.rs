//! Write an arena bot in Rust: the ABI glue, written once.
//!
//! A bot is a WebAssembly module that exports `memory`, `arena_alloc` and `choose_move`
//! (see `docs/ABI.md`). With this crate a student writes only the strategy:
//!
//! ```no_run
//! use arena_sdk::prelude::*;
//!
//! /// Moves to the first legal cell (the game lists moves in row-major order).
//! fn choose(_ctx: &Context, state: &MathTricks) -> Cell {
//!     let mut moves = Vec::new();
//!     state.legal_moves(&mut moves);
//!     moves[0]
//! }
//!
//! arena_sdk::bot!(MathTricks, choose);
//! # fn main() {}
//! ```
//!
//! Built as a `cdylib` for `wasm32-unknown-unknown`, that is a complete bot. The forms:
//! - [`bot!`]`(Game, function)`: a plain function `fn(&Context, &Game) -> Game::Move`;
//! - [`bot!`]`(Game, strategy = expr)`: any [`Strategy`] value, built on the first move
//!   of a game and kept for the rest of it (one module instance plays one game);
//! - [`any_game_bot!`]`(expr)`: an [`AnyGameStrategy`], generic over the game, which plays
//!   every game registered in `arena_games` — including games added after the bot was
//!   written, once it is rebuilt;
//! - [`table_bot!`]`(Game, function)` or `(Game, strategy = expr)`: a bot for a game of
//!   the table model (one to four seats, roles, hidden setup), deciding from its seat's
//!   typed view ([`Observed::View`]) read from the words.
//!
//! The glue decodes the state words exactly as the referee's builtin bots do
//! ([`arena_games::registry::decode_for_bot`]), so the same strategy makes the same moves
//! natively and sandboxed. Words that do not decode (another game, a finished game, a
//! corrupted buffer) make `choose_move` return `-1` after a [`debug_log`] line, so the
//! referee records an illegal move with a reason instead of a trap. A panic in the
//! strategy is logged ([`panics`]: "panicked at src/lib.rs:12:5: ...") before the module
//! traps, so the referee's fault names it.

#![warn(missing_docs)]

pub mod builtin;
pub mod glue;
pub mod heap;
mod log;
mod macros;
pub mod panics;
mod runner;
pub mod tables;
#[cfg(test)]
mod tests;

pub use arena_games as games;
pub use arena_games::game::Observed;
pub use arena_games::registry::TableBot;
pub use arena_games::registry::{ExtraStrategies, NativeBot};
pub use arena_games::strategy::table::{TableContext, TableStrategy};
pub use arena_games::strategy::{Context, Strategy};
pub use arena_games::{DecodeError, Game, Player};
pub use log::debug_log;
pub use runner::{AnyGameBot, AnyGameStrategy, FnStrategy, FnTableStrategy, TypedBot};

/// The examples of `bots/rust/README.md`, compiled as doctests so that they stay true.
#[cfg(doctest)]
#[doc = include_str!("../../rust/README.md")]
pub struct ReadmeExamples;

/// Everything a bot's source usually needs: `use arena_sdk::prelude::*;`.
pub mod prelude {
    pub use crate::games::mathtricks::{Cell, MathTricks, Op};
    pub use crate::{
        debug_log, AnyGameStrategy, Context, ExtraStrategies, Game, Observed, Player, Strategy,
        TableContext, TableStrategy,
    };
}
