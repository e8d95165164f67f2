//! 24 cards: rules, the published table's entries, the table against an exhaustive solver on
//! every position, random playouts.

use proptest::prelude::*;

use super::table::{grundy_table, index, position, BUST, POSITIONS};
use super::*;
use crate::conformance::{check_playout_from, check_state_probing};
use crate::strategy::theory_check::{check_perfect_move, duel, legal, Solver};
use crate::strategy::RandomMover;

const PROBE: &[i32] = &[-1, 0, 1, 2, 3, 4, 5, 6, 7, 50];

fn cards(left: [u8; VALUES]) -> Cards24 {
    Cards24::new(left, Player::First).unwrap()
}

#[test]
fn the_deck_the_total_and_the_end() {
    let g = Cards24::standard();
    assert_eq!(g.total(), 0);
    assert_eq!(legal(&g), (1..=6).map(Card).collect::<Vec<_>>());
    // 49 taken, a 1 left: taking it reaches exactly 50 and wins.
    let mut g = cards([4, 3, 2, 2, 1, 1]);
    assert_eq!(g.total(), 49);
    g.play(Card(1)).unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Win(Player::First)));
    // Passing 50 is a legal move that loses at once.
    let mut g = cards([4, 3, 2, 2, 1, 1]);
    g.play(Card(6)).unwrap();
    assert_eq!(g.total(), 55);
    assert_eq!(g.outcome(), Some(Outcome::Win(Player::Second)));
    assert!(legal(&g).is_empty());
}

#[test]
fn illegal_moves_are_explained() {
    let g = cards([0, 4, 4, 4, 4, 4]);
    assert!(g
        .why_illegal(Card(1))
        .unwrap()
        .contains("no card of value 1"));
    assert!(g.why_illegal(Card(7)).unwrap().contains("1 to 6"));
    let over = cards([3, 3, 2, 2, 1, 1]);
    assert!(over.why_illegal(Card(2)).unwrap().contains("game is over"));
    assert_eq!(g.decode_move(0), None);
    assert_eq!(g.decode_move(7), None);
    assert!(g.parse_move("9").is_err());
    assert_eq!(g.parse_move(" 4 "), Ok(Card(4)));
}

#[test]
fn words_setup_and_parameters() {
    let g = cards([4, 3, 2, 2, 1, 1]);
    let mut w = Vec::new();
    g.write_state(&mut w);
    assert_eq!(w, [49, 50, 4, 3, 2, 2, 1, 1]);
    assert!(Cards24::read_state(&[48, 50, 4, 3, 2, 2, 1, 1], Player::First).is_err());
    assert!(Cards24::read_state(&[49, 51, 4, 3, 2, 2, 1, 1], Player::First).is_err());
    assert!(Cards24::read_state(&[49, 50, 4, 3, 2, 2, 1], Player::First).is_err());
    assert!(Cards24::read_state(&[0, 50, 5, 4, 4, 4, 4, 4], Player::First).is_err());
    assert_eq!(g.setup(), "4 3 2 2 1 1");
    assert_eq!(Cards24::from_setup("4 3 2 2 1 1").unwrap(), g);
    assert!(Cards24::from_setup("3 3 2 2 1 1").is_err());
    assert!(Cards24::from_setup("4 4 4 4 4").is_err());
    assert!(Cards24::from_setup("4 4 4 4 4 x").is_err());
    let mut rng = GameRng::new(3);
    assert_eq!(
        Cards24::new_random(&GameParams::sized(9, 9), &mut rng).unwrap(),
        Cards24::standard()
    );
    let mut p = GameParams::default();
    p.options.insert("target".into(), "40".into());
    assert!(Cards24::new_random(&p, &mut rng).is_err());
}

/// The published table entries, `SG[ones, twos, …, sixes]` by cards left on the table.
#[test]
fn seed_003_table_entries() {
    let table = grundy_table();
    let sg = |left: [u8; 6]| table[index(&left)];
    assert_eq!(sg([3, 3, 2, 2, 1, 1]), 0, "sum 50");
    assert_eq!(sg([4, 2, 2, 2, 1, 1]), BUST, "sum 51");
    assert_eq!(sg([4, 3, 1, 2, 1, 1]), BUST, "sum 52");
    assert_eq!(sg([4, 3, 2, 2, 1, 1]), 1, "sum 49");
    assert_eq!(sg([2, 3, 4, 2, 4, 4]), 3, "figure 5");
    assert_eq!(sg([2, 3, 4, 1, 4, 4]), 0, "figure 5, after taking a 4");
    assert_eq!(sg([2, 3, 4, 3, 3, 4]), 0, "figure 6");
    // Figure 5: from SG 3 the computer takes a 4.
    assert_eq!(Perfect::default().best(&cards([2, 3, 4, 2, 4, 4])), Card(4));
}

#[test]
fn index_and_position_are_inverse() {
    for i in 0..POSITIONS {
        assert_eq!(index(&position(i)), i);
    }
}

/// Every one of the 15 625 positions, for both seats: the table's zeros are exactly the
/// solver's lost positions, cards never run out before the game ends, and the perfect
/// player never gives away a won position.
#[test]
fn table_and_perfect_player_match_the_solver_everywhere() {
    let table = grundy_table();
    let mut solver = Solver::new();
    let mut perfect = Perfect::default();
    for (i, &value) in table.iter().enumerate() {
        for seat in Player::BOTH {
            let g = Cards24::new(position(i), seat).unwrap();
            if g.is_terminal() {
                continue;
            }
            assert!(!legal(&g).is_empty(), "cards ran out below 50: {g:?}");
            assert_eq!(solver.wins(&g), value != 0, "{g:?}");
            check_perfect_move(&g, &mut perfect, &mut solver);
        }
    }
}

/// The standard start is won by the first player (its table value is 3), so
/// `perfect` wins every game it starts.
#[test]
fn the_standard_start_is_won_by_the_first_player() {
    let table = grundy_table();
    assert_eq!(table[index(&[COPIES; VALUES])], 3);
    assert!(Solver::new().wins(&Cards24::standard()));
    for seed in 0..20 {
        let outcome = duel(
            &Cards24::standard(),
            [&mut Perfect::default(), &mut RandomMover::default()],
            seed,
        );
        assert_eq!(outcome, Outcome::Win(Player::First));
    }
}

#[test]
fn random_playouts_keep_the_contract() {
    for seed in 0..30 {
        check_playout_from(&Cards24::standard(), seed, 24, PROBE);
    }
    check_state_probing(&cards([0, 0, 0, 0, 0, 0]), "position", PROBE);
    let kind = crate::find_game("cards24").unwrap();
    assert_eq!(kind.info().id, 8);
    assert!(kind.builtin("perfect", None).is_ok());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn mid_game_setups_round_trip_and_finish(left in proptest::array::uniform6(0u8..=COPIES), seed: u64) {
        let g = Cards24::new(left, Player::First).unwrap();
        prop_assume!(!g.is_terminal());
        prop_assert_eq!(Cards24::from_setup(&g.setup()).unwrap(), g.clone());
        prop_assert!(check_playout_from(&g, seed, 24, PROBE) <= 24);
    }
}
