//! The board for people: row numbers on the left (row 0 at the bottom), column numbers
//! below, `*` on goal squares and the piece's letter where it stands. With colour the
//! piece is bold yellow and the goal squares green.

use std::fmt::Write;

use super::{OneWay, Piece, Square};
use crate::game::{Game, Outcome};

const RESET: &str = "\x1b[0m";
const PIECE: &str = "\x1b[1;93m";
const GOAL: &str = "\x1b[32m";

/// Draws the board, then where the piece is and whose turn it is (or who won).
pub fn render<P: Piece>(game: &OneWay<P>, color: bool) -> String {
    let width = (game.cols() - 1).to_string().len() + 1;
    let label = (game.rows() - 1).to_string().len();
    let mut s = String::new();
    for row in (0..game.rows()).rev() {
        let _ = write!(s, "{row:>label$} ");
        for col in 0..game.cols() {
            let sq = Square { row, col };
            let (text, style) = if sq == game.at() {
                (P::SYMBOL, PIECE)
            } else if P::is_goal(sq) {
                ('*', GOAL)
            } else {
                ('.', "")
            };
            if color && !style.is_empty() {
                let _ = write!(s, "{style}{text:>width$}{RESET}");
            } else {
                let _ = write!(s, "{text:>width$}");
            }
        }
        s.push('\n');
    }
    let _ = write!(s, "{:label$} ", "");
    for col in 0..game.cols() {
        let _ = write!(s, "{col:>width$}");
    }
    s.push('\n');
    let name = P::INFO.name;
    let _ = writeln!(
        s,
        "{name} on ({}); it moves {}; goal: {}",
        game.at(),
        P::RULE,
        P::GOAL
    );
    match game.outcome() {
        None => {
            let _ = writeln!(s, "{} to move", game.to_move());
        }
        Some(Outcome::Win(p)) => {
            let _ = writeln!(s, "game over: {p} reached the goal and wins");
        }
        Some(Outcome::Draw) => s.push_str("game over: a draw\n"),
    }
    s
}
