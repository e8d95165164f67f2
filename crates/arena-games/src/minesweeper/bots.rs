//! Minesweeper's builtin strategies in the table model: they read the public board of the
//! mover's view, never the layout.

use super::strategies as mines;
use super::{Minesweeper, MinesweeperView};
use crate::strategy::table::{TableContext, TableStrategy};

/// A minesweeper strategy that reads only the public board (never the layout).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MineStrategy {
    /// Propagation and exact enumeration: never guesses while a safe cell is provable.
    Solver,
    /// The locally safest cell.
    Greedy,
}

impl TableStrategy<Minesweeper> for MineStrategy {
    fn choose(&mut self, _ctx: &TableContext, view: &MinesweeperView) -> u32 {
        let pick = match self {
            MineStrategy::Solver => mines::solver(&view.board),
            MineStrategy::Greedy => mines::greedy(&view.board),
        };
        pick.expect("a game not over has a closed cell")
    }
}
