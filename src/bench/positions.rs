//! Boards and positions every measurement shares, all derived from fixed seeds.

use arena_games::{find_game, AnyGame, GameKind, GameParams};

use crate::bot::Bot;

/// MathTricks, the game every figure is measured on.
pub fn mathtricks() -> &'static dyn GameKind {
    find_game("mathtricks").expect("MathTricks is registered")
}

/// A fresh `rows` x `cols` MathTricks game from `seed`.
pub fn board(rows: u32, cols: u32, seed: u64) -> Box<dyn AnyGame> {
    let params = GameParams {
        rows: Some(rows),
        cols: Some(cols),
        options: Default::default(),
    };
    mathtricks()
        .new_game(&params, seed)
        .expect("a valid MathTricks size")
}

/// The state words of the mid-game positions reached by playing `bot` against itself
/// on `boards` boards (seeds 1, 2, ...), one position every `every` plies from ply
/// `from`, as the referee would write them for the player to move.
pub fn positions(
    rows: u32,
    cols: u32,
    boards: u64,
    from: u32,
    every: u32,
    bot: &mut dyn Bot,
) -> Vec<Vec<i32>> {
    let mut out = Vec::new();
    let mut words = Vec::new();
    for seed in 1..=boards {
        let mut game = board(rows, cols, seed);
        let mut ply = 0;
        while !game.is_terminal() {
            game.observation(ply, seed, &mut words);
            if ply >= from && (ply - from).is_multiple_of(every) {
                out.push(words.clone());
            }
            let reply = bot.choose_move(&words).expect("a builtin never faults");
            game.play(reply.raw).expect("a builtin plays legal moves");
            ply += 1;
        }
    }
    out
}
