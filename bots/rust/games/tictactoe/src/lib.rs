//! `bots/games/tictactoe.wasm`: tic-tac-toe for two or three players on any board. It
//! completes its own line when it can, else blocks the next seat's (the one that moves
//! right after it), else takes the empty cell nearest the centre.

use arena_sdk::games::tictactoe::TicTacToe;
use arena_sdk::prelude::*;

/// The move: win, else block the next seat, else the centre-most empty cell.
pub fn choose(ctx: &TableContext, view: &TicTacToe) -> u32 {
    let me = ctx.seat.index() as u8;
    let next = (me + 1) % view.players();
    let moves = view.legal_moves();
    if let Some(&win) = moves.iter().find(|&&c| view.completes_line(me, c)) {
        return win;
    }
    if let Some(&block) = moves.iter().find(|&&c| view.completes_line(next, c)) {
        return block;
    }
    let (rows, cols) = (view.rows(), view.cols());
    let off = |c: &u32| (2 * (c / cols)).abs_diff(rows - 1) + (2 * (c % cols)).abs_diff(cols - 1);
    moves
        .into_iter()
        .min_by_key(off)
        .expect("a game not over has a move")
}

arena_sdk::table_bot!(TicTacToe, choose);
