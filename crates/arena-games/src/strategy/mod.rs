//! Reference strategies, generic over every game: `random`, `greedy` and `alphabeta`.
//!
//! They are the sparring partners for students, the reference for grading and the native
//! baseline that measures the sandbox's cost. Each is a pure function of the state and the
//! per-game seed in its [`Context`], with deterministic tie-breaks (the first move in the
//! game's sorted move order wins a tie), so the same code compiled to WebAssembly chooses
//! exactly the same moves as the builtin bot.

mod alphabeta;
mod greedy;
#[cfg(test)]
mod oracle_tests;
mod random;
#[cfg(test)]
mod tests;

pub use alphabeta::{AlphaBeta, LOSS_VALUE, WIN_VALUE};
pub use greedy::Greedy;
pub use random::RandomMover;

use crate::game::{Game, Player};

/// What a strategy knows besides the position: from the ABI header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Context {
    /// The seat the strategy plays in this game.
    pub seat: Player,
    /// Moves played so far in this game.
    pub ply: u32,
    /// The per-game seed for the strategy's own randomness.
    pub seed: u64,
}

/// A way of choosing moves in game `G`. One value plays one game (it may keep state
/// between its moves, as a WASM bot's memory does).
pub trait Strategy<G: Game>: Send {
    /// Chooses a legal move in `state`, which is not terminal and has `ctx.seat` to move.
    fn choose(&mut self, ctx: &Context, state: &G) -> G::Move;
}

/// The names of the strategies every game has, as `builtin:NAME` spells them.
pub const GENERIC_STRATEGIES: &[&str] = &["random", "greedy", "alphabeta"];

/// Builds a generic strategy by name. `depth` is alphabeta's search depth (`None`: the
/// game's default). Returns `None` for an unknown name.
pub fn generic<G: Game>(name: &str, depth: Option<u32>) -> Option<Box<dyn Strategy<G>>> {
    match name {
        "random" => Some(Box::new(RandomMover::default())),
        "greedy" => Some(Box::new(Greedy)),
        "alphabeta" => Some(Box::new(AlphaBeta::new(
            depth.unwrap_or(G::INFO.default_depth),
        ))),
        _ => None,
    }
}

/// The value of a finished game for `seat`, preferring quick wins and slow losses.
pub fn terminal_value<G: Game>(state: &G, seat: Player, ply: u32) -> i64 {
    match state.outcome() {
        Some(crate::Outcome::Win(p)) if p == seat => WIN_VALUE - ply as i64,
        Some(crate::Outcome::Win(_)) => LOSS_VALUE + ply as i64,
        _ => 0,
    }
}
