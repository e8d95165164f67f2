//! `alphabeta`: depth-limited minimax with alpha-beta pruning.

use super::{terminal_value, Context, Strategy};
use crate::game::{Game, Player};

/// The value of a won game (minus the plies it took); any heuristic stays far below it.
pub const WIN_VALUE: i64 = 1 << 62;
/// The value of a lost game (plus the plies it took).
pub const LOSS_VALUE: i64 = -WIN_VALUE;
/// Heuristic values are clamped to this magnitude so they never pass for a win.
pub(super) const HEURISTIC_CAP: i64 = 1 << 60;

/// Negamax with alpha-beta pruning to a fixed depth, the game's heuristic at the leaves.
///
/// Deterministic: moves are searched in the game's sorted order and a later move replaces
/// the best only when strictly better. A game where the same player moves twice in a row
/// is handled (the value is not negated across such a move).
#[derive(Debug, Clone, Copy)]
pub struct AlphaBeta {
    depth: u32,
    nodes: u64,
}

impl AlphaBeta {
    /// A searcher to `depth` plies (at least 1).
    pub fn new(depth: u32) -> AlphaBeta {
        AlphaBeta {
            depth: depth.max(1),
            nodes: 0,
        }
    }

    /// The search depth in plies.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// Positions visited by all searches so far (a measure of work for benchmarks).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The best move and its value for the player to move in `state` (not terminal).
    pub fn search<G: Game>(&mut self, state: &G) -> (G::Move, i64) {
        let me = state.to_move();
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let mut best = moves[0];
        let mut alpha = i64::MIN + 1;
        let beta = i64::MAX;
        for &mv in &moves {
            let mut child = state.clone();
            child.apply(mv);
            let value = self.child_value(&child, me, self.depth - 1, alpha, beta, 1);
            if value > alpha {
                alpha = value;
                best = mv;
            }
        }
        (best, alpha)
    }

    /// The value of `child` for `parent_mover`, searched `depth` more plies.
    fn child_value<G: Game>(
        &mut self,
        child: &G,
        parent_mover: Player,
        depth: u32,
        alpha: i64,
        beta: i64,
        ply: u32,
    ) -> i64 {
        if child.to_move() == parent_mover {
            self.negamax(child, depth, alpha, beta, ply)
        } else {
            -self.negamax(child, depth, -beta, -alpha, ply)
        }
    }

    /// The value of `state` for the player to move in it.
    fn negamax<G: Game>(
        &mut self,
        state: &G,
        depth: u32,
        mut alpha: i64,
        beta: i64,
        ply: u32,
    ) -> i64 {
        self.nodes += 1;
        let me = state.to_move();
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        if moves.is_empty() {
            return terminal_value(state, me, ply);
        }
        if depth == 0 {
            return state.heuristic(me).clamp(-HEURISTIC_CAP, HEURISTIC_CAP);
        }
        let mut best = i64::MIN + 1;
        for mv in moves {
            let mut child = state.clone();
            child.apply(mv);
            let value = self.child_value(&child, me, depth - 1, alpha, beta, ply + 1);
            best = best.max(value);
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

impl<G: Game> Strategy<G> for AlphaBeta {
    fn choose(&mut self, _ctx: &Context, state: &G) -> G::Move {
        self.search(state).0
    }
}
