//! Leaderboards of single-player games: every bot plays the same boards, and bots are
//! ranked by their mean score, with seeded bootstrap intervals over the boards.
//!
//! The boards are shared, so the bootstrap is paired: each replicate draws as many boards
//! as were played, with replacement, and every bot's mean is taken over the same draw.
//! That keeps the board-to-board variation (some layouts are hard for everyone) out of
//! the comparison of two bots, as a paired test does.

use crate::bootstrap::{interval, superiority};
use crate::error::RatingError;
use crate::Interval;
use arena_rng::SeededRng;

/// One bot's line on a leaderboard.
#[derive(Debug, Clone, PartialEq)]
pub struct LeaderboardEntry {
    /// The mean score over every board.
    pub mean: f64,
    /// A central 95% bootstrap interval of the mean.
    pub interval: Interval,
    /// The competition rank by mean score (1 best; equal means share a rank).
    pub rank: u32,
}

/// A leaderboard: one entry per bot, in the bots' order.
#[derive(Debug, Clone, PartialEq)]
pub struct Leaderboard {
    /// Each bot's mean, interval and rank.
    pub entries: Vec<LeaderboardEntry>,
    /// `los[i][j]`: the fraction of replicates in which bot `i`'s mean is above `j`'s,
    /// ties counting half.
    pub los: Vec<Vec<f64>>,
    /// Boards every bot played.
    pub boards: usize,
}

/// The leaderboard of `scores[bot][board]` (every bot on the same boards, in the same
/// order), with `replicates` paired bootstrap draws from `seed`. The same inputs give
/// bit-identical output.
///
/// # Errors
/// [`RatingError::NoPlayers`] without bots; [`RatingError::InvalidOption`] with no
/// boards, bots with different numbers of boards, a score that is not finite, or no
/// replicates.
pub fn leaderboard(
    scores: &[Vec<f64>],
    replicates: u32,
    seed: u64,
) -> Result<Leaderboard, RatingError> {
    let boards = scores.first().ok_or(RatingError::NoPlayers)?.len();
    if boards == 0 {
        return Err(RatingError::InvalidOption(
            "a leaderboard needs at least one board",
        ));
    }
    if scores.iter().any(|s| s.len() != boards) {
        return Err(RatingError::InvalidOption(
            "every bot must play the same boards",
        ));
    }
    if scores.iter().flatten().any(|x| !x.is_finite()) {
        return Err(RatingError::InvalidOption("scores must be finite"));
    }
    if replicates == 0 {
        return Err(RatingError::InvalidOption("replicates must be at least 1"));
    }
    let mean = |bot: &[f64], pick: &mut dyn Iterator<Item = usize>| {
        pick.map(|b| bot[b]).sum::<f64>() / boards as f64
    };
    let means: Vec<f64> = scores.iter().map(|s| mean(s, &mut (0..boards))).collect();
    let mut samples = vec![Vec::with_capacity(replicates as usize); scores.len()];
    let mut rng = SeededRng::new(seed);
    let mut draw = vec![0usize; boards];
    for _ in 0..replicates {
        for d in draw.iter_mut() {
            *d = rng.below(boards as u64) as usize;
        }
        for (bot, s) in scores.iter().zip(samples.iter_mut()) {
            s.push(mean(bot, &mut draw.iter().copied()));
        }
    }
    let los = superiority(&samples);
    let entries = means
        .iter()
        .zip(samples)
        .map(|(&m, s)| LeaderboardEntry {
            mean: m,
            interval: interval(s),
            rank: 1 + means.iter().filter(|&&o| o > m).count() as u32,
        })
        .collect();
    Ok(Leaderboard {
        entries,
        los,
        boards,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn bots_rank_by_mean_score_with_intervals_around_it() {
        let scores = vec![
            vec![1.0, 0.5, 1.0, 0.25],
            vec![0.2, 0.1, 0.4, 0.1],
            vec![1.0, 0.5, 1.0, 0.25],
        ];
        let board = leaderboard(&scores, 500, 7).unwrap();
        let ranks: Vec<u32> = board.entries.iter().map(|e| e.rank).collect();
        assert_eq!(ranks, [1, 3, 1]);
        assert_eq!(board.entries[0].mean, 0.6875);
        for e in &board.entries {
            assert!(e.interval.contains(e.mean), "{e:?}");
        }
        // Paired draws: bot 0 is above bot 1 in every replicate, equal to bot 2 in all.
        assert_eq!(board.los[0][1], 1.0);
        assert_eq!(board.los[0][2], 0.5);
        assert_eq!(board, leaderboard(&scores, 500, 7).unwrap(), "seeded");
    }

    #[test]
    fn malformed_input_is_refused_by_name() {
        assert_eq!(leaderboard(&[], 10, 0), Err(RatingError::NoPlayers));
        assert!(leaderboard(&[vec![]], 10, 0).is_err());
        assert!(leaderboard(&[vec![1.0], vec![1.0, 2.0]], 10, 0).is_err());
        assert!(leaderboard(&[vec![f64::NAN]], 10, 0).is_err());
        assert!(leaderboard(&[vec![1.0]], 0, 0).is_err());
    }

    proptest! {
        #[test]
        fn intervals_hold_the_mean_and_ranks_follow_means(
            scores in proptest::collection::vec(proptest::collection::vec(0.0f64..1.0, 5), 1..6),
            seed in any::<u64>(),
        ) {
            let board = leaderboard(&scores, 200, seed).unwrap();
            for (i, e) in board.entries.iter().enumerate() {
                prop_assert!(e.interval.low <= e.interval.high);
                prop_assert!(e.interval.low <= e.mean + 1e-12 && e.mean <= e.interval.high + 1e-12);
                for (j, o) in board.entries.iter().enumerate() {
                    prop_assert_eq!(e.mean > o.mean, e.rank < o.rank);
                    prop_assert!((board.los[i][j] + board.los[j][i] - 1.0).abs() < 1e-12);
                }
            }
        }
    }
}
