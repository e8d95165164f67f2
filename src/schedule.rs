//! The schedule: every series and every game of a round-robin (or a gauntlet), with
//! their seeds.
//!
//! A pure function of the manifest's settings. Bots are ordered by name; for each round,
//! each pair `(a, b)` with `a` before `b` plays one series. Ids are positional and stable:
//! series `s` (from 1) owns game ids `(s - 1) * max_games + 1 ..= s * max_games`, so a
//! series that ends early leaves its unused ids unused.

use std::collections::BTreeMap;

use arena_games::GameParams;

use crate::rng_size::SizeRange;
use crate::seeds::derive;
use crate::series::{SeriesRules, Side};

/// One series of the schedule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeriesPlan {
    /// From 1, in schedule order.
    pub id: u64,
    /// The round, from 1.
    pub round: u32,
    /// Index of bot A in the name-sorted bot list.
    pub a: usize,
    /// Index of bot B.
    pub b: usize,
    /// Who moves first in game 0, drawn from the series seed.
    pub first: Side,
}

/// One game of a series, with everything needed to play it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GamePlan {
    /// The game id.
    pub id: u64,
    /// Index in the series, from 0.
    pub index: u32,
    /// The board's index in the series.
    pub board_index: u32,
    /// Who moves first.
    pub first: Side,
    /// Seed of the starting position.
    pub board_seed: u64,
    /// Size parameters of the starting position.
    pub params: GameParams,
    /// Rows and columns as recorded.
    pub size: [u32; 2],
    /// The per-game seeds of the first and second mover.
    pub bot_seeds: [u64; 2],
}

/// The whole schedule's settings.
#[derive(Clone, Debug)]
pub struct Schedule {
    /// The tournament seed.
    pub seed: u64,
    /// Series rules.
    pub rules: SeriesRules,
    /// Series per pair.
    pub rounds: u32,
    /// Rows to draw from.
    pub rows: SizeRange,
    /// Columns to draw from.
    pub cols: SizeRange,
    /// Game-specific options for every starting position.
    pub options: BTreeMap<String, String>,
    /// Bot names, sorted.
    pub names: Vec<String>,
    /// Per name: whether the bot is a gauntlet reference. With references, every
    /// submission plays every reference and submissions do not meet each other.
    pub references: Vec<bool>,
}

impl Schedule {
    /// Every series in schedule order.
    pub fn series(&self) -> Vec<SeriesPlan> {
        let mut out = Vec::new();
        let n = self.names.len();
        for round in 1..=self.rounds {
            for a in 0..n {
                for b in a + 1..n {
                    if self.is_gauntlet() && self.references[a] == self.references[b] {
                        continue;
                    }
                    let s = derive(
                        self.seed,
                        "series",
                        &[&round, &self.names[a], &self.names[b]],
                    );
                    out.push(SeriesPlan {
                        id: out.len() as u64 + 1,
                        round,
                        a,
                        b,
                        first: if s & 1 == 0 { Side::A } else { Side::B },
                    });
                }
            }
        }
        out
    }

    /// Whether this is a gauntlet (some bots are references).
    pub fn is_gauntlet(&self) -> bool {
        self.references.iter().any(|&r| r)
    }

    /// Game `index` of `series`.
    pub fn game(&self, series: &SeriesPlan, index: u32) -> GamePlan {
        let (a, b) = (&self.names[series.a], &self.names[series.b]);
        let board_index = self.rules.board_index(index);
        let board_seed = derive(self.seed, "board", &[&series.round, a, b, &board_index]);
        let size_seed = derive(self.seed, "size", &[&series.round, a, b, &board_index]);
        let size = [self.rows.pick(size_seed, 0), self.cols.pick(size_seed, 1)];
        let first = self.rules.first_mover(series.first, index);
        let bot_seed = |seat: u32| derive(self.seed, "bot", &[&series.round, a, b, &index, &seat]);
        GamePlan {
            id: (series.id - 1) * self.rules.max_games() as u64 + index as u64 + 1,
            index,
            board_index,
            first,
            board_seed,
            params: GameParams {
                rows: Some(size[0]),
                cols: Some(size[1]),
                options: self.options.clone(),
            },
            size,
            bot_seeds: [bot_seed(1), bot_seed(2)],
        }
    }
}
