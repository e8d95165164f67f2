//! Tic-tac-toe in the table model: options, observation words, setup text, rendering and
//! the move notation.
//!
//! Observation (after the ABI header): `rows`, `cols`, `k`, `players`, then the cells row
//! by row as the mover sees them: 0 empty, 1 its own mark, 2 the next seat's, 3 the one
//! after that. A move is a cell `row * cols + col`; people type `row col`, from 1.

use super::{TicTacToe, MAX_SIDE, MIN_SIDE};
use crate::game::grid::{decode_cell, describe_cell, draw_grid, parse_cell};
use crate::game::setup::SetupLine;
use crate::game::{
    seat_results, DecodeError, Dimension, GameInfo, GameOption, GameParams, MoveTextError,
    ParamError, Score, Seat, SeatRange, SeatResult, TableGame, Viewer,
};
use crate::rng::GameRng;

/// The marks as people see them, by seat.
const MARKS: [char; 3] = ['X', 'O', 'V'];

impl TableGame for TicTacToe {
    type Move = u32;

    const INFO: GameInfo = GameInfo {
        name: "tictactoe",
        id: 11,
        summary: "place your mark; k in a row, column or diagonal wins; options k, players=2|3",
        size_doc: "rows × cols of the board",
        rows: Dimension::Range {
            min: MIN_SIDE,
            max: MAX_SIDE,
        },
        cols: Dimension::Range {
            min: MIN_SIDE,
            max: MAX_SIDE,
        },
        default_rows: 3,
        default_cols: 3,
        options: &[
            GameOption {
                name: "k",
                values: "3..=max(rows,cols)",
                doc: "marks in a line that win (default 3)",
                samples: &["3"],
            },
            GameOption {
                name: "players",
                values: "2|3",
                doc: "seats at the table (default 2)",
                samples: &["2", "3"],
            },
        ],
        default_depth: 4,
        max_depth: 9,
        always_paired: false,
    };

    const SEATS: SeatRange = SeatRange { min: 2, max: 3 };

    fn new_random(params: &GameParams, _rng: &mut GameRng) -> Result<Self, ParamError> {
        params.check_option_names(&Self::INFO)?;
        let (rows, cols) = params.size(&Self::INFO)?;
        let k = params.number_option("k", 3, MAX_SIDE)?.unwrap_or(3);
        let players = params.number_option("players", 2, 3)?.unwrap_or(2);
        TicTacToe::new(rows, cols, k, players as u8)
    }

    fn seat_count(&self) -> u8 {
        self.players
    }

    fn to_move(&self) -> Seat {
        Seat::new(self.to_move).expect("at most three seats")
    }

    fn legal_moves(&self, out: &mut Vec<u32>) {
        out.extend(TicTacToe::legal_moves(self));
    }

    fn apply(&mut self, cell: u32) {
        self.place(cell);
    }

    fn why_illegal(&self, cell: u32) -> Option<String> {
        TicTacToe::why_illegal(self, cell)
    }

    fn is_terminal(&self) -> bool {
        TicTacToe::is_terminal(self)
    }

    fn results(&self) -> Option<Vec<SeatResult>> {
        Some(seat_results(TicTacToe::scores(self), &self.ranks()?))
    }

    fn scores(&self) -> Vec<Score> {
        TicTacToe::scores(self)
    }

    fn heuristic(&self, seat: Seat) -> i64 {
        TicTacToe::heuristic(self, seat.index() as u8)
    }

    fn encode_move(&self, cell: u32) -> i32 {
        cell as i32
    }

    fn decode_move(&self, raw: i32) -> Option<u32> {
        decode_cell(self.rows * self.cols, raw)
    }

    fn observe(&self, out: &mut Vec<i32>) {
        out.extend([self.rows, self.cols, self.k, u32::from(self.players)].map(|n| n as i32));
        out.extend(self.cell_words(self.to_move));
    }

    fn setup(&self) -> String {
        format!(
            "{}x{} k={} players={}",
            self.rows, self.cols, self.k, self.players
        )
    }

    fn from_setup(text: &str) -> Result<Self, DecodeError> {
        let line = SetupLine::read("tictactoe", text, &["k", "players"])?;
        let players =
            u8::try_from(line.number(1)?).map_err(|_| line.error("players is not 2 or 3"))?;
        TicTacToe::new(line.rows, line.cols, line.number(0)?, players).map_err(|e| line.error(e))
    }

    fn render(&self, _viewer: Viewer, _color: bool) -> String {
        draw_grid(self.rows, self.cols, |cell| {
            self.mark(cell).map_or('.', |s| MARKS[usize::from(s)])
        })
    }

    fn parse_move(&self, text: &str) -> Result<u32, MoveTextError> {
        parse_cell(
            self.rows,
            self.cols,
            text,
            "type the cell as two numbers, row and column, from 1",
        )
    }

    fn describe_move(&self, cell: u32) -> String {
        describe_cell(self.cols, cell)
    }

    fn move_prompt(&self) -> String {
        format!(
            "seat {} ({}), place your mark: type `row col`, from 1 ({} in a line wins)",
            self.to_move + 1,
            MARKS[usize::from(self.to_move)],
            self.k
        )
    }
}

impl crate::game::Observed for TicTacToe {
    type View = TicTacToe;

    fn view(&self) -> TicTacToe {
        self.clone()
    }

    fn read_view(
        header: &crate::game::TableHeader,
        body: &[i32],
    ) -> Result<TicTacToe, DecodeError> {
        let err = |s: String| DecodeError(format!("tictactoe: {s}"));
        let [rows, cols, k, players, cells @ ..] = body else {
            return Err(err(format!("{} words, expected at least 4", body.len())));
        };
        let num = |n: &i32| u32::try_from(*n).map_err(|_| err(format!("negative number {n}")));
        let players = u8::try_from(num(players)?).map_err(|_| err("players".into()))?;
        if players != header.seats {
            return Err(err(format!(
                "{players} players at a table of {}",
                header.seats
            )));
        }
        let mut game = TicTacToe::new(num(rows)?, num(cols)?, num(k)?, players)
            .map_err(|e| err(e.to_string()))?;
        if cells.len() != game.cells.len() {
            return Err(err(format!(
                "{} cells, expected {}",
                cells.len(),
                game.cells.len()
            )));
        }
        let seat = header.seat.index() as u8;
        for (i, &w) in cells.iter().enumerate() {
            game.cells[i] = match u8::try_from(w) {
                Ok(0) => 0,
                Ok(w) if w <= players => (seat + w - 1) % players + 1,
                _ => return Err(err(format!("cell word {w}"))),
            };
        }
        game.filled = game.cells.iter().filter(|&&m| m != 0).count() as u32;
        game.to_move = seat;
        if (0..game.cells.len() as u32)
            .any(|c| game.cells[c as usize] != 0 && game.longest_through(c) >= game.k)
            || game.filled == game.rows * game.cols
        {
            return Err(err("the game is over".into()));
        }
        Ok(game)
    }

    fn view_moves(view: &TicTacToe, out: &mut Vec<u32>) {
        out.extend(TicTacToe::legal_moves(view));
    }

    fn encode_view_move(_view: &TicTacToe, cell: u32) -> i32 {
        cell as i32
    }
}
