//! The secret a table tournament deals hidden setup under (`docs/TOURNAMENT.md`, "Hidden
//! setup"): given with `--secret`, the results folder's own on `--resume`, or drawn from
//! the operating system; none for a game whose every seat sees the whole setup.

use arena_games::GameParams;

use super::TableConfig;
use crate::output::manifest::Manifest;
use crate::seeds::Secret;
use crate::tournament::{SecretError, TournamentError};

/// Whether the tournament's game deals hidden setup at any of its sizes.
pub fn hides_setup(config: &TableConfig) -> bool {
    [
        (config.rows.min, config.cols.min),
        (config.rows.max, config.cols.max),
    ]
    .into_iter()
    .any(|(rows, cols)| {
        config.game.hides_setup(&GameParams {
            rows: Some(rows),
            cols: Some(cols),
            options: config.options.clone(),
        })
    })
}

/// The secret of this run: `None` for a game without hidden setup; else the one given,
/// else (on `--resume`) the one the folder's manifest records, else a fresh one from the
/// operating system, except for a part of a sharded run, whose parts must share one.
///
/// # Errors
/// [`SecretError`] as above, and the folder's manifest's errors on `--resume`.
pub fn secret_for(config: &TableConfig) -> Result<Option<Secret>, TournamentError> {
    let game = config.game.info().name;
    if !hides_setup(config) {
        return match config.secret {
            Some(_) => Err(SecretError::NotHidden { game }.into()),
            None => Ok(None),
        };
    }
    if let Some(given) = &config.secret {
        return Ok(Some(given.clone()));
    }
    if config.resume {
        if let Some(found) = Manifest::read(&config.out)?.and_then(|m| m.secret) {
            return Ok(Some(found));
        }
    }
    if config.shard.is_some() {
        return Err(SecretError::ShardWithoutSecret { game }.into());
    }
    Ok(Some(Secret::draw().map_err(SecretError::from)?))
}
