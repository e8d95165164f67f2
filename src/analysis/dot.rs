//! The analysis as a Graphviz graph (`dot -Tsvg tree.dot > tree.svg`): one box per
//! position with its value for the player to move at the root, edges labelled with the
//! moves; the principal variation in bold red (as the classic Min-Max programs draw the
//! chosen branch), moves as good as the chosen one in red.

use std::fmt::Write;

use arena_games::Outcome;

use super::{value_text, Analysis, Node};

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
    let title = format!(
        "{} — {}\nminimax to depth {}, ties broken with seed {}; values for {seat}",
        analysis.game, analysis.position, analysis.depth, analysis.seed
    );
    let _ = writeln!(s, "  label={};\n  labelloc=t;", quote(&title));
    s.push_str("  node [shape=box, fontname=\"monospace\"];\n");
    s.push_str("  edge [fontname=\"monospace\"];\n");
    let root_label = format!("{seat} to move\nvalue {}", value_text(analysis.value()));
    let _ = writeln!(s, "  n0 [label={}, penwidth=2];", quote(&root_label));
    let mut next = 1;
    for child in &analysis.root.children {
        node(&mut s, child, 0, &mut next);
    }
    s.push_str("}\n");
    s
}

fn node(s: &mut String, n: &Node, parent: usize, next: &mut usize) {
    let id = *next;
    *next += 1;
    let mut label = value_text(n.value);
    match n.end {
        Some(Outcome::Win(p)) => label.push_str(&format!("\n{p} wins")),
        Some(Outcome::Draw) => label.push_str("\ndraw"),
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
        node(s, child, id, next);
    }
}
