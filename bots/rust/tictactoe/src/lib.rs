//! `games/tictactoe.wasm`: tic-tac-toe for two or three players on any m × n board with
//! k in a row. Completes a line of its own if it can, else blocks the line a rival would
//! complete (the next rival to move first), else takes the centre, else a corner, else
//! the empty cell nearest the centre.

use arena_sdk::games::tictactoe::TicTacToe;
use arena_sdk::prelude::*;

/// The four directions a line can run in: along a row, a column and both diagonals.
const DIRECTIONS: [(i64, i64); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

/// Whether a mark of `seat` on the empty `cell` would complete `k` in a row.
fn completes(board: &TicTacToe, cell: u32, seat: u8) -> bool {
    let (rows, cols) = (i64::from(board.rows()), i64::from(board.cols()));
    let (r, c) = (
        i64::from(cell / board.cols()),
        i64::from(cell % board.cols()),
    );
    let owned = |r: i64, c: i64| {
        (0..rows).contains(&r)
            && (0..cols).contains(&c)
            && board.mark((r * cols + c) as u32) == Some(seat)
    };
    DIRECTIONS.iter().any(|&(dr, dc)| {
        // Run outward both ways from `cell` over the seat's marks.
        let run = |sign: i64| {
            (1..)
                .take_while(|&i| owned(r + sign * i * dr, c + sign * i * dc))
                .count() as u32
        };
        1 + run(1) + run(-1) >= board.k()
    })
}

/// Distance of `cell` from the board's centre, in half-cells (so even boards have four
/// central cells at equal distance).
fn off_centre(board: &TicTacToe, cell: u32) -> u32 {
    let (r, c) = (cell / board.cols(), cell % board.cols());
    (2 * r + 1).abs_diff(board.rows()) + (2 * c + 1).abs_diff(board.cols())
}

/// Whether `cell` is one of the board's four corners.
fn is_corner(board: &TicTacToe, cell: u32) -> bool {
    let (r, c) = (cell / board.cols(), cell % board.cols());
    (r == 0 || r + 1 == board.rows()) && (c == 0 || c + 1 == board.cols())
}

fn choose(_ctx: &TableContext, board: &TicTacToe) -> u32 {
    let moves = board.legal_moves();
    let me = board.to_move();
    if let Some(&win) = moves.iter().find(|&&cell| completes(board, cell, me)) {
        return win;
    }
    // The rivals in the order they move after me: the next one's threat is the most urgent.
    let players = board.players();
    for rival in (1..players).map(|i| (me + i) % players) {
        if let Some(&block) = moves.iter().find(|&&cell| completes(board, cell, rival)) {
            debug_log(&format!("blocking seat {rival} at cell {block}"));
            return block;
        }
    }
    // The central cells (one, two or four of them) are at this distance from the centre.
    let central =
        u32::from(board.rows().is_multiple_of(2)) + u32::from(board.cols().is_multiple_of(2));
    if let Some(&centre) = moves
        .iter()
        .find(|&&cell| off_centre(board, cell) == central)
    {
        return centre;
    }
    if let Some(&corner) = moves.iter().find(|&&cell| is_corner(board, cell)) {
        return corner;
    }
    *moves
        .iter()
        .min_by_key(|&&cell| off_centre(board, cell))
        .expect("the referee asks only while a cell is empty")
}

arena_sdk::table_bot!(TicTacToe, choose);

#[cfg(test)]
mod tests {
    use super::*;

    fn board(marks: &[(u32, u8)]) -> TicTacToe {
        let mut game = TicTacToe::new(3, 3, 3, 2).unwrap();
        for &(cell, _) in marks {
            game.place(cell);
        }
        game
    }

    fn ctx() -> TableContext {
        TableContext {
            seat: arena_sdk::games::game::Seat::new(0).unwrap(),
            ply: 0,
            seed: 0,
        }
    }

    #[test]
    fn wins_then_blocks_then_takes_the_centre_then_a_corner() {
        // X 0, O 3, X 1, O 4: X to move completes the top row.
        assert_eq!(choose(&ctx(), &board(&[(0, 0), (3, 1), (1, 0), (4, 1)])), 2);
        // X 0, O 4, X 8, O 2: X must block O's diagonal 2-4-6.
        assert_eq!(choose(&ctx(), &board(&[(0, 0), (4, 1), (8, 0), (2, 1)])), 6);
        assert_eq!(choose(&ctx(), &board(&[])), 4, "the centre first");
        assert_eq!(choose(&ctx(), &board(&[(4, 0)])), 0, "then a corner");
    }
}
