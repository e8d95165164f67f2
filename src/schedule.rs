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
    /// A sequential test that stops each pair's rounds once decided (`--sprt`); the
    /// rounds are then a cap (`crate::sequential`).
    pub sprt: Option<crate::sprt_settings::SprtSettings>,
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
/// One part of a schedule split across machines: part `index` of `count` (from 1). Part
/// `i` plays the series whose id is `i`, `i + count`, `i + 2 count`, ...; the parts of one
/// schedule are disjoint and together hold every series.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "[u32; 2]", into = "[u32; 2]")]
pub struct Shard {
    index: u32,
    count: u32,
}

/// The most parts a schedule can be split into.
pub const MAX_SHARDS: u32 = 10_000;

/// A `--shard` value that names no part.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a shard: write I/N with 1 <= I <= N <= {MAX_SHARDS}, e.g. 2/3")]
pub struct BadShard(pub String);

impl Shard {
    /// Part `index` of `count`.
    ///
    /// # Errors
    /// [`BadShard`] unless `1 <= index <= count <= MAX_SHARDS`.
    pub fn new(index: u32, count: u32) -> Result<Shard, BadShard> {
        if (1..=count).contains(&index) && count <= MAX_SHARDS {
            Ok(Shard { index, count })
        } else {
            Err(BadShard(format!("{index}/{count}")))
        }
    }

    /// The part's number, from 1.
    pub fn index(self) -> u32 {
        self.index
    }

    /// How many parts there are.
    pub fn count(self) -> u32 {
        self.count
    }

    /// Whether this part plays the series with id `series_id` (from 1).
    pub fn holds(self, series_id: u64) -> bool {
        (series_id - 1) % u64::from(self.count) == u64::from(self.index - 1)
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl std::str::FromStr for Shard {
    type Err = BadShard;

    fn from_str(s: &str) -> Result<Shard, BadShard> {
        let bad = || BadShard(s.to_string());
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let num = |t: &str| t.trim().parse::<u32>().map_err(|_| bad());
        Shard::new(num(i)?, num(n)?).map_err(|_| bad())
    }
}

impl TryFrom<[u32; 2]> for Shard {
    type Error = BadShard;

    fn try_from([index, count]: [u32; 2]) -> Result<Shard, BadShard> {
        Shard::new(index, count)
    }
}

impl From<Shard> for [u32; 2] {
    fn from(s: Shard) -> [u32; 2] {
        [s.index, s.count]
    }
}
