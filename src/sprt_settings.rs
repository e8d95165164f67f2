//! The settings of a sequential test as a run records them (`sprt` in `tournament.json`):
//! the hypotheses, the error rates and the Elo scale (see `crate::sequential`).

use arena_ratings::{EloModel, Sprt};
use serde::{Deserialize, Serialize};

/// The test's settings, as the manifest records them (`sprt` in `tournament.json`).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SprtSettings {
    /// H0: the bot is `elo0` stronger than the reference (at most).
    pub elo0: f64,
    /// H1: the bot is `elo1` stronger (at least).
    pub elo1: f64,
    /// The false-positive rate (H1 accepted when H0 holds).
    pub alpha: f64,
    /// The false-negative rate (H0 accepted when H1 holds).
    pub beta: f64,
    /// The Elo scale: `logistic` or `normalized`.
    pub model: ModelName,
}

// The values are checked finite when the settings are made or read ([`SprtSettings::test`]).
impl Eq for SprtSettings {}

/// The Elo scale by name, as the manifest and the flags write it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ModelName {
    /// Logistic Elo, the ratings' scale (fishtest's `LLR_logistic`).
    #[default]
    Logistic,
    /// Normalized Elo (fishtest's `LLR_normalized`): independent of the draw rate.
    Normalized,
}

impl ModelName {
    /// The model of `arena_ratings`.
    pub fn model(self) -> EloModel {
        match self {
            ModelName::Logistic => EloModel::Logistic,
            ModelName::Normalized => EloModel::Normalized,
        }
    }
}

/// Settings that make no test (the message names what is wrong).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct BadSprt(pub String);

impl SprtSettings {
    /// The test these settings define.
    ///
    /// # Errors
    /// [`BadSprt`] unless `elo0 < elo1` (both within ±1000) and `alpha`, `beta` are
    /// positive with `alpha + beta < 1`.
    pub fn test(&self) -> Result<Sprt, BadSprt> {
        Sprt::new(
            self.elo0,
            self.elo1,
            self.alpha,
            self.beta,
            self.model.model(),
        )
        .map_err(|e| {
            BadSprt(format!(
                "the sequential test's settings (--elo0 {}, --elo1 {}, --alpha {}, --beta {}): {e}",
                self.elo0, self.elo1, self.alpha, self.beta
            ))
        })
    }
}
