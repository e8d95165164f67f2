//! `search_ties` and `RandomTies` against the plain-minimax oracle: the tied moves are
//! exactly the root moves of the best minimax value, the value is `search`'s, and the
//! random choice among them is reproducible from the bot's seed.

use proptest::prelude::*;

use super::oracle_tests::minimax;
use super::Strategy;
use super::*;
use crate::determinant::Determinant;
use crate::game::GameParams;
use crate::kalah::Kalah;
use crate::mathtricks::MathTricks;
use crate::nim::Nim;
use crate::rng::GameRng;

/// The root moves of the best minimax value, in order, and that value.
fn oracle_ties<G: Game>(state: &G, depth: u32) -> (Vec<G::Move>, i64) {
    let me = state.to_move();
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let values: Vec<i64> = moves
        .iter()
        .map(|&mv| {
            let mut child = state.clone();
            child.apply(mv);
            minimax(&child, me, depth - 1, 1)
        })
        .collect();
    let best = *values.iter().max().expect("moves");
    let tied = moves
        .iter()
        .zip(&values)
        .filter(|(_, &v)| v == best)
        .map(|(&m, _)| m)
        .collect();
    (tied, best)
}

/// A random position of `G` after `plies` random moves, if the game is not over by then.
fn position<G: Game>(params: &GameParams, seed: u64, plies: u32) -> Option<G> {
    let mut rng = GameRng::new(seed);
    let mut state = G::new_random(params, &mut rng).expect("valid parameters");
    let mut moves = Vec::new();
    for _ in 0..plies {
        moves.clear();
        state.legal_moves(&mut moves);
        if moves.is_empty() {
            return None;
        }
        state.apply(moves[rng.below(moves.len() as u64) as usize]);
    }
    (!state.is_terminal()).then_some(state)
}

fn agrees<G: Game>(params: &GameParams, seed: u64, plies: u32, depth: u32) {
    let Some(state) = position::<G>(params, seed, plies) else {
        return;
    };
    let (tied, value) = oracle_ties(&state, depth);
    let mut best = Vec::new();
    let got = AlphaBeta::new(depth).search_ties(&state, &mut best);
    assert_eq!(
        (best.clone(), got),
        (tied, value),
        "{state:?} depth {depth}"
    );
    assert_eq!(AlphaBeta::new(depth).search(&state), (best[0], value));
    let ctx = Context {
        seat: state.to_move(),
        ply: plies,
        seed,
    };
    let mv = RandomTies::new(depth).choose(&ctx, &state);
    assert!(best.contains(&mv));
    assert_eq!(
        RandomTies::new(depth).choose(&ctx, &state),
        mv,
        "same seed, same move"
    );
}

fn kalah(rules: &str) -> GameParams {
    let mut p = GameParams::default();
    p.options.insert("rules".into(), rules.into());
    p
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn tied_moves_are_the_oracles_best_moves(seed in any::<u64>(), plies in 0u32..30, depth in 1u32..=4) {
        agrees::<Kalah>(&kalah("seed"), seed, plies, depth);
        agrees::<Kalah>(&kalah("standard"), seed, plies, depth);
        agrees::<MathTricks>(&GameParams::sized(5, 5), seed, plies, depth.min(3));
        agrees::<Nim>(&GameParams::default(), seed, plies % 6, depth.min(2));
        let mut table = GameParams::default();
        table.options.insert("table".into(), "1.2/.3./...".into());
        agrees::<Determinant>(&table, seed, plies % 5, depth.min(3));
    }
}

#[test]
fn ties_are_broken_by_the_bots_seed() {
    // Kalah's opening under the seed rules: several first moves are worth the same.
    let state = position::<Kalah>(&kalah("seed"), 3, 0).unwrap();
    let mut best = Vec::new();
    AlphaBeta::new(2).search_ties(&state, &mut best);
    assert!(best.len() >= 2, "{best:?}");
    let chosen: std::collections::BTreeSet<_> = (0..64)
        .map(|seed| {
            let ctx = Context {
                seat: state.to_move(),
                ply: 0,
                seed,
            };
            RandomTies::new(2).choose(&ctx, &state)
        })
        .collect();
    assert_eq!(chosen.into_iter().collect::<Vec<_>>(), best);
}

#[test]
fn only_games_that_ask_for_it_break_ties_at_random() {
    use crate::strategy::ExtraStrategies;
    const { assert!(Kalah::RANDOM_TIES && Determinant::RANDOM_TIES) };
    const { assert!(!MathTricks::RANDOM_TIES && !Nim::RANDOM_TIES) };
    // MathTricks' alphabeta is still the plain search: the first of equal moves.
    let state = position::<MathTricks>(&GameParams::sized(6, 6), 5, 3).unwrap();
    for seed in 0..8 {
        let ctx = Context {
            seat: state.to_move(),
            ply: 3,
            seed,
        };
        let mut s = for_game::<MathTricks>("alphabeta", Some(3)).unwrap();
        assert_eq!(s.choose(&ctx, &state), AlphaBeta::new(3).search(&state).0);
    }
}
