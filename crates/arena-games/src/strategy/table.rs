//! Reference strategies of the table model ([`TableGame`]): `random`, `greedy` and
//! `maxn` (the N-player form of minimax: every seat maximises its own component of a
//! vector of values), with the game's own strategies beside them. As with the two-seat
//! strategies, ties go to the first move in the game's sorted move order and randomness
//! comes only from the per-game seed.
//!
//! Every strategy decides from the mover's view ([`Observed::View`]), the same a bot
//! reads from its words, never from the state behind it. `greedy` and `maxn` search the
//! state, so they exist only for games whose view is the whole state (`View = Self`); a
//! game with hidden setup brings strategies of its own in its folder (minesweeper's
//! `solver` and `greedy`, pursuit's Tom and Jerry).

use crate::game::{Observed, Seat, TableGame};
use crate::rng::GameRng;

/// What a strategy knows besides the position: from the ABI header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableContext {
    /// The seat the strategy plays in this game.
    pub seat: Seat,
    /// Moves played so far in this game.
    pub ply: u32,
    /// The per-game seed for the strategy's own randomness (never the board's).
    pub seed: u64,
}

/// A way of choosing moves in a table game from the mover's view. One value plays one
/// game.
pub trait TableStrategy<G: Observed>: Send {
    /// Chooses a legal move in `view`, the view of `ctx.seat` in a game not over.
    fn choose(&mut self, ctx: &TableContext, view: &G::View) -> G::Move;
}

impl<G: Observed> TableStrategy<G> for Box<dyn TableStrategy<G>> {
    fn choose(&mut self, ctx: &TableContext, view: &G::View) -> G::Move {
        (**self).choose(ctx, view)
    }
}

/// The value of a finished game's rank: the better the rank, the larger, by far more
/// than any heuristic.
const RANK_STEP: i64 = 1 << 50;

/// Uniformly random legal moves, from the per-game seed.
#[derive(Debug, Default)]
pub struct TableRandom {
    rng: Option<GameRng>,
}

impl<G: Observed> TableStrategy<G> for TableRandom {
    fn choose(&mut self, ctx: &TableContext, view: &G::View) -> G::Move {
        let rng = self.rng.get_or_insert_with(|| GameRng::new(ctx.seed));
        let mut moves = Vec::new();
        G::view_moves(view, &mut moves);
        moves[rng.below(moves.len() as u64) as usize]
    }
}

/// Max^n to a fixed depth: at a finished game each seat's value is the number of seats
/// it beat less the number that beat it (a win sooner and a loss later preferred), at the depth limit its heuristic; the
/// seat to move picks the child best for itself, the first of equals.
#[derive(Debug)]
pub struct MaxN {
    depth: u32,
}

impl MaxN {
    /// Searches `depth` moves ahead (at least 1).
    pub fn new(depth: u32) -> MaxN {
        MaxN {
            depth: depth.max(1),
        }
    }

    fn values<G: TableGame>(state: &G, depth: u32, ply: u32) -> Vec<i64> {
        if let Some(results) = state.results() {
            // A seat's worth: the seats it beat less the seats that beat it.
            return results
                .iter()
                .map(|mine| {
                    let beat = results.iter().filter(|o| o.rank > mine.rank).count() as i64;
                    let beaten = results.iter().filter(|o| o.rank < mine.rank).count() as i64;
                    let worth = (beat - beaten) * RANK_STEP;
                    match worth.signum() {
                        1 => worth - i64::from(ply),
                        -1 => worth + i64::from(ply),
                        _ => worth,
                    }
                })
                .collect();
        }
        if depth == 0 {
            return Seat::all(state.seat_count())
                .map(|s| state.heuristic(s))
                .collect();
        }
        let mover = state.to_move().index();
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let mut best: Option<Vec<i64>> = None;
        for mv in moves {
            let mut child = state.clone();
            child.apply(mv);
            let v = Self::values(&child, depth - 1, ply + 1);
            if best.as_ref().is_none_or(|b| v[mover] > b[mover]) {
                best = Some(v);
            }
        }
        best.expect("a game not over has a move")
    }
}

impl MaxN {
    /// The move max^n chooses in `state`, which is not over, `ply` moves into the game.
    pub fn best_move<G: TableGame>(&self, state: &G, ply: u32) -> G::Move {
        let mover = state.to_move().index();
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let mut best = (moves[0], i64::MIN);
        for &mv in &moves {
            let mut child = state.clone();
            child.apply(mv);
            let v = Self::values(&child, self.depth - 1, ply + 1)[mover];
            if v > best.1 {
                best = (mv, v);
            }
        }
        best.0
    }
}

impl<G: Observed<View = G>> TableStrategy<G> for MaxN {
    fn choose(&mut self, ctx: &TableContext, state: &G) -> G::Move {
        self.best_move(state, ctx.ply)
    }
}

/// Max^n one move deep: the move that wins at once, else the best heuristic after it.
pub fn greedy() -> MaxN {
    MaxN::new(1)
}

/// The names of the strategies every table game of full information has.
pub const TABLE_STRATEGIES: &[&str] = &["random", "greedy", "maxn"];

/// Builds a strategy by name for a game whose view is the whole state: `random`,
/// `greedy` and `maxn` (to `depth`, or the game's default). `None` for another name.
pub fn full_information<G: Observed<View = G>>(
    name: &str,
    depth: Option<u32>,
) -> Option<Box<dyn TableStrategy<G>>> {
    match name {
        "random" => Some(Box::new(TableRandom::default())),
        "greedy" => Some(Box::new(greedy())),
        "maxn" => Some(Box::new(MaxN::new(depth.unwrap_or(G::INFO.default_depth)))),
        _ => None,
    }
}
