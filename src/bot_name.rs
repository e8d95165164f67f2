//! Names that come from file names are data: escaped before they reach a results file or
//! a terminal.
//!
//! A file name may hold a newline, an escape sequence or bytes that are not UTF-8. Such a
//! name must not split a CSV row or a replay line, recolour or clear the instructor's
//! terminal, or abort a run. Every name arena shows is therefore escaped visibly:
//!
//! | in the name | written as |
//! |---|---|
//! | `\` | `\\` |
//! | newline, carriage return, tab | `\n`, `\r`, `\t` |
//! | another ASCII control character (ESC, DEL, ...) | `\x1b`, `\x7f`, ... |
//! | another control or bidirectional-formatting character (U+0085, U+202E, ...) | `\u{85}`, `\u{202e}` |
//! | a byte that is not part of valid UTF-8 | `\xff` |
//!
//! Everything else is kept as it is (letters of any script, spaces, punctuation). The
//! escaping is one-to-one, so two different file names never get the same escaped name.

use std::ffi::OsStr;
use std::fmt::{self, Write as _};
use std::path::Path;

/// A bot's name in every results file and on the terminal: escaped as the module
/// documentation says, never empty.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct BotName(String);

impl BotName {
    /// The name for raw bytes of a file or folder name.
    pub fn from_os(raw: &OsStr) -> BotName {
        BotName(escape_os(raw))
    }

    /// The name for text typed by a person (a builtin's `builtin:NAME`).
    pub fn from_text(text: &str) -> BotName {
        BotName(escape_text(text))
    }

    /// A name already escaped by this module: one read back from a results file
    /// (`tournament.json`'s `name`), which must not be escaped a second time.
    pub fn from_escaped(escaped: String) -> BotName {
        BotName(escaped)
    }

    /// The escaped name.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The escaped name, owned.
    pub fn into_string(self) -> String {
        self.0
    }
}

impl fmt::Display for BotName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Whether `c` is written as an escape: controls, and the invisible characters that
/// reorder or hide text (bidirectional marks, embeddings, overrides and isolates, zero
/// widths, the byte-order mark).
fn needs_escape(c: char) -> bool {
    c.is_control() || is_invisible(c)
}

/// Whether `c` is one of the invisible characters that reorder or hide text (bidirectional
/// marks, embeddings, overrides and isolates, zero widths, the byte-order mark).
pub fn is_invisible(c: char) -> bool {
    matches!(c,
        '\u{061c}' | '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}'
        | '\u{2060}'..='\u{2069}' | '\u{feff}')
}

/// Appends `text` to `out`, escaped (backslashes doubled when `backslash`).
fn push_escaped(out: &mut String, text: &str, backslash: bool) {
    for c in text.chars() {
        match c {
            '\\' if backslash => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_ascii() && needs_escape(c) => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c if needs_escape(c) => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
}

/// `text` escaped, one-to-one: for names typed by a person.
pub fn escape_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    push_escaped(&mut out, text, true);
    out
}

/// A message that may quote something from outside (a module's import names, a file
/// name) with its control and invisible characters escaped, backslashes kept: safe for
/// a terminal, a CSV cell or a replay line.
pub fn escape_message(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    push_escaped(&mut out, text, false);
    out
}

/// The raw bytes of a file name, escaped (invalid UTF-8 as `\xNN`).
pub fn escape_os(raw: &OsStr) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let mut out = String::with_capacity(raw.len());
        for chunk in raw.as_bytes().utf8_chunks() {
            push_escaped(&mut out, chunk.valid(), true);
            for b in chunk.invalid() {
                let _ = write!(out, "\\x{b:02x}");
            }
        }
        out
    }
    #[cfg(not(unix))]
    {
        escape_text(&raw.to_string_lossy())
    }
}

/// A path, escaped for display.
pub fn escape_path(path: &Path) -> String {
    escape_os(path.as_os_str())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[cfg(unix)]
    fn os(bytes: &[u8]) -> &OsStr {
        use std::os::unix::ffi::OsStrExt;
        OsStr::from_bytes(bytes)
    }

    #[cfg(unix)]
    #[test]
    fn controls_and_invalid_bytes_are_escaped_visibly() {
        assert_eq!(escape_os(os(b"ana")), "ana");
        assert_eq!(
            escape_os(os("Ana Petrova-Łukasz".as_bytes())),
            "Ana Petrova-Łukasz"
        );
        assert_eq!(escape_os(os(b"a\nb")), "a\\nb");
        assert_eq!(escape_os(os(b"red\x1b[31m")), "red\\x1b[31m");
        assert_eq!(escape_os(os(b"ra\xffnd")), "ra\\xffnd");
        assert_eq!(escape_os(os(b"back\\slash")), "back\\\\slash");
        assert_eq!(escape_text("evil\u{202e}txt.wasm"), "evil\\u{202e}txt.wasm");
        assert_eq!(escape_text("next\u{85}line"), "next\\u{85}line");
        assert_eq!(BotName::from_os(os(b"x\ty")).as_str(), "x\\ty");
        assert_eq!(escape_message("no `\\0asm`\x1b[2J"), "no `\\0asm`\\x1b[2J");
    }

    #[cfg(unix)]
    proptest! {
        #[test]
        fn escaping_is_one_to_one_and_printable(
            a in proptest::collection::vec(any::<u8>(), 0..12),
            b in proptest::collection::vec(any::<u8>(), 0..12),
        ) {
            let (ea, eb) = (escape_os(os(&a)), escape_os(os(&b)));
            prop_assert!(!ea.chars().any(needs_escape), "{ea:?}");
            if a != b {
                prop_assert_ne!(ea, eb);
            }
        }
    }
}
