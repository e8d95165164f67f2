//! Nim: rules, the safe positions and the worked example of `docs/games/nim.md`, the XOR theory against
//! an exhaustive solver, random playouts.

use proptest::prelude::*;

use super::*;
use crate::conformance::{check_playout_from};
use crate::strategy::theory_check::{check_perfect_move, duel, legal, Solver};
use crate::strategy::RandomMover;

fn nim(heaps: &[u32]) -> Nim {
    Nim::new(heaps.to_vec(), Player::First).unwrap()
}

fn probe(g: &Nim) -> Vec<i32> {
    let mut p = vec![-1, 0, 1, 1 << 16, 0xFFFF];
    for heap in 0..=g.heaps().len() as i32 {
        p.extend((0..=20).map(|c| heap << 16 | c));
    }
    p
}

#[test]
fn moves_take_from_one_heap() {
    let g = nim(&[2, 0, 1]);
    let moves: Vec<i32> = legal(&g).iter().map(|&m| g.encode_move(m)).collect();
    assert_eq!(moves, [1, 2, 2 << 16 | 1]);
    let mut g = nim(&[0, 1]);
    g.play(Take { heap: 1, count: 1 }).unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Win(Player::First)));
}

#[test]
fn illegal_moves_are_explained() {
    let g = nim(&[3, 0, 5]);
    assert!(g
        .why_illegal(Take { heap: 3, count: 1 })
        .unwrap()
        .contains("no heap 4"));
    assert!(g
        .why_illegal(Take { heap: 0, count: 0 })
        .unwrap()
        .contains("at least one"));
    assert!(g
        .why_illegal(Take { heap: 1, count: 1 })
        .unwrap()
        .contains("heap 2 is empty"));
    assert!(g
        .why_illegal(Take { heap: 2, count: 6 })
        .unwrap()
        .contains("only 5"));
    assert!(nim(&[0])
        .why_illegal(Take { heap: 0, count: 1 })
        .unwrap()
        .contains("over"));
    assert_eq!(g.decode_move(-3), None);
    assert_eq!(g.decode_move(3 << 16), None);
    assert_eq!(g.parse_move("3 4"), Ok(Take { heap: 2, count: 4 }));
    assert!(g.parse_move("0 4").unwrap_err().to_string().contains("heap 0 does not exist"));
    assert!(g.parse_move("4").is_err());
    assert_eq!(g.describe_move(Take { heap: 2, count: 4 }), "3 4");
}

#[test]
fn words_setup_and_options() {
    let g = nim(&[1, 6, 6, 2, 9]);
    let mut w = Vec::new();
    g.write_state(&mut w);
    assert_eq!(w, [5, 1, 6, 6, 2, 9]);
    assert!(Nim::read_state(&[2, 1], Player::First).is_err());
    assert!(Nim::read_state(&[1, -1], Player::First).is_err());
    assert!(Nim::read_state(&[0], Player::First).is_err());
    assert_eq!(g.setup(), "1 6 6 2 9");
    assert_eq!(Nim::from_setup("1 6 6 2 9").unwrap(), g);
    assert!(Nim::from_setup("0 0").is_err());
    assert!(Nim::from_setup("1 1001").is_err());
    assert!(Nim::from_setup("").is_err());
    let mut rng = GameRng::new(5);
    let mut p = GameParams::sized(99, 99);
    p.options.insert("heaps".into(), "3,4,5".into());
    assert_eq!(Nim::new_random(&p, &mut rng).unwrap().heaps(), [3, 4, 5]);
    p.options.insert("heaps".into(), "0,0".into());
    assert!(Nim::new_random(&p, &mut rng).is_err());
    p.options.insert("heaps".into(), "3,x".into());
    assert!(Nim::new_random(&p, &mut rng).is_err());
    let mut p = GameParams::default();
    p.options.insert("stones".into(), "3".into());
    assert!(Nim::new_random(&p, &mut rng).is_err());
    assert!(Nim::new_random(&GameParams::sized(17, 5), &mut rng).is_err());
    assert!(Nim::new_random(&GameParams::sized(5, 0), &mut rng).is_err());
    let g = Nim::new_random(&GameParams::default(), &mut rng).unwrap();
    assert_eq!(g.heaps().len(), 5);
}

/// The classic worked example: after the computer's move the heaps are 1, 6, 6, 2, 3 — a safe
/// position; it got there from 1, 6, 6, 2, 9 by taking 6 from the fifth heap.
#[test]
fn seed_003_worked_example() {
    assert!(is_safe(&[1, 6, 6, 2, 3]));
    assert!(!is_safe(&[1, 6, 6, 2, 9]));
    assert_eq!(Perfect::best(&[1, 6, 6, 2, 9]), Take { heap: 4, count: 6 });
    assert!(!Solver::new().wins(&nim(&[1, 6, 6, 2, 3])));
}

/// The column-parity rule in its own words: write the heaps in binary; safe when every column's
/// sum of digits is even.
fn columns_even(heaps: &[u32]) -> bool {
    (0..32).all(|bit| heaps.iter().filter(|&&h| h >> bit & 1 == 1).count() % 2 == 0)
}

/// Every position of `n` heaps of at most `max` stones, in counting order.
fn all_positions(n: usize, max: u32) -> Vec<Vec<u32>> {
    let mut out = vec![vec![]];
    for _ in 0..n {
        out = out
            .into_iter()
            .flat_map(|p| (0..=max).map(move |h| [p.clone(), vec![h]].concat()))
            .collect();
    }
    out
}

#[test]
fn theory_and_perfect_player_match_the_solver_everywhere() {
    let mut solver = Solver::new();
    for (n, max) in [(1, 20), (2, 12), (3, 7), (5, 3)] {
        for heaps in all_positions(n, max) {
            let g = nim(&heaps);
            assert_eq!(is_safe(&heaps), columns_even(&heaps), "{heaps:?}");
            assert_eq!(solver.wins(&g), !is_safe(&heaps), "{heaps:?}");
            if !g.is_terminal() {
                check_perfect_move(&g, &mut Perfect, &mut solver);
            }
        }
    }
}

#[test]
fn perfect_wins_every_unsafe_start() {
    for seed in 0..30 {
        let g = Nim::new_random(&GameParams::default(), &mut GameRng::new(seed)).unwrap();
        if is_safe(g.heaps()) {
            continue;
        }
        let outcome = duel(&g, [&mut Perfect, &mut RandomMover::default()], seed);
        assert_eq!(outcome, Outcome::Win(Player::First), "{:?}", g.heaps());
    }
}

#[test]
fn random_playouts_keep_the_contract() {
    for seed in 0..20 {
        let g = Nim::new_random(&GameParams::sized(4, 12), &mut GameRng::new(seed)).unwrap();
        check_playout_from(&g, seed, 48, &probe(&g));
    }
    let kind = crate::find_game("nim").unwrap();
    assert_eq!(kind.info().id, 7);
    assert!(kind.builtin("perfect", None).is_ok());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn generated_positions_are_valid_reproducible_and_finish(
        seed: u64,
        rows in 1u32..=MAX_HEAPS,
        cols in 1u32..=40,
    ) {
        let params = GameParams::sized(rows, cols);
        let a = Nim::new_random(&params, &mut GameRng::new(seed)).unwrap();
        let b = Nim::new_random(&params, &mut GameRng::new(seed)).unwrap();
        prop_assert_eq!(&a, &b);
        prop_assert_eq!(a.heaps().len(), rows as usize);
        prop_assert!(a.heaps().iter().all(|&h| (1..=cols).contains(&h)));
        let stones: u32 = a.heaps().iter().sum();
        prop_assert!(check_playout_from(&a, seed, stones as usize, &[-1, 0, 1]) <= stones as usize);
    }
}
