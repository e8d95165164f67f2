//! The exact solution of two-player 3 × 3 tic-tac-toe, k = 3: a memoised negamax over
//! every reachable position (at most 3^9 boards), preferring quicker wins and slower
//! losses.

use std::collections::HashMap;

use super::TicTacToe;

/// The value of `game` for the seat to move: positive a win in `10 − value` plies from the
/// start of the game's count, 0 a draw, negative a loss; memoised by board.
fn negamax(game: &mut TicTacToe, memo: &mut HashMap<Vec<u8>, i32>) -> i32 {
    if let Some(&v) = memo.get(&game.cells) {
        return v;
    }
    let value = if game.winner.is_some() {
        // The previous mover completed a line: a loss for the seat to move, sooner worse.
        -(10 - game.filled as i32)
    } else if game.is_terminal() {
        0
    } else {
        let mut best = i32::MIN;
        for cell in game.legal_moves() {
            game.place(cell);
            best = best.max(-negamax(game, memo));
            game.unplace(cell);
        }
        best
    };
    memo.insert(game.cells.clone(), value);
    value
}

/// Whether perfect play is defined here: 3 × 3, k = 3, two players.
fn solvable(game: &TicTacToe) -> bool {
    (game.rows, game.cols, game.k, game.players) == (3, 3, 3, 2)
}

/// The best move for the seat to move on a two-player 3 × 3, k = 3 board: the first cell
/// (ascending) of the highest value. `None` on other boards or when the game is over.
pub fn perfect_move(game: &TicTacToe) -> Option<u32> {
    if !solvable(game) || game.is_terminal() {
        return None;
    }
    let mut memo = HashMap::new();
    let mut work = game.clone();
    let mut best: Option<(i32, u32)> = None;
    for cell in game.legal_moves() {
        work.place(cell);
        let v = -negamax(&mut work, &mut memo);
        work.unplace(cell);
        if best.is_none_or(|(b, _)| v > b) {
            best = Some((v, cell));
        }
    }
    best.map(|(_, cell)| cell)
}

/// The value of the empty two-player 3 × 3 board for the first player: 0, a draw.
pub fn value_3x3() -> i32 {
    let mut game = TicTacToe::new(3, 3, 3, 2).expect("3x3, k=3, two players is valid");
    negamax(&mut game, &mut HashMap::new())
}
