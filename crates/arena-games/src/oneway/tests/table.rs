//! The one-way pieces at a table of three, and two seats of the table game against the
//! two-seat game.

/// Parameters of `rows` × `cols` with `options`.
fn with_options(options: &[(&str, &str)], rows: u32, cols: u32) -> crate::game::GameParams {
    let mut params = crate::game::GameParams::sized(rows, cols);
    for (k, v) in options {
        params.options.insert(k.to_string(), v.to_string());
    }
    params
}

#[test]
fn three_seats_take_turns_and_whoever_reaches_the_goal_wins_alone() {
    use crate::game::{Game, Score, TableGame};
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
    use crate::game::{Game, GameParams, TableGame, TwoSeat};
    use crate::rng::GameRng;
    use crate::oneway::{Knight, OneWay, OneWayTable};
    for seed in 0..50 {
        let params = with_options(&[("players", "2")], 7, 9);
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
