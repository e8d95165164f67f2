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

/// Declares every game's module and records the game types registered from it, so that
/// the registry ([`registry::games`], [`registry::visit_game`]) is generated from this one
/// list. `$d` is a literal `$`, for the helper macro it defines.
macro_rules! register_games {
    ($d:tt $($module:ident: $($game:ty),+;)+) => {
        $(pub mod $module;)+

        /// Calls `$callback!` with every registered game type, in registration order.
        macro_rules! with_registered_games {
            ($d callback:ident) => {
                $d callback!($($($game),+),+);
            };
        }
    };
}

// Every game, in the order `arena games` lists them: its folder under `src/` and the game
// types it registers. Adding a game is its folder and one line here.
register_games! { $
    mathtricks: crate::mathtricks::MathTricks;
    beans: crate::beans::Beans;
    oneway: crate::oneway::OneWay<crate::oneway::King>, crate::oneway::OneWay<crate::oneway::Queen>,
        crate::oneway::OneWay<crate::oneway::Rook>, crate::oneway::OneWay<crate::oneway::Knight>;
    nim: crate::nim::Nim;
    cards24: crate::cards24::Cards24;
    kalah: crate::kalah::Kalah;
    determinant: crate::determinant::Determinant;
}

pub mod abi;
pub mod conformance;
pub mod game;
pub mod minesweeper;
pub mod pursuit;
pub mod registry;
pub mod rng;
pub mod strategy;
pub mod text;
pub mod tictactoe;

pub use game::{
    DecodeError, Game, GameParams, IllegalMove, MoveTextError, Outcome, ParamError, Player,
    PositionError,
};
pub use registry::{find_game, games, AnyGame, GameKind};
