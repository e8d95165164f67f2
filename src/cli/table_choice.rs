//! Which model a `--game` with its options is played in: the two-seat games as they
//! always were, or the table model (one to four seats, roles, hidden information).

use std::collections::BTreeMap;

use anyhow::bail;
use arena::rng_size::SizeRange;
use arena_games::registry::{find_table_game, TableKind};
use arena_games::{find_game, GameParams};

use super::common::GameChoice;
use super::GameArgs;

/// A game of the table model with validated sizes and options.
pub struct TableChoice {
    /// The game.
    pub kind: &'static dyn TableKind,
    /// Rows to draw board sizes from.
    pub rows: SizeRange,
    /// Columns to draw board sizes from.
    pub cols: SizeRange,
    /// Game-specific options (`players` included when given).
    pub options: BTreeMap<String, String>,
    /// Seats at every table.
    pub seats: u8,
}

impl TableChoice {
    /// Parameters for one size.
    pub fn params(&self, rows: u32, cols: u32) -> GameParams {
        GameParams {
            rows: Some(rows),
            cols: Some(cols),
            options: self.options.clone(),
        }
    }
}

/// A `--game` and its options, in the model that plays them.
pub enum Choice {
    /// A two-seat game of the registry (every output as it always was).
    TwoSeat(GameChoice),
    /// A game of the table model.
    Table(TableChoice),
}

/// Chooses the model: a two-seat game stays one unless `--option players=N` asks for
/// another seat count (`players=2` is the two-seat game itself); every other game is a
/// table game. `ranges` allows `6..10` sizes.
///
/// # Errors
/// An unknown game, a bad size or option, naming it.
pub fn choose(args: &GameArgs, ranges: bool) -> anyhow::Result<Choice> {
    let options = super::common::option_map(&args.options)?;
    let players = options.get("players").cloned();
    if find_game(args.game()).is_ok() && players.as_deref().is_none_or(|p| p == "2") {
        let mut args = GameArgs {
            game: args.game.clone(),
            rows: args.rows.clone(),
            cols: args.cols.clone(),
            options: args.options.clone(),
        };
        if players.is_some() {
            args.options.retain(|o| !o.starts_with("players="));
        }
        return Ok(Choice::TwoSeat(GameChoice::new(&args, ranges)?));
    }
    let kind = find_table_game(args.game())?;
    let info = kind.info();
    let size = |flag: &str, value: &Option<String>, default: u32| -> anyhow::Result<SizeRange> {
        let range = match value {
            Some(v) => v
                .parse::<SizeRange>()
                .map_err(|e| anyhow::anyhow!("--{flag}: {e}"))?,
            None => SizeRange::fixed(default),
        };
        if !ranges && range.min != range.max {
            bail!("--{flag}: this command takes one size, not a range (`tournament` takes ranges)");
        }
        Ok(range)
    };
    let rows = size("rows", &args.rows, info.default_rows)?;
    let cols = size("cols", &args.cols, info.default_cols)?;
    let params = GameParams {
        rows: Some(rows.min),
        cols: Some(cols.min),
        options: options.clone(),
    };
    let seats = kind
        .seat_count(&params)
        .map_err(|e| anyhow::anyhow!("{}: {e}", info.name))?;
    let choice = TableChoice {
        kind,
        rows,
        cols,
        options,
        seats,
    };
    // Try the extreme sizes now, so that a bad size or option fails before any work.
    for (r, c) in [(rows.min, cols.min), (rows.max, cols.max)] {
        kind.new_game(&choice.params(r, c), 0)
            .map_err(|e| anyhow::anyhow!("{}: {e}", info.name))?;
    }
    Ok(choice.into())
}

impl From<TableChoice> for Choice {
    fn from(choice: TableChoice) -> Choice {
        Choice::Table(choice)
    }
}
