//! Best-of-N series between two bots: who moves first, when a series is decided, and
//! how it ended.
//!
//! The rules (documented in `docs/TOURNAMENT.md`):
//! - A series is best-of-N, N in 1, 3, 5, 7. Each game is worth 1 point, a draw ½ to each.
//!   The first bot to more than N/2 points wins; if that becomes impossible for both,
//!   the series is drawn.
//! - Every game gets a fresh board. The first mover alternates game by game; the first
//!   game's first mover is drawn from the series seed.
//! - Paired mode plays N boards, each twice with seats swapped (2N games, all counting):
//!   first-move advantage cancels exactly. A paired series is decided on more than N
//!   points out of 2N, and only ever stops after a complete pair.
//! - A series stops as soon as it is decided, unless `--play-all` asks for every game.

mod runner;

pub use runner::{Length, Series, SeriesGame, SeriesRun};

use arena_games::{Outcome, Player};

use crate::record::GameRow;

/// The two bots of a series: `A` is the one listed first in the schedule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The first-listed bot.
    A,
    /// The second-listed bot.
    B,
}

impl Side {
    /// 0 for A, 1 for B.
    pub fn index(self) -> usize {
        match self {
            Side::A => 0,
            Side::B => 1,
        }
    }

    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }

    /// Who moves first in game `index` of a series in which this side moves first in
    /// game 0: the first mover alternates game by game.
    pub fn first_in(self, index: u32) -> Side {
        if index.is_multiple_of(2) {
            self
        } else {
            self.other()
        }
    }
}

/// The allowed series lengths.
pub const BEST_OF: [u32; 4] = [1, 3, 5, 7];

/// How the series of a tournament are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeriesRules {
    best_of: u32,
    paired: bool,
    play_all: bool,
}

/// A series length other than 1, 3, 5 or 7.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("--best-of must be 1, 3, 5 or 7, got {0}")]
pub struct BadSeriesLength(pub u32);

impl SeriesRules {
    /// Rules for best-of-`best_of` (1, 3, 5 or 7).
    ///
    /// # Errors
    /// [`BadSeriesLength`] when `best_of` is not one of the allowed lengths.
    pub fn new(best_of: u32, paired: bool, play_all: bool) -> Result<SeriesRules, BadSeriesLength> {
        if !BEST_OF.contains(&best_of) {
            return Err(BadSeriesLength(best_of));
        }
        Ok(SeriesRules {
            best_of,
            paired,
            play_all,
        })
    }

    /// N.
    pub fn best_of(&self) -> u32 {
        self.best_of
    }

    /// Whether every board is played twice with seats swapped.
    pub fn paired(&self) -> bool {
        self.paired
    }

    /// Whether every game is played even once the series is decided.
    pub fn play_all(&self) -> bool {
        self.play_all
    }

    /// The most games a series can have: N, or 2N when paired.
    pub fn max_games(&self) -> u32 {
        if self.paired {
            2 * self.best_of
        } else {
            self.best_of
        }
    }

    /// Which board game `index` (0-based) is played on.
    pub fn board_index(&self, index: u32) -> u32 {
        if self.paired {
            index / 2
        } else {
            index
        }
    }

    /// Who moves first in game `index`, given the first game's first mover.
    pub fn first_mover(&self, first: Side, index: u32) -> Side {
        first.first_in(index)
    }

    /// Whether the series is over after the games in `tally`.
    pub fn is_over(&self, tally: &Tally) -> bool {
        if tally.games >= self.max_games() {
            return true;
        }
        if self.play_all || (self.paired && tally.games % 2 == 1) {
            return false;
        }
        self.decided(tally).is_some()
    }

    /// The result once it can no longer change, if it cannot.
    pub fn decided(&self, tally: &Tally) -> Option<SeriesResult> {
        let total = self.max_games();
        let remaining = total - tally.games.min(total);
        for side in [Side::A, Side::B] {
            if tally.half_points[side.index()] > total {
                return Some(SeriesResult::Win(side));
            }
        }
        let can_still_win = |side: Side| tally.half_points[side.index()] + 2 * remaining > total;
        if !can_still_win(Side::A) && !can_still_win(Side::B) {
            return Some(SeriesResult::Draw);
        }
        None
    }

    /// The result after the series stopped.
    pub fn result(&self, tally: &Tally) -> SeriesResult {
        self.decided(tally).unwrap_or(SeriesResult::Draw)
    }
}

/// Points so far in a series, in half points (a win is 2, a draw 1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Half points of A and B.
    pub half_points: [u32; 2],
    /// Games played.
    pub games: u32,
}

impl Tally {
    /// Adds a game in which `first` moved first and the game came out `outcome`.
    pub fn add(&mut self, first: Side, outcome: Outcome) {
        let seat_of = |side: Side| {
            if side == first {
                Player::First
            } else {
                Player::Second
            }
        };
        for side in [Side::A, Side::B] {
            self.half_points[side.index()] += outcome.half_points(seat_of(side));
        }
        self.games += 1;
    }

    /// Adds a recorded game of a series whose side A is the bot named `a`: the side in
    /// the row's first seat moved first. Returns that side.
    pub fn add_row(&mut self, a: &str, row: &GameRow) -> Side {
        let first = if row.bot(0) == a { Side::A } else { Side::B };
        self.add(first, row.result().outcome());
        first
    }

    /// The tally of a series' recorded games ([`Tally::add_row`] for each).
    pub fn of_rows<'a>(a: &str, rows: impl IntoIterator<Item = &'a GameRow>) -> Tally {
        let mut tally = Tally::default();
        for row in rows {
            tally.add_row(a, row);
        }
        tally
    }
}

/// How a series came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeriesResult {
    /// That side won the series.
    Win(Side),
    /// Nobody reached a majority.
    Draw,
}

#[cfg(test)]
mod tests {
    use super::*;
    use Outcome::{Draw, Win};
    use Player::{First, Second};

    fn rules(n: u32, paired: bool, all: bool) -> SeriesRules {
        SeriesRules::new(n, paired, all).unwrap()
    }

    /// Plays outcomes (A moving first in game 0) until the rules stop the series.
    fn run(r: SeriesRules, outcomes: &[Outcome]) -> (Tally, SeriesResult) {
        let mut t = Tally::default();
        for (i, &o) in outcomes.iter().enumerate() {
            if r.is_over(&t) {
                break;
            }
            t.add(r.first_mover(Side::A, i as u32), o);
        }
        (t, r.result(&t))
    }

    #[test]
    fn only_odd_lengths_up_to_seven() {
        for n in [0, 2, 4, 9] {
            assert!(SeriesRules::new(n, false, false)
                .unwrap_err()
                .to_string()
                .contains("1, 3, 5 or 7"));
        }
        for n in BEST_OF {
            assert_eq!(rules(n, false, false).max_games(), n);
            assert_eq!(rules(n, true, false).max_games(), 2 * n);
        }
    }

    #[test]
    fn first_mover_alternates() {
        let r = rules(5, false, false);
        let firsts: Vec<Side> = (0..5).map(|i| r.first_mover(Side::B, i)).collect();
        assert_eq!(firsts, [Side::B, Side::A, Side::B, Side::A, Side::B]);
    }

    #[test]
    fn early_finish_at_majority() {
        // Game 0: A first, wins. Game 1: B first, A (second seat) wins. 2 of 3: over.
        let (t, res) = run(
            rules(3, false, false),
            &[Win(First), Win(Second), Win(First)],
        );
        assert_eq!(t.games, 2);
        assert_eq!(res, SeriesResult::Win(Side::A));
    }

    #[test]
    fn play_all_plays_every_game() {
        let (t, res) = run(
            rules(3, false, true),
            &[Win(First), Win(Second), Win(Second)],
        );
        assert_eq!(t.games, 3);
        assert_eq!(t.half_points, [4, 2]);
        assert_eq!(res, SeriesResult::Win(Side::A));
    }

    #[test]
    fn draws_count_half() {
        // D, D, then A wins game 2 (A first): 2 of 3 points.
        let (t, res) = run(rules(3, false, false), &[Draw, Draw, Win(First)]);
        assert_eq!(t.half_points, [4, 2]);
        assert_eq!(res, SeriesResult::Win(Side::A));
    }

    #[test]
    fn drawn_series_without_majority() {
        // best-of-1 drawn; best-of-3: A, B, draw -> 1.5 each.
        assert_eq!(run(rules(1, false, false), &[Draw]).1, SeriesResult::Draw);
        let (t, res) = run(rules(3, false, false), &[Win(First), Win(First), Draw]);
        assert_eq!(t.half_points, [3, 3]);
        assert_eq!(res, SeriesResult::Draw);
    }

    #[test]
    fn a_level_series_plays_to_the_end() {
        // best-of-5: A, B, D, D -> 2-2 with one game left: a win still gives a majority,
        // so the last game is played; a draw there draws the series.
        let (t, res) = run(
            rules(5, false, false),
            &[Win(First), Win(First), Draw, Draw, Draw],
        );
        assert_eq!(t.games, 5);
        assert_eq!(t.half_points, [5, 5]);
        assert_eq!(res, SeriesResult::Draw);
    }

    #[test]
    fn paired_mode_counts_both_games_and_stops_on_pairs() {
        let r = rules(3, true, false);
        assert_eq!(r.board_index(0), 0);
        assert_eq!(r.board_index(1), 0);
        assert_eq!(r.board_index(5), 2);
        // A wins 4 games in a row: majority (> 3 of 6) reached after game 3 (a pair end).
        let (t, res) = run(
            r,
            &[
                Win(First),
                Win(Second),
                Win(First),
                Win(Second),
                Win(First),
                Win(Second),
            ],
        );
        assert_eq!(t.games, 4);
        assert_eq!(res, SeriesResult::Win(Side::A));
        // First mover wins every game: each board splits, the series is drawn 3-3.
        let (t, res) = run(r, &[Win(First); 6]);
        assert_eq!(t.games, 6);
        assert_eq!(t.half_points, [6, 6]);
        assert_eq!(res, SeriesResult::Draw);
    }

    #[test]
    fn paired_never_stops_mid_pair() {
        let r = rules(1, true, false);
        let mut t = Tally::default();
        t.add(Side::A, Win(First));
        assert!(!r.is_over(&t), "a paired board is always played twice");
        t.add(Side::B, Win(Second));
        assert!(r.is_over(&t));
        assert_eq!(r.result(&t), SeriesResult::Win(Side::A));
    }
}
