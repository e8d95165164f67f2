//! `standings.json` of a table tournament (also printed by `arena standings DIR --json`):
//! the same values as its `standings.csv` and `fairness.csv`, grouped. `games.jsonl` needs
//! nothing of its own: [`super::json::games_lines`] writes a game of any seat count.
//! Documented in `docs/RESULTS.md` ("JSON output").

use serde::Serialize;

use super::json::{faults_json, BotJson, CoreJson, RatingJson, VERSION};
use crate::grading::roster::Roster;
use crate::table_stats::{RoleRecord, SeatFairness, TableStanding, TableStandings};

/// A bot's record in one role of the game (pursuit: `pursuer`, `evader`).
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct RoleJson {
    /// The role.
    pub role: &'static str,
    /// Games in the role.
    pub games: u32,
    /// Games won in it (a pursuer's captures, an evader's escapes).
    pub wins: u32,
    /// The mean round its games ended at (a pursuer: over captures; an evader: its mean
    /// survival), or `null` without such a game.
    pub mean_round: Option<f64>,
}

impl From<&RoleRecord> for RoleJson {
    fn from(r: &RoleRecord) -> RoleJson {
        RoleJson {
            role: r.role,
            games: r.games,
            wins: r.wins,
            mean_round: r.mean_round,
        }
    }
}

/// One bot's line: `standings.csv`'s columns, grouped: the core of every game, then the
/// table figures, a one-seat leaderboard's board mean, the roles.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct TableStandingJson {
    /// The core figures (rank shared by bots level on everything but the name).
    #[serde(flatten)]
    pub core: CoreJson,
    /// Mean rank over its games.
    pub mean_rank: f64,
    /// Mean score over its games.
    pub mean_score: f64,
    /// A one-seat leaderboard's mean score over the shared boards with its 95% interval
    /// (absent for two or more seats; `null` before it is fitted).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board_mean_score: Option<Option<RatingJson>>,
    /// Its record in every role of the game, in seat order (absent without roles).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub by_role: Vec<RoleJson>,
}

impl TableStandingJson {
    /// The JSON view of a standing (`leaderboard`: one seat, so its figure is a mean
    /// score, not Elo).
    pub fn new(s: &TableStanding, leaderboard: bool, roster: Option<&Roster>) -> Self {
        let figure = s.rating.map(|(value, i)| RatingJson {
            value,
            low: i.low,
            high: i.high,
        });
        let (rating, board_mean_score) = if leaderboard {
            (None, Some(figure))
        } else {
            (figure, None)
        };
        TableStandingJson {
            core: CoreJson {
                who: BotJson::new(&s.name, s.rank as usize, s.reference, roster),
                games: s.games,
                wins: s.wins - s.shared_wins,
                draws: s.shared_wins,
                losses: s.games - s.wins,
                points: s.points,
                share: s.share(),
                rating,
                faults: faults_json(&s.faults),
                disqualified: s.disqualified.clone(),
                seat_games: s.seat_games.clone(),
            },
            mean_rank: s.mean_rank,
            mean_score: s.mean_score,
            board_mean_score,
            by_role: s.roles.iter().map(RoleJson::from).collect(),
        }
    }
}

/// `standings.json` of a table tournament.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct TableStandingsJson {
    /// [`VERSION`].
    pub version: u32,
    /// The game.
    pub game: String,
    /// The tournament seed.
    pub seed: u64,
    /// Seats at every table.
    pub seats: u8,
    /// Games counted.
    pub games: u64,
    /// Whether this is a one-seat leaderboard (bots ranked by `board_mean_score`).
    pub leaderboard: bool,
    /// The bot rated 0 Elo (`--anchor`); absent when the ratings are mean-centred.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rating_anchor: Option<String>,
    /// The bots, in `standings.csv`'s order.
    pub standings: Vec<TableStandingJson>,
    /// One line per seat, as `fairness.csv`.
    pub fairness: Vec<SeatFairness>,
}

impl TableStandingsJson {
    /// The document for `standings` of `game` with `seats` seats.
    pub fn new(
        game: &str,
        seed: u64,
        seats: u8,
        standings: &TableStandings,
        roster: Option<&Roster>,
    ) -> Self {
        TableStandingsJson {
            version: VERSION,
            game: game.to_string(),
            seed,
            seats,
            games: standings.games as u64,
            leaderboard: standings.leaderboard,
            rating_anchor: None,
            standings: standings
                .bots
                .iter()
                .map(|b| TableStandingJson::new(b, standings.leaderboard, roster))
                .collect(),
            fairness: standings.seats.clone(),
        }
    }

    /// The document with `anchor` as the bot rated 0 Elo.
    pub fn anchored(self, anchor: Option<&str>) -> Self {
        TableStandingsJson {
            rating_anchor: anchor.map(str::to_string),
            ..self
        }
    }
}
