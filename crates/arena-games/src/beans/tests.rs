//! Beans: rules, the table of small positions, the parity theory against an exhaustive solver, and
//! random playouts.

use proptest::prelude::*;

use super::*;
use crate::conformance::{check_playout_from, check_state_probing};
use crate::strategy::theory_check::{check_perfect_move, duel, Solver};

fn at(white: u32, black: u32) -> Beans {
    Beans::new(white, black, Player::First).unwrap()
}

const PROBE: &[i32] = &[-1, 0, 1, 2, 3, 4, 100];

#[test]
fn moves_take_one_bean_or_one_of_each() {
    let mut moves = Vec::new();
    at(2, 3).legal_moves(&mut moves);
    assert_eq!(moves, [Take::White, Take::Black, Take::Both]);
    moves.clear();
    at(0, 3).legal_moves(&mut moves);
    assert_eq!(moves, [Take::Black]);
    let mut g = at(1, 1);
    g.play(Take::Both).unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Win(Player::First)));
    assert_eq!(g.to_move(), Player::Second);
}

#[test]
fn illegal_moves_are_explained() {
    let g = at(0, 2);
    assert_eq!(g.why_illegal(Take::White).unwrap(), "no white bean is left");
    assert!(g.why_illegal(Take::Both).unwrap().contains("both colours"));
    assert!(at(0, 0)
        .why_illegal(Take::Black)
        .unwrap()
        .contains("game is over"));
    assert_eq!(g.decode_move(0), None);
    assert_eq!(g.decode_move(4), None);
    assert!(g.parse_move("x").is_err());
    assert_eq!(g.parse_move(" BW "), Ok(Take::Both));
}

#[test]
fn words_setup_and_errors() {
    let g = at(7, 4);
    let mut w = Vec::new();
    g.write_state(&mut w);
    assert_eq!(w, [7, 4]);
    assert!(Beans::read_state(&[1], Player::First).is_err());
    assert!(Beans::read_state(&[-1, 2], Player::First).is_err());
    assert!(Beans::read_state(&[1001, 2], Player::First).is_err());
    assert_eq!(g.setup(), "7 4");
    assert_eq!(Beans::from_setup("7 4").unwrap(), g);
    assert!(Beans::from_setup("0 0").is_err());
    assert!(Beans::from_setup("1 2 3").is_err());
}

#[test]
fn parameters_are_checked() {
    let mut rng = GameRng::new(1);
    assert!(Beans::new_random(&GameParams::sized(0, 5), &mut rng).is_err());
    assert!(Beans::new_random(&GameParams::sized(5, 1001), &mut rng).is_err());
    let mut p = GameParams::sized(5, 5);
    p.options.insert("x".into(), "1".into());
    assert!(Beans::new_random(&p, &mut rng).is_err());
}

/// The classic table of small positions: (M, N) and whether the position is favourable for the first
/// player A (the player to move).
const TABLE_1: [(u32, u32, bool); 9] = [
    (0, 0, false),
    (1, 0, true),
    (1, 1, true),
    (2, 0, false),
    (2, 1, true),
    (3, 0, true),
    (2, 2, false),
    (3, 1, true),
    (3, 2, true),
];

#[test]
fn seed_000_table_1() {
    let mut solver = Solver::new();
    for (m, n, favourable) in TABLE_1 {
        assert_eq!(!is_losing(m, n), favourable, "({m}, {n})");
        assert_eq!(solver.wins(&at(m, n)), favourable, "solver ({m}, {n})");
        // The game is symmetric in the colours.
        assert_eq!(solver.wins(&at(n, m)), favourable, "solver ({n}, {m})");
    }
}

#[test]
fn theory_and_perfect_player_match_the_solver_everywhere() {
    let mut solver = Solver::new();
    for white in 0..=16 {
        for black in 0..=16 {
            for seat in Player::BOTH {
                let g = Beans::new(white, black, seat).unwrap();
                assert_eq!(
                    solver.wins(&g),
                    !is_losing(white, black),
                    "({white}, {black})"
                );
                if !g.is_terminal() {
                    check_perfect_move(&g, &mut Perfect, &mut solver);
                }
            }
        }
    }
}

#[test]
fn perfect_player_beats_random_from_every_won_start() {
    for seed in 0..40 {
        let g0 = Beans::new_random(&GameParams::sized(9, 9), &mut GameRng::new(seed)).unwrap();
        if is_losing(g0.white(), g0.black()) {
            continue;
        }
        let mut random = crate::strategy::RandomMover::default();
        let outcome = duel(&g0, [&mut Perfect, &mut random], seed);
        assert_eq!(outcome, Outcome::Win(Player::First), "from {g0:?}");
    }
}

#[test]
fn random_playouts_keep_the_contract() {
    for seed in 0..30 {
        let g = Beans::new_random(&GameParams::default(), &mut GameRng::new(seed)).unwrap();
        check_playout_from(&g, seed, 2 * MAX_PILE as usize, PROBE);
    }
    check_state_probing(&at(0, 0), "position", PROBE);
}

#[test]
fn registry_offers_perfect() {
    let kind = crate::find_game("beans").unwrap();
    assert_eq!(kind.info().id, 2);
    assert!(kind.strategy_names().contains(&"perfect"));
    assert!(kind.builtin("perfect", None).is_ok());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn generated_positions_are_valid_and_reproducible(seed: u64, rows in 1u32..=60, cols in 1u32..=60) {
        let params = GameParams::sized(rows, cols);
        let a = Beans::new_random(&params, &mut GameRng::new(seed)).unwrap();
        let b = Beans::new_random(&params, &mut GameRng::new(seed)).unwrap();
        prop_assert_eq!(&a, &b);
        prop_assert!(a.white() <= rows && a.black() <= cols);
        prop_assert!(a.white() + a.black() > 0);
        prop_assert_eq!(a.to_move(), Player::First);
        let plies = check_playout_from(&a, seed, (rows + cols) as usize, PROBE);
        prop_assert!(plies <= (rows + cols) as usize);
    }
}
