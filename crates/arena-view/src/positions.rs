//! A long replay held for drawing one position at a time: the page asks for the position
//! it shows, instead of every position at once (a pursuit on a 64 × 64 board can last
//! over a hundred thousand moves, which take seconds to draw whole).

use arena_games::game::Viewer;
use arena_games::registry::{AnyTable, TableKind};

use crate::ansi::to_html_lines;
use crate::draw::{start, step, DrawError, DrawnMove};

/// A replay re-played once under the rules, with the position kept every `stride` moves,
/// so that any position is at most `stride - 1` moves from a kept one.
pub struct Positions {
    /// The position after `k * stride` moves, for every `k` up to the last move.
    kept: Vec<Box<dyn AnyTable>>,
    /// The moves, in order.
    moves: Vec<i32>,
    stride: usize,
}

impl Positions {
    /// Re-plays `moves` from `setup` under `kind`'s rules, keeping every `stride`-th
    /// position (`stride` at least 1), and returns each move as the viewer lists it.
    ///
    /// # Errors
    /// [`DrawError`] naming the setup or the first move the rules refuse.
    pub fn new(
        kind: &dyn TableKind,
        setup: &str,
        moves: &[i32],
        stride: usize,
    ) -> Result<(Positions, Vec<DrawnMove>), DrawError> {
        let stride = stride.max(1);
        let mut state = start(kind, setup)?;
        let mut kept = Vec::with_capacity(moves.len() / stride + 1);
        let mut drawn = Vec::with_capacity(moves.len());
        for (i, &raw) in moves.iter().enumerate() {
            if i.is_multiple_of(stride) {
                kept.push(state.clone_box());
            }
            let text = state.describe_move(raw).unwrap_or_else(|| raw.to_string());
            let seat = step(&mut *state, i, raw)?;
            drawn.push(DrawnMove { seat, text });
        }
        if moves.len().is_multiple_of(stride) {
            kept.push(state);
        }
        let positions = Positions {
            kept,
            moves: moves.to_vec(),
            stride,
        };
        Ok((positions, drawn))
    }

    /// The number of positions: one more than the moves.
    pub fn len(&self) -> usize {
        self.moves.len() + 1
    }

    /// Always false: a replay has at least its starting position.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The position after `k` moves as HTML lines, drawn as a spectator sees it, as
    /// [`crate::draw`] draws it; `None` past the last position.
    pub fn html(&self, k: usize) -> Option<Vec<String>> {
        if k >= self.len() {
            return None;
        }
        let from = k / self.stride;
        let mut state = self.kept[from].clone_box();
        for &raw in &self.moves[from * self.stride..k] {
            // Every move was played once already, in `new`.
            state.play(raw).ok()?;
        }
        Some(to_html_lines(&state.render(Viewer::All, true)))
    }
}
