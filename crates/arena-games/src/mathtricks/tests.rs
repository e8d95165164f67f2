//! MathTricks rule tests: one or more tests per rule of `docs/games/mathtricks.md`, on
//! hand-made boards, then the generator's documented numbers and random games as
//! properties, then the shared conformance suite over many board sizes.

use proptest::prelude::*;

use super::*;
use crate::conformance;
use crate::game::{Game, GameParams, Outcome, ParamError, Player};
use crate::rng::GameRng;

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

fn cell(row: u32, col: u32) -> Cell {
    Cell::new(row, col)
}

fn cells(list: &[(u32, u32)]) -> Vec<Cell> {
    list.iter().map(|&(r, c)| cell(r, c)).collect()
}

fn op(text: &str) -> Op {
    text.parse().unwrap()
}

/// A board filled with `fill` (corners `+0`) with some cells set by hand.
fn board_with(rows: u32, cols: u32, fill: Op, set: &[((u32, u32), Op)]) -> Board {
    let mut ops = vec![fill; (rows * cols) as usize];
    ops[0] = Op::Add(0);
    ops[(rows * cols - 1) as usize] = Op::Add(0);
    for &((r, c), o) in set {
        ops[(r * cols + c) as usize] = o;
    }
    Board::new(rows, cols, ops).unwrap()
}

fn game(line: &str) -> MathTricks {
    MathTricks::new(Board::from_line(line).unwrap())
}

fn legal(g: &MathTricks) -> Vec<Cell> {
    let mut out = Vec::new();
    g.legal_moves(&mut out);
    out
}

fn play_all(g: &mut MathTricks, moves: &[(u32, u32)]) {
    for &(r, c) in moves {
        g.play(cell(r, c))
            .unwrap_or_else(|e| panic!("move ({r} {c}) refused: {e}"));
    }
}

fn words(g: &MathTricks) -> Vec<i32> {
    let mut w = Vec::new();
    g.write_state(&mut w);
    w
}

/// The word of one cell in the documented layout: kind in bits 24..=25, operand in 0..=23.
fn cell_word(o: Op) -> i32 {
    let (kind, k) = match o {
        Op::Add(k) => (0, k),
        Op::Sub(k) => (1, k),
        Op::Mul(k) => (2, k),
        Op::Div(k) => (3, k),
    };
    (kind << 24 | k) as i32
}

/// A position written directly in the documented ABI layout (not through `write_state`)
/// and read with `read_state`, so that arbitrary, even unreachable, positions can be
/// tested. The pawns' cells are marked as their owners'; `mine`/`theirs` mark more cells.
#[allow(clippy::too_many_arguments)]
pub(crate) fn position(
    board: &Board,
    me: Player,
    my_pawn: (u32, u32),
    their_pawn: (u32, u32),
    mine: &[(u32, u32)],
    theirs: &[(u32, u32)],
    my_total: i64,
    their_total: i64,
) -> MathTricks {
    let mut w = vec![
        board.rows() as i32,
        board.cols() as i32,
        my_pawn.0 as i32,
        my_pawn.1 as i32,
        their_pawn.0 as i32,
        their_pawn.1 as i32,
    ];
    w.extend_from_slice(&crate::abi::i64_words(my_total));
    w.extend_from_slice(&crate::abi::i64_words(their_total));
    for (i, &o) in board.ops().iter().enumerate() {
        let c = board.cell(i);
        let rc = (c.row, c.col);
        let mut word = cell_word(o);
        if rc == my_pawn || mine.contains(&rc) {
            word |= VISITED_BY_ME;
        }
        if rc == their_pawn || theirs.contains(&rc) {
            word |= VISITED_BY_OPPONENT;
        }
        w.push(word);
    }
    MathTricks::read_state(&w, me).unwrap()
}

/// The 4x4 board used by the end-of-game tests, with P1's three cells holding `p1` and
/// P2's three cells holding `p2` (see [`SHUT_IN_MOVES`]).
fn shut_in_board(p1: &str, p2: &str) -> MathTricks {
    let b = board_with(
        4,
        4,
        Op::Add(1),
        &[
            ((1, 0), op(p1)),
            ((2, 0), op(p1)),
            ((3, 0), op(p1)),
            ((3, 2), op(p2)),
            ((3, 1), op(p2)),
            ((2, 1), op(p2)),
        ],
    );
    MathTricks::new(b)
}

/// P1 walks down the left edge into the bottom-left corner; P2 walls it in from the right.
/// After these six moves seat 1 is to move and has no legal move, while seat 2 could
/// still go to (1 1), (1 2) or (2 2).
const SHUT_IN_MOVES: [(u32, u32); 6] = [(1, 0), (3, 2), (2, 0), (3, 1), (3, 0), (2, 1)];

// ---------------------------------------------------------------------------------------
// Start of a game, players, turns
// ---------------------------------------------------------------------------------------

#[test]
fn pawns_start_on_opposite_corners_with_zero_totals_and_player_one_to_move() {
    let g = MathTricks::new(board_with(5, 7, Op::Add(3), &[]));
    assert_eq!(g.pawn(Player::First), cell(0, 0));
    assert_eq!(g.pawn(Player::Second), cell(4, 6));
    assert_eq!(g.scores(), [0, 0]);
    assert_eq!(g.to_move(), Player::First);
    assert_eq!(g.outcome(), None);
}

#[test]
fn player_one_moves_first_and_players_alternate_moving_only_their_own_pawn() {
    let mut g = MathTricks::new(board_with(5, 5, Op::Add(2), &[]));
    let path = [(1, 1), (3, 3), (1, 2), (3, 2), (2, 2), (4, 3)];
    for (i, &(r, c)) in path.iter().enumerate() {
        let mover = if i % 2 == 0 {
            Player::First
        } else {
            Player::Second
        };
        assert_eq!(g.to_move(), mover, "ply {i}");
        let (other_pawn, other_total) = (g.pawn(mover.other()), g.total(mover.other()));
        g.play(cell(r, c)).unwrap();
        assert_eq!(g.pawn(mover), cell(r, c), "ply {i}: the mover's pawn moved");
        assert_eq!(
            g.total(mover),
            2 * (i as i64 / 2 + 1),
            "ply {i}: the mover's total"
        );
        assert_eq!(
            g.pawn(mover.other()),
            other_pawn,
            "ply {i}: the other pawn stays"
        );
        assert_eq!(
            g.total(mover.other()),
            other_total,
            "ply {i}: the other total stays"
        );
    }
    assert_eq!(g.to_move(), Player::First);
}

// ---------------------------------------------------------------------------------------
// Moves: 8 neighbours, edges, corners, no revisits
// ---------------------------------------------------------------------------------------

#[test]
fn start_corners_give_each_player_three_moves() {
    let mut g = MathTricks::new(board_with(6, 5, Op::Add(1), &[]));
    assert_eq!(legal(&g), cells(&[(0, 1), (1, 0), (1, 1)]));
    g.play(cell(0, 1)).unwrap();
    assert_eq!(legal(&g), cells(&[(4, 3), (4, 4), (5, 3)]));
}

#[test]
fn a_pawn_in_the_middle_moves_in_all_eight_directions() {
    let b = board_with(5, 5, Op::Add(1), &[]);
    for me in Player::BOTH {
        let g = position(&b, me, (2, 2), (4, 4), &[], &[], 0, 0);
        let expected = cells(&[
            (1, 1),
            (1, 2),
            (1, 3),
            (2, 1),
            (2, 3),
            (3, 1),
            (3, 2),
            (3, 3),
        ]);
        assert_eq!(legal(&g), expected, "{me}");
    }
}

#[test]
fn edge_cells_give_five_moves_and_corner_cells_three() {
    let b = board_with(5, 5, Op::Add(1), &[]);
    let edges = [
        ((0, 2), vec![(0, 1), (0, 3), (1, 1), (1, 2), (1, 3)]),
        ((4, 2), vec![(3, 1), (3, 2), (3, 3), (4, 1), (4, 3)]),
        ((2, 0), vec![(1, 0), (1, 1), (2, 1), (3, 0), (3, 1)]),
        ((2, 4), vec![(1, 3), (1, 4), (2, 3), (3, 3), (3, 4)]),
    ];
    for (at, expected) in edges {
        // The opponent stands far away, on a corner that is not adjacent.
        let far = if at.0 < 3 && at.1 < 3 { (4, 4) } else { (0, 0) };
        let g = position(&b, Player::First, at, far, &[], &[], 0, 0);
        assert_eq!(legal(&g), cells(&expected), "pawn at {at:?}");
    }
    let corners = [
        ((0, 4), vec![(0, 3), (1, 3), (1, 4)]),
        ((4, 0), vec![(3, 0), (3, 1), (4, 1)]),
    ];
    for (at, expected) in corners {
        let g = position(&b, Player::Second, at, (2, 2), &[], &[], 0, 0);
        assert_eq!(legal(&g), cells(&expected), "pawn at {at:?}");
    }
}

#[test]
fn a_pawn_that_moved_cannot_step_back_onto_its_start_cell() {
    let mut g = MathTricks::new(board_with(5, 5, Op::Add(1), &[]));
    play_all(&mut g, &[(1, 1), (3, 3)]);
    // Seven of the eight directions: (0 0) behind it is the start cell, visited.
    assert_eq!(
        legal(&g),
        cells(&[(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)])
    );
    assert!(g
        .why_illegal(cell(0, 0))
        .unwrap()
        .contains("already visited by seat 1"));
}

#[test]
fn start_cells_count_as_visited_from_the_beginning() {
    let mut g = MathTricks::new(board_with(4, 4, Op::Add(1), &[]));
    // Player 2 leaves its start cell; seat 1 arrives next to it.
    play_all(&mut g, &[(1, 1), (3, 2), (2, 2), (3, 1)]);
    assert_eq!(g.pawn(Player::First), cell(2, 2));
    assert_eq!(g.visited_by(cell(3, 3)), Some(Player::Second));
    assert_eq!(legal(&g), cells(&[(1, 2), (1, 3), (2, 1), (2, 3)]));
    let reason = g.why_illegal(cell(3, 3)).unwrap();
    assert!(reason.contains("already visited by seat 2"), "{reason}");
    assert!(g.clone().play(cell(3, 3)).is_err());
}

#[test]
fn no_pawn_enters_a_cell_either_pawn_has_visited() {
    let mut g = MathTricks::new(board_with(5, 5, Op::Add(1), &[]));
    play_all(&mut g, &[(1, 1), (3, 3), (2, 1), (2, 2)]);
    // Player 1 at (2 1): (1 1) is its own trail, (2 2) holds seat 2's pawn.
    let moves = legal(&g);
    assert_eq!(
        moves,
        cells(&[(1, 0), (1, 2), (2, 0), (3, 0), (3, 1), (3, 2)])
    );
    play_all(&mut g, &[(3, 2)]);
    // Player 2 at (2 2): (1 1) and (2 1) are seat 1's trail, (3 3) its own, (3 2) a pawn.
    let moves = legal(&g);
    for taken in [(1, 1), (2, 1), (3, 3), (3, 2)] {
        assert!(
            !moves.contains(&cell(taken.0, taken.1)),
            "{taken:?} in {moves:?}"
        );
        assert!(g.clone().play(cell(taken.0, taken.1)).is_err(), "{taken:?}");
    }
    assert_eq!(moves, cells(&[(1, 2), (1, 3), (2, 3), (3, 1)]));
}

#[test]
fn moving_onto_the_opponents_pawn_is_illegal() {
    let mut g = MathTricks::new(board_with(4, 4, Op::Add(1), &[]));
    play_all(&mut g, &[(1, 1), (2, 2)]);
    assert!(!legal(&g).contains(&cell(2, 2)));
    let before = g.clone();
    let err = g.play(cell(2, 2)).unwrap_err();
    assert_eq!(err.raw, 10);
    assert!(err.reason.contains("has a pawn on it"), "{}", err.reason);
    assert_eq!(g, before, "a refused move changes nothing");
}

#[test]
fn legal_moves_come_sorted_by_cell_index() {
    let b = board_with(6, 6, Op::Add(1), &[]);
    let g = position(
        &b,
        Player::First,
        (3, 2),
        (5, 5),
        &[(2, 2), (4, 1)],
        &[(3, 3)],
        0,
        0,
    );
    let idx: Vec<i32> = legal(&g).iter().map(|&c| g.encode_move(c)).collect();
    // (2 2), (4 1) and (3 3) are taken; the other five neighbours of (3 2) = 20 remain.
    assert_eq!(idx, vec![13, 15, 19, 26, 27]);
}

// ---------------------------------------------------------------------------------------
// Operations on the total
// ---------------------------------------------------------------------------------------

#[test]
fn addition_and_subtraction_change_the_total_and_plus_zero_is_a_no_op() {
    assert_eq!(Op::Add(5).apply(10), 15);
    assert_eq!(Op::Add(5).apply(-3), 2);
    assert_eq!(Op::Add(0).apply(-42), -42);
    assert_eq!(Op::Add(0).apply(7), 7);
    assert_eq!(Op::Sub(11).apply(4), -7);
    assert_eq!(Op::Sub(1).apply(-1), -2);
}

#[test]
fn multiplication_by_zero_wipes_and_by_two_doubles() {
    assert_eq!(Op::Mul(0).apply(123_456), 0);
    assert_eq!(Op::Mul(0).apply(-9), 0);
    assert_eq!(Op::Mul(2).apply(21), 42);
    assert_eq!(Op::Mul(2).apply(-21), -42);
    assert_eq!(Op::Mul(4).apply(-3), -12);
}

#[test]
fn division_truncates_toward_zero_for_positive_and_negative_totals() {
    assert_eq!(Op::Div(2).apply(7), 3);
    assert_eq!(Op::Div(2).apply(-7), -3);
    assert_eq!(Op::Div(2).apply(-1), 0);
    assert_eq!(Op::Div(2).apply(1), 0);
    assert_eq!(Op::Div(3).apply(-8), -2);
    assert_eq!(Op::Div(4).apply(-9), -2);
    assert_eq!(Op::Div(2).apply(0), 0);
    assert_eq!(Op::Div(2).apply(i64::MIN), -(1 << 62));
    assert_eq!(Op::Div(2).apply(i64::MAX), (1 << 62) - 1);
}

#[test]
fn add_sub_and_mul_saturate_at_both_i64_bounds() {
    assert_eq!(Op::Add(5).apply(i64::MAX - 1), i64::MAX);
    assert_eq!(Op::Add(MAX_OPERAND).apply(i64::MAX), i64::MAX);
    assert_eq!(Op::Sub(5).apply(i64::MIN + 1), i64::MIN);
    assert_eq!(Op::Sub(1).apply(i64::MIN), i64::MIN);
    assert_eq!(Op::Mul(2).apply(i64::MAX / 2 + 1), i64::MAX);
    assert_eq!(Op::Mul(2).apply(i64::MIN / 2 - 1), i64::MIN);
    assert_eq!(Op::Mul(4).apply(-(1 << 62)), i64::MIN);
    assert_eq!(Op::Mul(3).apply(i64::MIN), i64::MIN);
    assert_eq!(Op::Mul(0).apply(i64::MIN), 0);
    // Saturation is not wrapping: one step back from the bound is exact again.
    assert_eq!(Op::Sub(1).apply(Op::Add(10).apply(i64::MAX)), i64::MAX - 1);
}

#[test]
fn stepping_on_a_cell_applies_its_operation_to_the_movers_total_only() {
    // Row 0 is seat 1's road (+5 x2 -3 /2, then x0 at (1 5)); row 3 is seat 2's
    // (-2 x2 -3 /2 walking left, then -7 at (2 0)).
    let mut g = game("4x6 +0 +5 x2 -3 /2 +1 +1 +1 +1 +1 +1 x0 -7 +1 +1 +1 +1 +1 +0 /2 -3 x2 -2 +0");
    let steps = [
        ((0, 1), [5, 0]),
        ((3, 4), [5, -2]),
        ((0, 2), [10, -2]),
        ((3, 3), [10, -4]),
        ((0, 3), [7, -4]),
        ((3, 2), [7, -7]),
        ((0, 4), [3, -7]),
        ((3, 1), [3, -3]), // -7 / 2 == -3: truncation toward zero
        ((1, 5), [0, -3]),
        ((2, 0), [0, -10]),
    ];
    for (i, &((r, c), expected)) in steps.iter().enumerate() {
        g.play(cell(r, c)).unwrap();
        assert_eq!(g.scores(), expected, "after move {i} to ({r} {c})");
    }
}

#[test]
fn x0_on_the_board_wipes_the_movers_total() {
    let b = board_with(
        4,
        4,
        Op::Add(1),
        &[((1, 1), Op::Mul(0)), ((2, 2), Op::Mul(2))],
    );
    let mut g = position(&b, Player::First, (0, 0), (3, 3), &[], &[], 1_000, -50);
    g.play(cell(1, 1)).unwrap();
    assert_eq!(g.scores(), [0, -50]);
    g.play(cell(2, 2)).unwrap();
    assert_eq!(g.scores(), [0, -100]);
}

#[test]
fn totals_saturate_during_play_at_both_bounds() {
    let b = board_with(
        4,
        4,
        Op::Add(1),
        &[
            ((0, 1), Op::Add(9)),
            ((1, 0), Op::Sub(9)),
            ((1, 1), Op::Mul(3)),
            ((2, 2), Op::Mul(4)),
        ],
    );
    let cases = [
        ((0, 1), i64::MAX - 3, i64::MAX),
        ((1, 0), i64::MIN + 3, i64::MIN),
        ((1, 1), i64::MAX / 2, i64::MAX),
        ((1, 1), i64::MIN / 2, i64::MIN),
    ];
    for ((r, c), start, end) in cases {
        let mut g = position(&b, Player::First, (0, 0), (3, 3), &[], &[], start, 0);
        g.play(cell(r, c)).unwrap();
        assert_eq!(g.total(Player::First), end, "from {start} onto ({r} {c})");
    }
    let mut g = position(
        &b,
        Player::Second,
        (3, 3),
        (0, 0),
        &[],
        &[],
        i64::MIN + 1,
        0,
    );
    g.play(cell(2, 2)).unwrap();
    assert_eq!(g.total(Player::Second), i64::MIN);
}

// ---------------------------------------------------------------------------------------
// End of the game and the winner
// ---------------------------------------------------------------------------------------

#[test]
fn the_game_ends_when_the_mover_is_stuck_even_if_the_opponent_could_move() {
    let mut g = shut_in_board("+5", "+1");
    play_all(&mut g, &SHUT_IN_MOVES[..5]);
    assert!(!g.is_terminal());
    play_all(&mut g, &SHUT_IN_MOVES[5..]);
    assert_eq!(g.to_move(), Player::First);
    assert!(legal(&g).is_empty());
    assert!(g.is_terminal());
    // Player 2 would still have moves from (2 1) if it were its turn.
    let mut other = Vec::new();
    g.neighbours(g.pawn(Player::Second))
        .filter(|&c| g.visited_by(c).is_none())
        .for_each(|c| other.push(c));
    assert_eq!(other, cells(&[(1, 1), (1, 2), (2, 2)]));
    assert!(g.outcome().is_some());
}

#[test]
fn a_shut_in_player_with_the_larger_total_wins() {
    let mut g = shut_in_board("+5", "+1");
    play_all(&mut g, &SHUT_IN_MOVES);
    assert_eq!(g.scores(), [15, 3]);
    assert_eq!(g.outcome(), Some(Outcome::Win(Player::First)));
}

#[test]
fn a_shut_in_player_with_the_smaller_total_loses() {
    let mut g = shut_in_board("-5", "+1");
    play_all(&mut g, &SHUT_IN_MOVES);
    assert_eq!(g.scores(), [-15, 3]);
    assert_eq!(g.outcome(), Some(Outcome::Win(Player::Second)));
}

#[test]
fn equal_totals_are_a_draw() {
    let mut g = shut_in_board("+2", "+2");
    play_all(&mut g, &SHUT_IN_MOVES);
    assert_eq!(g.scores(), [6, 6]);
    assert_eq!(g.outcome(), Some(Outcome::Draw));
}

#[test]
fn the_other_player_does_not_keep_moving_after_the_end() {
    let mut g = shut_in_board("+5", "+1");
    play_all(&mut g, &SHUT_IN_MOVES);
    let end = g.clone();
    // Neither the stuck player nor the opponent's free cells can be played.
    for c in [(1, 1), (1, 2), (2, 2), (0, 1)] {
        let err = g.play(cell(c.0, c.1)).unwrap_err();
        assert!(err.reason.contains("the game is over"), "{}", err.reason);
    }
    assert_eq!(g, end);
    assert_eq!(
        g.to_move(),
        Player::First,
        "the stuck player stays the one to move"
    );
}

#[test]
fn a_player_shut_in_out_of_turn_is_not_over_until_its_turn_comes() {
    // The mirror image of the shut-in sequence: seat 2 walls itself into (0 3) while
    // seat 1 still has a move to make; only when seat 2 must move does the game end.
    let mut g = shut_in_board("+1", "+1");
    play_all(&mut g, &[(0, 1), (2, 3), (0, 2), (1, 3), (1, 2), (0, 3)]);
    assert_eq!(g.to_move(), Player::First);
    assert!(!g.is_terminal(), "seat 1 can still move");
    assert_eq!(g.outcome(), None);
    g.play(cell(1, 1)).unwrap();
    assert_eq!(g.to_move(), Player::Second);
    assert!(g.is_terminal());
    assert_eq!(g.outcome(), Some(Outcome::Win(Player::First)));
}

// ---------------------------------------------------------------------------------------
// Board sizes and boards
// ---------------------------------------------------------------------------------------

#[test]
fn board_sizes_outside_4_to_64_are_refused_with_a_clear_message() {
    let mut rng = GameRng::new(1);
    for (rows, cols, what, got) in [
        (3, 8, "rows", 3),
        (8, 3, "cols", 3),
        (65, 8, "rows", 65),
        (8, 65, "cols", 65),
        (0, 0, "rows", 0),
    ] {
        let err = MathTricks::new_random(&GameParams::sized(rows, cols), &mut rng).unwrap_err();
        assert_eq!(
            err,
            ParamError::OutOfRange {
                what,
                min: 4,
                max: 64,
                got
            }
        );
        assert_eq!(
            err.to_string(),
            format!("{what} must be between 4 and 64, got {got}")
        );
        let n = (rows.max(1) * cols.max(1)) as usize;
        let err = Board::new(rows, cols, vec![Op::Add(0); n]).unwrap_err();
        assert_eq!(err.to_string(), format!("{what} is {got}, but must be 4..=64"));
    }
    let err = Board::from_line("3x4 +0 +0 +0 +0 +0 +0 +0 +0 +0 +0 +0 +0").unwrap_err();
    assert!(
        err.0.contains("rows is 3, but must be 4..=64"),
        "{err}"
    );
    for (rows, cols) in [(4, 4), (4, 64), (64, 4), (64, 64)] {
        let g = MathTricks::new_random(&GameParams::sized(rows, cols), &mut rng).unwrap();
        assert_eq!((g.board().rows(), g.board().cols()), (rows, cols));
    }
}

#[test]
fn default_size_is_eight_by_eight_and_options_are_refused() {
    let g = MathTricks::new_random(&GameParams::default(), &mut GameRng::new(3)).unwrap();
    assert_eq!((g.board().rows(), g.board().cols()), (8, 8));
    let mut params = GameParams::sized(6, 6);
    params.options.insert("heaps".into(), "3".into());
    let err = MathTricks::new_random(&params, &mut GameRng::new(3)).unwrap_err();
    assert!(
        matches!(err, ParamError::BadOption { ref name, .. } if name == "heaps"),
        "{err}"
    );
}

#[test]
fn boards_need_the_right_cell_count_valid_operands_and_plus_zero_corners() {
    let err = Board::new(4, 4, vec![Op::Add(0); 15]).unwrap_err();
    assert!(
        err.to_string().contains("a 4x4 board has 16 cells, not 15"),
        "{err}"
    );
    let mut ops = vec![Op::Add(0); 16];
    ops[5] = Op::Div(1);
    assert!(Board::new(4, 4, ops.clone())
        .unwrap_err()
        .to_string()
        .contains("/1"));
    ops[5] = Op::Sub(0);
    assert!(Board::new(4, 4, ops.clone())
        .unwrap_err()
        .to_string()
        .contains("-0"));
    ops[5] = Op::Add(MAX_OPERAND + 1);
    assert!(Board::new(4, 4, ops.clone()).is_err());
    ops[5] = Op::Add(MAX_OPERAND);
    assert!(Board::new(4, 4, ops.clone()).is_ok());
    ops[15] = Op::Add(1);
    let err = Board::new(4, 4, ops.clone()).unwrap_err();
    assert!(
        err.to_string()
            .contains("start cell (3 3) must be +0, is +1"),
        "{err}"
    );
    ops[15] = Op::Add(0);
    ops[0] = Op::Mul(0);
    assert!(Board::new(4, 4, ops)
        .unwrap_err()
        .to_string()
        .contains("start cell (0 0)"));
}

#[test]
fn board_lines_round_trip_and_bad_lines_are_refused() {
    let line = "4x5 +0 -3 x2 /2 +11 x0 +1 -1 /3 x4 +2 +3 x3 -7 /4 +9 +8 -2 x2 +0";
    let b = Board::from_line(line).unwrap();
    assert_eq!((b.rows(), b.cols()), (4, 5));
    assert_eq!(b.op(cell(1, 4)), Op::Mul(4));
    assert_eq!(b.to_line(), line);
    // Bare numbers read as additions and print with their sign.
    let b = Board::from_line("4x4 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 0").unwrap();
    assert_eq!(b.op(cell(0, 1)), Op::Add(1));
    assert!(b.to_line().starts_with("4x4 +0 +1 +2"));
    for bad in [
        "",
        "4by4 +0",
        "x4 +0",
        "4x +0",
        "4x4",
        "4x4 +0 +1",
        "4x4 +0 +0 +0 +0 +0 +0 +0 +0 +0 +0 +0 +0 +0 +0 +0 oops",
    ] {
        assert!(Board::from_line(bad).is_err(), "{bad:?}");
    }
}

// ---------------------------------------------------------------------------------------
// Op text
// ---------------------------------------------------------------------------------------

#[test]
fn ops_print_and_parse_back() {
    for o in [
        Op::Add(0),
        Op::Add(5),
        Op::Sub(1),
        Op::Sub(11),
        Op::Mul(0),
        Op::Mul(2),
        Op::Mul(4),
        Op::Div(2),
        Op::Div(3),
        Op::Add(MAX_OPERAND),
    ] {
        let text = o.to_string();
        assert_eq!(text.parse::<Op>(), Ok(o), "{text}");
    }
    assert_eq!(Op::Add(5).to_string(), "+5");
    assert_eq!(Op::Sub(11).to_string(), "-11");
    assert_eq!(Op::Mul(2).to_string(), "x2");
    assert_eq!(Op::Div(2).to_string(), "/2");
    assert_eq!("0".parse::<Op>(), Ok(Op::Add(0)));
    assert_eq!("5".parse::<Op>(), Ok(Op::Add(5)));
    assert_eq!("*3".parse::<Op>(), Ok(Op::Mul(3)));
}

#[test]
fn op_parsing_rejects_out_of_range_operands_and_garbage() {
    for bad in [
        "-0",
        "/1",
        "/0",
        "x",
        "+",
        "-",
        "/",
        "",
        "abc",
        "+-1",
        "--1",
        "x2.5",
        "+1a",
        " +1",
        "+ 1",
        "x-2",
        "16777216",
        "+99999999999",
    ] {
        let err = bad.parse::<Op>().unwrap_err();
        assert!(!err.to_string().is_empty(), "{bad:?}");
    }
    assert!("-0".parse::<Op>().unwrap_err().to_string().contains("1..="));
    assert!("/1".parse::<Op>().unwrap_err().to_string().contains("2..="));
    assert!("x"
        .parse::<Op>()
        .unwrap_err()
        .to_string()
        .contains("not an operation"));
}

// ---------------------------------------------------------------------------------------
// Reasons for illegal moves
// ---------------------------------------------------------------------------------------

#[test]
fn why_illegal_names_the_reason() {
    let mut g = MathTricks::new(board_with(4, 4, Op::Add(1), &[]));
    play_all(&mut g, &[(1, 1), (2, 2)]);
    let reason = |g: &MathTricks, r, c| g.why_illegal(cell(r, c)).unwrap_or_default();
    assert_eq!(reason(&g, 4, 0), "(4 0) is off the 4x4 board");
    assert_eq!(reason(&g, 0, 9), "(0 9) is off the 4x4 board");
    assert_eq!(reason(&g, 3, 0), "(3 0) is not next to your pawn at (1 1)");
    assert_eq!(reason(&g, 1, 1), "your pawn already stands on (1 1)");
    assert_eq!(reason(&g, 0, 0), "(0 0) was already visited by seat 1");
    assert_eq!(reason(&g, 2, 2), "(2 2) has a pawn on it");
    assert_eq!(g.why_illegal(cell(1, 2)), None);
    play_all(&mut g, &[(1, 2)]);
    assert_eq!(reason(&g, 3, 3), "(3 3) was already visited by seat 2");
    assert_eq!(reason(&g, 1, 1), "(1 1) was already visited by seat 1");
    assert_eq!(reason(&g, 1, 2), "(1 2) has a pawn on it");

    let mut over = shut_in_board("+5", "+1");
    play_all(&mut over, &SHUT_IN_MOVES);
    assert_eq!(reason(&over, 2, 2), "the game is over");
    assert_eq!(reason(&over, 3, 1), "the game is over");
}

// ---------------------------------------------------------------------------------------
// ABI words
// ---------------------------------------------------------------------------------------

const ABI_LINE: &str = "4x4 +0 +3 -2 x2 /2 +7 x0 -1 +1 -4 +9 x3 /3 +2 -5 +0";

/// The cell words of [`ABI_LINE`] before any visited bits.
const ABI_CELLS: [i32; 16] = [
    0,           // +0
    3,           // +3
    1 << 24 | 2, // -2
    2 << 24 | 2, // x2
    3 << 24 | 2, // /2
    7,           // +7
    2 << 24,     // x0
    1 << 24 | 1, // -1
    1,           // +1
    1 << 24 | 4, // -4
    9,           // +9
    2 << 24 | 3, // x3
    3 << 24 | 3, // /3
    2,           // +2
    1 << 24 | 5, // -5
    0,           // +0
];

/// P1 (0 0) -> (0 1) +3, P2 (3 3) -> (3 2) -5, P1 -> (1 1) +7: seat 2 to move.
fn abi_position() -> MathTricks {
    let mut g = game(ABI_LINE);
    play_all(&mut g, &[(0, 1), (3, 2), (1, 1)]);
    g
}

#[test]
fn state_words_from_player_twos_point_of_view() {
    let g = abi_position();
    assert_eq!(g.to_move(), Player::Second);
    let w = words(&g);
    let me = VISITED_BY_ME;
    let opp = VISITED_BY_OPPONENT;
    let mut expected = vec![
        4, 4, // rows, cols
        3, 2, // my pawn (seat 2)
        1, 1, // opponent's pawn (seat 1)
        -5, -1, // my total -5: low, high word
        10, 0, // opponent's total 10
    ];
    let mut cells = ABI_CELLS;
    for (i, bit) in [(0, opp), (1, opp), (5, opp), (14, me), (15, me)] {
        cells[i] |= bit;
    }
    expected.extend_from_slice(&cells);
    assert_eq!(w, expected);
    assert_eq!(w.len(), FIXED_WORDS + 16);
    assert_eq!(MathTricks::read_state(&w, Player::Second), Ok(g));
}

#[test]
fn state_words_from_player_ones_point_of_view() {
    let mut g = abi_position();
    g.play(cell(2, 2)).unwrap(); // P2: -5 + 9 = 4
    assert_eq!(g.to_move(), Player::First);
    let w = words(&g);
    let me = VISITED_BY_ME;
    let opp = VISITED_BY_OPPONENT;
    let mut expected = vec![
        4, 4, // rows, cols
        1, 1, // my pawn (seat 1)
        2, 2, // opponent's pawn (seat 2)
        10, 0, // my total
        4, 0, // opponent's total
    ];
    let mut cells = ABI_CELLS;
    for (i, bit) in [(0, me), (1, me), (5, me), (10, opp), (14, opp), (15, opp)] {
        cells[i] |= bit;
    }
    expected.extend_from_slice(&cells);
    assert_eq!(w, expected);
    assert_eq!(MathTricks::read_state(&w, Player::First), Ok(g));
}

#[test]
fn state_words_carry_the_full_i64_totals() {
    let b = Board::from_line(ABI_LINE).unwrap();
    for (mine, theirs) in [(i64::MIN, i64::MAX), (1 << 40, -(1 << 33) + 5), (-1, 0)] {
        let g = position(&b, Player::First, (0, 0), (3, 3), &[], &[], mine, theirs);
        assert_eq!(g.scores(), [mine, theirs]);
        let w = words(&g);
        assert_eq!(
            &w[6..10],
            [crate::abi::i64_words(mine), crate::abi::i64_words(theirs)].concat()
        );
        assert_eq!(
            MathTricks::read_state(&w, Player::First).unwrap().scores(),
            [mine, theirs]
        );
    }
}

#[test]
fn read_state_rejects_malformed_words() {
    let good = words(&abi_position()); // seat 2's view
    assert!(MathTricks::read_state(&good, Player::Second).is_ok());
    let fails = |w: &[i32], what: &str| {
        let err = MathTricks::read_state(w, Player::Second).unwrap_err();
        assert!(err.0.contains(what), "expected `{what}` in `{err}`");
    };
    let with = |i: usize, v: i32| {
        let mut w = good.clone();
        w[i] = v;
        w
    };
    let cell_index = |r: usize, c: usize| FIXED_WORDS + r * 4 + c;

    fails(&good[..9], "fewer than 10");
    fails(&[], "fewer than 10");
    fails(&good[..good.len() - 1], "25 words for a 4x4 board");
    fails(&[&good[..], &[0]].concat(), "27 words for a 4x4 board");
    fails(&with(0, 3), "board size 3x4");
    fails(&with(1, 65), "board size 4x65");
    fails(&with(0, -4), "board size -4x4");
    fails(&with(2, 4), "pawn at (4, 2) is off the board");
    fails(&with(5, -1), "pawn at (1, -1) is off the board");
    // A cell visited by both pawns.
    fails(
        &with(cell_index(2, 0), 1 | VISITED_BY_ME | VISITED_BY_OPPONENT),
        "visited by both",
    );
    // My pawn (seat 2) on a cell that is not marked as mine.
    let mut w = with(2, 2);
    w[3] = 0;
    fails(&w, "seat 2's pawn stands on a cell not marked as its own");
    // The opponent's pawn on my cell (both pawns on one cell).
    let mut w = with(4, 3);
    w[5] = 2;
    fails(&w, "seat 1's pawn stands on a cell not marked as its own");
    // Operands the rules do not allow.
    fails(&with(cell_index(1, 0), 3 << 24 | 1), "/1");
    fails(&with(cell_index(1, 0), 3 << 24), "/0");
    fails(&with(cell_index(0, 2), 1 << 24), "-0");
    // A start corner that does not hold +0.
    fails(
        &with(cell_index(3, 3), 1 | VISITED_BY_ME),
        "start cell (3 3) must be +0, is +1",
    );
    // Bits the layout does not define (28..=31).
    fails(&with(cell_index(2, 0), 1 | 1 << 28), "undefined bits");
    fails(&with(cell_index(2, 0), 1 | i32::MIN), "undefined bits");
}

// ---------------------------------------------------------------------------------------
// Moves typed by people, and the board drawn for them
// ---------------------------------------------------------------------------------------

#[test]
fn parse_move_reads_two_numbers_with_spaces_or_commas() {
    let g = MathTricks::new(board_with(5, 6, Op::Add(1), &[]));
    for text in ["1 2", "1,2", " 1 , 2 ", "1, 2", "1\t2", "1,,2", "01 2"] {
        assert_eq!(g.parse_move(text), Ok(cell(1, 2)), "{text:?}");
    }
    assert_eq!(g.parse_move("4 5"), Ok(cell(4, 5)));
    // Off the board but adjacent-or-not is `play`'s business: parse only reads.
    assert_eq!(g.parse_move("3 3"), Ok(cell(3, 3)));
    assert_eq!(g.describe_move(cell(3, 4)), "3 4");
    assert_eq!(g.parse_move(&g.describe_move(cell(3, 4))), Ok(cell(3, 4)));
    assert!(g.move_prompt().contains("seat 1"));
}

#[test]
fn parse_move_explains_bad_input() {
    let g = MathTricks::new(board_with(5, 6, Op::Add(1), &[]));
    let err = |t: &str| g.parse_move(t).unwrap_err().to_string();
    assert!(err("").contains("type two numbers"), "{}", err(""));
    assert!(err("1").contains("type two numbers"));
    assert!(err("1 2 3").contains("(got `1 2 3`)"), "{}", err("1 2 3"));
    assert_eq!(err("a 2"), "`a` is not a row number");
    assert_eq!(err("1 b"), "`b` is not a column number");
    assert_eq!(err("1.5 2"), "`1.5` is not a row number");
    assert_eq!(
        err("5 0"),
        "(5 0) is off the board: rows are 0..4, columns 0..5"
    );
    assert_eq!(
        err("0 6"),
        "(0 6) is off the board: rows are 0..4, columns 0..5"
    );
    assert_eq!(
        err("-1 0"),
        "(-1 0) is off the board: rows are 0..4, columns 0..5"
    );
    assert!(err("99999999999999999999 0").contains("is not a row number"));
}

#[test]
fn plain_render_marks_pawns_visited_cells_and_totals() {
    let g = abi_position();
    let text = g.render(false);
    assert!(text.contains("[1]") && text.contains("[2]"), "{text}");
    assert!(text.contains("(1)") && text.contains("(2)"), "{text}");
    assert!(text.contains("seat 1: total 10 at (1 1)"), "{text}");
    assert!(text.contains("seat 2: total -5 at (3 2)"), "{text}");
    assert!(text.contains("seat 2 to move"), "{text}");
    // Unvisited operations stay readable; no escape codes without colour.
    assert!(
        text.contains("x3") && text.contains("/3") && text.contains("-4"),
        "{text}"
    );
    assert!(!text.contains('\x1b'), "{text}");
    // Row 0: P1's start cell and (0 1) are visited, P1's pawn is at (1 1).
    let row0 = text.lines().nth(1).unwrap();
    assert_eq!(
        row0.split_whitespace().collect::<Vec<_>>(),
        ["0", "(1)", "(1)", "-2", "x2"]
    );
    let row1 = text.lines().nth(2).unwrap();
    assert_eq!(
        row1.split_whitespace().collect::<Vec<_>>(),
        ["1", "/2", "[1]", "x0", "-1"]
    );
}

#[test]
fn colour_render_uses_the_original_legend() {
    let g = abi_position();
    let text = g.render(true);
    assert!(text.contains("\x1b[44"), "seat 1's visited cells on blue");
    assert!(
        text.contains("\x1b[42"),
        "seat 2's visited cells on green"
    );
    assert!(text.contains("\x1b[104"), "seat 1's pawn on light blue");
    assert!(text.contains("\x1b[103"), "seat 2's pawn on yellow");
    assert!(text.contains("\x1b[0m"), "colours are reset");
    assert!(
        text.contains("total 10") && text.contains("total -5"),
        "{text}"
    );
    assert!(
        !text.contains("[1]") && !text.contains("(1)"),
        "colour replaces the marks"
    );
}

#[test]
fn render_announces_the_result_at_the_end() {
    for (p1, p2, says) in [
        ("+5", "+1", "game over: seat 1 wins"),
        ("-5", "+1", "game over: seat 2 wins"),
        ("+2", "+2", "game over: a draw"),
    ] {
        let mut g = shut_in_board(p1, p2);
        play_all(&mut g, &SHUT_IN_MOVES);
        assert!(g.render(false).contains(says), "{}", g.render(false));
    }
}

// ---------------------------------------------------------------------------------------
// Golden boards (regression pins)
// ---------------------------------------------------------------------------------------

/// Regression pins, not a specification: these lines were printed once by the generator,
/// checked by eye (point-symmetric, `+0` corners, the five required operations, operands
/// within `9 + s/2`, `x3`/`/3` only on the 8x8 board) and pinned here so that a change of
/// the generator, the RNG or a dependency can never silently change tournament boards.
/// If one fails on purpose, every recorded replay's board changes: bump the ABI/board
/// version and say so.
#[test]
fn golden_boards_never_change() {
    let line = |rows, cols, seed| {
        MathTricks::new_random(&GameParams::sized(rows, cols), &mut GameRng::new(seed))
            .unwrap()
            .setup()
    };
    assert_eq!(
        line(4, 4, 1),
        "4x4 +0 /2 +8 x2 +5 -2 x0 x0 x0 x0 -2 +5 x2 +8 /2 +0"
    );
    assert_eq!(
        line(8, 8, 7),
        "8x8 +0 x0 -4 -1 +4 +2 +4 +5 /2 -7 /2 -3 -12 x0 /3 x0 +12 +10 -4 -6 -8 +7 -9 x2 \
         x3 /2 +1 x2 -1 /2 +3 +7 +7 +3 /2 -1 x2 +1 /2 x3 x2 -9 +7 -8 -6 -4 +10 +12 x0 /3 x0 \
         -12 -3 /2 -7 /2 +5 +4 +2 +4 -1 -4 x0 +0"
    );
}

#[test]
fn large_boards_hold_bigger_multipliers_and_divisors() {
    let mut seen = [false; 4]; // x3, x4, /3, /4
    for seed in 0..4 {
        let b = fair_board(64, 64, &mut GameRng::new(seed)).unwrap();
        for &o in b.ops() {
            match o {
                Op::Mul(3) => seen[0] = true,
                Op::Mul(4) => seen[1] = true,
                Op::Div(3) => seen[2] = true,
                Op::Div(4) => seen[3] = true,
                _ => {}
            }
        }
    }
    assert_eq!(seen, [true; 4]);
}

// ---------------------------------------------------------------------------------------
// Properties of generated boards and random games
// ---------------------------------------------------------------------------------------

/// The total after `op`, computed independently of `Op::apply`: exact in `i128`, division
/// on the magnitude with the sign put back (truncation toward zero), then clamped.
fn reference_apply(o: Op, total: i64) -> i64 {
    let t = total as i128;
    let exact = match o {
        Op::Add(k) => t + k as i128,
        Op::Sub(k) => t - k as i128,
        Op::Mul(k) => t * k as i128,
        Op::Div(k) => {
            let q = t.abs() / k as i128;
            if t < 0 {
                -q
            } else {
                q
            }
        }
    };
    exact.clamp(i64::MIN as i128, i64::MAX as i128) as i64
}

/// The free neighbours of `at`, computed independently of the game.
fn reference_moves(rows: u32, cols: u32, at: Cell, taken: &[bool]) -> Vec<Cell> {
    let mut out = Vec::new();
    for r in at.row as i64 - 1..=at.row as i64 + 1 {
        for c in at.col as i64 - 1..=at.col as i64 + 1 {
            if r < 0
                || c < 0
                || r >= rows as i64
                || c >= cols as i64
                || (r, c) == (at.row as i64, at.col as i64)
            {
                continue;
            }
            if !taken[(r * cols as i64 + c) as usize] {
                out.push(cell(r as u32, c as u32));
            }
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn generated_boards_are_fair_and_within_the_documented_numbers(
        rows in 4u32..=64, cols in 4u32..=64, seed in any::<u64>()
    ) {
        let b = fair_board(rows, cols, &mut GameRng::new(seed)).unwrap();
        let s = rows.max(cols);
        let a = operand_bound(s);
        prop_assert!(is_symmetric(&b));
        for r in 0..rows {
            for c in 0..cols {
                prop_assert_eq!(b.op(cell(r, c)), b.op(cell(rows - 1 - r, cols - 1 - c)));
            }
        }
        prop_assert_eq!(b.op(cell(0, 0)), Op::Add(0));
        prop_assert_eq!(b.op(cell(rows - 1, cols - 1)), Op::Add(0));
        let ops = b.ops();
        prop_assert!(ops.iter().any(|o| matches!(o, Op::Add(k) if *k >= 1)), "no +k");
        prop_assert!(ops.iter().any(|o| matches!(o, Op::Sub(_))), "no -k");
        prop_assert!(ops.contains(&Op::Mul(0)), "no x0");
        prop_assert!(ops.contains(&Op::Mul(2)), "no x2");
        prop_assert!(ops.contains(&Op::Div(2)), "no /2");
        let mults: Vec<u32> = multipliers(s).iter().map(|m| m.0).collect();
        let divs: Vec<u32> = divisors(s).iter().map(|d| d.0).collect();
        for &o in ops {
            match o {
                Op::Add(k) => prop_assert!(k <= a, "{o} beyond {a}"),
                Op::Sub(k) => prop_assert!((1..=a).contains(&k), "{o} beyond {a}"),
                Op::Mul(k) => prop_assert!(mults.contains(&k), "{o} not in {mults:?}"),
                Op::Div(k) => prop_assert!(divs.contains(&k), "{o} not in {divs:?}"),
            }
        }
        let again = fair_board(rows, cols, &mut GameRng::new(seed)).unwrap();
        prop_assert_eq!(&again, &b);
        let g = MathTricks::new_random(&GameParams::sized(rows, cols), &mut GameRng::new(seed)).unwrap();
        prop_assert_eq!(g.board(), &b);
    }

    #[test]
    fn small_boards_never_hold_x3_x4_or_their_divisors(
        rows in 4u32..=11, cols in 4u32..=11, seed in any::<u64>()
    ) {
        let b = fair_board(rows, cols, &mut GameRng::new(seed)).unwrap();
        let s = rows.max(cols);
        for &o in b.ops() {
            prop_assert!(o != Op::Mul(4) && o != Op::Div(4), "{o} on a board with s = {s}");
            if s < 8 {
                prop_assert!(o != Op::Mul(3) && o != Op::Div(3), "{o} on a board with s = {s}");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_games_follow_the_rules_and_totals_match_a_recomputation(
        rows in 4u32..=64, cols in 4u32..=64, seed in any::<u64>(), mover_seed in any::<u64>()
    ) {
        let mut g = MathTricks::new_random(&GameParams::sized(rows, cols), &mut GameRng::new(seed)).unwrap();
        let board = g.board().clone();
        let mut rng = GameRng::new(mover_seed);
        let mut taken = vec![false; (rows * cols) as usize];
        let mut pawns = [cell(0, 0), cell(rows - 1, cols - 1)];
        taken[0] = true;
        taken[(rows * cols - 1) as usize] = true;
        let mut history: Vec<(usize, Cell)> = Vec::new();
        let mut seat = 0;
        loop {
            let expected = reference_moves(rows, cols, pawns[seat], &taken);
            let moves = legal(&g);
            prop_assert_eq!(&moves, &expected, "ply {}", history.len());
            prop_assert_eq!(g.to_move().index(), seat);
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len() as u64) as usize];
            prop_assert!(pawns[seat].is_adjacent(mv) && !taken[board.index(mv)]);
            g.play(mv).unwrap();
            taken[board.index(mv)] = true;
            pawns[seat] = mv;
            history.push((seat, mv));
            seat = 1 - seat;
        }
        prop_assert!(g.is_terminal());
        prop_assert!(history.len() as u32 <= rows * cols - 2);
        let mut totals = [0i64; 2];
        for &(s, mv) in &history {
            totals[s] = reference_apply(board.op(mv), totals[s]);
        }
        prop_assert_eq!(g.scores(), totals);
        let expected = if totals[0] > totals[1] {
            Outcome::Win(Player::First)
        } else if totals[1] > totals[0] {
            Outcome::Win(Player::Second)
        } else {
            Outcome::Draw
        };
        prop_assert_eq!(g.outcome(), Some(expected));
    }
}

#[test]
fn reference_arithmetic_agrees_with_op_apply_on_edge_values() {
    let totals = [
        i64::MIN,
        i64::MIN + 1,
        -(1 << 62),
        -7,
        -1,
        0,
        1,
        7,
        1 << 62,
        i64::MAX - 1,
        i64::MAX,
    ];
    let ops = [
        Op::Add(0),
        Op::Add(9),
        Op::Sub(1),
        Op::Sub(41),
        Op::Mul(0),
        Op::Mul(2),
        Op::Mul(3),
        Op::Mul(4),
        Op::Div(2),
        Op::Div(3),
        Op::Div(4),
    ];
    for &t in &totals {
        for &o in &ops {
            assert_eq!(o.apply(t), reference_apply(o, t), "{o} on {t}");
        }
    }
}

// ---------------------------------------------------------------------------------------
// The shared conformance suite
// ---------------------------------------------------------------------------------------

#[test]
fn conformance_on_small_and_odd_boards() {
    for (rows, cols, seeds) in [(4, 4, 0..40), (4, 9, 0..20), (7, 5, 0..20), (8, 8, 0..15)] {
        let params = GameParams::sized(rows, cols);
        let max = (rows * cols - 2) as usize;
        conformance::check_game::<MathTricks>(&params, seeds, max);
    }
}

#[test]
fn conformance_on_large_boards() {
    for (rows, cols, seeds) in [(13, 13, 0..8), (64, 64, 0..4)] {
        let params = GameParams::sized(rows, cols);
        let max = (rows * cols - 2) as usize;
        conformance::check_game::<MathTricks>(&params, seeds, max);
    }
}
