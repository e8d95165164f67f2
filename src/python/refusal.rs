//! The reason a script did not load, in arena's own words.
//!
//! The interpreter logs why `arena_py_load` refused a script (`bots/python/src/lib.rs`),
//! on a line starting with [`LOAD_MARKER`]: RustPython's syntax error, which quotes the
//! token it choked on (`Got unexpected token 'hunter2'`), or the exception the top level
//! raised, whose message quotes names and values of the script (`NameError: name
//! 'hunter2' is not defined`). A file handed in as `.py` may be anything (a credentials
//! file), and the reason is written into every results file, so none of those words is
//! passed on: the reason keeps the kind of problem, in fixed words chosen from the tables
//! below, and where it is (the line and column of a syntax error, the line of the script
//! an exception came from), never a word of the script or of a message that may quote
//! it. A refused import names the module only when it is one of [`modules::REFUSED`] or
//! offered, with the reason of that table (the interpreter's guard reads the same file).

/// The modules a script may import and why the others are refused: the interpreter's own
/// table, shared so that both say the same.
#[allow(dead_code)]
mod modules {
    include!("../../bots/python/src/modules.rs");
}

/// How the interpreter's reason line starts (`bots/python/src/lib.rs`).
const LOAD_MARKER: &str = "arena-python: ";

/// RustPython's syntax and compile errors, by how their message starts, with the words
/// arena reports them in. The first match counts; anything else is "a syntax error".
const SYNTAX: &[(&str, &str)] = &[
    ("invalid syntax", "invalid syntax"),
    ("Got unexpected token", "invalid syntax"),
    ("Got extraneous token", "invalid syntax"),
    ("Got invalid token", "invalid syntax"),
    ("Got unexpected EOF", "unexpected end of file"),
    ("unexpected EOF while parsing", "unexpected end of file"),
    ("unexpected indent", "unexpected indent"),
    ("expected an indented block", "expected an indented block"),
    (
        "unindent does not match any outer indentation level",
        "unindent does not match any outer indentation level",
    ),
    (
        "inconsistent use of tabs and spaces in indentation",
        "inconsistent use of tabs and spaces in indentation",
    ),
    (
        "Tabs not allowed as part of indentation after spaces",
        "tabs after spaces in indentation",
    ),
    (
        "EOL while scanning string literal",
        "a string literal not closed on its line",
    ),
    ("Got unexpected string", "a malformed string literal"),
    (
        "Got unexpected unicode",
        "a malformed escape sequence in a string literal",
    ),
    ("Got unexpected nesting", "unbalanced brackets"),
    ("f-string:", "a malformed f-string"),
    ("ParseBigIntError", "a malformed number"),
    (
        "non-default argument follows default argument",
        "non-default argument follows default argument",
    ),
    (
        "positional argument follows keyword argument",
        "positional argument follows keyword argument",
    ),
    (
        "iterable argument unpacking follows keyword argument unpacking",
        "iterable argument unpacking follows keyword argument unpacking",
    ),
    (
        "duplicate argument",
        "a duplicate argument name in a function definition",
    ),
    ("keyword argument repeated", "a repeated keyword argument"),
    (
        "unexpected character after line continuation character",
        "unexpected character after line continuation character",
    ),
    ("'return' outside function", "'return' outside function"),
    (
        "'return' with value inside async generator",
        "'return' with value inside async generator",
    ),
    ("'yield' outside function", "'yield' outside function"),
    (
        "'yield from' outside function",
        "'yield from' outside function",
    ),
    (
        "'yield from' inside async function",
        "'yield from' inside async function",
    ),
    ("'await' outside", "'await' outside async function"),
    ("'break' outside loop", "'break' outside loop"),
    ("'continue'", "'continue' outside loop"),
    (
        "cannot assign to",
        "an assignment to something that cannot be assigned to",
    ),
    (
        "cannot delete",
        "a deletion of something that cannot be deleted",
    ),
    (
        "two starred expressions in assignment",
        "two starred expressions in assignment",
    ),
    (
        "cannot use starred expression here",
        "cannot use starred expression here",
    ),
    (
        "starred assignment target must be in a list or tuple",
        "starred assignment target must be in a list or tuple",
    ),
    (
        "too many expressions in star-unpacking assignment",
        "too many expressions in star-unpacking assignment",
    ),
    (
        "from __future__ imports must occur at the beginning of the file",
        "from __future__ imports must occur at the beginning of the file",
    ),
    ("future feature", "an unknown __future__ feature"),
    (
        "import * only allowed at module level",
        "import * only allowed at module level",
    ),
    (
        "cannot define nonlocal",
        "a nonlocal declaration at the top level",
    ),
    ("name '", "a misplaced global or nonlocal declaration"),
    (
        "no binding for nonlocal",
        "a misplaced global or nonlocal declaration",
    ),
];

/// Python's built-in exception classes: an exception of another class (one the script
/// defines, whose name is the script's) is reported without its name.
const EXCEPTIONS: &[&str] = &[
    "ArithmeticError",
    "AssertionError",
    "AttributeError",
    "BaseException",
    "BlockingIOError",
    "BufferError",
    "EOFError",
    "Exception",
    "FileNotFoundError",
    "FloatingPointError",
    "GeneratorExit",
    "ImportError",
    "IndentationError",
    "IndexError",
    "KeyError",
    "KeyboardInterrupt",
    "LookupError",
    "MemoryError",
    "ModuleNotFoundError",
    "NameError",
    "NotImplementedError",
    "OSError",
    "OverflowError",
    "PermissionError",
    "RecursionError",
    "ReferenceError",
    "RuntimeError",
    "StopAsyncIteration",
    "StopIteration",
    "SyntaxError",
    "SystemError",
    "SystemExit",
    "TabError",
    "TypeError",
    "UnboundLocalError",
    "UnicodeDecodeError",
    "UnicodeEncodeError",
    "UnicodeError",
    "UnicodeTranslateError",
    "ValueError",
    "ZeroDivisionError",
];

/// Why the script named `name` (its file name) did not load, in arena's words, from the
/// interpreter's log of the refused load (`log`: what the script's top level printed,
/// then the interpreter's reason). Never quotes the script: see the module
/// documentation.
pub fn load_refusal(name: &str, log: &str) -> String {
    let shown = crate::bot_name::escape_message(name);
    let lines: Vec<&str> = log.lines().collect();
    // The interpreter's reason is logged last; what the top level printed comes before.
    let Some(at) = lines.iter().rposition(|l| l.starts_with(LOAD_MARKER)) else {
        return format!("{shown} did not load (the interpreter gave no reason)");
    };
    let line = &lines[at][LOAD_MARKER.len()..];
    if let Some(error) = line.strip_prefix("does not compile: ") {
        return compile_error(&shown, error);
    }
    if line.starts_with("raised ") {
        return exception(name, &shown, &lines[at + 1..]);
    }
    if line.starts_with("`choose` is not a function") {
        return format!("{shown}: `choose` is not a function (def choose(state): ...)");
    }
    if line.starts_with("defines no `choose` function") {
        return format!("{shown} defines no `choose` function (def choose(state): ...)");
    }
    if line.starts_with("the script is not UTF-8") {
        return format!("{shown} is not UTF-8 text");
    }
    format!("{shown} did not load (the interpreter gave no reason)")
}

/// `NAME does not compile: KIND at line L, column C` for RustPython's `MESSAGE at row L
/// col C`.
fn compile_error(shown: &str, error: &str) -> String {
    let (message, at) = match error.rsplit_once(" at row ") {
        Some((message, at)) => (message, row_col(at)),
        None => (error, None),
    };
    let kind = SYNTAX
        .iter()
        .find(|(start, _)| message.starts_with(start))
        .map_or("a syntax error", |(_, words)| words);
    match at {
        Some((row, col)) => {
            format!("{shown} does not compile: {kind} at line {row}, column {col}")
        }
        None => format!("{shown} does not compile: {kind}"),
    }
}

/// The numbers of `L col C`, the whole text.
fn row_col(text: &str) -> Option<(u32, u32)> {
    let (row, col) = text.split_once(" col ")?;
    Some((row.parse().ok()?, col.parse().ok()?))
}

/// `NAME raised CLASS at line L` from the traceback the interpreter logged after its
/// first line (`Traceback (most recent call last):`, `  File "NAME", line L, in F`
/// lines, then `CLASS: MESSAGE`; an exception raised while handling another comes last).
fn exception(name: &str, shown: &str, traceback: &[&str]) -> String {
    let start = traceback
        .iter()
        .rposition(|l| l.trim_end() == "Traceback (most recent call last):")
        .map_or(0, |i| i + 1);
    let frame = format!("File \"{name}\", line ");
    let mut line = None;
    let mut last = None;
    for text in &traceback[start..] {
        if text.starts_with(' ') {
            if let Some(n) = text
                .trim_start()
                .strip_prefix(&frame)
                .and_then(|rest| rest.split(',').next())
                .and_then(|n| n.parse::<u32>().ok())
            {
                line = Some(n);
            }
            continue;
        }
        last = Some(*text);
        break;
    }
    let last = last.unwrap_or("");
    let (class, message) = last.split_once(':').unwrap_or((last, ""));
    let class = class.trim();
    let known = EXCEPTIONS.iter().find(|&&e| e == class);
    let what = match known {
        Some(class) => (*class).to_string(),
        None => "an exception of a class it defines".to_string(),
    };
    let at = line.map(|n| format!(" at line {n}")).unwrap_or_default();
    let import =
        known == Some(&"ImportError") && message.trim_start().starts_with("arena: module '");
    if import {
        return format!(
            "{shown} raised ImportError{at}: {}",
            refused_module(message)
        );
    }
    format!("{shown} raised {what}{at}")
}

/// What the guard's message (`arena: module 'NAME' is not available ...`) says, in
/// arena's words: `module `NAME` is not available to a Python bot: REASON (offered:
/// ...)` for a module arena knows ([`modules::REFUSED`]: the reason is that table's,
/// never the message's), `a module that is not available ...` for any other name (its
/// name is the script's).
fn refused_module(message: &str) -> String {
    let name = message
        .trim_start()
        .strip_prefix("arena: module '")
        .and_then(|rest| rest.split('\'').next())
        .map(|name| name.split('.').next().unwrap_or(name));
    let known = name.and_then(|n| {
        modules::REFUSED
            .iter()
            .map(|(m, _)| *m)
            .chain(modules::OFFERED.iter().copied())
            .find(|&m| m == n)
    });
    let offered = modules::offered_list();
    match known {
        Some(module) => format!(
            "module `{module}` is not available to a Python bot: {} (offered: {offered})",
            modules::refusal_reason(module)
        ),
        None => format!(
            "a module that is not available to a Python bot: {} (offered: {offered})",
            modules::NOT_OFFERED
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The refusal of `bot.py` for `log`.
    fn refusal(log: &str) -> String {
        load_refusal("bot.py", log)
    }

    #[test]
    fn a_syntax_error_keeps_its_kind_and_place_never_the_token() {
        assert_eq!(
            refusal(
                "arena-python: does not compile: invalid syntax. Got unexpected token 'hunter2' \
                 at row 2 col 20\n"
            ),
            "bot.py does not compile: invalid syntax at line 2, column 20"
        );
        assert_eq!(
            refusal("arena-python: does not compile: duplicate argument 'hunter2' in function definition at row 1 col 10"),
            "bot.py does not compile: a duplicate argument name in a function definition \
             at line 1, column 10"
        );
        assert_eq!(
            refusal("arena-python: does not compile: name 'hunter2' is parameter and global at row 2 col 3"),
            "bot.py does not compile: a misplaced global or nonlocal declaration at line 2, column 3"
        );
        // A message arena does not know: the kind is not guessed, the place is kept.
        assert_eq!(
            refusal("arena-python: does not compile: hunter2 went wrong at row 4 col 1"),
            "bot.py does not compile: a syntax error at line 4, column 1"
        );
        // A token that looks like a place does not move the place.
        assert_eq!(
            refusal(
                "arena-python: does not compile: Got unexpected token at row 9 col 9 at row 1 col 2"
            ),
            "bot.py does not compile: invalid syntax at line 1, column 2"
        );
        assert_eq!(
            refusal("arena-python: does not compile: hunter2"),
            "bot.py does not compile: a syntax error"
        );
    }

    #[test]
    fn the_script_is_called_by_its_file_name() {
        let log = "arena-python: raised NameError: name 'x' is not defined\n\
                   Traceback (most recent call last):\n  File \"alice.py\", line 5, in <module>\n\
                   NameError: name 'x' is not defined\n";
        assert_eq!(
            load_refusal("alice.py", log),
            "alice.py raised NameError at line 5"
        );
        // A frame of another file is not the script's line.
        assert_eq!(load_refusal("bob.py", log), "bob.py raised NameError");
        // The name is shown escaped, as every name is.
        assert_eq!(
            load_refusal(
                "a\u{202e}.py",
                "arena-python: defines no `choose` function\n"
            ),
            "a\\u{202e}.py defines no `choose` function (def choose(state): ...)"
        );
    }

    #[test]
    fn an_exception_keeps_its_builtin_class_and_line_never_its_message() {
        let log =
            "hunter2 printed\narena-python: raised NameError: name 'hunter2' is not defined\n\
                   Traceback (most recent call last):\n  File \"bot.py\", line 5, in <module>\n  \
                   File \"bot.py\", line 2, in hunter2\nNameError: name 'hunter2' is not defined\n";
        assert_eq!(refusal(log), "bot.py raised NameError at line 2");
        // Chained: the exception raised last counts, its message (with a forged frame) not.
        let log =
            "arena-python: raised File \"bot.py\", line 99\nTraceback (most recent call last):\n  \
                   File \"bot.py\", line 5, in <module>\nNameError: name 'x' is not defined\n\n\
                   During handling of the above exception, another exception occurred:\n\n\
                   Traceback (most recent call last):\n  File \"bot.py\", line 7, in <module>\n\
                   ValueError: hunter2\nFile \"bot.py\", line 99\n";
        assert_eq!(refusal(log), "bot.py raised ValueError at line 7");
        let log = "arena-python: raised hunter2: a\nTraceback (most recent call last):\n  \
                   File \"bot.py\", line 2, in <module>\nhunter2: a\n";
        assert_eq!(
            refusal(log),
            "bot.py raised an exception of a class it defines at line 2"
        );
    }

    #[test]
    fn a_refused_import_gives_the_reason_of_that_module() {
        let log = |name: &str| {
            format!(
                "arena-python: raised ImportError: arena: module '{name}' is not available\n\
                 Traceback (most recent call last):\n  File \"bot.py\", line 3, in <module>\n\
                 ImportError: arena: module '{name}' is not available to a Python bot: hunter2\n"
            )
        };
        let offered = modules::offered_list();
        assert!(offered.contains("math, operator, random"), "{offered}");
        assert_eq!(
            refusal(&log("os.path")),
            format!(
                "bot.py raised ImportError at line 3: module `os` is not available to a \
                 Python bot: it reads and writes files, and a bot has none; keep what a bot \
                 must remember in module globals (offered: {offered})"
            )
        );
        assert_eq!(
            refusal(&log("time")),
            format!(
                "bot.py raised ImportError at line 3: module `time` is not available to a \
                 Python bot: it reads the clock, and a bot's moves must not depend on time \
                 (a move's budget is fuel, not seconds) (offered: {offered})"
            )
        );
        assert!(refusal(&log("numpy")).contains("it is a package, not part of Python's"));
        assert_eq!(
            refusal(&log("hunter2")),
            format!(
                "bot.py raised ImportError at line 3: a module that is not available to a \
                 Python bot: it is not one of the modules arena's interpreter offers \
                 (offered: {offered})"
            )
        );
    }

    #[test]
    fn every_refused_module_has_a_reason_and_none_is_offered() {
        for (module, reason) in modules::REFUSED {
            assert!(
                !modules::is_offered(module),
                "{module} is offered and refused"
            );
            assert!(!reason.is_empty());
            assert_eq!(modules::refusal_reason(module), *reason);
        }
        for module in [
            "math",
            "random",
            "collections",
            "heapq",
            "itertools",
            "functools",
        ] {
            assert!(modules::is_offered(module), "{module}");
        }
        assert!(modules::is_offered("typing") && modules::is_offered("dataclasses"));
    }

    #[test]
    fn what_the_top_level_printed_is_never_the_reason() {
        assert_eq!(
            refusal("hunter2\narena-python: defines no `choose` function\n"),
            "bot.py defines no `choose` function (def choose(state): ...)"
        );
        assert_eq!(
            refusal("hunter2\n"),
            "bot.py did not load (the interpreter gave no reason)"
        );
        assert_eq!(
            refusal("arena-python: the script is not UTF-8 text\n"),
            "bot.py is not UTF-8 text"
        );
    }
}
