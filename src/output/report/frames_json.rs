//! A replay's JSON for the viewer, the frames written by hand: the frames are most of the
//! page's bytes, and serde's generic path cut every drawn line at each quote and each
//! `<` (an HTML line holds several of both). The output is byte for byte what
//! [`super::script_json`] gives for the header with the frames' fields after its own
//! (`#[serde(flatten)]`): a property test compares the two.

use serde::Serialize;

use super::frames::{Frames, MoveView};
use super::script_json_bytes;

/// What each byte of a JSON string becomes: 0 as is, 1 `\u00XX`, else the byte after `\`.
/// serde_json's escapes (`\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`, `\u00XX` for the other
/// control characters, nothing else), plus `<` as `\u003c` (see `ScriptSafe`).
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

/// `s` as a JSON string safe inside a `<script>` element.
fn push_str(out: &mut Vec<u8>, s: &str) {
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

/// An integer, as serde_json writes it.
fn push_int(out: &mut Vec<u8>, n: impl itoa::Integer) {
    out.extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
}

/// `items` as a JSON array, each written by `item`.
fn push_array<T>(out: &mut Vec<u8>, items: &[T], mut item: impl FnMut(&mut Vec<u8>, &T)) {
    out.push(b'[');
    for (k, x) in items.iter().enumerate() {
        if k > 0 {
            out.push(b',');
        }
        item(out, x);
    }
    out.push(b']');
}

/// One move, as `MoveView`'s derived `Serialize` writes it.
fn push_move(out: &mut Vec<u8>, m: &MoveView) {
    out.extend_from_slice(b"{\"seat\":");
    push_int(out, m.seat);
    out.extend_from_slice(b",\"text\":");
    push_str(out, &m.text);
    out.extend_from_slice(b",\"raw\":");
    push_int(out, m.raw);
    out.extend_from_slice(b",\"fuel\":");
    match m.fuel {
        Some(fuel) => push_int(out, fuel),
        None => out.extend_from_slice(b"null"),
    }
    out.extend_from_slice(b",\"log\":");
    match m.log {
        Some(log) => push_array(out, &log, |out, &n| push_int(out, n)),
        None => out.extend_from_slice(b"null"),
    }
    out.push(b'}');
}

/// The frames' fields (`"id":…,"lines":…,"frames":…,"moves":…,"logs":…`), each after a
/// comma (the first one too).
fn push_frames_fields(out: &mut Vec<u8>, f: &Frames) {
    out.extend_from_slice(b",\"id\":");
    push_int(out, f.id);
    out.extend_from_slice(b",\"lines\":");
    push_array(out, &f.lines, |out, line| push_str(out, line));
    out.extend_from_slice(b",\"frames\":");
    push_array(out, &f.frames, |out, frame| {
        push_array(out, frame, |out, &n| push_int(out, n));
    });
    out.extend_from_slice(b",\"moves\":");
    push_array(out, &f.moves, push_move);
    out.extend_from_slice(b",\"logs\":");
    push_array(out, &f.logs, |out, seat| {
        push_array(out, seat, |out, line| push_str(out, line));
    });
}

/// `header` (a struct of the replay's own fields) with `frames`' fields after them, as
/// one JSON object safe inside a `<script>` element.
pub(super) fn view_json(header: &impl Serialize, frames: &Frames) -> String {
    let mut out = script_json_bytes(header, 4096);
    assert_eq!(
        out.pop(),
        Some(b'}'),
        "a header serialises to a JSON object"
    );
    let empty = out.last() == Some(&b'{');
    let comma = out.len();
    push_frames_fields(&mut out, frames);
    if empty {
        out.remove(comma); // `{"id":…`, not `{,"id":…`
    }
    out.push(b'}');
    String::from_utf8(out).expect("JSON of UTF-8 strings is UTF-8")
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// The header and frames as the report wrote them before: one struct, the frames
    /// flattened in.
    #[derive(Serialize)]
    struct Flattened<'a> {
        id: u64,
        reason: &'a str,
        #[serde(flatten)]
        frames: &'a Frames,
    }

    #[derive(Serialize)]
    struct Header<'a> {
        id: u64,
        reason: &'a str,
    }

    /// Text with every kind of character the escapes treat apart.
    fn text() -> impl Strategy<Value = String> {
        "[a\"\\\\<>/\\x00-\\x1f\\x7f\u{e9}\u{202e}\u{1f600} ]{0,12}"
    }

    fn frames() -> impl Strategy<Value = Frames> {
        let moves = prop::collection::vec(
            (
                any::<u8>(),
                text(),
                any::<i32>(),
                any::<Option<u64>>(),
                any::<Option<[u32; 2]>>(),
            )
                .prop_map(|(seat, text, raw, fuel, log)| MoveView {
                    seat,
                    text,
                    raw,
                    fuel,
                    log,
                }),
            0..4,
        );
        (
            any::<u64>(),
            prop::collection::vec(text(), 0..4),
            prop::collection::vec(prop::collection::vec(any::<u32>(), 0..4), 0..3),
            moves,
            prop::collection::vec(prop::collection::vec(text(), 0..3), 0..3),
        )
            .prop_map(|(id, lines, frames, moves, logs)| Frames {
                id,
                lines,
                frames,
                moves,
                logs,
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        /// Byte for byte what serde_json (with `<` escaped) writes for the flattened view.
        #[test]
        fn the_hand_written_json_is_serdes(frames in frames(), reason in text(), id in any::<u64>()) {
            let old = String::from_utf8(script_json_bytes(
                &Flattened { id, reason: &reason, frames: &frames },
                16,
            ))
            .unwrap();
            let new = view_json(&Header { id, reason: &reason }, &frames);
            prop_assert_eq!(new, old);
        }
    }

    #[test]
    fn a_header_without_fields_gives_the_frames_alone() {
        #[derive(Serialize)]
        struct Empty {}
        #[derive(Serialize)]
        struct Alone<'a> {
            #[serde(flatten)]
            frames: &'a Frames,
        }
        let frames = Frames {
            id: 7,
            lines: vec!["<b>".into()],
            frames: vec![vec![0]],
            moves: Vec::new(),
            logs: vec![Vec::new()],
        };
        let old = String::from_utf8(script_json_bytes(&Alone { frames: &frames }, 16)).unwrap();
        assert_eq!(view_json(&Empty {}, &frames), old);
    }

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
}
