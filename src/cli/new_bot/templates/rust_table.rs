//! {{name}}: a bot for {{game}} (see arena's docs/games/{{doc}}.md for the rules).
//!
//! It plays the first legal move its seat's view allows. The SDK reads the words into
//! the game's view of the seat to move (`<Game as Observed>::View`): what this seat may know, never the
//! hidden setup; `Game::view_moves` lists its legal moves. `ctx` holds the seat, the ply
//! and the game's seed for your own randomness. Replace `choose` with something smarter.

use arena_sdk::games::game::TableGame;
use arena_sdk::prelude::*;

/// The game this bot plays (`table_bot!` declares it for {{seats}} seats: `arena_plays`).
type Game = {{type}};

/// Plays the first legal move.
fn choose(ctx: &TableContext, view: &<Game as Observed>::View) -> <Game as TableGame>::Move {
    let mut moves = Vec::new();
    Game::view_moves(view, &mut moves);
    debug_log(&format!("ply {}: {} legal moves", ctx.ply, moves.len()));
    moves[0]
}

arena_sdk::table_bot!(Game, choose);
