//! The analysis as a Graphviz graph (`dot -Tsvg tree.dot > tree.svg`): one box per
//! position with its value for the player to move at the root (of a max^n tree: every
//! seat's), edges labelled with the
//! moves; the principal variation in bold red (as the classic Min-Max programs draw the
//! chosen branch), moves as good as the chosen one in red.

use std::fmt::Write;

use super::{end_text, Analysis, Node, Search};

/// Escapes text for a double-quoted DOT string.
fn quote(text: &str) -> String {
    let mut s = String::with_capacity(text.len() + 2);
    s.push('"');
    for ch in text.chars() {
        match ch {
            '"' => s.push_str("\\\""),
            '\\' => s.push_str("\\\\"),
            '\n' => s.push_str("\\n"),
            c if c.is_control() => {}
            c => s.push(c),
        }
    }
    s.push('"');
    s
}

/// The whole graph.
pub fn render(analysis: &Analysis) -> String {
    let mut s = String::from("digraph analysis {\n");
    let seat = analysis.seat();
    let title = match analysis.search {
        Search::Minimax => format!(
            "{} — {}\nminimax to depth {}, ties broken with seed {}; values for {seat}",
            analysis.game, analysis.position, analysis.depth, analysis.seed
        ),
        Search::MaxN => format!(
            "{} — {}\nmax^n to depth {}, the first of equals; values for seats 1 to {}",
            analysis.game, analysis.position, analysis.depth, analysis.seats
        ),
    };
    let _ = writeln!(s, "  label={};\n  labelloc=t;", quote(&title));
    s.push_str("  node [shape=box, fontname=\"monospace\"];\n");
    s.push_str("  edge [fontname=\"monospace\"];\n");
    let root_label = format!("{seat} to move\nvalue {}", label(analysis, &analysis.root));
    let _ = writeln!(s, "  n0 [label={}, penwidth=2];", quote(&root_label));
    let mut next = 1;
    for child in &analysis.root.children {
        node(&mut s, analysis, child, 0, &mut next);
    }
    s.push_str("}\n");
    s
}

/// A node's value as its box shows it: the root seat's, or every seat's.
fn label(analysis: &Analysis, n: &Node) -> String {
    match analysis.search {
        Search::Minimax => analysis.value_text(n.value),
        Search::MaxN => {
            let all: Vec<String> = n.values.iter().map(|&v| analysis.value_text(v)).collect();
            format!("[{}]", all.join(", "))
        }
    }
}

fn node(s: &mut String, analysis: &Analysis, n: &Node, parent: usize, next: &mut usize) {
    let id = *next;
    *next += 1;
    let mut label = label(analysis, n);
    match n.end.as_deref().map(end_text).as_deref() {
        Some("a draw") => label.push_str("\ndraw"),
        Some(end) => label.push_str(&format!("\n{end}")),
        None => {}
    }
    let style = if n.pv {
        ", color=red, fontcolor=red, penwidth=2"
    } else if n.best {
        ", color=red"
    } else {
        ""
    };
    let _ = writeln!(s, "  n{id} [label={}{style}];", quote(&label));
    let (_, text) = n.mv.as_ref().expect("a child has a move");
    let _ = writeln!(s, "  n{parent} -> n{id} [label={}{style}];", quote(text));
    for child in &n.children {
        node(s, analysis, child, id, next);
    }
}
