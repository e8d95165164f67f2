//! Naming bots on the command line and fielding them in games.
//!
//! Anywhere a bot is named, `builtin:NAME` (or `builtin:NAME:DEPTH` for search
//! strategies) picks a native strategy, and a path to a `.wasm`, `.wat` or `.py` file (in any
//! case: `Ana.WASM`) picks a student's module. For tournaments a folder stands for the
//! submissions in it (see [`crate::submissions`]).

use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use arena_games::registry::{find_table_game, TableKind};
use arena_games::{GameKind, GameParams};

use crate::bot::{Bot, BuiltinBot};
use crate::bot_name::BotName;
use crate::referee::{Entrant, Entry};
use crate::runtime::WasmModule;

/// The deepest search any game allows; each game's own bound is its
/// [`arena_games::game::GameInfo::max_depth`].
pub const MAX_DEPTH: u32 = 64;

/// A bot as named by a person.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BotSpec {
    /// `builtin:NAME[:DEPTH]`.
    Builtin {
        /// The strategy's name.
        strategy: String,
        /// Search depth, for search strategies.
        depth: Option<u32>,
    },
    /// A path to a module file (or, for tournaments, a folder of them).
    Path(PathBuf),
}

/// A bot argument that names no bot.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BotSpecError {
    /// `builtin:NAME:DEPTH` with a depth that is not a number in range.
    #[error("`{0}`: the depth after the name must be a number from 1 to {MAX_DEPTH} (each game has its own maximum, see `arena games`)")]
    BadDepth(String),
    /// `builtin:` with no strategy name.
    #[error("`{0}`: name a strategy, e.g. builtin:greedy")]
    NoStrategy(String),
    /// An empty argument.
    #[error("an empty bot name")]
    Empty,
}

/// A builtin the game cannot field.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BuiltinError {
    /// A depth deeper than the game's bound.
    #[error("builtin:{strategy}: depth {depth} is deeper than {game} allows (at most {max}: deeper searches take more than a second a move)")]
    TooDeep {
        /// The strategy asked for.
        strategy: String,
        /// The depth asked for.
        depth: u32,
        /// The game.
        game: &'static str,
        /// The game's bound.
        max: u32,
    },
    /// A strategy the game does not have.
    #[error(transparent)]
    Unknown(#[from] arena_games::registry::UnknownStrategy),
    /// A strategy the game does not have, or that cannot play its parameters.
    #[error(transparent)]
    Game(#[from] arena_games::registry::BuiltinError),
}

impl FromStr for BotSpec {
    type Err = BotSpecError;

    fn from_str(s: &str) -> Result<BotSpec, BotSpecError> {
        if let Some(rest) = s.strip_prefix("builtin:") {
            let (strategy, depth) = match rest.split_once(':') {
                Some((name, d)) => {
                    let depth = d
                        .parse::<u32>()
                        .ok()
                        .filter(|&d| (1..=MAX_DEPTH).contains(&d))
                        .ok_or_else(|| BotSpecError::BadDepth(s.to_string()))?;
                    (name, Some(depth))
                }
                None => (rest, None),
            };
            if strategy.is_empty() {
                return Err(BotSpecError::NoStrategy(s.to_string()));
            }
            return Ok(BotSpec::Builtin {
                strategy: strategy.to_string(),
                depth,
            });
        }
        if s.is_empty() {
            return Err(BotSpecError::Empty);
        }
        Ok(BotSpec::Path(PathBuf::from(s)))
    }
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotSpec::Builtin {
                strategy,
                depth: None,
            } => write!(f, "builtin:{strategy}"),
            BotSpec::Builtin {
                strategy,
                depth: Some(d),
            } => write!(f, "builtin:{strategy}:{d}"),
            BotSpec::Path(p) => write!(f, "{}", p.display()),
        }
    }
}

/// Whether a path names a module file arena loads: `.wasm` or `.wat`, or a Python bot
/// `.py` (run by arena's Python interpreter, [`crate::python`]), in any case.
pub fn is_module_file(path: &Path) -> bool {
    path.extension().and_then(|e| e.to_str()).is_some_and(|e| {
        e.eq_ignore_ascii_case("wasm")
            || e.eq_ignore_ascii_case("wat")
            || e.eq_ignore_ascii_case("py")
    })
}

/// The name a module gets in results: its file stem, escaped ([`crate::bot_name`]).
pub fn module_name(path: &Path) -> String {
    BotName::from_os(path.file_stem().unwrap_or(path.as_os_str())).into_string()
}

/// A builtin strategy of one game, of any seat count, fielded fresh for every game.
pub struct Builtin {
    game: &'static dyn TableKind,
    strategy: String,
    depth: Option<u32>,
    params: GameParams,
}

impl Builtin {
    /// The builtin `strategy` of the two-seat game `game`, checked to exist, with a depth
    /// (if given) no deeper than the game's `max_depth`.
    ///
    /// # Errors
    /// [`BuiltinError::Unknown`] (naming the game's strategies) when it has no such one;
    /// [`BuiltinError::TooDeep`] when the depth is deeper than the game's bound.
    pub fn new(
        game: &'static dyn GameKind,
        strategy: &str,
        depth: Option<u32>,
    ) -> Result<Builtin, BuiltinError> {
        let info = game.info();
        if let Some(d) = depth.filter(|&d| d > info.max_depth) {
            return Err(BuiltinError::TooDeep {
                strategy: strategy.to_string(),
                depth: d,
                game: info.name,
                max: info.max_depth,
            });
        }
        game.builtin(strategy, depth)?;
        let at_table = find_table_game(game.info().name)
            .expect("every two-seat game of the registry is a game at the table");
        Ok(Builtin {
            game: at_table,
            strategy: strategy.to_string(),
            depth,
            params: GameParams::default(),
        })
    }

    /// The builtin `strategy` of `game` at a table, checked to play every one of `params`
    /// (the tournament's extreme sizes, say); it is fielded with the last of them. (The
    /// game's own refusal bounds a search: `TooMuchWork`.)
    ///
    /// # Errors
    /// [`BuiltinError::Game`] naming the strategies, or why this one cannot play these
    /// parameters.
    ///
    /// # Panics
    /// If `params` is empty (a caller's bug).
    pub fn at_table(
        game: &'static dyn TableKind,
        strategy: &str,
        depth: Option<u32>,
        params: &[GameParams],
    ) -> Result<Builtin, BuiltinError> {
        for p in params {
            game.builtin(strategy, depth, p)?;
        }
        Ok(Builtin {
            game,
            strategy: strategy.to_string(),
            depth,
            params: params
                .last()
                .expect("at least one set of parameters")
                .clone(),
        })
    }

    /// The strategy's name.
    pub fn strategy(&self) -> &str {
        &self.strategy
    }

    /// A fresh bot.
    pub fn bot(&self) -> Box<dyn Bot> {
        let native = self
            .game
            .builtin(&self.strategy, self.depth, &self.params)
            .expect("checked when the builtin was made");
        Box::new(BuiltinBot::from_native(native))
    }
}

impl Entrant for Builtin {
    fn enter(&self, _seed: u64) -> Result<Box<dyn Bot>, Entry> {
        Ok(self.bot())
    }
}

/// A student's module, compiled once and instantiated fresh for every game.
pub struct Wasm(pub WasmModule);

impl Entrant for Wasm {
    fn enter(&self, seed: u64) -> Result<Box<dyn Bot>, Entry> {
        match self.0.instantiate(seed) {
            Ok(bot) => Ok(Box::new(bot)),
            Err(fault) => Err(Entry::Fault(fault)),
        }
    }

    fn prepare_thread(&self) -> Result<(), String> {
        self.0.load_on_this_thread()
    }
}

/// A bot that cannot play at all (its module failed to load): it forfeits every game.
pub struct Disqualified(pub String);

impl Entrant for Disqualified {
    fn enter(&self, _seed: u64) -> Result<Box<dyn Bot>, Entry> {
        Err(Entry::Disqualified(self.0.clone()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_bot_names() {
        assert_eq!(
            "builtin:greedy".parse::<BotSpec>().unwrap(),
            BotSpec::Builtin {
                strategy: "greedy".into(),
                depth: None
            }
        );
        assert_eq!(
            "builtin:alphabeta:4".parse::<BotSpec>().unwrap(),
            BotSpec::Builtin {
                strategy: "alphabeta".into(),
                depth: Some(4)
            }
        );
        assert!("builtin:alphabeta:x"
            .parse::<BotSpec>()
            .unwrap_err()
            .to_string()
            .contains("depth"));
        assert!("builtin:alphabeta:0".parse::<BotSpec>().is_err());
        assert!("builtin:"
            .parse::<BotSpec>()
            .unwrap_err()
            .to_string()
            .contains("strategy"));
        assert_eq!(
            "bots/a.wasm".parse::<BotSpec>().unwrap(),
            BotSpec::Path("bots/a.wasm".into())
        );
        assert_eq!(
            "builtin:alphabeta:4"
                .parse::<BotSpec>()
                .unwrap()
                .to_string(),
            "builtin:alphabeta:4"
        );
    }

    #[test]
    fn module_files_and_names() {
        assert!(is_module_file(Path::new("x/a.wasm")));
        assert!(is_module_file(Path::new("a.wat")));
        assert!(is_module_file(Path::new("Ana.WASM")));
        assert!(is_module_file(Path::new("b.Wat")));
        assert!(!is_module_file(Path::new(".wasm")));
        assert!(!is_module_file(Path::new("a.c")));
        assert!(is_module_file(Path::new("bot.py")) && is_module_file(Path::new("Bo.PY")));
        assert_eq!(module_name(Path::new("x/alice.wasm")), "alice");
        assert_eq!(module_name(Path::new("x/Ana.WASM")), "Ana");
        assert_eq!(module_name(Path::new("x/a\nb.wasm")), "a\\nb");
    }
}
