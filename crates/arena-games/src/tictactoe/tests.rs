//! Every rule of `docs/games/tictactoe.md`, an independent check of the rules, the solved 3 × 3 game,
//! and property tests over sizes and seeds.

use proptest::prelude::*;

use super::*;
use crate::rng::GameRng;

fn play(g: &mut TicTacToe, cells: &[u32]) {
    for &c in cells {
        assert_eq!(g.why_illegal(c), None, "cell {c}");
        g.place(c);
    }
}

#[test]
fn settings_are_checked_by_name() {
    assert!(TicTacToe::new(3, 3, 3, 2).is_ok());
    assert!(TicTacToe::new(15, 15, 15, 3).is_ok());
    assert!(
        TicTacToe::new(3, 7, 7, 2).is_ok(),
        "k up to the longer side"
    );
    let err = |r, c, k, p| TicTacToe::new(r, c, k, p).unwrap_err().to_string();
    assert!(err(2, 3, 3, 2).contains("rows"));
    assert!(err(3, 16, 3, 2).contains("cols"));
    assert!(err(3, 4, 5, 2).contains("k=3..=4, not 5"));
    assert!(err(3, 4, 2, 2).contains("not 2"));
    assert!(err(3, 3, 3, 4).contains("2 or 3 players"));
    assert!(err(3, 3, 3, 1).contains("2 or 3 players"));
}

#[test]
fn seats_place_their_own_mark_in_turn() {
    let mut g = TicTacToe::new(3, 4, 3, 3).unwrap();
    play(&mut g, &[0, 5, 11, 1]);
    assert_eq!(g.mark(0), Some(0));
    assert_eq!(g.mark(5), Some(1));
    assert_eq!(g.mark(11), Some(2));
    assert_eq!(g.mark(1), Some(0));
    assert_eq!(g.to_move(), 1);
    assert_eq!(g.legal_moves().len(), 8);
    assert!(g
        .why_illegal(5)
        .unwrap()
        .contains("already holds seat 2's mark"));
    assert!(g.why_illegal(12).unwrap().contains("off the 3x4 board"));
}

#[test]
fn k_in_a_row_column_or_either_diagonal_wins_at_once() {
    // Row: seat 0 on 0, 1, 2 of a 3x3.
    let mut g = TicTacToe::new(3, 3, 3, 2).unwrap();
    play(&mut g, &[0, 3, 1, 4, 2]);
    assert_eq!(g.winner(), Some(0));
    assert!(g.is_terminal() && g.legal_moves().is_empty());
    assert_eq!(g.ranks(), Some(vec![1, 2]));
    assert_eq!(g.scores(), vec![Score::ONE, Score::ZERO]);
    // Column for seat 1.
    let mut g = TicTacToe::new(3, 3, 3, 2).unwrap();
    play(&mut g, &[0, 1, 3, 4, 8, 7]);
    assert_eq!(g.winner(), Some(1));
    // Anti-diagonal on 4x4 with k = 3: cells (0,3), (1,2), (2,1).
    let mut g = TicTacToe::new(4, 4, 3, 2).unwrap();
    play(&mut g, &[3, 0, 6, 1, 9]);
    assert_eq!(g.winner(), Some(0));
    // Diagonal for the third seat of three.
    let mut g = TicTacToe::new(4, 4, 3, 3).unwrap();
    play(&mut g, &[1, 2, 0, 3, 7, 5, 8, 12, 10]);
    assert_eq!(g.winner(), Some(2), "seat 2 holds 0, 5, 10");
    assert_eq!(g.ranks(), Some(vec![2, 2, 1]));
    assert_eq!(g.scores(), vec![Score::ZERO, Score::ZERO, Score::ONE]);
}

#[test]
fn more_than_k_wins_too_and_a_line_through_the_middle_counts() {
    // 1 x 7 is not a board (3..=15), so a 3x7 with k = 4: seat 0 fills 0, 1, 3, 4 then 2.
    let mut g = TicTacToe::new(3, 7, 4, 2).unwrap();
    play(&mut g, &[0, 7, 1, 8, 3, 14, 4]);
    assert_eq!(g.winner(), None, "two runs of two");
    play(&mut g, &[15, 2]);
    assert_eq!(g.winner(), Some(0), "the middle mark makes five in a row");
}

#[test]
fn a_full_board_without_a_line_is_a_draw_of_one_nth_each() {
    // X O X / X O O / O X X: no line.
    let mut g = TicTacToe::new(3, 3, 3, 2).unwrap();
    play(&mut g, &[0, 1, 2, 4, 3, 5, 7, 6, 8]);
    assert_eq!(g.winner(), None);
    assert!(g.is_terminal());
    assert_eq!(g.ranks(), Some(vec![1, 1]));
    assert_eq!(g.scores(), vec![Score::ratio(1, 2).unwrap(); 2]);
    let g3 = TicTacToe::new(3, 3, 3, 3).unwrap();
    assert_eq!(g3.scores(), vec![Score::ratio(1, 3).unwrap(); 3]);
}

#[test]
fn each_seat_sees_its_own_mark_as_one_and_the_next_seats_after() {
    let mut g = TicTacToe::new(3, 3, 3, 3).unwrap();
    play(&mut g, &[0, 1, 2]);
    assert_eq!(g.cell_words(0)[..3], [1, 2, 3]);
    assert_eq!(g.cell_words(1)[..3], [3, 1, 2]);
    assert_eq!(g.cell_words(2)[..3], [2, 3, 1]);
    assert_eq!(g.cell_words(0)[3..], [0; 6]);
}

#[test]
fn three_by_three_is_a_draw_with_perfect_play_and_perfect_never_loses() {
    assert_eq!(value_3x3(), 0);
    // Perfect against every reply of a full-width opponent, from both seats: never a loss.
    fn explore(g: &mut TicTacToe, perfect_seat: u8, losses: &mut u32) {
        if g.is_terminal() {
            if g.winner().is_some_and(|w| w != perfect_seat) {
                *losses += 1;
            }
            return;
        }
        if g.to_move() == perfect_seat {
            let c = perfect_move(g).unwrap();
            g.place(c);
            explore(g, perfect_seat, losses);
            g.unplace(c);
        } else {
            for c in g.legal_moves() {
                g.place(c);
                explore(g, perfect_seat, losses);
                g.unplace(c);
            }
        }
    }
    for seat in 0..2 {
        let mut losses = 0;
        explore(&mut TicTacToe::new(3, 3, 3, 2).unwrap(), seat, &mut losses);
        assert_eq!(losses, 0, "perfect lost from seat {seat}");
    }
    assert_eq!(perfect_move(&TicTacToe::new(4, 4, 3, 2).unwrap()), None);
    // Perfect takes a win at once.
    let mut g = TicTacToe::new(3, 3, 3, 2).unwrap();
    play(&mut g, &[0, 3, 1, 4]);
    assert_eq!(perfect_move(&g), Some(2));
}

/// An independent reading of the rules: after every move, scan every window of k cells
/// on the whole board (as OpenSpiel's tic_tac_toe checks its eight lines) for one seat's
/// k marks.
fn naive_winner(g: &TicTacToe) -> Option<u8> {
    let (rows, cols, k) = (g.rows() as i32, g.cols() as i32, g.k() as i32);
    for r in 0..rows {
        for c in 0..cols {
            for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                let cells: Vec<Option<u8>> = (0..k)
                    .map(|i| (r + dr * i, c + dc * i))
                    .take_while(|&(y, x)| (0..rows).contains(&y) && (0..cols).contains(&x))
                    .map(|(y, x)| g.mark((y * cols + x) as u32))
                    .collect();
                if cells.len() == k as usize
                    && cells[0].is_some()
                    && cells.iter().all(|m| *m == cells[0])
                {
                    return cells[0];
                }
            }
        }
    }
    None
}

proptest! {
    #[test]
    fn random_games_agree_with_the_independent_reading(
        rows in 3u32..=9, cols in 3u32..=9, k_off in 0u32..5, players in 2u8..=3, seed in any::<u64>(),
    ) {
        let k = 3 + k_off % (rows.max(cols) - 2);
        let mut g = TicTacToe::new(rows, cols, k, players).unwrap();
        let mut rng = GameRng::new(seed);
        let mut plies = 0;
        while !g.is_terminal() {
            let moves = g.legal_moves();
            prop_assert_eq!(moves.len() as u32, rows * cols - plies);
            prop_assert_eq!(g.to_move(), (plies % u32::from(players)) as u8);
            let c = moves[rng.below(moves.len() as u64) as usize];
            let before = g.clone();
            g.place(c);
            plies += 1;
            prop_assert_eq!(g.winner(), naive_winner(&g));
            let mut back = g.clone();
            back.unplace(c);
            prop_assert_eq!(back, before);
        }
        let ranks = g.ranks().unwrap();
        let scores = g.scores();
        let total = scores.iter().fold(Score::ZERO, |a, s| {
            Score::ratio(a.numerator() * s.denominator() as i64 + s.numerator() * a.denominator() as i64, a.denominator() * s.denominator()).unwrap()
        });
        prop_assert_eq!(total, Score::ONE, "scores share one point");
        match g.winner() {
            Some(w) => {
                let expected: Vec<u32> = (0..players).map(|s| if s == w { 1 } else { 2 }).collect();
                prop_assert_eq!(ranks, expected);
            }
            None => prop_assert!(ranks.iter().all(|&r| r == 1)),
        }
    }

    #[test]
    fn the_heuristic_is_antisymmetric_for_two_players(seed in any::<u64>(), plies in 0usize..12) {
        let mut g = TicTacToe::new(5, 6, 4, 2).unwrap();
        let mut rng = GameRng::new(seed);
        for _ in 0..plies {
            if g.is_terminal() { break; }
            let moves = g.legal_moves();
            g.place(moves[rng.below(moves.len() as u64) as usize]);
        }
        prop_assert_eq!(g.heuristic(0), -g.heuristic(1));
    }
}
