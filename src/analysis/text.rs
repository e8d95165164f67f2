//! The analysis as an indented text tree, one move per line:
//!
//! ```text
//! * 3  +2
//!   * 5  +2
//!   = 6  +2
//!     2  -1
//! ```
//! `*` marks the principal variation, `=` a move as good as the one chosen, and each line
//! gives the move as people type it and its value for the player to move at the root.
//! Finished games say how they ended.

use std::fmt::Write;

use arena_games::Outcome;

use super::{value_text, Analysis, Node};

/// The heading and the tree.
pub fn render(analysis: &Analysis) -> String {
    let mut s = String::new();
    let seat = analysis.seat();
    let _ = writeln!(s, "{} — {}", analysis.game, analysis.position);
    s.push_str(&analysis.drawing);
    if !analysis.drawing.ends_with('\n') {
        s.push('\n');
    }
    let _ = writeln!(
        s,
        "minimax to depth {}, {} positions, ties broken with seed {}",
        analysis.depth, analysis.nodes, analysis.seed
    );
    let line: Vec<&str> = analysis
        .principal_variation()
        .into_iter()
        .map(|(_, text)| text.as_str())
        .collect();
    let _ = writeln!(
        s,
        "value {} for {seat} (values below are {seat}'s: larger is better for {seat})",
        value_text(analysis.value())
    );
    let _ = writeln!(s, "principal variation: {}", line.join(", "));
    s.push_str("(* principal variation, = as good as the move chosen)\n");
    for child in &analysis.root.children {
        node(&mut s, child, 0);
    }
    s
}

fn node(s: &mut String, n: &Node, level: usize) {
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
        value_text(n.value),
        indent = 2 * level
    );
    match n.end {
        Some(Outcome::Win(p)) => {
            let _ = write!(s, "  (end: {p} wins)");
        }
        Some(Outcome::Draw) => s.push_str("  (end: a draw)"),
        None => {}
    }
    s.push('\n');
    for child in &n.children {
        node(s, child, level + 1);
    }
}
