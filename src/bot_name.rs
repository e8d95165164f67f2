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
//!
//! A bot's name ([`BotName`]) is also kept from starting a spreadsheet formula: it lands
//! in CSV cells (`grades.csv`, `standings.csv`, ...) that Excel and LibreOffice evaluate
//! when a cell begins with `=`, `+`, `-` or `@` (OWASP "CSV injection"), so such a first
//! character is written as an escape too ([`escape_formula_start`]): `=cmd` is the bot
//! `\x3dcmd`, `-ana` the bot `\x2dana`. A first tab or carriage return is already `\t`,
//! `\r`. The name stays one-to-one and is the same text in every file, so the files
//! arena reads back (`games.csv`, `grades.csv`) match it exactly; no cell is prefixed
//! on writing.

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
        BotName(escape_formula_start(escape_os(raw)))
    }

    /// The name for text typed by a person (a builtin's `builtin:NAME`).
    pub fn from_text(text: &str) -> BotName {
        BotName(escape_formula_start(escape_text(text)))
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

/// The first characters that make a spreadsheet read a CSV cell as a formula (OWASP "CSV
/// injection"), with the full-width forms some locales read alike. Tab and carriage return
/// are on OWASP's list too, but [`escape_os`] and [`escape_text`] already write them `\t`
/// and `\r`.
const FORMULA_START: [char; 8] = [
    '=', '+', '-', '@', '\u{ff1d}', '\u{ff0b}', '\u{ff0d}', '\u{ff20}',
];

/// A name already escaped by [`escape_os`] or [`escape_text`], with a first character
/// that would start a spreadsheet formula (`=`, `+`, `-`, `@` or a full-width form of
/// one) written as an escape: `\x3d`, `\x2b`, `\x2d`, `\x40`, `\u{ff1d}`, ... Still one
/// to one, since an escaped name holds a `\` only as the start of an escape; every other
/// name is returned unchanged (a `-` inside a name stays a `-`).
pub fn escape_formula_start(mut escaped: String) -> String {
    match escaped.chars().next() {
        Some(c) if FORMULA_START.contains(&c) => {
            let code = if c.is_ascii() {
                format!("\\x{:02x}", c as u32)
            } else {
                format!("\\u{{{:x}}}", c as u32)
            };
            escaped.replace_range(..c.len_utf8(), &code);
            escaped
        }
        _ => escaped,
    }
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
    #[test]
    fn a_name_never_starts_a_spreadsheet_formula() {
        let name = |b: &[u8]| BotName::from_os(os(b)).into_string();
        assert_eq!(name(b"=HYPERLINK(\"x\")"), "\\x3dHYPERLINK(\"x\")");
        assert_eq!(name(b"+cmd"), "\\x2bcmd");
        assert_eq!(name(b"-ana"), "\\x2dana");
        assert_eq!(name(b"@sum"), "\\x40sum");
        assert_eq!(name(b"\tx"), "\\tx");
        assert_eq!(name(b"\r=x"), "\\r=x");
        assert_eq!(name("\u{ff1d}1".as_bytes()), "\\u{ff1d}1");
        assert_eq!(BotName::from_text("=x").as_str(), "\\x3dx");
        // Normal names, and these characters inside a name, are unchanged.
        for same in [
            "ana",
            "ana-2",
            "a_b.v2",
            "x=y",
            "Ana Petrova",
            "builtin:greedy",
        ] {
            assert_eq!(name(same.as_bytes()), same);
        }
        // One to one: the escape differs from a name that spells it out.
        assert_ne!(name(b"=x"), name(b"\\x3dx"));
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

        #[test]
        fn bot_names_are_one_to_one_and_never_start_a_formula(
            a in proptest::collection::vec(any::<u8>(), 0..12),
            b in proptest::collection::vec(any::<u8>(), 0..12),
        ) {
            let (na, nb) = (BotName::from_os(os(&a)), BotName::from_os(os(&b)));
            let first = na.as_str().chars().next();
            prop_assert!(!first.is_some_and(|c| FORMULA_START.contains(&c) || c.is_control()), "{na:?}");
            if a != b {
                prop_assert_ne!(na, nb);
            }
        }
    }
}
