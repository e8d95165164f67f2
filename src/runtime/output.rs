//! The bounded buffer that captures what a bot prints during one game.

pub use crate::bot::TRUNCATED_MARKER;

/// Captured bytes with a hard cap: once full, further bytes are counted but not kept.
#[derive(Clone, Debug)]
pub(crate) struct Output {
    buf: Vec<u8>,
    cap: usize,
    dropped: u64,
    newlines: usize,
}

impl Output {
    /// An empty buffer that keeps at most `cap` bytes.
    pub(crate) fn new(cap: usize) -> Output {
        Output {
            buf: Vec::new(),
            cap,
            dropped: 0,
            newlines: 0,
        }
    }

    /// How many more bytes fit.
    pub(crate) fn room(&self) -> usize {
        self.cap - self.buf.len()
    }

    /// Keeps what fits of `bytes` and counts the rest as dropped.
    pub(crate) fn push(&mut self, bytes: &[u8]) {
        let keep = bytes.len().min(self.room());
        self.newlines += bytes[..keep].iter().filter(|&&b| b == b'\n').count();
        self.buf.extend_from_slice(&bytes[..keep]);
        self.dropped += (bytes.len() - keep) as u64;
    }

    /// Complete lines kept so far.
    pub(crate) fn lines(&self) -> usize {
        self.newlines
    }

    /// Counts `n` bytes that were written but not kept (the caller did not read them).
    pub(crate) fn drop_bytes(&mut self, n: u64) {
        self.dropped = self.dropped.saturating_add(n);
    }

    /// The kept text (invalid UTF-8 replaced), ending with [`TRUNCATED_MARKER`] on its
    /// own line when bytes were dropped.
    pub(crate) fn text(&self) -> String {
        let mut s = String::from_utf8_lossy(&self.buf).into_owned();
        if self.dropped > 0 {
            if !s.is_empty() && !s.ends_with('\n') {
                s.push('\n');
            }
            s.push_str(TRUNCATED_MARKER);
            s.push('\n');
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_up_to_the_cap_and_marks_the_rest() {
        let mut o = Output::new(5);
        o.push(b"abc");
        assert_eq!(o.text(), "abc");
        o.push(b"defg");
        assert_eq!(o.room(), 0);
        assert_eq!(o.text(), "abcde\n[truncated]\n");
        assert_eq!(o.lines(), 0);
        let mut o = Output::new(6);
        o.push(b"a\nb\ncd\nef");
        assert_eq!(o.lines(), 2, "only kept newlines count");
        let mut o = Output::new(0);
        o.drop_bytes(3);
        assert_eq!(o.text(), "[truncated]\n");
    }
}
