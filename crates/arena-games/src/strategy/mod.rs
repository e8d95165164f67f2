//! Reference strategies, generic over every game: `random`, `greedy` and `alphabeta`.
//!
//! They are the sparring partners for students, the reference for grading and the native
//! baseline that measures the sandbox's cost. Each is a pure function of the state and the
//! per-game seed in its [`Context`], with deterministic tie-breaks (the first move in the
//! game's sorted move order wins a tie), so the same code compiled to WebAssembly chooses
//! exactly the same moves as the builtin bot.

mod alphabeta;
pub mod budget;
mod extra;
mod greedy;
pub mod named;
#[cfg(test)]
mod oracle_tests;
mod random;
pub mod table;
#[cfg(test)]
mod table_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
pub(crate) mod theory_check;
mod ties;
#[cfg(test)]
mod ties_tests;

pub use alphabeta::{AlphaBeta, LOSS_VALUE, WIN_VALUE};
pub use extra::ExtraStrategies;
pub use greedy::Greedy;
pub use random::RandomMover;
pub use ties::RandomTies;

use crate::game::{Game, Outcome, Player};

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

/// Builds a generic strategy by name for a registered game: [`generic`], except that a
/// game with [`ExtraStrategies::RANDOM_TIES`] gets [`RandomTies`] as `alphabeta`.
pub fn for_game<G: ExtraStrategies>(
    name: &str,
    depth: Option<u32>,
) -> Option<Box<dyn Strategy<G>>> {
    if G::RANDOM_TIES && name == "alphabeta" {
        let depth = depth.unwrap_or(G::INFO.default_depth);
        return Some(Box::new(RandomTies::new(depth)));
    }
    generic::<G>(name, depth)
}

/// The value of a finished game for `seat`, preferring quick wins and slow losses (and,
/// for a game with a [`Game::margin`], bigger wins and smaller losses).
pub fn terminal_value<G: Game>(state: &G, seat: Player, ply: u32) -> i64 {
    match state.outcome() {
        Some(Outcome::Win(p)) if p == seat => WIN_VALUE - ply as i64 + state.margin(seat),
        Some(Outcome::Win(_)) => LOSS_VALUE + ply as i64 + state.margin(seat),
        _ => state.margin(seat),
    }
}

/// The value the searches give `state` for `seat` where they stop, `ply` plies below the
/// searched position: [`terminal_value`] for a finished game, otherwise the game's
/// heuristic clamped so that it never passes for a result.
pub fn leaf_value<G: Game>(state: &G, seat: Player, ply: u32) -> i64 {
    if state.is_terminal() {
        terminal_value(state, seat, ply)
    } else {
        state
            .heuristic(seat)
            .clamp(-alphabeta::HEURISTIC_CAP, alphabeta::HEURISTIC_CAP)
    }
}
