//! Minesweeper for one or two players, rules to the letter of
//! `docs/games/minesweeper.md`.
//!
//! The layout (mines and start cell) is drawn from the game seed; a seat only ever sees
//! its observation (`TableGame::observe` in `table.rs`): per cell unknown, opened (with the
//! number of neighbouring mines) or a known mine. Scores are exact ([`Score`]).
//!
//! This module holds the rules as a state that moves forward; the game model for one and
//! two seats plays it through the registry.

pub mod bots;
mod layout;
pub mod strategies;
mod table;
#[cfg(test)]
mod tests;

pub use layout::{Grid, Layout, MAX_DRAWS};
pub use table::MinesweeperView;

use crate::game::{Dimension, ParamError, Score};
use crate::rng::GameRng;

/// Smallest number of rows or columns.
pub const MIN_SIDE: u32 = 4;
/// Largest number of rows or columns.
pub const MAX_SIDE: u32 = 32;

/// What opening a safe cell shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reveal {
    /// The original rule: the coordinates of the neighbouring mines, which become known to
    /// every seat. Nothing opens by itself.
    Coords,
    /// The common game (one player only): the number of neighbouring mines; a cell
    /// showing 0 opens its neighbours, repeatedly.
    Count,
}

/// The settings of one game: size, mines, seats and reveal rule, checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Settings {
    /// The board.
    pub grid: Grid,
    /// Mines on it: 1..=cells − 9.
    pub mines: u32,
    /// Seats: 1 or 2.
    pub players: u8,
    /// What opening shows.
    pub reveal: Reveal,
}

impl Settings {
    /// The default mine count of a board: 15% of its cells rounded half up, at least 1.
    pub fn default_mines(grid: Grid) -> u32 {
        ((15 * grid.cells() + 50) / 100).max(1)
    }

    /// Checks a combination of settings.
    ///
    /// # Errors
    /// [`ParamError`] naming the setting: a side outside 4..=32, mines outside
    /// 1..=cells − 9, players other than 1 or 2, two players with `reveal=count`.
    pub fn new(
        rows: u32,
        cols: u32,
        mines: Option<u32>,
        players: u8,
        reveal: Reveal,
    ) -> Result<Settings, ParamError> {
        let side = Dimension::Range {
            min: MIN_SIDE,
            max: MAX_SIDE,
        };
        side.check("rows", rows)?;
        side.check("cols", cols)?;
        let grid = Grid { rows, cols };
        let mines = mines.unwrap_or_else(|| Settings::default_mines(grid));
        let most = grid.cells() - 9;
        if !(1..=most).contains(&mines) {
            return Err(ParamError::BadOption {
                name: "mines".into(),
                reason: format!("a {rows}x{cols} board takes 1..={most} mines, not {mines}"),
            });
        }
        if !(1..=2).contains(&players) {
            return Err(ParamError::BadOption {
                name: "players".into(),
                reason: format!("minesweeper is for 1 or 2 players, not {players}"),
            });
        }
        if players == 2 && reveal == Reveal::Count {
            return Err(ParamError::BadOption {
                name: "reveal".into(),
                reason: "two players play the original assignment's rule, reveal=coords".into(),
            });
        }
        Ok(Settings {
            grid,
            mines,
            players,
            reveal,
        })
    }
}

/// What a seat sees of one cell, as its observation word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CellView {
    /// Not opened, not known to be a mine.
    Unknown,
    /// A mine every seat knows of (revealed by an opening under `reveal=coords`, or the
    /// mine that ended the game).
    KnownMine,
    /// Opened: the number of mines among its neighbours.
    Opened(u8),
}

impl CellView {
    /// The observation word: −1 unknown, −2 known mine, 0..=8 opened with that count.
    pub fn word(self) -> i32 {
        match self {
            CellView::Unknown => -1,
            CellView::KnownMine => -2,
            CellView::Opened(n) => i32::from(n),
        }
    }
}

/// A minesweeper game in progress or over.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Minesweeper {
    settings: Settings,
    layout: Layout,
    opened: Vec<bool>,
    known_mine: Vec<bool>,
    to_move: u8,
    /// Per seat: mines first revealed by its openings.
    found: [u32; 2],
    /// Per seat: safe cells its moves opened (floods included).
    opened_by: [u32; 2],
    /// Safe cells still closed.
    safe_closed: u32,
    /// Safe cells closed after the setup (the start's opening).
    safe_after_setup: u32,
    /// The seat that opened a mine, and the cell.
    exploded: Option<(u8, u32)>,
}

impl Minesweeper {
    /// Draws the layout from `rng` and opens the start cell. Under `reveal=count`, a
    /// layout whose first flood opens every safe cell is drawn again from the same
    /// stream, at most [`MAX_DRAWS`] times.
    ///
    /// # Errors
    /// [`ParamError::BadOption`] on `mines` when every one of the draws opened the whole
    /// board (too few mines for `reveal=count`).
    pub fn draw(settings: Settings, rng: &mut GameRng) -> Result<Minesweeper, ParamError> {
        Minesweeper::draw_at_most(settings, rng, MAX_DRAWS)
    }

    /// [`Self::draw`] with at most `draws` layouts.
    fn draw_at_most(
        settings: Settings,
        rng: &mut GameRng,
        draws: u32,
    ) -> Result<Minesweeper, ParamError> {
        for _ in 0..draws {
            let layout = Layout::draw(settings.grid, settings.mines, rng);
            let game = Minesweeper::with_layout(settings, layout);
            if !game.is_terminal() {
                return Ok(game);
            }
        }
        Err(ParamError::BadOption {
            name: "mines".into(),
            reason: format!(
                "with {} mines, {draws} layouts in a row opened the whole board at the start under reveal=count: use more mines",
                settings.mines
            ),
        })
    }

    /// The game on a given layout, the start cell opened (under `reveal=count` with its
    /// flood). The layout must fit the settings' grid.
    pub fn with_layout(settings: Settings, layout: Layout) -> Minesweeper {
        let cells = settings.grid.cells() as usize;
        let mut opened = vec![false; cells];
        let safe = layout.mine.iter().filter(|&&m| !m).count() as u32;
        let start_opened = match settings.reveal {
            Reveal::Count => layout.flood(settings.grid, layout.start, &mut opened).len(),
            Reveal::Coords => {
                opened[layout.start as usize] = true;
                1
            }
        } as u32;
        Minesweeper {
            settings,
            layout,
            opened,
            known_mine: vec![false; cells],
            to_move: 0,
            found: [0; 2],
            opened_by: [0; 2],
            safe_closed: safe - start_opened,
            safe_after_setup: safe - start_opened,
            exploded: None,
        }
    }

    /// The settings.
    pub fn settings(&self) -> Settings {
        self.settings
    }

    /// The hidden layout (for the referee, replays and tests; never for a seat).
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The seat to move (in a finished game, the seat that would move next).
    pub fn to_move(&self) -> u8 {
        self.to_move
    }

    /// Whether the game is over: a mine was opened or every safe cell is open.
    pub fn is_terminal(&self) -> bool {
        self.exploded.is_some() || self.safe_closed == 0
    }

    /// The legal moves, ascending: every cell not opened (known mines included), none
    /// once the game is over.
    pub fn legal_moves(&self) -> Vec<u32> {
        if self.is_terminal() {
            return Vec::new();
        }
        (0..self.settings.grid.cells())
            .filter(|&c| !self.opened[c as usize])
            .collect()
    }

    /// Why opening `cell` is not a legal move, or `None` if it is.
    pub fn why_illegal(&self, cell: u32) -> Option<String> {
        let grid = self.settings.grid;
        if self.is_terminal() {
            Some("the game is over".into())
        } else if cell >= grid.cells() {
            Some(format!(
                "cell {cell} is off the {}x{} board (cells 0..{})",
                grid.rows,
                grid.cols,
                grid.cells()
            ))
        } else if self.opened[cell as usize] {
            Some(format!(
                "cell ({}, {}) is already open",
                cell / grid.cols + 1,
                cell % grid.cols + 1
            ))
        } else {
            None
        }
    }

    /// Opens `cell` for the seat to move (a legal move: see [`Self::why_illegal`]).
    pub fn open(&mut self, cell: u32) {
        let seat = self.to_move;
        let grid = self.settings.grid;
        if self.layout.mine[cell as usize] {
            self.known_mine[cell as usize] = true;
            self.exploded = Some((seat, cell));
            return;
        }
        let newly = match self.settings.reveal {
            Reveal::Count => self.layout.flood(grid, cell, &mut self.opened),
            Reveal::Coords => {
                self.opened[cell as usize] = true;
                for n in grid.neighbours(cell) {
                    if self.layout.mine[n as usize] && !self.known_mine[n as usize] {
                        self.known_mine[n as usize] = true;
                        self.found[seat as usize] += 1;
                    }
                }
                vec![cell]
            }
        };
        let newly = newly.len() as u32;
        self.opened_by[seat as usize] += newly;
        self.safe_closed -= newly;
        self.to_move = (seat + 1) % self.settings.players;
    }

    /// What `seat` sees of `cell`. Every seat sees the same board: openings and revealed
    /// mines are public; only the layout is hidden.
    pub fn view(&self, cell: u32) -> CellView {
        if self.known_mine[cell as usize] {
            CellView::KnownMine
        } else if self.opened[cell as usize] {
            CellView::Opened(self.layout.count(self.settings.grid, cell))
        } else {
            CellView::Unknown
        }
    }

    /// The public board: what every seat sees, with the number of mines.
    pub fn public_view(&self) -> strategies::View {
        strategies::View {
            grid: self.settings.grid,
            cells: (0..self.settings.grid.cells())
                .map(|c| self.view(c))
                .collect(),
            mines: self.settings.mines,
        }
    }

    /// The observation's cell words, row by row (see [`CellView::word`]).
    pub fn cell_words(&self) -> Vec<i32> {
        (0..self.settings.grid.cells())
            .map(|c| self.view(c).word())
            .collect()
    }

    /// Mines first revealed by each seat's openings.
    pub fn found(&self) -> [u32; 2] {
        self.found
    }

    /// Safe cells still closed.
    pub fn safe_closed(&self) -> u32 {
        self.safe_closed
    }

    /// The seat that opened a mine and the cell, if one did.
    pub fn exploded(&self) -> Option<(u8, u32)> {
        self.exploded
    }

    /// Each seat's score. One player: the safe cells its moves opened ÷ the safe cells
    /// closed after the setup (1 for a win). Two players: the mines each first revealed.
    pub fn scores(&self) -> Vec<Score> {
        match self.settings.players {
            // A layout whose setup opened every safe cell left nothing to open: won.
            1 => vec![Score::ratio(
                i64::from(self.opened_by[0]),
                u64::from(self.safe_after_setup),
            )
            .unwrap_or(Score::ONE)],
            _ => self
                .found
                .iter()
                .map(|&f| Score::int(i64::from(f)))
                .collect(),
        }
    }

    /// Each seat's competition rank once the game is over (`None` before). One player:
    /// rank 1 (won or lost is [`Self::won`]). Two players: a mine loses at once; else
    /// more mines found wins, equal is a draw (both rank 1).
    pub fn ranks(&self) -> Option<Vec<u32>> {
        if !self.is_terminal() {
            return None;
        }
        if self.settings.players == 1 {
            return Some(vec![1]);
        }
        let ranks = match self.exploded {
            Some((loser, _)) => {
                if loser == 0 {
                    vec![2, 1]
                } else {
                    vec![1, 2]
                }
            }
            None => match self.found[0].cmp(&self.found[1]) {
                std::cmp::Ordering::Greater => vec![1, 2],
                std::cmp::Ordering::Less => vec![2, 1],
                std::cmp::Ordering::Equal => vec![1, 1],
            },
        };
        Some(ranks)
    }

    /// One player: whether the game was won (every safe cell open, no mine opened).
    pub fn won(&self) -> bool {
        self.exploded.is_none() && self.safe_closed == 0
    }
}
