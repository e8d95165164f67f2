//! One template, one style sheet and one script serve both kinds of results page: the
//! two-seat tournament's and the table tournament's. The parts that only one of them
//! shows sit between marker lines, a comment alone on its line in the file's own
//! syntax: `<!-- @pair -->`, `// @pair`, `/* @pair */` open a part of the two-seat page
//! only, `@table` a part of the table page only, and `@both` returns to what both pages
//! share. Marker lines never reach a page, so a two-seat page is byte for byte what the
//! file would be without the table parts.

/// Which page a text is selected for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// The two-seat tournament's page.
    Pair,
    /// The table tournament's page (games of one to four seats).
    Table,
}

/// What a marker line switches to: `Some(None)` for `@both`.
fn marker(line: &str) -> Option<Option<Variant>> {
    let t = line.trim();
    let inner = [("<!--", "-->"), ("/*", "*/"), ("//", "")]
        .iter()
        .find_map(|(open, close)| t.strip_prefix(open)?.strip_suffix(close))?;
    match inner.trim() {
        "@pair" => Some(Some(Variant::Pair)),
        "@table" => Some(Some(Variant::Table)),
        "@both" => Some(None),
        _ => None,
    }
}

/// The lines of `text` that `variant`'s page shows, marker lines left out.
pub fn select(text: &str, variant: Variant) -> String {
    let mut out = String::with_capacity(text.len());
    let mut only: Option<Variant> = None;
    for line in text.split_inclusive('\n') {
        match marker(line) {
            Some(next) => only = next,
            None if only.is_none_or(|v| v == variant) => out.push_str(line),
            None => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_select_lines_in_every_syntax() {
        let text = "a\n<!-- @pair -->\np\n  // @table\nt\n/* @both */\nb";
        assert_eq!(select(text, Variant::Pair), "a\np\nb");
        assert_eq!(select(text, Variant::Table), "a\nt\nb");
        // A comment that merely mentions a marker is text.
        let text = "// see @pair\nx // @pair\n";
        assert_eq!(select(text, Variant::Table), text);
    }

    #[test]
    fn every_file_of_the_page_has_only_known_markers_and_ends_shared() {
        for text in [
            super::super::TEMPLATE,
            super::super::CSS,
            super::super::SCRIPT,
        ] {
            let mut last = None;
            for line in text.lines() {
                if let Some(m) = marker(line) {
                    last = m;
                } else {
                    assert!(
                        !line.contains(" @pair") && !line.contains(" @table"),
                        "{line}"
                    );
                }
            }
            assert_eq!(last, None, "a file ends inside a part of one page");
        }
    }
}
