//! The heaps for people, numbered from 1, one `|` per stone (counts only above 40).

use std::fmt::Write;

use super::Nim;
use crate::game::{Game, Outcome};

const BOLD: &str = "\x1b[1m";
const RESET: &str = "\x1b[0m";
/// Heaps larger than this are shown by their count alone.
const MAX_GLYPHS: u32 = 40;

/// Draws every heap, then whose turn it is or who won.
pub fn render(game: &Nim, color: bool) -> String {
    let (on, off) = if color { (BOLD, RESET) } else { ("", "") };
    let label = game.heaps().len().to_string().len();
    let mut s = String::new();
    for (i, &h) in game.heaps().iter().enumerate() {
        let _ = write!(s, "heap {:>label$}: {on}{h:>4}{off} ", i + 1);
        if h <= MAX_GLYPHS {
            s.push_str(&"|".repeat(h as usize));
        }
        s.push('\n');
    }
    match game.outcome() {
        None => {
            let _ = writeln!(s, "{} to move", game.to_move());
        }
        Some(Outcome::Win(p)) => {
            let _ = writeln!(s, "game over: {p} took the last stone and wins");
        }
        Some(Outcome::Draw) => s.push_str("game over: a draw\n"),
    }
    s
}
