//! The order workers take series in: bots in tiles, so that a worker's next games mostly
//! reuse the bots of its last ones.
//!
//! A worker keeps the modules it played lately ready in its instance pool (their code,
//! their memory image in a pool slot). A bot that left the pool must be mapped into a
//! slot again, which costs system calls, page faults and a TLB shoot-down to every other
//! worker. The schedule's order (round by round, each bot against every later one)
//! brings a different opponent every series: with more bots than slots, almost every
//! series would map a bot again. Taking the series of a few bots at a time, every round
//! of a table together, keeps each worker on a handful of bots for many games
//! (`docs/PERFORMANCE.md`, "Series in tiles of bots": a 30-bot Nim tournament a quarter faster).
//!
//! Only the order of play changes: every game keeps its id, its seeds and its place in
//! every output, which are sorted by game id whatever the order (as they are whatever
//! the number of threads).

/// Bots whose modules a worker's instance pool keeps ready at once
/// (`runtime::Limits::max_live_bots`, 16 by default): the bots of one run of series.
const POOL_BOTS: usize = 16;

/// Bots per tile for tables of `seats`: the bots of a table of tiles fit the pool.
fn tile(seats: usize) -> usize {
    (POOL_BOTS / seats.max(1)).max(1)
}

/// One series as the order sees it: its bots (indices into the name-sorted field), its
/// round and its id.
pub(crate) struct Seated {
    /// The table's bots.
    pub bots: Vec<usize>,
    /// The round, from 1.
    pub round: u32,
    /// The series id.
    pub id: u64,
}

/// `series` in the order workers take them: by the tiles of their bots, then by table,
/// then by round. `seated` tells each series' bots, round and id; `seats` is the most
/// bots a series has.
pub(crate) fn by_tiles<T>(series: &[T], seats: usize, seated: impl Fn(&T) -> Seated) -> Vec<&T> {
    let tile = tile(seats);
    let mut order: Vec<&T> = series.iter().collect();
    order.sort_by_cached_key(|s| {
        let Seated {
            mut bots,
            round,
            id,
        } = seated(s);
        bots.sort_unstable();
        let tiles: Vec<usize> = bots.iter().map(|b| b / tile).collect();
        (tiles, bots, round, id)
    });
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    /// A series for the tests: (id, round, bots).
    type Series = (u64, u32, Vec<usize>);

    fn seated(s: &Series) -> Seated {
        Seated {
            bots: s.2.clone(),
            round: s.1,
            id: s.0,
        }
    }

    /// Every series of `rounds` round robins of `n` bots at tables of `seats`.
    fn round_robins(n: usize, seats: usize, rounds: u32) -> Vec<Series> {
        let mut tables: Vec<Vec<usize>> = vec![vec![]];
        for _ in 0..seats {
            tables = tables
                .into_iter()
                .flat_map(|t| {
                    let from = t.last().map_or(0, |&b| b + 1);
                    (from..n).map(move |b| {
                        let mut t = t.clone();
                        t.push(b);
                        t
                    })
                })
                .collect();
        }
        let mut out = Vec::new();
        for round in 1..=rounds {
            for t in &tables {
                // The schedule's seat order need not be sorted.
                let mut t = t.clone();
                t.reverse();
                out.push((out.len() as u64 + 1, round, t));
            }
        }
        out
    }

    /// Every series is taken once; a table's rounds are taken together; the bots of any
    /// run of series within one combination of tiles fit the pool.
    fn check(n: usize, seats: usize, rounds: u32, runs_expected: usize) {
        let series = round_robins(n, seats, rounds);
        let order = by_tiles(&series, seats, seated);
        let mut ids: Vec<u64> = order.iter().map(|s| s.0).collect();
        ids.sort_unstable();
        assert_eq!(ids, (1..=series.len() as u64).collect::<Vec<_>>());
        for w in order.windows(2) {
            if w[0].2 == w[1].2 {
                assert_eq!(w[0].1 + 1, w[1].1, "the rounds of a table together");
            }
        }
        let tile = tile(seats);
        let mut runs: Vec<BTreeSet<usize>> = Vec::new();
        let mut last = None;
        for s in &order {
            let mut tiles: Vec<usize> = s.2.iter().map(|b| b / tile).collect();
            tiles.sort_unstable();
            if last.as_ref() != Some(&tiles) {
                runs.push(BTreeSet::new());
                last = Some(tiles);
            }
            runs.last_mut().unwrap().extend(s.2.iter().copied());
        }
        assert!(runs.iter().all(|r| r.len() <= POOL_BOTS), "{runs:?}");
        assert_eq!(runs.len(), runs_expected);
    }

    #[test]
    fn two_seats() {
        // 30 bots make 4 tiles of 8: 4 tile pairs with themselves, 6 across.
        check(30, 2, 3, 10);
    }

    #[test]
    fn three_seats() {
        // 12 bots make tiles of 5, 5 and 2: the multisets of 3 tiles from 3 (10), but
        // for the last tile thrice (it has only 2 bots).
        check(12, 3, 2, 9);
    }

    #[test]
    fn one_seat() {
        // 20 bots make 2 tiles of 16.
        check(20, 1, 4, 2);
    }
}
