//! The parameters that choose a starting position, and why a game refuses them.

use std::collections::BTreeMap;

use thiserror::Error;

use super::info::GameInfo;

/// Parameters that choose a starting position, shared by every game.
///
/// `rows` and `cols` are the size of the board (or what a game documents them to mean);
/// `options` holds game-specific settings by name (for example Nim's heap sizes).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameParams {
    /// Rows of the board, or `None` for the game's default.
    pub rows: Option<u32>,
    /// Columns of the board, or `None` for the game's default.
    pub cols: Option<u32>,
    /// Game-specific options, `name -> value`.
    pub options: BTreeMap<String, String>,
}

impl GameParams {
    /// Parameters with a board size and no options.
    pub fn sized(rows: u32, cols: u32) -> GameParams {
        GameParams {
            rows: Some(rows),
            cols: Some(cols),
            options: BTreeMap::new(),
        }
    }

    /// `rows` and `cols`, each the game's default when not given and checked against the
    /// game's range for it (a dimension the game ignores is its default).
    ///
    /// # Errors
    /// [`ParamError::OutOfRange`] naming the dimension, its range and the value.
    pub fn size(&self, info: &GameInfo) -> Result<(u32, u32), ParamError> {
        let rows = info
            .rows
            .check("rows", self.rows.unwrap_or(info.default_rows))?;
        let cols = info
            .cols
            .check("cols", self.cols.unwrap_or(info.default_cols))?;
        Ok((rows, cols))
    }

    /// Refuses an option the game does not list in [`GameInfo::options`], naming the
    /// options it has (or saying it has none). The values are the game's to read.
    ///
    /// # Errors
    /// [`ParamError::BadOption`] naming the first unknown option.
    pub fn check_option_names(&self, info: &GameInfo) -> Result<(), ParamError> {
        let unknown = self
            .options
            .keys()
            .find(|name| !info.options.iter().any(|o| o.name == name.as_str()));
        match unknown {
            None => Ok(()),
            Some(name) => Err(ParamError::BadOption {
                name: name.clone(),
                reason: match info.options {
                    [] => format!("{} has no options", info.name),
                    options => format!(
                        "{}'s options are {}",
                        info.name,
                        options
                            .iter()
                            .map(|o| format!("{}={}", o.name, o.values))
                            .collect::<Vec<_>>()
                            .join(" and ")
                    ),
                },
            }),
        }
    }
}

impl GameParams {
    /// The whole-number option `name` (`None` when not given), checked against
    /// `min..=max`: the one range check of a numeric option.
    ///
    /// # Errors
    /// [`ParamError::BadOption`] naming the option when its value is not a whole number
    /// in the range.
    pub fn number_option(&self, name: &str, min: u32, max: u32) -> Result<Option<u32>, ParamError> {
        let Some(value) = self.options.get(name) else {
            return Ok(None);
        };
        match value.parse::<u32>() {
            Ok(n) if (min..=max).contains(&n) => Ok(Some(n)),
            _ => Err(ParamError::BadOption {
                name: name.to_string(),
                reason: format!("`{value}` is not a whole number in {min}..={max}"),
            }),
        }
    }

    /// The option `name` when it is one of `values` (`None` when not given).
    ///
    /// # Errors
    /// [`ParamError::BadOption`] listing the values when it is another.
    pub fn choice_option(
        &self,
        name: &str,
        values: &[&'static str],
    ) -> Result<Option<&'static str>, ParamError> {
        let Some(value) = self.options.get(name) else {
            return Ok(None);
        };
        values
            .iter()
            .find(|v| **v == value.as_str())
            .map(|v| Some(*v))
            .ok_or_else(|| ParamError::BadOption {
                name: name.to_string(),
                reason: format!("`{value}`: use {name}={}", values.join("|")),
            })
    }
}

/// Parameters a game refuses.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParamError {
    /// A board dimension outside what the game supports.
    #[error("{what} must be between {min} and {max}, got {got}")]
    OutOfRange {
        /// Which parameter.
        what: &'static str,
        /// The smallest allowed value.
        min: u32,
        /// The largest allowed value.
        max: u32,
        /// What was given.
        got: u32,
    },
    /// An option the game does not know, or a value it cannot read.
    #[error("bad option `{name}`: {reason}")]
    BadOption {
        /// The option's name.
        name: String,
        /// What is wrong with it.
        reason: String,
    },
}
