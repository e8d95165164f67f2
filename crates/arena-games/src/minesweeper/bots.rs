//! Minesweeper's builtin strategies by name ([`TableStrategies`]): they read the public board of the
//! mover's view, never the layout.

use super::strategies as mines;
use super::{Minesweeper, MinesweeperView};
use crate::game::GameParams;
use crate::strategy::named::{Built, TableStrategies};
use crate::strategy::table::{TableContext, TableRandom, TableStrategy};

impl TableStrategies for Minesweeper {
    const NAMES: &'static [&'static str] = &["random", "greedy", "solver"];

    fn strategy(name: &str, _depth: Option<u32>, _params: &GameParams) -> Built<Self> {
        Ok(match name {
            "random" => Some(Box::new(TableRandom::default())),
            "greedy" => Some(Box::new(MineStrategy::Greedy)),
            "solver" => Some(Box::new(MineStrategy::Solver)),
            _ => None,
        })
    }
}

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
