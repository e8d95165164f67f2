//! Ratings for arena's round-robin series: a joint Bradley–Terry fit with a first-move
//! advantage and draws, seeded bootstrap error bars, the likelihood of superiority, and
//! a first-move fairness summary. Pure functions, no I/O.
//!
//! Games, the BayesElo outcome model, and the first-move fairness summary (the fit and
//! the bootstrap follow).

#![deny(missing_docs)]

mod error;
mod fairness;
mod game;
#[allow(dead_code)]
mod linalg;
#[allow(dead_code)]
mod model;
#[allow(dead_code)]
mod sample;

pub use error::RatingError;
pub use fairness::{first_move_summary, FirstMoveSummary};
pub use game::{Game, GameResult};
pub use model::{outcome_probabilities, OutcomeProbabilities};
