//! The standings of a table tournament (one to four seats), computed from its recorded
//! games alone: per bot its games in every seat, wins, points, mean rank and score,
//! faults, its rating (or, for one seat, its leaderboard mean) and its record in every
//! role; per seat whether the seat is favoured (`docs/RESULTS.md`, "Table tournaments").
//!
//! **Points** decompose each game into the comparisons of its seats, as the ratings do
//! (`arena_ratings::fit_ranked`): against every other seat not of its team a seat scores
//! 1 when it ranked better, ½ when equal, 0 when worse, and its game's points are the mean
//! of those (so a two-seat win is 1 and a draw ½, and every game hands out half a point per
//! compared seat on average). A one-seat game has no one to compare with: its bots are
//! ranked by mean score on a leaderboard over the same boards.

use std::collections::BTreeMap;

use arena_ratings::{
    bootstrap_ranked, fit_ranked, leaderboard, Anchor, FitOptions, Interval, Placing, RankedGame,
};

use crate::bot::FaultKind;
use crate::record::{EndKind, GameRow};
use crate::standings::Status;

/// Bootstrap replicates of the intervals.
pub const REPLICATES: u32 = 200;

/// What the standings are computed from.
pub struct TableInput<'a> {
    /// The bots, name-sorted (the schedule's order).
    pub names: &'a [String],
    /// Per bot: a gauntlet reference (ranked apart).
    pub references: &'a [bool],
    /// Per bot: why it was disqualified, if it was.
    pub disqualified: &'a [Option<String>],
    /// Seats at every table.
    pub seats: usize,
    /// The role of each seat index, where seats differ.
    pub roles: &'a [Option<&'static str>],
    /// Every game.
    pub rows: &'a [GameRow],
    /// The bootstrap's seed.
    pub seed: u64,
    /// The bot rated 0 (`None`: the field's mean is 0).
    pub anchor: Option<usize>,
}

/// A bot's record in one role.
#[derive(Clone, Debug, PartialEq)]
pub struct RoleRecord {
    /// The role's name.
    pub role: &'static str,
    /// Games played in the role.
    pub games: u32,
    /// Games won in the role (ranked 1 at a normal end): a pursuer's captures, an
    /// evader's escapes.
    pub wins: u32,
    /// The mean round (⌈moves ÷ seats⌉) at which its games ended normally: over the games
    /// won for a role that wins by ending the game (a pursuer: the mean capture round),
    /// over every game for one that wins by lasting (an evader: the mean survival).
    pub mean_round: Option<f64>,
}

/// One bot's line of the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct TableStanding {
    /// Rank among the submissions (a competition rank: bots level on everything but the
    /// name share it; references are ranked apart, rank 0).
    pub rank: u32,
    /// The bot's name.
    pub name: String,
    /// A gauntlet reference.
    pub reference: bool,
    /// Why it was disqualified, if it was.
    pub disqualified: Option<String>,
    /// Games played.
    pub games: u32,
    /// Games of this bot that ended normally (the rules decided them, [`EndKind::Normal`]):
    /// not a fault, forfeit or disqualification of any seat at its table.
    pub normal_games: u32,
    /// Games in each seat (index 0 = seat 1).
    pub seat_games: Vec<u32>,
    /// Games ranked 1 (shared first places included).
    pub wins: u32,
    /// Of [`TableStanding::wins`], the games whose first place it shared with a seat not
    /// of its team (a drawn game): `wins - shared_wins` are its outright wins.
    pub shared_wins: u32,
    /// Points (see the module docs).
    pub points: f64,
    /// The mean rank.
    pub mean_rank: f64,
    /// The mean score.
    pub mean_score: f64,
    /// Faults by kind (a disqualification is not a fault).
    pub faults: BTreeMap<FaultKind, u32>,
    /// Rating in Elo with its 95% interval (two or more seats), or the leaderboard's
    /// mean score with its 95% interval (one seat).
    pub rating: Option<(f64, Interval)>,
    /// The record in every role of the game, in the order of the seats.
    pub roles: Vec<RoleRecord>,
}

impl TableStanding {
    /// How the bot took part, as for two seats ([`Status`]): disqualified when it never
    /// loaded; faulted when it caused at least one fault and none of its games ended
    /// normally (at a table of three, a game cut short by another seat's fault did not end
    /// normally either, though this bot did not fault in it); else played.
    pub fn status(&self) -> Status {
        Status::of(
            self.disqualified.is_some(),
            self.normal_games,
            self.faults.values().sum(),
        )
    }

    /// Points per game, in `[0, 1]` (0 without games).
    pub fn share(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.points / f64::from(self.games)
        }
    }
}

/// One seat's line of `fairness.csv` (serialised as is into `standings.json`).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct SeatFairness {
    /// The seat, from 1.
    pub seat: usize,
    /// Its role, where seats differ.
    pub role: Option<&'static str>,
    /// Games (ended normally) counted.
    pub games: u32,
    /// Games the seat ranked 1 in.
    pub wins: u32,
    /// Its points per game (0.5 is a fair seat in a game of two or more seats).
    pub share: f64,
    /// Its mean rank.
    pub mean_rank: f64,
    /// Its mean score.
    pub mean_score: f64,
}

/// The whole standings.
#[derive(Clone, Debug, PartialEq)]
pub struct TableStandings {
    /// The bots, best first (submissions, then references).
    pub bots: Vec<TableStanding>,
    /// One line per seat.
    pub seats: Vec<SeatFairness>,
    /// Games counted.
    pub games: usize,
    /// Whether `rating` is a leaderboard's mean score (one seat) rather than Elo.
    pub leaderboard: bool,
    /// The likelihood of superiority of the pairwise ratings (`los[i][j]`: the share of
    /// bootstrap replicates rating bot `i` above bot `j`, bots in the input's order);
    /// `None` for one seat or without ratings.
    pub los: Option<Vec<Vec<f64>>>,
}

/// Each seat's points in a game (see the module docs); `None` for one seat.
pub fn game_points(row: &GameRow) -> Option<Vec<f64>> {
    let seats = &row.seats;
    if seats.len() < 2 {
        return None;
    }
    Some(
        seats
            .iter()
            .map(|me| {
                let others: Vec<f64> = seats
                    .iter()
                    .filter(|o| !std::ptr::eq(*o, me) && (me.team.is_none() || o.team != me.team))
                    .map(|o| match me.rank.cmp(&o.rank) {
                        std::cmp::Ordering::Less => 1.0,
                        std::cmp::Ordering::Equal => 0.5,
                        std::cmp::Ordering::Greater => 0.0,
                    })
                    .collect();
                if others.is_empty() {
                    0.5
                } else {
                    others.iter().sum::<f64>() / others.len() as f64
                }
            })
            .collect(),
    )
}

/// The round at which a game ended.
fn round_of(row: &GameRow) -> f64 {
    (u64::from(row.moves).div_ceil(row.seats.len().max(1) as u64)) as f64
}

/// Whether a role wins by lasting (its time figure is over every game): the evader.
fn wins_by_lasting(role: &str) -> bool {
    role == "evader"
}

/// A game nobody played (every bot disqualified) counts for nobody.
fn counted(row: &GameRow) -> bool {
    !(row.end == EndKind::Disqualified && row.culprit.is_none())
}

/// Computes the standings.
pub fn compute(input: &TableInput<'_>) -> TableStandings {
    let n = input.names.len();
    let index = |name: &str| input.names.iter().position(|x| x == name);
    let role_names: Vec<&'static str> = {
        let mut seen = Vec::new();
        for r in input.roles.iter().flatten() {
            if !seen.contains(r) {
                seen.push(*r);
            }
        }
        seen
    };
    let mut bots: Vec<TableStanding> = (0..n)
        .map(|i| TableStanding {
            rank: 0,
            name: input.names[i].clone(),
            reference: input.references[i],
            disqualified: input.disqualified[i].clone(),
            games: 0,
            normal_games: 0,
            seat_games: vec![0; input.seats],
            wins: 0,
            shared_wins: 0,
            points: 0.0,
            mean_rank: 0.0,
            mean_score: 0.0,
            faults: BTreeMap::new(),
            rating: None,
            roles: role_names
                .iter()
                .map(|&role| RoleRecord {
                    role,
                    games: 0,
                    wins: 0,
                    mean_round: None,
                })
                .collect(),
        })
        .collect();
    let mut role_time: Vec<Vec<(f64, u32)>> = vec![vec![(0.0, 0); role_names.len()]; n];
    let mut rank_sum = vec![0u64; n];
    let mut score_sum = vec![0.0f64; n];
    // Every counted game of each bot (what its mean rank and mean score are over).
    let mut played = vec![0u32; n];
    let mut seat_lines: Vec<(u32, u32, f64, u64, f64)> = vec![(0, 0, 0.0, 0, 0.0); input.seats];
    let mut ranked = Vec::new();
    let mut games = 0;
    for row in input.rows.iter().filter(|r| counted(r)) {
        games += 1;
        let points = game_points(row);
        let normal = row.end == EndKind::Normal;
        let mut placings = Vec::new();
        for (s, seat) in row.seats.iter().enumerate() {
            let Some(b) = index(&seat.bot) else { continue };
            placings.push(Placing {
                player: b,
                rank: seat.rank,
                team: seat.team,
            });
            let line = &mut bots[b];
            line.games += 1;
            if let Some(g) = line.seat_games.get_mut(s) {
                *g += 1;
            }
            if seat.rank == 1 {
                line.wins += 1;
                let shared = row.seats.iter().enumerate().any(|(o, other)| {
                    o != s && other.rank == 1 && (seat.team.is_none() || other.team != seat.team)
                });
                if shared {
                    line.shared_wins += 1;
                }
            }
            if let Some(p) = &points {
                line.points += p[s];
            }
            rank_sum[b] += u64::from(seat.rank);
            score_sum[b] += seat.score.to_f64();
            played[b] += 1;
            if normal {
                line.normal_games += 1;
            }
            if row.culprit == Some(s) && row.end != EndKind::Disqualified {
                if let EndKind::Fault(kind) = row.end {
                    *line.faults.entry(kind).or_insert(0) += 1;
                }
            }
            if let Some(role) = input.roles.get(s).copied().flatten() {
                let r = role_names.iter().position(|&x| x == role).expect("listed");
                line.roles[r].games += 1;
                let won = normal && seat.rank == 1;
                if won {
                    line.roles[r].wins += 1;
                }
                if normal && (won || wins_by_lasting(role)) {
                    role_time[b][r].0 += round_of(row);
                    role_time[b][r].1 += 1;
                }
            }
            if normal {
                if let Some(line) = seat_lines.get_mut(s) {
                    line.0 += 1;
                    line.1 += u32::from(seat.rank == 1);
                    line.2 += points.as_ref().map_or(0.0, |p| p[s]);
                    line.3 += u64::from(seat.rank);
                    line.4 += seat.score.to_f64();
                }
            }
        }
        ranked.push(RankedGame { seats: placings });
    }
    for (b, line) in bots.iter_mut().enumerate() {
        if played[b] > 0 {
            line.mean_rank = rank_sum[b] as f64 / f64::from(played[b]);
            line.mean_score = score_sum[b] / f64::from(played[b]);
        }
        for (r, role) in line.roles.iter_mut().enumerate() {
            let (sum, count) = role_time[b][r];
            role.mean_round = (count > 0).then(|| sum / f64::from(count));
        }
    }
    let leaderboard = input.seats == 1;
    let los = if leaderboard {
        rate_leaderboard(input, &mut bots);
        None
    } else {
        rate_ranked(input, &ranked, &mut bots)
    };
    rank(&mut bots, leaderboard);
    let seats = seat_lines
        .iter()
        .enumerate()
        .map(|(s, &(g, w, p, r, sc))| {
            let per = |x: f64| if g == 0 { 0.0 } else { x / f64::from(g) };
            SeatFairness {
                seat: s + 1,
                role: input.roles.get(s).copied().flatten(),
                games: g,
                wins: w,
                share: per(p),
                mean_rank: per(r as f64),
                mean_score: per(sc),
            }
        })
        .collect();
    TableStandings {
        bots,
        seats,
        games,
        leaderboard,
        los,
    }
}

/// Ratings by pairwise decomposition, with bootstrap intervals over whole games; returns
/// the bootstrap's likelihood of superiority.
fn rate_ranked(
    input: &TableInput<'_>,
    games: &[RankedGame],
    bots: &mut [TableStanding],
) -> Option<Vec<Vec<f64>>> {
    let opts = FitOptions {
        anchor: input.anchor.map_or(Anchor::Mean, Anchor::Player),
        ..FitOptions::default()
    };
    let n = input.names.len();
    let (Ok(point), Ok(spread)) = (
        fit_ranked(n, games, &opts),
        bootstrap_ranked(n, games, &opts, REPLICATES, input.seed),
    ) else {
        return None;
    };
    for (b, line) in bots.iter_mut().enumerate() {
        line.rating = Some((point.elo[b], spread.elo[b]));
    }
    Some(spread.los)
}

/// A leaderboard over the shared boards: each bot's score on board `round` (a
/// disqualified bot's forfeits score 0 there).
fn rate_leaderboard(input: &TableInput<'_>, bots: &mut [TableStanding]) {
    let rounds = input.rows.iter().map(|r| r.round).max().unwrap_or(0) as usize;
    if rounds == 0 {
        return;
    }
    let mut scores = vec![vec![0.0; rounds]; input.names.len()];
    for row in input.rows {
        if let Some(seat) = row.seats.first() {
            if let Some(b) = input.names.iter().position(|n| *n == seat.bot) {
                scores[b][row.round as usize - 1] = seat.score.to_f64();
            }
        }
    }
    if let Ok(board) = leaderboard(&scores, REPLICATES, input.seed) {
        for (line, entry) in bots.iter_mut().zip(board.entries) {
            line.rating = Some((entry.mean, entry.interval));
        }
    }
}

/// How a bot took part, as a tier (see [`TableStanding::status`]): 0 played, 1 faulted
/// in every game it played (no game of its ended normally and it faulted at least once),
/// 2 never loaded.
fn participation(s: &TableStanding) -> u8 {
    match s.status() {
        Status::Played => 0,
        Status::Faulted => 1,
        Status::Disqualified => 2,
    }
}

/// What ranks a bot, compared as the standings print it: participation, then points per
/// game (mean score on a leaderboard) to three decimals, then the rating to a tenth of
/// an Elo point (a leaderboard's mean score to three decimals). Rounding makes bots whose
/// figures differ only by floating-point noise (a fit of symmetric results gives ratings
/// of ±1e-15) level, as they look; figures that print differently never are.
pub fn rank_key(s: &TableStanding, leaderboard: bool) -> (u8, i64, i64) {
    let main = if leaderboard { s.mean_score } else { s.share() };
    let scale = if leaderboard { 1e3 } else { 10.0 };
    let rating = s.rating.map_or(i64::MIN, |r| (r.0 * scale).round() as i64);
    (participation(s), (main * 1e3).round() as i64, rating)
}

/// Bots a one-seat leaderboard does not separate: two or more that played and are level
/// on everything it ranks by ([`rank_key`]: the same mean score, and so the same
/// interval's centre), so their order says nothing (minesweeper's default `reveal=coords`
/// lets every careful bot clear every board).
#[derive(Clone, Debug, PartialEq)]
pub struct LeaderboardTie {
    /// The bots, in the standings' order.
    pub bots: Vec<String>,
    /// Their mean score.
    pub mean_score: f64,
}

/// The [`LeaderboardTie`]s of `standings`, best first; none for a game of two or more
/// seats (its points and ratings compare the bots directly).
pub fn leaderboard_ties(standings: &TableStandings) -> Vec<LeaderboardTie> {
    if !standings.leaderboard {
        return Vec::new();
    }
    let mut groups: Vec<((i64, i64), LeaderboardTie)> = Vec::new();
    let played = standings
        .bots
        .iter()
        .filter(|b| b.disqualified.is_none() && b.games > 0);
    for b in played {
        let (_, main, rating) = rank_key(b, true);
        match groups.iter_mut().find(|(k, _)| *k == (main, rating)) {
            Some((_, tie)) => tie.bots.push(b.name.clone()),
            None => groups.push((
                (main, rating),
                LeaderboardTie {
                    bots: vec![b.name.clone()],
                    mean_score: b.mean_score,
                },
            )),
        }
    }
    groups
        .into_iter()
        .map(|(_, tie)| tie)
        .filter(|tie| tie.bots.len() > 1)
        .collect()
}

/// The sentence the terminal and the results page say about `ties`; `None` when the
/// leaderboard separates every bot.
pub fn ties_note(ties: &[LeaderboardTie]) -> Option<String> {
    if ties.is_empty() {
        return None;
    }
    let groups: Vec<String> = ties
        .iter()
        .map(|t| {
            let (last, first) = t.bots.split_last().expect("a tie has two bots or more");
            format!("{} and {last} (each {:.3})", first.join(", "), t.mean_score)
        })
        .collect();
    Some(format!(
        "the leaderboard does not separate {}: they scored the same on the same boards, so \
         their order is the name's, not their play's; at settings where a board is harder \
         the scores may differ",
        groups.join("; ")
    ))
}

/// Orders the bots and numbers the submissions: by [`rank_key`] (participation first,
/// then the larger figures), then name; references after them, ordered alike, with rank
/// 0. Bots with equal keys share a rank (competition ranking: two bots level at the top
/// both rank 1, the next ranks 3), so alphabetical order never puts one above the other.
fn rank(bots: &mut [TableStanding], leaderboard: bool) {
    let key = |s: &TableStanding| rank_key(s, leaderboard);
    bots.sort_by(|a, b| {
        let (ka, kb) = (key(a), key(b));
        a.reference
            .cmp(&b.reference)
            .then(ka.0.cmp(&kb.0))
            .then(kb.1.cmp(&ka.1))
            .then(kb.2.cmp(&ka.2))
            .then(a.name.cmp(&b.name))
    });
    let mut placed = 0;
    let mut previous = None;
    let mut current = 0;
    for s in bots.iter_mut() {
        if s.reference {
            s.rank = 0;
            continue;
        }
        placed += 1;
        let k = key(s);
        if previous != Some(k) {
            current = placed;
        }
        previous = Some(k);
        s.rank = current;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::SeatRecord;
    use arena_games::game::Score;
    use proptest::prelude::*;

    fn row(id: u64, seats: &[(&str, u32, i64, Option<u32>)], moves: u32) -> GameRow {
        GameRow {
            game_id: id,
            series_id: id,
            round: 1,
            game_index: 0,
            board_index: 0,
            board_seed: 0,
            rows: 3,
            cols: 3,
            seats: seats
                .iter()
                .map(|&(bot, rank, score, team)| SeatRecord {
                    bot: bot.into(),
                    team,
                    score: Score::int(score),
                    rank,
                    fuel: 0,
                    max_move_fuel: 0,
                })
                .collect(),
            end: EndKind::Normal,
            culprit: None,
            reason: String::new(),
            moves,
        }
    }

    fn names(n: usize) -> Vec<String> {
        (0..n).map(|i| format!("b{i}")).collect()
    }

    #[test]
    fn points_decompose_each_game_and_teammates_are_not_compared() {
        let three = row(
            1,
            &[("a", 1, 0, None), ("b", 2, 0, None), ("c", 2, 0, None)],
            5,
        );
        assert_eq!(game_points(&three).unwrap(), [1.0, 0.25, 0.25]);
        let team = row(
            2,
            &[
                ("a", 1, 5, Some(0)),
                ("b", 1, 5, Some(0)),
                ("c", 3, 1, None),
            ],
            5,
        );
        assert_eq!(game_points(&team).unwrap(), [1.0, 1.0, 0.0]);
        let two = row(3, &[("a", 1, 0, None), ("b", 1, 0, None)], 5);
        assert_eq!(game_points(&two).unwrap(), [0.5, 0.5]);
        assert!(game_points(&row(4, &[("a", 1, 3, None)], 5)).is_none());
    }

    #[test]
    fn pursuit_roles_count_captures_and_survival() {
        let names = vec!["p".to_string(), "e".to_string()];
        // Seat 1 pursues, seat 2 evades. Game 1: p captures e in round 3 (5 moves); game 2
        // (seats swapped): e pursues, p escapes after all 10 rounds (20 moves).
        let rows = vec![
            row(1, &[("p", 1, 8, None), ("e", 2, 2, None)], 5),
            row(2, &[("e", 2, 0, None), ("p", 1, 10, None)], 20),
        ];
        let input = TableInput {
            names: &names,
            references: &[false, false],
            disqualified: &[None, None],
            seats: 2,
            roles: &[Some("pursuer"), Some("evader")],
            rows: &rows,
            seed: 1,
            anchor: None,
        };
        let s = compute(&input);
        let p = s.bots.iter().find(|b| b.name == "p").unwrap();
        assert_eq!(
            (p.roles[0].role, p.roles[0].games, p.roles[0].wins),
            ("pursuer", 1, 1)
        );
        assert_eq!(p.roles[0].mean_round, Some(3.0));
        assert_eq!(
            (p.roles[1].role, p.roles[1].games, p.roles[1].wins),
            ("evader", 1, 1)
        );
        assert_eq!(p.roles[1].mean_round, Some(10.0));
        let e = s.bots.iter().find(|b| b.name == "e").unwrap();
        assert_eq!(e.roles[1].mean_round, Some(3.0), "caught in round 3");
        assert_eq!(e.roles[0].mean_round, None, "it never captured");
        assert_eq!(s.bots[0].name, "p");
        assert_eq!(s.seats[0].role, Some("pursuer"));
        assert_eq!(s.seats[0].games, 2);
        assert_eq!(s.seats[0].wins, 1);
    }

    #[test]
    fn a_leaderboard_ranks_by_mean_score_over_the_same_boards() {
        let names = names(3);
        let mut rows = Vec::new();
        for round in 1..=4u32 {
            for (b, score) in [(0, 1), (1, 3), (2, 2)] {
                let mut r = row(rows.len() as u64 + 1, &[(&names[b], 1, score, None)], 4);
                r.round = round;
                rows.push(r);
            }
        }
        let input = TableInput {
            names: &names,
            references: &[false; 3],
            disqualified: &[None, None, None],
            seats: 1,
            roles: &[None],
            rows: &rows,
            seed: 1,
            anchor: None,
        };
        let s = compute(&input);
        assert!(s.leaderboard);
        let order: Vec<&str> = s.bots.iter().map(|b| b.name.as_str()).collect();
        assert_eq!(order, ["b1", "b2", "b0"]);
        assert_eq!(s.bots[0].rating.unwrap().0, 3.0);
        // Two bots level on every board share the first rank; the next ranks third.
        let level: Vec<GameRow> = rows
            .iter()
            .map(|r| {
                let mut r = r.clone();
                if r.seats[0].bot == "b2" {
                    r.seats[0].score = Score::int(3);
                }
                r
            })
            .collect();
        let s = compute(&TableInput {
            rows: &level,
            ..input
        });
        let ranks: Vec<(u32, &str)> = s.bots.iter().map(|b| (b.rank, b.name.as_str())).collect();
        assert_eq!(ranks, [(1, "b1"), (1, "b2"), (3, "b0")]);
    }

    proptest! {
        #[test]
        fn standings_hold_their_invariants(
            games in prop::collection::vec((0usize..5, prop::collection::vec(1u32..4, 3)), 1..40),
        ) {
            let names = names(5);
            let rows: Vec<GameRow> = games
                .iter()
                .enumerate()
                .map(|(i, (first, ranks))| {
                    // Three distinct bots, with ranks made a competition ranking.
                    let bots = [first % 5, (first + 1) % 5, (first + 2) % 5];
                    let raw: Vec<u32> = ranks.clone();
                    let comp: Vec<u32> = raw
                        .iter()
                        .map(|r| 1 + raw.iter().filter(|o| *o < r).count() as u32)
                        .collect();
                    row(
                        i as u64 + 1,
                        &[
                            (names[bots[0]].as_str(), comp[0], 1, None),
                            (names[bots[1]].as_str(), comp[1], 2, None),
                            (names[bots[2]].as_str(), comp[2], 3, None),
                        ],
                        7,
                    )
                })
                .collect();
            for r in &rows {
                let p = game_points(r).unwrap();
                prop_assert!((p.iter().sum::<f64>() - 1.5).abs() < 1e-9, "half a point per seat");
            }
            let input = TableInput {
                names: &names,
                references: &[false; 5],
                disqualified: &[None, None, None, None, None],
                seats: 3,
                roles: &[None, None, None],
                rows: &rows,
                seed: 3,
                anchor: None,
            };
            let s = compute(&input);
            let total: u32 = s.bots.iter().map(|b| b.games).sum();
            prop_assert_eq!(total as usize, rows.len() * 3);
            for b in &s.bots {
                prop_assert_eq!(b.seat_games.iter().sum::<u32>(), b.games);
                prop_assert!((0.0..=1.0).contains(&b.share()));
            }
            let mut reversed = rows.clone();
            reversed.reverse();
            let again = compute(&TableInput { rows: &reversed, ..input });
            let key = |s: &TableStandings| s.bots.iter().map(|b| (b.name.clone(), b.games, b.wins)).collect::<Vec<_>>();
            prop_assert_eq!(key(&s), key(&again));
        }
    }

    /// At a table of three, a bot that faulted once and whose other games were cut short
    /// by another seat's fault faulted in every game it played: it ranks after every bot
    /// that played, even with more points, though it has fewer faults than games.
    #[test]
    fn a_bot_with_no_normal_game_and_a_fault_ranks_as_faulted() {
        let names = vec!["a".to_string(), "t".to_string(), "u".to_string()];
        let fault = |id, seats: &[(&str, u32, i64, Option<u32>)], culprit| {
            let mut r = row(id, seats, 1);
            r.end = EndKind::Fault(FaultKind::Trap);
            r.culprit = Some(culprit);
            r
        };
        // Game 1: t faults (seat 2). Games 2 and 3: u faults, t ranks first, a second, so
        // t has more points than a (2/3 a game against 7/12).
        let rows = vec![
            fault(
                1,
                &[("a", 1, 0, None), ("t", 3, 0, None), ("u", 1, 0, None)],
                1,
            ),
            fault(
                2,
                &[("t", 1, 0, None), ("u", 3, 0, None), ("a", 2, 0, None)],
                1,
            ),
            fault(
                3,
                &[("u", 3, 0, None), ("a", 2, 0, None), ("t", 1, 0, None)],
                0,
            ),
        ];
        let input = TableInput {
            names: &names,
            references: &[false; 3],
            disqualified: &[None, None, None],
            seats: 3,
            roles: &[None, None, None],
            rows: &rows,
            seed: 1,
            anchor: None,
        };
        let s = compute(&input);
        let t = s.bots.iter().find(|b| b.name == "t").unwrap();
        assert_eq!((t.games, t.normal_games), (3, 0));
        assert_eq!(t.faults.values().sum::<u32>(), 1);
        assert_eq!(t.status(), Status::Faulted);
        let a = s.bots.iter().find(|b| b.name == "a").unwrap();
        assert_eq!(a.status(), Status::Played, "no fault: it played");
        let order: Vec<(&str, u32)> = s.bots.iter().map(|b| (b.name.as_str(), b.rank)).collect();
        assert_eq!(order, [("a", 1), ("t", 2), ("u", 3)]);
        // One game that ended normally makes it a bot that played.
        let mut more = rows.clone();
        more.push(row(
            4,
            &[("t", 1, 0, None), ("a", 2, 0, None), ("u", 3, 0, None)],
            9,
        ));
        let s = compute(&TableInput {
            rows: &more,
            ..input
        });
        let t = s.bots.iter().find(|b| b.name == "t").unwrap();
        assert_eq!((t.normal_games, t.status()), (1, Status::Played));
    }

    #[test]
    fn a_first_place_shared_with_another_side_is_a_draw_and_with_a_teammate_a_win() {
        let names: Vec<String> = ["a", "b", "c"].map(String::from).to_vec();
        let rows = vec![
            // a and b share first: a draw for both, a loss for c.
            row(
                1,
                &[("a", 1, 1, None), ("b", 1, 1, None), ("c", 3, 0, None)],
                5,
            ),
            // a and b win as a team: a win for both.
            row(
                2,
                &[
                    ("a", 1, 5, Some(0)),
                    ("b", 1, 5, Some(0)),
                    ("c", 3, 1, None),
                ],
                5,
            ),
            // c alone first.
            row(
                3,
                &[("c", 1, 2, None), ("a", 2, 1, None), ("b", 3, 0, None)],
                5,
            ),
        ];
        let s = compute(&TableInput {
            names: &names,
            references: &[false; 3],
            disqualified: &[None, None, None],
            seats: 3,
            roles: &[None, None, None],
            rows: &rows,
            seed: 1,
            anchor: None,
        });
        let line = |name: &str| {
            let b = s.bots.iter().find(|b| b.name == name).unwrap();
            (b.games, b.wins, b.shared_wins)
        };
        assert_eq!(line("a"), (3, 2, 1));
        assert_eq!(line("b"), (3, 2, 1));
        assert_eq!(line("c"), (3, 1, 0));
    }

    fn standing(name: &str, points: f64, rating: f64) -> TableStanding {
        TableStanding {
            rank: 0,
            name: name.into(),
            reference: false,
            disqualified: None,
            games: 9,
            normal_games: 9,
            seat_games: vec![3, 3, 3],
            wins: 6,
            shared_wins: 0,
            points,
            mean_rank: 1.5,
            mean_score: 0.0,
            faults: BTreeMap::new(),
            rating: Some((
                rating,
                Interval {
                    low: -90.0,
                    high: 90.0,
                },
            )),
            roles: Vec::new(),
        }
    }

    #[test]
    fn figures_that_differ_only_by_float_noise_share_a_rank() {
        // A fit of symmetric results: ratings of +-1e-15; shares summed in another order.
        let mut bots = vec![
            standing("d", 6.0, -3.6e-15),
            standing("a", 6.0, 3.6e-15),
            standing("c", 0.1 + 0.2 + 5.7, 1e-30),
            standing("b", 6.0, 0.04),
            standing("e", 5.9, 500.0),
            standing("f", 6.0, -0.06),
        ];
        rank(&mut bots, false);
        let ranks: Vec<(&str, u32)> = bots.iter().map(|b| (b.name.as_str(), b.rank)).collect();
        assert_eq!(
            ranks,
            [("a", 1), ("b", 1), ("c", 1), ("d", 1), ("f", 5), ("e", 6)]
        );
    }

    #[test]
    fn a_leaderboard_names_the_bots_it_does_not_separate() {
        let bot = |name: &str, mean: f64| TableStanding {
            mean_score: mean,
            rating: Some((
                mean,
                Interval {
                    low: mean,
                    high: mean,
                },
            )),
            ..standing(name, 0.0, 0.0)
        };
        let mut standings = TableStandings {
            bots: vec![bot("a", 1.0), bot("b", 1.0), bot("c", 1.0), bot("r", 0.25)],
            seats: Vec::new(),
            games: 36,
            leaderboard: true,
            los: None,
        };
        let ties = leaderboard_ties(&standings);
        assert_eq!(
            ties,
            [LeaderboardTie {
                bots: vec!["a".into(), "b".into(), "c".into()],
                mean_score: 1.0
            }]
        );
        assert!(ties_note(&ties)
            .unwrap()
            .starts_with("the leaderboard does not separate a, b and c (each 1.000): "));
        standings.bots[1] = bot("b", 0.5);
        standings.bots[2] = bot("c", 0.75);
        assert!(leaderboard_ties(&standings).is_empty());
        assert_eq!(ties_note(&[]), None);
        standings.leaderboard = false;
        standings.bots[1] = bot("b", 1.0);
        assert!(
            leaderboard_ties(&standings).is_empty(),
            "ratings compare directly"
        );
    }
}
