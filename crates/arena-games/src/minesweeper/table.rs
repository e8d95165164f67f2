//! Minesweeper in the table model: options, observation words, setup text (with the
//! hidden layout, for replays only), rendering for a viewer and the move notation.
//!
//! Observation (after the ABI header): `rows`, `cols`, `mines`, `players`, the reveal rule
//! (0 `coords`, 1 `count`), then one word per cell row by row ([`super::CellView::word`]:
//! −1 unknown, −2 known mine, 0..=8 opened). The layout is never in it. A move is a cell
//! `row * cols + col`; people type `row col`, from 1.

use super::{Grid, Layout, Minesweeper, Reveal, Settings, MAX_SIDE, MIN_SIDE};
use crate::game::grid::{decode_cell, describe_cell, draw_grid, parse_cell};
use crate::game::setup::SetupLine;
use crate::game::{
    seat_results, DecodeError, Dimension, GameInfo, GameOption, GameParams, MoveTextError,
    ParamError, Score, Seat, SeatRange, SeatResult, TableGame, Viewer,
};
use crate::rng::GameRng;

impl Reveal {
    /// The option's value.
    pub fn name(self) -> &'static str {
        match self {
            Reveal::Coords => "coords",
            Reveal::Count => "count",
        }
    }
}

impl TableGame for Minesweeper {
    type Move = u32;

    const INFO: GameInfo = GameInfo {
        name: "minesweeper",
        id: 12,
        summary: "open the safe cells, never a mine; 1 player, or 2 who find mines; options mines, players, reveal",
        size_doc: "rows × cols of the board",
        rows: Dimension::Range {
            min: MIN_SIDE,
            max: MAX_SIDE,
        },
        cols: Dimension::Range {
            min: MIN_SIDE,
            max: MAX_SIDE,
        },
        default_rows: 9,
        default_cols: 9,
        options: &[
            GameOption {
                name: "mines",
                values: "1..=cells-9",
                doc: "mines on the board (default 15% of the cells)",
                samples: &["10"],
            },
            GameOption {
                name: "players",
                values: "1|2",
                doc: "seats (default 1; two play the original assignment's rule, reveal=coords)",
                samples: &["1", "2"],
            },
            GameOption {
                name: "reveal",
                values: "coords|count",
                doc: "an opening shows its mines' places (default) or their number, opening zeros",
                samples: &["coords"],
            },
        ],
        default_depth: 1,
        max_depth: 1,
        always_paired: false,
    };

    const SEATS: SeatRange = SeatRange { min: 1, max: 2 };

    fn new_random(params: &GameParams, rng: &mut GameRng) -> Result<Self, ParamError> {
        params.check_option_names(&Self::INFO)?;
        let (rows, cols) = params.size(&Self::INFO)?;
        let mines = params.number_option("mines", 1, MAX_SIDE * MAX_SIDE)?;
        let players = params.number_option("players", 1, 2)?.unwrap_or(1) as u8;
        let reveal = match params.choice_option("reveal", &["coords", "count"])? {
            Some("count") => Reveal::Count,
            _ => Reveal::Coords,
        };
        Minesweeper::draw(Settings::new(rows, cols, mines, players, reveal)?, rng)
    }

    /// The mines are hidden from every seat.
    fn hides_setup(_params: &GameParams) -> bool {
        true
    }

    fn seat_count(&self) -> u8 {
        self.settings.players
    }

    fn to_move(&self) -> Seat {
        Seat::new(self.to_move).expect("one or two seats")
    }

    fn legal_moves(&self, out: &mut Vec<u32>) {
        out.extend(Minesweeper::legal_moves(self));
    }

    fn apply(&mut self, cell: u32) {
        self.open(cell);
    }

    fn why_illegal(&self, cell: u32) -> Option<String> {
        Minesweeper::why_illegal(self, cell)
    }

    fn is_terminal(&self) -> bool {
        Minesweeper::is_terminal(self)
    }

    fn results(&self) -> Option<Vec<SeatResult>> {
        Some(seat_results(Minesweeper::scores(self), &self.ranks()?))
    }

    fn scores(&self) -> Vec<Score> {
        Minesweeper::scores(self)
    }

    fn encode_move(&self, cell: u32) -> i32 {
        cell as i32
    }

    fn decode_move(&self, raw: i32) -> Option<u32> {
        decode_cell(self.settings.grid.cells(), raw)
    }

    fn observe(&self, out: &mut Vec<i32>) {
        let s = self.settings;
        let reveal = match s.reveal {
            Reveal::Coords => 0,
            Reveal::Count => 1,
        };
        out.extend(
            [
                s.grid.rows,
                s.grid.cols,
                s.mines,
                u32::from(s.players),
                reveal,
            ]
            .map(|n| n as i32),
        );
        out.extend(self.cell_words());
    }

    fn setup(&self) -> String {
        let s = self.settings;
        let mines: Vec<String> = (0..s.grid.cells())
            .filter(|&c| self.layout.mine[c as usize])
            .map(|c| c.to_string())
            .collect();
        format!(
            "{}x{} players={} reveal={} start={} mines={}",
            s.grid.rows,
            s.grid.cols,
            s.players,
            s.reveal.name(),
            self.layout.start,
            mines.join(",")
        )
    }

    fn from_setup(text: &str) -> Result<Self, DecodeError> {
        let line = SetupLine::read(
            "minesweeper",
            text,
            &["players", "reveal", "start", "mines"],
        )?;
        let grid = Grid {
            rows: line.rows,
            cols: line.cols,
        };
        let reveal = match line.value(1) {
            "coords" => Reveal::Coords,
            "count" => Reveal::Count,
            other => return Err(line.error(format!("`{other}` is not a reveal rule"))),
        };
        let cells = line.numbers(3)?;
        let players =
            u8::try_from(line.number(0)?).map_err(|_| line.error("players is not 1 or 2"))?;
        let settings = Settings::new(
            grid.rows,
            grid.cols,
            Some(cells.len() as u32),
            players,
            reveal,
        )
        .map_err(|e| line.error(e))?;
        let start = line.number(2)?;
        let total = grid.cells();
        if start >= total || cells.iter().any(|&m| m >= total) {
            return Err(line.error("a cell is off the board"));
        }
        let mut mine = vec![false; total as usize];
        for &m in &cells {
            if std::mem::replace(&mut mine[m as usize], true) {
                return Err(line.error(format!("mine {m} appears twice")));
            }
        }
        if mine[start as usize] || grid.neighbours(start).any(|n| mine[n as usize]) {
            return Err(line.error("a mine lies on the start cell or next to it"));
        }
        let game = Minesweeper::with_layout(settings, Layout { mine, start });
        if Minesweeper::is_terminal(&game) {
            return Err(line.error("the start opens every safe cell: nothing to play"));
        }
        Ok(game)
    }

    fn render(&self, viewer: Viewer, _color: bool) -> String {
        let grid = self.settings.grid;
        draw_grid(grid.rows, grid.cols, |cell| {
            match (self.view(cell), viewer) {
                (super::CellView::KnownMine, _) => '*',
                (super::CellView::Opened(0), _) => '.',
                (super::CellView::Opened(n), _) => char::from(b'0' + n),
                (super::CellView::Unknown, Viewer::All) if self.layout.mine[cell as usize] => 'x',
                (super::CellView::Unknown, _) => '#',
            }
        })
    }

    fn parse_move(&self, text: &str) -> Result<u32, MoveTextError> {
        let grid = self.settings.grid;
        parse_cell(
            grid.rows,
            grid.cols,
            text,
            "type the cell to open as two numbers, row and column, from 1",
        )
    }

    fn describe_move(&self, cell: u32) -> String {
        describe_cell(self.settings.grid.cols, cell)
    }

    fn move_prompt(&self) -> String {
        format!(
            "seat {}, open a cell: type `row col`, from 1 (# unknown, * a known mine)",
            self.to_move + 1
        )
    }
}

/// What a minesweeper seat knows: the public board (every seat sees the same), the seat
/// count and the reveal rule. Never the layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MinesweeperView {
    /// The cells as every seat sees them, and the number of mines.
    pub board: super::strategies::View,
    /// Seats at the table.
    pub players: u8,
    /// What an opening shows.
    pub reveal: Reveal,
}

impl crate::game::Observed for Minesweeper {
    type View = MinesweeperView;

    fn view(&self) -> MinesweeperView {
        MinesweeperView {
            board: self.public_view(),
            players: self.settings.players,
            reveal: self.settings.reveal,
        }
    }

    fn read_view(
        header: &crate::game::TableHeader,
        body: &[i32],
    ) -> Result<MinesweeperView, DecodeError> {
        let err = |s: String| DecodeError(format!("minesweeper: {s}"));
        let [rows, cols, mines, players, reveal, cells @ ..] = body else {
            return Err(err(format!("{} words, expected at least 5", body.len())));
        };
        let num = |n: &i32| u32::try_from(*n).map_err(|_| err(format!("negative number {n}")));
        let reveal = match reveal {
            0 => Reveal::Coords,
            1 => Reveal::Count,
            r => return Err(err(format!("reveal rule {r}"))),
        };
        let players = u8::try_from(num(players)?).map_err(|_| err("players".into()))?;
        if players != header.seats {
            return Err(err(format!(
                "{players} players at a table of {}",
                header.seats
            )));
        }
        let s = Settings::new(num(rows)?, num(cols)?, Some(num(mines)?), players, reveal)
            .map_err(|e| err(e.to_string()))?;
        if cells.len() != s.grid.cells() as usize {
            return Err(err(format!(
                "{} cells, expected {}",
                cells.len(),
                s.grid.cells()
            )));
        }
        let cells = cells
            .iter()
            .map(|&w| match w {
                -1 => Ok(super::CellView::Unknown),
                -2 => Ok(super::CellView::KnownMine),
                0..=8 => Ok(super::CellView::Opened(w as u8)),
                w => Err(err(format!("cell word {w}"))),
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(MinesweeperView {
            board: super::strategies::View {
                grid: s.grid,
                cells,
                mines: s.mines,
            },
            players,
            reveal,
        })
    }

    fn view_moves(view: &MinesweeperView, out: &mut Vec<u32>) {
        out.extend(
            (0..view.board.grid.cells())
                .filter(|&c| !matches!(view.board.cells[c as usize], super::CellView::Opened(_))),
        );
    }

    fn encode_view_move(_view: &MinesweeperView, cell: u32) -> i32 {
        cell as i32
    }
}
