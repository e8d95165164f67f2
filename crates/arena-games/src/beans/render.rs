//! The two piles for people: one glyph per bean (counts only, for piles over 40).

use std::fmt::Write;

use super::Beans;
use crate::game::{Game, Outcome};

const BOLD: &str = "\x1b[1m";
const RESET: &str = "\x1b[0m";
/// Piles larger than this are shown by their count alone.
const MAX_GLYPHS: u32 = 40;

fn pile(s: &mut String, name: &str, key: &str, n: u32, glyph: &str, color: bool) {
    let (on, off) = if color { (BOLD, RESET) } else { ("", "") };
    let _ = write!(s, "{name} ({key}): {on}{n:>4}{off} ");
    if n <= MAX_GLYPHS {
        for _ in 0..n {
            s.push_str(glyph);
        }
    }
    s.push('\n');
}

/// Draws both piles, then whose turn it is or who won.
pub fn render(game: &Beans, color: bool) -> String {
    let mut s = String::new();
    pile(&mut s, "white", "w", game.white(), "o", color);
    pile(&mut s, "black", "b", game.black(), "*", color);
    match game.outcome() {
        None => {
            let _ = writeln!(s, "{} to move", game.to_move());
        }
        Some(Outcome::Win(p)) => {
            let _ = writeln!(s, "game over: {p} took the last bean and wins");
        }
        Some(Outcome::Draw) => s.push_str("game over: a draw\n"),
    }
    s
}
