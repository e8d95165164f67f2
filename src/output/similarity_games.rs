//! The games a similarity report draws its positions from (`crate::similarity`), read
//! from a results folder through the replay store and the replay formats' own parsers:
//! two-seat replays and table replays alike.

use std::path::Path;

use super::replay::{Replay, MAGIC};
use super::replay_store::Store;
use super::table_replay::{TableReplay, MAGIC as TABLE_MAGIC};
use super::OutputError;
use crate::similarity::positions::Recorded;

/// Every recorded game of the results folder `results`, by game id.
///
/// # Errors
/// [`OutputError`] naming the replay store when it cannot be read, or a replay does not
/// parse or is of another game than `game`.
pub fn recorded(results: &Path, game: &str) -> Result<Vec<Recorded>, OutputError> {
    let store = Store::open(results)?;
    let mut games = Vec::new();
    for id in store.ids() {
        let Some(text) = store.text(id)? else {
            continue;
        };
        let bad = |why: String| {
            OutputError::corrupt(
                &super::replay_store::path(results),
                format!("game {id}: {why}"),
            )
        };
        let (name, size, setup, moves) = if text.starts_with(TABLE_MAGIC) {
            let r = TableReplay::parse(&text).map_err(|e| bad(e.to_string()))?;
            (
                r.game,
                r.size,
                r.setup,
                r.moves.into_iter().map(|(_, m)| m).collect(),
            )
        } else if text.starts_with(MAGIC) {
            let r = Replay::parse(&text).map_err(|e| bad(e.to_string()))?;
            (r.game, r.size, r.setup, r.moves)
        } else {
            return Err(bad("not a replay arena writes".to_string()));
        };
        if name != game {
            return Err(bad(format!("a replay of {name} in a tournament of {game}")));
        }
        games.push(Recorded {
            game_id: id,
            size,
            setup,
            moves,
        });
    }
    Ok(games)
}
