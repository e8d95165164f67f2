//! Seeded random playouts that check the [`Game`] contract at every step.

use std::ops::Range;

use super::{mover_seed, PROBES};
use crate::game::{Game, GameParams, Outcome};
use crate::rng::GameRng;

/// What one playout produced; two runs of the same seed must produce equal records.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Playout {
    moves: Vec<i32>,
    last_words: Vec<i32>,
    outcome: Option<Outcome>,
    scores: [i64; 2],
}

/// Plays one random game per seed in `seeds` on `G::new_random(params, GameRng::new(seed))`
/// and checks the [`Game`] contract at every step with [`check_state`], plus:
/// - the setup line of the starting position rebuilds, through [`Game::from_setup`], a
///   position that behaves identically (same moves, words, setup line);
/// - `clone_from` into a position of another seed, then of the previous ply, gives a
///   position that behaves identically;
/// - the game ends within `max_plies` moves;
/// - the same seed gives the same board, the same random moves and the same end.
///
/// # Panics
/// On the first violation, with the seed, the ply and the moves so far.
pub fn check_random_playouts<G: Game>(params: &GameParams, seeds: Range<u64>, max_plies: usize) {
    for seed in seeds {
        let first = random_playout::<G>(params, seed, max_plies, true);
        let again = random_playout::<G>(params, seed, max_plies, false);
        assert_eq!(
            first,
            again,
            "{} {params:?} seed {seed}: the same seed played out differently",
            G::INFO.name
        );
    }
}

fn random_playout<G: Game>(
    params: &GameParams,
    seed: u64,
    max_plies: usize,
    check: bool,
) -> Playout {
    let name = G::INFO.name;
    let mut state = G::new_random(params, &mut GameRng::new(seed))
        .unwrap_or_else(|e| panic!("{name} {params:?} seed {seed}: new_random refused: {e}"));
    if check {
        check_setup_round_trip(&state, &format!("{name} {params:?} seed {seed}"));
    }
    let mut picker = GameRng::new(mover_seed(seed));
    let mut moves = Vec::new();
    let mut legal = Vec::new();
    // Searches copy positions into reused buffers with `clone_from`: the first copy
    // overwrites another seed's position, the later ones the previous ply's.
    let mut copy =
        G::new_random(params, &mut GameRng::new(seed.wrapping_add(1))).unwrap_or_else(|e| {
            panic!(
                "{name} {params:?} seed {}: new_random refused: {e}",
                seed + 1
            )
        });
    loop {
        let at = || {
            format!(
                "{name} {params:?} seed {seed} ply {} after moves {moves:?}",
                moves.len()
            )
        };
        if check {
            check_state(&state, &at());
            copy.clone_from(&state);
            assert_same_behaviour(&state, &copy, "clone_from", &at());
        }
        legal.clear();
        state.legal_moves(&mut legal);
        if legal.is_empty() {
            break;
        }
        assert!(
            moves.len() < max_plies,
            "{}: not over after {max_plies} plies",
            at()
        );
        let mv = legal[picker.below(legal.len() as u64) as usize];
        moves.push(state.encode_move(mv));
        state.apply(mv);
    }
    let mut last_words = Vec::new();
    state.write_state(&mut last_words);
    Playout {
        moves,
        last_words,
        outcome: state.outcome(),
        scores: state.scores(),
    }
}

/// The words of `state` from the mover's point of view.
pub(crate) fn words_of<G: Game>(state: &G) -> Vec<i32> {
    let mut w = Vec::new();
    state.write_state(&mut w);
    w
}

/// The legal moves of `state`.
pub(crate) fn moves_of<G: Game>(state: &G) -> Vec<G::Move> {
    let mut m = Vec::new();
    state.legal_moves(&mut m);
    m
}

/// Checks that two states behave the same as far as a caller can see: mover, legal moves,
/// terminal, outcome, scores and state words.
fn assert_same_behaviour<G: Game>(a: &G, b: &G, what: &str, at: &str) {
    assert_eq!(a.to_move(), b.to_move(), "{at}: {what}: to_move differs");
    assert_eq!(moves_of(a), moves_of(b), "{at}: {what}: legal moves differ");
    assert_eq!(
        a.is_terminal(),
        b.is_terminal(),
        "{at}: {what}: is_terminal differs"
    );
    assert_eq!(a.outcome(), b.outcome(), "{at}: {what}: outcome differs");
    assert_eq!(a.scores(), b.scores(), "{at}: {what}: scores differ");
    assert_eq!(words_of(a), words_of(b), "{at}: {what}: state words differ");
}

/// Checks that the setup line of a starting position rebuilds an identical position.
///
/// # Panics
/// When [`Game::from_setup`] refuses the line or rebuilds a position that differs.
pub fn check_setup_round_trip<G: Game>(start: &G, at: &str) {
    let line = start.setup();
    let rebuilt =
        G::from_setup(&line).unwrap_or_else(|e| panic!("{at}: from_setup({line:?}) refused: {e}"));
    assert_same_behaviour(start, &rebuilt, "from_setup(setup())", at);
    assert_eq!(
        rebuilt.setup(),
        line,
        "{at}: setup line changed after from_setup"
    );
}

/// Checks the [`Game`] contract in one state; `at` names the state in panic messages.
///
/// - the legal moves are sorted by [`Game::encode_move`], without repeats, and empty
///   exactly when [`Game::is_terminal`] holds; [`Game::outcome`] is `Some` exactly then;
/// - every legal move: `decode_move(encode_move(m)) == m`, `why_illegal(m)` is `None`,
///   `parse_move(describe_move(m)) == m`, and [`Game::play`] accepts it on a clone;
/// - move numbers that are not legal (the neighbours of legal numbers and `PROBES`):
///   a number that decodes names exactly that number back, `why_illegal` gives a reason,
///   and `play` refuses it with that number and leaves the state unchanged;
/// - [`Game::write_state`] then [`Game::read_state`] with the mover's seat gives a state
///   with the same moves, outcome, scores and words;
/// - `render` and `move_prompt` produce text.
///
/// # Panics
/// On the first violation.
pub fn check_state<G: Game>(state: &G, at: &str) {
    check_state_probing(state, at, &[]);
}

/// [`check_state`], also trying the move numbers `extra` (for example every cell of the
/// board) as illegal moves where they are not legal.
///
/// # Panics
/// On the first violation.
pub fn check_state_probing<G: Game>(state: &G, at: &str, extra: &[i32]) {
    let legal = moves_of(state);
    let raws: Vec<i32> = legal.iter().map(|&m| state.encode_move(m)).collect();
    assert!(
        raws.windows(2).all(|w| w[0] < w[1]),
        "{at}: legal moves not strictly ascending by encoding: {raws:?}"
    );
    let mut sorted = legal.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(
        sorted.len(),
        legal.len(),
        "{at}: a legal move is listed twice: {legal:?}"
    );
    assert_eq!(
        legal.is_empty(),
        state.is_terminal(),
        "{at}: legal moves {raws:?} but is_terminal {}",
        state.is_terminal()
    );
    assert_eq!(
        state.outcome().is_some(),
        state.is_terminal(),
        "{at}: outcome {:?} but is_terminal {}",
        state.outcome(),
        state.is_terminal()
    );
    assert!(!state.render(false).is_empty(), "{at}: empty render");
    assert!(!state.move_prompt().is_empty(), "{at}: empty move prompt");

    for (&mv, &raw) in legal.iter().zip(&raws) {
        assert_eq!(
            state.decode_move(raw),
            Some(mv),
            "{at}: decode_move({raw}) does not give back {mv:?}"
        );
        assert_eq!(
            state.why_illegal(mv),
            None,
            "{at}: legal move {mv:?} has a reason to be illegal"
        );
        let text = state.describe_move(mv);
        assert_eq!(
            state.parse_move(&text),
            Ok(mv),
            "{at}: parse_move({text:?}) does not read {mv:?} back"
        );
        let mut child = state.clone();
        if let Err(e) = child.play(mv) {
            panic!("{at}: play refused legal move {mv:?}: {e}");
        }
    }

    let words = words_of(state);
    let mut probes: Vec<i32> = raws
        .iter()
        .flat_map(|&r| [r.saturating_sub(1), r.saturating_add(1)])
        .chain(PROBES)
        .chain(extra.iter().copied())
        .filter(|r| !raws.contains(r))
        .collect();
    probes.sort_unstable();
    probes.dedup();
    for raw in probes {
        let Some(mv) = state.decode_move(raw) else {
            continue;
        };
        assert_eq!(
            state.encode_move(mv),
            raw,
            "{at}: {raw} decodes to {mv:?}, which encodes differently"
        );
        assert!(
            state.why_illegal(mv).is_some(),
            "{at}: non-legal move {raw} has no reason to be illegal"
        );
        let mut copy = state.clone();
        match copy.play(mv) {
            Ok(()) => panic!("{at}: play accepted {raw}, which is not a legal move"),
            Err(e) => {
                assert_eq!(
                    e.raw, raw,
                    "{at}: the refusal of {raw} names move {}",
                    e.raw
                );
                assert!(
                    !e.reason.is_empty(),
                    "{at}: the refusal of {raw} gives no reason"
                );
            }
        }
        assert_same_behaviour(state, &copy, &format!("after refusing move {raw}"), at);
    }

    let me = state.to_move();
    let read = G::read_state(&words, me)
        .unwrap_or_else(|e| panic!("{at}: read_state refused write_state's words: {e}"));
    assert_same_behaviour(state, &read, "read_state(write_state())", at);
}

/// Plays one uniformly random game from `start`, drawn from `seed`: the setup line of
/// `start` must rebuild it ([`check_setup_round_trip`]) and every position passes
/// [`check_state_probing`] with `extra`. Returns the plies played.
///
/// # Panics
/// On the first violation, or when the game is not over after `max_plies`.
pub fn check_playout_from<G: Game>(start: &G, seed: u64, max_plies: usize, extra: &[i32]) -> usize {
    let name = G::INFO.name;
    check_setup_round_trip(start, &format!("{name} from {:?}", start.setup()));
    let mut picker = GameRng::new(mover_seed(seed));
    let mut state = start.clone();
    for ply in 0..=max_plies {
        let at = format!("{name} from {:?} seed {seed} ply {ply}", start.setup());
        check_state_probing(&state, &at, extra);
        let moves = moves_of(&state);
        if moves.is_empty() {
            return ply;
        }
        state.apply(moves[picker.below(moves.len() as u64) as usize]);
    }
    panic!(
        "{name} from {:?} seed {seed}: not over after {max_plies} plies",
        start.setup()
    );
}
