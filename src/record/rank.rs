//! Competition ranks of a game's seats: a seat's rank is 1 + the number of seats with a
//! strictly better result, so tied seats share a rank and the next rank is skipped (two
//! winners rank 1, the loser ranks 3); on a draw every seat ranks 1. Seats sharing a team
//! share the team's result: the best result of any of its seats.

use arena_games::{Outcome, Player};

/// The competition ranks of seats whose results are `results` (higher is better).
pub fn competition_ranks<K: Ord>(results: &[K]) -> Vec<u32> {
    results
        .iter()
        .map(|mine| 1 + results.iter().filter(|other| *other > mine).count() as u32)
        .collect()
}

/// The competition ranks of seats whose results are `results` (higher is better), where
/// each seat of a team (`teams[i]`, `None` for a seat on its own) takes its team's best
/// result first, so that seats sharing a team share the result and the rank.
///
/// # Panics
/// If `teams` and `results` differ in length (a caller's bug).
pub fn team_ranks<K: Ord + Clone>(results: &[K], teams: &[Option<u32>]) -> Vec<u32> {
    assert_eq!(results.len(), teams.len(), "one team entry per seat");
    let shared: Vec<K> = results
        .iter()
        .zip(teams)
        .map(|(mine, team)| match team {
            None => mine.clone(),
            Some(t) => results
                .iter()
                .zip(teams)
                .filter(|(_, other)| *other == &Some(*t))
                .map(|(r, _)| r)
                .max()
                .expect("the seat itself is on its team")
                .clone(),
        })
        .collect();
    competition_ranks(&shared)
}

/// The ranks of a two-seat game's outcome: `[1, 2]`, `[2, 1]`, or `[1, 1]` for a draw.
pub fn of_outcome(outcome: Outcome) -> [u32; 2] {
    match outcome {
        Outcome::Win(Player::First) => [1, 2],
        Outcome::Win(Player::Second) => [2, 1],
        Outcome::Draw => [1, 1],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ties_share_a_rank_and_skip_the_next() {
        assert_eq!(competition_ranks(&[5, 9, 5, 1]), [2, 1, 2, 4]);
        assert_eq!(competition_ranks(&[3, 3, 3]), [1, 1, 1]);
        assert_eq!(competition_ranks(&[7]), [1]);
        assert_eq!(competition_ranks::<i32>(&[]), Vec::<u32>::new());
    }

    #[test]
    fn seats_sharing_a_team_share_the_result() {
        // Pursuit with a coalition: seat 0 captures, its teammate seat 1 did not, the
        // evader (seat 2) is caught. Both pursuers rank 1, the evader ranks 3.
        assert_eq!(team_ranks(&[1, 0, 0], &[Some(1), Some(1), None]), [1, 1, 3]);
        // Without the team, the pursuer who did not capture ties the evader.
        assert_eq!(team_ranks(&[1, 0, 0], &[None, None, None]), [1, 2, 2]);
        // Two teams: the better team's seats all rank 1.
        assert_eq!(
            team_ranks(&[0, 4, 2, 3], &[Some(1), Some(2), Some(1), Some(2)]),
            [3, 1, 3, 1]
        );
    }

    #[test]
    fn two_seat_outcomes_rank_the_winner_first() {
        assert_eq!(of_outcome(Outcome::Win(Player::First)), [1, 2]);
        assert_eq!(of_outcome(Outcome::Win(Player::Second)), [2, 1]);
        assert_eq!(of_outcome(Outcome::Draw), [1, 1]);
    }
}
