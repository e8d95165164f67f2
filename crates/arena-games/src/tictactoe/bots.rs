//! Tic-tac-toe's builtin strategies: the generic ones of the table model, `maxn` within
//! its work budget, and `perfect` for the solved 3 × 3 game.

use super::TicTacToe;
use crate::game::{GameParams, TableGame};
use crate::rng::GameRng;
use crate::strategy::budget::{tree_work, Search};
use crate::strategy::named::{Built, TableStrategies};
use crate::strategy::table::{full_information, TableContext, TableStrategy};

impl TableStrategies for TicTacToe {
    const NAMES: &'static [&'static str] = &["random", "greedy", "maxn", "perfect"];

    fn strategy(name: &str, depth: Option<u32>, params: &GameParams) -> Built<Self> {
        if name == "maxn" {
            let (rows, cols) = params
                .size(&TicTacToe::INFO)
                .map_err(|_| "the parameters are not a tic-tac-toe board")?;
            let depth = depth.unwrap_or(TicTacToe::INFO.default_depth);
            TICTACTOE_MAXN.check(rows, cols, depth)?;
        }
        if name != "perfect" {
            return Ok(full_information::<TicTacToe>(name, depth));
        }
        let game = TicTacToe::new_random(params, &mut GameRng::new(0))
            .map_err(|_| "the parameters are not a tic-tac-toe board")?;
        if super::perfect_move(&game).is_none() {
            return Err("perfect play is solved for 3x3, k=3, two players only".into());
        }
        Ok(Some(Box::new(PerfectTicTacToe)))
    }
}

/// Tic-tac-toe's `maxn` and its work a move ([`maxn_work`]): the default depth 4 plays
/// every board up to 7 × 7, `builtin:maxn:2` every board up to 15 × 15.
pub(crate) const TICTACTOE_MAXN: Search<'static> = Search {
    game: "tictactoe",
    name: "maxn",
    what: "cells × (cells − 1) × … over the depth, times the cells its heuristic reads",
    min_side: super::MIN_SIDE,
    work: &|rows, cols, depth| maxn_work(rows * cols, depth),
};

/// An upper bound on the work of one `maxn` move from the empty board of `cells` cells:
/// the positions `depth` moves deep (cells × (cells − 1) × …) times the cells the
/// heuristic reads at each (saturating).
pub(crate) fn maxn_work(cells: u32, depth: u32) -> u64 {
    tree_work(depth.min(cells), u64::from(cells), |i| u64::from(cells - i))
}

/// Perfect 3 × 3 tic-tac-toe (the first best cell).
struct PerfectTicTacToe;

impl TableStrategy<TicTacToe> for PerfectTicTacToe {
    fn choose(&mut self, _ctx: &TableContext, view: &TicTacToe) -> u32 {
        super::perfect_move(view).expect("checked solvable when built; a move remains")
    }
}
