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
//! | another control character, or an invisible one: a format character (Unicode category Cf: U+202E, U+00AD, U+E0041, ...) or another default-ignorable code point (U+3164, U+FE0F, ...) | `\u{85}`, `\u{202e}`, `\u{ad}`, `\u{e0041}` |
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
/// reorder or hide text ([`is_invisible`]).
fn needs_escape(c: char) -> bool {
    c.is_control() || is_invisible(c)
}

/// Whether `c` is one of the characters that reorder or hide text, so that two names
/// that differ only by them would look alike: every format character (Unicode general
/// category Cf: bidirectional marks, embeddings, overrides and isolates, zero widths, the
/// soft hyphen, the byte-order mark, interlinear annotations, tags U+E0020–E007F, ...),
/// every other default-ignorable code point (variation selectors, Hangul fillers
/// U+115F, U+1160, U+3164 and U+FFA0, the combining grapheme joiner, the whole block
/// U+E0000–E0FFF, ...), and the line and paragraph separators. The list is Unicode 15's
/// (Cf, and Default_Ignorable_Code_Point of DerivedCoreProperties.txt).
pub fn is_invisible(c: char) -> bool {
    matches!(c,
        '\u{00ad}' | '\u{034f}' | '\u{0600}'..='\u{0605}' | '\u{061c}' | '\u{06dd}'
        | '\u{070f}' | '\u{0890}'..='\u{0891}' | '\u{08e2}' | '\u{115f}'..='\u{1160}'
        | '\u{17b4}'..='\u{17b5}' | '\u{180b}'..='\u{180f}' | '\u{200b}'..='\u{200f}'
        | '\u{2028}'..='\u{202e}' | '\u{2060}'..='\u{206f}' | '\u{3164}'
        | '\u{fe00}'..='\u{fe0f}' | '\u{feff}' | '\u{ffa0}' | '\u{fff0}'..='\u{fffb}'
        | '\u{110bd}' | '\u{110cd}' | '\u{13430}'..='\u{1343f}'
        | '\u{1bca0}'..='\u{1bca3}' | '\u{1d173}'..='\u{1d17a}'
        | '\u{e0000}'..='\u{e0fff}')
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
    /// Every code point of general category Cf, as Python's `unicodedata` (Unicode 14)
    /// lists them, and those Unicode 15 added (U+13439–1343F).
    const FORMAT_CHARACTERS: &str = "00AD 0600-0605 061C 06DD 070F 0890-0891 08E2 180E 200B-200F 202A-202E 2060-2064 2066-206F FEFF FFF9-FFFB 110BD 110CD 13430-1343F 1BCA0-1BCA3 1D173-1D17A E0001 E0020-E007F";

    /// Default-ignorable code points that are not Cf (DerivedCoreProperties.txt).
    const OTHER_IGNORABLE: &str =
        "034F 115F-1160 17B4-17B5 180B-180D 180F 3164 FE00-FE0F FFA0 E0000-E0FFF";

    fn code_points(list: &str) -> Vec<char> {
        list.split(' ')
            .flat_map(|r| {
                let (a, b) = r.split_once('-').unwrap_or((r, r));
                let (a, b) = (
                    u32::from_str_radix(a, 16).unwrap(),
                    u32::from_str_radix(b, 16).unwrap(),
                );
                (a..=b).filter_map(char::from_u32)
            })
            .collect()
    }

    #[test]
    fn every_format_character_and_default_ignorable_code_point_is_escaped() {
        for c in code_points(FORMAT_CHARACTERS)
            .into_iter()
            .chain(code_points(OTHER_IGNORABLE))
        {
            let name = format!("ana{c}.wasm");
            let shown = escape_text(&name);
            assert_eq!(shown, format!("ana\\u{{{:x}}}.wasm", c as u32));
        }
        // The names of the report that all looked like "ana".
        assert_eq!(escape_text("ana\u{e0041}"), "ana\\u{e0041}");
        assert_eq!(escape_text("ana\u{ad}"), "ana\\u{ad}");
        assert_eq!(
            escape_message("a\u{fff9}b\u{180e}c\u{3164}"),
            "a\\u{fff9}b\\u{180e}c\\u{3164}"
        );
        // Visible letters of any script stay as they are.
        assert_eq!(escape_text("Łukasz 李 Ана"), "Łukasz 李 Ана");
    }

    /// One invisible character: from every range of the lists.
    fn invisible() -> impl Strategy<Value = char> {
        let all: Vec<char> = code_points(FORMAT_CHARACTERS)
            .into_iter()
            .chain(code_points(OTHER_IGNORABLE))
            .collect();
        proptest::sample::select(all)
    }

    proptest! {
        #[test]
        fn names_differing_only_by_invisible_characters_are_shown_apart(
            name in "[a-zA-Z\u{e9}\u{4e00}]{1,8}",
            at in 0usize..8,
            hidden in proptest::collection::vec(invisible(), 1..3),
        ) {
            let mut chars: Vec<char> = name.chars().collect();
            let at = at.min(chars.len());
            chars.splice(at..at, hidden);
            let disguised: String = chars.into_iter().collect();
            for shown in [escape_text(&disguised), escape_message(&disguised)] {
                prop_assert!(!shown.chars().any(is_invisible), "{shown:?}");
                prop_assert_ne!(&shown, &name);
                prop_assert!(shown.contains("\\u{"), "{shown:?}");
            }
            let (plain, hidden) = (BotName::from_text(&name), BotName::from_text(&disguised));
            prop_assert_ne!(plain, hidden);
        }

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
