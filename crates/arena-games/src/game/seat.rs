//! Seats at a table of one to four, and what a finished game gives each of them.

use std::fmt;

use super::Player;
use super::Score;

/// The most seats a game may have.
pub const MAX_SEATS: u8 = 4;

/// A seat at the table: its 0-based index in the turn order of a fresh game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Seat(u8);

impl Seat {
    /// Seat 0, the first to move in a fresh game.
    pub const FIRST: Seat = Seat(0);

    /// The seat with index `index`, if it is below [`MAX_SEATS`].
    pub fn new(index: u8) -> Option<Seat> {
        (index < MAX_SEATS).then_some(Seat(index))
    }

    /// The 0-based index: into per-seat arrays.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The seat's number as people say it: 1-based.
    pub fn number(self) -> u8 {
        self.0 + 1
    }

    /// The seat after this one at a table of `seats`, wrapping round.
    pub fn next(self, seats: u8) -> Seat {
        Seat((self.0 + 1) % seats)
    }

    /// Every seat of a table of `seats`, in turn order.
    pub fn all(seats: u8) -> impl Iterator<Item = Seat> {
        (0..seats.min(MAX_SEATS)).map(Seat)
    }
}

impl From<Player> for Seat {
    fn from(player: Player) -> Seat {
        Seat(player.index() as u8)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.number())
    }
}

/// The numbers of seats a game may be played with: `min..=max`, within `1..=MAX_SEATS`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatRange {
    /// The fewest seats.
    pub min: u8,
    /// The most seats.
    pub max: u8,
}

impl SeatRange {
    /// Exactly two seats: every two-seat game.
    pub const TWO: SeatRange = SeatRange { min: 2, max: 2 };

    /// Whether a table of `seats` is allowed.
    pub fn contains(self, seats: u8) -> bool {
        (self.min..=self.max).contains(&seats)
    }
}

impl fmt::Display for SeatRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.min == self.max {
            write!(f, "{}", self.min)
        } else {
            write!(f, "{}..={}", self.min, self.max)
        }
    }
}

/// What a finished game gives one seat: its score (the game's tie-break figure, never
/// overruling the result) and its competition rank (1 + the number of seats with a
/// strictly better result; ties share a rank).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SeatResult {
    /// The seat's score.
    pub score: Score,
    /// The seat's competition rank, from 1.
    pub rank: u32,
}

/// Pairs each seat's score with its rank, in seat order.
///
/// # Panics
/// If the two lists differ in length (a game's bug).
pub fn seat_results(scores: Vec<Score>, ranks: &[u32]) -> Vec<SeatResult> {
    assert_eq!(scores.len(), ranks.len(), "one score and one rank per seat");
    scores
        .into_iter()
        .zip(ranks)
        .map(|(score, &rank)| SeatResult { score, rank })
        .collect()
}

/// Whether `ranks` are competition ranks: each is 1 + the number of strictly smaller
/// ones (so the best rank is 1, ties share a rank and the ranks after a tie are skipped).
pub fn are_competition_ranks(ranks: &[u32]) -> bool {
    ranks
        .iter()
        .all(|&r| r == 1 + ranks.iter().filter(|&&o| o < r).count() as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_count_from_zero_and_wrap_round_the_table() {
        assert_eq!(Seat::new(3).map(Seat::number), Some(4));
        assert_eq!(Seat::new(4), None);
        assert_eq!(Seat::FIRST.next(3), Seat::new(1).unwrap());
        assert_eq!(Seat::new(2).unwrap().next(3), Seat::FIRST);
        assert_eq!(Seat::all(3).map(Seat::index).collect::<Vec<_>>(), [0, 1, 2]);
        assert_eq!(Seat::from(Player::Second).index(), 1);
        assert_eq!(Seat::new(1).unwrap().to_string(), "seat 2");
        assert!(SeatRange { min: 1, max: 2 }.contains(1));
        assert!(!SeatRange::TWO.contains(3));
        assert_eq!(SeatRange { min: 2, max: 3 }.to_string(), "2..=3");
    }

    #[test]
    fn competition_ranks_share_ties_and_skip_after_them() {
        for ok in [
            &[1][..],
            &[1, 2],
            &[2, 1],
            &[1, 1],
            &[1, 2, 2],
            &[1, 1, 3],
            &[2, 1, 2],
        ] {
            assert!(are_competition_ranks(ok), "{ok:?}");
        }
        for bad in [
            &[0][..],
            &[2],
            &[1, 3],
            &[1, 1, 2],
            &[2, 2, 1, 1],
            &[1, 2, 3, 3, 4],
        ] {
            assert!(!are_competition_ranks(bad), "{bad:?}");
        }
    }
}
