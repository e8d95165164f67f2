//! The table for people: the total, then the cards left of each value.

use std::fmt::Write;

use super::{Cards24, TARGET};
use crate::game::{Game, Outcome};

const BOLD: &str = "\x1b[1m";
const RESET: &str = "\x1b[0m";

/// Draws the total and the cards on the table, then whose turn it is or who won.
pub fn render(game: &Cards24, color: bool) -> String {
    let (on, off) = if color { (BOLD, RESET) } else { ("", "") };
    let mut s = String::new();
    let _ = writeln!(
        s,
        "total {on}{}{off} of {TARGET} (exactly {TARGET} wins, more loses)",
        game.total()
    );
    for (v, &n) in (1..).zip(game.left().iter()) {
        let cards = format!("[{v}]").repeat(n as usize);
        let _ = writeln!(s, "  {v}: {n} left {cards}");
    }
    match game.outcome() {
        None => {
            let _ = writeln!(s, "{} to move", game.to_move());
        }
        Some(Outcome::Win(p)) if game.total() == TARGET => {
            let _ = writeln!(s, "game over: {p} reached exactly {TARGET} and wins");
        }
        Some(Outcome::Win(p)) => {
            let _ = writeln!(s, "game over: {} went past {TARGET}; {p} wins", p.other());
        }
        Some(Outcome::Draw) => s.push_str("game over: a draw\n"),
    }
    s
}
