//! `arena merge`: the folders of the shards of one tournament (`--shard I/N`, one per
//! machine) combined into one results folder, byte-identical to a single-machine run.

use std::fs;
use std::path::{Path, PathBuf};

use crate::output::games_csv;
use crate::output::manifest::Manifest;
use crate::output::replay;
use crate::output::replay_store::{self, Store};
use crate::output::OutputError;
use crate::record::GameRow;

use super::{recompute, Reporting, Summary, TournamentError};

/// Why shard folders cannot be merged.
#[derive(Debug, thiserror::Error)]
pub enum MergeError {
    /// A folder given does not exist.
    #[error("{0}: no such folder")]
    NotFound(PathBuf),
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
    /// Reading or checking a shard, or writing the result, failed.
    #[error(transparent)]
    Tournament(#[from] TournamentError),
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
/// [`MergeError`] naming the folder and the problem; `out` is left incomplete only when a
/// shard turns out corrupt or unfinished while its games are copied.
pub fn merge(dirs: &[PathBuf], out: &Path, reporting: &Reporting) -> Result<Summary, MergeError> {
    combine(dirs, out)?;
    Ok(recompute(out, reporting)?)
}

/// Combines the shard folders `dirs` into the new folder `out`: the manifest without its
/// part, every game's row and replay (checked to belong to its shard), and returns the
/// manifest; the summaries are left to the caller (two seats or a table game).
///
/// # Errors
/// As [`merge`].
pub fn combine(dirs: &[PathBuf], out: &Path) -> Result<Manifest, MergeError> {
    let manifests = read_manifests(dirs)?;
    if fs::read_dir(out).is_ok_and(|mut d| d.next().is_some()) {
        return Err(MergeError::OutNotEmpty(out.to_path_buf()));
    }
    fs::create_dir_all(out.join(replay::DIR)).map_err(|e| OutputError::io(out, e))?;
    let mut rows: Vec<GameRow> = Vec::new();
    let mut replays = Store::default();
    for (dir, manifest) in dirs.iter().zip(&manifests) {
        let shard = manifest.shard.expect("checked to be a shard");
        let store = Store::open(dir)?;
        for row in games_csv::read_rows(dir, false)? {
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
            let text = store.get(row.game_id).ok_or_else(|| {
                OutputError::corrupt(
                    &replay_store::path(dir),
                    format!("it holds no replay of game {}", row.game_id),
                )
            })?;
            replays.insert(row.game_id, text.to_string());
            rows.push(row);
        }
    }
    rows.sort_by_key(|r| r.game_id);
    let mut whole = manifests[0].clone();
    whole.shard = None;
    whole.write(out)?;
    games_csv::write_sorted(out, &rows)?;
    replays.write(out)?;
    Ok(whole)
}

/// The shards' manifests, checked: every folder a shard of the same tournament, the parts
/// 1 to N each once.
fn read_manifests(dirs: &[PathBuf]) -> Result<Vec<Manifest>, MergeError> {
    let mut manifests = Vec::new();
    for dir in dirs {
        if !dir.is_dir() {
            return Err(MergeError::NotFound(dir.clone()));
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
        if let Some(difference) = unsharded(m).difference(&unsharded(first)) {
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
