//! Terminal text with ANSI colours, as the games' `render(true)` draws it, converted to
//! HTML: each line on its own (colours closed at the end of a line and reopened on the
//! next), text escaped, colours as short CSS classes (`f31` foreground, `b44` background,
//! `bo` bold) that the page's stylesheet maps to the terminal palette. Games need no
//! code of their own to appear in the report exactly as in a terminal.

/// The style in force at a point of the text: foreground and background SGR codes
/// (30–37, 90–97 / 40–47, 100–107) and bold. A line's HTML depends only on its text and
/// the style in force where it starts, which [`line_to_html`] takes and updates.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Style {
    fg: Option<u8>,
    bg: Option<u8>,
    bold: bool,
}

impl Style {
    /// Applies an SGR sequence's parameters (`1;31`; empty means `0`, a reset).
    fn apply(&mut self, params: &str) {
        let mut codes = params
            .split(';')
            .map(|p| p.parse::<u16>().unwrap_or(0))
            .peekable();
        while let Some(code) = codes.next() {
            match code {
                0 => *self = Style::default(),
                1 => self.bold = true,
                22 => self.bold = false,
                c @ (30..=37 | 90..=97) => self.fg = Some(c as u8),
                39 => self.fg = None,
                c @ (40..=47 | 100..=107) => self.bg = Some(c as u8),
                49 => self.bg = None,
                // 256-colour and true-colour forms: skipped with their arguments.
                38 | 48 => {
                    let skip = match codes.peek() {
                        Some(5) => 2,
                        Some(2) => 4,
                        _ => 0,
                    };
                    for _ in 0..skip {
                        codes.next();
                    }
                }
                _ => {}
            }
        }
    }

    /// Whether the style needs a `<span>` at all.
    fn is_plain(self) -> bool {
        self == Style::default()
    }

    /// Appends the classes (`f31 b44 bo`), separated by spaces.
    fn push_classes(self, out: &mut String) {
        let mut sep = "";
        for (prefix, code) in [("f", self.fg), ("b", self.bg)] {
            if let Some(code) = code {
                out.push_str(sep);
                out.push_str(prefix);
                push_number(out, code);
                sep = " ";
            }
        }
        if self.bold {
            out.push_str(sep);
            out.push_str("bo");
        }
    }
}

/// Appends `n` in decimal, without going through the formatting machinery.
fn push_number(out: &mut String, n: u8) {
    if n >= 100 {
        out.push(char::from(b'0' + n / 100));
    }
    if n >= 10 {
        out.push(char::from(b'0' + n / 10 % 10));
    }
    out.push(char::from(b'0' + n % 10));
}

/// Appends `text` escaped for HTML, control characters dropped; runs of ordinary
/// characters are copied whole.
fn escape_into(out: &mut String, text: &str) {
    let mut start = 0;
    for (at, ch) in text.char_indices() {
        let replacement = match ch {
            '&' => "&amp;",
            '<' => "&lt;",
            '>' => "&gt;",
            '"' => "&quot;",
            c if c.is_control() => "",
            _ => continue,
        };
        out.push_str(&text[start..at]);
        out.push_str(replacement);
        start = at + ch.len_utf8();
    }
    out.push_str(&text[start..]);
}

/// Appends one line of text (without its line break) as HTML to `out`, starting in
/// `style` and leaving in it the style in force at the line's end: colours are opened at
/// the start of the line and closed at its end. Escapes other than colours (cursor
/// movement and the like) are dropped.
pub fn line_to_html(style: &mut Style, line: &str, out: &mut String) {
    let mut open = false;
    let reopen = |out: &mut String, style: Style, open: &mut bool| {
        if *open {
            out.push_str("</span>");
            *open = false;
        }
        if !style.is_plain() {
            out.push_str("<span class=\"");
            style.push_classes(out);
            out.push_str("\">");
            *open = true;
        }
    };
    reopen(out, *style, &mut open);
    let mut rest = line;
    while let Some(at) = rest.find('\x1b') {
        escape_into(out, &rest[..at]);
        let after = &rest[at + 1..];
        if let Some(csi) = after.strip_prefix('[') {
            let end = csi
                .find(|c: char| c.is_ascii_alphabetic())
                .unwrap_or(csi.len());
            if csi[end..].starts_with('m') {
                let before = *style;
                style.apply(&csi[..end]);
                if *style != before {
                    reopen(out, *style, &mut open);
                }
            }
            rest = csi.get(end + 1..).unwrap_or("");
        } else {
            rest = after;
        }
    }
    escape_into(out, rest);
    if open {
        out.push_str("</span>");
    }
}

/// Text with ANSI escapes as HTML lines (without the line breaks), each converted by
/// [`line_to_html`] in the style the previous lines left.
pub fn to_html_lines(text: &str) -> Vec<String> {
    let mut style = Style::default();
    text.lines()
        .map(|line| {
            let mut out = String::new();
            line_to_html(&mut style, line, &mut out);
            out
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_become_classes_and_text_is_escaped() {
        let lines = to_html_lines("a \x1b[44;97m+3\x1b[0m <b>\n\x1b[1mbold\nplain & \x1b[31mred");
        assert_eq!(
            lines,
            [
                "a <span class=\"f97 b44\">+3</span> &lt;b&gt;",
                "<span class=\"bo\">bold</span>",
                "<span class=\"bo\">plain &amp; </span><span class=\"f31 bo\">red</span>",
            ]
        );
    }

    #[test]
    fn other_escapes_and_odd_input_are_dropped_not_fatal() {
        assert_eq!(
            to_html_lines("x\x1b[2Ky\x1b[38;5;200mz\x1b"),
            ["xy".to_string() + "z"]
        );
        assert_eq!(to_html_lines("\x1b[")[0], "");
        // A control sequence ends at its first final byte (`x` here): the `m` is text.
        assert_eq!(to_html_lines("\x1b[999;xm"), ["m"]);
        assert_eq!(to_html_lines("\x1b[999;9m"), [""]);
    }

    #[test]
    fn every_game_renders_to_balanced_html() {
        for kind in arena_games::games() {
            let info = kind.info();
            let params = arena_games::GameParams::sized(info.default_rows, info.default_cols);
            let mut g = kind.new_game(&params, 5).unwrap();
            for _ in 0..3 {
                if let Some(&m) = g.legal_moves().first() {
                    g.play(m).unwrap();
                }
            }
            for line in to_html_lines(&g.render(true)) {
                assert_eq!(
                    line.matches("<span").count(),
                    line.matches("</span>").count(),
                    "{line}"
                );
                assert!(!line.contains('\x1b'), "{line}");
            }
        }
    }
}
