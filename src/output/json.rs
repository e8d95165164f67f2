//! The machine-readable files and `--json` outputs, serialised from the typed results in
//! one place: `standings.json`, `games.jsonl`, and the documents of `arena standings
//! --json`, `arena games --json` and `arena match --json` (all documented in
//! `docs/RESULTS.md`). Every document carries `version` ([`VERSION`], the same number
//! `arena check --json` carries); fields are only ever added, and a field that changes
//! meaning or disappears raises it. The shape of the files of a results folder
//! (`standings.json`, `games.jsonl`) is that of the folder's `format` (`tournament.json`).

use std::collections::BTreeMap;
use std::path::Path;

use serde::Serialize;

use super::{atomic, manifest::Manifest, OutputError, Results, SummaryWriter};
use crate::bot::FaultKind;
use crate::grading::roster::Roster;
use crate::record::{EndKind, GameRow, ResultCode};
use crate::standings::{Record, Standing};

/// The version of every JSON document arena writes or prints.
pub const VERSION: u32 = 1;

/// `standings.json`'s file name.
pub const STANDINGS_FILE: &str = "standings.json";

/// `games.jsonl`'s file name.
pub const GAMES_FILE: &str = "games.jsonl";

/// Wins, draws, losses, and the points they are worth.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct RecordJson {
    /// Played.
    pub games: u32,
    /// Won.
    pub wins: u32,
    /// Drawn.
    pub draws: u32,
    /// Lost.
    pub losses: u32,
    /// Points: 1 a win, ½ a draw.
    pub points: f64,
}

impl From<&Record> for RecordJson {
    fn from(r: &Record) -> RecordJson {
        RecordJson {
            games: r.played(),
            wins: r.wins,
            draws: r.draws,
            losses: r.losses,
            points: r.half_points() as f64 / 2.0,
        }
    }
}

/// A rating and its 95% interval, in Elo.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct RatingJson {
    /// The rating.
    pub value: f64,
    /// The interval's low end.
    pub low: f64,
    /// The interval's high end.
    pub high: f64,
}

/// Who a line of the standings is about: the first fields of every standings document
/// (two seats and tables), flattened into the line.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct BotJson {
    /// Rank from 1; `null` for a gauntlet reference.
    pub rank: Option<usize>,
    /// The bot.
    pub bot: String,
    /// `submission` or `reference`.
    pub role: &'static str,
    /// The roster's student id, if any.
    pub student_id: Option<String>,
}

impl BotJson {
    /// The bot `name` at `rank` (ignored for a reference), with its student id from
    /// `roster` (none for a reference, which is nobody's work even when a student's
    /// module has its name).
    pub fn new(name: &str, rank: usize, reference: bool, roster: Option<&Roster>) -> BotJson {
        BotJson {
            rank: (!reference).then_some(rank),
            bot: name.to_string(),
            role: if reference { "reference" } else { "submission" },
            student_id: roster
                .filter(|_| !reference)
                .and_then(|r| r.student(name))
                .map(|st| st.id.clone()),
        }
    }
}

/// The core of every bot's line of `standings.json`, whatever the game's seats (the core
/// columns of `standings.csv`, grouped; `docs/RESULTS.md`, "JSON output").
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct CoreJson {
    /// Rank, bot, role, student id.
    #[serde(flatten)]
    pub who: BotJson,
    /// Games played.
    pub games: u32,
    /// Games won outright.
    pub wins: u32,
    /// Games drawn (a first place shared with a seat not of its team).
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
    /// Points: 1 a win, ½ a draw for two seats; against every other seat for more.
    pub points: f64,
    /// Points per game (0 without games).
    pub share: f64,
    /// Elo with its 95% interval (two or more seats), or `null`.
    pub rating: Option<RatingJson>,
    /// Faults this bot caused, by kind (every kind listed).
    pub faults: BTreeMap<&'static str, u32>,
    /// Why it was disqualified, or `null`.
    pub disqualified: Option<String>,
    /// Games in each seat, seat 1 first.
    pub seat_games: Vec<u32>,
}

/// The faults of a standing, every kind listed.
pub(crate) fn faults_json(faults: &BTreeMap<FaultKind, u32>) -> BTreeMap<&'static str, u32> {
    FaultKind::ALL
        .iter()
        .map(|k| (k.name(), faults.get(k).copied().unwrap_or(0)))
        .collect()
}

/// One bot's line of a two-seat tournament's standings: the core, then each seat's
/// record, the series record (what the standings rank by) and the score margin.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct StandingJson {
    /// The core figures.
    #[serde(flatten)]
    pub core: CoreJson,
    /// The record in each seat: first mover, then second.
    pub by_seat: [RecordJson; 2],
    /// Series record; `points` is what the standings rank by.
    pub series: RecordJson,
    /// Sum of own score minus the opponent's, over games.
    pub score_margin: i128,
}

impl StandingJson {
    /// The JSON view of a standing.
    pub fn new(s: &Standing, roster: Option<&Roster>) -> StandingJson {
        let games = s.games.played();
        let points = s.games.half_points() as f64 / 2.0;
        StandingJson {
            core: CoreJson {
                who: BotJson::new(&s.name, s.rank, s.reference, roster),
                games,
                wins: s.games.wins,
                draws: s.games.draws,
                losses: s.games.losses,
                points,
                share: if games == 0 {
                    0.0
                } else {
                    points / f64::from(games)
                },
                rating: s
                    .rating
                    .map(|[value, low, high]| RatingJson { value, low, high }),
                faults: faults_json(&s.faults),
                disqualified: s.disqualified.clone(),
                seat_games: vec![s.as_first.played(), s.as_second.played()],
            },
            by_seat: [(&s.as_first).into(), (&s.as_second).into()],
            series: (&s.series).into(),
            score_margin: s.margin,
        }
    }
}

/// `standings.json` (and `arena standings --json`): the standings with what they are of.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct StandingsJson {
    /// [`VERSION`].
    pub version: u32,
    /// The game.
    pub game: String,
    /// The tournament seed.
    pub seed: u64,
    /// Games in the results.
    pub games: u64,
    /// The bot rated 0 Elo (`--anchor`); absent when the ratings are mean-centred.
    /// `arena standings` and `arena report` keep it when they recompute the folder.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rating_anchor: Option<String>,
    /// What the ratings' bootstrap resampled: `games`, or `board_pairs` for paired
    /// series (the pentanomial model); absent without ratings.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ratings_resampled: Option<&'static str>,
    /// The ranked standings, in `standings.csv`'s order.
    pub standings: Vec<StandingJson>,
}

impl StandingsJson {
    /// The document for a ranked table.
    pub fn new(
        game: &str,
        seed: u64,
        games: u64,
        table: &[Standing],
        roster: Option<&Roster>,
    ) -> StandingsJson {
        StandingsJson {
            version: VERSION,
            game: game.to_string(),
            seed,
            games,
            rating_anchor: None,
            ratings_resampled: None,
            standings: table.iter().map(|s| StandingJson::new(s, roster)).collect(),
        }
    }

    /// The document saying what the ratings' bootstrap resampled.
    pub fn resampled(self, unit: Option<crate::ratings::Resampled>) -> Self {
        StandingsJson {
            ratings_resampled: unit.map(crate::ratings::Resampled::name),
            ..self
        }
    }

    /// The document with `anchor` as the bot rated 0 Elo.
    pub fn anchored(self, anchor: Option<&str>) -> Self {
        StandingsJson {
            rating_anchor: anchor.map(str::to_string),
            ..self
        }
    }
}

/// The bot a folder's ratings were anchored at, as its `standings.json` records it
/// (`rating_anchor`); `None` when the file is absent or names none (no key, or `null`).
///
/// # Errors
/// [`OutputError::Corrupt`] naming the file when it is there but cannot be read as JSON,
/// or its `rating_anchor` is not a bot's name (a string): the anchor it meant is unknown,
/// and recomputing without it would move the ratings to another origin unasked.
pub fn recorded_anchor(dir: &Path) -> Result<Option<String>, OutputError> {
    let path = dir.join(STANDINGS_FILE);
    let Some(text) = super::results_file::read(&path, super::results_file::SUMMARY_CAP)? else {
        return Ok(None);
    };
    let value: serde_json::Value = serde_json::from_slice(&text).map_err(|e| {
        OutputError::corrupt(
            &path,
            format!(
                "not JSON (line {}, column {}), so the anchor its ratings were computed \
                 with is unknown: give --anchor, or remove the file if they had none",
                e.line(),
                e.column()
            ),
        )
    })?;
    match value.get("rating_anchor") {
        None | Some(serde_json::Value::Null) => Ok(None),
        Some(serde_json::Value::String(name)) => Ok(Some(name.clone())),
        Some(_) => Err(OutputError::corrupt(
            &path,
            "its `rating_anchor` is not a bot's name (a string): give --anchor, or delete \
             the key",
        )),
    }
}

/// One line of `games.jsonl`: `version`, then `games.csv`'s columns by name.
#[derive(Serialize)]
struct GameLine<'a> {
    version: u32,
    #[serde(flatten)]
    row: &'a GameRow,
}

/// Pretty JSON of any document, with a final newline.
///
/// # Errors
/// A serde_json error (never for arena's documents: they hold no maps with non-string
/// keys and no non-finite numbers but ratings, which are finite).
pub fn pretty(value: &impl Serialize) -> serde_json::Result<String> {
    let mut s = serde_json::to_string_pretty(value)?;
    s.push('\n');
    Ok(s)
}

/// `games.jsonl`'s text: one compact JSON object per game, in the order given (game-id
/// order in a results folder).
///
/// # Errors
/// A serde_json error if a row cannot be serialised.
pub fn games_lines(rows: &[GameRow]) -> serde_json::Result<String> {
    let mut s = String::new();
    for row in rows {
        s.push_str(&serde_json::to_string(&GameLine {
            version: VERSION,
            row,
        })?);
        s.push('\n');
    }
    Ok(s)
}

/// Writes `standings.json` and `games.jsonl` atomically.
///
/// # Errors
/// [`OutputError`] when serialising or writing fails.
pub fn write(dir: &Path, standings: &impl Serialize, rows: &[GameRow]) -> Result<(), OutputError> {
    let path = dir.join(STANDINGS_FILE);
    let text = pretty(standings).map_err(|e| OutputError::corrupt(&path, e.to_string()))?;
    atomic::write(&path, text.as_bytes())?;
    let path = dir.join(GAMES_FILE);
    let text = games_lines(rows).map_err(|e| OutputError::corrupt(&path, e.to_string()))?;
    atomic::write(&path, text.as_bytes())
}

/// The [`SummaryWriter`] of `standings.json` and `games.jsonl`; the game and seed come
/// from the folder's manifest.
pub struct JsonFiles;

impl SummaryWriter for JsonFiles {
    fn write(&self, dir: &Path, results: &Results) -> Result<(), OutputError> {
        let manifest = Manifest::read(dir)?
            .ok_or_else(|| OutputError::corrupt(&dir.join(super::manifest::FILE), "missing"))?;
        let document = StandingsJson::new(
            &manifest.game,
            manifest.seed,
            results.rows.len() as u64,
            results.standings,
            results.roster,
        )
        .anchored(results.anchor)
        .resampled(results.ratings.map(|r| r.resampled));
        write(dir, &document, results.rows)
    }
}

/// One game of `arena games --json`.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct GameInfoJson {
    /// The name `--game` takes.
    pub name: &'static str,
    /// One line on what the game is.
    pub summary: &'static str,
    /// What `--rows` and `--cols` mean, and their bounds.
    pub size: &'static str,
    /// Default rows.
    pub default_rows: u32,
    /// Default columns.
    pub default_cols: u32,
    /// The builtin bots, as `builtin:NAME`.
    pub builtins: Vec<String>,
    /// The games of the table model: the fewest and the most seats (absent for a game of
    /// two seats only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seats: Option<[u8; 2]>,
    /// The roles of seats that differ, by number (absent where seats are alike).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub roles: Vec<&'static str>,
    /// The game's options: `NAME=VALUES` (absent without options).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<String>,
}

/// `arena games --json`.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct GamesJson {
    /// [`VERSION`].
    pub version: u32,
    /// Every registered game.
    pub games: Vec<GameInfoJson>,
}

impl GamesJson {
    /// Every registered game, in `arena games`' order: the two-seat games (with the seat
    /// counts of those that also seat three), then the games of the table model.
    pub fn registered() -> GamesJson {
        let table = |name: &str| {
            arena_games::registry::table_games()
                .iter()
                .find(|k| k.info().name == name && k.seats() != arena_games::game::SeatRange::TWO)
        };
        let mut games: Vec<GameInfoJson> = arena_games::games()
            .iter()
            .map(|g| {
                let i = g.info();
                GameInfoJson {
                    name: i.name,
                    summary: i.summary,
                    size: i.size_doc,
                    default_rows: i.default_rows,
                    default_cols: i.default_cols,
                    builtins: g
                        .strategy_names()
                        .iter()
                        .map(|s| format!("builtin:{s}"))
                        .collect(),
                    seats: table(i.name).map(|k| [k.seats().min, k.seats().max]),
                    roles: Vec::new(),
                    options: Vec::new(),
                }
            })
            .collect();
        for kind in table_only_games() {
            let i = kind.info();
            games.push(GameInfoJson {
                name: i.name,
                summary: i.summary,
                size: i.size_doc,
                default_rows: i.default_rows,
                default_cols: i.default_cols,
                builtins: kind
                    .strategy_names()
                    .iter()
                    .map(|s| format!("builtin:{s}"))
                    .collect(),
                seats: Some([kind.seats().min, kind.seats().max]),
                roles: kind.roles().to_vec(),
                options: i
                    .options
                    .iter()
                    .map(|o| format!("{}={}", o.name, o.values))
                    .collect(),
            });
        }
        GamesJson {
            version: VERSION,
            games,
        }
    }
}

/// The games of the table model that are not two-seat games of the registry
/// (tic-tac-toe, minesweeper, pursuit, path), in the table registry's order.
pub fn table_only_games() -> Vec<&'static dyn arena_games::registry::TableKind> {
    arena_games::registry::table_games()
        .iter()
        .map(|k| &**k)
        .filter(|k| arena_games::find_game(k.info().name).is_err())
        .collect()
}

/// One game of `arena match --json`.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct MatchGameJson {
    /// The game's index, from 1.
    pub game: u32,
    /// The first mover.
    pub first: String,
    /// The second mover.
    pub second: String,
    /// Rows and columns.
    pub size: [u32; 2],
    /// The board's seed.
    pub board_seed: u64,
    /// The bots' seeds by seat.
    pub bot_seeds: [u64; 2],
    /// The starting position's setup line.
    pub setup: String,
    /// The moves, as `i32`.
    pub moves: Vec<i32>,
    /// `1-0`, `0-1` or `1/2-1/2`, from the first mover's side.
    pub result: ResultCode,
    /// `normal`, `disqualified` or the fault, as `games.csv`'s `end`.
    pub end: EndKind,
    /// The bot that faulted, if one did.
    pub culprit: Option<String>,
    /// The reason in words (empty for a normal end).
    pub reason: String,
    /// Final scores by seat: numbers when whole, else exact fractions as text (`1/2`).
    pub scores: [serde_json::Value; 2],
    /// Fuel each seat used.
    pub fuel: [u64; 2],
}

/// `arena match --json`: every game, then the score from A's side.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct MatchJson {
    /// [`VERSION`].
    pub version: u32,
    /// The game's name.
    pub game: String,
    /// Bot A.
    pub a: String,
    /// Bot B.
    pub b: String,
    /// The seed every board and bot seed is derived from.
    pub seed: u64,
    /// A's wins.
    pub a_won: u32,
    /// A's losses.
    pub a_lost: u32,
    /// Draws.
    pub drawn: u32,
    /// Every game.
    pub games: Vec<MatchGameJson>,
}
