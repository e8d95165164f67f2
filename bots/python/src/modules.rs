// The modules a bot's script may import, and why every other one is refused. Plain data,
// included by the interpreter (bots/python/src/guard.rs: the import guard) and by arena
// (src/python/refusal.rs: the reason a script that does not load is given), so that both
// say the same words. docs/PYTHON.md lists them: keep the three in step.

/// The modules a script may import, as `import` names them. They touch no file, no clock
/// and no host randomness (`random` is seeded from the game's bot seed).
pub const OFFERED: &[&str] = &[
    "__future__",
    "abc",
    "bisect",
    "collections",
    "collections.abc",
    "contextlib",
    "copy",
    "dataclasses",
    "enum",
    "functools",
    "heapq",
    "itertools",
    "keyword",
    "math",
    "operator",
    "random",
    "re",
    "string",
    "types",
    "typing",
    "_collections",
    "_functools",
    "_operator",
    "_string",
];

/// Why a module of Python's standard library (or a package students often reach for) is
/// refused, by its top-level name: the reason is true for that module. A name not listed
/// gets [`NOT_OFFERED`].
pub const REFUSED: &[(&str, &str)] = &[
    ("os", FILES),
    ("posix", FILES),
    ("nt", FILES),
    ("io", FILES),
    ("_io", FILES),
    ("pathlib", FILES),
    ("shutil", FILES),
    ("glob", FILES),
    ("tempfile", FILES),
    ("fileinput", FILES),
    ("pickle", FILES),
    ("shelve", FILES),
    ("sqlite3", FILES),
    ("csv", FILES),
    ("logging", "it writes to files and reads the clock; print() writes to the bot's log"),
    ("sys", "it is the interpreter's own state (arguments, paths, standard streams), which a bot does not get; everything a bot knows comes in `state`"),
    ("time", CLOCK),
    ("datetime", CLOCK),
    ("calendar", CLOCK),
    ("timeit", CLOCK),
    ("secrets", "it draws the host's randomness; use `random`, which is seeded from the game's bot seed"),
    ("uuid", "it reads the host's randomness and clock; use `random`, which is seeded from the game's bot seed"),
    ("threading", THREADS),
    ("_thread", THREADS),
    ("multiprocessing", THREADS),
    ("concurrent", THREADS),
    ("asyncio", THREADS),
    ("subprocess", THREADS),
    ("signal", THREADS),
    ("socket", NETWORK),
    ("ssl", NETWORK),
    ("select", NETWORK),
    ("http", NETWORK),
    ("urllib", NETWORK),
    ("requests", NETWORK),
    ("gc", INTERNALS),
    ("inspect", INTERNALS),
    ("importlib", INTERNALS),
    ("imp", INTERNALS),
    ("_imp", INTERNALS),
    ("marshal", INTERNALS),
    ("ctypes", INTERNALS),
    ("builtins", "its names are already every script's: use them without an import"),
    ("numpy", PACKAGE),
    ("scipy", PACKAGE),
    ("pandas", PACKAGE),
    ("sympy", PACKAGE),
    ("networkx", PACKAGE),
    ("statistics", NOT_INCLUDED),
    ("fractions", NOT_INCLUDED),
    ("decimal", NOT_INCLUDED),
    ("json", NOT_INCLUDED),
    ("array", NOT_INCLUDED),
    ("struct", NOT_INCLUDED),
    ("cmath", NOT_INCLUDED),
    ("hashlib", NOT_INCLUDED),
    ("queue", NOT_INCLUDED),
    ("pprint", NOT_INCLUDED),
    ("textwrap", NOT_INCLUDED),
    ("traceback", NOT_INCLUDED),
    ("unicodedata", NOT_INCLUDED),
];

/// The reason of a module that reads or writes files.
const FILES: &str = "it reads and writes files, and a bot has none; keep what a bot must remember in module globals";
/// The reason of a module that reads the clock.
const CLOCK: &str = "it reads the clock, and a bot's moves must not depend on time (a move's budget is fuel, not seconds)";
/// The reason of a module that starts threads, processes or waits for signals.
const THREADS: &str = "a bot runs on one thread, with no processes or signals";
/// The reason of a network module.
const NETWORK: &str = "a bot has no network";
/// The reason of a module that reaches into the interpreter itself.
const INTERNALS: &str = "it reaches into the interpreter itself, which runs the bot";
/// The reason of a third-party package.
const PACKAGE: &str = "it is a package, not part of Python's standard library; arena's interpreter has only the modules listed";
/// The reason of a harmless standard module that arena's interpreter does not carry.
const NOT_INCLUDED: &str = "arena's interpreter does not carry it, to stay small";
/// The reason of any other name.
pub const NOT_OFFERED: &str = "it is not one of the modules arena's interpreter offers";

/// Whether a script may import `name` (`collections.abc`, `math`, ...).
pub fn is_offered(name: &str) -> bool {
    OFFERED.contains(&name)
}

/// The reason `name` is refused: the entry of its top-level name in [`REFUSED`], or
/// [`NOT_OFFERED`].
pub fn refusal_reason(name: &str) -> &'static str {
    let top = name.split('.').next().unwrap_or(name);
    REFUSED
        .iter()
        .find(|(module, _)| *module == top)
        .map_or(NOT_OFFERED, |(_, why)| why)
}

/// The offered modules a student is told about: [`OFFERED`] without the interpreter's
/// own `_name` modules and submodules.
pub fn offered_list() -> String {
    OFFERED
        .iter()
        .filter(|m| !m.starts_with('_') && !m.contains('.'))
        .copied()
        .collect::<Vec<_>>()
        .join(", ")
}
