//! Sequential stopping: each pair of a gauntlet (a bot and a reference; `arena match
//! --sprt`: A and B) plays its series round after round until the sequential probability
//! ratio test (`arena_ratings::Sprt`) decides, or its rounds run out.
//!
//! The test is fed each finished series of a pair in round order (schedule order,
//! whatever order the games finished in): its board pairs (pentanomial) when series are
//! paired, its games (trinomial) otherwise, from the bot's side against the reference.
//! A pair is decided at the end of the first series after which the ratio is beyond a
//! bound; the later rounds of that pair are not played. So which series are played is a
//! function of the results alone: the same seed gives the same games and the same
//! decision on any number of threads, and `arena verify` and `arena standings` derive it
//! again from the recorded games ([`walk`]).

use std::collections::BTreeMap;

use arena_ratings::{estimate, Counts, Decision, Estimate, Sprt, Status};

use crate::schedule::SeriesPlan;
use crate::series::SeriesRules;
use crate::standings::SeriesOutcome;

pub use crate::sprt_settings::{BadSprt, ModelName, SprtSettings};

/// Where one pair's test stands.
#[derive(Clone, Debug, PartialEq)]
pub struct PairTest {
    /// The bot tested (index in schedule order).
    pub bot: usize,
    /// The reference it is tested against.
    pub reference: usize,
    /// The counts so far, from the bot's side.
    pub counts: Counts,
    /// The ratio and the decision after them.
    pub status: Status,
    /// The Elo estimate from the counts, if any.
    pub estimate: Option<Estimate>,
    /// Series counted (finished, in round order).
    pub series: u32,
    /// The round of the series that decided it, if decided.
    pub decided_in: Option<u32>,
    /// Whether every round of the schedule is counted without a decision (the cap).
    pub capped: bool,
}

impl PairTest {
    /// `H0`, `H1`, `cap` (every round played, undecided) or `continue`.
    pub fn outcome(&self) -> &'static str {
        match self.status.decision {
            Decision::Continue if self.capped => "cap",
            d => d.name(),
        }
    }
}

/// The tests of a schedule's pairs after the series recorded so far.
#[derive(Clone, Debug, PartialEq)]
pub struct Walk {
    /// One test per pair, in schedule order of the pairs.
    pub pairs: Vec<PairTest>,
    /// The series the tests need: every series up to and including each pair's deciding
    /// one (all of an undecided pair's rounds), by id.
    pub needed: Vec<u64>,
    /// Per undecided pair, in schedule order: its series not yet finished, in round order
    /// (the next one first; finished series after a gap wait to be counted, not played).
    pub open: Vec<Vec<SeriesPlan>>,
    /// Series recorded that the tests did not need (played after their pair was decided).
    pub unneeded: Vec<u64>,
}

/// Walks the `plans` (schedule order) of a gauntlet pair by pair, feeding each pair's test
/// its finished series in round order, until it decides. `outcomes` are the series with
/// recorded games (by plan id), `references[i]` whether bot `i` is a reference.
///
/// # Panics
/// Never for plans of a gauntlet: a pair without a reference is tested from A's side.
pub fn walk(
    test: &Sprt,
    rules: SeriesRules,
    plans: &[SeriesPlan],
    references: &[bool],
    outcomes: &BTreeMap<u64, &SeriesOutcome>,
) -> Walk {
    // Pairs in the order of their first series; each pair's plans in round order.
    let mut order: Vec<(usize, usize)> = Vec::new();
    let mut by_pair: BTreeMap<(usize, usize), Vec<&SeriesPlan>> = BTreeMap::new();
    for plan in plans {
        let key = (plan.a, plan.b);
        if !by_pair.contains_key(&key) {
            order.push(key);
        }
        by_pair.entry(key).or_default().push(plan);
    }
    let mut walk = Walk {
        pairs: Vec::new(),
        needed: Vec::new(),
        open: Vec::new(),
        unneeded: Vec::new(),
    };
    for key in order {
        let mut list = by_pair.remove(&key).unwrap_or_default();
        list.sort_by_key(|p| (p.round, p.id));
        // The bot is the side that is not the reference (A when neither or both are).
        let bot_is_b = references.get(key.0) == Some(&true) && references.get(key.1) != Some(&true);
        let (bot, reference) = if bot_is_b { (key.1, key.0) } else { key };
        let mut counts = Counts::empty(rules.paired());
        let mut status = test.status(&counts);
        let mut series = 0;
        let mut decided_in = None;
        let mut open = Vec::new();
        // A series not finished holds the test there: the ones after it wait.
        let mut gap = false;
        for plan in list {
            let outcome = outcomes.get(&plan.id);
            if decided_in.is_some() {
                if outcome.is_some() {
                    walk.unneeded.push(plan.id);
                }
                continue;
            }
            walk.needed.push(plan.id);
            let finished = outcome.filter(|o| rules.is_over(&o.tally));
            match finished {
                Some(o) if !gap => {
                    add_series(&mut counts, o, bot_is_b);
                    series += 1;
                    status = test.status(&counts);
                    if status.decision != Decision::Continue {
                        decided_in = Some(plan.round);
                    }
                }
                Some(_) => {}
                None => {
                    gap = true;
                    open.push(plan.clone());
                }
            }
        }
        let capped = decided_in.is_none() && !gap;
        if decided_in.is_none() && gap {
            walk.open.push(open);
        }
        walk.pairs.push(PairTest {
            bot,
            reference,
            estimate: estimate(&counts),
            counts,
            status,
            series,
            decided_in,
            capped,
        });
    }
    walk.needed.sort_unstable();
    walk.unneeded.sort_unstable();
    walk
}

/// Adds a finished series' samples to `counts`, from the bot's side (B's when `bot_is_b`).
fn add_series(counts: &mut Counts, outcome: &SeriesOutcome, bot_is_b: bool) {
    let bot = |hp: u32| if bot_is_b { 2 - hp } else { hp };
    match counts {
        Counts::Pentanomial(c) => {
            for pair in outcome.a_half_points.chunks_exact(2) {
                c[(bot(pair[0]) + bot(pair[1])) as usize] += 1;
            }
        }
        Counts::Trinomial(c) => {
            for &hp in &outcome.a_half_points {
                c[bot(hp) as usize] += 1;
            }
        }
    }
}

/// The series to play next: up to `depth` open series of every undecided pair, pairs in
/// schedule order. Playing more than the test turns out to need only costs time: the
/// series after a decision are dropped ([`Walk::unneeded`]).
pub fn next_series(walk: &Walk, depth: usize) -> Vec<SeriesPlan> {
    walk.open
        .iter()
        .flat_map(|open| open.iter().take(depth.max(1)).cloned())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::series::{SeriesResult, Side, Tally};

    fn settings() -> Sprt {
        SprtSettings {
            elo0: 0.0,
            elo1: 20.0,
            alpha: 0.05,
            beta: 0.05,
            model: ModelName::Logistic,
        }
        .test()
        .unwrap()
    }

    fn plan(id: u64, round: u32) -> SeriesPlan {
        SeriesPlan {
            id,
            round,
            a: 0,
            b: 1,
            first: Side::A,
        }
    }

    fn outcome(plan: &SeriesPlan, hp: [u32; 2]) -> SeriesOutcome {
        SeriesOutcome {
            plan: plan.clone(),
            tally: Tally {
                half_points: [hp[0] + hp[1], 4 - hp[0] - hp[1]],
                games: 2,
            },
            result: SeriesResult::Draw,
            games: String::new(),
            a_half_points: hp.to_vec(),
        }
    }

    /// A bot that wins every game against the reference: decided after a few pairs, the
    /// rounds after the decision not needed, and the decision does not depend on which
    /// of the later rounds happen to be recorded too.
    #[test]
    fn a_pair_stops_at_its_decision() {
        let rules = SeriesRules::new(1, true, false).unwrap();
        let plans: Vec<SeriesPlan> = (1..=100).map(|r| plan(u64::from(r), r)).collect();
        let all: Vec<SeriesOutcome> = plans.iter().map(|p| outcome(p, [2, 2])).collect();
        let map: BTreeMap<u64, &SeriesOutcome> = all.iter().map(|o| (o.plan.id, o)).collect();
        let w = walk(&settings(), rules, &plans, &[false, true], &map);
        let t = &w.pairs[0];
        assert_eq!(t.status.decision, Decision::H1);
        let decided = t.decided_in.unwrap();
        // A bot winning every pair is decided in about fifty (the ratio grows by ~0.056 a pair).
        assert!((40..70).contains(&decided), "{decided}");
        assert_eq!(w.needed, (1..=u64::from(decided)).collect::<Vec<_>>());
        assert_eq!(w.unneeded.len(), 100 - decided as usize);
        assert!(w.open.is_empty());
        // Only the needed ones recorded: the same walk, nothing unneeded.
        let few: BTreeMap<u64, &SeriesOutcome> = map
            .iter()
            .filter(|(id, _)| w.needed.contains(id))
            .map(|(k, v)| (*k, *v))
            .collect();
        let again = walk(&settings(), rules, &plans, &[false, true], &few);
        assert_eq!(again.pairs, w.pairs);
        assert!(again.unneeded.is_empty());
    }

    /// A gap in the rounds holds the test there: later series are not counted yet.
    #[test]
    fn series_are_counted_in_round_order() {
        let rules = SeriesRules::new(1, true, false).unwrap();
        let plans: Vec<SeriesPlan> = (1..=10).map(|r| plan(u64::from(r), r)).collect();
        let all: Vec<SeriesOutcome> = plans.iter().map(|p| outcome(p, [2, 2])).collect();
        let map: BTreeMap<u64, &SeriesOutcome> = all
            .iter()
            .filter(|o| o.plan.round != 2)
            .map(|o| (o.plan.id, o))
            .collect();
        let w = walk(&settings(), rules, &plans, &[false, true], &map);
        assert_eq!(w.pairs[0].series, 1);
        assert_eq!(w.open[0].iter().map(|p| p.round).collect::<Vec<_>>(), [2]);
        assert!(!w.pairs[0].capped);
        assert_eq!(
            next_series(&w, 3)
                .iter()
                .map(|p| p.round)
                .collect::<Vec<_>>(),
            [2]
        );
        let fewer: BTreeMap<u64, &SeriesOutcome> = map
            .iter()
            .filter(|(id, _)| **id < 6)
            .map(|(k, v)| (*k, *v))
            .collect();
        let w = walk(&settings(), rules, &plans, &[false, true], &fewer);
        let rounds: Vec<u32> = next_series(&w, 3).iter().map(|p| p.round).collect();
        assert_eq!(rounds, [2, 6, 7]);
    }

    /// A reference listed first: the counts are from the bot's (B's) side.
    #[test]
    fn the_bot_side_is_the_one_that_is_not_the_reference() {
        let rules = SeriesRules::new(1, false, false).unwrap();
        let p = plan(1, 1);
        let o = SeriesOutcome {
            plan: p.clone(),
            tally: Tally {
                half_points: [0, 2],
                games: 1,
            },
            result: SeriesResult::Win(Side::B),
            games: "L".into(),
            a_half_points: vec![0],
        };
        let map = BTreeMap::from([(1, &o)]);
        let w = walk(&settings(), rules, &[p], &[true, false], &map);
        assert_eq!((w.pairs[0].bot, w.pairs[0].reference), (1, 0));
        assert_eq!(w.pairs[0].counts, Counts::Trinomial([0, 0, 1]));
        assert!(w.pairs[0].capped);
        assert_eq!(w.pairs[0].outcome(), "cap");
    }

    /// Two bots making the same moves: every pair scores 1, never H1.
    #[test]
    fn same_moves_end_with_h0_or_the_cap() {
        let rules = SeriesRules::new(1, true, false).unwrap();
        let plans: Vec<SeriesPlan> = (1..=5000).map(|r| plan(u64::from(r), r)).collect();
        let all: Vec<SeriesOutcome> = plans.iter().map(|p| outcome(p, [2, 0])).collect();
        let map: BTreeMap<u64, &SeriesOutcome> = all.iter().map(|o| (o.plan.id, o)).collect();
        let w = walk(&settings(), rules, &plans, &[false, true], &map);
        assert!(w.pairs[0].status.zero_variance);
        assert!(matches!(w.pairs[0].outcome(), "H0" | "cap"));
    }
}
