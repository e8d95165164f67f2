//! Determinant: the rules, the worked examples of `docs/games/determinant.md`, the exact solver against a plain
//! search without symmetry, the perfect player, property tests and the conformance suite.

use std::collections::BTreeMap;

use proptest::prelude::*;

use super::*;
use crate::conformance::check_game;
use crate::strategy::theory_check::{duel, legal};
use crate::strategy::{AlphaBeta, Greedy, RandomMover, RandomTies, Strategy};

fn table(text: &str) -> Determinant {
    Determinant::from_setup(text).unwrap()
}

/// Any table, full ones included.
fn full(text: &str) -> Determinant {
    Determinant::new(parse_table(text).unwrap()).unwrap()
}

fn with_table(text: &str) -> GameParams {
    let mut options = BTreeMap::new();
    options.insert("table".to_string(), text.to_string());
    GameParams {
        options,
        ..GameParams::default()
    }
}

/// The exact value for the player to move by plain negamax: no memo, no symmetry.
fn plain(game: &Determinant) -> i32 {
    if game.is_terminal() {
        // A full table has B to move.
        return -game.difference();
    }
    legal(game)
        .into_iter()
        .map(|mv| {
            let mut child = *game;
            child.apply(mv);
            -plain(&child)
        })
        .max()
        .unwrap()
}

/// A random position with `filled` cells filled.
fn random_table(seed: u64, filled: usize) -> Determinant {
    let mut rng = GameRng::new(seed);
    let mut cells: Vec<u8> = (1..=9).collect();
    rng.shuffle(&mut cells);
    let mut places: Vec<usize> = (0..9).collect();
    rng.shuffle(&mut places);
    let mut t = [0u8; CELLS];
    for i in 0..filled {
        t[places[i]] = cells[i];
    }
    Determinant::new(t).unwrap()
}

#[test]
fn moves_are_a_cell_and_an_unused_number() {
    let g = Determinant::empty();
    let moves = legal(&g);
    // 81 choices for the first move, 64 for the second.
    assert_eq!(moves.len(), 81);
    let raws: Vec<i32> = moves.iter().map(|&m| g.encode_move(m)).collect();
    assert_eq!(raws, (0..81).collect::<Vec<_>>());
    assert_eq!(g.to_move(), Player::First);
    let mut g = g;
    g.play(Place { cell: 4, number: 7 }).unwrap();
    assert_eq!(g.encode_move(Place { cell: 4, number: 7 }), 42);
    assert_eq!(legal(&g).len(), 64);
    assert_eq!(g.to_move(), Player::Second);
    assert_eq!(
        g.why_illegal(Place { cell: 4, number: 1 }).unwrap(),
        "cell (2, 2) already holds 7"
    );
    assert_eq!(
        g.why_illegal(Place { cell: 0, number: 7 }).unwrap(),
        "7 is already in the table"
    );
    assert_eq!(g.decode_move(81), None);
    assert_eq!(g.decode_move(-1), None);
    assert_eq!(g.parse_move(" 3, 1 9 "), Ok(Place { cell: 6, number: 9 }));
    assert_eq!(g.describe_move(Place { cell: 6, number: 9 }), "3 1 9");
    assert!(g.parse_move("4 1 1").unwrap_err().to_string().contains("row"));
    assert!(g.parse_move("1 1 0").unwrap_err().to_string().contains("number"));
    assert!(g.parse_move("1 1").unwrap_err().to_string().contains("three numbers"));
}

#[test]
fn every_game_is_nine_moves_and_there_are_nine_factorial_squared_games() {
    // (9!)² = 131 681 894 400 different games: 81 · 64 · 49 · … · 1.
    let mut g = Determinant::empty();
    let mut games: u64 = 1;
    for k in 0..9 {
        let moves = legal(&g);
        assert_eq!(moves.len(), (9 - k) * (9 - k));
        games *= moves.len() as u64;
        g.apply(moves[moves.len() / 2]);
    }
    assert!(g.is_terminal());
    assert_eq!(games, 131_681_894_400);
    assert_eq!(games, 362_880u64 * 362_880);
}

#[test]
fn the_full_table_is_judged_on_row_against_column_products() {
    // The first worked example, both endings of the eighth move.
    let a = full("917/453/682");
    assert_eq!(
        sums(a.cells()),
        (9 * 7 + 4 * 5 * 3 + 6 * 8 * 2, 9 * 4 * 6 + 5 * 8 + 7 * 3 * 2)
    );
    assert_eq!(a.difference(), -79);
    assert_eq!(a.outcome(), Some(Outcome::Win(Player::Second)));
    assert_eq!(a.scores(), [-79, 79]);
    let b = full("917/354/682");
    assert_eq!(b.difference(), -39);
    // A table whose rows and columns give the same sum is a draw (decision).
    let draw = (0..362_880u64)
        .map(|i| random_table(i, 9))
        .find(|t| t.difference() == 0)
        .expect("some table has SA = SB");
    assert_eq!(draw.outcome(), Some(Outcome::Draw));
    assert_eq!(draw.scores(), [0, 0]);
}

#[test]
fn seed_003_eighth_move_takes_minus_79() {
    // Figure 1: after the seventh move only 3 and 4 are left; the computer (B) looks for
    // the smallest price: -79 (4 in the middle row's left cell) rather than -39.
    let g = table("917/.5./682");
    assert_eq!(g.to_move(), Player::Second);
    assert_eq!(g.left(), [3, 4]);
    assert_eq!(legal(&g).len(), 4);
    let (mv, v) = Perfect::best(&g);
    assert_eq!(mv, Place { cell: 3, number: 4 });
    assert_eq!(v, 79);
    assert_eq!(value(&g), 79);
    let mut after = g;
    after.apply(mv);
    after.apply(legal(&after)[0]);
    assert_eq!(after.difference(), -79);
    // The Min-Max player at any depth makes the same choice.
    for depth in 1..=3 {
        let (m, _) = AlphaBeta::new(depth).search(&g);
        let mut t = g;
        t.apply(m);
        t.apply(legal(&t)[0]);
        assert_eq!(t.difference(), -79, "depth {depth}");
    }
}

#[test]
fn seed_003_seventh_move_has_nine_choices_and_the_sixth_288_branches() {
    // Figure 3: after the sixth move the computer (A) has 6, 7 and 8 left: nine moves.
    let g = table("12./3.4/5.9");
    assert_eq!(g.to_move(), Player::First);
    assert_eq!(g.left(), [6, 7, 8]);
    assert_eq!(legal(&g).len(), 9);
    // The tree of the seventh move: 9 moves, each with 4 answers and 1 last move.
    let mut leaves = 0;
    for m7 in legal(&g) {
        let mut g7 = g;
        g7.apply(m7);
        for m8 in legal(&g7) {
            let mut g8 = g7;
            g8.apply(m8);
            assert_eq!(legal(&g8).len(), 1);
            leaves += 1;
        }
    }
    assert_eq!(leaves, 36);
    // "The tree of the sixth move has 288 branches" (docs/games/determinant.md): 16 sixth
    // moves × 9 seventh moves × 2 different final tables after each eighth move (the page
    // counts the two tables an eighth move can lead to).
    let g5 = table("12./3../5.9");
    let mut branches = 0;
    for m6 in legal(&g5) {
        let mut g6 = g5;
        g6.apply(m6);
        for m7 in legal(&g6) {
            let mut g7 = g6;
            g7.apply(m7);
            let mut finals = std::collections::BTreeSet::new();
            for m8 in legal(&g7) {
                let mut g8 = g7;
                g8.apply(m8);
                g8.apply(legal(&g8)[0]);
                finals.insert(*g8.cells());
            }
            branches += finals.len();
        }
    }
    assert_eq!(legal(&g5).len(), 16);
    assert_eq!(branches, 288);
}

#[test]
fn the_empty_table_is_worth_40_to_a() {
    // The value written in docs/games/determinant.md.
    assert_eq!(value(&Determinant::empty()), 40);
    let stats = solution_stats();
    assert!(
        stats.positions > 200_000 && stats.positions < 210_000,
        "{stats:?}"
    );
    let (mv, v) = Perfect::best(&Determinant::empty());
    assert_eq!(v, 40);
    let mut g = Determinant::empty();
    g.apply(mv);
    assert_eq!(value(&g), -40);
    // 45 of the 81 first moves keep A's win.
    let empty = Determinant::empty();
    let winning = legal(&empty)
        .into_iter()
        .filter(|&m| {
            let mut c = empty;
            c.apply(m);
            value(&c) < 0
        })
        .count();
    assert_eq!(winning, 45);
    // Perfect against perfect ends at the value.
    let mut g = Determinant::empty();
    while !g.is_terminal() {
        g.apply(Perfect::best(&g).0);
    }
    assert_eq!(g.difference(), 40);
    assert_eq!(g.setup(), "521/794/683");
}

#[test]
fn the_solver_agrees_with_a_plain_search_without_symmetry() {
    for seed in 0..60u64 {
        let filled = 4 + (seed % 5) as usize;
        let g = random_table(seed, filled);
        let exact = plain(&g);
        assert_eq!(value(&g), exact, "{}", g.setup());
        let (mv, v) = Perfect::best(&g);
        assert_eq!(v, exact, "{}", g.setup());
        let mut child = g;
        child.apply(mv);
        let after = if child.is_terminal() {
            -child.difference()
        } else {
            plain(&child)
        };
        assert_eq!(
            -after,
            exact,
            "perfect's move keeps the value in {}",
            g.setup()
        );
    }
}

/// The builtin opponents of `perfect`: a fresh strategy per game.
fn opponent(name: &str) -> Box<dyn Strategy<Determinant>> {
    match name {
        "random" => Box::new(RandomMover::default()),
        "greedy" => Box::new(Greedy),
        _ => Box::new(RandomTies::new(Determinant::INFO.default_depth)),
    }
}

#[test]
fn perfect_wins_every_game_as_a_and_every_pair_of_games() {
    // The value is +40 for A and perfect keeps it: as A it wins against anything. As B it
    // beats random and greedy here; alphabeta (depth 2 and more) plays A well enough to
    // win, so against it a pair of games (one in each seat) is split, never lost.
    for name in ["random", "greedy", "alphabeta"] {
        for seed in 0..12u64 {
            let start = Determinant::empty();
            let first = duel(&start, [&mut Perfect, opponent(name).as_mut()], seed);
            assert_eq!(first, Outcome::Win(Player::First), "perfect as A vs {name}");
            let second = duel(&start, [opponent(name).as_mut(), &mut Perfect], seed);
            if name != "alphabeta" {
                assert_eq!(
                    second,
                    Outcome::Win(Player::Second),
                    "perfect as B vs {name}"
                );
            }
        }
    }
}

#[test]
fn perfect_as_b_wins_whenever_a_errs() {
    // From every position after A's first move that is not won for A, perfect (B) wins
    // against random play.
    let empty = Determinant::empty();
    for mv in legal(&empty) {
        let mut g = empty;
        g.apply(mv);
        if value(&g) > 0 {
            let o = duel(
                &g,
                [&mut RandomMover::default(), &mut Perfect],
                mv.code() as u64,
            );
            assert_eq!(o, Outcome::Win(Player::Second), "after {mv:?}");
        }
    }
}

#[test]
fn options_setup_and_words() {
    let mut rng = GameRng::new(0);
    let g = Determinant::new_random(&with_table("917/.5./682"), &mut rng).unwrap();
    assert_eq!(g, table("917.5.682"));
    assert_eq!(g.setup(), "917/.5./682");
    for bad in [
        "917/.5./68",
        "917/.5./6822",
        "911/.5./682",
        "917/.5./68x",
        "917/453/682",
    ] {
        assert!(
            Determinant::new_random(&with_table(bad), &mut rng).is_err(),
            "{bad}"
        );
        if bad != "917/453/682" {
            assert!(Determinant::from_setup(bad).is_err(), "{bad}");
        }
    }
    assert!(Determinant::from_setup("917/453/682").is_err());
    let mut p = GameParams::default();
    p.options.insert("size".into(), "4".into());
    assert!(Determinant::new_random(&p, &mut rng).is_err());
    assert_eq!(
        Determinant::new_random(&GameParams::sized(7, 7), &mut rng).unwrap(),
        Determinant::empty()
    );
    let mut w = Vec::new();
    g.write_state(&mut w);
    assert_eq!(w, [9, 1, 7, 0, 5, 0, 6, 8, 2]);
    assert_eq!(Determinant::read_state(&w, Player::Second), Ok(g));
    let wrong_seat = Determinant::read_state(&w, Player::First).unwrap_err();
    assert!(wrong_seat.0.contains("seat 2 is to move"), "{wrong_seat}");
    assert!(Determinant::read_state(&w[..8], Player::Second).is_err());
    assert!(Determinant::read_state(&[9, 9, 0, 0, 0, 0, 0, 0, 0], Player::First).is_err());
    assert!(Determinant::read_state(&[10, 0, 0, 0, 0, 0, 0, 0, 0], Player::Second).is_err());
    assert!(Determinant::read_state(&[-1, 0, 0, 0, 0, 0, 0, 0, 0], Player::Second).is_err());
}

#[test]
fn render_shows_products_and_the_result() {
    let g = table("917/.5./682");
    let text = g.render(false);
    assert!(text.contains("63"), "{text}");
    assert!(text.contains("numbers left: 3 4"), "{text}");
    assert!(text.contains("seat 2 (B, columns) to move"), "{text}");
    let done = table("917/45./682");
    let mut done = done;
    done.apply(Place { cell: 5, number: 3 });
    let text = done.render(false);
    assert!(text.contains("SA - SB = -79"), "{text}");
    assert!(text.contains("seat 2 (B, columns) wins"), "{text}");
    assert!(done.render(true).contains("\x1b[1m"));
}

#[test]
fn heuristic_is_the_difference_with_empty_cells_at_the_mean() {
    let g = table("917/453/68.");
    // Only 2 is left: the last cell counts as 2, times 1³.
    assert_eq!(g.heuristic(Player::First), -79);
    assert_eq!(g.heuristic(Player::Second), 79);
    let e = Determinant::empty();
    assert_eq!(e.heuristic(Player::First), 0);
}

#[test]
fn registry_offers_perfect_and_the_conformance_suite_passes() {
    let kind = crate::find_game("determinant").unwrap();
    assert_eq!(kind.info().id, 10);
    assert!(kind.strategy_names().contains(&"perfect"));
    check_game::<Determinant>(&GameParams::default(), 0..6, 9);
    for t in ["917/.5./682", "12./3.4/5.9", "..9/.../1..", "1../.../..."] {
        check_game::<Determinant>(&with_table(t), 0..3, 9);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn value_is_kept_by_row_and_column_permutations(seed: u64, filled in 5usize..=8, r in 0usize..6, c in 0usize..6) {
        const ORDERS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
        let g = random_table(seed, filled);
        let mut t = [0u8; CELLS];
        for i in 0..3 {
            for k in 0..3 {
                t[i * 3 + k] = g.cells()[ORDERS[r][i] * 3 + ORDERS[c][k]];
            }
        }
        let p = Determinant::new(t).unwrap();
        prop_assert_eq!(value(&p), value(&g));
        prop_assert_eq!(value(&g), plain(&g));
    }

    #[test]
    fn random_games_take_exactly_the_empty_cells(seed: u64, filled in 0usize..=8) {
        let g = random_table(seed, filled);
        let mut rng = GameRng::new(seed ^ 1);
        let mut state = g;
        let mut plies = 0;
        while !state.is_terminal() {
            let moves = legal(&state);
            let empty = 9 - state.filled() as usize;
            prop_assert_eq!(moves.len(), empty * empty);
            let mover = state.to_move();
            state.apply(moves[rng.below(moves.len() as u64) as usize]);
            prop_assert_ne!(state.to_move(), mover);
            plies += 1;
        }
        prop_assert_eq!(plies, 9 - filled);
        let d = state.difference() as i64;
        prop_assert_eq!(state.scores(), [d, -d]);
        prop_assert_eq!(state.outcome().is_some(), true);
    }
}
