//! The declaration of the games of one to four seats a module plays: the optional export
//! `arena_plays(game_id, seats) -> i32` (`docs/ABI.md`, "Games for one to four seats").
//!
//! A module written for the two-seat games never receives the table header: without the
//! export it is taken to play only the two-seat games, and a game of the table model
//! refuses it at load with the reason. The runtime knows no games: it is handed the id,
//! the seat count and, for messages, the game's name.

use thiserror::Error;

use super::module::PLAYS_EXPORT;
use super::stop::{Form, Stop};
use super::WasmModule;
use crate::bot::Fault;
use crate::units::counted;

/// What a module says about one game and seat count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Declared {
    /// `arena_plays` answered nonzero.
    Plays,
    /// `arena_plays` answered 0.
    DoesNotPlay,
    /// The module does not export `arena_plays`: it plays the two-seat games only.
    Undeclared,
}

/// Why a module may not play a game of the table model.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlaysRefusal {
    /// The module does not export `arena_plays`.
    #[error("the module does not export arena_plays, so it plays only the two-seat games; {game} with {} needs it (docs/ABI.md, \"Games for one to four seats\")", counted(*seats, "seat", "seats"))]
    Undeclared {
        /// The game's name.
        game: String,
        /// The seat count.
        seats: u8,
    },
    /// `arena_plays` said no.
    #[error("the module's arena_plays says it does not play {game} with {}", counted(*seats, "seat", "seats"))]
    DoesNotPlay {
        /// The game's name.
        game: String,
        /// The seat count.
        seats: u8,
    },
    /// Asking failed: the instance or the call faulted.
    #[error("asking its arena_plays about {game} failed: {fault}")]
    Fault {
        /// The game's name.
        game: String,
        /// What happened.
        fault: Fault,
    },
}

impl WasmModule {
    /// Asks the module whether it plays game `game_id` with `seats` seats: on a fresh
    /// instance (seed 0), the call under what is left of the instantiation fuel budget and
    /// every cap of a move.
    ///
    /// # Errors
    /// The [`Fault`] of the instance or of the call (a trap, out of fuel, a cap reached).
    pub fn plays(&self, game_id: i32, seats: u8) -> Result<Declared, Fault> {
        if !self.exports().iter().any(|e| e.name == PLAYS_EXPORT.0) {
            return Ok(Declared::Undeclared);
        }
        let (answer, _) = self.judged(|form| self.ask_plays(form, game_id, seats))?;
        Ok(if answer != 0 {
            Declared::Plays
        } else {
            Declared::DoesNotPlay
        })
    }
}

impl WasmModule {
    /// `arena_plays(game_id, seats)` on a fresh instance of `form` (seed 0), under what
    /// is left of the instantiation fuel budget.
    fn ask_plays(&self, form: Form, game_id: i32, seats: u8) -> Result<i32, Stop> {
        let limits = &self.inner.shared.limits;
        let budget = limits.fuel_instantiate;
        let (mut store, instance, _) = self.start_on(form, budget, 0)?;
        let secs = limits.timeout_secs;
        let plays = instance
            .get_typed_func::<(i32, i32), i32>(&mut store, PLAYS_EXPORT.0)
            .map_err(|e| Stop::of(&mut store, &e, budget, secs))?;
        let answer = plays
            .call(&mut store, (game_id, i32::from(seats)))
            .map_err(|e| Stop::of(&mut store, &e, budget, secs))?;
        Stop::if_owing(&mut store, budget)?;
        Ok(answer)
    }
}

/// Checks that `module` declares game `game_id` (named `game` in messages) with `seats`
/// seats.
///
/// # Errors
/// [`PlaysRefusal`] saying what is missing or what the module answered.
pub fn check_plays(
    module: &WasmModule,
    game_id: i32,
    game: &str,
    seats: u8,
) -> Result<(), PlaysRefusal> {
    match module.plays(game_id, seats) {
        Ok(Declared::Plays) => Ok(()),
        Ok(Declared::DoesNotPlay) => Err(PlaysRefusal::DoesNotPlay {
            game: game.to_string(),
            seats,
        }),
        Ok(Declared::Undeclared) => Err(PlaysRefusal::Undeclared {
            game: game.to_string(),
            seats,
        }),
        Err(fault) => Err(PlaysRefusal::Fault {
            game: game.to_string(),
            fault,
        }),
    }
}
