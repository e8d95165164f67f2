//! The table registry: every game by name, the two-seat games unchanged through it, every
//! builtin strategy refusing parameters it cannot play with a reason (the conformance
//! sweep plays every builtin of every game).

use super::table::*;
use super::{find_game, games, NativeBot};
use crate::game::{GameParams, Seat};

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

/// Plays one game with a fresh bot per seat, every move from the words; returns the ranks
/// and the moves.
fn play(
    kind: &dyn TableKind,
    params: &GameParams,
    names: &[&str],
    seed: u64,
) -> (Vec<u32>, Vec<i32>) {
    let mut game = kind.new_game(params, seed).unwrap();
    let seats = game.seat_count() as usize;
    let mut bots: Vec<Box<dyn NativeBot>> = (0..seats)
        .map(|s| {
            kind.builtin(names[s % names.len()], Some(2), params)
                .unwrap()
        })
        .collect();
    let (mut words, mut moves) = (Vec::new(), Vec::new());
    while !game.is_terminal() {
        let seat = game.to_move().index();
        game.observation(moves.len() as u32, seed ^ seat as u64, &mut words);
        let raw = bots[seat].choose_move(&words).unwrap();
        game.play(raw)
            .unwrap_or_else(|e| panic!("{} {names:?}: {e}", kind.info().name));
        moves.push(raw);
        assert!(moves.len() < 100_000, "{}: no end", kind.info().name);
    }
    let ranks = game
        .results()
        .unwrap()
        .into_iter()
        .map(|r| r.rank)
        .collect();
    (ranks, moves)
}

#[test]
fn every_game_is_found_by_name_in_registration_order() {
    let names: Vec<&str> = table_games().iter().map(|g| g.info().name).collect();
    let two: Vec<&str> = games().iter().map(|g| g.info().name).collect();
    let two_seat_in_order: Vec<&str> = names
        .iter()
        .copied()
        .filter(|name| two.contains(name))
        .collect();
    assert_eq!(two_seat_in_order, two);
    // `arena games` keeps listing the games it always listed in their order; a new game
    // registers after them.
    let listed = [
        "mathtricks",
        "beans",
        "king",
        "queen",
        "rook",
        "knight",
        "nim",
        "cards24",
        "kalah",
        "determinant",
        "tictactoe",
        "minesweeper",
        "pursuit",
        "path",
    ];
    assert!(names.starts_with(&listed), "{names:?}");
    for name in &names {
        assert_eq!(find_table_game(name).unwrap().info().name, *name);
    }
    let err = find_table_game("chess").err().unwrap().to_string();
    assert!(
        err.contains("minesweeper") && err.contains("mathtricks"),
        "{err}"
    );
}

#[test]
fn a_two_seat_game_plays_the_same_words_moves_and_bots_through_the_table_registry() {
    for kind in games() {
        let table = find_table_game(kind.info().name).unwrap();
        let params = GameParams::default();
        for seed in 0..3 {
            let mut old = kind.new_game(&params, seed).unwrap();
            let mut new = table.new_game(&params, seed).unwrap();
            let mut theirs = kind.builtin("greedy", None).unwrap();
            let mut ours = table.builtin("greedy", None, &params).unwrap();
            let (mut a, mut b) = (Vec::new(), Vec::new());
            let mut ply = 0;
            while !old.is_terminal() {
                old.observation(ply, seed, &mut a);
                new.observation(ply, seed, &mut b);
                assert_eq!(a, b, "{} seed {seed} ply {ply}", kind.info().name);
                assert_eq!(old.setup(), new.setup());
                let mv = theirs.choose_move(&a).unwrap();
                assert_eq!(ours.choose_move(&b).unwrap(), mv);
                old.play(mv).unwrap();
                new.play(mv).unwrap();
                ply += 1;
            }
            assert!(new.is_terminal());
            let ranks: Vec<u32> = new.results().unwrap().iter().map(|r| r.rank).collect();
            let expected = match old.outcome().unwrap() {
                crate::Outcome::Win(crate::Player::First) => vec![1, 2],
                crate::Outcome::Win(crate::Player::Second) => vec![2, 1],
                crate::Outcome::Draw => vec![1, 1],
            };
            assert_eq!(ranks, expected);
        }
    }
}

#[test]
fn strategies_that_cannot_play_the_parameters_say_why() {
    let king = find_table_game("king").unwrap();
    let three = with(&[("players", "3")], None, None);
    assert_eq!(king.seat_count(&three), Ok(3));
    let err = king
        .builtin("alphabeta", None, &three)
        .err()
        .unwrap()
        .to_string();
    assert!(
        err.contains("three players take random, greedy or maxn"),
        "{err}"
    );
    assert!(king.builtin("maxn", None, &GameParams::default()).is_ok());
    assert!(king
        .builtin("perfect", None, &GameParams::default())
        .is_ok());
    let ttt = find_table_game("tictactoe").unwrap();
    let big = with(&[], Some(4), Some(4));
    let err = ttt
        .builtin("perfect", None, &big)
        .err()
        .unwrap()
        .to_string();
    assert!(err.contains("3x3, k=3, two players only"), "{err}");
    assert!(matches!(
        ttt.builtin("alphabeta", None, &big),
        Err(BuiltinError::Unknown(_))
    ));
    assert!(find_table_game("mathtricks")
        .unwrap()
        .builtin("maxn", None, &GameParams::default())
        .is_err());
    let four = with(&[("players", "4")], None, None);
    assert!(king.seat_count(&four).is_err());
    assert!(king.new_game(&four, 0).is_err());
}

#[test]
fn perfect_tic_tac_toe_never_loses_and_draws_itself() {
    let ttt = find_table_game("tictactoe").unwrap();
    let params = GameParams::default();
    assert_eq!(play(ttt, &params, &["perfect"], 0).0, [1, 1], "a draw");
    for opponent in ["random", "greedy", "maxn"] {
        for seed in 0..30 {
            let (ranks, _) = play(ttt, &params, &["perfect", opponent], seed);
            assert_eq!(ranks[0], 1, "perfect first against {opponent}, seed {seed}");
            let (ranks, _) = play(ttt, &params, &[opponent, "perfect"], seed);
            assert_eq!(
                ranks[1], 1,
                "perfect second against {opponent}, seed {seed}"
            );
        }
    }
}

#[test]
fn a_three_seat_king_game_records_its_setup_and_replays_from_it() {
    let king = find_table_game("king").unwrap();
    let params = with(&[("players", "3")], Some(9), Some(9));
    let game = king.new_game(&params, 5).unwrap();
    assert_eq!(game.seat_count(), 3);
    let again = king.start_from_setup(&game.setup()).unwrap();
    assert_eq!(again.setup(), game.setup());
    assert_eq!(again.to_move(), Seat::FIRST);
    let two = king.new_game(&GameParams::default(), 5).unwrap();
    assert!(
        !two.setup().contains("players"),
        "the two-seat game's setup is unchanged"
    );
    assert_eq!(
        king.start_from_setup(&two.setup()).unwrap().setup(),
        find_game("king")
            .unwrap()
            .new_game(&GameParams::default(), 5)
            .unwrap()
            .setup()
    );
}

#[test]
fn perfect_pursuit_catches_no_later_and_escapes_no_sooner_than_the_seed_s_strategies() {
    let pursuit = find_table_game("pursuit").unwrap();
    let params = with(&[("obstacles", "0.2")], Some(7), Some(7));
    for seed in 0..10 {
        let round = |names: &[&str]| {
            let mut game = pursuit.new_game(&params, seed).unwrap();
            let mut bots: Vec<Box<dyn NativeBot>> = names
                .iter()
                .map(|n| pursuit.builtin(n, None, &params).unwrap())
                .collect();
            let mut words = Vec::new();
            let mut ply = 0;
            while !game.is_terminal() {
                let seat = game.to_move().index();
                game.observation(ply, seed, &mut words);
                game.play(bots[seat].choose_move(&words).unwrap()).unwrap();
                ply += 1;
            }
            // The evader's score is the capture round − 1, or R on an escape.
            game.results().unwrap()[1].score
        };
        let seed_play = round(&["greedy", "greedy"]);
        assert!(round(&["perfect", "greedy"]) <= seed_play, "seed {seed}");
        assert!(round(&["greedy", "perfect"]) >= seed_play, "seed {seed}");
    }
    for (options, size) in [
        (&[("blind", "1")][..], 8),
        (&[("players", "3")], 8),
        (&[], 30),
    ] {
        let p = with(options, Some(size), Some(size));
        let err = pursuit.builtin("perfect", None, &p).err().unwrap();
        assert!(
            matches!(err, BuiltinError::NotHere { .. }),
            "{options:?} {size}: {err}"
        );
    }
}

#[test]
fn the_pursuit_search_catches_a_random_evader_and_needs_to_see() {
    let pursuit = find_table_game("pursuit").unwrap();
    let open = GameParams::default();
    let caught = (0..40)
        .filter(|&seed| play(pursuit, &open, &["maxn", "random"], seed).0 == [1, 2])
        .count();
    assert!(
        caught >= 38,
        "max^n caught the random evader in {caught} of 40 games"
    );
    let three = with(&[("players", "3"), ("obstacles", "0.2")], None, None);
    assert_eq!(play(pursuit, &three, &["maxn"], 3).0.len(), 3);
    let blind = with(&[("blind", "1")], None, None);
    assert!(matches!(
        pursuit.builtin("maxn", None, &blind),
        Err(BuiltinError::NotHere { .. })
    ));
}

#[test]
fn tictactoe_maxn_is_refused_where_its_search_would_not_finish() {
    use crate::strategy::budget::MOST_WORK as MAXN_MOST_WORK;
    use crate::tictactoe::bots::maxn_work;
    let ttt = find_table_game("tictactoe").unwrap();
    let size = |n: u32| with(&[("players", "3")], Some(n), Some(n));
    // Every board up to 7 × 7 keeps the default depth, as before.
    for n in 3..=7 {
        assert!(ttt.builtin("maxn", None, &size(n)).is_ok(), "{n}x{n}");
    }
    // 15 × 15 at depth 4 would take hours a move: refused with the reason, and a depth
    // that finishes is offered.
    let err = ttt.builtin("maxn", None, &size(15)).err().unwrap();
    assert!(
        matches!(err, BuiltinError::TooMuchWork(_)) && err.to_string().contains("builtin:maxn:2"),
        "{err}"
    );
    assert!(ttt.builtin("maxn", Some(2), &size(15)).is_ok());
    assert!(ttt.builtin("greedy", None, &size(15)).is_ok());
    // The bound: falling factorial of the cells over the depth, times the cells.
    assert_eq!(maxn_work(9, 9), 9 * 362_880);
    assert_eq!(maxn_work(16, 2), 16 * 16 * 15);
    assert!(maxn_work(49, 4) <= MAXN_MOST_WORK && maxn_work(64, 4) > MAXN_MOST_WORK);
}
