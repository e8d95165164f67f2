//! The positions a similarity report asks about: drawn from the tournament's own games
//! (every position before a recorded move, the games read by
//! `output::similarity_games`), in an order shuffled from the tournament seed,
//! then rebuilt under the rules.

use arena_games::registry::{AnyTable, TableKind};
use arena_games::rng::GameRng;

use super::SimilarityError;

/// One recorded game as the report needs it: its starting setup and its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recorded {
    /// The game id.
    pub game_id: u64,
    /// Rows and columns of its board.
    pub size: [u32; 2],
    /// The starting position's setup line.
    pub setup: String,
    /// The accepted moves in order.
    pub moves: Vec<i32>,
}

/// Where a position is: before move `ply` (from 0) of game `game_id`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
pub struct Place {
    /// The game id.
    pub game_id: u64,
    /// Moves played before it.
    pub ply: u32,
}

/// Every place of `games` in an order shuffled by `seed` (the same seed, the same order).
pub fn shuffled_places(games: &[Recorded], seed: u64) -> Vec<(usize, Place)> {
    let mut places: Vec<(usize, Place)> = games
        .iter()
        .enumerate()
        .flat_map(|(i, g)| {
            (0..g.moves.len()).map(move |ply| {
                (
                    i,
                    Place {
                        game_id: g.game_id,
                        ply: ply as u32,
                    },
                )
            })
        })
        .collect();
    GameRng::new(seed).shuffle(&mut places);
    places
}

/// The position before move `ply` of `game`, rebuilt under the rules of `kind`.
///
/// # Errors
/// [`SimilarityError::Replay`] when the setup does not read or a recorded move is illegal.
pub fn rebuild(
    kind: &dyn TableKind,
    game: &Recorded,
    ply: u32,
) -> Result<Box<dyn AnyTable>, SimilarityError> {
    let bad = |why: String| SimilarityError::Replay {
        game_id: game.game_id,
        why,
    };
    let mut state = kind
        .start_from_setup(&game.setup)
        .map_err(|e| bad(e.to_string()))?;
    for (i, &m) in game.moves.iter().take(ply as usize).enumerate() {
        state
            .play(m)
            .map_err(|e| bad(format!("move {}: {}", i + 1, e.reason)))?;
    }
    Ok(state)
}
