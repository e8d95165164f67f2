//! The conformance suite every game runs: seeded random playouts that check the
//! [`Game`] contract at every step (OpenSpiel's `RandomSimTest`, for arena).
//!
//! Every registered game runs it automatically (`sweep.rs`, which iterates the one
//! registration list): at every seat count it takes, its smallest, default and largest
//! sizes and every sample value of its options (from [`crate::game::GameInfo`]), through
//! its typed rules and through the registry as the harness sees it, so a new game is
//! covered by registering it. A game's own tests may call it with more
//! sizes and seeds:
//!
//! ```
//! use arena_games::conformance;
//! use arena_games::mathtricks::MathTricks;
//! use arena_games::GameParams;
//!
//! let params = GameParams::sized(5, 6);
//! conformance::check_random_playouts::<MathTricks>(&params, 0..3, 28);
//! conformance::check_registry_matches_typed::<MathTricks>(&params, 0..3, 28);
//! ```
//!
//! Every check panics with the game, the parameters, the seed, the ply and the moves so
//! far, so a failure can be replayed by hand.
//!
//! # Why this module is always compiled
//! It is `pub` and not `#[cfg(test)]` so that every consumer can run it from its own tests:
//! this crate's game modules, the harness crate and any crate that adds a game. It needs
//! nothing but this crate and `std` (no proptest: seeds are a plain `Range<u64>`), and its
//! functions are generic, so nothing of it is compiled into a build that does not call it,
//! a `wasm32` bot included.

mod erased;
mod playout;
#[cfg(test)]
mod sweep;
mod table;
#[cfg(test)]
mod tests;

use std::ops::Range;

pub use table::{check_table_playouts, check_table_views};

pub use erased::check_registry_matches_typed;
pub use playout::{
    check_playout_from, check_random_playouts, check_setup_round_trip, check_state,
    check_state_probing,
};

use crate::game::{Game, GameParams};

/// Move numbers tried as illegal moves in every state (besides the neighbours of the legal
/// moves' numbers): the extremes of `i32`, and small numbers most games decode.
pub(crate) const PROBES: [i32; 6] = [i32::MIN, -1, 0, 1, 2, i32::MAX];

/// The search depth used when the builtin strategies are asked for moves.
pub(crate) const BOT_DEPTH: u32 = 2;

/// The seed of the generator that picks the random moves of the playout for `seed` (kept
/// apart from the board's generator so the two streams never coincide).
pub(crate) fn mover_seed(seed: u64) -> u64 {
    seed ^ 0x9E37_79B9_7F4A_7C15
}

/// The per-game bot seed passed in observations: uses both halves of the header's words.
pub(crate) fn bot_seed(seed: u64) -> u64 {
    seed.wrapping_mul(0xD1B5_4A32_D192_ED03) | 1 << 63
}

/// Runs both suites: [`check_random_playouts`] and [`check_registry_matches_typed`].
///
/// # Panics
/// On the first violation of either.
pub fn check_game<G: Game>(params: &GameParams, seeds: Range<u64>, max_plies: usize) {
    check_random_playouts::<G>(params, seeds.clone(), max_plies);
    check_registry_matches_typed::<G>(params, seeds, max_plies);
}
