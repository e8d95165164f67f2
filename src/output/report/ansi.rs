//! Terminal text with ANSI colours, as the games' `render(true)` draws it, converted to
//! HTML: each line on its own (colours closed at the end of a line and reopened on the
//! next), text escaped, colours as short CSS classes (`f31` foreground, `b44` background,
//! `bo` bold) that the page's stylesheet maps to the terminal palette. Games need no
//! code of their own to appear in the report exactly as in a terminal.

/// The style in force: foreground and background SGR codes (30–37, 90–97 / 40–47,
/// 100–107) and bold.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Style {
    fg: Option<u8>,
    bg: Option<u8>,
    bold: bool,
}

impl Style {
    fn apply(&mut self, params: &str) {
        let codes: Vec<u16> = if params.is_empty() {
            vec![0]
        } else {
            params.split(';').map(|p| p.parse().unwrap_or(0)).collect()
        };
        let mut i = 0;
        while i < codes.len() {
            match codes[i] {
                0 => *self = Style::default(),
                1 => self.bold = true,
                22 => self.bold = false,
                c @ (30..=37 | 90..=97) => self.fg = Some(c as u8),
                39 => self.fg = None,
                c @ (40..=47 | 100..=107) => self.bg = Some(c as u8),
                49 => self.bg = None,
                // 256-colour and true-colour forms: skipped with their arguments.
                38 | 48 => {
                    i += match codes.get(i + 1) {
                        Some(5) => 2,
                        Some(2) => 4,
                        _ => 0,
                    };
                }
                _ => {}
            }
            i += 1;
        }
    }

    fn classes(self) -> String {
        let mut c = Vec::new();
        if let Some(f) = self.fg {
            c.push(format!("f{f}"));
        }
        if let Some(b) = self.bg {
            c.push(format!("b{b}"));
        }
        if self.bold {
            c.push("bo".to_string());
        }
        c.join(" ")
    }
}

fn escape_into(out: &mut String, text: &str) {
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
}

/// Text with ANSI escapes as HTML lines (without the line breaks). Escapes other than
/// colours (cursor movement and the like) are dropped.
pub fn to_html_lines(text: &str) -> Vec<String> {
    let mut style = Style::default();
    let mut lines = Vec::new();
    for line in text.lines() {
        let mut out = String::new();
        let mut open = false;
        let reopen = |out: &mut String, style: Style, open: &mut bool| {
            if *open {
                out.push_str("</span>");
                *open = false;
            }
            let classes = style.classes();
            if !classes.is_empty() {
                out.push_str("<span class=\"");
                out.push_str(&classes);
                out.push_str("\">");
                *open = true;
            }
        };
        reopen(&mut out, style, &mut open);
        let mut rest = line;
        while let Some(at) = rest.find('\x1b') {
            escape_into(&mut out, &rest[..at]);
            let after = &rest[at + 1..];
            if let Some(csi) = after.strip_prefix('[') {
                let end = csi
                    .find(|c: char| c.is_ascii_alphabetic())
                    .unwrap_or(csi.len());
                if csi[end..].starts_with('m') {
                    let before = style;
                    style.apply(&csi[..end]);
                    if style != before {
                        reopen(&mut out, style, &mut open);
                    }
                }
                rest = csi.get(end + 1..).unwrap_or("");
            } else {
                rest = after;
            }
        }
        escape_into(&mut out, rest);
        if open {
            out.push_str("</span>");
        }
        lines.push(out);
    }
    lines
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
