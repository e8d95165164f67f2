//! The conformance suite every game runs: seeded random playouts that check the
//! [`Game`] contract at every step (OpenSpiel's `RandomSimTest`, for arena).
//!
//! A game's tests call it with a few board sizes and a range of seeds:
//!
//! ```
//! use arena_games::conformance;
//! use arena_games::mathtricks::MathTricks;
//! use arena_games::GameParams;
//!
//! let params = GameParams::sized(5, 6);
//! conformance::check_random_playouts::<MathTricks>(&params, 0..3, 28);
//! conformance::check_registry_matches_typed::<MathTricks>(&params, 0..3, 28);
//! ```
//!
//! Every check panics with the game, the parameters, the seed, the ply and the moves so
//! far, so a failure can be replayed by hand.
//!
//! # Why this module is always compiled
//! It is `pub` and not `#[cfg(test)]` so that every consumer can run it from its own tests:
//! this crate's game modules, the harness crate and any crate that adds a game. It needs
//! nothing but this crate and `std` (no proptest: seeds are a plain `Range<u64>`), and its
//! functions are generic, so nothing of it is compiled into a build that does not call it,
//! a `wasm32` bot included.

use std::ops::Range;

use crate::abi;
use crate::game::{Game, GameParams, Outcome};
use crate::registry::{find_game, AnyGame};
use crate::rng::GameRng;

/// Move numbers tried as illegal moves in every state (besides the neighbours of the legal
/// moves' numbers): the extremes of `i32`, and small numbers most games decode.
const PROBES: [i32; 6] = [i32::MIN, -1, 0, 1, 2, i32::MAX];

/// The search depth used when the builtin strategies are asked for moves.
const BOT_DEPTH: u32 = 2;

/// The seed of the generator that picks the random moves of the playout for `seed` (kept
/// apart from the board's generator so the two streams never coincide).
fn mover_seed(seed: u64) -> u64 {
    seed ^ 0x9E37_79B9_7F4A_7C15
}

/// The per-game bot seed passed in observations: uses both halves of the header's words.
fn bot_seed(seed: u64) -> u64 {
    seed.wrapping_mul(0xD1B5_4A32_D192_ED03) | 1 << 63
}

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
fn words_of<G: Game>(state: &G) -> Vec<i32> {
    let mut w = Vec::new();
    state.write_state(&mut w);
    w
}

/// The legal moves of `state`.
fn moves_of<G: Game>(state: &G) -> Vec<G::Move> {
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
/// - move numbers that are not legal (the neighbours of legal numbers and [`PROBES`]):
///   a number that decodes names exactly that number back, `why_illegal` gives a reason,
///   and `play` refuses it with that number and leaves the state unchanged;
/// - [`Game::write_state`] then [`Game::read_state`] with the mover's seat gives a state
///   with the same moves, outcome, scores and words;
/// - `render` and `move_prompt` produce text.
///
/// # Panics
/// On the first violation.
pub fn check_state<G: Game>(state: &G, at: &str) {
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

/// Runs both suites: [`check_random_playouts`] and [`check_registry_matches_typed`].
///
/// # Panics
/// On the first violation of either.
pub fn check_game<G: Game>(params: &GameParams, seeds: Range<u64>, max_plies: usize) {
    check_random_playouts::<G>(params, seeds.clone(), max_plies);
    check_registry_matches_typed::<G>(params, seeds, max_plies);
}

#[cfg(test)]
mod tests {
    //! The suite must be able to fail: MathTricks with one planted defect at a time.

    use super::*;
    use crate::game::{DecodeError, GameInfo, ParamError, Player};
    use crate::mathtricks::MathTricks;

    const NONE: u8 = 0;
    const UNSORTED_MOVES: u8 = 1;
    const ACCEPTS_ANY_MOVE: u8 = 2;
    const READ_STATE_IGNORES_SEAT: u8 = 3;
    const SETUP_LOSES_A_CELL: u8 = 4;

    #[derive(Clone, Debug)]
    struct Planted<const DEFECT: u8>(MathTricks);

    impl<const D: u8> Game for Planted<D> {
        type Move = <MathTricks as Game>::Move;
        const INFO: GameInfo = MathTricks::INFO;
        fn new_random(params: &GameParams, rng: &mut GameRng) -> Result<Self, ParamError> {
            MathTricks::new_random(params, rng).map(Planted)
        }
        fn to_move(&self) -> Player {
            self.0.to_move()
        }
        fn legal_moves(&self, out: &mut Vec<Self::Move>) {
            self.0.legal_moves(out);
            if D == UNSORTED_MOVES {
                out.reverse();
            }
        }
        fn apply(&mut self, mv: Self::Move) {
            self.0.apply(mv)
        }
        fn why_illegal(&self, mv: Self::Move) -> Option<String> {
            if D == ACCEPTS_ANY_MOVE {
                None
            } else {
                self.0.why_illegal(mv)
            }
        }
        fn outcome(&self) -> Option<Outcome> {
            self.0.outcome()
        }
        fn scores(&self) -> [i64; 2] {
            self.0.scores()
        }
        fn encode_move(&self, mv: Self::Move) -> i32 {
            self.0.encode_move(mv)
        }
        fn decode_move(&self, raw: i32) -> Option<Self::Move> {
            self.0.decode_move(raw)
        }
        fn write_state(&self, out: &mut Vec<i32>) {
            self.0.write_state(out)
        }
        fn read_state(words: &[i32], me: Player) -> Result<Self, DecodeError> {
            let seat = if D == READ_STATE_IGNORES_SEAT {
                Player::First
            } else {
                me
            };
            MathTricks::read_state(words, seat).map(Planted)
        }
        fn setup(&self) -> String {
            let line = self.0.setup();
            if D == SETUP_LOSES_A_CELL {
                // Writes cell 1 as +0, whatever it holds.
                let mut parts: Vec<&str> = line.split(' ').collect();
                parts[2] = "+0";
                parts.join(" ")
            } else {
                line
            }
        }
        fn from_setup(text: &str) -> Result<Self, DecodeError> {
            MathTricks::from_setup(text).map(Planted)
        }
        fn render(&self, color: bool) -> String {
            self.0.render(color)
        }
        fn parse_move(&self, text: &str) -> Result<Self::Move, String> {
            self.0.parse_move(text)
        }
        fn describe_move(&self, mv: Self::Move) -> String {
            self.0.describe_move(mv)
        }
        fn move_prompt(&self) -> String {
            self.0.move_prompt()
        }
    }

    /// The panic message of `check_random_playouts::<G>` on 5x5 boards, seeds 0..4.
    fn failure<G: Game>() -> Option<String> {
        std::panic::catch_unwind(|| check_random_playouts::<G>(&GameParams::sized(5, 5), 0..4, 23))
            .err()
            .map(|e| {
                e.downcast_ref::<String>()
                    .cloned()
                    .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default()
            })
    }

    #[test]
    fn the_suite_passes_the_real_game_and_catches_each_planted_defect() {
        assert_eq!(failure::<Planted<NONE>>(), None);
        let msg = failure::<Planted<UNSORTED_MOVES>>().expect("unsorted moves pass");
        assert!(msg.contains("not strictly ascending"), "{msg}");
        let msg = failure::<Planted<ACCEPTS_ANY_MOVE>>().expect("accepting any move passes");
        assert!(msg.contains("has no reason to be illegal"), "{msg}");
        let msg =
            failure::<Planted<READ_STATE_IGNORES_SEAT>>().expect("a seat-blind read_state passes");
        assert!(msg.contains("read_state(write_state())"), "{msg}");
        let msg = failure::<Planted<SETUP_LOSES_A_CELL>>().expect("a lossy setup line passes");
        assert!(msg.contains("from_setup(setup())"), "{msg}");
    }

    #[test]
    fn the_suite_reports_a_game_longer_than_the_bound() {
        let msg = std::panic::catch_unwind(|| {
            check_random_playouts::<MathTricks>(&GameParams::sized(4, 4), 0..1, 0)
        });
        let msg = msg
            .unwrap_err()
            .downcast_ref::<String>()
            .cloned()
            .unwrap_or_default();
        assert!(msg.contains("not over after 0 plies"), "{msg}");
    }
}
