//! Each piece's theory and perfect player against an exhaustive solver, and the
//! classic tables: the king's odd-odd losing squares and its computer strategy, Wythoff's pairs.

use super::*;
use crate::oneway::theory as piece_theory;
use crate::strategy::theory_check::{check_perfect_move, duel, Solver};
use crate::strategy::RandomMover;

/// On every square of every board up to `max` x `max`, for both seats: the theory's
/// losing squares are exactly the solver's, and the perfect player never gives away a
/// won position.
fn sweep<P: Piece>(max: u32) {
    let mut perfect = Perfect::<P>::default();
    for rows in MIN_SIDE..=max {
        for cols in MIN_SIDE..=max {
            let mut solver = Solver::new();
            let losing = P::losing_squares(rows, cols);
            for s in squares(rows, cols) {
                for seat in Player::BOTH {
                    let g = OneWay::<P>::new(rows, cols, s, seat).unwrap();
                    let lost = losing[(s.row * cols + s.col) as usize];
                    assert_eq!(
                        solver.wins(&g),
                        !lost,
                        "{} {rows}x{cols} ({s})",
                        P::INFO.name
                    );
                    if !g.is_terminal() {
                        check_perfect_move(&g, &mut perfect, &mut solver);
                    }
                }
            }
        }
    }
}

#[test]
fn king_theory_matches_the_solver() {
    sweep::<King>(12);
}

#[test]
fn queen_theory_matches_the_solver() {
    sweep::<Queen>(12);
}

#[test]
fn rook_theory_matches_the_solver() {
    sweep::<Rook>(12);
}

#[test]
fn knight_theory_matches_the_solver() {
    sweep::<Knight>(14);
}

/// The classic king exercise: on the 8x8 board, counting rows and columns from 1 at the bottom-left, a
/// square is lost for the player to move exactly when both numbers are odd.
#[test]
fn seed_002_losing_squares_are_odd_odd() {
    let mut solver = Solver::new();
    let mut lost = Vec::new();
    for s in squares(8, 8) {
        let (row1, col1) = (s.row + 1, s.col + 1);
        let g = at::<King>(8, 8, s.row, s.col);
        assert_eq!(
            !solver.wins(&g),
            row1 % 2 == 1 && col1 % 2 == 1,
            "({row1}, {col1})"
        );
        if !solver.wins(&g) {
            lost.push((row1, col1));
        }
    }
    let odd = [1, 3, 5, 7];
    let expected: Vec<_> = odd
        .iter()
        .flat_map(|&r| odd.iter().map(move |&c| (r, c)))
        .collect();
    assert_eq!(lost, expected);
}

/// The exercise's computer strategy, verbatim in 1-based numbers: on the bottom row go left,
/// in the left column go down, else go diagonally if the square down-left is odd-odd,
/// left if the column to the left is odd, down otherwise. From every won square the
/// perfect player makes the same move.
#[test]
fn seed_002_computer_strategy_agrees_with_perfect() {
    let mut perfect = Perfect::<King>::default();
    for (rows, cols) in [(8, 8), (5, 9), (12, 7)] {
        for s in squares(rows, cols) {
            if piece_theory::king_losing(s) {
                continue;
            }
            let (row, col) = (s.row + 1, s.col + 1);
            let (to_row, to_col) = if row == 1 {
                (row, col - 1)
            } else if col == 1 {
                (row - 1, col)
            } else if (col - 1) % 2 == 1 && (row - 1) % 2 == 1 {
                (row - 1, col - 1)
            } else if (col - 1) % 2 == 1 {
                (row, col - 1)
            } else {
                (row - 1, col)
            };
            let seed_move = Square {
                row: to_row - 1,
                col: to_col - 1,
            };
            assert_eq!(
                perfect.best(&at(rows, cols, s.row, s.col)),
                seed_move,
                "({row}, {col})"
            );
        }
    }
}

#[test]
fn wythoff_pairs_and_rook_diagonal() {
    let pairs: Vec<_> = (0..10).map(piece_theory::wythoff_pair).collect();
    assert_eq!(
        pairs,
        [
            (0, 0),
            (1, 2),
            (3, 5),
            (4, 7),
            (6, 10),
            (8, 13),
            (9, 15),
            (11, 18),
            (12, 20),
            (14, 23)
        ]
    );
    // Beatty: the lower and upper sequences partition the positive integers.
    let mut all: Vec<u32> = (1..200)
        .flat_map(|k| {
            [
                piece_theory::wythoff_pair(k).0,
                piece_theory::wythoff_pair(k).1,
            ]
        })
        .collect();
    all.sort_unstable();
    let covered: Vec<u32> = all.iter().copied().take_while(|&n| n <= 200).collect();
    assert_eq!(covered, (1..=200).collect::<Vec<_>>());
    assert!(piece_theory::rook_losing(Square { row: 5, col: 5 }));
    assert!(!piece_theory::rook_losing(Square { row: 5, col: 4 }));
}

#[test]
fn knight_theory_holds_on_the_largest_board() {
    // Too big for the solver's sweep above: check the table is consistent with its own
    // moves instead (a 0 has no 0 child, a non-0 has one).
    let (rows, cols) = (MAX_SIDE, MAX_SIDE);
    let losing = Knight::losing_squares(rows, cols);
    let mut moves = Vec::new();
    for s in squares(rows, cols) {
        moves.clear();
        targets::<Knight>(rows, cols, s, &mut moves);
        let any_lost = moves
            .iter()
            .any(|t| losing[(t.row * cols + t.col) as usize]);
        assert_eq!(losing[(s.row * cols + s.col) as usize], !any_lost, "({s})");
    }
}

fn perfect_beats_random<P: Piece>() {
    for seed in 0..30 {
        let g =
            OneWay::<P>::new_random(&GameParams::sized(9, 11), &mut GameRng::new(seed)).unwrap();
        if P::losing_squares(9, 11)[(g.at().row * 11 + g.at().col) as usize] {
            continue;
        }
        let outcome = duel(
            &g,
            [&mut Perfect::<P>::default(), &mut RandomMover::default()],
            seed,
        );
        assert_eq!(
            outcome,
            Outcome::Win(Player::First),
            "{} from ({})",
            P::INFO.name,
            g.at()
        );
    }
}

#[test]
fn perfect_players_win_every_won_start() {
    perfect_beats_random::<King>();
    perfect_beats_random::<Queen>();
    perfect_beats_random::<Rook>();
    perfect_beats_random::<Knight>();
}

/// Far from the top and right edges the knight's lost squares are those with
/// `row mod 4 < 2` and `col mod 4 < 2`; near them the pattern bends (as on 5 x 8), which
/// is why the theory computes the table for the actual board.
#[test]
fn knight_pattern_away_from_the_edges() {
    let pattern = |s: Square| s.row % 4 < 2 && s.col % 4 < 2;
    let big = 240;
    let losing = Knight::losing_squares(big, big);
    for s in squares(80, 80) {
        assert_eq!(losing[(s.row * big + s.col) as usize], pattern(s), "({s})");
    }
    let bent = |rows: u32, cols: u32| {
        let losing = Knight::losing_squares(rows, cols);
        squares(rows, cols).any(|s| losing[(s.row * cols + s.col) as usize] != pattern(s))
    };
    assert!(bent(5, 8));
}
