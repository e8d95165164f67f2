//! Panics that say why: before a panicking bot traps, its message and location go to the
//! debug log, so the referee's fault reads "panicked at src/lib.rs:12:5: index out of
//! bounds..." instead of a bare "wasm unreachable".
//!
//! Bots are built with `panic = "abort"`: the panic hook still runs first, then the
//! module executes `unreachable`. The hook writes one line from a fixed buffer on the
//! stack, so it works even when the panic came from a full heap.

use std::fmt::{self, Write};
use std::panic::PanicHookInfo;

use crate::debug_log;

/// The longest panic line the hook writes, in bytes; longer messages end in `...`.
pub const MAX_PANIC_LINE: usize = 480;

/// Installs [`report`] as the panic hook, once per instance (the generated exports call
/// it on every entry; later calls cost one atomic load).
pub fn install_hook() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| std::panic::set_hook(Box::new(report)));
}

/// The panic hook: logs [`panic_line`] through [`debug_log`].
pub fn report(info: &PanicHookInfo<'_>) {
    let mut line = Line::default();
    write_panic_line(&mut line, info.location(), info.payload_as_str());
    debug_log(line.as_str());
}

/// The line the hook logs for a panic with `message` at `location`, as a `String` (for
/// tests; the hook itself does not allocate).
pub fn panic_line(location: Option<&std::panic::Location<'_>>, message: Option<&str>) -> String {
    let mut line = Line::default();
    write_panic_line(&mut line, location, message);
    line.as_str().to_string()
}

/// `panicked at FILE:LINE:COL: MESSAGE` on one line (newlines in the message become
/// spaces), cut at [`MAX_PANIC_LINE`] bytes.
fn write_panic_line(
    out: &mut Line,
    location: Option<&std::panic::Location<'_>>,
    message: Option<&str>,
) {
    // Writing into a `Line` never fails: it drops what does not fit.
    let _ = match location {
        Some(l) => write!(
            out,
            "panicked at {}:{}:{}: ",
            l.file(),
            l.line(),
            l.column()
        ),
        None => write!(out, "panicked: "),
    };
    let _ = out.write_str(message.unwrap_or("(a panic with a non-text payload)"));
}

/// A fixed buffer of [`MAX_PANIC_LINE`] bytes that keeps what fits, on one line.
struct Line {
    buf: [u8; MAX_PANIC_LINE],
    len: usize,
    cut: bool,
}

impl Default for Line {
    fn default() -> Line {
        Line {
            buf: [0; MAX_PANIC_LINE],
            len: 0,
            cut: false,
        }
    }
}

impl Line {
    fn as_str(&self) -> &str {
        // Only whole characters are ever copied in, so this cannot fail.
        std::str::from_utf8(&self.buf[..self.len]).unwrap_or("panicked")
    }
}

impl Write for Line {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        const ELLIPSIS: &str = "...";
        for ch in s.chars() {
            if self.cut {
                break;
            }
            let ch = if ch == '\n' || ch == '\r' { ' ' } else { ch };
            let mut tmp = [0u8; 4];
            let bytes = ch.encode_utf8(&mut tmp).as_bytes();
            if self.len + bytes.len() > MAX_PANIC_LINE - ELLIPSIS.len() {
                self.buf[self.len..self.len + ELLIPSIS.len()].copy_from_slice(ELLIPSIS.as_bytes());
                self.len += ELLIPSIS.len();
                self.cut = true;
                break;
            }
            self.buf[self.len..self.len + bytes.len()].copy_from_slice(bytes);
            self.len += bytes.len();
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_with_location_and_message() {
        let here = std::panic::Location::caller();
        let line = panic_line(Some(here), Some("index out of bounds:\nthe len is 3"));
        assert_eq!(
            line,
            format!(
                "panicked at {}:{}:{}: index out of bounds: the len is 3",
                here.file(),
                here.line(),
                here.column()
            )
        );
        assert_eq!(
            panic_line(None, None),
            "panicked: (a panic with a non-text payload)"
        );
    }

    #[test]
    fn long_messages_are_cut_on_a_character_boundary() {
        let long = "é".repeat(1000);
        let line = panic_line(None, Some(&long));
        assert!(line.len() <= MAX_PANIC_LINE);
        assert!(line.ends_with("..."));
        assert!(line.starts_with("panicked: éé"));
    }
}
