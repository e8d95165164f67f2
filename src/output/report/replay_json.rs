//! A replay's JSON for the viewer, its moves and logs written by hand (serde's generic
//! path costs more than the page's replays are worth: a page holds thousands). The
//! output is byte for byte what [`super::script_json`] gives for the header with the
//! checked replay's fields after its own (`#[serde(flatten)]`): a property test compares
//! the two. Strings are escaped by arena-view's `push_str`, the one escape the viewer's
//! answers use too.

use arena_view::json::{push_array, push_str};
use serde::Serialize;

use super::checked::{CheckedReplay, MoveView};
use super::script_json_bytes;

/// An integer, as serde_json writes it.
fn push_int(out: &mut Vec<u8>, n: impl itoa::Integer) {
    out.extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
}

/// One move, as `MoveView`'s `Serialize` writes it.
fn push_move(out: &mut Vec<u8>, m: &MoveView) {
    out.push(b'[');
    push_int(out, m.seat);
    out.push(b',');
    push_int(out, m.raw);
    if let Some(fuel) = m.fuel {
        out.push(b',');
        push_int(out, fuel);
        if let Some([from, to]) = m.log {
            out.push(b',');
            push_int(out, from);
            out.push(b',');
            push_int(out, to);
        }
    }
    out.push(b']');
}

/// The checked replay's fields (`"setup":…,"moves":…,"logs":…`), each after a comma
/// (the first one too).
fn push_checked_fields(out: &mut Vec<u8>, c: &CheckedReplay) {
    out.extend_from_slice(b",\"setup\":");
    push_str(out, &c.setup);
    out.extend_from_slice(b",\"moves\":");
    push_array(out, &c.moves, push_move);
    out.extend_from_slice(b",\"logs\":");
    push_array(out, &c.logs, |out, seat| {
        push_array(out, seat, |out, line| push_str(out, line));
    });
}

/// `header` (a struct of the replay's own fields) with `replay`'s fields after them, as
/// one JSON object safe inside a `<script>` element.
pub(super) fn view_json(header: &impl Serialize, replay: &CheckedReplay) -> String {
    let mut out = script_json_bytes(header, 4096);
    assert_eq!(
        out.pop(),
        Some(b'}'),
        "a header serialises to a JSON object"
    );
    let empty = out.last() == Some(&b'{');
    let comma = out.len();
    push_checked_fields(&mut out, replay);
    if empty {
        out.remove(comma); // `{"setup":…`, not `{,"setup":…`
    }
    out.push(b'}');
    String::from_utf8(out).expect("JSON of UTF-8 strings is UTF-8")
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// The header and the checked replay as serde writes them: one struct, the replay
    /// flattened in.
    #[derive(Serialize)]
    struct Flattened<'a> {
        id: u64,
        reason: &'a str,
        #[serde(flatten)]
        replay: &'a CheckedReplay,
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

    fn checked() -> impl Strategy<Value = CheckedReplay> {
        let moves = prop::collection::vec(
            (
                any::<u8>(),
                any::<i32>(),
                any::<Option<u64>>(),
                any::<Option<[u32; 2]>>(),
            )
                .prop_map(|(seat, raw, fuel, log)| MoveView {
                    seat,
                    raw,
                    fuel,
                    log,
                }),
            0..4,
        );
        (
            text(),
            moves,
            prop::collection::vec(prop::collection::vec(text(), 0..3), 0..3),
        )
            .prop_map(|(setup, moves, logs)| CheckedReplay { setup, moves, logs })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        /// Byte for byte what serde_json (with `<` escaped) writes for the flattened view.
        #[test]
        fn the_hand_written_json_is_serdes(replay in checked(), reason in text(), id in any::<u64>()) {
            let old = String::from_utf8(script_json_bytes(
                &Flattened { id, reason: &reason, replay: &replay },
                16,
            ))
            .unwrap();
            let new = view_json(&Header { id, reason: &reason }, &replay);
            prop_assert_eq!(new, old);
        }
    }

    #[test]
    fn a_header_without_fields_gives_the_replay_alone() {
        #[derive(Serialize)]
        struct Empty {}
        #[derive(Serialize)]
        struct Alone<'a> {
            #[serde(flatten)]
            replay: &'a CheckedReplay,
        }
        let replay = CheckedReplay {
            setup: "<b>".into(),
            moves: Vec::new(),
            logs: vec![Vec::new()],
        };
        let old = String::from_utf8(script_json_bytes(&Alone { replay: &replay }, 16)).unwrap();
        assert_eq!(view_json(&Empty {}, &replay), old);
    }
}
