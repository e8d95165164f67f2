//! JSON written by hand, safe inside an HTML `<script>` element: the drawing the browser
//! asks the viewer for, and the string escape the page's replay data shares with it.

use crate::draw::{DrawError, Drawing, DrawnMove};

/// What each byte of a JSON string becomes: 0 as is, 1 `\u00XX`, else the byte after `\`.
/// serde_json's escapes (`\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`, `\u00XX` for the other
/// control characters, nothing else), plus `<` as `\u003c`, so that no string can close
/// the `<script>` element it is written in.
static ESCAPE: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut b = 0;
    while b < 0x20 {
        table[b] = 1;
        b += 1;
    }
    table[0x08] = b'b';
    table[0x09] = b't';
    table[0x0a] = b'n';
    table[0x0c] = b'f';
    table[0x0d] = b'r';
    table[b'"' as usize] = b'"';
    table[b'\\' as usize] = b'\\';
    table[b'<' as usize] = 1;
    table
};

/// Appends `s` as a JSON string safe inside a `<script>` element: byte for byte what
/// serde_json writes, each `<` then replaced by `\u003c`.
pub fn push_str(out: &mut Vec<u8>, s: &str) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let bytes = s.as_bytes();
    out.push(b'"');
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let escape = ESCAPE[b as usize];
        if escape == 0 {
            continue;
        }
        out.extend_from_slice(&bytes[start..i]);
        if escape == 1 {
            out.extend_from_slice(b"\\u00");
            out.push(HEX[usize::from(b >> 4)]);
            out.push(HEX[usize::from(b & 0xf)]);
        } else {
            out.push(b'\\');
            out.push(escape);
        }
        start = i + 1;
    }
    out.extend_from_slice(&bytes[start..]);
    out.push(b'"');
}

/// Appends `n` in decimal.
fn push_uint(out: &mut Vec<u8>, n: u64) {
    out.extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
}

/// Appends `items` as a JSON array, each written by `item`.
pub fn push_array<T>(out: &mut Vec<u8>, items: &[T], mut item: impl FnMut(&mut Vec<u8>, &T)) {
    out.push(b'[');
    for (k, x) in items.iter().enumerate() {
        if k > 0 {
            out.push(b',');
        }
        item(out, x);
    }
    out.push(b']');
}

/// A drawing as the page's viewer takes it:
/// `{"lines":["…",…],"frames":[[0,1,…],…],"moves":[[seat,"text"],…]}`.
pub fn drawing(d: &Drawing) -> Vec<u8> {
    let text: usize = d.lines.iter().map(String::len).sum();
    let mut out = Vec::with_capacity(64 + text + 8 * d.frames.len() * 16);
    out.extend_from_slice(b"{\"lines\":");
    push_array(&mut out, &d.lines, |out, line| push_str(out, line));
    out.extend_from_slice(b",\"frames\":");
    push_array(&mut out, &d.frames, |out, frame| {
        push_array(out, frame, |out, &n| push_uint(out, u64::from(n)));
    });
    out.extend_from_slice(b",\"moves\":");
    push_moves(&mut out, &d.moves);
    out.push(b'}');
    out
}

/// Appends the moves as `[[seat,"text"],…]`.
fn push_moves(out: &mut Vec<u8>, moves: &[DrawnMove]) {
    push_array(out, moves, |out, m| {
        out.push(b'[');
        push_uint(out, u64::from(m.seat));
        out.push(b',');
        push_str(out, &m.text);
        out.push(b']');
    });
}

/// The moves of a held replay ([`crate::Positions`]), as the viewer takes them:
/// `{"moves":[[seat,"text"],…]}`.
pub fn moves(moves: &[DrawnMove]) -> Vec<u8> {
    let mut out = Vec::with_capacity(16 + 16 * moves.len());
    out.extend_from_slice(b"{\"moves\":");
    push_moves(&mut out, moves);
    out.push(b'}');
    out
}

/// One position's HTML lines, as the viewer takes them: `{"frame":["…",…]}`.
pub fn frame(lines: &[String]) -> Vec<u8> {
    let text: usize = lines.iter().map(String::len).sum();
    let mut out = Vec::with_capacity(16 + text + 4 * lines.len());
    out.extend_from_slice(b"{\"frame\":");
    push_array(&mut out, lines, |out, line| push_str(out, line));
    out.push(b'}');
    out
}

/// Why a drawing failed, as the viewer takes it: `{"error":"…"}`.
pub fn error(e: &DrawError) -> Vec<u8> {
    let mut out = b"{\"error\":".to_vec();
    push_str(&mut out, &e.to_string());
    out.push(b'}');
    out
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn every_control_character_quote_backslash_and_lt_is_escaped() {
        let mut out = Vec::new();
        push_str(
            &mut out,
            "a\"b\\c<d\u{1}\u{8}\u{9}\u{a}\u{c}\u{d}\u{1f}\u{7f}é",
        );
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "\"a\\\"b\\\\c\\u003cd\\u0001\\b\\t\\n\\f\\r\\u001f\u{7f}é\""
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        /// serde_json's own string, `<` escaped: and so it reads back as the same text.
        #[test]
        fn a_string_is_serdes_with_lt_escaped(s in "[a\"\\\\<>/\\x00-\\x1f\\x7f\u{e9}\u{202e}\u{1f600} ]{0,16}") {
            let mut out = Vec::new();
            push_str(&mut out, &s);
            let ours = String::from_utf8(out).unwrap();
            prop_assert_eq!(&ours, &serde_json::to_string(&s).unwrap().replace('<', "\\u003c"));
            prop_assert_eq!(serde_json::from_str::<String>(&ours).unwrap(), s);
        }

        #[test]
        fn numbers_are_decimal(n in any::<u64>()) {
            let mut out = Vec::new();
            push_uint(&mut out, n);
            prop_assert_eq!(String::from_utf8(out).unwrap(), n.to_string());
        }
    }
}
