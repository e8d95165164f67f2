//! Each pair's figures and verdict. A pair's score is its agreement beyond best play:
//! among the positions that count (both answered, and not both with a move rated best),
//! the share where both chose the same move. In a game with values that is the share of
//! shared mistakes among the positions where either erred, the evidence chess engine
//! testers trust; without values, plain agreement. Scores are measured against the
//! class's own pairs ([`super::stats`]).

use serde::Serialize;

use super::stats::{self, Null};
use super::{Answer, Keys, Position, Sameness, Subject, MIN_COUNTED, MIN_Z};

/// What the report concludes of a pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "how")]
pub enum Verdict {
    /// The bytes say they are the same program.
    Certain(Sameness),
    /// Their behaviour is unlikely among independent bots: worth a person's look.
    Flagged,
    /// Nothing unusual.
    NotFlagged,
    /// Both chose a best-rated move in every rated position: behaviour cannot tell two
    /// strong players apart, so the pair is not judged.
    BothPlayBest,
    /// Too few positions count to judge.
    TooFew,
}

impl Verdict {
    /// Whether a person should look at the pair.
    pub fn is_flag(self) -> bool {
        matches!(self, Verdict::Certain(_) | Verdict::Flagged)
    }

    /// The verdict in words.
    pub fn words(self) -> &'static str {
        match self {
            Verdict::Certain(s) => s.words(),
            Verdict::Flagged => "flagged: unlikely among independent bots",
            Verdict::NotFlagged => "not flagged",
            Verdict::BothPlayBest => {
                "both play a best move everywhere: behaviour cannot tell them apart"
            }
            Verdict::TooFew => "too few positions count to judge",
        }
    }
}

/// One pair of bots, with its figures.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Pair {
    /// The first bot (by name order).
    pub a: String,
    /// The second bot.
    pub b: String,
    /// Positions where both answered with a move.
    pub both_answered: u32,
    /// Of those, positions where they chose the same move.
    pub agreed: u32,
    /// Positions that count: both answered, not both with a best-rated move.
    pub counted: u32,
    /// Positions where both chose the same move rated below the best.
    pub shared_mistakes: u32,
    /// The score: the share of the counted positions where they agreed.
    pub score: f64,
    /// Agreements among the counted positions.
    pub same: u32,
    /// The robust z-score against the class's pairs.
    pub z: f64,
    /// The share of the class's other pairs scoring at least as high (the pair counted
    /// once).
    pub p_empirical: f64,
    /// The normal tail of `z`.
    pub p_normal: f64,
    /// `p_normal` corrected for every pair tested (Benjamini–Hochberg).
    pub q: f64,
    /// The verdict.
    pub verdict: Verdict,
    /// The kept positions (indices) where they agreed on a mistake, with the move (the
    /// outputs write them as evidence, in the game's words).
    #[serde(skip)]
    pub mistakes_at: Vec<(usize, i32)>,
}

/// The pairs of a report, most suspicious first, and the null they were measured against.
pub struct Scored {
    /// The pairs of the class (no baseline bot among them).
    pub pairs: Vec<Pair>,
    /// The class's pair scores' centre and spread.
    pub null: Null,
}

/// The raw figures of bots `i` and `j`.
fn figures(
    i: usize,
    j: usize,
    subjects: &[Subject<'_>],
    answers: &[Vec<Answer>],
    positions: &[Position],
) -> Pair {
    let (mut both, mut agreed, mut counted, mut same_counted, mut shared) = (0, 0, 0, 0, 0);
    let mut mistakes_at = Vec::new();
    for (k, pos) in positions.iter().enumerate() {
        let (Some(x), Some(y)) = (answers[i][k].mv(), answers[j][k].mv()) else {
            continue;
        };
        both += 1;
        agreed += u32::from(x == y);
        let both_best = pos.is_rated() && !pos.is_mistake(x) && !pos.is_mistake(y);
        if both_best {
            continue;
        }
        counted += 1;
        if x == y {
            same_counted += 1;
            if pos.is_mistake(x) {
                shared += 1;
                mistakes_at.push((k, x));
            }
        }
    }
    let (a, b) = (&subjects[i].name, &subjects[j].name);
    let (a, b) = if a <= b { (a, b) } else { (b, a) };
    Pair {
        a: a.clone(),
        b: b.clone(),
        both_answered: both,
        agreed,
        counted,
        shared_mistakes: shared,
        score: if counted == 0 {
            0.0
        } else {
            f64::from(same_counted) / f64::from(counted)
        },
        same: same_counted,
        z: 0.0,
        p_empirical: 1.0,
        p_normal: 1.0,
        q: 1.0,
        verdict: Verdict::NotFlagged,
        mistakes_at,
    }
}

/// Every pair scored and judged. The null is every pair of the class that the bytes do
/// not already settle, with the baseline's pairs; the pairs reported are the class's.
pub fn score(
    subjects: &[Subject<'_>],
    keys: &[Option<Keys>],
    answers: &[Vec<Answer>],
    positions: &[Position],
    alpha: f64,
) -> Scored {
    let n = subjects.len();
    let mut class = Vec::new();
    let mut baseline_scores = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            let pair = figures(i, j, subjects, answers, positions);
            match (subjects[i].baseline, subjects[j].baseline) {
                (false, false) => {
                    let same = match (&keys[i], &keys[j]) {
                        (Some(x), Some(y)) => x.sameness(y),
                        _ => None,
                    };
                    class.push((pair, same));
                }
                (true, true) if pair.counted >= MIN_COUNTED => {
                    baseline_scores.push(pair.score);
                }
                _ => {}
            }
        }
    }
    let reference: Vec<f64> = class
        .iter()
        .filter(|(p, same)| same.is_none() && p.counted >= MIN_COUNTED)
        .map(|(p, _)| p.score)
        .chain(baseline_scores.iter().copied())
        .collect();
    let null = Null::of(&reference);
    let mut sorted = reference.clone();
    sorted.sort_by(f64::total_cmp);
    let rated = positions.iter().any(Position::is_rated);
    let mut pairs: Vec<Pair> = Vec::with_capacity(class.len());
    let mut tested = Vec::new();
    for (mut pair, same) in class {
        if let Some(s) = same {
            pair.verdict = Verdict::Certain(s);
        } else if rated && pair.counted == 0 && pair.both_answered > 0 {
            pair.verdict = Verdict::BothPlayBest;
        } else if pair.counted < MIN_COUNTED {
            pair.verdict = Verdict::TooFew;
        } else {
            let t = pair.score;
            pair.z = null.z(t, pair.counted);
            pair.p_normal = stats::upper_tail(pair.z);
            // The pair's own value is in the reference once: left out once.
            pair.p_empirical = stats::empirical_p_sorted(t, &sorted, true);
            tested.push(pairs.len());
        }
        pairs.push(pair);
    }
    let p: Vec<f64> = tested.iter().map(|&k| pairs[k].p_normal).collect();
    for (k, q) in tested.iter().zip(stats::benjamini_hochberg(&p)) {
        pairs[*k].q = q;
        pairs[*k].verdict = if q <= alpha && pairs[*k].z >= MIN_Z {
            Verdict::Flagged
        } else {
            Verdict::NotFlagged
        };
    }
    pairs.sort_by(|x, y| {
        let rank = |p: &Pair| match p.verdict {
            Verdict::Certain(_) => 0,
            Verdict::Flagged | Verdict::NotFlagged => 1,
            Verdict::BothPlayBest | Verdict::TooFew => 2,
        };
        rank(x)
            .cmp(&rank(y))
            .then(y.z.total_cmp(&x.z))
            .then(y.score.total_cmp(&x.score))
            .then_with(|| (&x.a, &x.b).cmp(&(&y.a, &y.b)))
    });
    Scored { pairs, null }
}
