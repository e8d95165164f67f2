//! Standings: series and game records per bot, and the ranking.
//!
//! Everything here is computed from the `games.csv` rows and the schedule alone, so a
//! results folder can always be re-derived without replaying anything.
//!
//! Ranking (documented in `docs/TOURNAMENT.md`): first the [`Status`] tier (bots that
//! played, then bots that faulted in every game, then bots that never loaded), then
//! series points (win 1, draw ½), then
//! head-to-head series points among the bots still tied, then game points, then total
//! score margin, then name.

pub mod pairwise;

use std::collections::BTreeMap;

use crate::bot::FaultKind;
use crate::record::EndKind;
use crate::record::GameRow;
use crate::schedule::SeriesPlan;
use crate::series::{SeriesResult, SeriesRules, Side, Tally};

/// Wins, draws and losses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// Wins.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// Losses.
    pub losses: u32,
}

impl Record {
    /// Adds a result worth `half_points` (2 win, 1 draw, 0 loss).
    pub fn add(&mut self, half_points: u32) {
        match half_points {
            2 => self.wins += 1,
            1 => self.draws += 1,
            _ => self.losses += 1,
        }
    }

    /// Points in halves.
    pub fn half_points(&self) -> u64 {
        2 * self.wins as u64 + self.draws as u64
    }

    /// Games or series counted.
    pub fn played(&self) -> u32 {
        self.wins + self.draws + self.losses
    }
}

/// One bot's line in the standings.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Standing {
    /// Rank from 1.
    pub rank: usize,
    /// The bot's name.
    pub name: String,
    /// Series record.
    pub series: Record,
    /// Game record.
    pub games: Record,
    /// Sum over games of (own score - opponent's score).
    pub margin: i128,
    /// Games as the first mover.
    pub as_first: Record,
    /// Games as the second mover.
    pub as_second: Record,
    /// Faults this bot caused, by kind.
    pub faults: BTreeMap<FaultKind, u32>,
    /// Why it was disqualified, if it was.
    pub disqualified: Option<String>,
    /// A gauntlet reference: ranked separately, after the submissions, with rank 0.
    pub reference: bool,
    /// Bradley–Terry rating in Elo with its 95% interval `[rating, low, high]`, once
    /// fitted.
    pub rating: Option<[f64; 3]>,
    /// Games of this bot that ended normally (the rules decided them).
    pub normal_games: u32,
}

/// How a bot took part, which decides its tier in the ranking before any points do:
/// every bot that played ranks above every bot that only faulted, which ranks above every
/// bot that never loaded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Status {
    /// It loaded and finished at least one game without faulting (or never faulted).
    Played,
    /// It loaded, but faulted in every game it played: it caused at least one fault and
    /// none of its games ended normally (the others were cut short by the opponent's
    /// fault or forfeit before it could finish them).
    Faulted,
    /// It never loaded (disqualified): it forfeited every game.
    Disqualified,
}

impl Status {
    /// The word written in `grades.csv`.
    pub fn name(self) -> &'static str {
        match self {
            Status::Played => "played",
            Status::Faulted => "faulted",
            Status::Disqualified => "disqualified",
        }
    }
}

impl Status {
    /// How a bot took part, from whether it was disqualified, how many of its games ended
    /// normally and how many faults it caused: the one rule for every game, whatever its
    /// seats.
    pub fn of(disqualified: bool, normal_games: u32, faults: u32) -> Status {
        if disqualified {
            Status::Disqualified
        } else if normal_games == 0 && faults > 0 {
            Status::Faulted
        } else {
            Status::Played
        }
    }
}

impl Standing {
    /// How the bot took part: see [`Status`].
    pub fn status(&self) -> Status {
        Status::of(
            self.disqualified.is_some(),
            self.normal_games,
            self.faults.values().sum(),
        )
    }
}

/// A finished series, for `series.csv`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeriesOutcome {
    /// The plan it followed.
    pub plan: SeriesPlan,
    /// Points of A and B.
    pub tally: Tally,
    /// The result.
    pub result: SeriesResult,
    /// Each game's result from A's side: `W`, `D` or `L`.
    pub games: String,
    /// Each game's half-points to A (2 a win, 1 a draw, 0 a loss), in game order.
    pub a_half_points: Vec<u32>,
}

impl SeriesOutcome {
    /// The board pairs of a paired series by A's half-points in the pair (0 to 4): the
    /// pentanomial counts `[0, ½, 1, 1½, 2]` points. A pair's two games are consecutive
    /// (a paired series plays a board from both seats before the next board).
    pub fn pentanomial(&self) -> [u64; 5] {
        let mut counts = [0; 5];
        for pair in self.a_half_points.chunks_exact(2) {
            counts[(pair[0] + pair[1]) as usize] += 1;
        }
        counts
    }
}

/// Folds the rows of each series (in game order) into series outcomes.
pub fn series_outcomes(
    plans: &[SeriesPlan],
    rules: SeriesRules,
    names: &[String],
    rows: &[GameRow],
) -> Vec<SeriesOutcome> {
    let mut by_series: BTreeMap<u64, Vec<&GameRow>> = BTreeMap::new();
    for row in rows {
        by_series.entry(row.series_id).or_default().push(row);
    }
    plans
        .iter()
        .filter_map(|plan| {
            let rows = by_series.get(&plan.id)?;
            let mut tally = Tally::default();
            let mut games = String::new();
            let mut a_half_points = Vec::with_capacity(rows.len());
            for row in rows {
                let first = tally.add_row(&names[plan.a], row);
                let hp = row.half_points();
                let a_seat = if first == Side::A { 0 } else { 1 };
                a_half_points.push(hp[a_seat]);
                games.push(match hp[a_seat] {
                    2 => 'W',
                    1 => 'D',
                    _ => 'L',
                });
            }
            Some(SeriesOutcome {
                plan: plan.clone(),
                tally,
                result: rules.result(&tally),
                games,
                a_half_points,
            })
        })
        .collect()
}

/// The standings of all bots (`names` in schedule order), ranked.
///
/// Gauntlet references (`references[i]`) are ranked among themselves after the
/// submissions and get rank 0 (written empty): they are the bar, not competitors.
pub fn standings(
    names: &[String],
    references: &[bool],
    disqualified: &[Option<String>],
    series: &[SeriesOutcome],
    rows: &[GameRow],
) -> Vec<Standing> {
    let index: BTreeMap<&str, usize> = names
        .iter()
        .enumerate()
        .map(|(i, n)| (n.as_str(), i))
        .collect();
    let mut table: Vec<Standing> = names
        .iter()
        .zip(disqualified)
        .zip(references)
        .map(|((name, dq), &reference)| Standing {
            name: name.clone(),
            disqualified: dq.clone(),
            reference,
            ..Standing::default()
        })
        .collect();
    for row in rows {
        let hp = row.half_points();
        let seats = [index[row.bot(0)], index[row.bot(1)]];
        let scores = [
            i128::from(row.seats[0].score.numerator()),
            i128::from(row.seats[1].score.numerator()),
        ];
        for s in 0..2 {
            let t = &mut table[seats[s]];
            t.games.add(hp[s]);
            if row.end == EndKind::Normal {
                t.normal_games += 1;
            }
            t.margin += scores[s] - scores[1 - s];
            if s == 0 {
                t.as_first.add(hp[s]);
            } else {
                t.as_second.add(hp[s]);
            }
        }
        if let Some(culprit) = row.culprit_bot() {
            if let (Some(&i), Some(kind)) = (
                index.get(culprit),
                match row.end {
                    EndKind::Fault(kind) => Some(kind),
                    _ => None,
                },
            ) {
                *table[i].faults.entry(kind).or_default() += 1;
            }
        }
    }
    // head[i][j]: half points i took from its series against j.
    let n = names.len();
    let mut head = vec![vec![0u64; n]; n];
    for s in series {
        let (a, b) = (s.plan.a, s.plan.b);
        let (ha, hb) = match s.result {
            SeriesResult::Win(Side::A) => (2, 0),
            SeriesResult::Win(Side::B) => (0, 2),
            SeriesResult::Draw => (1, 1),
        };
        table[a].series.add(ha);
        table[b].series.add(hb);
        head[a][b] += ha as u64;
        head[b][a] += hb as u64;
    }
    let mut order: Vec<usize> = (0..n).collect();
    let key = |k: usize| {
        (
            table[k].reference,
            table[k].status(),
            std::cmp::Reverse(table[k].series.half_points()),
        )
    };
    order.sort_by_key(|&k| key(k));
    // Break ties of series points by head-to-head inside each tied group.
    let mut ranked = Vec::with_capacity(n);
    let mut i = 0;
    while i < n {
        let mut j = i;
        while j < n && key(order[j]) == key(order[i]) {
            j += 1;
        }
        let group: Vec<usize> = order[i..j].to_vec();
        let h2h = |x: usize| -> u64 { group.iter().map(|&y| head[x][y]).sum() };
        let mut group_sorted = group.clone();
        group_sorted.sort_by(|&x, &y| {
            h2h(y)
                .cmp(&h2h(x))
                .then(
                    table[y]
                        .games
                        .half_points()
                        .cmp(&table[x].games.half_points()),
                )
                .then(table[y].margin.cmp(&table[x].margin))
                .then(table[x].name.cmp(&table[y].name))
        });
        ranked.extend(group_sorted);
        i = j;
    }
    ranked
        .into_iter()
        .enumerate()
        .map(|(r, i)| {
            let mut s = table[i].clone();
            s.rank = if s.reference { 0 } else { r + 1 };
            s
        })
        .collect()
}

/// For each standing, in order, the index of its bot in `names` (schedule order).
pub fn standings_order(table: &[Standing], names: &[String]) -> Vec<usize> {
    table
        .iter()
        .map(|s| {
            names
                .iter()
                .position(|n| n == &s.name)
                .expect("a standing names a scheduled bot")
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(series_id: u64, first: &str, second: &str, result: &str, scores: [i64; 2]) -> GameRow {
        GameRow {
            game_id: 0,
            series_id,
            round: 1,
            game_index: 0,
            board_index: 0,
            board_seed: 0,
            rows: 8,
            cols: 8,
            seats: crate::record::two_seats([first, second], scores, result.parse().unwrap()),
            end: EndKind::Normal,
            culprit: None,
            reason: String::new(),
            moves: 1,
        }
    }

    fn plan(id: u64, a: usize, b: usize) -> SeriesPlan {
        SeriesPlan {
            id,
            round: 1,
            a,
            b,
            first: Side::A,
        }
    }

    #[test]
    fn head_to_head_breaks_a_tie_before_game_points() {
        // Three bots, each wins one series: a beats b, b beats c, c beats a; all tied on
        // series points and head-to-head, so game points decide, then margin.
        let names: Vec<String> = ["a", "b", "c"].iter().map(|s| s.to_string()).collect();
        let rules = SeriesRules::new(1, false, false).unwrap();
        let plans = [plan(1, 0, 1), plan(2, 0, 2), plan(3, 1, 2)];
        let rows = [
            row(1, "a", "b", "1-0", [10, 0]),
            row(2, "a", "c", "0-1", [0, 1]),
            row(3, "b", "c", "1-0", [5, 0]),
        ];
        let series = series_outcomes(&plans, rules, &names, &rows);
        let table = standings(&names, &[false; 3], &[None, None, None], &series, &rows);
        let order: Vec<&str> = table.iter().map(|s| s.name.as_str()).collect();
        // margins: a +10-1=9, b -10+5=-5, c +1-5=-4.
        assert_eq!(order, ["a", "c", "b"]);
        assert_eq!(table[0].rank, 1);
        assert_eq!(
            table[0].series,
            Record {
                wins: 1,
                draws: 0,
                losses: 1
            }
        );
        assert_eq!(
            table[0].as_first,
            Record {
                wins: 1,
                draws: 0,
                losses: 1
            }
        );
    }

    #[test]
    fn head_to_head_decides_between_two_tied_bots() {
        // a and b both take 2 series points, a beat b directly, b has the larger margin:
        // a ranks first. c and d both take 1, d beat c: d before c.
        let names: Vec<String> = ["a", "b", "c", "d"].iter().map(|s| s.to_string()).collect();
        let rules = SeriesRules::new(1, false, false).unwrap();
        let plans = [
            plan(1, 0, 1),
            plan(2, 0, 2),
            plan(3, 0, 3),
            plan(4, 1, 2),
            plan(5, 1, 3),
            plan(6, 2, 3),
        ];
        let rows = [
            row(1, "a", "b", "1-0", [1, 0]),
            row(2, "a", "c", "0-1", [0, 1]),
            row(3, "a", "d", "1-0", [1, 0]),
            row(4, "b", "c", "1-0", [100, 0]),
            row(5, "b", "d", "1-0", [100, 0]),
            row(6, "c", "d", "0-1", [0, 1]),
        ];
        let series = series_outcomes(&plans, rules, &names, &rows);
        let table = standings(
            &names,
            &[false; 4],
            &[None, None, None, None],
            &series,
            &rows,
        );
        let order: Vec<&str> = table.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(order, ["a", "b", "d", "c"]);
        assert!(table[1].margin > table[0].margin);
    }

    #[test]
    fn faults_are_counted_for_the_culprit() {
        let names: Vec<String> = ["a", "b"].iter().map(|s| s.to_string()).collect();
        let mut r = row(1, "a", "b", "0-1", [0, 0]);
        r.end = EndKind::Fault(FaultKind::Fuel);
        r.culprit = Some(0);
        let rules = SeriesRules::new(1, false, false).unwrap();
        let series = series_outcomes(&[plan(1, 0, 1)], rules, &names, &[r.clone()]);
        let table = standings(&names, &[false; 2], &[None, None], &series, &[r]);
        let a = table.iter().find(|s| s.name == "a").unwrap();
        assert_eq!(a.faults.get(&FaultKind::Fuel), Some(&1));
        assert_eq!(table[0].name, "b");
    }

    #[test]
    fn a_bot_that_never_loaded_ranks_below_bots_that_lost_every_game() {
        // A gauntlet: `dq` never loaded (margin 0), `lost` lost every game on the board
        // (margin negative), `crash` faulted every game: played, then faulted, then dq.
        let names: Vec<String> = ["crash", "dq", "lost", "ref"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let rules = SeriesRules::new(1, false, false).unwrap();
        let plans = [plan(1, 0, 3), plan(2, 1, 3), plan(3, 2, 3)];
        let mut crash = row(1, "crash", "ref", "0-1", [0, 0]);
        crash.end = EndKind::Fault(FaultKind::Trap);
        crash.culprit = Some(0);
        let mut dq = row(2, "dq", "ref", "0-1", [0, 0]);
        dq.end = EndKind::Disqualified;
        dq.culprit = Some(0);
        let lost = row(3, "lost", "ref", "0-1", [1, 9]);
        let rows = [crash, dq, lost];
        let series = series_outcomes(&plans, rules, &names, &rows);
        let table = standings(
            &names,
            &[false, false, false, true],
            &[None, Some("not wasm".into()), None, None],
            &series,
            &rows,
        );
        let order: Vec<(&str, usize, Status)> = table
            .iter()
            .map(|s| (s.name.as_str(), s.rank, s.status()))
            .collect();
        assert_eq!(
            order,
            [
                ("lost", 1, Status::Played),
                ("crash", 2, Status::Faulted),
                ("dq", 3, Status::Disqualified),
                ("ref", 0, Status::Played),
            ]
        );
    }
}
