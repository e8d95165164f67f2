//! Tests of the reference strategies, on MathTricks positions.

use super::*;
use crate::game::{GameParams, Outcome};
use crate::mathtricks::{Board, Cell, MathTricks, Op};
use crate::rng::GameRng;

fn cell(row: u32, col: u32) -> Cell {
    Cell::new(row, col)
}

fn legal(g: &MathTricks) -> Vec<Cell> {
    let mut out = Vec::new();
    g.legal_moves(&mut out);
    out
}

fn ctx(state: &MathTricks, seed: u64) -> Context {
    Context {
        seat: state.to_move(),
        ply: 0,
        seed,
    }
}

/// A board filled with `+1` (corners `+0`) with some cells set by hand.
fn board_with(rows: u32, cols: u32, set: &[((u32, u32), Op)]) -> Board {
    let mut ops = vec![Op::Add(1); (rows * cols) as usize];
    ops[0] = Op::Add(0);
    ops[(rows * cols - 1) as usize] = Op::Add(0);
    for &((r, c), o) in set {
        ops[(r * cols + c) as usize] = o;
    }
    Board::new(rows, cols, ops).unwrap()
}

/// A position for `me` to move, written in the ABI layout and read back: pawns on their
/// own cells, every cell of `blocked` visited (by the opponent), the given totals.
fn position(
    board: &Board,
    me: Player,
    my_pawn: (u32, u32),
    their_pawn: (u32, u32),
    blocked: &[(u32, u32)],
    totals: [i64; 2],
) -> MathTricks {
    // The mover's own pawn cell is marked as its own even when listed in `blocked`.
    let theirs: Vec<(u32, u32)> = blocked.iter().copied().filter(|&c| c != my_pawn).collect();
    crate::mathtricks::tests::position(
        board,
        me,
        my_pawn,
        their_pawn,
        &[],
        &theirs,
        totals[0],
        totals[1],
    )
}

/// Plays a whole game, `bots[0]` in the first seat; returns the final state and the moves.
fn play_out(
    mut state: MathTricks,
    bots: &mut [Box<dyn Strategy<MathTricks>>; 2],
    seeds: [u64; 2],
) -> (MathTricks, Vec<Cell>) {
    let mut moves = Vec::new();
    while !state.is_terminal() {
        let seat = state.to_move();
        let c = Context {
            seat,
            ply: moves.len() as u32,
            seed: seeds[seat.index()],
        };
        let mv = bots[seat.index()].choose(&c, &state);
        assert!(
            legal(&state).contains(&mv),
            "{seat} chose illegal {mv:?} at ply {}",
            moves.len()
        );
        state.apply(mv);
        moves.push(mv);
    }
    (state, moves)
}

fn new_game(rows: u32, cols: u32, seed: u64) -> MathTricks {
    MathTricks::new_random(&GameParams::sized(rows, cols), &mut GameRng::new(seed)).unwrap()
}

fn randoms() -> [Box<dyn Strategy<MathTricks>>; 2] {
    [
        Box::new(RandomMover::default()),
        Box::new(RandomMover::default()),
    ]
}

// ---------------------------------------------------------------------------------------
// random
// ---------------------------------------------------------------------------------------

#[test]
fn random_plays_only_legal_moves_and_repeats_itself_for_the_same_seed() {
    let mut games = Vec::new();
    for seed in 0..20 {
        for (rows, cols) in [(6, 6), (9, 7)] {
            let start = new_game(rows, cols, seed);
            // play_out asserts that every move is legal.
            let (end, moves) = play_out(start.clone(), &mut randoms(), [seed, seed + 1000]);
            let (end2, moves2) = play_out(start, &mut randoms(), [seed, seed + 1000]);
            assert_eq!(moves, moves2, "seed {seed}: same seeds, different game");
            assert_eq!(end, end2);
            games.push(moves);
        }
    }
    let mut distinct = games.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), games.len(), "every seed gives its own game");
}

#[test]
fn random_depends_on_its_seed_and_reaches_every_legal_move() {
    let start = new_game(8, 8, 3);
    let mut seen = Vec::new();
    for seed in 0..64 {
        let mv = RandomMover::default().choose(&ctx(&start, seed), &start);
        if !seen.contains(&mv) {
            seen.push(mv);
        }
    }
    seen.sort();
    assert_eq!(seen, legal(&start));
}

// ---------------------------------------------------------------------------------------
// greedy
// ---------------------------------------------------------------------------------------

#[test]
fn greedy_picks_the_largest_immediate_total() {
    // Player 1 at (2 2) with total 10: x2 gives 20, +9 gives 19, the rest less.
    let b = board_with(
        5,
        5,
        &[
            ((1, 1), Op::Add(3)),
            ((1, 2), Op::Add(9)),
            ((1, 3), Op::Sub(1)),
            ((2, 1), Op::Div(2)),
            ((2, 3), Op::Mul(0)),
            ((3, 1), Op::Mul(2)),
            ((3, 2), Op::Add(4)),
            ((3, 3), Op::Sub(7)),
        ],
    );
    let g = position(&b, Player::First, (2, 2), (4, 4), &[], [10, 0]);
    assert_eq!(Greedy.choose(&ctx(&g, 0), &g), cell(3, 1));
    // With a negative total, x2 is the worst and x0 (back to 0) beats +9 (-1).
    let g = position(&b, Player::First, (2, 2), (4, 4), &[], [-10, 0]);
    assert_eq!(Greedy.choose(&ctx(&g, 0), &g), cell(2, 3));
    let g = position(&b, Player::First, (2, 2), (4, 4), &[], [-10, -50]);
    assert_eq!(
        Greedy.choose(&ctx(&g, 0), &g),
        cell(2, 3),
        "the opponent's total shifts nothing"
    );
    // The same holds for player 2.
    let g = position(&b, Player::Second, (2, 2), (0, 0), &[], [10, 50]);
    assert_eq!(Greedy.choose(&ctx(&g, 0), &g), cell(3, 1));
}

#[test]
fn greedy_breaks_ties_toward_the_lowest_cell_index() {
    let b = board_with(
        5,
        5,
        &[
            ((1, 1), Op::Add(2)),
            ((2, 3), Op::Add(9)),
            ((3, 2), Op::Add(9)),
            ((3, 3), Op::Add(9)),
        ],
    );
    let g = position(&b, Player::First, (2, 2), (4, 4), &[], [0, 0]);
    assert_eq!(Greedy.choose(&ctx(&g, 0), &g), cell(2, 3));
    // All equal: the first legal move.
    let flat = board_with(5, 5, &[]);
    let g = position(&flat, Player::First, (2, 2), (4, 4), &[(1, 1)], [0, 0]);
    assert_eq!(Greedy.choose(&ctx(&g, 0), &g), cell(1, 2));
}

/// Regression: greedy compared the game's raw heuristic with win values, so a total
/// beyond `WIN_VALUE` (reachable: totals saturate at `i64::MAX`) outranked winning on the
/// spot. Its heuristic is now clamped like alphabeta's.
#[test]
fn greedy_takes_a_win_over_any_huge_total() {
    // Player 1 at (2 2), far ahead. (3 3) shuts player 2 in at (4 4) and wins at once;
    // (2 1) adds 9 and lets the game go on. Every other neighbour is taken.
    let b = board_with(5, 5, &[((3, 3), Op::Div(2)), ((2, 1), Op::Add(9))]);
    let blocked = [
        (1, 1),
        (1, 2),
        (1, 3),
        (2, 3),
        (3, 1),
        (3, 2),
        (3, 4),
        (4, 3),
    ];
    for my_total in [(1 << 62) + 100, i64::MAX - 9, 1 << 61] {
        let g = position(&b, Player::First, (2, 2), (4, 4), &blocked, [my_total, 0]);
        assert_eq!(legal(&g), vec![cell(2, 1), cell(3, 3)]);
        let mut win = g.clone();
        win.apply(cell(3, 3));
        assert_eq!(win.outcome(), Some(Outcome::Win(Player::First)));
        assert_eq!(
            Greedy.choose(&ctx(&g, 0), &g),
            cell(3, 3),
            "total {my_total}"
        );
        assert_eq!(
            AlphaBeta::new(1).search(&g).0,
            cell(3, 3),
            "total {my_total}"
        );
    }
}

// ---------------------------------------------------------------------------------------
// alphabeta
// ---------------------------------------------------------------------------------------

/// A 6x6 position where player 1 (at (2 2), total 10 against 12) chooses between:
/// - (1 1) `+20`: the best immediate total, but then player 2 goes (4 4) `+1`, player 1
///   must go on to (1 0), player 2 takes (3 5) `x4` = 52 and player 1 is stuck: a loss;
/// - (3 3) `+5`: player 2's only reply is (4 4) `+1`, after which player 1 is stuck at
///   15 against 13: a forced win two plies deep.
///
/// Every cell but those five is already visited.
fn forced_win_position() -> MathTricks {
    let b = board_with(
        6,
        6,
        &[
            ((1, 1), Op::Add(20)),
            ((1, 0), Op::Add(0)),
            ((3, 3), Op::Add(5)),
            ((4, 4), Op::Add(1)),
            ((3, 5), Op::Mul(4)),
        ],
    );
    let free = [(1, 1), (1, 0), (3, 3), (4, 4), (3, 5)];
    let blocked: Vec<(u32, u32)> = (0..6)
        .flat_map(|r| (0..6).map(move |c| (r, c)))
        .filter(|rc| !free.contains(rc))
        .collect();
    position(&b, Player::First, (2, 2), (5, 4), &blocked, [10, 12])
}

#[test]
fn alphabeta_finds_a_forced_win_that_greedy_misses() {
    let g = forced_win_position();
    assert_eq!(legal(&g), vec![cell(1, 1), cell(3, 3)]);
    assert_eq!(Greedy.choose(&ctx(&g, 0), &g), cell(1, 1));
    assert_eq!(
        AlphaBeta::new(1).search(&g).0,
        cell(1, 1),
        "depth 1 is greedy"
    );
    for depth in [2, 3, 4, 6, 10] {
        let (mv, value) = AlphaBeta::new(depth).search(&g);
        assert_eq!(mv, cell(3, 3), "depth {depth}");
        assert_eq!(value, WIN_VALUE - 2, "depth {depth}: a win two plies away");
    }
    // Played out: alphabeta wins from here against anything; greedy's move loses to
    // alphabeta.
    let bots = || -> [Box<dyn Strategy<MathTricks>>; 2] {
        [Box::new(AlphaBeta::new(4)), Box::new(AlphaBeta::new(4))]
    };
    let (end, _) = play_out(g.clone(), &mut bots(), [0, 0]);
    assert_eq!(end.outcome(), Some(Outcome::Win(Player::First)));
    let mut after_greedy = g.clone();
    after_greedy.apply(cell(1, 1));
    let (end, _) = play_out(after_greedy, &mut bots(), [0, 0]);
    assert_eq!(end.outcome(), Some(Outcome::Win(Player::Second)));
    assert_eq!(end.scores(), [30, 52]);
}

#[test]
fn alphabeta_is_deterministic() {
    for seed in 0..6 {
        let mut state = new_game(7, 7, seed);
        let mut rng = GameRng::new(seed);
        for _ in 0..6 {
            let moves = legal(&state);
            state.apply(moves[rng.below(moves.len() as u64) as usize]);
        }
        if state.is_terminal() {
            continue;
        }
        let (mut a, mut b) = (AlphaBeta::new(5), AlphaBeta::new(5));
        let first = a.search(&state);
        assert_eq!(first, b.search(&state), "seed {seed}");
        assert_eq!(a.nodes(), b.nodes(), "seed {seed}: same work");
        assert_eq!(
            first,
            a.search(&state),
            "seed {seed}: a second search agrees"
        );
    }
}

#[test]
fn alphabeta_at_depth_one_equals_greedy_on_random_playouts() {
    let mut positions = 0;
    for (rows, cols, seeds) in [
        (4, 4, 0..20),
        (6, 6, 0..20),
        (8, 8, 0..10),
        (13, 9, 0..5),
        (64, 64, 0..2),
    ] {
        for seed in seeds {
            let mut state = new_game(rows, cols, seed);
            let mut rng = GameRng::new(seed ^ 0xABCD);
            while !state.is_terminal() {
                let greedy = Greedy.choose(&ctx(&state, seed), &state);
                let (ab, _) = AlphaBeta::new(1).search(&state);
                assert_eq!(
                    ab,
                    greedy,
                    "{rows}x{cols} seed {seed} totals {:?}",
                    state.scores()
                );
                positions += 1;
                let moves = legal(&state);
                state.apply(moves[rng.below(moves.len() as u64) as usize]);
            }
        }
    }
    assert!(positions > 1000, "{positions}");
}

#[test]
fn alphabeta_beats_random_in_most_seeded_games() {
    const GAMES: u64 = 20;
    let mut wins = 0;
    for seed in 0..GAMES {
        // Alternate seats: alphabeta moves first in even games, second in odd ones.
        let ab_seat = if seed % 2 == 0 {
            Player::First
        } else {
            Player::Second
        };
        let mut bots: [Box<dyn Strategy<MathTricks>>; 2] = match ab_seat {
            Player::First => [
                Box::new(AlphaBeta::new(4)),
                Box::new(RandomMover::default()),
            ],
            Player::Second => [
                Box::new(RandomMover::default()),
                Box::new(AlphaBeta::new(4)),
            ],
        };
        let (end, _) = play_out(new_game(6, 6, seed), &mut bots, [seed, seed]);
        if end.outcome() == Some(Outcome::Win(ab_seat)) {
            wins += 1;
        }
    }
    assert!(
        wins * 100 >= GAMES * 80,
        "alphabeta won only {wins} of {GAMES}"
    );
}

#[test]
fn generic_builds_the_named_strategies_with_the_default_depth() {
    for name in GENERIC_STRATEGIES {
        assert!(generic::<MathTricks>(name, None).is_some(), "{name}");
    }
    assert!(generic::<MathTricks>("perfect", None).is_none());
    // alphabeta without a depth searches the game's default depth: same move as depth 6.
    let g = forced_win_position();
    let mut s = generic::<MathTricks>("alphabeta", None).unwrap();
    assert_eq!(s.choose(&ctx(&g, 0), &g), AlphaBeta::new(6).search(&g).0);
}

#[test]
fn terminal_value_prefers_quick_wins_and_slow_losses() {
    let b = board_with(4, 4, &[]);
    // Player 1 to move and stuck at (0 0), ahead: a win for player 1.
    let g = position(
        &b,
        Player::First,
        (0, 0),
        (3, 3),
        &[(0, 1), (1, 0), (1, 1)],
        [5, 1],
    );
    assert!(g.is_terminal());
    assert_eq!(terminal_value(&g, Player::First, 3), WIN_VALUE - 3);
    assert!(terminal_value(&g, Player::First, 2) > terminal_value(&g, Player::First, 3));
    assert_eq!(terminal_value(&g, Player::Second, 3), LOSS_VALUE + 3);
    let draw = position(
        &b,
        Player::First,
        (0, 0),
        (3, 3),
        &[(0, 1), (1, 0), (1, 1)],
        [5, 5],
    );
    assert_eq!(terminal_value(&draw, Player::First, 3), 0);
}
