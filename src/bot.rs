//! Players as the referee sees them: state words in, one `i32` move out, or a fault.
//!
//! A [`Bot`] plays one game (a fresh one per bot per game, as the ABI promises). Builtin
//! strategies and WebAssembly modules both stand behind it, so the referee never knows
//! which it is talking to.

use std::fmt;

use arena_games::registry::{AnyTable, GameKind, NativeBot};

/// The marker a bot's captured output ends with when some of it was dropped.
pub const TRUNCATED_MARKER: &str = "[truncated]";

/// The longest part of a bot's log line attached to a trap's reason, in characters.
pub const MAX_EXPLANATION_CHARS: usize = 300;

/// Everything that can go wrong with a bot during a game. Each fault forfeits the game
/// for the bot that caused it; the reason is recorded with the game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Fault {
    /// The module trapped (`unreachable`, a bad memory access, a failed host call, ...).
    #[error("trap: {0}")]
    Trap(String),
    /// The call used up its compute budget (fuel).
    #[error("out of fuel: used the whole budget of {budget} fuel")]
    OutOfFuel {
        /// The budget that ran out.
        budget: u64,
    },
    /// The module tried to grow memory (or a table) past its cap.
    #[error("memory cap reached: {0}")]
    MemoryLimit(String),
    /// The module overflowed its stack.
    #[error("stack overflow")]
    StackOverflow,
    /// `arena_alloc` returned a pointer with no room for the state in memory.
    #[error("bad pointer from arena_alloc: {0}")]
    BadPointer(String),
    /// The move names no move of the game, or one the rules forbid.
    #[error("illegal move {raw}: {reason}")]
    IllegalMove {
        /// What the bot returned.
        raw: i32,
        /// Why the referee refused it.
        reason: String,
    },
    /// The CPU-time safety net fired (never the normal limit: fuel is): the call used
    /// far more CPU time than its fuel accounts for.
    #[error(
        "safety net: more than {seconds} s of CPU time beyond what the fuel used accounts for"
    )]
    Timeout {
        /// The net's width in seconds.
        seconds: u64,
    },
    /// A fresh instance could not be made for this game (its `start` trapped, ran out of
    /// fuel, or it needed more memory than allowed).
    #[error("could not instantiate: {0}")]
    Instantiation(String),
    /// The harness could not play the bot: a problem of this machine or its limits (a
    /// thread that cannot load the module, a full instance pool, a compiler that cannot
    /// be started), not of the bot. It forfeits nothing: a tournament stops without
    /// recording the game (its finished games are kept for `--resume`), and no results
    /// file ever holds this kind.
    #[error("the harness could not play it (a problem of this machine or its limits, not of the bot): {0}")]
    Harness(String),
}

impl Fault {
    /// A short stable name for CSV columns and counts.
    pub fn kind(&self) -> FaultKind {
        match self {
            Fault::Trap(_) => FaultKind::Trap,
            Fault::OutOfFuel { .. } => FaultKind::Fuel,
            Fault::MemoryLimit(_) => FaultKind::Memory,
            Fault::StackOverflow => FaultKind::Stack,
            Fault::BadPointer(_) => FaultKind::BadPointer,
            Fault::IllegalMove { .. } => FaultKind::IllegalMove,
            Fault::Timeout { .. } => FaultKind::Timeout,
            Fault::Instantiation(_) => FaultKind::Instantiation,
            Fault::Harness(_) => FaultKind::Harness,
        }
    }

    /// What the harness could not do, when this is [`Fault::Harness`]: the game it ended
    /// is the machine's failure, not a result.
    pub fn harness_problem(&self) -> Option<&str> {
        match self {
            Fault::Harness(why) => Some(why),
            _ => None,
        }
    }
}

/// The kinds of [`Fault`], for counting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FaultKind {
    /// [`Fault::Trap`].
    Trap,
    /// [`Fault::OutOfFuel`].
    Fuel,
    /// [`Fault::MemoryLimit`].
    Memory,
    /// [`Fault::StackOverflow`].
    Stack,
    /// [`Fault::BadPointer`].
    BadPointer,
    /// [`Fault::IllegalMove`].
    IllegalMove,
    /// [`Fault::Timeout`].
    Timeout,
    /// [`Fault::Instantiation`].
    Instantiation,
    /// [`Fault::Harness`]: never recorded, so not in [`FaultKind::ALL`] (no results
    /// column counts it, no results file may name it).
    Harness,
}

impl FaultKind {
    /// Every kind a results file may hold, in the order reports list them (all but
    /// [`FaultKind::Harness`]).
    pub const ALL: [FaultKind; 8] = [
        FaultKind::Trap,
        FaultKind::Fuel,
        FaultKind::Memory,
        FaultKind::Stack,
        FaultKind::BadPointer,
        FaultKind::IllegalMove,
        FaultKind::Timeout,
        FaultKind::Instantiation,
    ];

    /// The stable name used in CSV files and replays.
    pub fn name(self) -> &'static str {
        match self {
            FaultKind::Trap => "trap",
            FaultKind::Fuel => "fuel",
            FaultKind::Memory => "memory",
            FaultKind::Stack => "stack",
            FaultKind::BadPointer => "bad_pointer",
            FaultKind::IllegalMove => "illegal_move",
            FaultKind::Timeout => "timeout",
            FaultKind::Instantiation => "instantiation",
            FaultKind::Harness => "harness",
        }
    }
}

impl fmt::Display for FaultKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a bot answered to one `choose_move` call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The move's `i32` encoding (not yet checked by the referee).
    pub raw: i32,
    /// Fuel the call used (0 for native bots).
    pub fuel: u64,
}

/// One bot playing one game.
pub trait Bot: Send {
    /// Chooses a move for the state words (ABI header and the game's body).
    ///
    /// # Errors
    /// The [`Fault`] that forfeits the game.
    fn choose_move(&mut self, words: &[i32]) -> Result<Reply, Fault>;

    /// [`Bot::choose_move`] from a caller that knows the position: `legal` lists its
    /// legal moves (their encodings, ascending). Only a bot that uses them calls it (a
    /// module importing `arena.legal_moves`, docs/ABI.md), so the others cost nothing
    /// more.
    ///
    /// # Errors
    /// As [`Bot::choose_move`].
    fn choose_move_with(
        &mut self,
        words: &[i32],
        legal: &dyn Fn() -> Vec<i32>,
    ) -> Result<Reply, Fault> {
        let _ = legal;
        self.choose_move(words)
    }

    /// [`Bot::choose_move_with`] from the referee, which hands over the position itself
    /// (read-only): a player that reads moves in the game's own notation (a person at
    /// the terminal, [`crate::human`]) parses them against it. Every other player answers
    /// from the words, as the default does.
    ///
    /// # Errors
    /// As [`Bot::choose_move`].
    fn choose_move_at(&mut self, words: &[i32], game: &dyn AnyTable) -> Result<Reply, Fault> {
        self.choose_move_with(words, &|| game.legal_moves())
    }

    /// The debug output the bot produced so far in this game (bounded), for replays.
    fn output(&self) -> String {
        String::new()
    }

    /// Complete lines of [`Bot::output`] so far: the referee notes it after each move, so
    /// that a replay can show which lines a move printed.
    fn output_lines(&self) -> usize {
        0
    }

    /// The most linear memory the bot held in this game, in bytes (0 for native bots).
    fn memory_bytes(&self) -> u64 {
        0
    }
}

/// A builtin strategy as a [`Bot`].
pub struct BuiltinBot {
    inner: Box<dyn NativeBot>,
}

impl BuiltinBot {
    /// The builtin `name` of `game`, with alphabeta's `depth` if given.
    ///
    /// # Errors
    /// The game's [`arena_games::registry::UnknownStrategy`] when it has no such strategy.
    pub fn new(
        game: &dyn GameKind,
        name: &str,
        depth: Option<u32>,
    ) -> Result<BuiltinBot, arena_games::registry::UnknownStrategy> {
        Ok(BuiltinBot {
            inner: game.builtin(name, depth)?,
        })
    }
}

impl BuiltinBot {
    /// A native bot (such as a table game's builtin) as a [`Bot`].
    pub fn from_native(inner: Box<dyn NativeBot>) -> BuiltinBot {
        BuiltinBot { inner }
    }
}

impl Bot for BuiltinBot {
    fn choose_move(&mut self, words: &[i32]) -> Result<Reply, Fault> {
        // A builtin only fails on words the referee itself wrote wrong: a harness bug,
        // reported as a trap so that the run goes on and the reason is recorded.
        let raw = self.inner.choose_move(words).map_err(|e| {
            Fault::Trap(format!(
                "builtin bot refused its state (please report): {e}"
            ))
        })?;
        Ok(Reply { raw, fuel: 0 })
    }
}

/// What a trap's reason ends with when the module keeps no function names (built with
/// `-s`, `-Wl,--strip-all` or Rust's `strip = true`), so that the trap has no place: how
/// to rebuild it to learn where. Left out when a logged `panicked at FILE:LINE` line says
/// where, and for arena's own interpreter (a Python bot's module).
pub const NO_FUNCTION_NAMES: &str = " (the module keeps no function names, so where is \
     unknown: to see the function, rebuild it with names: C/C++ without `-s` or \
     `-Wl,--strip-all`, Rust with `strip = false`)";

/// How the line starts on which arena's Python interpreter says why a move failed
/// (`bots/python/src/lib.rs`): [`Fault::explained`] shows the rest alone.
const PYTHON_FAULT: &str = "python: ";

impl Fault {
    /// The trap without [`NO_FUNCTION_NAMES`] (where the advice does not apply).
    pub fn without_names_advice(self) -> Fault {
        match self {
            Fault::Trap(what) => match what.strip_suffix(NO_FUNCTION_NAMES) {
                Some(kept) => Fault::Trap(kept.to_string()),
                None => Fault::Trap(what),
            },
            Fault::Instantiation(what) => {
                Fault::Instantiation(what.replacen(NO_FUNCTION_NAMES, "", 1))
            }
            other => other,
        }
    }

    /// The fault with the bot's own explanation attached, in a move or while
    /// instantiating: a trap gets the last line the bot logged (`output`), which for a Rust
    /// SDK bot that panicked is "panicked at FILE:LINE:COL: MESSAGE" (that line then leads
    /// the reason, the trap follows in brackets), at most [`MAX_EXPLANATION_CHARS`] of it,
    /// escaped ([`crate::bot_name::escape_message`]); a line of arena's Python interpreter
    /// (starting `python: `) replaces the trap. An illegal move (a bot returning -1 says
    /// "I cannot play this") gets the line after the referee's reason. Other faults, a
    /// fault with nothing logged, or a log cut by its cap (its last line is then not the
    /// bot's last word) are left as they are.
    pub fn explained(self, output: &str) -> Fault {
        let Some(kept) = last_log_line(output) else {
            return self;
        };
        match self {
            // arena's Python interpreter says why in Python's words (`ValueError: ...
            // (bot.py, line 3, in choose)`, the traceback above it in the log): the wasm
            // trap it ends with says nothing more to a Python student.
            Fault::Trap(_) if kept.starts_with(PYTHON_FAULT) => {
                Fault::Trap(kept[PYTHON_FAULT.len()..].to_owned())
            }
            Fault::Trap(what) => Fault::Trap(if kept.starts_with("panicked") {
                // The line says where: no advice on names.
                let what = what.strip_suffix(NO_FUNCTION_NAMES).unwrap_or(&what);
                format!("{kept} ({what})")
            } else {
                format!("{what}; the bot's last log line: {kept}")
            }),
            Fault::IllegalMove { raw, reason } => Fault::IllegalMove {
                raw,
                reason: format!("{reason}; the bot's last log line: {kept}"),
            },
            other => other,
        }
    }
}

/// The last non-empty line of a bot's log, cut to [`MAX_EXPLANATION_CHARS`] and escaped;
/// `None` when there is none or the log was cut by its cap.
fn last_log_line(output: &str) -> Option<String> {
    let line = output.lines().map(str::trim).rfind(|l| !l.is_empty())?;
    if line == TRUNCATED_MARKER {
        return None;
    }
    let mut kept: String = line.chars().take(MAX_EXPLANATION_CHARS).collect();
    if kept.len() < line.len() {
        kept.push_str("...");
    }
    Some(crate::bot_name::escape_message(&kept))
}
