//! A Python script with its names, comments and layout normalised, so that a script
//! renamed and reformatted reads as its original: tokens one per line; comments, blank
//! lines and docstrings dropped; indentation as the depth of its block; every name the
//! script defines renamed by order of first appearance (`n0`, `n1`, …), while keywords,
//! builtins, attributes after a `.` and keyword arguments keep theirs (they are the API
//! a script must use, not its author's choice).
//!
//! It is a tokenizer, not a parser: text that is not valid Python still normalises to
//! something, deterministically.

use std::collections::BTreeMap;

/// Python's keywords and the builtins a bot calls (kept as they are).
const KEPT: &[&str] = &[
    "False",
    "None",
    "True",
    "and",
    "as",
    "assert",
    "async",
    "await",
    "break",
    "class",
    "continue",
    "def",
    "del",
    "elif",
    "else",
    "except",
    "finally",
    "for",
    "from",
    "global",
    "if",
    "import",
    "in",
    "is",
    "lambda",
    "nonlocal",
    "not",
    "or",
    "pass",
    "raise",
    "return",
    "try",
    "while",
    "with",
    "yield",
    "abs",
    "all",
    "any",
    "bool",
    "dict",
    "divmod",
    "enumerate",
    "filter",
    "float",
    "int",
    "isinstance",
    "len",
    "list",
    "map",
    "max",
    "min",
    "print",
    "range",
    "reversed",
    "round",
    "set",
    "sorted",
    "str",
    "sum",
    "tuple",
    "zip",
    "choose",
    "self",
    "random",
    "math",
    "collections",
    "itertools",
    "functools",
    "heapq",
];

/// One token: kind and text.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    Name(String),
    Other(String),
}

/// The normalised text of `source`.
pub fn normalise(source: &str) -> String {
    let mut out = String::new();
    let mut names: BTreeMap<String, usize> = BTreeMap::new();
    let mut indents: Vec<usize> = vec![0];
    let mut depth_open = 0usize; // brackets open across lines
    let mut at_line_start = true;
    let chars: Vec<char> = source.chars().collect();
    let mut i = 0;
    let mut line_tokens: Vec<Token> = Vec::new();
    let mut line_indent = 0usize;
    let flush = |tokens: &mut Vec<Token>,
                 indent: usize,
                 indents: &mut Vec<usize>,
                 names: &mut BTreeMap<String, usize>,
                 out: &mut String| {
        if tokens.is_empty() {
            return;
        }
        // A line that is a lone string is a docstring: dropped.
        if tokens.len() == 1 && matches!(&tokens[0], Token::Other(t) if t.starts_with('S')) {
            tokens.clear();
            return;
        }
        while indent < *indents.last().unwrap_or(&0) {
            indents.pop();
        }
        if indent > *indents.last().unwrap_or(&0) {
            indents.push(indent);
        }
        let level = indents.len() - 1;
        // A compound statement with its suite on the same line (`if x: return y`) is
        // written as the header and an indented suite, as on two lines.
        match suite_split(tokens) {
            Some(k) => {
                emit(&tokens[..k], level, names, out);
                emit(&tokens[k..], level + 1, names, out);
            }
            None => emit(tokens, level, names, out),
        }
        tokens.clear();
    };
    while i < chars.len() {
        let c = chars[i];
        if at_line_start {
            let mut w = 0;
            while i < chars.len() && (chars[i] == ' ' || chars[i] == '\t') {
                w += if chars[i] == '\t' { 8 - w % 8 } else { 1 };
                i += 1;
            }
            line_indent = w;
            at_line_start = false;
            continue;
        }
        match c {
            '\n' => {
                i += 1;
                if depth_open == 0 {
                    flush(
                        &mut line_tokens,
                        line_indent,
                        &mut indents,
                        &mut names,
                        &mut out,
                    );
                    at_line_start = true;
                }
            }
            '\\' if chars.get(i + 1) == Some(&'\n') => i += 2,
            ' ' | '\t' | '\r' | '\x0c' => i += 1,
            '#' => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '"' | '\'' => {
                let (text, next) = string(&chars, i);
                line_tokens.push(Token::Other(format!("S{text}")));
                i = next;
            }
            c if c.is_alphabetic() || c == '_' => {
                let start = i;
                while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                    i += 1;
                }
                let word: String = chars[start..i].iter().collect();
                // A string prefix (r"", f"", b"").
                if i < chars.len() && (chars[i] == '"' || chars[i] == '\'') && word.len() <= 2 {
                    let (text, next) = string(&chars, i);
                    line_tokens.push(Token::Other(format!("S{word}{text}")));
                    i = next;
                } else {
                    line_tokens.push(Token::Name(word));
                }
            }
            c if c.is_ascii_digit() => {
                let start = i;
                while i < chars.len()
                    && (chars[i].is_alphanumeric() || chars[i] == '_' || chars[i] == '.')
                {
                    i += 1;
                }
                line_tokens.push(Token::Other(chars[start..i].iter().collect()));
            }
            _ => {
                if "([{".contains(c) {
                    depth_open += 1;
                } else if ")]}".contains(c) {
                    depth_open = depth_open.saturating_sub(1);
                }
                // Two- and three-character operators stay one token.
                let three: String = chars[i..chars.len().min(i + 3)].iter().collect();
                let op = ["**=", "//=", ">>=", "<<="]
                    .into_iter()
                    .chain([
                        "==", "!=", "<=", ">=", "//", "**", "->", "+=", "-=", "*=", "/=", "%=",
                        "<<", ">>", ":=", "&=", "|=", "^=",
                    ])
                    .find(|op| three.starts_with(op))
                    .map_or_else(|| c.to_string(), str::to_string);
                i += op.chars().count();
                line_tokens.push(Token::Other(op));
            }
        }
    }
    flush(
        &mut line_tokens,
        line_indent,
        &mut indents,
        &mut names,
        &mut out,
    );
    out
}

/// Keywords that open a compound statement.
const COMPOUND: &[&str] = &[
    "if", "elif", "else", "for", "while", "def", "class", "try", "except", "finally", "with",
];

/// Where the suite starts in a compound statement written on one line: the index after
/// its header's `:` (outside brackets), or `None` when the line is no such statement or
/// the `:` ends it.
fn suite_split(tokens: &[Token]) -> Option<usize> {
    let first = match tokens.first()? {
        Token::Name(n) => n.as_str(),
        Token::Other(_) => return None,
    };
    if !COMPOUND.contains(&first) {
        return None;
    }
    let mut depth = 0usize;
    for (k, t) in tokens.iter().enumerate() {
        if let Token::Other(o) = t {
            match o.as_str() {
                "(" | "[" | "{" => depth += 1,
                ")" | "]" | "}" => depth = depth.saturating_sub(1),
                ":" if depth == 0 => {
                    return (k + 1 < tokens.len()).then_some(k + 1);
                }
                _ => {}
            }
        }
    }
    None
}

/// Writes one line of `tokens` at block depth `level`, names renamed.
fn emit(tokens: &[Token], level: usize, names: &mut BTreeMap<String, usize>, out: &mut String) {
    out.push_str(&format!("{level}|"));
    let mut prev_dot = false;
    let mut depth = 0usize;
    for (k, t) in tokens.iter().enumerate() {
        match t {
            Token::Name(n) => {
                let keyword_arg = depth > 0
                    && matches!(tokens.get(k + 1), Some(Token::Other(e)) if e == "=")
                    && matches!(tokens.get(k.wrapping_sub(1)), Some(Token::Other(p)) if p == "(" || p == ",");
                if prev_dot || keyword_arg || KEPT.contains(&n.as_str()) {
                    out.push_str(n);
                } else {
                    let next = names.len();
                    let id = *names.entry(n.clone()).or_insert(next);
                    out.push_str(&format!("n{id}"));
                }
                prev_dot = false;
            }
            Token::Other(o) => {
                prev_dot = o == ".";
                if matches!(o.as_str(), "(" | "[" | "{") {
                    depth += 1;
                } else if matches!(o.as_str(), ")" | "]" | "}") {
                    depth = depth.saturating_sub(1);
                }
                out.push_str(o);
            }
        }
        out.push(' ');
    }
    out.push('\n');
}

/// The string literal starting at `chars[start]` (a quote), with its quotes, and the
/// index after it (an unterminated string runs to the end).
fn string(chars: &[char], start: usize) -> (String, usize) {
    let q = chars[start];
    let triple = chars.get(start + 1) == Some(&q) && chars.get(start + 2) == Some(&q);
    let mut i = start + if triple { 3 } else { 1 };
    while i < chars.len() {
        if chars[i] == '\\' {
            i += 2;
            continue;
        }
        if triple {
            if chars[i] == q && chars.get(i + 1) == Some(&q) && chars.get(i + 2) == Some(&q) {
                i += 3;
                break;
            }
        } else if chars[i] == q || chars[i] == '\n' {
            i += 1;
            break;
        }
        i += 1;
    }
    let end = i.min(chars.len());
    (chars[start..end].iter().collect(), end)
}

#[cfg(test)]
mod tests {
    use super::normalise;

    const ORIGINAL: &str = r#""""Greedy."""
LIMIT = 3  # the cap

def score(state, move):
    return move % LIMIT

def choose(state):
    best = max(state.legal_moves, key=lambda m: score(state, m))
    return best
"#;

    const RENAMED: &str = "# a student's own header\nCAP=3\n\n\n\ndef value(s,mv):\n  # why\n  return mv%CAP\ndef choose(s):\n  pick=max(s.legal_moves,\n           key=lambda x:value(s,x))\n  return pick\n";

    #[test]
    fn renamed_and_reformatted_scripts_normalise_alike() {
        assert_eq!(normalise(ORIGINAL), normalise(RENAMED));
    }

    #[test]
    fn names_assigned_together_are_renamed_like_any_other() {
        assert_eq!(
            normalise("LOW, HIGH = 1, 2\n"),
            normalise("LO, HI = 1, 2\n")
        );
        assert_ne!(normalise("f(key=1)\n"), normalise("f(other=1)\n"));
    }

    #[test]
    fn a_suite_on_the_header_line_reads_as_a_block() {
        assert_eq!(
            normalise("for h in x:\n    if h == 1: return h\n"),
            normalise("for h in x:\n    if h == 1:\n        return h\n")
        );
        assert_eq!(normalise("d = {1: 2}\n"), normalise("d = {1:\n 2}\n"));
    }

    #[test]
    fn a_changed_constant_or_attribute_is_another_script() {
        assert_ne!(
            normalise(ORIGINAL),
            normalise(&ORIGINAL.replace("= 3", "= 4"))
        );
        assert_ne!(
            normalise(ORIGINAL),
            normalise(&ORIGINAL.replace("legal_moves", "body"))
        );
    }

    #[test]
    fn blocks_keep_their_depth_whatever_the_indent_width() {
        let a = "if x:\n    y = 1\nz = 2\n";
        let b = "if x:\n  y = 1\nz = 2\n";
        let c = "if x:\n  y = 1\n  z = 2\n";
        assert_eq!(normalise(a), normalise(b));
        assert_ne!(normalise(a), normalise(c));
    }
}
