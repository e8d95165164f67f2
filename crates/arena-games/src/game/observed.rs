//! What a bot knows of a table game, typed: the view its observation words describe.
//!
//! Builtin strategies and bots built with the SDK both decide from a view (never from
//! the state behind it), so a builtin bot cannot see more than a sandboxed one, and the
//! same strategy makes the same moves in both. For a game of full information the view
//! is the state itself.

use super::{DecodeError, TableGame};
use crate::abi::TableHeader;

/// A table game whose observation words read back into a typed view.
///
/// # Contract
/// For every state `s` that is not over, reading the words [`TableGame::observe`] writes
/// (under the header [`crate::abi::observation`] writes) gives `s.view()`, and
/// [`Observed::view_moves`] of that view lists exactly `s`'s legal moves.
pub trait Observed: TableGame {
    /// What the seat to move knows.
    type View: Clone + std::fmt::Debug + PartialEq + Send + Sync;

    /// The view of the seat to move.
    fn view(&self) -> Self::View;

    /// Reads a view from an observation's header and body.
    ///
    /// # Errors
    /// [`DecodeError`] when the words describe no position of the game.
    fn read_view(header: &TableHeader, body: &[i32]) -> Result<Self::View, DecodeError>;

    /// Appends the legal moves the view allows, in ascending encoding order.
    fn view_moves(view: &Self::View, out: &mut Vec<Self::Move>);

    /// The move's `i32` encoding, as a bot returns it.
    fn encode_view_move(view: &Self::View, mv: Self::Move) -> i32;
}
