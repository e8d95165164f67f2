//! The registry's type-erased game ([`AnyGame`]) against the typed state, step by step.

use std::ops::Range;

use super::playout::{moves_of, words_of};
use super::{bot_seed, mover_seed, BOT_DEPTH, PROBES};
use crate::abi;
use crate::game::{Game, GameParams};
use crate::registry::{find_game, AnyGame};
use crate::rng::GameRng;

/// Checks that the game behind the registry (`find_game(G::INFO.name)`, its
/// [`crate::GameKind`] and [`AnyGame`]) behaves exactly like the typed state, over one
/// random playout per seed:
/// - `new_game(params, seed)` and `from_setup(setup)` give the typed game's position;
/// - at every step: the same mover, legal moves (as `i32`), terminal state, outcome,
///   scores, render and move descriptions; `observation` is the [`abi`] header (seat,
///   ply, seed) followed by exactly [`Game::write_state`]'s words; a clone agrees;
/// - `play` refuses a number that names no legal move and leaves the state unchanged;
/// - every builtin strategy answers the observation with a legal move.
///
/// # Panics
/// On the first difference.
pub fn check_registry_matches_typed<G: Game>(
    params: &GameParams,
    seeds: Range<u64>,
    max_plies: usize,
) {
    let name = G::INFO.name;
    let kind = find_game(name).unwrap_or_else(|e| panic!("{name} is not registered: {e}"));
    assert_eq!(
        *kind.info(),
        G::INFO,
        "{name}: the registry's facts differ from G::INFO"
    );
    for seed in seeds {
        let mut typed = G::new_random(params, &mut GameRng::new(seed))
            .unwrap_or_else(|e| panic!("{name} {params:?} seed {seed}: new_random refused: {e}"));
        let mut erased = kind
            .new_game(params, seed)
            .unwrap_or_else(|e| panic!("{name} {params:?} seed {seed}: new_game refused: {e}"));
        let from_setup = kind
            .start_from_setup(&typed.setup())
            .unwrap_or_else(|e| panic!("{name} {params:?} seed {seed}: from_setup refused: {e}"));
        let at0 = format!("{name} {params:?} seed {seed} ply 0");
        assert_eq!(erased.setup(), typed.setup(), "{at0}: setup line differs");
        assert_erased_matches(
            &typed,
            from_setup.as_ref(),
            0,
            seed,
            &format!("{at0} (from_setup)"),
        );
        let mut bots: Vec<_> = kind
            .strategy_names()
            .into_iter()
            .map(|s| {
                let bot = kind
                    .builtin(s, Some(BOT_DEPTH))
                    .unwrap_or_else(|e| panic!("{name}: listed strategy {s} cannot be built: {e}"));
                (s, bot)
            })
            .collect();
        let mut picker = GameRng::new(mover_seed(seed));
        let mut ply = 0usize;
        loop {
            let at = format!("{name} {params:?} seed {seed} ply {ply}");
            assert_erased_matches(&typed, erased.as_ref(), ply as u32, seed, &at);
            assert_erased_matches(
                &typed,
                erased.clone_box().as_ref(),
                ply as u32,
                seed,
                &format!("{at} (clone_box)"),
            );
            let legal = moves_of(&typed);
            let raws: Vec<i32> = legal.iter().map(|&m| typed.encode_move(m)).collect();

            let before = observation(erased.as_ref(), ply as u32, seed);
            for raw in PROBES.into_iter().filter(|r| !raws.contains(r)) {
                assert!(
                    erased.play(raw).is_err(),
                    "{at}: AnyGame::play accepted non-legal move {raw}"
                );
                let after = observation(erased.as_ref(), ply as u32, seed);
                assert_eq!(before, after, "{at}: refusing move {raw} changed the state");
            }
            if legal.is_empty() {
                break;
            }
            for (s, bot) in &mut bots {
                match bot.choose_move(&before) {
                    Ok(raw) => assert!(
                        raws.contains(&raw),
                        "{at}: builtin:{s} chose {raw}, not one of {raws:?}"
                    ),
                    Err(e) => panic!("{at}: builtin:{s} refused the observation: {e}"),
                }
            }
            assert!(ply < max_plies, "{at}: not over after {max_plies} plies");
            let i = picker.below(legal.len() as u64) as usize;
            if let Err(e) = erased.play(raws[i]) {
                panic!("{at}: AnyGame::play refused legal move {}: {e}", raws[i]);
            }
            typed.apply(legal[i]);
            ply += 1;
        }
    }
}

/// The full ABI words an [`AnyGame`] gives its mover.
fn observation(game: &dyn AnyGame, ply: u32, seed: u64) -> Vec<i32> {
    let mut out = Vec::new();
    game.observation(ply, bot_seed(seed), &mut out);
    out
}

fn assert_erased_matches<G: Game>(typed: &G, erased: &dyn AnyGame, ply: u32, seed: u64, at: &str) {
    assert_eq!(erased.info(), &G::INFO, "{at}: info differs");
    assert_eq!(erased.to_move(), typed.to_move(), "{at}: to_move differs");
    let legal = moves_of(typed);
    let raws: Vec<i32> = legal.iter().map(|&m| typed.encode_move(m)).collect();
    assert_eq!(erased.legal_moves(), raws, "{at}: legal moves differ");
    assert_eq!(
        erased.is_terminal(),
        typed.is_terminal(),
        "{at}: is_terminal differs"
    );
    assert_eq!(erased.outcome(), typed.outcome(), "{at}: outcome differs");
    assert_eq!(erased.scores(), typed.scores(), "{at}: scores differ");
    assert_eq!(
        erased.render(false),
        typed.render(false),
        "{at}: render differs"
    );
    assert_eq!(
        erased.render(true),
        typed.render(true),
        "{at}: coloured render differs"
    );
    assert_eq!(
        erased.move_prompt(),
        typed.move_prompt(),
        "{at}: move prompt differs"
    );
    for (&mv, &raw) in legal.iter().zip(&raws) {
        let text = typed.describe_move(mv);
        assert_eq!(
            erased.describe_move(raw),
            Some(text.clone()),
            "{at}: description of {raw} differs"
        );
        assert_eq!(
            erased.parse_move(&text),
            Ok(raw),
            "{at}: parse_move({text:?}) differs"
        );
    }

    let words = observation(erased, ply, seed);
    let body = words_of(typed);
    let mut expected = Vec::new();
    abi::begin(
        &mut expected,
        G::INFO.id,
        typed.to_move(),
        ply,
        bot_seed(seed),
    );
    expected.extend_from_slice(&body);
    abi::finish(&mut expected);
    assert_eq!(
        words, expected,
        "{at}: observation is not the ABI header followed by write_state"
    );
    let (header, rest) =
        abi::split(&words).unwrap_or_else(|e| panic!("{at}: observation header unreadable: {e}"));
    assert_eq!(
        header.seat,
        typed.to_move(),
        "{at}: header seat is not the mover"
    );
    assert_eq!(header.game_id, G::INFO.id, "{at}: header game id");
    assert_eq!(header.ply, ply, "{at}: header ply");
    assert_eq!(header.seed, bot_seed(seed), "{at}: header seed");
    assert_eq!(rest, &body[..], "{at}: observation body is not write_state");
}
