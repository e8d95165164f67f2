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

/// Declares every game's module and records the forms its games are registered in, so
/// that every list of games and every dispatch on a game id is generated from this one
/// list ([`registry`]'s `registered.rs`). `$d` is a literal `$`, for the helper macro it
/// defines.
macro_rules! register_games {
    ($d:tt $($module:ident: $($form:ident<$game:ty>),+;)+) => {
        $(pub mod $module;)+

        /// Calls `$callback!` with every registered form (`crate::registry::Kind<G>`,
        /// `Table<G>` or `OneWayKind<P>`), in registration order.
        macro_rules! with_registered_games {
            ($d callback:ident) => {
                $d callback!($($(crate::registry::$form<$game>),+),+);
            };
        }
    };
}

// Every game, in the order `arena games` lists them: its folder under `src/` and the form
// each of its games is registered in: `Kind` (a two-seat game of the `Game` model),
// `Table` (a game of the table model, one to four seats) or `OneWayKind` (a one-way
// piece: two seats, or three at a table). Adding a game is its folder and one line here.
register_games! { $
    mathtricks: Kind<crate::mathtricks::MathTricks>;
    beans: Kind<crate::beans::Beans>;
    oneway: OneWayKind<crate::oneway::King>, OneWayKind<crate::oneway::Queen>,
        OneWayKind<crate::oneway::Rook>, OneWayKind<crate::oneway::Knight>;
    nim: Kind<crate::nim::Nim>;
    cards24: Kind<crate::cards24::Cards24>;
    kalah: Kind<crate::kalah::Kalah>;
    determinant: Kind<crate::determinant::Determinant>;
    tictactoe: Table<crate::tictactoe::TicTacToe>;
    minesweeper: Table<crate::minesweeper::Minesweeper>;
    pursuit: Table<crate::pursuit::Pursuit>, Table<crate::pursuit::Path>;
}

pub mod abi;
pub mod conformance;
pub mod game;
pub mod registry;
pub mod rng;
pub mod strategy;
pub mod text;

pub use game::{
    DecodeError, Game, GameParams, IllegalMove, MoveTextError, Outcome, ParamError, Player,
    PositionError,
};
pub use registry::{find_game, games, AnyGame, GameKind};
