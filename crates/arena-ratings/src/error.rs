//! The one error type of the crate.

use thiserror::Error;

/// Why a fit or a bootstrap could not be computed.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum RatingError {
    /// The player list is empty (`n == 0`): there is nobody to rate.
    #[error("no players to rate")]
    NoPlayers,
    /// The game list is empty: there is no evidence to fit.
    #[error("no games to fit")]
    NoGames,
    /// A game names a player index outside `0..players`.
    #[error("game {game} names player {player}, but there are only {players} players")]
    UnknownPlayer {
        /// Position of the offending game in the input slice.
        game: usize,
        /// The out-of-range player index.
        player: usize,
        /// The number of players, `n`.
        players: usize,
    },
    /// The reference player of [`Anchor::Player`](crate::Anchor::Player) is outside `0..players`.
    #[error("reference player {reference} is out of range: there are only {players} players")]
    ReferenceOutOfRange {
        /// The requested reference index.
        reference: usize,
        /// The number of players, `n`.
        players: usize,
    },
    /// An option is outside its valid range (the message names it).
    #[error("invalid option: {0}")]
    InvalidOption(&'static str),
    /// The Newton iterations hit the iteration cap before the step fell below the tolerance.
    #[error("the fit did not converge within {iterations} iterations")]
    NotConverged {
        /// The iteration cap that was reached.
        iterations: u32,
    },
}
