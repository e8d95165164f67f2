//! Text from outside (bot names, a roster's student names and ids, reasons quoting a
//! module) placed in the Markdown of `feedback/<student_id>.md`, rendered as itself.

use crate::bot_name::escape_message;

/// `text` for the inside of a line of CommonMark / GitHub-flavoured Markdown (a heading, a
/// list item, a paragraph or a table cell, after arena's own text; not inside a code
/// span, see [`code`]).
///
/// Guarantees that the text renders as its own characters: it cannot end the line or a
/// table cell (control and invisible characters, newlines included, are written as
/// escapes, `\n`, `\u{202e}`, as [`escape_message`] does; `|` is escaped), and it cannot
/// open or close emphasis, code, strikethrough or math, make a link, an image, an
/// autolink or a footnote, or start HTML or an entity: every ASCII punctuation character
/// with a meaning in Markdown (`\`, `` ` ``, `*`, `_`, `~`, `[`, `]`, `<`, `>`, `|`, `&`,
/// `!`, `#`, `$`, `@`, `^`, `=`, `+`, `{`, `}`) is backslash-escaped, a `:` followed by
/// `//` (`http://`, what GitHub's autolinks start with) too, and the `.` of `www.`; a
/// `:` elsewhere (`builtin:greedy`) means nothing and is kept. Two exceptions keep
/// ordinary names byte for byte: a `_` between two letters or digits (never emphasis)
/// and `-`, `.`, `,`, `'`, `"`, `/`, `(`, `)`, `%`, `;`, `?`, which mean nothing inside a
/// line, are kept; so are letters, digits and spaces.
pub fn escape(text: &str) -> String {
    let text = escape_message(text);
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    for (i, &c) in chars.iter().enumerate() {
        let before = i.checked_sub(1).map(|j| chars[j]);
        let after = chars.get(i + 1).copied();
        let special = match c {
            '\\' | '`' | '*' | '~' | '[' | ']' | '<' | '>' | '|' | '&' | '!' | '#' | '$' | '@'
            | '^' | '=' | '+' | '{' | '}' => true,
            '_' => {
                !(before.is_some_and(char::is_alphanumeric)
                    && after.is_some_and(char::is_alphanumeric))
            }
            ':' => chars.get(i + 1..i + 3) == Some(&['/', '/'][..]),
            '.' => i >= 3 && chars[i - 3..i].iter().all(|w| w.eq_ignore_ascii_case(&'w')),
            _ => false,
        };
        if special {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// `text` as a code span (`` `ana` ``): its characters shown as they are, in a fence of
/// more backticks than any run inside it, padded with a space when it starts or ends
/// with a backtick; control and invisible characters are written as escapes first
/// ([`escape_message`]), so the span never ends the line. Not for a table cell (a `|`
/// there would end the cell): use [`escape`].
pub fn code(text: &str) -> String {
    let text = escape_message(text);
    let (mut run, mut longest) = (0, 0);
    for c in text.chars() {
        run = if c == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    let fence = "`".repeat(longest + 1);
    let pad = if text.starts_with('`') || text.ends_with('`') {
        " "
    } else {
        ""
    };
    format!("{fence}{pad}{text}{pad}{fence}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinary_names_are_unchanged() {
        for same in [
            "ana",
            "Ana Petrova",
            "my_bot_v2",
            "ana-2.1",
            "O'Brien",
            "../s2",
            "x (1)",
        ] {
            assert_eq!(escape(same), same);
        }
        assert_eq!(code("ana"), "`ana`");
    }

    #[test]
    fn markdown_syntax_is_escaped() {
        assert_eq!(escape("a|b"), "a\\|b");
        assert_eq!(escape("*x* _y_ `z`"), "\\*x\\* \\_y\\_ \\`z\\`");
        assert_eq!(escape("[l](http://e)"), "\\[l\\](http\\://e)");
        assert_eq!(escape("builtin:greedy"), "builtin:greedy");
        assert_eq!(escape("a:/b:"), "a:/b:");
        assert_eq!(escape("![i](u)"), "\\!\\[i\\](u)");
        assert_eq!(escape("<img src=x>"), "\\<img src\\=x\\>");
        assert_eq!(escape("&lt;"), "\\&lt;");
        assert_eq!(escape("www.e.com"), "www\\.e.com");
        assert_eq!(escape("a@b.c"), "a\\@b.c");
        assert_eq!(escape("ra\\xffnd"), "ra\\\\xffnd");
        assert_eq!(escape("trap: x"), "trap: x");
        assert_eq!(escape("a\nb\u{2028}c"), "a\\\\nb\\\\u\\{2028\\}c");
    }

    #[test]
    fn a_code_span_is_never_closed_early() {
        assert_eq!(code("a`b"), "``a`b``");
        assert_eq!(code("`x``"), "``` `x`` ```");
        assert_eq!(code("a\nb"), "`a\\nb`");
    }
}
