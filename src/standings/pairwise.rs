//! The series of a tournament at tables of any seat count, decomposed into pairs: every
//! two bots at a table make one series of the games in which both sat and were not
//! teammates, the bot ranked better taking the game (1 point), an equal rank halving it.
//! This is the decomposition the ratings and the table standings use; for a table of two
//! it is the table itself (its board in both seatings: a paired board).

use crate::record::GameRow;
use crate::schedule::SeriesPlan;
use crate::series::{SeriesResult, Side, Tally};
use crate::standings::SeriesOutcome;

/// The pair series of `rows` (in game-id order, each series' games together), in the
/// order of their tables and, within a table, of the pairs' bots in `names` (A the bot
/// listed first). A series takes its table's id and round; its first mover is the bot of
/// the pair that sat earlier in the first game they shared. Games a bot of the pair did not
/// play, or played as the other's teammate, are not the pair's.
pub fn series_of(rows: &[GameRow], names: &[String]) -> Vec<SeriesOutcome> {
    let index = |bot: &str| names.iter().position(|n| n == bot);
    let mut out = Vec::new();
    for table in rows.chunk_by(|x, y| x.series_id == y.series_id) {
        let mut bots: Vec<usize> = table
            .iter()
            .flat_map(|r| r.seats.iter().filter_map(|s| index(&s.bot)))
            .collect();
        bots.sort_unstable();
        bots.dedup();
        for (i, &a) in bots.iter().enumerate() {
            for &b in &bots[i + 1..] {
                if let Some(series) = pair(table, names, a, b) {
                    out.push(series);
                }
            }
        }
    }
    out
}

/// The series of bots `a` and `b` (indices into `names`) at one table, if they shared a
/// game as opponents.
fn pair(table: &[GameRow], names: &[String], a: usize, b: usize) -> Option<SeriesOutcome> {
    let mut tally = Tally::default();
    let mut games = String::new();
    let mut a_half_points = Vec::new();
    let mut first = None;
    for row in table {
        let (Some(sa), Some(sb)) = (row.seat_of(&names[a]), row.seat_of(&names[b])) else {
            continue;
        };
        let (seat_a, seat_b) = (&row.seats[sa], &row.seats[sb]);
        if seat_a.team.is_some() && seat_a.team == seat_b.team {
            continue;
        }
        first.get_or_insert(if sa < sb { Side::A } else { Side::B });
        let half = match seat_a.rank.cmp(&seat_b.rank) {
            std::cmp::Ordering::Less => 2,
            std::cmp::Ordering::Equal => 1,
            std::cmp::Ordering::Greater => 0,
        };
        tally.half_points[0] += half;
        tally.half_points[1] += 2 - half;
        tally.games += 1;
        games.push(match half {
            2 => 'W',
            1 => 'D',
            _ => 'L',
        });
        a_half_points.push(half);
    }
    let first = first?;
    let result = match tally.half_points[0].cmp(&tally.half_points[1]) {
        std::cmp::Ordering::Greater => SeriesResult::Win(Side::A),
        std::cmp::Ordering::Less => SeriesResult::Win(Side::B),
        std::cmp::Ordering::Equal => SeriesResult::Draw,
    };
    Some(SeriesOutcome {
        plan: SeriesPlan {
            id: table[0].series_id,
            round: table[0].round,
            a,
            b,
            first,
        },
        tally,
        result,
        games,
        a_half_points,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{EndKind, SeatRecord};

    fn game(id: u64, series: u64, seats: &[(&str, Option<u32>, u32)]) -> GameRow {
        GameRow {
            game_id: id,
            series_id: series,
            round: 1,
            game_index: 0,
            board_index: 0,
            board_seed: 1,
            rows: 3,
            cols: 3,
            seats: seats
                .iter()
                .map(|&(bot, team, rank)| SeatRecord {
                    bot: bot.into(),
                    team,
                    score: 0.into(),
                    rank,
                    fuel: 0,
                    max_move_fuel: 0,
                })
                .collect(),
            end: EndKind::Normal,
            culprit: None,
            reason: String::new(),
            moves: 5,
        }
    }

    fn names() -> Vec<String> {
        ["a", "b", "c"].map(String::from).to_vec()
    }

    #[test]
    fn a_table_of_two_is_its_own_series() {
        let rows = [
            game(1, 1, &[("b", None, 1), ("a", None, 2)]),
            game(2, 1, &[("a", None, 1), ("b", None, 1)]),
        ];
        let s = series_of(&rows, &names());
        assert_eq!(s.len(), 1);
        let s = &s[0];
        assert_eq!((s.plan.a, s.plan.b, s.plan.first), (0, 1, Side::B));
        assert_eq!(s.tally.half_points, [1, 3]);
        assert_eq!(s.games, "LD");
        assert_eq!(s.result, SeriesResult::Win(Side::B));
        assert_eq!(s.pentanomial(), [0, 1, 0, 0, 0]);
    }

    #[test]
    fn a_table_of_three_makes_three_pairs_and_teammates_are_not_compared() {
        let rows = [
            game(1, 1, &[("a", None, 1), ("b", None, 2), ("c", None, 2)]),
            game(
                2,
                1,
                &[("c", Some(1), 1), ("a", Some(1), 1), ("b", None, 3)],
            ),
            game(3, 2, &[("a", None, 2), ("b", None, 1)]),
        ];
        let s = series_of(&rows, &names());
        let pairs: Vec<(u64, usize, usize, &str)> = s
            .iter()
            .map(|s| (s.plan.id, s.plan.a, s.plan.b, s.games.as_str()))
            .collect();
        assert_eq!(
            pairs,
            [
                (1, 0, 1, "WW"),
                (1, 0, 2, "W"),
                (1, 1, 2, "DL"),
                (2, 0, 1, "L")
            ]
        );
        assert_eq!(s[2].result, SeriesResult::Win(Side::B));
        assert_eq!(s[2].plan.first, Side::A);
    }
}
