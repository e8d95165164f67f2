//! The builtin strategies of a game of the table model, by name: the trait every such
//! game implements in its own folder (`bots.rs`), from which `builtin:NAME` and the
//! SDK's any-game bots build their strategies.

use crate::game::{GameParams, Observed};
use crate::strategy::budget::TooMuchWork;
use crate::strategy::table::TableStrategy;

/// A strategy built by name: `Ok(None)` for an unknown name, `Err(why)` for one that
/// cannot play the parameters.
pub type Built<G> = Result<Option<Box<dyn TableStrategy<G>>>, Refusal>;

/// Why a strategy cannot play the parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Not for these parameters, and why, with what it does play.
    NotHere(&'static str),
    /// Its search could not finish a move here ([`crate::strategy::budget`]).
    TooMuchWork(Box<TooMuchWork>),
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::NotHere(reason) => f.write_str(reason),
            Refusal::TooMuchWork(why) => why.fmt(f),
        }
    }
}

impl From<&'static str> for Refusal {
    fn from(reason: &'static str) -> Refusal {
        Refusal::NotHere(reason)
    }
}

impl From<Box<TooMuchWork>> for Refusal {
    fn from(why: Box<TooMuchWork>) -> Refusal {
        Refusal::TooMuchWork(why)
    }
}

/// The builtin strategies of a table game, by name.
pub trait TableStrategies: Observed {
    /// The names, in the order `arena games` lists them.
    const NAMES: &'static [&'static str];

    /// The named strategy for games of `params`.
    ///
    /// # Errors
    /// `Ok(None)` for an unknown name; `Err(reason)` for a strategy that cannot play
    /// these parameters.
    fn strategy(name: &str, depth: Option<u32>, params: &GameParams) -> Built<Self>;
}
