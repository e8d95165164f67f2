//! A game's fixed facts: its name and ABI id, its sizes and options as data, its search
//! bounds and series policy.

use std::fmt;

use super::params::ParamError;

/// Fixed facts about a game, for the registry and the ABI header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameInfo {
    /// The short name used by `--game` and in results.
    pub name: &'static str,
    /// The number in word 1 of the ABI header.
    pub id: i32,
    /// One line on what the game is.
    pub summary: &'static str,
    /// What `rows` and `cols` mean for this game (their ranges are [`GameInfo::rows`] and
    /// [`GameInfo::cols`]).
    pub size_doc: &'static str,
    /// The range of `--rows`, or that the game ignores it.
    pub rows: Dimension,
    /// The range of `--cols`, or that the game ignores it.
    pub cols: Dimension,
    /// Default rows.
    pub default_rows: u32,
    /// Default columns.
    pub default_cols: u32,
    /// The `--option NAME=VALUE` settings the game reads.
    pub options: &'static [GameOption],
    /// Search depth `builtin:alphabeta` uses when none is given.
    pub default_depth: u32,
    /// The deepest search `builtin:alphabeta` may be asked for: the deepest depth at
    /// which one move still takes at most about a second (measured natively at the
    /// game's largest size, or at its default size where even shallow searches of the
    /// largest size take longer). arena refuses deeper searches before any game starts.
    pub max_depth: u32,
    /// Whether every series of this game is paired (each board played from both seats):
    /// true where the first mover wins with perfect play from every start, so that a
    /// best-of-N series would go to whoever moves first in more of its games.
    pub always_paired: bool,
}

/// What a game does with `--rows` or `--cols`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dimension {
    /// The game reads it, and it must lie in `min..=max`.
    Range {
        /// The smallest value.
        min: u32,
        /// The largest value.
        max: u32,
    },
    /// The game's board is fixed: the value is not used.
    Ignored,
}

impl Dimension {
    /// `got` when this dimension allows it (any value when it is ignored).
    ///
    /// # Errors
    /// [`ParamError::OutOfRange`] naming `what` (`rows` or `cols`).
    pub fn check(self, what: &'static str, got: u32) -> Result<u32, ParamError> {
        match self {
            Dimension::Range { min, max } if !(min..=max).contains(&got) => {
                Err(ParamError::OutOfRange {
                    what,
                    min,
                    max,
                    got,
                })
            }
            _ => Ok(got),
        }
    }

    /// The values to test a game at: the smallest, the default and the largest (once each).
    pub fn samples(self, default: u32) -> Vec<u32> {
        match self {
            Dimension::Range { min, max } => {
                let mut v = vec![min, default, max];
                v.dedup();
                v
            }
            Dimension::Ignored => vec![default],
        }
    }
}

impl fmt::Display for Dimension {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Dimension::Range { min, max } => write!(f, "{min}..={max}"),
            Dimension::Ignored => f.write_str("ignored"),
        }
    }
}

/// A `--option NAME=VALUE` that a game reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameOption {
    /// The option's name.
    pub name: &'static str,
    /// The values it takes, as `arena games` and error messages write them
    /// (for example `seed|standard`).
    pub values: &'static str,
    /// What it does, in one line.
    pub doc: &'static str,
    /// Values every registered game is played with by the conformance suite.
    pub samples: &'static [&'static str],
}
