//! The board for people, with the original legend.
//!
//! With colour: player 1's visited cells on blue, player 2's on green, player 1's pawn on
//! light blue, player 2's on yellow, every operation still readable. Without colour (no
//! terminal, or `NO_COLOR`): visited cells show `(1)` / `(2)`, the pawns `[1]` / `[2]`.

use std::fmt::Write;

use super::{Cell, MathTricks, Op};
use crate::game::{Game, Player};
use crate::text::{decimal_len, push_decimal, push_padding, push_right_aligned};

const RESET: &str = "\x1b[0m";
const P1_VISITED: &str = "\x1b[44;97m";
const P2_VISITED: &str = "\x1b[42;30m";
const P1_PAWN: &str = "\x1b[104;30;1m";
const P2_PAWN: &str = "\x1b[103;30;1m";

/// Draws the position: column numbers, rows with their numbers, then the totals and whose
/// turn it is. The grid is written straight into one buffer (the report draws every
/// position of every game); `tests` compares it with the `format!` drawing.
pub fn render(game: &MathTricks, color: bool) -> String {
    let board = game.board();
    let width = board
        .ops()
        .iter()
        .map(|&op| op_len(op))
        .max()
        .unwrap_or(2)
        .max(3)
        + 1;
    let label = decimal_len(u64::from(board.rows() - 1));
    let styled = if color { P1_PAWN.len() + RESET.len() } else { 0 };
    let mut s = String::with_capacity(
        (board.rows() as usize + 1) * (label + 2 + board.cols() as usize * (width + styled))
            + 160,
    );
    push_padding(&mut s, 0, label);
    s.push(' ');
    for c in 0..board.cols() {
        push_right_aligned(&mut s, u64::from(c), width);
    }
    s.push('\n');
    for r in 0..board.rows() {
        push_right_aligned(&mut s, u64::from(r), label);
        s.push(' ');
        for c in 0..board.cols() {
            let cell = Cell::new(r, c);
            let pawn = Player::BOTH.into_iter().find(|&p| game.pawn(p) == cell);
            let visited = game.visited_by(cell);
            if color {
                let style = cell_style(pawn, visited);
                s.push_str(style);
                push_op(&mut s, board.op(cell), width);
                if !style.is_empty() {
                    s.push_str(RESET);
                }
            } else {
                match (pawn, visited) {
                    (Some(p), _) => push_mark(&mut s, ('[', ']'), p, width),
                    (None, Some(p)) => push_mark(&mut s, ('(', ')'), p, width),
                    (None, None) => push_op(&mut s, board.op(cell), width),
                }
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

/// How many characters an operation takes: its sign and its number.
/// The colour of a cell: its pawn's, else the colour of who visited it, else none.
fn cell_style(pawn: Option<Player>, visited: Option<Player>) -> &'static str {
    match (pawn, visited) {
        (Some(Player::First), _) => P1_PAWN,
        (Some(Player::Second), _) => P2_PAWN,
        (None, Some(Player::First)) => P1_VISITED,
        (None, Some(Player::Second)) => P2_VISITED,
        (None, None) => "",
    }
}

fn op_len(op: Op) -> usize {
    1 + decimal_len(u64::from(op_parts(op).1))
}

/// An operation's sign and number, as its `Display` writes them.
fn op_parts(op: Op) -> (char, u32) {
    match op {
        Op::Add(k) => ('+', k),
        Op::Sub(k) => ('-', k),
        Op::Mul(k) => ('x', k),
        Op::Div(k) => ('/', k),
    }
}

/// An operation right-aligned in `width` (as `{op:>width$}` of its text).
fn push_op(s: &mut String, op: Op, width: usize) {
    let (sign, k) = op_parts(op);
    push_padding(s, op_len(op), width);
    s.push(sign);
    push_decimal(s, u64::from(k));
}

/// A seat's mark, `[1]` or `(2)`, right-aligned in `width`.
fn push_mark(s: &mut String, (open, close): (char, char), p: Player, width: usize) {
    push_padding(s, 3, width);
    s.push(open);
    s.push(char::from(b'0' + p.number()));
    s.push(close);
}

#[cfg(test)]
mod tests {
    use std::fmt::Write;

    use proptest::prelude::*;

    use super::*;
    use crate::game::GameParams;
    use crate::rng::GameRng;

    /// The drawing as `format!` writes it: what `render` must equal, byte for byte.
    fn reference(game: &MathTricks, color: bool) -> String {
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
                    let style = cell_style(pawn, visited);
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
        // The totals and the last line are written by the same code in both.
        let grid = s.len();
        let whole = render(game, color);
        s.push_str(whole.get(grid..).unwrap_or_default());
        s
    }

    proptest! {
        /// Every position of random games on boards of many sizes (row labels of one
        /// and two digits, operands of one to several digits), in both styles.
        #[test]
        fn render_equals_the_formatted_drawing(
            rows in 4u32..=24,
            cols in 4u32..=24,
            seed in any::<u64>(),
        ) {
            let params = GameParams::sized(rows, cols);
            let mut game = MathTricks::new_random(&params, &mut GameRng::new(seed)).unwrap();
            let mut moves = Vec::new();
            for step in 0u64.. {
                for color in [false, true] {
                    prop_assert_eq!(render(&game, color), reference(&game, color));
                }
                moves.clear();
                game.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                let mv = moves[(seed.wrapping_add(step) % moves.len() as u64) as usize];
                game.play(mv).unwrap();
            }
        }
    }
}
