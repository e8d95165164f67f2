//! Pure rules of arena's games, their ABI encodings and the reference strategies.
//!
//! This crate does no I/O and draws no randomness it is not handed, so the very same code
//! runs inside the referee, inside the builtin bots and, compiled to `wasm32`, inside the
//! example WebAssembly bots. That is what lets arena compare a sandboxed strategy with its
//! native twin move for move.
//!
//! The layers, from the bottom:
//! - [`game::Game`]: the typed state API every game implements (OpenSpiel-style);
//! - [`abi`]: the header of the `i32` words a bot receives, and how a game's words follow it;
//! - [`registry`]: games by short name, behind the object-safe [`registry::GameKind`] and
//!   [`registry::AnyGame`] so that callers never name a concrete game;
//! - [`strategy`]: `random`, `greedy` and `alphabeta`, generic over every game.

pub mod abi;
pub mod beans;
pub mod cards24;
pub mod conformance;
pub mod determinant;
pub mod game;
pub mod kalah;
pub mod mathtricks;
pub mod nim;
pub mod oneway;
#[cfg(test)]
mod playtest;
pub mod registry;
pub mod rng;
pub mod strategy;

pub use game::{DecodeError, Game, GameParams, IllegalMove, Outcome, ParamError, Player};
pub use registry::{find_game, games, AnyGame, GameKind};
