//! The rules of the four pieces, the start, the words, the setup and random playouts.

use proptest::prelude::*;

use super::*;
use crate::conformance::{check_playout_from};
use crate::strategy::theory_check::{legal};

fn sq(row: u32, col: u32) -> Square {
    Square { row, col }
}

#[test]
fn each_piece_moves_as_documented() {
    assert_eq!(
        legal(&at::<King>(8, 8, 3, 3)),
        [sq(2, 2), sq(2, 3), sq(3, 2)]
    );
    assert_eq!(
        legal(&at::<Queen>(8, 8, 2, 2)),
        [sq(0, 0), sq(0, 2), sq(1, 1), sq(1, 2), sq(2, 0), sq(2, 1)]
    );
    assert_eq!(
        legal(&at::<Rook>(8, 8, 2, 1)),
        [sq(0, 1), sq(1, 1), sq(2, 0)]
    );
    assert_eq!(
        legal(&at::<Knight>(8, 8, 3, 3)),
        [sq(1, 2), sq(1, 4), sq(2, 1), sq(4, 1)]
    );
    // On the top row the knight cannot step up; on the right edge it cannot step right.
    assert_eq!(legal(&at::<Knight>(8, 8, 7, 7)), [sq(5, 6), sq(6, 5)]);
    assert_eq!(legal(&at::<Knight>(8, 8, 2, 0)), [sq(0, 1)]);
}

/// The goal squares are exactly the squares without a move, on every board: so no
/// piece is ever stuck off the goal, and "no move" never needs a rule of its own.
fn goals_are_the_dead_ends<P: Piece>(rows: u32, cols: u32) {
    for s in squares(rows, cols) {
        let g = at::<P>(rows, cols, s.row, s.col);
        assert_eq!(
            P::is_goal(s),
            legal(&g).is_empty(),
            "{} {rows}x{cols} ({s})",
            P::INFO.name
        );
    }
}

#[test]
fn goals_are_exactly_the_squares_without_moves() {
    for rows in MIN_SIDE..=12 {
        for cols in MIN_SIDE..=12 {
            goals_are_the_dead_ends::<King>(rows, cols);
            goals_are_the_dead_ends::<Queen>(rows, cols);
            goals_are_the_dead_ends::<Rook>(rows, cols);
            goals_are_the_dead_ends::<Knight>(rows, cols);
        }
    }
    for (rows, cols) in [(64, 64), (4, 64), (64, 4), (31, 17)] {
        goals_are_the_dead_ends::<King>(rows, cols);
        goals_are_the_dead_ends::<Queen>(rows, cols);
        goals_are_the_dead_ends::<Rook>(rows, cols);
        goals_are_the_dead_ends::<Knight>(rows, cols);
    }
}

#[test]
fn winner_is_who_reached_the_goal() {
    let mut g = at::<King>(4, 4, 1, 1);
    g.play(sq(0, 0)).unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Win(Player::First)));
    let mut g = at::<Knight>(4, 4, 2, 3);
    g.play(sq(1, 1)).unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Win(Player::First)));
    assert_eq!(g.to_move(), Player::Second);
}

#[test]
fn illegal_moves_are_explained() {
    let g = at::<King>(8, 8, 3, 3);
    assert!(g
        .why_illegal(sq(8, 0))
        .unwrap()
        .contains("off the 8x8 board"));
    assert!(g.why_illegal(sq(3, 3)).unwrap().contains("must move"));
    let far = g.why_illegal(sq(1, 1)).unwrap();
    assert!(
        far.contains("cannot go from (3 3) to (1 1)") && far.contains("one square"),
        "{far}"
    );
    assert!(g.why_illegal(sq(4, 3)).is_some());
    let rook = at::<Rook>(8, 8, 3, 3);
    assert!(rook.why_illegal(sq(2, 2)).unwrap().contains("left or down"));
    let over = at::<Queen>(8, 8, 0, 0);
    assert!(over.why_illegal(sq(0, 1)).unwrap().contains("game is over"));
    assert_eq!(g.decode_move(-1), None);
    assert_eq!(g.decode_move(64), None);
    assert_eq!(g.decode_move(9), Some(sq(1, 1)));
    assert!(g.parse_move("9 9").unwrap_err().to_string().contains("off the board"));
    assert!(g
        .parse_move("-1 0")
        .unwrap_err()
        .to_string()
        .starts_with("(-1 0) is off the board"));
    assert!(g
        .parse_move("0 4294967296")
        .unwrap_err()
        .to_string()
        .contains("off the board"));
    assert!(g.parse_move("2").is_err());
    assert_eq!(g.parse_move(" 2, 3 "), Ok(sq(2, 3)));
}

#[test]
fn words_and_setup() {
    let g = at::<Queen>(6, 9, 5, 7);
    let mut w = Vec::new();
    g.write_state(&mut w);
    assert_eq!(w, [6, 9, 5, 7]);
    assert_eq!(g.setup(), "6x9 5 7");
    assert_eq!(OneWay::<Queen>::from_setup("6x9 5 7").unwrap(), g);
    assert!(OneWay::<Queen>::from_setup("6x9 0 0")
        .unwrap_err()
        .0
        .contains("nothing to play"));
    assert!(OneWay::<Knight>::from_setup("6x9 1 0").is_err());
    assert!(OneWay::<King>::from_setup("6x9 6 0").is_err());
    assert!(OneWay::<King>::from_setup("3x9 1 1").is_err());
    assert!(OneWay::<King>::from_setup("6 9 1 1").is_err());
    assert!(OneWay::<King>::read_state(&[6, 9, 5], Player::First).is_err());
    assert!(OneWay::<King>::read_state(&[6, 9, 6, 0], Player::First).is_err());
    assert!(OneWay::<King>::read_state(&[65, 9, 6, 0], Player::First).is_err());
    assert!(OneWay::<King>::read_state(&[6, 9, -1, 0], Player::First).is_err());
}

#[test]
fn start_is_the_corner_or_random_in_the_top_right_area() {
    let mut params = GameParams::sized(8, 10);
    params.options.insert("start".into(), "corner".into());
    let g = OneWay::<King>::new_random(&params, &mut GameRng::new(3)).unwrap();
    assert_eq!(g.at(), sq(7, 9));
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..200 {
        let g =
            OneWay::<King>::new_random(&GameParams::sized(8, 10), &mut GameRng::new(seed)).unwrap();
        assert!((5..8).contains(&g.at().row) && (7..10).contains(&g.at().col));
        seen.insert(g.at());
    }
    assert_eq!(seen.len(), 9, "every square of the area is drawn");
    // On a 4x4 board the knight's area holds a goal square, which is never drawn.
    assert_eq!(OneWay::<Knight>::start_squares(4, 4).len(), 8);
    for seed in 0..50 {
        let g = OneWay::<Knight>::new_random(&GameParams::sized(4, 4), &mut GameRng::new(seed))
            .unwrap();
        assert!(!g.is_terminal());
    }
}

#[test]
fn parameters_are_checked() {
    let mut rng = GameRng::new(1);
    assert!(OneWay::<King>::new_random(&GameParams::sized(3, 8), &mut rng).is_err());
    assert!(OneWay::<King>::new_random(&GameParams::sized(8, 65), &mut rng).is_err());
    let mut p = GameParams::sized(8, 8);
    p.options.insert("start".into(), "middle".into());
    assert!(OneWay::<Rook>::new_random(&p, &mut rng).is_err());
    let mut p = GameParams::sized(8, 8);
    p.options.insert("colour".into(), "red".into());
    assert!(OneWay::<Rook>::new_random(&p, &mut rng).is_err());
    let g = OneWay::<Queen>::new_random(&GameParams::default(), &mut rng).unwrap();
    assert_eq!((g.rows(), g.cols()), (8, 8));
}

#[test]
fn registry_lists_the_family_with_perfect_players() {
    for (name, id) in [("king", 3), ("queen", 4), ("rook", 5), ("knight", 6)] {
        let kind = crate::find_game(name).unwrap();
        assert_eq!(kind.info().id, id);
        assert!(kind.builtin("perfect", None).is_ok());
        let g = kind.new_game(&GameParams::default(), 7).unwrap();
        assert_eq!(
            kind.start_from_setup(&g.setup()).unwrap().legal_moves(),
            g.legal_moves()
        );
    }
}

fn playouts<P: Piece>(rows: u32, cols: u32, seed: u64) -> usize {
    let g =
        OneWay::<P>::new_random(&GameParams::sized(rows, cols), &mut GameRng::new(seed)).unwrap();
    check_playout_from(&g, seed, (rows + cols) as usize, &probe(rows, cols))
}

#[test]
fn random_playouts_keep_the_contract() {
    for seed in 0..10 {
        playouts::<King>(8, 8, seed);
        playouts::<Queen>(8, 8, seed);
        playouts::<Rook>(5, 9, seed);
        playouts::<Knight>(9, 6, seed);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn generated_positions_are_valid_reproducible_and_finish(
        seed: u64,
        rows in MIN_SIDE..=20,
        cols in MIN_SIDE..=20,
    ) {
        let params = GameParams::sized(rows, cols);
        let a = OneWay::<Knight>::new_random(&params, &mut GameRng::new(seed)).unwrap();
        let b = OneWay::<Knight>::new_random(&params, &mut GameRng::new(seed)).unwrap();
        prop_assert_eq!(&a, &b);
        prop_assert!(a.at().row + START_AREA >= rows && a.at().col + START_AREA >= cols);
        prop_assert!(!a.is_terminal());
        let limit = (rows + cols) as usize;
        prop_assert!(playouts::<King>(rows, cols, seed) <= limit);
        prop_assert!(playouts::<Queen>(rows, cols, seed) <= limit);
        prop_assert!(playouts::<Rook>(rows, cols, seed) <= limit);
        prop_assert!(playouts::<Knight>(rows, cols, seed) <= limit);
    }
}
