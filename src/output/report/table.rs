//! `report.html` of a table tournament (games of one to four seats): the same page, style
//! and replay viewer as a two-seat tournament's, showing what applies to tables (the
//! standings with points and ratings, or one seat's leaderboard; each bot's record in
//! every role; every seat's fairness; faults; settings) and leaving out what does not (the
//! cross-table, the two-seat rating model). Boards are drawn for a spectator, hidden
//! information shown.

use std::collections::BTreeMap;
use std::path::Path;

use arena_games::registry::TableKind;
use serde::Serialize;

use super::data::{bot_views, settings, yes_no, BotView};
use super::variant::Variant;
use super::{checked, REPLAY_COMMAND, VERSION};
use super::{chosen, place_replays, same_game, write_page, Written};
use crate::bot::FaultKind;
use crate::grading::roster::Roster;
use crate::output::manifest::Manifest;
use crate::output::table_replay::TableReplay;
use crate::output::table_summary::role_columns;
use crate::output::{replay_store, OutputError};
use crate::record::{EndKind, GameRow};
use crate::table_stats::{TableStanding, TableStandings};

/// The typed results a table tournament's report is drawn from.
#[derive(Clone, Copy)]
pub struct TableReportInput<'a> {
    /// The game.
    pub kind: &'a dyn TableKind,
    /// The run's manifest.
    pub manifest: &'a Manifest,
    /// The standings and seat fairness.
    pub standings: &'a TableStandings,
    /// The role of each seat index, where seats differ.
    pub roles: &'a [Option<&'static str>],
    /// The bots in schedule (name) order.
    pub names: &'a [String],
    /// Every game, in game-id order.
    pub rows: &'a [GameRow],
    /// The roster, if the run has one.
    pub roster: Option<&'a Roster>,
    /// The grade bands, if given.
    pub bands: Option<&'a crate::grading::bands::Bands>,
    /// The skipped entries of each roster student with no module in the field.
    pub unplayable: &'a crate::output::grades_csv::Unplayable,
    /// Every game's replay.
    pub store: &'a replay_store::Store,
}

/// One bot's line of the standings.
#[derive(Serialize)]
struct StandingView {
    /// Rank (absent for references).
    rank: Option<u32>,
    /// Index into the bots.
    bot: usize,
    games: u32,
    seat_games: Vec<u32>,
    wins: u32,
    points: f64,
    share: f64,
    mean_rank: f64,
    mean_score: f64,
    faults: BTreeMap<&'static str, u32>,
    /// Elo and its 95% interval, or (one seat) the mean score and its interval.
    rating: Option<[f64; 3]>,
    /// Per role of the game: games, wins, mean round.
    roles: Vec<(u32, u32, Option<f64>)>,
}

/// A role and the names of its figures (as `standings.csv` has them, in words).
#[derive(Serialize)]
struct RoleHead {
    role: &'static str,
    wins: String,
    round: String,
}

/// One seat's fairness.
#[derive(Serialize)]
struct SeatView {
    seat: usize,
    role: Option<&'static str>,
    games: u32,
    wins: u32,
    share: f64,
    mean_rank: f64,
    mean_score: f64,
}

/// One fault a bot caused.
#[derive(Serialize)]
struct FaultView {
    bot: usize,
    /// Its seat, from 1.
    seat: usize,
    /// The other seats' bots.
    others: Vec<usize>,
    game: u64,
    /// The move it failed on (1-based, counting every seat's moves).
    ply: u32,
    kind: String,
    reason: String,
}

/// Everything the table page shows apart from the replays.
#[derive(Serialize)]
struct PageData {
    version: u32,
    game: String,
    settings: Vec<[String; 2]>,
    bots: Vec<BotView>,
    /// Seats at every table.
    seats: usize,
    /// Whether ratings are a one-seat leaderboard's mean scores.
    leaderboard: bool,
    standings: Vec<StandingView>,
    roles: Vec<RoleHead>,
    fairness: Vec<SeatView>,
    faults: Vec<FaultView>,
    /// Every game: `[id, series, round, [bot per seat], [rank per seat], end, moves,
    /// [score per seat], replay (0 none, 1 inline, 2 + k sidecar k), rows, cols]`.
    games: Vec<serde_json::Value>,
    replay_command: String,
    /// How the game's moves are written, for the replay's legend
    /// ([`arena_view::notation`]).
    notation: Option<&'static str>,
    /// The board's colours and what each means ([`arena_view::colours`]).
    colours: &'static [(&'static str, &'static str)],
    /// What a one-seat leaderboard does not separate ([`crate::table_stats::ties_note`]);
    /// absent when it separates every bot.
    #[serde(skip_serializing_if = "Option::is_none")]
    ties: Option<String>,
}

/// One game's replay as the viewer receives it: its own fields, followed in the JSON by
/// its checked moves' ([`super::replay_json::view_json`]).
#[derive(Serialize)]
struct ReplayView<'a> {
    id: u64,
    bots: Vec<&'a str>,
    roles: &'a [Option<&'static str>],
    board_seed: u64,
    bot_seeds: Vec<u64>,
    ranks: Vec<u32>,
    scores: Vec<String>,
    end: EndKind,
    /// The seat (from 1) that caused an abnormal end.
    culprit: Option<usize>,
    reason: &'a str,
}

fn standing(b: &TableStanding, bot: usize) -> StandingView {
    StandingView {
        rank: (!b.reference).then_some(b.rank),
        bot,
        games: b.games,
        seat_games: b.seat_games.clone(),
        wins: b.wins,
        points: b.points,
        share: b.share(),
        mean_rank: b.mean_rank,
        mean_score: b.mean_score,
        faults: FaultKind::ALL
            .iter()
            .filter_map(|k| b.faults.get(k).map(|&n| (k.name(), n)))
            .collect(),
        rating: b.rating.map(|(x, i)| [x, i.low, i.high]),
        roles: b
            .roles
            .iter()
            .map(|r| (r.games, r.wins, r.mean_round))
            .collect(),
    }
}

fn page_data(input: &TableReportInput<'_>, replay_at: impl Fn(u64) -> u32) -> PageData {
    let s = input.standings;
    let index: BTreeMap<&str, usize> = input
        .names
        .iter()
        .enumerate()
        .map(|(i, n)| (n.as_str(), i))
        .collect();
    let bot = |name: &str| index.get(name).copied().unwrap_or(0);
    let roles = s
        .bots
        .first()
        .map(|b| {
            b.roles
                .iter()
                .map(|r| {
                    let [_, wins, round] = role_columns(r.role);
                    let words = |c: &str| {
                        let c = c.strip_prefix(r.role).unwrap_or(c);
                        c.trim_start_matches('_').replace('_', " ")
                    };
                    RoleHead {
                        role: r.role,
                        wins: words(&wins),
                        round: words(&round),
                    }
                })
                .collect()
        })
        .unwrap_or_default();
    let faults = input
        .rows
        .iter()
        .filter(|r| r.end != EndKind::Disqualified)
        .filter_map(|r| Some((r, r.culprit?)))
        .map(|(r, culprit)| FaultView {
            bot: r.seats.get(culprit).map_or(0, |s| bot(&s.bot)),
            seat: culprit + 1,
            others: (r.seats.iter().enumerate())
                .filter(|&(k, _)| k != culprit)
                .map(|(_, s)| bot(&s.bot))
                .collect(),
            game: r.game_id,
            ply: r.moves + 1,
            kind: r.end.to_string(),
            reason: r.reason.clone(),
        })
        .collect();
    let games = input
        .rows
        .iter()
        .map(|r| {
            let seats: Vec<usize> = r.seats.iter().map(|s| bot(&s.bot)).collect();
            let ranks: Vec<u32> = r.seats.iter().map(|s| s.rank).collect();
            let scores: Vec<String> = r.seats.iter().map(|s| s.score.to_string()).collect();
            serde_json::json!([
                r.game_id,
                r.series_id,
                r.round,
                seats,
                ranks,
                r.end,
                r.moves,
                scores,
                replay_at(r.game_id),
                r.rows,
                r.cols
            ])
        })
        .collect();
    let manifest = input.manifest;
    PageData {
        version: VERSION,
        game: manifest.game.clone(),
        settings: settings(
            manifest,
            [
                ["seats".into(), s.seats.len().to_string()],
                // A table of two is a pair with a series policy; a larger table is
                // played in its rotations or in every order.
                if s.seats.len() == 2 {
                    [
                        "series".into(),
                        format!(
                            "best of {}{}{}",
                            manifest.best_of,
                            if manifest.paired {
                                ", paired boards"
                            } else {
                                ""
                            },
                            if manifest.play_all {
                                ", every game played"
                            } else {
                                ""
                            }
                        ),
                    ]
                } else {
                    ["every order of a table".into(), yes_no(manifest.paired)]
                },
            ],
        ),
        bots: bot_views(manifest, input.names, input.roster),
        seats: s.seats.len(),
        leaderboard: s.leaderboard,
        ties: crate::table_stats::ties_note(&crate::table_stats::leaderboard_ties(s)),
        standings: s.bots.iter().map(|b| standing(b, bot(&b.name))).collect(),
        roles,
        fairness: s
            .seats
            .iter()
            .map(|f| SeatView {
                seat: f.seat,
                role: f.role,
                games: f.games,
                wins: f.wins,
                share: f.share,
                mean_rank: f.mean_rank,
                mean_score: f.mean_score,
            })
            .collect(),
        faults,
        games,
        replay_command: REPLAY_COMMAND.to_string(),
        notation: arena_view::notation(&manifest.game),
        colours: arena_view::colours(&manifest.game),
    }
}

/// One stored game's replay as the viewer's JSON, or why it cannot be shown.
///
/// # Errors
/// [`OutputError`] when the replay is of another game than the tournament's.
fn replay_json(
    input: &TableReportInput<'_>,
    dir: &Path,
    store: &replay_store::Store,
    id: u64,
) -> Result<Result<String, String>, OutputError> {
    let file = replay_store::path(dir);
    let text = match store.text(id) {
        Ok(Some(text)) => text,
        Ok(None) => {
            let e = OutputError::corrupt(&file, format!("it holds no replay of game {id}"));
            return Ok(Err(e.to_string()));
        }
        Err(e) => return Ok(Err(e.to_string())),
    };
    let r = match TableReplay::parse(&text) {
        Ok(r) => r,
        Err(e) => {
            return Ok(Err(
                OutputError::corrupt(&file, format!("game {id}: {e}")).to_string()
            ))
        }
    };
    same_game(dir, id, &r.game, &input.manifest.game)?;
    let checked = match checked::table_checked(input.kind, &r) {
        Ok(c) => c,
        Err(e) => return Ok(Err(e.to_string())),
    };
    let view = ReplayView {
        id,
        bots: r.seats.iter().map(|s| s.bot.as_str()).collect(),
        roles: input.roles,
        board_seed: r.board_seed,
        bot_seeds: r.seats.iter().map(|s| s.seed).collect(),
        ranks: r.seats.iter().map(|s| s.rank).collect(),
        scores: r.seats.iter().map(|s| s.score.to_string()).collect(),
        end: r.end,
        culprit: r.culprit.map(|c| c + 1),
        reason: &r.reason,
    };
    Ok(Ok(super::replay_json::view_json(&view, &checked)))
}

/// Writes `dir/report.html` of a table tournament (atomically) and its sidecar replays,
/// replacing any earlier ones; same placement and bounds as a two-seat report.
///
/// # Errors
/// [`OutputError`] when a file cannot be written, or the replay store cannot be read or
/// holds a replay of another game. A replay that cannot be read or does not re-check is
/// shown in the page with the reason instead of its replay.
pub fn write_table(dir: &Path, input: &TableReportInput<'_>) -> Result<Written, OutputError> {
    let game = &input.manifest.game;
    let placed = place_replays(dir, input.store, &chosen(input.rows), game, |store, id| {
        replay_json(input, dir, store, id)
    })?;
    let data = page_data(input, |id| placed.of(id));
    let s = input.standings;
    let ranked: Vec<super::grading::Ranked> = s
        .bots
        .iter()
        .map(|b| super::grading::Ranked {
            bot: &b.name,
            reference: b.reference,
            rank: b.rank as usize,
            status: b.status(),
            graded: input
                .bands
                .map(|bands| crate::output::table_summary::graded_of(bands, s, b)),
        })
        .collect();
    let grading = super::grading::piece(
        &ranked,
        input.roster,
        input.bands,
        input.unplayable,
        &input.manifest.skipped,
    );
    write_page(
        dir,
        Variant::Table,
        input.manifest,
        &data,
        &placed,
        &grading,
    )
}
