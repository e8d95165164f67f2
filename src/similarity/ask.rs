//! Every bot asked for its move in every kept position, as in a game: a fresh instance
//! entered with the position's seed (the same for every bot, so a random bot answers
//! reproducibly), its words as the referee writes them, fuel and faults as the sandbox
//! counts them. Bots × positions calls, in parallel (rayon); the answers are in a fixed
//! order whatever the threads.

use rayon::prelude::*;

use super::{Position, SimilarityError, Subject};
use crate::referee::Entry;

/// A bot's answer in one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The move it chose (possibly illegal: the same illegal move is agreement too).
    Move(i32),
    /// It faulted (trap, fuel, ...), by the fault's kind: no move to compare.
    Fault(String),
    /// It does not play (disqualified).
    Absent,
}

impl Answer {
    /// The move, if there is one.
    pub fn mv(&self) -> Option<i32> {
        match self {
            Answer::Move(m) => Some(*m),
            _ => None,
        }
    }
}

/// `answers[bot][position]`.
///
/// # Errors
/// [`SimilarityError::Harness`] when the machine could not run a bot.
pub fn every_answer(
    subjects: &[Subject<'_>],
    positions: &[Position],
) -> Result<Vec<Vec<Answer>>, SimilarityError> {
    let calls: Vec<(usize, usize)> = (0..subjects.len())
        .flat_map(|b| (0..positions.len()).map(move |p| (b, p)))
        .collect();
    let flat: Vec<Answer> = calls
        .par_iter()
        .map(|&(b, p)| answer(&subjects[b], &positions[p]))
        .collect::<Result<_, _>>()?;
    let mut out = vec![Vec::with_capacity(positions.len()); subjects.len()];
    for ((b, _), a) in calls.into_iter().zip(flat) {
        out[b].push(a);
    }
    Ok(out)
}

/// One bot's answer in one position.
fn answer(subject: &Subject<'_>, position: &Position) -> Result<Answer, SimilarityError> {
    let Some(entrant) = subject.entrant else {
        return Ok(Answer::Absent);
    };
    let harness = |why: &str| SimilarityError::Harness {
        bot: subject.name.clone(),
        why: why.to_string(),
    };
    let mut bot = match entrant.enter(position.seed) {
        Ok(bot) => bot,
        Err(Entry::Disqualified(_)) => return Ok(Answer::Absent),
        Err(Entry::Fault(f)) => {
            if let Some(why) = f.harness_problem() {
                return Err(harness(why));
            }
            return Ok(Answer::Fault(f.kind().name().to_string()));
        }
    };
    let mut words = Vec::new();
    position
        .state
        .observation(position.place.ply, position.seed, &mut words);
    match bot.choose_move_at(&words, &*position.state) {
        Ok(reply) => Ok(Answer::Move(reply.raw)),
        Err(f) => {
            if let Some(why) = f.harness_problem() {
                return Err(harness(why));
            }
            Ok(Answer::Fault(f.kind().name().to_string()))
        }
    }
}
