//! The guards of the searches without pruning ([`crate::strategy::budget`]): every
//! builtin of every table game is accepted where it always was (default sizes and
//! depths), and refused with the reason where its search would not finish.

use proptest::prelude::*;

use super::table::*;
use crate::game::GameParams;
use crate::oneway::bots::oneway_maxn;
use crate::oneway::{King, Knight, Queen, Rook};
use crate::strategy::budget::{tree_work, MOST_WORK};
use crate::tictactoe::bots::{maxn_work, TICTACTOE_MAXN};

fn with(options: &[(&str, &str)], rows: Option<u32>, cols: Option<u32>) -> GameParams {
    let mut p = GameParams {
        rows,
        cols,
        ..GameParams::default()
    };
    for (k, v) in options {
        p.options.insert(k.to_string(), v.to_string());
    }
    p
}

fn too_much(err: Option<BuiltinError>) -> String {
    match err {
        Some(BuiltinError::TooMuchWork(why)) => why.to_string(),
        other => panic!("expected a refusal for its work, got {other:?}"),
    }
}

#[test]
fn every_builtin_of_every_game_plays_its_default_size_and_depth_as_before() {
    for kind in table_games() {
        let seats = kind.seats();
        for players in seats.min..=seats.max {
            let n = players.to_string();
            let params = with(&[("players", &n)], None, None);
            if kind.seat_count(&params).is_err() {
                continue;
            }
            for name in kind.strategy_names() {
                if let Err(BuiltinError::TooMuchWork(why)) = kind.builtin(name, None, &params) {
                    panic!("{} {name} players={players}: {why}", kind.info().name)
                }
            }
        }
    }
}

#[test]
fn oneway_maxn_is_refused_where_its_search_would_not_finish() {
    let board = |players: &str, n: u32| with(&[("players", players)], Some(n), Some(n));
    for piece in ["king", "queen", "rook", "knight"] {
        let kind = find_table_game(piece).unwrap();
        // The default board at the default depth, for two and three seats, as before.
        for players in ["2", "3"] {
            assert!(
                kind.builtin("maxn", None, &board(players, 8)).is_ok(),
                "{piece}"
            );
            assert!(
                kind.builtin("greedy", None, &board("3", 64)).is_ok(),
                "{piece}"
            );
        }
    }
    let queen = find_table_game("queen").unwrap();
    // 24 × 24 (35 s for three games) and 64 × 64 (never finished): refused, with the
    // deepest depth that fits and the largest board that fits the default depth.
    for n in [24, 64] {
        let msg = too_much(queen.builtin("maxn", None, &board("3", n)).err());
        assert!(msg.contains("builtin:maxn cannot play queen"), "{msg}");
        assert!(msg.contains(&format!("{n}x{n} board at depth 6")), "{msg}");
        assert!(msg.contains("2^28"), "{msg}");
        assert!(
            msg.contains("largest square board that fits is 10x10"),
            "{msg}"
        );
    }
    let msg = too_much(queen.builtin("maxn", None, &board("3", 64)).err());
    assert!(msg.contains("builtin:maxn:3 is the deepest"), "{msg}");
    assert!(queen.builtin("maxn", Some(3), &board("3", 64)).is_ok());
    assert!(queen.builtin("maxn", Some(4), &board("3", 64)).is_err());
    assert!(queen.builtin("maxn", None, &board("3", 10)).is_ok());
    // Start in the corner is the same bound: the corner is where the piece starts
    // farthest from the goal.
    let corner = with(&[("players", "3"), ("start", "corner")], Some(64), Some(64));
    assert!(queen.builtin("maxn", None, &corner).is_err());
    // The king has three moves: its default depth plays every board.
    let king = find_table_game("king").unwrap();
    assert!(king.builtin("maxn", None, &board("3", 64)).is_ok());
    assert!(king.builtin("maxn", Some(18), &board("3", 64)).is_err());
}

#[test]
fn the_oneway_bound_counts_the_moves_that_shrink_along_the_way() {
    // The queen from the corner of 4 × 4: 3 + 3 + 3 moves, then at most 7 (row + column
    // at most 5: from (3, 2), 3 + 2 + 2).
    assert_eq!(crate::oneway::maxn_work::<Queen>(4, 4, 1), 9);
    assert_eq!(crate::oneway::maxn_work::<Queen>(4, 4, 2), 9 * 7);
    assert_eq!(crate::oneway::maxn_work::<King>(8, 8, 10), 3u64.pow(10));
    assert_eq!(crate::oneway::maxn_work::<Rook>(8, 8, 1), 14);
    // Deeper than the longest game adds nothing.
    assert_eq!(
        crate::oneway::maxn_work::<Rook>(4, 4, 6),
        crate::oneway::maxn_work::<Rook>(4, 4, 40)
    );
}

#[test]
fn pursuit_search_is_refused_where_it_would_not_finish() {
    let kind = find_table_game("pursuit").unwrap();
    let board = |players: &str, n: u32| with(&[("players", players)], Some(n), Some(n));
    // The default depth 4 plays every board, two or three seats, maxn and alphabeta.
    for n in [4, 8, 24, 64] {
        assert!(kind.builtin("maxn", None, &board("3", n)).is_ok(), "{n}");
        assert!(
            kind.builtin("alphabeta", None, &board("2", n)).is_ok(),
            "{n}"
        );
    }
    // Depth 8 on 64 × 64 (its deepest) is refused, maxn and alphabeta alike.
    let msg = too_much(kind.builtin("maxn", Some(8), &board("3", 64)).err());
    assert!(msg.contains("pursuit on a 64x64 board at depth 8"), "{msg}");
    assert!(msg.contains("builtin:maxn:4 is the deepest"), "{msg}");
    let msg = too_much(kind.builtin("alphabeta", Some(8), &board("2", 64)).err());
    assert!(msg.contains("builtin:alphabeta:5 is the deepest"), "{msg}");
    // 8 × 8 at depth 8 did not finish a game in minutes either; depth 7 fits.
    assert!(kind.builtin("maxn", Some(8), &board("2", 8)).is_err());
    assert!(kind.builtin("maxn", Some(7), &board("2", 8)).is_ok());
    // Other refusals keep their reasons.
    let blind = with(&[("players", "2"), ("blind", "1")], Some(64), Some(64));
    assert!(matches!(
        kind.builtin("maxn", Some(8), &blind),
        Err(BuiltinError::NotHere { .. })
    ));
}

#[test]
fn no_depth_fits_a_board_too_large_and_the_message_says_so() {
    // A leaf costing cells³ passes the limit on 64 × 64 at any depth: only a smaller
    // board is offered (20⁶ × 2² fits 2^28, 21⁶ × 2² does not).
    let search = crate::strategy::budget::Search {
        game: "test",
        name: "maxn",
        what: "two moves a ply, cells³ a leaf",
        min_side: 2,
        work: &|r, c, d| tree_work(d, u64::from(r * c).pow(3), |_| 2),
    };
    let err = search.check(64, 64, 2).unwrap_err();
    assert_eq!(err.deepest, None);
    assert_eq!(err.largest_side, Some(20));
    let msg = err.to_string();
    assert!(msg.contains("no depth fits this board"), "{msg}");
    assert!(msg.contains("20x20"), "{msg}");
    assert!(search.check(20, 20, 2).is_ok());
    assert!(search.check(21, 21, 2).is_err());
}

/// A piece's bound by name.
fn oneway(piece: u8, rows: u32, cols: u32, depth: u32) -> u64 {
    match piece {
        0 => crate::oneway::maxn_work::<King>(rows, cols, depth),
        1 => crate::oneway::maxn_work::<Queen>(rows, cols, depth),
        2 => crate::oneway::maxn_work::<Rook>(rows, cols, depth),
        _ => crate::oneway::maxn_work::<Knight>(rows, cols, depth),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Every estimate grows (or stays) with each side and with the depth.
    #[test]
    fn the_estimates_are_monotone(
        piece in 0u8..4, rows in 4u32..64, cols in 4u32..64, depth in 1u32..40,
        seats in 2u32..=3,
    ) {
        let d = oneway(piece, rows, cols, depth);
        prop_assert!(oneway(piece, rows + 1, cols, depth) >= d);
        prop_assert!(oneway(piece, rows, cols + 1, depth) >= d);
        prop_assert!(oneway(piece, rows, cols, depth + 1) >= d);
        let p = crate::pursuit::search_work(rows, cols, seats, depth);
        prop_assert!(crate::pursuit::search_work(rows + 1, cols, seats, depth) >= p);
        prop_assert!(crate::pursuit::search_work(rows, cols + 1, seats, depth) >= p);
        prop_assert!(crate::pursuit::search_work(rows, cols, seats, depth + 1) >= p);
        let cells = (rows.min(15)) * (cols.min(15));
        prop_assert!(maxn_work(cells + 1, depth) >= maxn_work(cells, depth));
        prop_assert!(maxn_work(cells, depth + 1) >= maxn_work(cells, depth));
    }

    /// Whatever a guard accepts stays under the threshold; whatever it refuses is over
    /// it, and the depth and board it offers instead are accepted.
    #[test]
    fn accepted_settings_stay_under_the_threshold(
        piece in 0u8..4, rows in 4u32..=64, cols in 4u32..=64, depth in 1u32..=64,
        three in any::<bool>(),
    ) {
        let name = ["king", "queen", "rook", "knight"][usize::from(piece)];
        let players = if three { "3" } else { "2" };
        let kind = find_table_game(name).unwrap();
        let params = with(&[("players", players)], Some(rows), Some(cols));
        let work = oneway(piece, rows, cols, depth);
        match kind.builtin("maxn", Some(depth), &params) {
            Ok(_) => prop_assert!(work <= MOST_WORK),
            Err(BuiltinError::TooMuchWork(why)) => {
                prop_assert!(work > MOST_WORK);
                if let Some(d) = why.deepest {
                    prop_assert!(kind.builtin("maxn", Some(d), &params).is_ok());
                    prop_assert!(kind.builtin("maxn", Some(d + 1), &params).is_err());
                }
                if let Some(n) = why.largest_side {
                    let smaller = with(&[("players", players)], Some(n), Some(n));
                    prop_assert!(kind.builtin("maxn", Some(depth), &smaller).is_ok());
                }
            }
            Err(e) => prop_assert!(false, "{e}"),
        }
        let pursuit = find_table_game("pursuit").unwrap();
        let seats = if three { 3 } else { 2 };
        let depth = depth.min(12);
        let accepted = pursuit.builtin("maxn", Some(depth), &params).is_ok();
        prop_assert_eq!(
            accepted,
            crate::pursuit::search_work(rows, cols, seats, depth) <= MOST_WORK
        );
        let side = rows.min(15);
        let ttt = with(&[("players", players)], Some(side), Some(side));
        let accepted = find_table_game("tictactoe").unwrap().builtin("maxn", Some(depth), &ttt).is_ok();
        prop_assert_eq!(accepted, TICTACTOE_MAXN.check(side, side, depth).is_ok());
        let _ = oneway_maxn::<Queen>();
    }
}
