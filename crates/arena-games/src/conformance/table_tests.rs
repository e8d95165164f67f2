//! The table conformance suite run over every game of the table model, and the rules
//! that the suite cannot see: turns, results and what each seat may know.

use super::{check_table_playouts, check_table_views};
use crate::game::{Game, Score, TwoSeat};
use crate::game::{GameParams, Seat, TableGame, Viewer};
use crate::minesweeper::Minesweeper;
use crate::rng::GameRng;
use crate::tictactoe::TicTacToe;

fn with(options: &[(&str, &str)], rows: u32, cols: u32) -> GameParams {
    let mut params = GameParams::sized(rows, cols);
    for (k, v) in options {
        params.options.insert(k.to_string(), v.to_string());
    }
    params
}

#[test]
fn every_registered_two_seat_game_passes_through_the_table_model() {
    macro_rules! each {
        ($($game:ty),+) => {$(
            let params = GameParams::default();
            check_table_playouts::<TwoSeat<$game>>(&params, 0..4, 400);
            // The adapter hands a bot the very words the two-seat game writes.
            let game = <$game as Game>::new_random(&params, &mut GameRng::new(7)).unwrap();
            let (mut words, mut observed) = (Vec::new(), Vec::new());
            game.write_state(&mut words);
            TwoSeat(game).observe(&mut observed);
            assert_eq!(words, observed);
        )+};
    }
    with_registered_games!(each);
}

#[test]
fn tictactoe_passes_for_two_and_three_seats_at_every_size_class() {
    for players in ["2", "3"] {
        for (rows, cols, k) in [(3, 3, "3"), (4, 7, "4"), (15, 15, "5"), (3, 15, "15")] {
            let params = with(&[("players", players), ("k", k)], rows, cols);
            check_table_playouts::<TicTacToe>(&params, 0..6, 300);
        }
    }
}

#[test]
fn minesweeper_passes_for_one_and_two_seats_both_reveal_rules_and_every_size_class() {
    for (players, reveal) in [("1", "coords"), ("1", "count"), ("2", "coords")] {
        for (rows, cols) in [(4, 4), (9, 9), (5, 17), (32, 32)] {
            let params = with(&[("players", players), ("reveal", reveal)], rows, cols);
            check_table_playouts::<Minesweeper>(&params, 0..5, 2000);
        }
    }
    let dense = with(&[("players", "2"), ("mines", "30")], 6, 7);
    check_table_playouts::<Minesweeper>(&dense, 0..20, 2000);
}

#[test]
fn a_minesweeper_observation_never_depends_on_mines_the_seat_cannot_know() {
    use crate::minesweeper::Layout;
    for seed in 0..200 {
        let params = with(&[("players", "2")], 8, 8);
        let game = Minesweeper::new_random(&params, &mut GameRng::new(seed)).unwrap();
        let settings = game.settings();
        // Another layout with the same start: the first words are the same.
        let mut other = GameRng::new(seed + 1_000_000);
        let layout = loop {
            let l = Layout::draw(settings.grid, settings.mines, &mut other);
            if l.start == game.layout().start && l.mine != game.layout().mine {
                break l;
            }
        };
        let twin = Minesweeper::with_layout(settings, layout);
        let (mut a, mut b) = (Vec::new(), Vec::new());
        game.observe(&mut a);
        twin.observe(&mut b);
        assert_eq!(a, b, "seed {seed}");
        assert_eq!(
            game.render(Viewer::Seat(Seat::FIRST), false),
            twin.render(Viewer::Seat(Seat::FIRST), false)
        );
        assert_ne!(
            game.render(Viewer::All, false),
            twin.render(Viewer::All, false)
        );
    }
}

#[test]
fn the_one_way_pieces_pass_for_two_and_three_seats() {
    use crate::oneway::{King, Knight, OneWayTable, Queen, Rook};
    for players in ["2", "3"] {
        for (rows, cols) in [(4, 4), (8, 8), (4, 64), (64, 64)] {
            let params = with(&[("players", players)], rows, cols);
            check_table_playouts::<OneWayTable<King>>(&params, 0..4, 1000);
            check_table_playouts::<OneWayTable<Queen>>(&params, 0..4, 1000);
            check_table_playouts::<OneWayTable<Rook>>(&params, 0..4, 1000);
            check_table_playouts::<OneWayTable<Knight>>(&params, 0..4, 1000);
        }
    }
}

#[test]
fn three_seats_take_turns_and_whoever_reaches_the_goal_wins_alone() {
    use crate::oneway::{King, OneWay, OneWayTable, Square};
    let sq = |row, col| Square { row, col };
    let board = OneWay::<King>::from_setup("4x4 2 2").unwrap();
    let mut game = OneWayTable::new(board, 3).unwrap();
    let setup = game.setup();
    assert_eq!(setup, "4x4 2 2 players=3");
    assert_eq!(OneWayTable::<King>::from_setup(&setup).unwrap(), game);
    for (mover, to) in [(0, sq(2, 1)), (1, sq(1, 1)), (2, sq(1, 0))] {
        assert_eq!(game.to_move().index(), mover);
        assert_eq!(game.results(), None);
        game.play(to).unwrap();
    }
    assert_eq!(game.to_move().index(), 0);
    assert!(game.results().is_none(), "(1 0) is not the goal");
    game.play(sq(0, 0)).unwrap();
    let results = game.results().unwrap();
    let ranks: Vec<u32> = results.iter().map(|r| r.rank).collect();
    assert_eq!(ranks, [1, 2, 2], "seat 0 moved onto the goal");
    assert_eq!(game.scores(), [Score::ONE, Score::ZERO, Score::ZERO]);
    assert!(OneWayTable::new(OneWay::<King>::from_setup("4x4 2 2").unwrap(), 4).is_err());
    assert!(OneWayTable::<King>::from_setup("4x4 2 2 players=5").is_err());
    assert!(OneWayTable::<King>::from_setup("4x4 2 2").is_err());
}

#[test]
fn two_seats_of_the_table_game_rank_like_the_two_seat_game() {
    use crate::oneway::{Knight, OneWay, OneWayTable};
    for seed in 0..50 {
        let params = with(&[("players", "2")], 7, 9);
        let mut table =
            OneWayTable::<Knight>::new_random(&params, &mut GameRng::new(seed)).unwrap();
        let mut two = TwoSeat(
            OneWay::<Knight>::new_random(&GameParams::sized(7, 9), &mut GameRng::new(seed))
                .unwrap(),
        );
        let mut picker = GameRng::new(seed);
        let mut moves = Vec::new();
        while !two.is_terminal() {
            moves.clear();
            two.legal_moves(&mut moves);
            let mv = moves[picker.below(moves.len() as u64) as usize];
            assert_eq!(table.to_move(), two.to_move());
            table.play(mv).unwrap();
            two.play(mv).unwrap();
        }
        let ranks =
            |r: Vec<crate::game::SeatResult>| r.into_iter().map(|r| r.rank).collect::<Vec<_>>();
        assert_eq!(
            ranks(table.results().unwrap()),
            ranks(two.results().unwrap())
        );
    }
}

#[test]
fn pursuit_passes_at_every_size_class_with_every_option() {
    use crate::pursuit::Pursuit;
    let mut cases: Vec<Vec<(&str, &str)>> = vec![
        vec![("players", "2")],
        vec![("players", "3")],
        vec![("players", "3"), ("team", "1")],
        vec![("players", "2"), ("blind", "1")],
        vec![("players", "3"), ("obstacles", "0.4"), ("rounds", "7")],
    ];
    cases.push(vec![
        ("players", "2"),
        ("obstacles", "0.15"),
        ("rounds", "1"),
    ]);
    for options in &cases {
        for (rows, cols) in [(4, 4), (8, 8), (5, 13), (64, 64)] {
            check_table_playouts::<Pursuit>(&with(options, rows, cols), 0..3, 3000);
        }
    }
}

#[test]
fn path_passes_at_every_size_class_with_every_obstacle_share() {
    use crate::pursuit::Path;
    for share in ["0", "0.2", "0.4"] {
        // A random walk ends at the target or the move limit (4 × cells) on the smaller
        // boards; on 64 × 64 the first 2000 moves are checked.
        for (rows, cols) in [(4, 4), (8, 8), (4, 64), (64, 64)] {
            check_table_playouts::<Path>(&with(&[("obstacles", share)], rows, cols), 0..3, 2000);
        }
    }
}

#[test]
fn a_blind_evader_sees_only_itself_and_teammates_share_their_rank() {
    use crate::pursuit::Pursuit;
    for seed in 0..100 {
        let blind = with(&[("players", "3"), ("blind", "1"), ("team", "1")], 8, 8);
        let mut game = Pursuit::new_random(&blind, &mut GameRng::new(seed)).unwrap();
        // Both pursuers move; the evader's words then hold −1 for both.
        for _ in 0..2 {
            let mut moves = Vec::new();
            TableGame::legal_moves(&game, &mut moves);
            TableGame::play(&mut game, moves[0]).unwrap();
        }
        if TableGame::is_terminal(&game) {
            continue;
        }
        assert_eq!(TableGame::to_move(&game).index(), 2);
        let mut words = Vec::new();
        game.observe(&mut words);
        assert_eq!(
            &words[7..10],
            &[-1, -1, game.positions()[2] as i32],
            "seed {seed}"
        );
        assert_eq!(
            TableGame::role(&game, TableGame::to_move(&game)),
            Some("evader")
        );
        assert_eq!(TableGame::team(&game, Seat::FIRST), Some(0));
        assert_eq!(TableGame::team(&game, TableGame::to_move(&game)), None);
        let seen = TableGame::render(&game, Viewer::Seat(TableGame::to_move(&game)), false);
        assert!(!seen.contains('A') && seen.contains('B'), "{seen}");
    }
}

#[test]
fn every_table_game_s_words_read_back_into_the_mover_s_view() {
    use crate::minesweeper::Minesweeper;
    use crate::oneway::{Knight, OneWayTable, Queen};
    use crate::pursuit::{Path, Pursuit};
    use crate::tictactoe::TicTacToe;
    for players in ["2", "3"] {
        check_table_views::<TicTacToe>(&with(&[("players", players), ("k", "4")], 5, 6), 0..5, 100);
        check_table_views::<OneWayTable<Queen>>(&with(&[("players", players)], 9, 7), 0..5, 100);
        check_table_views::<OneWayTable<Knight>>(&with(&[("players", players)], 9, 7), 0..5, 100);
        for options in [
            &[("blind", "1")][..],
            &[("team", "1")],
            &[("obstacles", "0.3")],
        ] {
            if players == "2" && options == [("team", "1")] {
                continue;
            }
            let mut o = options.to_vec();
            o.push(("players", players));
            check_table_views::<Pursuit>(&with(&o, 7, 9), 0..4, 200);
        }
    }
    for (players, reveal) in [("1", "count"), ("1", "coords"), ("2", "coords")] {
        check_table_views::<Minesweeper>(
            &with(&[("players", players), ("reveal", reveal)], 8, 11),
            0..5,
            200,
        );
    }
    check_table_views::<Path>(&with(&[("obstacles", "0.25")], 9, 9), 0..5, 200);
}
