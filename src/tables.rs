//! Tables for games of any seat count: which bots sit down together, and the seat orders
//! a table is played in.
//!
//! A two-seat tournament is a list of pairs (see [`crate::schedule`]); a game with one,
//! three or four seats needs tables of that many bots. The plan (`docs/TOURNAMENT.md`):
//! - **every table** when the field is small enough: every combination of the name-sorted
//!   field into the seat count, in lexicographic order, while their number is at most
//!   [`MAX_EVERY_TABLES`];
//! - **sampled tables** beyond it: whole permutations of the field drawn from the
//!   tournament seed, cut into tables, so that every bot sits at exactly the same number
//!   of tables;
//! - **gauntlet tables**: one submission with references in the other seats;
//! - each table is played in every **seating**: the cyclic rotations (every bot in every
//!   seat exactly once), or every order of the bots with `--paired`. So a bot's games per
//!   seat equal its tables (or its tables × (seats − 1)! with every order): every bot
//!   plays equally many games in every seat.
//!
//! Everything here is a pure function of its arguments.

use arena_games::rng::GameRng;
use thiserror::Error;

use crate::seeds::derive;

/// The most seats a game may have.
pub const MAX_SEATS: usize = 4;

/// The most tables a round plays with every combination of the field; larger fields get
/// sampled tables. 20,000 tables of three seats are 60,000 games a round: minutes for
/// cheap bots on two cores.
pub const MAX_EVERY_TABLES: u64 = 20_000;

/// A table: indices into the name-sorted field, one per seat of its first seating.
pub type Table = Vec<usize>;

/// Why no tables can be formed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TableError {
    /// The seat count is outside 1..=[`MAX_SEATS`].
    #[error("a game has 1 to {MAX_SEATS} seats, not {0}")]
    Seats(usize),
    /// Fewer bots than seats (a round-robin needs a full table of distinct bots).
    #[error("the game seats {seats} bots, but the field has only {field}")]
    FieldTooSmall {
        /// Seats per table.
        seats: usize,
        /// Bots in the field.
        field: usize,
    },
    /// A gauntlet without a submission or without a reference (for two or more seats).
    #[error("a gauntlet needs at least one submission and one reference")]
    EmptyGauntlet,
}

/// Checks that a round robin of `field` bots can seat tables of `seats`.
///
/// # Errors
/// [`TableError`] for a seat count outside 1..=4 or a field smaller than a table.
pub fn check_field(field: usize, seats: usize) -> Result<(), TableError> {
    check_seats(seats)?;
    if field < seats {
        return Err(TableError::FieldTooSmall { seats, field });
    }
    Ok(())
}

fn check_seats(seats: usize) -> Result<(), TableError> {
    if (1..=MAX_SEATS).contains(&seats) {
        Ok(())
    } else {
        Err(TableError::Seats(seats))
    }
}

/// `n` choose `k`, or `None` past `u64`.
pub fn combinations_count(n: u64, k: u64) -> Option<u64> {
    if k > n {
        return Some(0);
    }
    let k = k.min(n - k);
    let mut acc: u64 = 1;
    for i in 0..k {
        // acc * (n - i) / (i + 1) is exact at every step (it is C(n, i + 1)).
        acc = acc.checked_mul(n - i)? / (i + 1);
    }
    Some(acc)
}

/// Every combination of `0..n` into `k` seats, in lexicographic order.
fn every_combination(n: usize, k: usize) -> Vec<Table> {
    let mut out = Vec::new();
    let mut current: Vec<usize> = (0..k).collect();
    if k > n {
        return out;
    }
    loop {
        out.push(current.clone());
        // The rightmost position that can still move right.
        let Some(i) = (0..k).rev().find(|&i| current[i] < n - k + i) else {
            return out;
        };
        current[i] += 1;
        for j in i + 1..k {
            current[j] = current[j - 1] + 1;
        }
    }
}

/// The tables of one round of a round-robin of `field` bots at `seats` seats.
///
/// Every combination while there are at most `max_every` of them; otherwise sampled
/// tables from `seed` and `round`: the fewest tables at which every bot sits equally often
/// and at least `per_bot` times (`field × per_bot ÷ seats`, rounded up to a multiple of
/// `field ÷ gcd(field, seats)`). A one-seat game has one table per bot.
///
/// # Errors
/// [`TableError`] for a seat count outside 1..=4 or a field smaller than a table.
pub fn round_robin(
    field: usize,
    seats: usize,
    max_every: u64,
    per_bot: u32,
    seed: u64,
    round: u32,
) -> Result<Vec<Table>, TableError> {
    check_field(field, seats)?;
    let every = combinations_count(field as u64, seats as u64);
    if every.is_some_and(|count| count <= max_every) {
        return Ok(every_combination(field, seats));
    }
    Ok(sampled(
        field,
        seats,
        sampled_count(field, seats, per_bot),
        seed,
        round,
    ))
}

/// How many tables one round seats, without forming them: [`round_robin`]'s count for a
/// field of `field` bots, or with `references` > 0 [`gauntlet`]'s for `field −
/// references` submissions; `None` past `u64`. Lets a caller refuse an oversized
/// schedule before building it.
pub fn tables_per_round(
    field: usize,
    references: usize,
    seats: usize,
    max_every: u64,
    per_bot: u32,
) -> Option<u64> {
    let (n, r, s) = (field as u64, references as u64, seats as u64);
    if references > 0 {
        let others = s.saturating_sub(1);
        let groups = if r >= others {
            combinations_count(r, others)?
        } else {
            1
        };
        return (n - r).checked_mul(groups);
    }
    match combinations_count(n, s) {
        Some(count) if count <= max_every => Some(count),
        _ => Some(sampled_count(field, seats, per_bot)),
    }
}

/// The number of sampled tables: at least `field × per_bot ÷ seats`, and a multiple of
/// `field ÷ gcd(field, seats)` so that the tables hold whole permutations of the field.
fn sampled_count(field: usize, seats: usize, per_bot: u32) -> u64 {
    let (n, s) = (field as u64, seats as u64);
    let step = n / gcd(n, s);
    (n * u64::from(per_bot)).div_ceil(s).div_ceil(step) * step
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// `tables` tables cut from a stream of seeded permutations of the field. A table that
/// would hold a bot twice (where it spans two permutations) takes instead the next bot of
/// the newer permutation that it does not hold, so every bot's count stays that of the
/// stream (`tables × seats ÷ field` when that divides, as [`sampled_count`] makes it).
fn sampled(field: usize, seats: usize, tables: u64, seed: u64, round: u32) -> Vec<Table> {
    let mut rng = GameRng::new(derive(seed, "tables", &[&round, &field, &seats]));
    let mut out = Vec::with_capacity(tables as usize);
    let mut perm: Vec<usize> = Vec::new();
    let mut next = 0;
    let mut table: Table = Vec::with_capacity(seats);
    while (out.len() as u64) < tables {
        if next == perm.len() {
            perm = (0..field).collect();
            rng.shuffle(&mut perm);
            next = 0;
        }
        if table.contains(&perm[next]) {
            // field >= seats and the table holds at most seats - 1 bots, all from the
            // older permutation, so the newer one has a bot the table lacks further on.
            let swap = (next + 1..perm.len())
                .find(|&j| !table.contains(&perm[j]))
                .expect("a fresh permutation of at least `seats` bots has one the table lacks");
            perm.swap(next, swap);
        }
        table.push(perm[next]);
        next += 1;
        if table.len() == seats {
            out.push(std::mem::replace(&mut table, Vec::with_capacity(seats)));
        }
    }
    out
}

/// The tables of a gauntlet: each submission sits with every combination of `seats − 1`
/// references (references repeat, in order, when there are fewer of them than the other
/// seats). A one-seat game has one table per submission.
///
/// # Errors
/// [`TableError`] for a seat count outside 1..=4, or no submission or (for two or more
/// seats) no reference.
pub fn gauntlet(
    submissions: &[usize],
    references: &[usize],
    seats: usize,
) -> Result<Vec<Table>, TableError> {
    check_seats(seats)?;
    if submissions.is_empty() || (seats > 1 && references.is_empty()) {
        return Err(TableError::EmptyGauntlet);
    }
    let others = seats - 1;
    let groups: Vec<Vec<usize>> = if references.len() >= others {
        every_combination(references.len(), others)
            .into_iter()
            .map(|c| c.into_iter().map(|i| references[i]).collect())
            .collect()
    } else {
        vec![(0..others)
            .map(|i| references[i % references.len()])
            .collect()]
    };
    Ok(submissions
        .iter()
        .flat_map(|&s| {
            groups.iter().map(move |g| {
                let mut table = vec![s];
                table.extend(g);
                table
            })
        })
        .collect())
}

/// The seatings a table is played in, each a list of bots by seat: the cyclic rotations
/// (`[a, b, c]`, `[b, c, a]`, `[c, a, b]`), or with `every_order` every permutation in
/// lexicographic order of positions. Either way every bot of the table sits in every
/// seat equally often.
pub fn seatings(table: &[usize], every_order: bool) -> Vec<Table> {
    let n = table.len();
    if !every_order {
        return (0..n)
            .map(|r| (0..n).map(|s| table[(s + r) % n]).collect())
            .collect();
    }
    let mut out = Vec::new();
    let mut order: Vec<usize> = (0..n).collect();
    loop {
        out.push(order.iter().map(|&i| table[i]).collect());
        // Next permutation in lexicographic order.
        let Some(i) = (1..n).rev().find(|&i| order[i - 1] < order[i]) else {
            return out;
        };
        let j = (i..n)
            .rev()
            .find(|&j| order[j] > order[i - 1])
            .expect("a larger element follows the pivot");
        order.swap(i - 1, j);
        order[i..].reverse();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Games each bot plays in each seat over every seating of every table.
    fn seat_counts(
        field: usize,
        seats: usize,
        tables: &[Table],
        every_order: bool,
    ) -> Vec<Vec<u64>> {
        let mut counts = vec![vec![0u64; seats]; field];
        for table in tables {
            for seating in seatings(table, every_order) {
                for (seat, &bot) in seating.iter().enumerate() {
                    counts[bot][seat] += 1;
                }
            }
        }
        counts
    }

    #[test]
    fn small_fields_get_every_combination_in_order() {
        let tables = round_robin(4, 3, MAX_EVERY_TABLES, 1, 7, 1).unwrap();
        assert_eq!(
            tables,
            vec![vec![0, 1, 2], vec![0, 1, 3], vec![0, 2, 3], vec![1, 2, 3]]
        );
        assert_eq!(
            round_robin(3, 2, MAX_EVERY_TABLES, 1, 7, 1).unwrap(),
            vec![vec![0, 1], vec![0, 2], vec![1, 2]]
        );
        assert_eq!(
            round_robin(3, 1, MAX_EVERY_TABLES, 1, 7, 1).unwrap(),
            vec![vec![0], vec![1], vec![2]]
        );
    }

    #[test]
    fn bad_seat_counts_and_small_fields_are_refused() {
        assert_eq!(round_robin(5, 0, 10, 1, 0, 1), Err(TableError::Seats(0)));
        assert_eq!(round_robin(5, 5, 10, 1, 0, 1), Err(TableError::Seats(5)));
        assert_eq!(
            round_robin(2, 3, 10, 1, 0, 1),
            Err(TableError::FieldTooSmall { seats: 3, field: 2 })
        );
        assert_eq!(gauntlet(&[], &[1], 3), Err(TableError::EmptyGauntlet));
        assert_eq!(gauntlet(&[0], &[], 2), Err(TableError::EmptyGauntlet));
        assert_eq!(gauntlet(&[0], &[], 1), Ok(vec![vec![0]]));
    }

    #[test]
    fn counting_combinations() {
        assert_eq!(combinations_count(5, 2), Some(10));
        assert_eq!(combinations_count(100, 3), Some(161_700));
        assert_eq!(combinations_count(3, 4), Some(0));
        assert_eq!(combinations_count(0, 0), Some(1));
        assert_eq!(combinations_count(u64::MAX, 4), None);
    }

    #[test]
    fn rotations_and_every_order() {
        assert_eq!(
            seatings(&[4, 7, 9], false),
            vec![vec![4, 7, 9], vec![7, 9, 4], vec![9, 4, 7]]
        );
        assert_eq!(
            seatings(&[4, 7, 9], true),
            vec![
                vec![4, 7, 9],
                vec![4, 9, 7],
                vec![7, 4, 9],
                vec![7, 9, 4],
                vec![9, 4, 7],
                vec![9, 7, 4]
            ]
        );
        assert_eq!(seatings(&[3, 1], false), vec![vec![3, 1], vec![1, 3]]);
        assert_eq!(seatings(&[3], true), vec![vec![3]]);
    }

    #[test]
    fn gauntlet_tables_put_one_submission_with_references() {
        assert_eq!(
            gauntlet(&[0, 1], &[5, 6, 7], 3).unwrap(),
            vec![
                vec![0, 5, 6],
                vec![0, 5, 7],
                vec![0, 6, 7],
                vec![1, 5, 6],
                vec![1, 5, 7],
                vec![1, 6, 7]
            ]
        );
        // One reference for two other seats: it sits in both.
        assert_eq!(gauntlet(&[2], &[9], 3).unwrap(), vec![vec![2, 9, 9]]);
    }

    #[test]
    fn sampling_is_fixed_by_the_seed_and_round() {
        let a = round_robin(40, 3, 100, 6, 11, 1).unwrap();
        assert_eq!(a, round_robin(40, 3, 100, 6, 11, 1).unwrap());
        assert_ne!(a, round_robin(40, 3, 100, 6, 12, 1).unwrap());
        assert_ne!(a, round_robin(40, 3, 100, 6, 11, 2).unwrap());
        assert_eq!(a.len(), 80);
        // 7 bots, 3 seats, at least 2 tables each: 14 ÷ 3 rounds up to 5, then to 7.
        assert_eq!(round_robin(7, 3, 0, 2, 1, 1).unwrap().len(), 7);
    }

    proptest! {
        #[test]
        fn sampled_tables_are_distinct_bots_and_balanced(
            field in 3usize..60,
            seats in 1usize..=4,
            per_bot in 1u32..12,
            seed in any::<u64>(),
            every_order: bool,
        ) {
            prop_assume!(field >= seats);
            // max_every = 0 forces sampling whatever the field's size.
            let tables = round_robin(field, seats, 0, per_bot, seed, 1).unwrap();
            let least = (field as u64 * u64::from(per_bot)).div_ceil(seats as u64);
            prop_assert!(tables.len() as u64 >= least);
            prop_assert!((tables.len() as u64) < least + field as u64);
            let mut per = vec![0u64; field];
            for t in &tables {
                prop_assert_eq!(t.len(), seats);
                for (i, b) in t.iter().enumerate() {
                    prop_assert!(*b < field);
                    prop_assert!(!t[..i].contains(b), "bot {} twice at {:?}", b, t);
                    per[*b] += 1;
                }
            }
            prop_assert!(per.iter().all(|&p| p == per[0]), "tables per bot {:?}", per);
            prop_assert!(per[0] >= u64::from(per_bot));
            // Every bot plays every seat equally often.
            let counts = seat_counts(field, seats, &tables, every_order);
            let first = counts[0][0];
            prop_assert!(counts.iter().flatten().all(|&c| c == first), "{:?}", counts);
        }

        #[test]
        fn every_combination_table_set_is_complete_and_even(field in 1usize..12, seats in 1usize..=4, every_order: bool) {
            prop_assume!(field >= seats);
            let tables = round_robin(field, seats, MAX_EVERY_TABLES, 1, 0, 1).unwrap();
            prop_assert_eq!(tables.len() as u64, combinations_count(field as u64, seats as u64).unwrap());
            for w in tables.windows(2) {
                prop_assert!(w[0] < w[1], "strictly increasing, so no table twice");
            }
            for t in &tables {
                prop_assert!(t.windows(2).all(|p| p[0] < p[1]));
            }
            let counts = seat_counts(field, seats, &tables, every_order);
            let first = counts[0][0];
            prop_assert!(counts.iter().flatten().all(|&c| c == first), "{:?}", counts);
        }

        #[test]
        fn seatings_put_every_bot_in_every_seat_equally(n in 1usize..=4, every_order: bool) {
            let table: Vec<usize> = (10..10 + n).collect();
            let all = seatings(&table, every_order);
            let expected = if every_order { (1..=n).product::<usize>() } else { n };
            prop_assert_eq!(all.len(), expected);
            for seat in 0..n {
                for bot in &table {
                    let times = all.iter().filter(|s| s[seat] == *bot).count();
                    prop_assert_eq!(times, expected / n);
                }
            }
        }
    }
    #[test]
    fn tables_per_round_counts_what_the_planners_form() {
        for field in 1..=9usize {
            for seats in 1..=4usize.min(field) {
                let planned = round_robin(field, seats, 20, 1, 7, 1).unwrap().len() as u64;
                assert_eq!(tables_per_round(field, 0, seats, 20, 1), Some(planned));
                for refs in 1..field {
                    let subs: Vec<usize> = (refs..field).collect();
                    let references: Vec<usize> = (0..refs).collect();
                    let planned = gauntlet(&subs, &references, seats).unwrap().len() as u64;
                    assert_eq!(tables_per_round(field, refs, seats, 20, 1), Some(planned));
                }
            }
        }
    }
}
