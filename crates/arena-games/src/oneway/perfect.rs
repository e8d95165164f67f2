//! The perfect player of the one-way family, from each piece's theory.

use std::marker::PhantomData;

use super::{OneWay, Piece, Square};
use crate::game::Game;
use crate::strategy::{Context, Strategy};

/// `builtin:perfect` for a one-way game: moves to the first (in move order) square that
/// the theory ([`Piece::losing_squares`]) marks as lost for the opponent. From a lost
/// square it makes the shortest move available — the target with the largest
/// `row + col`, the first such in move order — which keeps the game as long as possible.
///
/// The losing-square table is computed on the first move and kept for the game.
#[derive(Clone, Debug, Default)]
pub struct Perfect<P> {
    table: Option<(u32, u32, Vec<bool>)>,
    piece: PhantomData<fn() -> P>,
}

impl<P: Piece> Perfect<P> {
    /// The move for `state`, which is not over.
    pub fn best(&mut self, state: &OneWay<P>) -> Square {
        let (rows, cols) = (state.rows(), state.cols());
        if !matches!(&self.table, Some((r, c, _)) if (*r, *c) == (rows, cols)) {
            self.table = Some((rows, cols, P::losing_squares(rows, cols)));
        }
        let losing = &self.table.as_ref().expect("just filled").2;
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let winning = moves
            .iter()
            .find(|sq| losing[(sq.row * cols + sq.col) as usize]);
        match winning {
            Some(&sq) => sq,
            None => *moves
                .iter()
                .rev()
                .max_by_key(|sq| sq.row + sq.col)
                .expect("the game is not over"),
        }
    }
}

impl<P: Piece> Strategy<OneWay<P>> for Perfect<P> {
    fn choose(&mut self, _ctx: &Context, state: &OneWay<P>) -> Square {
        self.best(state)
    }
}
