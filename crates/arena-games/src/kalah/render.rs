//! Kalah drawn as the seed draws it: two rows of pits with the kalahs at the ends. Player
//! 2's pits on top, right to left (each pit faces its opposite), player 1's below, player
//! 2's kalah on the left and player 1's on the right; each row is numbered as its owner
//! types the pits (1 to 6 from the owner's left).

use std::fmt::Write;

use super::Kalah;
use crate::game::{Game, Outcome, Player};

/// The board, then whose turn it is or how the game ended.
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
    let mut s = String::new();
    let _ = writeln!(s, "       6  5  4  3  2  1   seat 2's pits");
    let _ = writeln!(s, "     {top}");
    let _ = writeln!(s, "{:>3}  {}  {:>3}", b[13], " ".repeat(18), b[6]);
    let _ = writeln!(s, "     {bottom}");
    let _ = writeln!(s, "       1  2  3  4  5  6   seat 1's pits");
    let _ = writeln!(
        s,
        "kalahs: seat 1 {} (right), seat 2 {} (left); {} rules, {} stones a pit",
        b[6],
        b[13],
        game.rules().name(),
        game.stones()
    );
    match game.outcome() {
        None => {
            let _ = writeln!(s, "{} to move", game.to_move());
        }
        Some(Outcome::Win(p)) => {
            let [first, _] = game.scores();
            let margin = if p == Player::First { first } else { -first };
            let _ = writeln!(s, "game over: {p} wins (kalah difference {margin})");
        }
        Some(Outcome::Draw) => s.push_str("game over: a draw\n"),
    }
    s
}
