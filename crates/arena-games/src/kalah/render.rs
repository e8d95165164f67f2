//! Kalah drawn as the seed draws it: the second player's pits on top (right to left), the
//! first player's below, the kalahs at the ends.

use super::Kalah;

/// The board as text: kalah 13 on the left, kalah 6 on the right.
pub(super) fn render(game: &Kalah, color: bool) -> String {
    let b = game.board();
    let cell = |s: u32| {
        if color && s > 0 {
            format!("\x1b[1m{s:>3}\x1b[0m")
        } else {
            format!("{s:>3}")
        }
    };
    let top: String = (7..13).rev().map(|h| cell(b[h])).collect();
    let bottom: String = (0..6).map(|h| cell(b[h])).collect();
    format!(
        "     {top}      (player 2)\n{:>3}  {}  {:>3}\n     {bottom}      (player 1)\n",
        b[13],
        " ".repeat(18),
        b[6]
    )
}
