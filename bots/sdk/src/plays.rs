//! `arena_plays`: what a bot declares it plays, for the games of one to four seats
//! (`docs/ABI.md`, "Games for one to four seats"), and the table builtins an any-game
//! bot plays them with.

use std::collections::BTreeMap;

use arena_games::game::{GameParams, Observed};
use arena_games::registry::{table_games, NativeBot, TableBot, TableKind};
use arena_games::strategy::table::TableStrategy;
use arena_games::strategy::Strategy;
use arena_games::{DecodeError, Game};

use crate::{AnyGameBot, AnyGameStrategy, TypedBot};

/// What a bot says to `arena_plays(game_id, seats)`.
pub trait Declares {
    /// Whether the bot plays game `game_id` with `seats` seats.
    fn plays(game_id: i32, seats: i32) -> bool;
}

/// A bot of one two-seat game plays it with two seats.
impl<G: Game, S: Strategy<G>> Declares for TypedBot<G, S> {
    fn plays(game_id: i32, seats: i32) -> bool {
        game_id == G::INFO.id && seats == 2
    }
}

/// A bot of one table game plays it with each seat count the game allows.
impl<G: Observed, S: TableStrategy<G>> Declares for TableBot<G, S> {
    fn plays(game_id: i32, seats: i32) -> bool {
        game_id == G::INFO.id && u8::try_from(seats).is_ok_and(|n| G::SEATS.contains(n))
    }
}

/// An any-game bot plays every registered game: the two-seat games with two seats, and
/// (when its strategy names a table builtin) every game of the table model with every
/// seat count it allows.
impl<S: AnyGameStrategy> Declares for AnyGameBot<S> {
    fn plays(game_id: i32, seats: i32) -> bool {
        let Ok(seats) = u8::try_from(seats) else {
            return false;
        };
        two_seat_header(game_id, seats)
            || (S::TABLE_BUILTIN.is_some() && table_kind(game_id, seats).is_ok())
    }
}

/// Whether the two-seat game `game_id` is played with the 8-word header at `seats` seats
/// (every registered two-seat game with two seats).
fn two_seat_header(game_id: i32, seats: u8) -> bool {
    seats == 2 && arena_games::games().iter().any(|g| g.info().id == game_id)
}

/// The game of the table model with id `game_id` played with `seats` seats.
fn table_kind(game_id: i32, seats: u8) -> Result<&'static dyn TableKind, DecodeError> {
    table_games()
        .iter()
        .map(|k| &**k)
        .find(|k| k.info().id == game_id && k.seats().contains(seats))
        .ok_or_else(|| {
            DecodeError(format!(
                "no game of the table model has id {game_id} with {seats} seats"
            ))
        })
}

/// The deepest an any-game bot's `"search"` looks by default in a game of the table
/// model, so that a move stays well within the default fuel budget (max^n prunes
/// nothing: pursuit's four plies cost about 30 ms natively, beyond the budget in the
/// sandbox).
pub const TABLE_SEARCH_DEPTH: u32 = 3;

/// The table builtin `name` of game `game_id` at `seats` seats, as `builtin:NAME` plays
/// it; `"search"` stands for the game's search (`maxn`, else `solver`, else `perfect`),
/// `depth` deep (default: the game's own depth, at most [`TABLE_SEARCH_DEPTH`]).
///
/// # Errors
/// [`DecodeError`] for an unknown game or a builtin it cannot field.
pub fn table_builtin(
    game_id: i32,
    seats: u8,
    name: &str,
    depth: Option<u32>,
) -> Result<Box<dyn NativeBot>, DecodeError> {
    let kind = table_kind(game_id, seats)?;
    let names = kind.strategy_names();
    let (name, depth) = if name == "search" {
        let search = ["maxn", "solver", "perfect"]
            .into_iter()
            .find(|n| names.contains(n))
            .unwrap_or("greedy");
        let default = kind.info().default_depth.min(TABLE_SEARCH_DEPTH);
        (search, Some(depth.unwrap_or(default)))
    } else {
        (name, depth)
    };
    let params = GameParams {
        rows: None,
        cols: None,
        options: BTreeMap::from([("players".to_string(), seats.to_string())]),
    };
    kind.builtin(name, depth, &params)
        .map_err(|e| DecodeError(e.to_string()))
}
