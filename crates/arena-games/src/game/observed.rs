//! What a bot knows of a table game, typed: the view its observation words describe.
//!
//! Builtin strategies and bots built with the SDK both decide from a view (never from
//! the state behind it), so a builtin bot cannot see more than a sandboxed one, and the
//! same strategy makes the same moves in both. For a game of full information the view
//! is the state itself.

use super::{DecodeError, Seat, TableGame};

/// The header of the words a bot receives, decoded (`arena_games::abi` writes and reads
/// it): either the two-seat header of 8 words or the table header of 11.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableHeader {
    /// The game's id.
    pub game_id: i32,
    /// The mover's seat.
    pub seat: Seat,
    /// Seats at the table (2 for the 8-word header).
    pub seats: u8,
    /// The mover's role number, if seats differ.
    pub role: Option<u8>,
    /// The mover's team, if it has teammates.
    pub team: Option<u8>,
    /// Moves played so far, by every seat.
    pub ply: u32,
    /// The bot's per-game seed.
    pub seed: u64,
}

/// A table game whose observation words read back into a typed view.
///
/// # Contract
/// For every state `s` that is not over, reading the words [`TableGame::observe`] writes
/// (under the header `arena_games::abi::observation` writes) gives `s.view()`, and
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
