//! The one series runner: tournament, match, check and play all play their games here.
//!
//! A [`Series`] knows how long it is ([`Length`]), who moves first in each game (the
//! first game's first mover, then alternating) and the tally; for each game it hands the
//! caller a [`SeriesGame`], which seats the two sides and asks the referee
//! ([`crate::referee`]) to play, and adds the outcome the caller returns (a game played
//! now, or one taken from a previous run). The caller makes the boards and seeds, and
//! keeps its own books (rows, replays, reports); a person at the terminal is one more
//! entrant ([`crate::human`]).

use arena_games::registry::AnyTable;
use arena_games::{Outcome, Player};

use super::{SeriesRules, Side, Tally};
use crate::referee::{self, Entrant, GameRecord, Stopped, Watch};

/// How many games a series plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Length {
    /// A tournament's series: best-of-N (or paired), stopping once decided.
    Rules(SeriesRules),
    /// Exactly this many games (`arena match --games`, `arena check`, `arena play`).
    Games(u32),
}

impl Length {
    /// The most games the series can have.
    pub fn max_games(&self) -> u32 {
        match self {
            Length::Rules(rules) => rules.max_games(),
            Length::Games(n) => *n,
        }
    }

    /// Whether the series is over after the games in `tally`.
    pub fn is_over(&self, tally: &Tally) -> bool {
        match self {
            Length::Rules(rules) => rules.is_over(tally),
            Length::Games(n) => tally.games >= *n,
        }
    }
}

/// A series between side A and side B.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Series {
    length: Length,
    first: Side,
}

/// One game of a series: its index (from 0) and the side that moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeriesGame {
    /// The game's index in the series, from 0.
    pub index: u32,
    /// The side moving first.
    pub first: Side,
}

impl SeriesGame {
    /// The seat `side` plays in this game.
    pub fn seat(&self, side: Side) -> Player {
        if side == self.first {
            Player::First
        } else {
            Player::Second
        }
    }

    /// `sides` (A's, then B's) in seat order (the first mover's first).
    pub fn seated<T>(&self, sides: [T; 2]) -> [T; 2] {
        let [a, b] = sides;
        match self.first {
            Side::A => [a, b],
            Side::B => [b, a],
        }
    }

    /// Plays `start` between the entrants of side A and side B (`sides`), seated for this
    /// game; `bot_seeds` are by seat.
    pub fn play(
        &self,
        start: Box<dyn AnyTable>,
        sides: [&dyn Entrant; 2],
        bot_seeds: [u64; 2],
    ) -> GameRecord {
        referee::play(start, &self.seated(sides), &bot_seeds)
    }

    /// [`SeriesGame::play`], with `watch` following the game.
    ///
    /// # Errors
    /// [`Stopped`] when `watch` stopped the game.
    pub fn play_watched<W: Watch>(
        &self,
        start: Box<dyn AnyTable>,
        sides: [&dyn Entrant; 2],
        bot_seeds: [u64; 2],
        watch: &mut W,
    ) -> Result<GameRecord, Stopped> {
        referee::play_watched(start, &self.seated(sides), &bot_seeds, watch)
    }
}

/// How a run of a series ended.
#[derive(Debug, PartialEq, Eq)]
pub struct SeriesRun<E> {
    /// The games counted.
    pub tally: Tally,
    /// Games the series will not play because it was decided early.
    pub unplayed: u32,
    /// Why the caller stopped it before the end, if it did.
    pub stopped: Option<E>,
}

impl Series {
    /// A series of `length` in which side `first` moves first in game 0.
    pub fn new(length: Length, first: Side) -> Series {
        Series { length, first }
    }

    /// Game `index` of the series.
    pub fn game(&self, index: u32) -> SeriesGame {
        SeriesGame {
            index,
            first: self.first.first_in(index),
        }
    }

    /// Runs the series: for each game until it is over, `each` plays it (or takes it
    /// from a previous run) and returns its outcome, which is tallied; an error from
    /// `each` stops the series there.
    pub fn run<E>(&self, mut each: impl FnMut(SeriesGame) -> Result<Outcome, E>) -> SeriesRun<E> {
        let mut tally = Tally::default();
        let max = self.length.max_games();
        for index in 0..max {
            if self.length.is_over(&tally) {
                return SeriesRun {
                    tally,
                    unplayed: max - index,
                    stopped: None,
                };
            }
            let game = self.game(index);
            match each(game) {
                Ok(outcome) => tally.add(game.first, outcome),
                Err(e) => {
                    return SeriesRun {
                        tally,
                        unplayed: 0,
                        stopped: Some(e),
                    }
                }
            }
        }
        SeriesRun {
            tally,
            unplayed: 0,
            stopped: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Outcome::{Draw, Win};

    #[test]
    fn a_decided_series_stops_and_counts_what_it_skips() {
        let rules = SeriesRules::new(5, false, false).unwrap();
        let series = Series::new(Length::Rules(rules), Side::B);
        let mut firsts = Vec::new();
        // B wins every game, from either seat: decided 3-0 after three of five.
        let run = series.run(|g| {
            firsts.push(g.first);
            Ok::<_, ()>(Win(g.seat(Side::B)))
        });
        assert_eq!(firsts, [Side::B, Side::A, Side::B]);
        assert_eq!(run.tally.half_points, [0, 6]);
        assert_eq!((run.unplayed, run.stopped), (2, None));
        assert_eq!(
            rules.result(&run.tally),
            super::super::SeriesResult::Win(Side::B)
        );
    }

    #[test]
    fn a_fixed_length_plays_every_game_and_stops_on_an_error() {
        let series = Series::new(Length::Games(4), Side::A);
        let mut n = 0;
        let run = series.run(|_| {
            n += 1;
            Ok::<_, ()>(Draw)
        });
        assert_eq!((n, run.tally.games, run.unplayed), (4, 4, 0));
        let run = series.run(|g| {
            if g.index == 2 {
                Err("disk full")
            } else {
                Ok(Draw)
            }
        });
        assert_eq!((run.tally.games, run.stopped), (2, Some("disk full")));
    }

    #[test]
    fn sides_are_seated_by_the_first_mover() {
        let series = Series::new(Length::Games(2), Side::A);
        assert_eq!(series.game(0).seated(["a", "b"]), ["a", "b"]);
        assert_eq!(series.game(1).seated(["a", "b"]), ["b", "a"]);
        assert_eq!(series.game(1).seat(Side::A), Player::Second);
    }
}
