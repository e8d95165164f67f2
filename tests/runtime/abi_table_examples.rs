//! The hand-written WAT example of a table game, `bots/games/tictactoe/tictactoe_first.wat`, run
//! through the real sandbox: its `arena_plays` answers, and whole tic-tac-toe games
//! against itself fed the words `arena_games`' table registry writes (the 11-word table
//! header, then the board), every move checked against the game's legal moves.

use crate::common;

use std::sync::LazyLock;

use arena::bot::Bot;
use arena::runtime::{check_plays, Declared, Limits, Sandbox, WasmModule};
use arena_games::registry::{find_table_game, AnyTable};
use arena_games::GameParams;

static SANDBOX: LazyLock<Sandbox> =
    LazyLock::new(|| Sandbox::new(Limits::default()).expect("default sandbox"));

const TICTACTOE: i32 = 11;

fn example() -> WasmModule {
    let path = common::root().join("bots/games/tictactoe/tictactoe_first.wat");
    SANDBOX.load(&path).expect("the example loads")
}

/// A tic-tac-toe game of `rows` x `cols`, `k` in a row, for `players`.
fn game(rows: u32, cols: u32, k: u32, players: u32) -> Box<dyn AnyTable> {
    let mut params = GameParams::sized(rows, cols);
    params.options.insert("k".into(), k.to_string());
    params.options.insert("players".into(), players.to_string());
    find_table_game("tictactoe")
        .unwrap()
        .new_game(&params, 7)
        .expect("a valid game")
}

/// The example's move for the seat to move in `state`, from a fresh instance, checked
/// legal.
fn ask(state: &dyn AnyTable, bot: &mut dyn Bot, ply: u32) -> i32 {
    let mut words = Vec::new();
    state.observation(ply, 99, &mut words);
    assert_eq!(words[2], 11, "the table header's length");
    assert_eq!(words[8], i32::from(state.seat_count()), "the seat count");
    assert_eq!(words[3], state.to_move().index() as i32, "the mover's seat");
    let raw = bot.choose_move(&words).expect("the example answers").raw;
    assert!(
        state.legal_moves().contains(&raw),
        "move {raw} is not legal at ply {ply}:\n{}",
        state.render(arena_games::game::Viewer::All, false)
    );
    raw
}

/// Plays `state` to the end with the example in every seat (one instance per seat, as
/// the referee gives), returning the moves.
fn play_out(mut state: Box<dyn AnyTable>) -> (Box<dyn AnyTable>, Vec<i32>) {
    let module = example();
    let mut bots: Vec<_> = (0..state.seat_count())
        .map(|seat| module.instantiate(u64::from(seat)).expect("instantiates"))
        .collect();
    let mut moves = Vec::new();
    while !state.is_terminal() {
        let seat = state.to_move().index();
        let raw = ask(state.as_ref(), &mut bots[seat], moves.len() as u32);
        state.play(raw).expect("a legal move plays");
        moves.push(raw);
    }
    (state, moves)
}

/// The state after `moves` (played by the seats in turn).
fn after(mut state: Box<dyn AnyTable>, moves: &[i32]) -> Box<dyn AnyTable> {
    for &m in moves {
        state.play(m).unwrap();
    }
    state
}

/// The example's move in the position after `moves`.
fn reply(state: Box<dyn AnyTable>, moves: &[i32]) -> i32 {
    let state = after(state, moves);
    let mut bot = example().instantiate(1).unwrap();
    ask(state.as_ref(), &mut bot, moves.len() as u32)
}

#[test]
fn arena_plays_declares_tictactoe_for_two_and_three_seats_only() {
    let m = example();
    assert_eq!(m.plays(TICTACTOE, 2), Ok(Declared::Plays));
    assert_eq!(m.plays(TICTACTOE, 3), Ok(Declared::Plays));
    for (game, seats) in [
        (TICTACTOE, 1),
        (TICTACTOE, 4),
        (12, 1),
        (12, 2),
        (13, 3),
        (1, 2),
    ] {
        assert_eq!(
            m.plays(game, seats),
            Ok(Declared::DoesNotPlay),
            "{game} {seats}"
        );
    }
    assert_eq!(check_plays(&m, TICTACTOE, "tictactoe", 3), Ok(()));
    let err = check_plays(&m, 12, "minesweeper", 1)
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with("the module's arena_plays says it does not play minesweeper with 1 seat"),
        "{err}"
    );
    // The two-seat example declares nothing: it plays only the two-seat games.
    let first_legal = SANDBOX
        .load(common::root().join("bots/wat/first_legal.wat"))
        .unwrap();
    assert_eq!(first_legal.plays(TICTACTOE, 2), Ok(Declared::Undeclared));
}

#[test]
fn three_by_three_two_players_plays_to_the_end() {
    let (end, moves) = play_out(game(3, 3, 3, 2));
    let results = end.results().expect("the game is over");
    assert_eq!(results.len(), 2);
    assert!(moves.len() >= 5 && moves.len() <= 9, "{moves:?}");
    // Deterministic: the same words give the same moves.
    assert_eq!(play_out(game(3, 3, 3, 2)).1, moves);
}

#[test]
fn four_by_four_three_in_a_row_three_players_plays_to_the_end() {
    let (end, moves) = play_out(game(4, 4, 3, 3));
    let results = end.results().expect("the game is over");
    assert_eq!(results.len(), 3);
    assert!(moves.len() <= 16, "{moves:?}");
}

#[test]
fn larger_boards_play_to_the_end_too() {
    for (rows, cols, k, players) in [(15, 15, 5, 3), (3, 15, 3, 2), (6, 4, 4, 2)] {
        let (end, _) = play_out(game(rows, cols, k, players));
        assert!(
            end.results().is_some(),
            "{rows}x{cols} k={k} players={players}"
        );
    }
}

#[test]
fn it_wins_before_it_blocks_and_blocks_before_the_first_empty_cell() {
    // 3 x 3: seat 0 holds 6, 7 (wins at 8), seat 1 holds 0, 1 (threatens 2).
    assert_eq!(reply(game(3, 3, 3, 2), &[6, 0, 7, 1]), 8);
    // Seat 0 holds 2, 5 (threatens 8); seat 1, to move, holds 0 and blocks at 8.
    assert_eq!(reply(game(3, 3, 3, 2), &[2, 0, 5]), 8);
    // Nothing to win or block: the first empty cell.
    assert_eq!(reply(game(3, 3, 3, 2), &[0, 4]), 1);
    // Three players on 4 x 4, k = 3: seat 0 to move, holding 15 and 12, cannot win;
    // seat 1 holds 0 and 3 (no threat); seat 2 (the seat after next, mark 3) holds 6
    // and 10 and would complete column 2 at 2 (or 14). The first empty cell is 1.
    assert_eq!(reply(game(4, 4, 3, 3), &[15, 0, 6, 12, 3, 10]), 2);
}
