//! What a module holds, as arena's messages show it: the names it declares (its imports',
//! its functions') and what wasmtime and wasmparser say about it. A module is hostile: no
//! message echoes more of it than a short excerpt, and none lets it write to the terminal
//! (a newline that forges a line of output, an escape sequence, a bidirectional override).

use crate::bot_name::escape_message;

/// The most characters of a wasmtime or wasmparser message about a module that arena
/// shows (after escaping); a longer message is cut and ends in `…`.
pub(crate) const MAX_MESSAGE_CHARS: usize = 300;

/// The most characters of a name from a module (an import's, a function's) that arena
/// shows (after escaping); a longer name is cut and ends in `…`.
pub(crate) const MAX_NAME_CHARS: usize = 48;

/// A name the module declares (an import's module or field name, a function's name from
/// its name section), as messages quote it: control and invisible characters escaped
/// ([`escape_message`]), at most [`MAX_NAME_CHARS`] characters, a longer one cut with `…`.
pub(crate) fn name(raw: &str) -> String {
    escaped_within(raw, MAX_NAME_CHARS)
}

/// A message raised while a module ran (a host function's error, which may carry what
/// the bot passed it): escaped ([`escape_message`]) and cut at [`MAX_MESSAGE_CHARS`]
/// characters, ending in `…`.
pub(crate) fn run_message(raw: &str) -> String {
    escaped_within(raw, MAX_MESSAGE_CHARS)
}

/// wasmtime's or wasmparser's message about a module (a validation, compile or link
/// error), in words that quote nothing of it:
///
/// - what they quote between backticks (the export, import or function name a message is
///   about: ``duplicate export name `NAME` already defined``) is left out and replaced by
///   its size, `(6 bytes not shown)`. The quote runs from the first backtick to the last,
///   so that a backtick inside a name cannot end it early; an unpaired backtick hides the
///   rest of the message;
/// - the name wasmtime appends to a function's symbol (`wasm[0]::function[3]::NAME`) is
///   left out (the index names the function);
/// - control and invisible characters are escaped (a newline as `\n`), and the message
///   is cut at [`MAX_MESSAGE_CHARS`] characters, ending in `…`, whatever else it quotes.
pub(crate) fn compiler_message(raw: &str) -> String {
    let raw = without_symbol_names(raw);
    let words = match (raw.find('`'), raw.rfind('`')) {
        (Some(first), Some(last)) => {
            let hidden = if last > first {
                last - first - 1
            } else {
                raw.len() - first - 1
            };
            let after = if last > first { &raw[last + 1..] } else { "" };
            let unit = if hidden == 1 { "byte" } else { "bytes" };
            format!("{}({hidden} {unit} not shown){after}", &raw[..first])
        }
        _ => raw,
    };
    escaped_within(&words, MAX_MESSAGE_CHARS)
}

/// `raw` without the names wasmtime appends to function symbols: every
/// `::function[N]::NAME` becomes `::function[N]` (a symbol's name is ASCII without
/// spaces, so it ends at white space; a `:` ending it is the message's own).
fn without_symbol_names(raw: &str) -> String {
    const MARK: &str = "::function[";
    let mut out = String::with_capacity(raw.len());
    let mut rest = raw;
    while let Some(at) = rest.find(MARK) {
        let after_mark = &rest[at + MARK.len()..];
        let digits = after_mark.len()
            - after_mark
                .trim_start_matches(|c: char| c.is_ascii_digit())
                .len();
        let symbol_end = at + MARK.len() + digits;
        out.push_str(&rest[..symbol_end]);
        rest = &rest[symbol_end..];
        if digits > 0 {
            if let Some(named) = rest.strip_prefix("]::") {
                out.push(']');
                let name_len = named.find(char::is_whitespace).unwrap_or(named.len());
                let name = &named[..name_len];
                if name.ends_with(':') {
                    out.push(':');
                }
                rest = &named[name_len..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// `text` escaped ([`escape_message`]) and cut to at most `max_chars` characters, a cut
/// one ending in `…` (never inside an escape).
fn escaped_within(text: &str, max_chars: usize) -> String {
    let mut out = String::new();
    let mut count = 0;
    let mut buf = [0u8; 4];
    for c in text.chars() {
        let piece = escape_message(c.encode_utf8(&mut buf));
        let n = piece.chars().count();
        if count + n > max_chars {
            out.push('…');
            break;
        }
        out.push_str(&piece);
        count += n;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_message_is_escaped_and_cut_short() {
        let raw = format!("bad\nline `{}`", "x".repeat(1000));
        let shown = run_message(&raw);
        assert!(shown.starts_with("bad\\nline `xxx"), "{shown}");
        assert!(!shown.contains('\n'));
        assert!(shown.ends_with('…'));
        assert_eq!(shown.chars().count(), MAX_MESSAGE_CHARS + 1);
        assert_eq!(run_message("plain"), "plain");
    }

    #[test]
    fn quoted_names_are_left_out_and_sized() {
        let name = format!("SECRET{}", "X".repeat(3000));
        let raw = format!("duplicate export name `{name}` already defined (at offset 0x34)");
        assert_eq!(
            compiler_message(&raw),
            "duplicate export name (3006 bytes not shown) already defined (at offset 0x34)"
        );
        assert_eq!(
            compiler_message("unknown import: `a::b` has not been defined"),
            "unknown import: (4 bytes not shown) has not been defined"
        );
        // A backtick inside the name does not end the quote.
        assert_eq!(
            compiler_message("duplicate export name `a`SECRET` already defined"),
            "duplicate export name (8 bytes not shown) already defined"
        );
        // An unpaired backtick hides the rest.
        assert_eq!(
            compiler_message("duplicate export name `SECRET"),
            "duplicate export name (6 bytes not shown)"
        );
        assert_eq!(compiler_message("type mismatch"), "type mismatch");
    }

    #[test]
    fn function_symbols_lose_their_names() {
        assert_eq!(
            compiler_message(
                "failed to compile: wasm[0]::function[3]::SECRET:name: WebAssembly translation error"
            ),
            "failed to compile: wasm[0]::function[3]: WebAssembly translation error"
        );
        assert_eq!(
            compiler_message("failed to compile: wasm[0]::function[12]::SECRET"),
            "failed to compile: wasm[0]::function[12]"
        );
        assert_eq!(
            compiler_message("wasm[0]::function[3]: no name"),
            "wasm[0]::function[3]: no name"
        );
    }

    #[test]
    fn any_message_is_escaped_and_bounded() {
        let raw = format!("a\nFORGED\x1b[2J\u{202e} {}", "y".repeat(1000));
        let shown = compiler_message(&raw);
        assert!(
            shown.starts_with("a\\nFORGED\\x1b[2J\\u{202e} y"),
            "{shown}"
        );
        assert!(shown.ends_with('…'), "{shown}");
        assert_eq!(shown.chars().count(), MAX_MESSAGE_CHARS + 1);
        assert!(!shown.chars().any(|c| c.is_control()), "{shown}");
    }

    #[test]
    fn names_are_escaped_and_cut_short() {
        assert_eq!(name("env"), "env");
        assert_eq!(name("a\nFORGED"), "a\\nFORGED");
        let long = name(&"S".repeat(3000));
        assert_eq!(long, format!("{}…", "S".repeat(MAX_NAME_CHARS)));
        // Never inside an escape.
        let escapes = name(&"\n".repeat(100));
        assert_eq!(escapes, format!("{}…", "\\n".repeat(MAX_NAME_CHARS / 2)));
    }
}
