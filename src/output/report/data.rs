//! What the results page shows, as one serialisable value built from the typed results:
//! the page's script draws every table from it.

use std::collections::BTreeMap;

use serde::Serialize;

use super::super::fairness_csv::first_mover_records;
use super::super::manifest::Manifest;
use super::Input;
use crate::bot::FaultKind;
use crate::grading::roster::Roster;
use crate::record::ResultCode;
use crate::series::{SeriesResult, Side};
use crate::standings::standings_order;

/// One bot: what the manifest says of it.
#[derive(Clone, Debug, Serialize)]
pub struct BotView {
    /// Its name.
    pub name: String,
    /// Module file or `builtin:…`.
    pub source: String,
    /// The module's SHA-256 (empty for builtins).
    pub sha256: String,
    /// A gauntlet reference.
    pub reference: bool,
    /// Why it was disqualified.
    pub disqualified: Option<String>,
    /// The roster's student id.
    pub student: Option<String>,
}

/// One line of the standings.
#[derive(Clone, Debug, Serialize)]
pub struct StandingView {
    /// Rank (absent for references).
    pub rank: Option<usize>,
    /// Index into the bots.
    pub bot: usize,
    /// Series won, drawn, lost and points.
    pub series: [f64; 4],
    /// Games won, drawn, lost and points.
    pub games: [f64; 4],
    /// Score margin.
    pub margin: i64,
    /// Games as first mover: won, drawn, lost.
    pub first: [u32; 3],
    /// Games as second mover: won, drawn, lost.
    pub second: [u32; 3],
    /// Faults by kind.
    pub faults: BTreeMap<String, u32>,
    /// Elo and its 95% interval.
    pub rating: Option<[f64; 3]>,
}

/// One fault a bot caused.
#[derive(Clone, Debug, Serialize)]
pub struct FaultView {
    /// Index of the bot that faulted.
    pub bot: usize,
    /// Index of its opponent.
    pub opponent: usize,
    /// The game id.
    pub game: u64,
    /// The move it failed on (1-based, counting both seats' moves).
    pub ply: u32,
    /// The fault kind (`games.csv`'s `end`).
    pub kind: String,
    /// The reason in words.
    pub reason: String,
}

/// The first mover's record on one board size.
#[derive(Clone, Debug, Serialize)]
pub struct FairnessView {
    /// `RxC` or `all`.
    pub size: String,
    /// First mover won, drew, lost.
    pub record: [u64; 3],
}

/// Everything the page shows apart from the replays.
#[derive(Clone, Debug, Serialize)]
pub struct PageData {
    /// The data's format version.
    pub version: u32,
    /// The game's name.
    pub game: String,
    /// The run's settings, as `[name, value]` in display order.
    pub settings: Vec<[String; 2]>,
    /// The bots, in schedule order.
    pub bots: Vec<BotView>,
    /// The standings, ranked.
    pub standings: Vec<StandingView>,
    /// `cross[r][c]`: half points (series, games) and games played of the standings'
    /// row bot against column bot; `null` where they never met.
    /// With paired boards, five more: the row bot's board pairs by its points in the pair
    /// (`0, ½, 1, 1½, 2`: the pentanomial counts).
    pub cross: Vec<Vec<Option<Vec<u64>>>>,
    /// Seat fairness per board size, the total last.
    pub fairness: Vec<FairnessView>,
    /// First-move advantage and draw parameter in Elo, `[value, low, high]`, if rated.
    pub model: Vec<(String, [String; 3])>,
    /// Every fault, in game order.
    pub faults: Vec<FaultView>,
    /// Every game: `[id, series, round, first, second, result (0 first won, 1 second won,
    /// 2 draw), end, moves, first score, second score, replay (0 none, 1 inline, 2 file),
    /// rows, cols]`.
    pub games: Vec<serde_json::Value>,
    /// The terminal command that replays a game, `{id}` standing for its id.
    pub replay_command: String,
    /// How the game's moves are written, for the replay's legend
    /// ([`arena_view::notation`]).
    pub notation: Option<&'static str>,
    /// The board's colours and what each means, `[classes, meaning]`, for the replay's
    /// legend ([`arena_view::colours`]).
    pub colours: &'static [(&'static str, &'static str)],
}

fn record(r: &crate::standings::Record) -> [f64; 4] {
    [
        r.wins as f64,
        r.draws as f64,
        r.losses as f64,
        r.half_points() as f64 / 2.0,
    ]
}

/// Builds the page's data; `replay_kind(game_id)` says where a game's replay is.
pub fn page_data(
    input: &Input<'_>,
    model: Vec<(String, [String; 3])>,
    replay_kind: impl Fn(u64) -> u32,
) -> PageData {
    let Input {
        manifest,
        standings: table,
        series,
        names,
        rows,
        roster,
        bands: _,
        unplayable: _,
        store: _,
        ratings: _,
    } = *input;
    let index: BTreeMap<&str, usize> = names
        .iter()
        .enumerate()
        .map(|(i, n)| (n.as_str(), i))
        .collect();
    let bots = bot_views(manifest, names, roster);
    let standings = table
        .iter()
        .map(|s| StandingView {
            rank: (!s.reference).then_some(s.rank),
            bot: index[s.name.as_str()],
            series: record(&s.series),
            games: record(&s.games),
            margin: s.margin.clamp(i64::MIN as i128, i64::MAX as i128) as i64,
            first: [s.as_first.wins, s.as_first.draws, s.as_first.losses],
            second: [s.as_second.wins, s.as_second.draws, s.as_second.losses],
            faults: FaultKind::ALL
                .iter()
                .filter_map(|k| s.faults.get(k).map(|&n| (k.name().to_string(), n)))
                .collect(),
            rating: s.rating,
        })
        .collect();
    let n = names.len();
    let width = if manifest.paired { 8 } else { 3 };
    let mut cells = vec![vec![None::<Vec<u64>>; n]; n];
    for s in series {
        let (a, b) = (s.plan.a, s.plan.b);
        let (sa, sb) = match s.result {
            SeriesResult::Win(Side::A) => (2, 0),
            SeriesResult::Win(Side::B) => (0, 2),
            SeriesResult::Draw => (1, 1),
        };
        let pairs = s.pentanomial();
        for (r, c, sp, gp, from_b) in [
            (a, b, sa, s.tally.half_points[0], false),
            (b, a, sb, s.tally.half_points[1], true),
        ] {
            let cell = cells[r][c].get_or_insert_with(|| vec![0; width]);
            cell[0] += sp;
            cell[1] += gp as u64;
            cell[2] += s.tally.games as u64;
            if manifest.paired {
                for (k, count) in pairs.iter().enumerate() {
                    // B's points in a pair are 2 minus A's.
                    cell[3 + if from_b { 4 - k } else { k }] += count;
                }
            }
        }
    }
    let order = standings_order(table, names);
    let cross = order
        .iter()
        .map(|&r| order.iter().map(|&c| cells[r][c].clone()).collect())
        .collect();
    let records = first_mover_records(rows);
    let fairness = records
        .iter()
        .filter(|(k, _)| k.is_some())
        .chain(records.iter().filter(|(k, _)| k.is_none()))
        .map(|(k, &record)| FairnessView {
            size: k.map_or("all".to_string(), |(r, c)| format!("{r}x{c}")),
            record,
        })
        .collect();
    let bot = |name: &str| index.get(name).copied().unwrap_or(0);
    let faults = rows
        .iter()
        .filter(|r| r.end != crate::record::EndKind::Disqualified)
        .filter_map(|r| Some((r, r.culprit?)))
        .map(|(r, culprit)| FaultView {
            bot: bot(r.bot(culprit)),
            opponent: bot(r.bot(1 - culprit.min(1))),
            game: r.game_id,
            ply: r.moves + 1,
            kind: r.end.to_string(),
            reason: r.reason.clone(),
        })
        .collect();
    let games = rows
        .iter()
        .map(|r| {
            let result = match r.result() {
                ResultCode::FirstWins => 0,
                ResultCode::SecondWins => 1,
                ResultCode::Draw => 2,
            };
            serde_json::json!([
                r.game_id,
                r.series_id,
                r.round,
                bot(r.bot(0)),
                bot(r.bot(1)),
                result,
                r.end,
                r.moves,
                r.seats[0].score.numerator(),
                r.seats[1].score.numerator(),
                replay_kind(r.game_id),
                r.rows,
                r.cols
            ])
        })
        .collect();
    let settings = settings(
        manifest,
        [
            ["best of".into(), manifest.best_of.to_string()],
            ["paired boards".into(), yes_no(manifest.paired)],
            ["play all games".into(), yes_no(manifest.play_all)],
        ],
    );
    PageData {
        version: super::VERSION,
        game: manifest.game.clone(),
        settings,
        bots,
        standings,
        cross,
        fairness,
        model,
        faults,
        games,
        replay_command: String::new(),
        notation: arena_view::notation(&manifest.game),
        colours: arena_view::colours(&manifest.game),
    }
}

/// The bots of the manifest, in the order of `names`.
pub fn bot_views(manifest: &Manifest, names: &[String], roster: Option<&Roster>) -> Vec<BotView> {
    let by_name: BTreeMap<&str, &super::super::manifest::BotEntry> =
        manifest.bots.iter().map(|b| (b.name.as_str(), b)).collect();
    names
        .iter()
        .map(|n| {
            let entry = by_name.get(n.as_str());
            BotView {
                name: n.clone(),
                source: entry.map(|e| e.source.clone()).unwrap_or_default(),
                sha256: entry.map(|e| e.sha256.clone()).unwrap_or_default(),
                reference: entry.is_some_and(|e| e.reference),
                disqualified: entry.and_then(|e| e.disqualified.clone()),
                // A reference is nobody's work, even when a student's module has its name.
                student: roster
                    .filter(|_| !entry.is_some_and(|e| e.reference))
                    .and_then(|r| r.student(n))
                    .map(|s| s.id.clone()),
            }
        })
        .collect()
}

/// The run's settings as the page lists them, `how` (how bots meet) after the board
/// sizes.
pub fn settings<const N: usize>(manifest: &Manifest, how: [[String; 2]; N]) -> Vec<[String; 2]> {
    let mut settings: Vec<[String; 2]> = vec![
        ["game".into(), manifest.game.clone()],
        ["seed".into(), manifest.seed.to_string()],
        ["rows".into(), span(manifest.rows)],
        ["cols".into(), span(manifest.cols)],
    ];
    settings.extend(how);
    settings.extend([
        ["rounds".into(), manifest.rounds.to_string()],
        [
            "search depth".into(),
            manifest
                .depth
                .map_or("the game's default".to_string(), |d| d.to_string()),
        ],
        ["arena version".into(), manifest.arena_version.clone()],
        ["results format".into(), manifest.format.to_string()],
    ]);
    for (k, v) in &manifest.options {
        settings.push([format!("option {k}"), v.clone()]);
    }
    if let serde_json::Value::Object(limits) = &manifest.limits {
        for (k, v) in limits {
            settings.push([format!("limit {k}"), v.to_string()]);
        }
    }
    settings
}

fn span([lo, hi]: [u32; 2]) -> String {
    if lo == hi {
        lo.to_string()
    } else {
        format!("{lo}..{hi}")
    }
}

/// `yes` or `no`.
pub fn yes_no(b: bool) -> String {
    if b { "yes" } else { "no" }.to_string()
}
