//! The distinct HTML lines of one game's positions, numbered in order of first appearance.

use std::ops::Range;

use rustc_hash::FxHashMap;

use crate::ansi::{line_to_html, Style};

/// The distinct HTML lines of one game's frames. A line's HTML depends only on its text
/// and the style in force where it starts, so a line that is the previous frame's line
/// at the same place (most of a position is the previous one) costs a comparison
/// instead of a conversion; lines are numbered in order of first appearance of their
/// HTML, exactly as converting every frame whole would number them.
#[derive(Default)]
pub(crate) struct Lines {
    /// Distinct HTML lines, in order of first appearance.
    pub(crate) html: Vec<String>,
    /// Each HTML line's index in `html` (the hasher only places keys: numbering follows
    /// `html`).
    index: FxHashMap<String, u32>,
    /// The previous frame's text, and for each of its lines where it lies in that text,
    /// the style at its start and what it converted to.
    previous: (String, Vec<(Range<usize>, Style, Converted)>),
    /// Scratch space for converting one line.
    buffer: String,
}

/// A line of text converted: its HTML's index and the style in force at its end.
type Converted = (u32, Style);

impl Lines {
    /// One position's text (`render(.., true)`) as indices into [`Lines::html`].
    pub(crate) fn frame(&mut self, text: String) -> Vec<u32> {
        let mut style = Style::default();
        let mut ids = Vec::with_capacity(self.previous.1.len());
        let mut placed = Vec::with_capacity(self.previous.1.len());
        for (k, line) in text.lines().enumerate() {
            let start = line.as_ptr() as usize - text.as_ptr() as usize;
            let same = self.previous.1.get(k).filter(|(range, before, _)| {
                *before == style && self.previous.0.get(range.clone()) == Some(line)
            });
            let (id, after) = match same {
                Some(&(_, _, known)) => known,
                None => self.convert(style, line),
            };
            placed.push((start..start + line.len(), style, (id, after)));
            ids.push(id);
            style = after;
        }
        self.previous = (text, placed);
        ids
    }

    /// A line of text starting in `style`, converted and numbered.
    fn convert(&mut self, style: Style, line: &str) -> Converted {
        let mut after = style;
        self.buffer.clear();
        line_to_html(&mut after, line, &mut self.buffer);
        let id = match self.index.get(self.buffer.as_str()) {
            Some(&id) => id,
            None => {
                let id = self.html.len() as u32;
                self.html.push(self.buffer.clone());
                self.index.insert(self.buffer.clone(), id);
                id
            }
        };
        (id, after)
    }
}
