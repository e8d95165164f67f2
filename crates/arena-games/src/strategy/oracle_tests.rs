//! `AlphaBeta` against an oracle: plain minimax, written the obvious way (a fresh clone
//! and move list per node, no pruning), on random positions of every game.
//!
//! With a full window at the root, alpha-beta must return the exact minimax value and
//! the first move (in the game's order) that reaches it. This pins the allocation-free
//! search to the textbook definition, whatever buffers it reuses.

use proptest::prelude::*;

use super::alphabeta::HEURISTIC_CAP;
use super::*;
use crate::beans::Beans;
use crate::cards24::Cards24;
use crate::game::GameParams;
use crate::mathtricks::MathTricks;
use crate::nim::Nim;
use crate::oneway::{King, Knight, OneWay, Queen, Rook};
use crate::rng::GameRng;

/// The minimax value of `state` for `seat`, `depth` plies deep, valued as `AlphaBeta`
/// values positions (quick wins, slow losses, clamped heuristic at the horizon).
pub(super) fn minimax<G: Game>(state: &G, seat: Player, depth: u32, ply: u32) -> i64 {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    if moves.is_empty() {
        return terminal_value(state, seat, ply);
    }
    if depth == 0 {
        return state.heuristic(seat).clamp(-HEURISTIC_CAP, HEURISTIC_CAP);
    }
    let values = moves.iter().map(|&mv| {
        let mut child = state.clone();
        child.apply(mv);
        minimax(&child, seat, depth - 1, ply + 1)
    });
    if state.to_move() == seat {
        values.max().expect("moves")
    } else {
        values.min().expect("moves")
    }
}

/// The oracle's choice at the root: the first move with the best minimax value.
fn oracle<G: Game>(state: &G, depth: u32) -> (G::Move, i64) {
    let me = state.to_move();
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let mut best = (moves[0], i64::MIN);
    for &mv in &moves {
        let mut child = state.clone();
        child.apply(mv);
        let value = minimax(&child, me, depth - 1, 1);
        if value > best.1 {
            best = (mv, value);
        }
    }
    best
}

/// Plays `plies` random moves from a random start of `G` and, if the game is not over,
/// checks alpha-beta against the oracle at `depth`, with a searcher reused twice.
fn agrees<G: Game>(params: &GameParams, seed: u64, plies: u32, depth: u32) {
    let mut rng = GameRng::new(seed);
    let mut state = G::new_random(params, &mut rng).expect("valid parameters");
    let mut moves = Vec::new();
    for _ in 0..plies {
        moves.clear();
        state.legal_moves(&mut moves);
        if moves.is_empty() {
            return;
        }
        state.apply(moves[rng.below(moves.len() as u64) as usize]);
    }
    if state.is_terminal() {
        return;
    }
    let expected = oracle(&state, depth);
    let mut searcher = AlphaBeta::new(depth);
    for _ in 0..2 {
        assert_eq!(
            searcher.search(&state),
            expected,
            "{} {params:?} seed {seed} after {plies} plies, depth {depth}: {state:?}",
            G::INFO.name
        );
    }
}

fn sized(side: u32) -> GameParams {
    GameParams::sized(side, side)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn mathtricks_alphabeta_is_minimax(
        seed in any::<u64>(),
        rows in 4u32..=7,
        cols in 4u32..=7,
        plies in 0u32..30,
        depth in 1u32..=4,
    ) {
        agrees::<MathTricks>(&GameParams::sized(rows, cols), seed, plies, depth);
    }

    #[test]
    fn oneway_alphabeta_is_minimax(
        seed in any::<u64>(),
        side in 4u32..=10,
        plies in 0u32..6,
        depth in 1u32..=4,
    ) {
        agrees::<OneWay<King>>(&sized(side), seed, plies, depth);
        agrees::<OneWay<Queen>>(&sized(side), seed, plies, depth.min(3));
        agrees::<OneWay<Rook>>(&sized(side), seed, plies, depth.min(3));
        agrees::<OneWay<Knight>>(&sized(side), seed, plies, depth);
    }

    #[test]
    fn small_games_alphabeta_is_minimax(
        seed in any::<u64>(),
        plies in 0u32..8,
        depth in 1u32..=4,
    ) {
        agrees::<Beans>(&GameParams::default(), seed, plies, depth);
        agrees::<Cards24>(&GameParams::default(), seed, plies, depth);
        agrees::<Nim>(&GameParams::default(), seed, plies, depth.min(2));
    }
}
