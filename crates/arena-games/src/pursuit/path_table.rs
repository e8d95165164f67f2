//! The shortest path in the table model: one player walks a king to the target.
//! Its observation words and notation are in [`super::table`]'s documentation.

use std::fmt::Write;

use super::table::{board, cell_words, draw, parse_board_cell, OBSTACLES, SIDE};
use super::{Board, Path};
use crate::game::grid::{decode_cell, describe_cell};
use crate::game::setup::SetupLine;
use crate::game::{
    seat_results, DecodeError, GameInfo, GameParams, MoveTextError, ParamError, Score, Seat,
    SeatRange, SeatResult, TableGame, Viewer,
};
use crate::rng::GameRng;

impl TableGame for Path {
    type Move = u32;

    const INFO: GameInfo = GameInfo {
        name: "path",
        id: 14,
        summary: "walk a king to the target round obstacles in the fewest moves; option obstacles",
        size_doc: "rows × cols of the board",
        rows: SIDE,
        cols: SIDE,
        default_rows: 8,
        default_cols: 8,
        options: &[OBSTACLES],
        default_depth: 1,
        max_depth: 1,
        always_paired: false,
    };

    const SEATS: SeatRange = SeatRange { min: 1, max: 1 };

    fn new_random(params: &GameParams, rng: &mut GameRng) -> Result<Self, ParamError> {
        let board = board(params, &Self::INFO, rng)?;
        Path::draw(board, rng)
    }

    fn seat_count(&self) -> u8 {
        1
    }

    fn to_move(&self) -> Seat {
        Seat::FIRST
    }

    fn legal_moves(&self, out: &mut Vec<u32>) {
        out.extend(Path::legal_moves(self));
    }

    fn apply(&mut self, cell: u32) {
        self.step(cell);
    }

    fn why_illegal(&self, cell: u32) -> Option<String> {
        Path::why_illegal(self, cell)
    }

    fn is_terminal(&self) -> bool {
        Path::is_terminal(self)
    }

    fn results(&self) -> Option<Vec<SeatResult>> {
        self.is_terminal()
            .then(|| seat_results(vec![self.score()], &[1]))
    }

    fn scores(&self) -> Vec<Score> {
        vec![self.score()]
    }

    fn encode_move(&self, cell: u32) -> i32 {
        cell as i32
    }

    fn decode_move(&self, raw: i32) -> Option<u32> {
        decode_cell(self.board().cells(), raw)
    }

    fn observe(&self, out: &mut Vec<i32>) {
        let b = self.board();
        out.extend(
            [
                b.rows(),
                b.cols(),
                self.at(),
                self.target(),
                self.moves(),
                self.limit(),
                self.shortest(),
            ]
            .map(|n| n as i32),
        );
        cell_words(b, out);
    }

    fn setup(&self) -> String {
        let b = self.board();
        format!(
            "{}x{} start={} target={} board={}",
            b.rows(),
            b.cols(),
            self.at(),
            self.target(),
            b.text()
        )
    }

    fn from_setup(text: &str) -> Result<Self, DecodeError> {
        let line = SetupLine::read("path", text, &["start", "target", "board"])?;
        let board =
            Board::from_text(line.rows, line.cols, line.value(2)).map_err(|e| line.error(e.0))?;
        let (start, target) = (line.number(0)?, line.number(1)?);
        for c in [start, target] {
            if c >= board.cells() || board.is_blocked(c) {
                return Err(line.error(format!("cell {c} is not a free cell")));
            }
        }
        if board.chebyshev(start, target) < 2 {
            return Err(line.error("the target is next to the start"));
        }
        Ok(Path::new(board, start, target))
    }

    fn render(&self, _viewer: Viewer, _color: bool) -> String {
        let mut out = draw(
            self.board(),
            &[(Some(self.at()), 'K'), (Some(self.target()), 'T')],
        );
        let _ = writeln!(
            out,
            "{} moves used of {}; the shortest path takes {}",
            self.moves(),
            self.limit(),
            self.shortest()
        );
        out
    }

    fn parse_move(&self, text: &str) -> Result<u32, MoveTextError> {
        parse_board_cell(self.board(), text)
    }

    fn describe_move(&self, cell: u32) -> String {
        describe_cell(self.board().cols(), cell)
    }

    fn move_prompt(&self) -> String {
        "move the king (K) one step toward the target (T): type the cell as `row col`, from 1"
            .into()
    }
}
