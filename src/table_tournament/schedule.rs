//! The schedule of a table tournament: every table of every round, each played on one
//! board in every seating, with every seed derived from the tournament seed and the
//! game's identity (`docs/TOURNAMENT.md`, "Games for one to four seats").
//!
//! A round's tables come from [`crate::tables`]: every combination of the name-sorted
//! field while affordable, balanced sampled tables beyond, or gauntlet tables (one
//! submission with references). A table is one series: its board is drawn once for the
//! round, then played in every seating (the rotations, or every order), so every bot
//! plays equally many games in every seat. A one-seat game is a leaderboard: every bot
//! plays the same board each round.
//!
//! Ids are positional: series `s` (from 1) owns game ids `(s − 1) × seatings + 1 ..=
//! s × seatings`.

use std::collections::BTreeMap;

use arena_games::GameParams;

use crate::rng_size::SizeRange;
use crate::seeds::Root;
use crate::series::{SeriesRules, Side};
use crate::tables::{self, TableError, MAX_EVERY_TABLES};

/// One table of one round: a series.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableSeries {
    /// From 1, in schedule order.
    pub id: u64,
    /// The round, from 1.
    pub round: u32,
    /// The table's bots (indices into the name-sorted field), in the first seating's
    /// seat order.
    pub table: Vec<usize>,
}

/// One game: a table in one seating.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableGamePlan {
    /// The game id.
    pub id: u64,
    /// The seating's index in the series, from 0 (under a series policy: the game's).
    pub index: u32,
    /// The board's index in its series (0 but under a series policy).
    pub board: u32,
    /// The bots by seat (indices into the name-sorted field).
    pub seats: Vec<usize>,
    /// Seed of the starting position (the same for every seating of the table).
    pub board_seed: u64,
    /// The starting position's parameters.
    pub params: GameParams,
    /// Rows and columns as recorded.
    pub size: [u32; 2],
    /// Each seat's bot seed, derived apart from the board's seed (a bot cannot recompute
    /// hidden setup from it).
    pub bot_seeds: Vec<u64>,
}

/// The settings a table tournament's schedule is a pure function of.
#[derive(Clone, Debug)]
pub struct TableSchedule {
    /// The tournament seed, and the secret when the game deals hidden setup: the boards,
    /// their sizes and the bots' seeds are derived under both.
    pub root: Root,
    /// Seats at every table.
    pub seats: usize,
    /// Boards (rounds) per table.
    pub rounds: u32,
    /// Every order of a table's bots instead of its rotations (`--paired`).
    pub every_order: bool,
    /// Rows to draw from.
    pub rows: SizeRange,
    /// Columns to draw from.
    pub cols: SizeRange,
    /// Game-specific options for every starting position.
    pub options: BTreeMap<String, String>,
    /// Bot names, sorted.
    pub names: Vec<String>,
    /// Per name: whether the bot is a gauntlet reference.
    pub references: Vec<bool>,
    /// For a table of two, its series policy (`--best-of N`, `--paired`, `--play-all`): a
    /// series of up to N games, each on its own board with the first mover alternating,
    /// or N boards each played from both seats when paired, stopping once decided. `None`
    /// for any other seat count, where a table is its board in every seating.
    pub rules: Option<SeriesRules>,
}

impl TableSchedule {
    /// Whether this is a gauntlet (some bots are references).
    pub fn is_gauntlet(&self) -> bool {
        self.references.iter().any(|&r| r)
    }

    /// Seatings per table: the game ids each series owns.
    pub fn seatings_per_table(&self) -> u64 {
        match self.rules {
            Some(rules) => u64::from(rules.max_games()),
            None if self.every_order => (1..=self.seats as u64).product(),
            None => self.seats as u64,
        }
    }

    /// Every series in schedule order.
    ///
    /// # Errors
    /// [`TableError`] when no table can be formed (too few bots, an empty gauntlet).
    pub fn series(&self) -> Result<Vec<TableSeries>, TableError> {
        let mut out = Vec::new();
        for round in 1..=self.rounds {
            let tables = if self.is_gauntlet() {
                let (refs, subs): (Vec<usize>, Vec<usize>) =
                    (0..self.names.len()).partition(|&i| self.references[i]);
                tables::gauntlet(&subs, &refs, self.seats)?
            } else {
                tables::round_robin(
                    self.names.len(),
                    self.seats,
                    MAX_EVERY_TABLES,
                    1,
                    self.root.seed,
                    round,
                )?
            };
            for table in tables {
                out.push(TableSeries {
                    id: out.len() as u64 + 1,
                    round,
                    table,
                });
            }
        }
        Ok(out)
    }

    /// The board identity of a series: the round and the table's bots by name (sorted),
    /// or the round alone for one seat, so that every bot of a leaderboard plays the same
    /// boards and adding a bot changes no other table's board.
    fn board_identity(&self, series: &TableSeries) -> String {
        if self.seats == 1 {
            return String::new();
        }
        let mut names: Vec<&str> = series
            .table
            .iter()
            .map(|&i| self.names[i].as_str())
            .collect();
        names.sort_unstable();
        names.join("\u{1f}")
    }

    /// Game `index` (a seating) of `series`.
    pub fn game(&self, series: &TableSeries, index: u32) -> TableGamePlan {
        let (seating, board) = match self.rules {
            // A table of two under a series policy: the table's first bot moves first in
            // game 0, then the first mover alternates.
            Some(rules) => {
                let [a, b] = [series.table[0], series.table[1]];
                let seating = match Side::A.first_in(index) {
                    Side::A => vec![a, b],
                    Side::B => vec![b, a],
                };
                (seating, rules.board_index(index))
            }
            None => (
                tables::seatings(&series.table, self.every_order)
                    .into_iter()
                    .nth(index as usize)
                    .expect("an index below seatings_per_table"),
                0,
            ),
        };
        let identity = self.board_identity(series);
        // A series' first board keeps the seeds of a table's one board.
        let (board_seed, size_seed) = if board == 0 {
            (
                self.root.derive("table-board", &[&series.round, &identity]),
                self.root.derive("table-size", &[&series.round, &identity]),
            )
        } else {
            (
                self.root
                    .derive("table-board", &[&series.round, &identity, &board]),
                self.root
                    .derive("table-size", &[&series.round, &identity, &board]),
            )
        };
        let size = [self.rows.pick(size_seed, 0), self.cols.pick(size_seed, 1)];
        let bot_seeds = (0..self.seats)
            .map(|seat| {
                self.root.derive(
                    "table-bot",
                    &[&series.id, &index, &seat, &self.names[seating[seat]]],
                )
            })
            .collect();
        TableGamePlan {
            id: (series.id - 1) * self.seatings_per_table() + u64::from(index) + 1,
            index,
            board,
            seats: seating,
            board_seed,
            params: GameParams {
                rows: Some(size[0]),
                cols: Some(size[1]),
                options: self.options.clone(),
            },
            size,
            bot_seeds,
        }
    }

    /// Every game of `series`, in seating order.
    pub fn games(&self, series: &TableSeries) -> Vec<TableGamePlan> {
        (0..self.seatings_per_table() as u32)
            .map(|i| self.game(series, i))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn schedule(field: usize, seats: usize, every_order: bool) -> TableSchedule {
        TableSchedule {
            root: Root::public(7),
            seats,
            rounds: 2,
            every_order,
            rows: SizeRange::fixed(3),
            cols: SizeRange::fixed(3),
            options: BTreeMap::new(),
            names: (0..field).map(|i| format!("bot{i}")).collect(),
            references: vec![false; field],
            rules: None,
        }
    }

    #[test]
    fn every_bot_plays_every_seat_equally_often_on_one_board_per_table() {
        for (field, seats, every) in [(4, 3, false), (5, 3, true), (3, 2, false), (4, 1, false)] {
            let s = schedule(field, seats, every);
            let mut counts = vec![vec![0u32; seats]; field];
            let mut ids = Vec::new();
            for series in s.series().unwrap() {
                let games = s.games(&series);
                assert!(games.iter().all(|g| g.board_seed == games[0].board_seed));
                for g in &games {
                    ids.push(g.id);
                    for (seat, &bot) in g.seats.iter().enumerate() {
                        counts[bot][seat] += 1;
                    }
                    assert_ne!(g.bot_seeds[0], g.board_seed);
                }
            }
            let first = counts[0][0];
            assert!(first > 0);
            assert!(counts.iter().flatten().all(|&c| c == first), "{counts:?}");
            let mut sorted = ids.clone();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(sorted, ids, "ids are unique and increasing");
        }
    }

    #[test]
    fn a_table_of_two_under_a_series_policy_plays_its_boards_from_both_seats() {
        let mut s = schedule(3, 2, false);
        let default = s.clone();
        s.rules = Some(SeriesRules::new(5, true, false).unwrap());
        assert_eq!(s.seatings_per_table(), 10);
        let series = &s.series().unwrap()[0];
        let games = s.games(series);
        // The first board is the table's one board, in the same two seatings.
        assert_eq!(games[0].board_seed, default.game(series, 0).board_seed);
        assert_eq!(games[0].seats, default.game(series, 0).seats);
        assert_eq!(games[1].seats, default.game(series, 1).seats);
        for (i, g) in games.iter().enumerate() {
            assert_eq!(g.board, i as u32 / 2);
            assert_eq!(g.board_seed, games[i - i % 2].board_seed);
            assert_eq!(g.seats[0], series.table[i % 2]);
        }
        assert_ne!(games[0].board_seed, games[2].board_seed);
        // Not paired: every game its own board.
        s.rules = Some(SeriesRules::new(3, false, false).unwrap());
        let games = s.games(series);
        assert_eq!(games.iter().map(|g| g.board).collect::<Vec<_>>(), [0, 1, 2]);
    }

    #[test]
    fn a_leaderboard_plays_every_bot_on_the_same_boards() {
        let s = schedule(4, 1, false);
        let series = s.series().unwrap();
        assert_eq!(series.len(), 8);
        let boards: Vec<u64> = series.iter().map(|t| s.game(t, 0).board_seed).collect();
        assert!(boards[..4].iter().all(|&b| b == boards[0]));
        assert!(boards[4..].iter().all(|&b| b == boards[4]));
        assert_ne!(boards[0], boards[4]);
    }

    #[test]
    fn a_board_depends_on_its_table_not_on_the_rest_of_the_field() {
        let small = schedule(3, 3, false);
        let mut large = schedule(4, 3, false);
        large.names = vec!["bot0".into(), "bot1".into(), "bot2".into(), "bot9".into()];
        let table = |s: &TableSchedule| {
            let series = s.series().unwrap();
            s.game(&series[0], 0).board_seed
        };
        assert_eq!(table(&small), table(&large));
    }
}
