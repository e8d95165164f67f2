//! Test helpers for the beans, one-way, Nim and 24-cards games: a checker of the
//! [`Game`] contract along random playouts, and an exhaustive win/loss solver that knows
//! nothing but the rules (it never looks at a game's theory or its perfect player).
//!
//! The shared conformance suite will cover every game the same way later; these helpers
//! keep each game honest until then and stay useful for the theory sweeps.

use std::collections::HashMap;
use std::hash::Hash;

use crate::game::{Game, Outcome};
use crate::rng::GameRng;
use crate::strategy::{Context, Strategy};

/// The legal moves of `g` in a fresh vector.
pub fn legal<G: Game>(g: &G) -> Vec<G::Move> {
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    moves
}

/// Checks every per-position promise of the contract on `g`: sorted unique moves, empty
/// exactly when terminal, outcome exactly when terminal, words and move round trips, the
/// human notation round trip, and that `probe` encodings naming no legal move are refused
/// with a reason and leave the state untouched.
pub fn check_position<G: Game + PartialEq>(g: &G, probe: &[i32]) {
    let moves = legal(g);
    let raws: Vec<i32> = moves.iter().map(|&m| g.encode_move(m)).collect();
    assert!(
        raws.windows(2).all(|w| w[0] < w[1]),
        "moves not sorted/unique: {raws:?}"
    );
    assert!(
        moves.windows(2).all(|w| w[0] < w[1]),
        "Move order disagrees with encoding"
    );
    assert_eq!(moves.is_empty(), g.is_terminal(), "{g:?}");
    assert_eq!(g.outcome().is_some(), g.is_terminal(), "{g:?}");
    for &mv in &moves {
        assert_eq!(g.decode_move(g.encode_move(mv)), Some(mv));
        assert_eq!(g.why_illegal(mv), None, "{mv:?} is listed but refused");
        assert_eq!(g.parse_move(&g.describe_move(mv)), Ok(mv));
    }
    let mut words = Vec::new();
    g.write_state(&mut words);
    let back = G::read_state(&words, g.to_move()).expect("own words read back");
    assert_eq!(legal(&back), moves);
    assert_eq!(back.outcome(), g.outcome());
    assert_eq!(back.to_move(), g.to_move());
    let mut again = Vec::new();
    back.write_state(&mut again);
    assert_eq!(again, words);
    for &raw in probe {
        let Some(mv) = g.decode_move(raw) else {
            continue;
        };
        assert_eq!(g.encode_move(mv), raw);
        if !raws.contains(&raw) {
            let reason = g.why_illegal(mv).expect("an unlisted move is refused");
            assert!(!reason.is_empty());
            let mut copy = g.clone();
            let err = copy.play(mv).expect_err("play refuses it");
            assert_eq!(err.raw, raw);
            assert!(copy == *g, "a refused move changed the state");
        }
    }
    assert!(!g.render(false).is_empty());
    assert!(!g.render(true).is_empty());
    assert!(!g.move_prompt().is_empty());
}

/// Plays one uniformly random game from `start` with `seed`, checking every position
/// (see [`check_position`]) and the setup round trip of `start`. Returns the plies played.
///
/// # Panics
/// When a promise breaks or the game is not over after `max_plies`.
pub fn check_playout<G: Game + PartialEq>(
    start: &G,
    seed: u64,
    max_plies: usize,
    probe: &[i32],
) -> usize {
    let rebuilt = G::from_setup(&start.setup()).expect("setup reads back");
    assert!(
        rebuilt == *start,
        "setup round trip: {} gave {rebuilt:?}",
        start.setup()
    );
    let mut rng = GameRng::new(seed);
    let mut g = start.clone();
    for ply in 0..=max_plies {
        check_position(&g, probe);
        let moves = legal(&g);
        if moves.is_empty() {
            return ply;
        }
        let mv = moves[rng.below(moves.len() as u64) as usize];
        g.play(mv).expect("a listed move is playable");
    }
    panic!("no end after {max_plies} plies: {g:?}");
}

/// Exhaustive, memoised win/loss search over the rules alone.
pub struct Solver<G> {
    memo: HashMap<G, bool>,
}

impl<G: Game + Hash + Eq> Solver<G> {
    /// An empty solver.
    pub fn new() -> Solver<G> {
        Solver {
            memo: HashMap::new(),
        }
    }

    /// Whether the player to move in `g` wins against any defence.
    pub fn wins(&mut self, g: &G) -> bool {
        if let Some(&v) = self.memo.get(g) {
            return v;
        }
        let v = match g.outcome() {
            Some(o) => o == Outcome::Win(g.to_move()),
            None => legal(g).into_iter().any(|mv| {
                let mut child = g.clone();
                child.apply(mv);
                let child_wins = self.wins(&child);
                if child.to_move() == g.to_move() {
                    child_wins
                } else {
                    !child_wins
                }
            }),
        };
        self.memo.insert(g.clone(), v);
        v
    }
}

/// Checks a perfect player at `g` (not terminal): its move is legal, and from a won
/// position it leads to a position the opponent loses.
pub fn check_perfect_move<G: Game + Hash + Eq>(
    g: &G,
    player: &mut dyn Strategy<G>,
    solver: &mut Solver<G>,
) {
    let ctx = Context {
        seat: g.to_move(),
        ply: 0,
        seed: 0,
    };
    let mv = player.choose(&ctx, g);
    assert_eq!(
        g.why_illegal(mv),
        None,
        "perfect player chose an illegal move in {g:?}"
    );
    if solver.wins(g) {
        let mut child = g.clone();
        child.apply(mv);
        let still_mine = child.to_move() == g.to_move();
        assert_eq!(
            solver.wins(&child),
            still_mine,
            "perfect player threw away the win in {g:?} with {mv:?}"
        );
    }
}

/// Plays `start` to the end with `players[seat index]` choosing, checking every move is
/// legal; returns the outcome.
pub fn duel<G: Game>(start: &G, players: [&mut dyn Strategy<G>; 2], seed: u64) -> Outcome {
    let mut g = start.clone();
    let [a, b] = players;
    let mut ply = 0;
    while !g.is_terminal() {
        let seat = g.to_move();
        let ctx = Context { seat, ply, seed };
        let mv = match seat {
            crate::Player::First => a.choose(&ctx, &g),
            crate::Player::Second => b.choose(&ctx, &g),
        };
        g.play(mv).expect("strategies play legal moves");
        ply += 1;
    }
    g.outcome().expect("terminal")
}

#[cfg(test)]
mod tests {
    use crate::game::GameParams;

    /// Each of these games end to end through the registry, as the referee runs it: state
    /// words with the header in, `i32` moves out, `builtin:perfect` against
    /// `builtin:random`, from many seeds and both seats.
    #[test]
    fn perfect_bots_play_through_the_erased_interface() {
        for name in [
            "beans",
            "king",
            "queen",
            "rook",
            "knight",
            "nim",
            "cards24",
            "determinant",
        ] {
            let kind = crate::find_game(name).unwrap();
            for seed in 0..12u64 {
                let mut game = kind.new_game(&GameParams::default(), seed).unwrap();
                let mut bots = [
                    kind.builtin("perfect", None).unwrap(),
                    kind.builtin("random", None).unwrap(),
                ];
                if seed % 2 == 1 {
                    bots.swap(0, 1);
                }
                let mut words = Vec::new();
                let mut ply = 0;
                while !game.is_terminal() {
                    game.observation(ply, seed, &mut words);
                    let seat = game.to_move();
                    let mv = bots[seat.index()].choose_move(&words).unwrap();
                    game.play(mv).unwrap_or_else(|e| panic!("{name}: {e}"));
                    ply += 1;
                }
                assert!(game.outcome().is_some());
                assert_eq!(game.legal_moves(), Vec::<i32>::new());
            }
        }
    }
}
