//! A replay's positions, re-played under the rules and drawn.

use arena_games::game::Viewer;
use arena_games::registry::{AnyTable, TableKind};

use crate::lines::Lines;

/// One move as the viewer lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrawnMove {
    /// The seat that moved, from 1.
    pub seat: u8,
    /// The move in the game's notation (its number where the game has no words for it).
    pub text: String,
}

/// A game's positions drawn, lines shared between them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Drawing {
    /// Distinct HTML lines of all positions, in order of first appearance.
    pub lines: Vec<String>,
    /// Frame `k` (the position after `k` moves) as indices into `lines`.
    pub frames: Vec<Vec<u32>>,
    /// The moves, in order.
    pub moves: Vec<DrawnMove>,
}

/// Why a replay's positions cannot be drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DrawError {
    /// The game refuses the setup line.
    Setup(String),
    /// The rules refuse a move.
    Move {
        /// The move's number (from 1).
        index: usize,
        /// The rules' reason.
        reason: String,
    },
}

impl std::fmt::Display for DrawError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DrawError::Setup(reason) => write!(f, "setup: {reason}"),
            DrawError::Move { index, reason } => write!(f, "move {index}: {reason}"),
        }
    }
}

impl std::error::Error for DrawError {}

/// The position `setup` describes, under `kind`'s rules.
pub(crate) fn start(kind: &dyn TableKind, setup: &str) -> Result<Box<dyn AnyTable>, DrawError> {
    kind.start_from_setup(setup)
        .map_err(|e| DrawError::Setup(e.to_string()))
}

/// Plays `raw`, the `index`-th move (from 0), and returns the seat that made it (from 1).
pub(crate) fn step(state: &mut dyn AnyTable, index: usize, raw: i32) -> Result<u8, DrawError> {
    let seat = state.to_move().number();
    state.play(raw).map_err(|e| DrawError::Move {
        index: index + 1,
        reason: e.to_string(),
    })?;
    Ok(seat)
}

/// Re-plays `moves` from `setup` under `kind`'s rules without drawing anything, and
/// returns the seat (from 1) that made each move: what the page needs to know that the
/// browser can draw the replay, and to split each seat's log between its moves.
///
/// # Errors
/// [`DrawError`] naming the setup or the first move the rules refuse.
pub fn walk(kind: &dyn TableKind, setup: &str, moves: &[i32]) -> Result<Vec<u8>, DrawError> {
    let mut state = start(kind, setup)?;
    moves
        .iter()
        .enumerate()
        .map(|(i, &raw)| step(&mut *state, i, raw))
        .collect()
}

/// Draws the position `setup` starts from and the position after each of `moves` under
/// `kind`'s rules, as a spectator sees them ([`Viewer::All`]: hidden information shown).
///
/// # Errors
/// [`DrawError`] naming the setup or the first move the rules refuse.
pub fn draw(kind: &dyn TableKind, setup: &str, moves: &[i32]) -> Result<Drawing, DrawError> {
    let mut state = start(kind, setup)?;
    let mut lines = Lines::default();
    let mut frames = Vec::with_capacity(moves.len() + 1);
    frames.push(lines.frame(state.render(Viewer::All, true)));
    let mut drawn = Vec::with_capacity(moves.len());
    for (i, &raw) in moves.iter().enumerate() {
        let text = state.describe_move(raw).unwrap_or_else(|| raw.to_string());
        let seat = step(&mut *state, i, raw)?;
        drawn.push(DrawnMove { seat, text });
        frames.push(lines.frame(state.render(Viewer::All, true)));
    }
    Ok(Drawing {
        lines: lines.html,
        frames,
        moves: drawn,
    })
}
