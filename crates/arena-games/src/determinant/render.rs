//! The table for people: the 3 × 3 grid with row and column numbers, each full row's and
//! column's product beside it, the numbers left, then whose turn it is or the result.

use std::fmt::Write;

use super::{role, sums, Determinant, SIDE};
use crate::game::{Game, Outcome};

const BOLD: &str = "\x1b[1m";
const RESET: &str = "\x1b[0m";

/// The product of three cells, or blank while one is empty.
fn product(cells: [u8; 3]) -> String {
    if cells.contains(&0) {
        String::new()
    } else {
        cells.iter().map(|&n| n as u32).product::<u32>().to_string()
    }
}

/// Draws the table, then the numbers left and whose turn it is, or SA, SB and the winner.
pub fn render(game: &Determinant, color: bool) -> String {
    let (on, off) = if color { (BOLD, RESET) } else { ("", "") };
    let c = game.cells();
    let mut s = String::from("      1   2   3    row product\n");
    for r in 0..SIDE {
        let _ = write!(s, "  {}  ", r + 1);
        for k in 0..SIDE {
            let n = c[r * SIDE + k];
            let cell = if n == 0 {
                " . ".to_string()
            } else {
                format!(" {on}{n}{off} ")
            };
            s.push_str(&cell);
            s.push(if k + 1 < SIDE { '|' } else { ' ' });
        }
        let _ = writeln!(s, "   {}", product([c[3 * r], c[3 * r + 1], c[3 * r + 2]]));
        if r + 1 < SIDE {
            s.push_str("     ---+---+---\n");
        }
    }
    s.push_str("  col");
    for k in 0..SIDE {
        let _ = write!(s, "{:>4}", product([c[k], c[k + 3], c[k + 6]]));
    }
    s.push_str("   (column products)\n");
    match game.outcome() {
        None => {
            let left: Vec<String> = game.left().iter().map(u8::to_string).collect();
            let _ = writeln!(s, "numbers left: {}", left.join(" "));
            let p = game.to_move();
            let _ = writeln!(s, "{p} ({}) to move", role(p));
        }
        Some(result) => {
            let (a, b) = sums(c);
            let _ = writeln!(
                s,
                "SA (rows) = {on}{a}{off}, SB (columns) = {on}{b}{off}, SA - SB = {}",
                a - b
            );
            match result {
                Outcome::Win(p) => {
                    let _ = writeln!(s, "game over: {p} ({}) wins", role(p));
                }
                Outcome::Draw => s.push_str("game over: a draw (SA = SB)\n"),
            }
        }
    }
    s
}
