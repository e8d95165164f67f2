//! The analysis as an indented text tree, one move per line:
//!
//! ```text
//! * 3  +2
//!   * 5  +2
//!   = 6  +2
//!     2  -1
//! ```
//! `*` marks the principal variation, `=` a move as good as the one chosen, and each line
//! gives the move as people type it and its value for the player to move at the root (of
//! a max^n tree: every seat's value, `[seat 1, seat 2, seat 3]`). Finished games say how
//! they ended.

use std::fmt::Write;

use super::{end_text, Analysis, Node, Search};

/// `3 seats`, `1 seat`.
fn seats_text(seats: u8) -> String {
    crate::units::counted(u64::from(seats), "seat", "seats")
}

/// The heading and the tree.
pub fn render(analysis: &Analysis) -> String {
    let mut s = String::new();
    let seat = analysis.seat();
    let _ = writeln!(s, "{} — {}", analysis.game, analysis.position);
    s.push_str(&analysis.drawing);
    if !analysis.drawing.ends_with('\n') {
        s.push('\n');
    }
    let line: Vec<&str> = analysis
        .principal_variation()
        .into_iter()
        .map(|(_, text)| text.as_str())
        .collect();
    match analysis.search {
        Search::Minimax => {
            let _ = writeln!(
                s,
                "minimax to depth {}, {} positions, ties broken with seed {}",
                analysis.depth, analysis.nodes, analysis.seed
            );
            let _ = writeln!(
                s,
                "value {} for {seat} (values below are {seat}'s: larger is better for {seat})",
                analysis.value_text(analysis.value())
            );
        }
        Search::MaxN => {
            let _ = writeln!(
                s,
                "max^n to depth {}, {} positions, {}; each seat to move takes the move best for itself, the first of equals",
                analysis.depth,
                analysis.nodes,
                seats_text(analysis.seats)
            );
            let _ = writeln!(
                s,
                "values {} by seat ({seat} to move; larger is better for each seat)",
                values(analysis, &analysis.root)
            );
        }
    }
    let _ = writeln!(s, "principal variation: {}", line.join(", "));
    s.push_str("(* principal variation, = as good as the move chosen)\n");
    for child in &analysis.root.children {
        node(&mut s, analysis, child, 0);
    }
    s
}

/// A node's values as a line shows them: the root seat's, or every seat's.
fn values(analysis: &Analysis, n: &Node) -> String {
    match analysis.search {
        Search::Minimax => analysis.value_text(n.value),
        Search::MaxN => {
            let all: Vec<String> = n.values.iter().map(|&v| analysis.value_text(v)).collect();
            format!("[{}]", all.join(", "))
        }
    }
}

fn node(s: &mut String, analysis: &Analysis, n: &Node, level: usize) {
    let mark = if n.pv {
        '*'
    } else if n.best {
        '='
    } else {
        ' '
    };
    let (_, text) = n.mv.as_ref().expect("a child has a move");
    let _ = write!(
        s,
        "{:indent$}{mark} {text}  {}",
        "",
        values(analysis, n),
        indent = 2 * level
    );
    if let Some(end) = &n.end {
        let _ = write!(s, "  (end: {})", end_text(end));
    }
    s.push('\n');
    for child in &n.children {
        node(s, analysis, child, level + 1);
    }
}
