//! `arena merge`: the folders of the shards of one tournament (`--shard I/N`, one per
//! machine) combined into one results folder, byte-identical to a single-machine run.

use std::fs;
use std::path::{Path, PathBuf};

use arena_games::game::Score;

use crate::bot_name::escape_text;
use crate::output::folder_lock::{self, FolderLock, LockError};
use crate::output::games_csv;
use crate::output::manifest::{GradingInputs, Manifest, RecordedInput};
use crate::output::replay::{self, Replay};
use crate::output::replay_store::{self, Store};
use crate::output::table_replay::TableReplay;
use crate::output::OutputError;
use crate::record::{EndKind, GameRow};
use crate::schedule::Shard;

use super::verify::Difference;
use super::{recompute, Reporting, Summary, TournamentError};

/// Why shard folders cannot be merged.
#[derive(Debug, thiserror::Error)]
pub enum MergeError {
    /// A folder given does not exist.
    #[error("{0}: no such folder")]
    NotFound(PathBuf),
    /// A path given as a shard folder is a file (or something else).
    #[error("{0}: not a folder (name the shard's results folder)")]
    NotAFolder(PathBuf),
    /// A folder is not a shard of a tournament.
    #[error(
        "{0}: not a shard folder (its tournament.json has no `shard`; it was not run with --shard)"
    )]
    NotAShard(PathBuf),
    /// Shards of different tournaments.
    #[error("{dir} is a shard of a different tournament: {difference}")]
    Different {
        /// The folder.
        dir: PathBuf,
        /// The first difference with the first folder.
        difference: String,
    },
    /// A part given twice, or missing.
    #[error("the shards must be 1 to {count}, each once: {problem}")]
    Parts {
        /// How many parts the tournament was split into.
        count: u32,
        /// What is wrong.
        problem: String,
    },
    /// The output folder already holds files.
    #[error("{0} is not empty: merge into a new folder")]
    OutNotEmpty(PathBuf),
    /// `--anchor` names no bot of the tournament.
    #[error("--anchor `{anchor}` is not one of the bots: {bots}")]
    Anchor {
        /// The name given.
        anchor: String,
        /// The tournament's bots, joined.
        bots: String,
    },
    /// A shard's `games.csv` row of a game and the shard's replay of it record different
    /// things: one of the two was changed after the game was played.
    #[error("{dir}: game {game}: games.csv and the game's replay disagree: {difference} (the shard is damaged: restore it, or play it again)")]
    Disagrees {
        /// The shard folder.
        dir: PathBuf,
        /// The game.
        game: u64,
        /// The first fact they disagree on, with both values.
        difference: String,
    },
    /// A shard has not played all its games: it was stopped, or is still running.
    #[error("{dir}: shard {shard} has not finished (its series {series} is incomplete; {finished} of the tournament's {total} series are complete): resume it with its `arena tournament ... --shard {shard} --resume` command, then merge again")]
    Unfinished {
        /// The shard's folder.
        dir: PathBuf,
        /// Its part.
        shard: Shard,
        /// The first series of the tournament not complete (one of this shard's).
        series: u64,
        /// Series complete in all the shards.
        finished: usize,
        /// Series in the tournament.
        total: usize,
    },
    /// A shard's games, played again from the modules (`merge --verify`), are not what
    /// it records: a game changed after it was played, consistently in `games.csv` and
    /// its replay, or other modules than the ones played.
    #[error("{dir}: not merged: {}{cause} (the shard is not what its modules play; `arena verify` of the shard lists every difference; nothing was written)", .game.map(|g| format!("game {g} is not reproduced: ")).unwrap_or_default())]
    NotReproduced {
        /// The shard folder.
        dir: PathBuf,
        /// The first game that differs, when the first difference is a game's.
        game: Option<u64>,
        /// The first difference, on one line ([`Difference::brief`]).
        cause: String,
    },
    /// Two shards recorded different grading inputs (see [`shards_grading`]) and the
    /// merge was given none to settle it.
    #[error(transparent)]
    Grading(Box<GradingMismatch>),
    /// Reading or checking a shard, or writing the result, failed.
    #[error(transparent)]
    Tournament(#[from] TournamentError),
    /// The output folder is being written by another arena process.
    #[error(transparent)]
    Lock(#[from] LockError),
}

/// Two shards that recorded a grading input differently ([`MergeError::Grading`]).
#[derive(Debug, thiserror::Error)]
#[error("{dir} was graded with another {what} than {other} ({this_value} in {dir}, {other_value} in {other}): give merge the one to grade with (--{flag})")]
pub struct GradingMismatch {
    /// The shard that differs from the first.
    pub dir: PathBuf,
    /// The first shard.
    pub other: PathBuf,
    /// The input: `roster`, `bands` or `anchor`.
    pub what: &'static str,
    /// Its flag.
    pub flag: &'static str,
    /// What `dir` recorded, in words.
    pub this_value: String,
    /// What `other` recorded, in words.
    pub other_value: String,
}

impl From<OutputError> for MergeError {
    fn from(e: OutputError) -> MergeError {
        MergeError::Tournament(e.into())
    }
}

/// Merges the shard folders `dirs` into the new folder `out` and writes its summaries
/// with `reporting` (the run's roster, bands and anchor, to match a single-machine run).
///
/// # Errors
/// [`MergeError`] naming the folder and the problem; `out` is then left as it was
/// ([`staged`]).
pub fn merge(dirs: &[PathBuf], out: &Path, reporting: &Reporting) -> Result<Summary, MergeError> {
    staged(out, |stage| {
        combine(dirs, stage, reporting)?;
        recompute(stage, reporting).map_err(|e| unfinished(dirs, e))
    })
}

/// Refuses the shard `dir` when playing its games again gave `differences`
/// ([`super::verify::compare`] of the shard and its reproduction): `merge --verify`.
///
/// # Errors
/// [`MergeError::NotReproduced`] naming the shard, and the first game that differs with
/// its first difference (or the first difference of what was run, `tournament.json`).
pub fn refuse_unreproduced(dir: &Path, differences: &[Difference]) -> Result<(), MergeError> {
    let Some(first) = super::verify::first_cause(differences) else {
        return Ok(());
    };
    Err(MergeError::NotReproduced {
        dir: dir.to_path_buf(),
        game: first.game,
        cause: first.brief(),
    })
}

/// Which grading inputs a merge is given anew (`--roster`, `--bands`, `--anchor`): the
/// shards' records of those need not agree.
#[derive(Clone, Copy, Debug, Default)]
pub struct Given {
    /// `--roster` is given.
    pub roster: bool,
    /// `--bands` is given.
    pub bands: bool,
    /// `--anchor` is given.
    pub anchor: bool,
}

/// The grading inputs every shard of `dirs` recorded (a shard records the `--roster`,
/// `--bands` and `--anchor` it was run with), for a merge to grade as the single run
/// would have: each input as all the shards recorded it (none if none did), except those
/// `given` anew.
///
/// # Errors
/// [`MergeError::Grading`] naming two shards that recorded an input differently (one
/// without it included) when it is not given anew; the errors of reading the shards'
/// manifests ([`merge`] refuses the same folders).
pub fn shards_grading(dirs: &[PathBuf], given: Given) -> Result<GradingInputs, MergeError> {
    let manifests = read_manifests(dirs)?;
    let recorded: Vec<GradingInputs> = manifests
        .iter()
        .map(|m| m.grading.clone().unwrap_or_default())
        .collect();
    let file = |input: &Option<RecordedInput>| {
        input
            .as_ref()
            .map_or("none".to_string(), |i| format!("sha256 {}…", i.short()))
    };
    let anchor = |a: &Option<String>| {
        a.as_ref()
            .map_or("none".to_string(), |a| format!("`{}`", escape_text(a)))
    };
    type Shown = (&'static str, bool, fn(&GradingInputs) -> String);
    let checks: [Shown; 3] = [
        ("roster", given.roster, |g| {
            g.roster
                .as_ref()
                .map(|i| i.sha256.clone())
                .unwrap_or_default()
        }),
        ("bands", given.bands, |g| {
            g.bands
                .as_ref()
                .map(|i| i.sha256.clone())
                .unwrap_or_default()
        }),
        ("anchor", given.anchor, |g| {
            g.anchor.clone().unwrap_or_default()
        }),
    ];
    for (what, given, key) in checks {
        if given {
            continue;
        }
        let differs = recorded.iter().position(|g| key(g) != key(&recorded[0]));
        if let Some(i) = differs {
            let words = |g: &GradingInputs| match what {
                "roster" => file(&g.roster),
                "bands" => file(&g.bands),
                _ => anchor(&g.anchor),
            };
            return Err(MergeError::Grading(Box::new(GradingMismatch {
                dir: dirs[i].clone(),
                other: dirs[0].clone(),
                what,
                flag: what,
                this_value: words(&recorded[i]),
                other_value: words(&recorded[0]),
            })));
        }
    }
    Ok(recorded.into_iter().next().unwrap_or_default())
}

/// The name of the folder, inside `--out`, that a merge writes before moving its files
/// into place.
pub const STAGE: &str = ".arena-merge";

/// Runs `write` on a new staging folder inside `out` ([`STAGE`]; `out` is created if
/// missing and must be empty but for a lock file) and, when it succeeds, moves everything
/// it wrote into `out`, all the while holding `out`'s lock ([`FolderLock`]). When it
/// fails, the staging folder is removed, and `out` too if this made it: a refused merge
/// leaves `out` as it was, whatever it found wrong and when.
///
/// # Errors
/// [`MergeError::Lock`] when another process is writing `out`, [`MergeError::OutNotEmpty`]
/// for an `out` that holds anything, what `write` returns, and the errors of making,
/// moving and removing the files.
pub fn staged<T>(
    out: &Path,
    write: impl FnOnce(&Path) -> Result<T, MergeError>,
) -> Result<T, MergeError> {
    let made_out = !out.exists();
    let lock = FolderLock::acquire(out)?;
    let result = locked_stage(out, write);
    drop(lock);
    if result.is_err() && made_out {
        let _ = fs::remove_dir(out);
    }
    result
}

/// [`staged`] once `out`'s lock is held.
fn locked_stage<T>(
    out: &Path,
    write: impl FnOnce(&Path) -> Result<T, MergeError>,
) -> Result<T, MergeError> {
    let mut entries = fs::read_dir(out).map_err(|e| OutputError::io(out, e))?;
    if entries.any(|e| e.map_or(true, |e| e.file_name() != folder_lock::FILE)) {
        return Err(MergeError::OutNotEmpty(out.to_path_buf()));
    }
    let stage = out.join(STAGE);
    fs::create_dir_all(&stage).map_err(|e| OutputError::io(out, e))?;
    let result = write(&stage).and_then(|value| {
        for entry in fs::read_dir(&stage).map_err(|e| OutputError::io(&stage, e))? {
            let entry = entry.map_err(|e| OutputError::io(&stage, e))?;
            fs::rename(entry.path(), out.join(entry.file_name()))
                .map_err(|e| OutputError::io(out, e))?;
        }
        Ok(value)
    });
    let cleaned = fs::remove_dir_all(&stage);
    let value = result?;
    cleaned.map_err(|e| OutputError::io(&stage, e))?;
    Ok(value)
}

/// A merge's summaries refused for an unfinished tournament, said of the shard that
/// holds the first unfinished series; any other error as it is.
pub fn unfinished(dirs: &[PathBuf], e: TournamentError) -> MergeError {
    let TournamentError::Incomplete {
        finished,
        total,
        first_unfinished,
    } = e
    else {
        return e.into();
    };
    let owner = dirs.iter().find_map(|dir| {
        let shard = Manifest::read(dir).ok()??.shard?;
        shard.holds(first_unfinished).then(|| (dir.clone(), shard))
    });
    match owner {
        Some((dir, shard)) => MergeError::Unfinished {
            dir,
            shard,
            series: first_unfinished,
            finished,
            total,
        },
        None => e.into(),
    }
}

/// Combines the shard folders `dirs` into the new folder `out`: the manifest without its
/// part, every game's row and replay (checked to belong to its shard, and to agree with
/// each other), and returns the manifest; the summaries are left to the caller (two seats
/// or a table game). `reporting`'s anchor (the bot rated 0 Elo, if one is given) must be
/// a bot of the tournament; the merged manifest records `reporting`'s inputs
/// ([`Reporting::record`]), as a single run's would.
///
/// # Errors
/// [`MergeError`], before anything is written: shards that are not one whole set of one
/// tournament, an unknown anchor, a damaged shard (a row of another
/// part, a game without its replay, a replay that does not read or that disagrees with
/// the row, [`MergeError::Disagrees`]).
pub fn combine(
    dirs: &[PathBuf],
    out: &Path,
    reporting: &Reporting,
) -> Result<Manifest, MergeError> {
    let manifests = read_manifests(dirs)?;
    if let Some(anchor) = reporting.anchor.as_deref() {
        let bots = &manifests[0].bots;
        if !bots.iter().any(|b| b.name == anchor) {
            let mut names: Vec<&str> = bots.iter().map(|b| b.name.as_str()).collect();
            names.sort_unstable();
            return Err(MergeError::Anchor {
                anchor: escape_text(anchor),
                bots: names.join(", "),
            });
        }
    }
    let mut rows: Vec<GameRow> = Vec::new();
    let mut replays = Store::default();
    for (dir, manifest) in dirs.iter().zip(&manifests) {
        let shard = manifest.shard.expect("checked to be a shard");
        let mut store = Store::open(dir)?;
        let mut seen = std::collections::HashSet::new();
        for row in games_csv::read_rows(dir, false)? {
            if !seen.insert(row.game_id) {
                return Err(OutputError::corrupt(
                    &dir.join(games_csv::FILE),
                    format!("the row of game {}: recorded twice", row.game_id),
                )
                .into());
            }
            if !shard.holds(row.series_id) {
                return Err(OutputError::corrupt(
                    &dir.join(games_csv::FILE),
                    format!(
                        "the row of game {} is not part of shard {shard}",
                        row.game_id
                    ),
                )
                .into());
            }
            let text = store.text(row.game_id)?.ok_or_else(|| {
                OutputError::corrupt(
                    &replay_store::path(dir),
                    format!("it holds no replay of game {}", row.game_id),
                )
            })?;
            check_row_against_replay(dir, manifest, &row, &text)?;
            rows.push(row);
        }
        // Only the games of the shard's rows, read again from the shard when written.
        store.retain(|id| seen.contains(&id));
        replays.absorb(store);
    }
    rows.sort_by_key(|r| r.game_id);
    let mut whole = manifests[0].clone();
    whole.shard = None;
    whole.grading = reporting.record();
    fs::create_dir_all(out.join(replay::DIR)).map_err(|e| OutputError::io(out, e))?;
    whole.write(out)?;
    games_csv::write_sorted(out, &rows)?;
    replays.write(out)?;
    Ok(whole)
}

/// What a game's record says, fact by fact (named by `games.csv`'s columns), in the
/// order they are compared.
type Facts = Vec<(String, String)>;

/// The facts of a `games.csv` row that its replay records too: everything but the
/// position in the series, the teams and the fuel (a replay marks the fuel of the moves
/// played, not of a move that faulted).
fn row_facts(row: &GameRow, game: &str) -> Facts {
    let seats = row.seats.iter().map(|s| (s.bot.clone(), s.score, s.rank));
    let culprit = row.culprit.map(|seat| seat + 1);
    facts(
        game,
        row.game_id,
        row.series_id,
        row.round,
        row.board_seed,
        [row.rows, row.cols],
    )
    .seats(seats)
    .end(&row.end, culprit, &row.reason, row.moves as usize)
}

/// The same facts of a replay's text (a table replay for a table game).
fn replay_facts(text: &str, table: bool) -> Result<Facts, String> {
    if table {
        let r = TableReplay::parse(text).map_err(|e| e.to_string())?;
        let seats = r.seats.iter().map(|s| (s.bot.clone(), s.score, s.rank));
        Ok(facts(
            &r.game,
            r.game_id,
            r.series_id,
            r.round,
            r.board_seed,
            r.size,
        )
        .seats(seats)
        .end(
            &r.end,
            r.culprit.map(|seat| seat + 1),
            &r.reason,
            r.moves.len(),
        ))
    } else {
        let r = Replay::parse(text).map_err(|e| e.to_string())?;
        let ranks = r.result.ranks();
        let seats = (0..2).map(|i| (r.bots[i].clone(), Score::from(r.scores[i]), ranks[i]));
        Ok(facts(
            &r.game,
            r.game_id,
            r.series_id,
            r.round,
            r.board_seed,
            r.size,
        )
        .seats(seats)
        .end(
            &r.end,
            r.culprit.map(|p| p.index() + 1),
            &r.reason,
            r.moves.len(),
        ))
    }
}

/// Builds [`Facts`] in one order for a row and a replay.
struct FactsBuilder(Facts);

fn facts(
    game: &str,
    id: u64,
    series: u64,
    round: u32,
    board_seed: u64,
    size: [u32; 2],
) -> FactsBuilder {
    FactsBuilder(vec![
        ("game".into(), game.to_string()),
        ("game_id".into(), id.to_string()),
        ("series_id".into(), series.to_string()),
        ("round".into(), round.to_string()),
        ("board_seed".into(), board_seed.to_string()),
        ("rows".into(), size[0].to_string()),
        ("cols".into(), size[1].to_string()),
    ])
}

impl FactsBuilder {
    /// The seat count, and every seat's bot, score and rank.
    fn seats(mut self, seats: impl Iterator<Item = (String, Score, u32)>) -> FactsBuilder {
        let seats: Vec<_> = seats.collect();
        self.0.push(("seats".into(), seats.len().to_string()));
        for (i, (bot, score, rank)) in seats.into_iter().enumerate() {
            let column = |c: &str| format!("seat{}_{c}", i + 1);
            self.0.push((column("bot"), bot));
            self.0.push((column("score"), score.to_string()));
            self.0.push((column("rank"), rank.to_string()));
        }
        self
    }

    /// How the game ended, who caused it (a seat from 1), why, and the moves played.
    fn end(mut self, end: &EndKind, culprit: Option<usize>, reason: &str, moves: usize) -> Facts {
        let culprit = culprit.map(|seat| seat.to_string()).unwrap_or_default();
        self.0.extend([
            ("end".into(), end.to_string()),
            ("culprit".into(), culprit),
            ("reason".into(), reason.to_string()),
            ("moves".into(), moves.to_string()),
        ]);
        self.0
    }
}

/// Checks that the row of a game in shard `dir` records what the shard's replay of the
/// game records (its game, ids, board, bots, scores, ranks or result, end, culprit,
/// reason and number of moves).
///
/// # Errors
/// [`MergeError::Disagrees`] naming the shard, the game and the first difference;
/// [`OutputError`] naming the store when the replay does not read.
fn check_row_against_replay(
    dir: &Path,
    manifest: &Manifest,
    row: &GameRow,
    text: &str,
) -> Result<(), MergeError> {
    let table = manifest.seats.is_some();
    let recorded = replay_facts(text, table).map_err(|why| {
        OutputError::corrupt(
            &replay_store::path(dir),
            format!("game {}: {why}", row.game_id),
        )
    })?;
    let listed = row_facts(row, &manifest.game);
    let show = |v: Option<&String>| match v {
        Some(v) => format!("`{}`", v.escape_debug()),
        None => "nothing".to_string(),
    };
    for i in 0..listed.len().max(recorded.len()) {
        let (a, b) = (listed.get(i), recorded.get(i));
        if a != b {
            let what = a.or(b).map_or("", |(name, _)| name.as_str());
            return Err(MergeError::Disagrees {
                dir: dir.to_path_buf(),
                game: row.game_id,
                difference: format!(
                    "{what}: games.csv has {}, the replay {}",
                    show(a.map(|(_, v)| v)),
                    show(b.map(|(_, v)| v))
                ),
            });
        }
    }
    Ok(())
}

/// The shards' manifests, checked: every folder a shard of the same tournament, the parts
/// 1 to N each once.
fn read_manifests(dirs: &[PathBuf]) -> Result<Vec<Manifest>, MergeError> {
    let mut manifests = Vec::new();
    for dir in dirs {
        if !dir.is_dir() {
            return Err(if dir.exists() {
                MergeError::NotAFolder(dir.clone())
            } else {
                MergeError::NotFound(dir.clone())
            });
        }
        let manifest = Manifest::read(dir)?
            .filter(|m| m.shard.is_some())
            .ok_or_else(|| MergeError::NotAShard(dir.clone()))?;
        manifests.push(manifest);
    }
    let Some(first) = manifests.first() else {
        return Err(MergeError::Parts {
            count: 0,
            problem: "no folder given".into(),
        });
    };
    let unsharded = |m: &Manifest| Manifest {
        shard: None,
        ..m.clone()
    };
    let count = first.shard.expect("a shard").count();
    let mut seen = vec![false; count as usize];
    for (dir, m) in dirs.iter().zip(&manifests) {
        let shard = m.shard.expect("a shard");
        let named = |d: &Path| crate::bot_name::escape_path(d);
        if let Some(difference) =
            unsharded(m).difference_between(&unsharded(first), &named(dir), &named(&dirs[0]))
        {
            return Err(MergeError::Different {
                dir: dir.clone(),
                difference,
            });
        }
        if shard.count() != count {
            return Err(MergeError::Parts {
                count,
                problem: format!("{} is shard {shard}", dir.display()),
            });
        }
        let slot = &mut seen[shard.index() as usize - 1];
        if *slot {
            return Err(MergeError::Parts {
                count,
                problem: format!("shard {shard} is given twice"),
            });
        }
        *slot = true;
    }
    let missing: Vec<String> = (1..=count)
        .filter(|&i| !seen[i as usize - 1])
        .map(|i| format!("{i}/{count}"))
        .collect();
    if !missing.is_empty() {
        return Err(MergeError::Parts {
            count,
            problem: format!("missing {}", missing.join(", ")),
        });
    }
    Ok(manifests)
}
