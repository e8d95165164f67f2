//! The board for people, with the original legend.
//!
//! With colour: player 1's visited cells on blue, player 2's on green, player 1's pawn on
//! light blue, player 2's on yellow, every operation still readable. Without colour (no
//! terminal, or `NO_COLOR`): visited cells show `(1)` / `(2)`, the pawns `[1]` / `[2]`.

use std::fmt::Write;

use super::{Cell, MathTricks};
use crate::game::{Game, Player};

const RESET: &str = "\x1b[0m";
const P1_VISITED: &str = "\x1b[44;97m";
const P2_VISITED: &str = "\x1b[42;30m";
const P1_PAWN: &str = "\x1b[104;30;1m";
const P2_PAWN: &str = "\x1b[103;30;1m";

/// Draws the position: column numbers, rows with their numbers, then the totals and whose
/// turn it is.
pub fn render(game: &MathTricks, color: bool) -> String {
    let board = game.board();
    let width = board
        .ops()
        .iter()
        .map(|op| op.to_string().len())
        .max()
        .unwrap_or(2)
        .max(3)
        + 1;
    let label = (board.rows() - 1).to_string().len();
    let mut s = String::new();
    let _ = write!(s, "{:label$} ", "");
    for c in 0..board.cols() {
        let _ = write!(s, "{c:>width$}");
    }
    s.push('\n');
    for r in 0..board.rows() {
        let _ = write!(s, "{r:>label$} ");
        for c in 0..board.cols() {
            let cell = Cell::new(r, c);
            let pawn = Player::BOTH.into_iter().find(|&p| game.pawn(p) == cell);
            let visited = game.visited_by(cell);
            if color {
                let style = match (pawn, visited) {
                    (Some(Player::First), _) => P1_PAWN,
                    (Some(Player::Second), _) => P2_PAWN,
                    (None, Some(Player::First)) => P1_VISITED,
                    (None, Some(Player::Second)) => P2_VISITED,
                    (None, None) => "",
                };
                let text = board.op(cell).to_string();
                if style.is_empty() {
                    let _ = write!(s, "{text:>width$}");
                } else {
                    let _ = write!(s, "{style}{text:>width$}{RESET}");
                }
            } else {
                let text = match (pawn, visited) {
                    (Some(p), _) => format!("[{}]", p.number()),
                    (None, Some(p)) => format!("({})", p.number()),
                    (None, None) => board.op(cell).to_string(),
                };
                let _ = write!(s, "{text:>width$}");
            }
        }
        s.push('\n');
    }
    for p in Player::BOTH {
        let pawn = game.pawn(p);
        let mark = match (color, p) {
            (true, Player::First) => format!("{P1_PAWN} 1 {RESET}"),
            (true, Player::Second) => format!("{P2_PAWN} 2 {RESET}"),
            (false, _) => format!("[{}]", p.number()),
        };
        let _ = writeln!(s, "{mark} {p}: total {} at ({pawn})", game.total(p));
    }
    match game.outcome() {
        None => {
            let _ = writeln!(s, "{} to move", game.to_move());
        }
        Some(crate::Outcome::Win(p)) => {
            let _ = writeln!(s, "game over: {p} wins");
        }
        Some(crate::Outcome::Draw) => {
            let _ = writeln!(s, "game over: a draw");
        }
    }
    s
}
