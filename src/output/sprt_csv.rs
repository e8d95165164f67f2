//! `sprt.csv`: where each pair's sequential test ended (`--sprt`), and the same as JSON
//! for `arena match --sprt --json`.

use std::path::Path;

use arena_ratings::Counts;
use serde::Serialize;

use super::ratings_csv::elo;
use super::{write_csv, OutputError};
use crate::sequential::{PairTest, Walk};
use crate::sprt_settings::SprtSettings;

/// The file name inside the results folder.
pub const FILE: &str = "sprt.csv";

/// One pair's test as the files write it.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct PairJson {
    /// The bot tested.
    pub bot: String,
    /// The reference it is tested against.
    pub reference: String,
    /// `H1` (at least `elo1` stronger), `H0` (at most `elo0`), `cap` (every round played,
    /// undecided) or `continue` (not finished).
    pub decision: &'static str,
    /// The round whose series decided it, if decided.
    pub decided_in_round: Option<u32>,
    /// Games counted.
    pub games: u64,
    /// `pentanomial` (board pairs, paired series) or `trinomial` (games).
    pub counts_kind: &'static str,
    /// The counts, lowest score first: pairs scoring 0, ½, 1, 1½, 2 points, or games
    /// lost, drawn, won (from the bot's side).
    pub counts: Vec<u64>,
    /// The log-likelihood ratio.
    pub llr: f64,
    /// Whether every sample fell in one category (no spread: H1 is not accepted).
    pub zero_variance: bool,
    /// The bot's mean score per game, if any game counted.
    pub score: Option<f64>,
    /// The Elo difference estimated from the score, with its 95% interval (the standard
    /// error from the spread of games, or of pairs when paired).
    pub elo: Option<[f64; 3]>,
    /// The likelihood of superiority: the probability the bot is the stronger.
    pub los: Option<f64>,
}

impl PairJson {
    /// The document of one pair's test, bots named from `names` (schedule order).
    pub fn new(test: &PairTest, names: &[String]) -> PairJson {
        let (kind, counts) = match test.counts {
            Counts::Pentanomial(c) => ("pentanomial", c.to_vec()),
            Counts::Trinomial(c) => ("trinomial", c.to_vec()),
        };
        PairJson {
            bot: names[test.bot].clone(),
            reference: names[test.reference].clone(),
            decision: test.outcome(),
            decided_in_round: test.decided_in,
            games: test.counts.games(),
            counts_kind: kind,
            counts,
            llr: test.status.llr,
            zero_variance: test.status.zero_variance,
            score: test.estimate.map(|e| e.score),
            elo: test.estimate.map(|e| [e.elo, e.low, e.high]),
            los: test.estimate.map(|e| e.los),
        }
    }
}

/// The test's settings and bounds as the files write them.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct SettingsJson {
    /// H0's Elo.
    pub elo0: f64,
    /// H1's Elo.
    pub elo1: f64,
    /// The false-positive rate.
    pub alpha: f64,
    /// The false-negative rate.
    pub beta: f64,
    /// `logistic` or `normalized`.
    pub model: &'static str,
    /// The ratio's lower (H0) and upper (H1) bounds.
    pub bounds: [f64; 2],
}

impl SettingsJson {
    /// The document of `settings`.
    ///
    /// # Errors
    /// [`crate::sprt_settings::BadSprt`] when the settings make no test.
    pub fn new(settings: &SprtSettings) -> Result<SettingsJson, crate::sprt_settings::BadSprt> {
        let (low, high) = settings.test()?.bounds();
        Ok(SettingsJson {
            elo0: settings.elo0,
            elo1: settings.elo1,
            alpha: settings.alpha,
            beta: settings.beta,
            model: settings.model.model().name(),
            bounds: [low, high],
        })
    }
}

/// Writes `sprt.csv` atomically: one row per pair in schedule order.
///
/// Columns: `bot, reference, decision` (`H1`, `H0`, `cap`), `decided_in_round`, `games`,
/// `counts_kind` (`pentanomial` or `trinomial`), `counts` (space-separated, lowest score
/// first), `llr` (three decimals), `llr_low, llr_high` (the bounds), `elo0, elo1, alpha,
/// beta, model`, `elo, elo_low, elo_high` (one decimal), `los` (three decimals).
///
/// # Errors
/// [`OutputError`] when writing fails.
pub fn write(
    dir: &Path,
    names: &[String],
    settings: &SprtSettings,
    walk: &Walk,
) -> Result<(), OutputError> {
    let path = dir.join(FILE);
    let s = SettingsJson::new(settings).map_err(|e| OutputError::corrupt(&path, e.to_string()))?;
    write_csv(&path, |out| {
        out.write_record([
            "bot",
            "reference",
            "decision",
            "decided_in_round",
            "games",
            "counts_kind",
            "counts",
            "llr",
            "llr_low",
            "llr_high",
            "elo0",
            "elo1",
            "alpha",
            "beta",
            "model",
            "elo",
            "elo_low",
            "elo_high",
            "los",
        ])?;
        for test in &walk.pairs {
            let p = PairJson::new(test, names);
            let counts: Vec<String> = p.counts.iter().map(u64::to_string).collect();
            let [e, lo, hi] = p
                .elo
                .map_or([String::new(), String::new(), String::new()], |v| {
                    v.map(elo)
                });
            out.write_record([
                p.bot.as_str(),
                &p.reference,
                p.decision,
                &p.decided_in_round.map_or(String::new(), |r| r.to_string()),
                &p.games.to_string(),
                p.counts_kind,
                &counts.join(" "),
                &format!("{:.3}", p.llr),
                &format!("{:.3}", s.bounds[0]),
                &format!("{:.3}", s.bounds[1]),
                &s.elo0.to_string(),
                &s.elo1.to_string(),
                &s.alpha.to_string(),
                &s.beta.to_string(),
                s.model,
                &e,
                &lo,
                &hi,
                &p.los.map_or(String::new(), |l| format!("{l:.3}")),
            ])?;
        }
        Ok(())
    })
}

/// `sprt.csv`, for a run under a sequential test.
pub struct SprtCsv;

impl super::SummaryWriter for SprtCsv {
    fn write(&self, dir: &Path, results: &super::Results) -> Result<(), OutputError> {
        match results.sequential {
            Some((settings, walk)) => write(dir, results.names, settings, walk),
            None => Ok(()),
        }
    }
}
