//! What a game adds to the generic strategies: named extra strategies (for example an
//! exact `perfect` player) and how `alphabeta` breaks ties.

use super::Strategy;
use crate::game::Game;

/// Extra strategies a game offers beyond the generic ones (for example `perfect`).
pub trait ExtraStrategies: Game {
    /// Their names.
    const EXTRA: &'static [&'static str] = &[];
    /// Whether `alphabeta` chooses at random, from the bot's seed, among the moves of equal
    /// value ([`super::RandomTies`], the classic Min-Max) rather than taking the first in
    /// the game's order. Only the games whose rules ask for it set this.
    const RANDOM_TIES: bool = false;
    /// One of them by name.
    fn extra_strategy(name: &str) -> Option<Box<dyn Strategy<Self>>> {
        let _ = name;
        None
    }
}
