//! The similarity report (`arena similar`, `arena tournament --similarity`): pairs of bots
//! ranked by how unlikely their likeness is among the independent bots of their class.
//!
//! - Stage 1, bytes ([`bytes`], [`python_text`]): identical files, the same module once
//!   stripped of names and custom sections, the same Python script once normalised. Such
//!   pairs are reported as certain.
//! - Stage 2, behaviour: positions drawn from the tournament's own games ([`positions`]),
//!   kept where a choice means something ([`evaluate`]), every bot asked for its move in
//!   each ([`ask`]); each pair's agreement beyond best play ([`pairs`]) scored against the
//!   distribution of the class's pairs ([`stats`]): a robust z-score, an empirical
//!   p-value, and the normal tail corrected for testing every pair by Benjamini–Hochberg.
//!
//! Everything is a function of the results folder, the modules and the tournament seed:
//! the same inputs give the same report with any number of threads.

pub mod ask;
pub mod bytes;
pub mod evaluate;
pub mod pairs;
pub mod positions;
pub mod python_text;
pub mod stats;

use arena_games::game::Viewer;
use arena_games::registry::TableKind;
use arena_games::GameParams;
use rayon::prelude::*;

use crate::referee::Entrant;
pub use ask::Answer;
pub use bytes::{Keys, Sameness};
use evaluate::{Reference, Value};
pub use pairs::{Pair, Verdict};
use positions::Place;
pub use positions::Recorded;

/// The default number of positions every bot is asked about.
pub const DEFAULT_POSITIONS: usize = 100;

/// The default false discovery rate at which a pair is flagged (Benjamini–Hochberg).
pub const DEFAULT_ALPHA: f64 = 0.01;

/// The smallest z-score a flag needs besides its corrected p-value. The robust spread is
/// the spread of the class's bulk; strategies of like strength agree more often than a
/// normal tail allows (independent pairs of the test classes reach z = 4.3), so a flag
/// asks for five spreads, as physics asks of a discovery.
pub const MIN_Z: f64 = 5.0;

/// The fewest positions that count ([`pairs`]) a pair needs to be flagged.
pub const MIN_COUNTED: u32 = 10;

/// The name of the correction, as the outputs state it.
pub const CORRECTION: &str = "Benjamini-Hochberg";

/// How many candidate positions are rated at once (in parallel) while looking for the
/// positions to keep.
const BATCH: usize = 64;

/// The builtins whose disagreement makes a position worth asking about.
const REFERENCE_CHOICES: &[&str] = &["greedy", "alphabeta"];

/// What goes wrong building a report.
#[derive(Debug, thiserror::Error)]
pub enum SimilarityError {
    /// A replay that does not read or does not follow the rules.
    #[error("game {game_id}: {why}")]
    Replay {
        /// The game.
        game_id: u64,
        /// What is wrong.
        why: String,
    },
    /// The machine could not run a bot (never the bot's fault).
    #[error("the harness could not run {bot}: {why}")]
    Harness {
        /// The bot.
        bot: String,
        /// What failed.
        why: String,
    },
}

/// One bot of the report.
pub struct Subject<'a> {
    /// Its name.
    pub name: String,
    /// Its file's bytes (`None`: a builtin, or a file not read), for stage 1.
    pub bytes: Option<Vec<u8>>,
    /// Whether the file is a Python script.
    pub script: bool,
    /// What fields its bots (`None`: disqualified, it answers nothing).
    pub entrant: Option<&'a dyn Entrant>,
    /// A bot of the `--baseline` folder: known independent, part of the null
    /// distribution, never reported.
    pub baseline: bool,
}

/// What the report is built from besides the bots.
#[derive(Clone)]
pub struct Settings {
    /// The game.
    pub game: &'static dyn TableKind,
    /// The games' parameters (options; the size is each replay's own).
    pub params: GameParams,
    /// The tournament seed.
    pub seed: u64,
    /// Positions to keep.
    pub positions: usize,
    /// The false discovery rate at which a pair is flagged.
    pub alpha: f64,
}

/// One kept position.
#[derive(Debug)]
pub struct Position {
    /// Where it was recorded.
    pub place: Place,
    /// The position itself.
    pub state: Box<dyn arena_games::registry::AnyTable>,
    /// The seed every bot is entered with and its words carry.
    pub seed: u64,
    /// The legal moves.
    pub legal: Vec<i32>,
    /// Each legal move's value, when the game has a reference.
    pub values: Option<Vec<(i32, Value)>>,
    /// The position as the game draws it for a spectator.
    pub drawing: String,
    /// Each legal move in the game's words.
    pub described: Vec<(i32, String)>,
}

impl Position {
    /// Whether `mv` is rated below the best move (`false` when unrated).
    pub fn is_mistake(&self, mv: i32) -> bool {
        let Some(values) = &self.values else {
            return false;
        };
        let Some(best) = values.iter().map(|(_, v)| *v).max() else {
            return false;
        };
        values
            .iter()
            .find(|(m, _)| *m == mv)
            .is_none_or(|(_, v)| *v < best)
    }

    /// Whether the position has values.
    pub fn is_rated(&self) -> bool {
        self.values.is_some()
    }
}

/// The report.
#[derive(Debug)]
pub struct Report {
    /// The game's name.
    pub game: String,
    /// The reference positions are rated with, in words (`None`: the game has none).
    pub reference: Option<String>,
    /// Whether the reference's values are exact (a perfect player).
    pub exact: bool,
    /// The bots reported, by index (baseline bots are not among them).
    pub bots: Vec<String>,
    /// Baseline bots that joined the null distribution.
    pub baseline: usize,
    /// The positions asked for.
    pub requested: usize,
    /// The kept positions.
    pub positions: Vec<Position>,
    /// Candidate positions looked at to keep them.
    pub examined: usize,
    /// Moves asked of bots in all (positions × bots).
    pub asked: usize,
    /// The pairs, most suspicious first.
    pub pairs: Vec<Pair>,
    /// The false discovery rate of a flag.
    pub alpha: f64,
    /// The null: the centre and spread of the class's pair scores.
    pub null: stats::Null,
}

impl Report {
    /// The flagged pairs (certain ones included).
    pub fn flagged(&self) -> impl Iterator<Item = &Pair> {
        self.pairs.iter().filter(|p| p.verdict.is_flag())
    }
}

/// Builds the report of a tournament's recorded `games` (read by
/// `output::similarity_games::recorded`) for `subjects`.
///
/// # Errors
/// [`SimilarityError`] when a replay does not follow the rules or a bot cannot be run by
/// the machine.
pub fn derive(
    games: &[Recorded],
    subjects: &[Subject<'_>],
    settings: &Settings,
) -> Result<Report, SimilarityError> {
    let kind = settings.game;
    let (positions, examined) = keep_positions(kind, games, settings)?;
    let answers = ask::every_answer(subjects, &positions)?;
    let keys: Vec<Option<Keys>> = subjects
        .iter()
        .map(|s| s.bytes.as_deref().map(|b| Keys::of(b, s.script)))
        .collect();
    let reference = Reference::of(kind);
    let pairs = pairs::score(subjects, &keys, &answers, &positions, settings.alpha);
    // By name, as the pairs are: the report does not depend on the order bots are given.
    let mut class: Vec<String> = subjects
        .iter()
        .filter(|s| !s.baseline)
        .map(|s| s.name.clone())
        .collect();
    class.sort();
    Ok(Report {
        game: kind.info().name.to_string(),
        reference: reference.as_ref().map(Reference::label),
        exact: reference.as_ref().is_some_and(|r| r.exact),
        baseline: subjects.len() - class.len(),
        bots: class,
        asked: positions.len() * subjects.iter().filter(|s| s.entrant.is_some()).count(),
        requested: settings.positions,
        positions,
        examined,
        null: pairs.null,
        pairs: pairs.pairs,
        alpha: settings.alpha,
    })
}

/// The positions kept: candidates in the shuffled order, rated in batches (in parallel),
/// kept where a choice means something, until `settings.positions` are kept. Returns
/// them with how many candidates were examined.
fn keep_positions(
    kind: &'static dyn TableKind,
    games: &[Recorded],
    settings: &Settings,
) -> Result<(Vec<Position>, usize), SimilarityError> {
    let order = positions::shuffled_places(
        games,
        crate::seeds::derive(settings.seed, "similarity-order", &[]),
    );
    let reference = Reference::of(kind);
    let mut kept = Vec::new();
    let mut examined = 0;
    for batch in order.chunks(BATCH) {
        if kept.len() >= settings.positions {
            break;
        }
        let rated: Vec<Option<Position>> = batch
            .par_iter()
            .map(|&(i, place)| examine(kind, &games[i], place, reference.as_ref(), settings))
            .collect::<Result<_, _>>()?;
        for p in rated {
            examined += 1;
            if let Some(p) = p {
                kept.push(p);
                if kept.len() >= settings.positions {
                    break;
                }
            }
        }
    }
    Ok((kept, examined))
}

/// The position at `place` if a choice in it means something: several legal moves, and
/// the reference strategies disagree or the moves' values differ (the position is not
/// decided whatever is played).
fn examine(
    kind: &'static dyn TableKind,
    game: &Recorded,
    place: Place,
    reference: Option<&Reference>,
    settings: &Settings,
) -> Result<Option<Position>, SimilarityError> {
    let state = positions::rebuild(kind, game, place.ply)?;
    let legal = state.legal_moves();
    if legal.len() < 2 || state.is_terminal() {
        return Ok(None);
    }
    let seed = crate::seeds::derive(
        settings.seed,
        "similarity-position",
        &[&place.game_id, &place.ply],
    );
    let params = GameParams {
        rows: Some(game.size[0]),
        cols: Some(game.size[1]),
        options: settings.params.options.clone(),
    };
    let choices =
        evaluate::reference_choices(kind, &params, REFERENCE_CHOICES, &*state, place.ply, seed);
    let disagree = choices.windows(2).any(|w| w[0] != w[1]);
    let values = reference.and_then(|r| evaluate::rate(kind, &params, r, &*state, seed));
    let undecided = values
        .as_ref()
        .is_some_and(|v| v.windows(2).any(|w| w[0].1 != w[1].1));
    let meaningful = match (&values, choices.len()) {
        (Some(_), _) => disagree || undecided,
        (None, 0 | 1) => true,
        (None, _) => disagree,
    };
    if !meaningful {
        return Ok(None);
    }
    let described = legal
        .iter()
        .map(|&m| (m, state.describe_move(m).unwrap_or_else(|| m.to_string())))
        .collect();
    Ok(Some(Position {
        place,
        drawing: state.render(Viewer::All, false),
        state,
        seed,
        legal,
        values,
        described,
    }))
}
