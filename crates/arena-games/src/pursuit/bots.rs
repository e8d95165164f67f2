//! Pursuit's and the path's builtin strategies in the table model, each deciding from
//! what its seat sees.

use super::strategies as chase;
use super::{Path, Pursuit, PursuitView, Role};
use crate::strategy::table::{MaxN, TableContext, TableStrategy};

/// Max^n for pursuit where the mover sees every piece (`blind=0`): the search runs on
/// the game its view describes. For two players it is minimax (the values are
/// constant-sum).
#[derive(Debug)]
pub struct PursuitSearch(pub MaxN);

impl TableStrategy<Pursuit> for PursuitSearch {
    /// The search where the seat sees every piece; a blind evader, which cannot search a
    /// game it does not see, plays the classic strategy (`builtin:maxn` itself is
    /// refused for `blind=1`, but the SDK's any-game search bot meets such games).
    fn choose(&mut self, ctx: &TableContext, view: &PursuitView) -> u32 {
        match view.to_game() {
            Some(game) => self.0.best_move(&game, ctx.ply),
            None => TomAndJerry.choose(ctx, view),
        }
    }
}

/// Pursuit's `greedy`: the classic strategies, Tom as a pursuer (a step toward the
/// evader) and Jerry as the evader (away from the nearest pursuer it sees), so that one
/// bot plays every role a series gives it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TomAndJerry;

impl TableStrategy<Pursuit> for TomAndJerry {
    fn choose(&mut self, _ctx: &TableContext, view: &PursuitView) -> u32 {
        match view.role(view.me) {
            Role::Pursuer => chase::tom_sees(view),
            Role::Evader => chase::jerry_sees(view),
        }
    }
}

/// Pursuit's `perfect` for two players who see each other: best play by retrograde
/// analysis ([`crate::pursuit::perfect`]), solved once per game on its first move.
#[derive(Debug, Default)]
pub struct PerfectPursuit {
    solution: Option<crate::pursuit::perfect::Solution>,
}

impl TableStrategy<Pursuit> for PerfectPursuit {
    fn choose(&mut self, _ctx: &TableContext, view: &PursuitView) -> u32 {
        let game = view
            .to_game()
            .expect("perfect is built only for two players who see each other");
        let solution = self.solution.get_or_insert_with(|| {
            crate::pursuit::perfect::Solution::solve(&view.board, view.rounds)
                .expect("perfect is built only for boards within the solution's size")
        });
        solution
            .best_move(&game)
            .expect("a running two-player game of the solved board has a best move")
    }
}

/// A way of walking the path's king.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathStrategy {
    /// The free neighbour nearest the target as the crow flies (Chebyshev distance,
    /// obstacles ignored; the first of equals): it can stall behind a wall.
    Greedy,
    /// A first step of a shortest path round the obstacles.
    Perfect,
}

impl TableStrategy<Path> for PathStrategy {
    fn choose(&mut self, _ctx: &TableContext, state: &Path) -> u32 {
        let board = state.board();
        let pick = match self {
            PathStrategy::Greedy => state
                .legal_moves()
                .into_iter()
                .min_by_key(|&c| board.chebyshev(c, state.target())),
            PathStrategy::Perfect => state.perfect_move(),
        };
        pick.expect("a path not over has a move")
    }
}
