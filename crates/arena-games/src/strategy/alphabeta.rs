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
///
/// A search allocates only once, up front: one position and one move list per ply,
/// reused for every node at that ply (the child is made with [`Clone::clone_from`], which
/// games with heap data implement without allocating). The searcher is the same code
/// natively and compiled to WebAssembly, where allocation is dearer, so this keeps the
/// sandboxed bot close to its native twin.
#[derive(Debug, Clone, Copy)]
pub struct AlphaBeta {
    depth: u32,
    nodes: u64,
}

/// The reusable buffers of one search: `positions[k]` and `moves[k]` belong to ply `k`.
struct Plies<G: Game> {
    positions: Vec<G>,
    moves: Vec<Vec<G::Move>>,
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
        let plies = self.depth as usize + 1;
        let mut buffers = Plies {
            positions: vec![state.clone(); plies],
            moves: vec![Vec::new(); plies],
        };
        let me = state.to_move();
        let (root, positions) = buffers
            .positions
            .split_first_mut()
            .expect("at least two plies");
        let (root_moves, moves) = buffers.moves.split_first_mut().expect("plies");
        root.legal_moves(root_moves);
        let mut best = root_moves[0];
        let mut alpha = i64::MIN + 1;
        let beta = i64::MAX;
        for &mv in root_moves.iter() {
            positions[0].clone_from(root);
            positions[0].apply(mv);
            let value = self.child_value(positions, moves, me, self.depth - 1, alpha, beta, 1);
            if value > alpha {
                alpha = value;
                best = mv;
            }
        }
        (best, alpha)
    }

    /// Every root move whose value equals the best, in the game's order (into `best`, which
    /// is cleared), and that value: the moves a random tie-break chooses among.
    ///
    /// [`AlphaBeta::search`] only proves that a later root move is no better than the best
    /// so far; here each root move is searched with its window opened one below the best
    /// so far, so a move of equal value is seen with its exact value. The value is the one
    /// [`AlphaBeta::search`] returns, and its move is the first of `best`.
    pub fn search_ties<G: Game>(&mut self, state: &G, best: &mut Vec<G::Move>) -> i64 {
        let plies = self.depth as usize + 1;
        let mut buffers = Plies {
            positions: vec![state.clone(); plies],
            moves: vec![Vec::new(); plies],
        };
        let me = state.to_move();
        let (root, positions) = buffers
            .positions
            .split_first_mut()
            .expect("at least two plies");
        let (root_moves, moves) = buffers.moves.split_first_mut().expect("plies");
        root.legal_moves(root_moves);
        best.clear();
        let mut best_value = i64::MIN + 1;
        for &mv in root_moves.iter() {
            positions[0].clone_from(root);
            positions[0].apply(mv);
            // Below the first move, anything not better than one less than the best is
            // known to be worse; equal values fall inside the window and come back exact.
            let alpha = if best.is_empty() {
                i64::MIN + 1
            } else {
                best_value - 1
            };
            let value = self.child_value(positions, moves, me, self.depth - 1, alpha, i64::MAX, 1);
            if best.is_empty() || value > best_value {
                best.clear();
                best.push(mv);
                best_value = value;
            } else if value == best_value {
                best.push(mv);
            }
        }
        best_value
    }

    /// The value of the child in `positions[0]` for `parent_mover`, searched `depth` more
    /// plies; `positions[1..]` and `moves` are the buffers of the plies below it.
    #[allow(clippy::too_many_arguments)]
    fn child_value<G: Game>(
        &mut self,
        positions: &mut [G],
        moves: &mut [Vec<G::Move>],
        parent_mover: Player,
        depth: u32,
        alpha: i64,
        beta: i64,
        ply: u32,
    ) -> i64 {
        if positions[0].to_move() == parent_mover {
            self.negamax(positions, moves, depth, alpha, beta, ply)
        } else {
            -self.negamax(positions, moves, depth, -beta, -alpha, ply)
        }
    }

    /// The value of `positions[0]` for the player to move in it; `moves[0]` holds its
    /// moves and the rest of both slices belong to the plies below.
    fn negamax<G: Game>(
        &mut self,
        positions: &mut [G],
        moves: &mut [Vec<G::Move>],
        depth: u32,
        mut alpha: i64,
        beta: i64,
        ply: u32,
    ) -> i64 {
        self.nodes += 1;
        let (state, below) = positions.split_first_mut().expect("a ply per depth");
        let me = state.to_move();
        if depth == 0 {
            return if state.is_terminal() {
                terminal_value(state, me, ply)
            } else {
                state.heuristic(me).clamp(-HEURISTIC_CAP, HEURISTIC_CAP)
            };
        }
        let (list, deeper) = moves.split_first_mut().expect("a ply per depth");
        list.clear();
        state.legal_moves(list);
        if list.is_empty() {
            return terminal_value(state, me, ply);
        }
        let mut best = i64::MIN + 1;
        for &mv in list.iter() {
            below[0].clone_from(state);
            below[0].apply(mv);
            let value = self.child_value(below, deeper, me, depth - 1, alpha, beta, ply + 1);
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
