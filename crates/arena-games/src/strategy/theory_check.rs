//! Test helpers for the games' perfect players: an exhaustive win/loss solver that knows
//! nothing but the rules (it never looks at a game's theory or its perfect player), a check
//! of a perfect player's move against it, and a duel of two strategies.

use std::collections::HashMap;
use std::hash::Hash;

use super::{Context, Strategy};
use crate::game::{Game, Outcome};

/// The legal moves of `g` in a fresh vector.
pub fn legal<G: Game>(g: &G) -> Vec<G::Move> {
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    moves
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
