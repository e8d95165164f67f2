//! The conformance suite of the table model ([`TableGame`]): seeded random playouts that
//! check its contract at every step, for games of one to four seats.

use std::ops::Range;

use super::{mover_seed, PROBES};
use crate::game::{are_competition_ranks, GameParams, Seat, TableGame, Viewer};
use crate::rng::GameRng;

/// Plays one random game per seed in `seeds` on `G::new_random(params, GameRng::new(seed))`,
/// at most `max_plies` moves each, and checks at every step: the seat to move sits at
/// the table; legal moves are sorted, unique, encode and decode to themselves, read back
/// from their description, and are empty exactly at the end; illegal numbers are refused
/// without changing the state; the observation is the same words every time it is asked
/// for; and at the end every seat has a result whose ranks are competition ranks, shared
/// within a team, with the scores [`TableGame::scores`] reports. The setup text rebuilds
/// the starting position.
///
/// # Panics
/// On the first violation, naming the game, parameters, seed, ply and moves so far.
pub fn check_table_playouts<G: TableGame>(
    params: &GameParams,
    seeds: Range<u64>,
    max_plies: usize,
) {
    for seed in seeds {
        let name = G::INFO.name;
        let mut state = G::new_random(params, &mut GameRng::new(seed))
            .unwrap_or_else(|e| panic!("{name} {params:?} seed {seed}: new_random failed: {e}"));
        let rebuilt = G::from_setup(&state.setup())
            .unwrap_or_else(|e| panic!("{name} seed {seed}: setup does not read back: {e}"));
        assert_eq!(
            rebuilt.setup(),
            state.setup(),
            "{name} seed {seed}: setup round trip"
        );
        let seats = state.seat_count();
        assert!(
            G::SEATS.contains(seats),
            "{name} seed {seed}: {seats} seats"
        );
        let mut picker = GameRng::new(mover_seed(seed));
        let mut played = Vec::new();
        let mut moves = Vec::new();
        loop {
            let at = format!(
                "{name} {params:?} seed {seed} ply {} after {played:?}",
                played.len()
            );
            moves.clear();
            state.legal_moves(&mut moves);
            check_step(&state, &moves, &at);
            if moves.is_empty() {
                break;
            }
            if played.len() >= max_plies {
                return;
            }
            let mv = moves[picker.below(moves.len() as u64) as usize];
            played.push(state.encode_move(mv));
            state
                .play(mv)
                .unwrap_or_else(|e| panic!("{at}: legal move refused: {e}"));
        }
        check_end(&state, &format!("{name} seed {seed} after {played:?}"));
        // The same moves from the rebuilt start reach the same end.
        let mut again = rebuilt;
        for &raw in &played {
            let mv = again.decode_move(raw).expect("decoded before");
            again
                .play(mv)
                .unwrap_or_else(|e| panic!("{name} seed {seed}: replay from setup: {e}"));
        }
        assert_eq!(
            again.results(),
            state.results(),
            "{name} seed {seed}: replay from setup"
        );
    }
}

/// The checks of one state with its legal `moves`.
fn check_step<G: TableGame>(state: &G, moves: &[G::Move], at: &str) {
    let seats = state.seat_count();
    assert!(
        state.to_move().index() < usize::from(seats),
        "{at}: mover {}",
        state.to_move()
    );
    assert!(
        moves.windows(2).all(|w| w[0] < w[1]),
        "{at}: moves not sorted and unique"
    );
    assert_eq!(
        state.is_terminal(),
        moves.is_empty(),
        "{at}: terminal iff no moves"
    );
    assert_eq!(
        state.results().is_some(),
        moves.is_empty(),
        "{at}: results iff over"
    );
    assert_eq!(
        state.scores().len(),
        usize::from(seats),
        "{at}: a score per seat"
    );
    let raws: Vec<i32> = moves.iter().map(|&m| state.encode_move(m)).collect();
    assert!(
        raws.windows(2).all(|w| w[0] < w[1]),
        "{at}: encodings not ascending"
    );
    for &mv in moves {
        let raw = state.encode_move(mv);
        assert_eq!(
            state.decode_move(raw),
            Some(mv),
            "{at}: decode(encode({mv:?}))"
        );
        assert_eq!(
            state.why_illegal(mv),
            None,
            "{at}: legal move {mv:?} called illegal"
        );
        let text = state.describe_move(mv);
        assert_eq!(
            state.parse_move(&text).ok(),
            Some(mv),
            "{at}: parse(describe) of {text}"
        );
    }
    for probe in PROBES.iter().copied().chain(
        raws.iter()
            .flat_map(|r| [r.wrapping_sub(1), r.wrapping_add(1)]),
    ) {
        if raws.contains(&probe) {
            continue;
        }
        if let Some(mv) = state.decode_move(probe) {
            let mut copy = state.clone();
            assert!(copy.play(mv).is_err(), "{at}: illegal {probe} accepted");
            assert_eq!(
                copy.setup(),
                state.setup(),
                "{at}: refused move changed the state"
            );
            assert_eq!(
                copy.to_move(),
                state.to_move(),
                "{at}: refused move changed the mover"
            );
        }
    }
    let (mut a, mut b) = (Vec::new(), Vec::new());
    state.observe(&mut a);
    state.observe(&mut b);
    assert_eq!(a, b, "{at}: the observation changes when asked twice");
    assert!(
        !state.render(Viewer::All, false).is_empty(),
        "{at}: empty rendering"
    );
    assert!(
        !state
            .render(Viewer::Seat(state.to_move()), false)
            .is_empty(),
        "{at}: empty seat rendering"
    );
    assert!(!state.move_prompt().is_empty(), "{at}: empty prompt");
}

/// The checks of a finished game.
fn check_end<G: TableGame>(state: &G, at: &str) {
    let results = state
        .results()
        .unwrap_or_else(|| panic!("{at}: over without results"));
    assert_eq!(
        results.len(),
        usize::from(state.seat_count()),
        "{at}: a result per seat"
    );
    let ranks: Vec<u32> = results.iter().map(|r| r.rank).collect();
    assert!(are_competition_ranks(&ranks), "{at}: ranks {ranks:?}");
    let scores: Vec<_> = results.iter().map(|r| r.score).collect();
    assert_eq!(scores, state.scores(), "{at}: results' scores");
    for a in Seat::all(state.seat_count()) {
        for b in Seat::all(state.seat_count()) {
            if state.team(a).is_some() && state.team(a) == state.team(b) {
                assert_eq!(ranks[a.index()], ranks[b.index()], "{at}: teammates' ranks");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Score, TwoSeat};
    use crate::minesweeper::Minesweeper;
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
}
