//! The conformance suite of the table model ([`TableGame`]): seeded random playouts that
//! check its contract at every step, for games of one to four seats.

use std::ops::Range;

use super::{mover_seed, PROBES};
use crate::game::{are_competition_ranks, GameParams, Observed, Seat, TableGame, Viewer};
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

/// Plays random games as [`check_table_playouts`] does and checks, at every step before
/// the end, that the words a bot receives ([`crate::abi::observation`]) read back into
/// the mover's view ([`Observed::view`]), whose moves are the state's legal moves with
/// the same encodings.
///
/// # Panics
/// On the first violation, naming the game, parameters, seed and ply.
pub fn check_table_views<G: Observed>(params: &GameParams, seeds: Range<u64>, max_plies: usize) {
    let name = G::INFO.name;
    for seed in seeds {
        let mut state = G::new_random(params, &mut GameRng::new(seed))
            .unwrap_or_else(|e| panic!("{name} {params:?} seed {seed}: new_random failed: {e}"));
        let mut picker = GameRng::new(mover_seed(seed));
        let (mut moves, mut seen, mut words) = (Vec::new(), Vec::new(), Vec::new());
        for ply in 0..max_plies as u32 {
            moves.clear();
            state.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let at = format!("{name} {params:?} seed {seed} ply {ply}");
            crate::abi::observation(&state, ply, seed, &mut words);
            let (header, body) = crate::abi::split_table(&words)
                .unwrap_or_else(|e| panic!("{at}: header unreadable: {e}"));
            assert_eq!(header.seat, state.to_move(), "{at}: header seat");
            let view = G::read_view(&header, body)
                .unwrap_or_else(|e| panic!("{at}: view unreadable: {e}"));
            assert_eq!(view, state.view(), "{at}: the words' view");
            seen.clear();
            G::view_moves(&view, &mut seen);
            assert_eq!(seen, moves, "{at}: the view's moves");
            for &mv in &moves {
                assert_eq!(
                    G::encode_view_move(&view, mv),
                    state.encode_move(mv),
                    "{at}: encoding"
                );
            }
            // Words cut short or grown never read as a view of another size.
            if body.len() > 1 {
                assert!(
                    G::read_view(&header, &body[..body.len() - 1]).is_err(),
                    "{at}: a word short"
                );
            }
            let mv = moves[picker.below(moves.len() as u64) as usize];
            state
                .play(mv)
                .unwrap_or_else(|e| panic!("{at}: legal move refused: {e}"));
        }
    }
}
