//! MathTricks: two pawns collect arithmetic on a board they may never revisit.
//!
//! The rules are fixed by `docs/games/mathtricks.md`; every rule is tested in
//! `tests.rs`. The state words a bot receives are documented in `docs/ABI.md`.

mod board;
mod generate;
mod render;
#[cfg(test)]
pub(crate) mod tests;

pub use board::{check_size, Board, Cell, Op, MAX_OPERAND, MAX_SIDE, MIN_SIDE};
pub use generate::{divisors, fair_board, is_symmetric, multipliers, operand_bound};

use crate::abi::{i64_words, words_i64};
use crate::game::{DecodeError, Dimension, Game, GameInfo, GameParams, MoveTextError, Outcome, ParamError, Player, parse_row_col};
use crate::strategy::ExtraStrategies;
use crate::rng::GameRng;

/// Game words before the cells: rows, cols, my row, my col, opponent row, opponent col,
/// my total (low, high), opponent total (low, high).
pub const FIXED_WORDS: usize = 10;
/// Bit of a cell word set when the mover's pawn has stood there.
pub const VISITED_BY_ME: i32 = 1 << 26;
/// Bit of a cell word set when the opponent's pawn has stood there.
pub const VISITED_BY_OPPONENT: i32 = 1 << 27;

/// The eight directions a pawn moves in, as (row, column) steps.
const STEPS: [(i64, i64); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// A MathTricks position.
#[derive(Debug, PartialEq, Eq)]
pub struct MathTricks {
    board: Board,
    /// Per cell: 0 unvisited, 1 visited by player 1, 2 visited by player 2.
    visited: Vec<u8>,
    pawns: [Cell; 2],
    totals: [i64; 2],
    to_move: Player,
}

impl Clone for MathTricks {
    fn clone(&self) -> MathTricks {
        MathTricks {
            board: self.board.clone(),
            visited: self.visited.clone(),
            pawns: self.pawns,
            totals: self.totals,
            to_move: self.to_move,
        }
    }

    /// Copies `source` into this position reusing its cell buffer: searches make every
    /// child this way, so a node costs no allocation.
    fn clone_from(&mut self, source: &MathTricks) {
        self.board.clone_from(&source.board);
        self.visited.clone_from(&source.visited);
        self.pawns = source.pawns;
        self.totals = source.totals;
        self.to_move = source.to_move;
    }
}

impl MathTricks {
    /// The starting position on `board`: pawns on the start corners, totals 0, player 1 to
    /// move.
    pub fn new(board: Board) -> MathTricks {
        let n = board.ops().len();
        let pawns = [
            Cell::new(0, 0),
            Cell::new(board.rows() - 1, board.cols() - 1),
        ];
        let mut visited = vec![0; n];
        visited[board.index(pawns[0])] = 1;
        visited[board.index(pawns[1])] = 2;
        MathTricks {
            board,
            visited,
            pawns,
            totals: [0, 0],
            to_move: Player::First,
        }
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Where the seat's pawn stands.
    pub fn pawn(&self, seat: Player) -> Cell {
        self.pawns[seat.index()]
    }

    /// The seat's running total.
    pub fn total(&self, seat: Player) -> i64 {
        self.totals[seat.index()]
    }

    /// Which seat's pawn has stood on `cell`, if any.
    pub fn visited_by(&self, cell: Cell) -> Option<Player> {
        match self.visited[self.board.index(cell)] {
            1 => Some(Player::First),
            2 => Some(Player::Second),
            _ => None,
        }
    }

    fn neighbours(&self, from: Cell) -> impl Iterator<Item = Cell> + '_ {
        STEPS.iter().filter_map(move |&(dr, dc)| {
            let (r, c) = (from.row as i64 + dr, from.col as i64 + dc);
            self.board
                .contains(r, c)
                .then(|| Cell::new(r as u32, c as u32))
        })
    }
}

impl Game for MathTricks {
    type Move = Cell;

    const INFO: GameInfo = GameInfo {
        name: "mathtricks",
        id: 1,
        summary:
            "two pawns collect + - x / on a board they may never revisit; the larger total wins",
        size_doc: "board rows x cols",
        rows: Dimension::Range {
            min: MIN_SIDE,
            max: MAX_SIDE,
        },
        cols: Dimension::Range {
            min: MIN_SIDE,
            max: MAX_SIDE,
        },
        default_rows: 8,
        default_cols: 8,
        options: &[],
        default_depth: 6,
        max_depth: 12,
        always_paired: false,
    };

    fn new_random(params: &GameParams, rng: &mut GameRng) -> Result<Self, ParamError> {
        params.check_option_names(&Self::INFO)?;
        let (rows, cols) = params.size(&Self::INFO)?;
        let board = fair_board(rows, cols, rng).expect("size checked above");
        Ok(MathTricks::new(board))
    }

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn legal_moves(&self, out: &mut Vec<Cell>) {
        let from = self.pawns[self.to_move.index()];
        // STEPS is in row-major order, so the moves come out sorted by their index.
        out.extend(
            self.neighbours(from)
                .filter(|&c| self.visited[self.board.index(c)] == 0),
        );
    }

    fn apply(&mut self, cell: Cell) {
        let me = self.to_move.index();
        self.visited[self.board.index(cell)] = me as u8 + 1;
        self.pawns[me] = cell;
        self.totals[me] = self.board.op(cell).apply(self.totals[me]);
        self.to_move = self.to_move.other();
    }

    fn why_illegal(&self, cell: Cell) -> Option<String> {
        let from = self.pawns[self.to_move.index()];
        if !self.board.contains(cell.row as i64, cell.col as i64) {
            return Some(format!(
                "({cell}) is off the {}x{} board",
                self.board.rows(),
                self.board.cols()
            ));
        }
        if self.is_terminal() {
            return Some("the game is over".to_string());
        }
        if cell == from {
            return Some(format!("your pawn already stands on ({cell})"));
        }
        if !from.is_adjacent(cell) {
            return Some(format!("({cell}) is not next to your pawn at ({from})"));
        }
        match self.visited_by(cell) {
            Some(_) if self.pawns.contains(&cell) => Some(format!("({cell}) has a pawn on it")),
            Some(p) => Some(format!("({cell}) was already visited by {p}")),
            None => None,
        }
    }

    fn is_terminal(&self) -> bool {
        let from = self.pawns[self.to_move.index()];
        self.neighbours(from)
            .all(|c| self.visited[self.board.index(c)] != 0)
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.is_terminal() {
            return None;
        }
        let [a, b] = self.totals;
        Some(match a.cmp(&b) {
            std::cmp::Ordering::Greater => Outcome::Win(Player::First),
            std::cmp::Ordering::Less => Outcome::Win(Player::Second),
            std::cmp::Ordering::Equal => Outcome::Draw,
        })
    }

    fn scores(&self) -> [i64; 2] {
        self.totals
    }

    fn heuristic(&self, seat: Player) -> i64 {
        self.total(seat).saturating_sub(self.total(seat.other()))
    }

    fn encode_move(&self, cell: Cell) -> i32 {
        (cell.row * self.board.cols() + cell.col) as i32
    }

    fn decode_move(&self, raw: i32) -> Option<Cell> {
        let n = self.board.ops().len();
        (raw >= 0 && (raw as usize) < n).then(|| self.board.cell(raw as usize))
    }

    fn write_state(&self, out: &mut Vec<i32>) {
        let me = self.to_move;
        let (mine, theirs) = (self.pawn(me), self.pawn(me.other()));
        out.extend_from_slice(&[
            self.board.rows() as i32,
            self.board.cols() as i32,
            mine.row as i32,
            mine.col as i32,
            theirs.row as i32,
            theirs.col as i32,
        ]);
        out.extend_from_slice(&i64_words(self.total(me)));
        out.extend_from_slice(&i64_words(self.total(me.other())));
        let my_mark = me.index() as u8 + 1;
        for (op, &v) in self.board.ops().iter().zip(&self.visited) {
            let mut word = (op.kind() << 24 | op.operand()) as i32;
            if v == my_mark {
                word |= VISITED_BY_ME;
            } else if v != 0 {
                word |= VISITED_BY_OPPONENT;
            }
            out.push(word);
        }
    }

    fn read_state(words: &[i32], me: Player) -> Result<Self, DecodeError> {
        let err = |s: String| DecodeError(format!("mathtricks: {s}"));
        if words.len() < FIXED_WORDS {
            return Err(err(format!(
                "{} words, fewer than {FIXED_WORDS}",
                words.len()
            )));
        }
        let (rows, cols) = (words[0], words[1]);
        if !(MIN_SIDE as i32..=MAX_SIDE as i32).contains(&rows)
            || !(MIN_SIDE as i32..=MAX_SIDE as i32).contains(&cols)
        {
            return Err(err(format!("board size {rows}x{cols}")));
        }
        let n = (rows * cols) as usize;
        if words.len() != FIXED_WORDS + n {
            return Err(err(format!(
                "{} words for a {rows}x{cols} board",
                words.len()
            )));
        }
        let cell_at = |r: i32, c: i32| -> Result<Cell, DecodeError> {
            if (0..rows).contains(&r) && (0..cols).contains(&c) {
                Ok(Cell::new(r as u32, c as u32))
            } else {
                Err(err(format!("pawn at ({r}, {c}) is off the board")))
            }
        };
        let mine = cell_at(words[2], words[3])?;
        let theirs = cell_at(words[4], words[5])?;
        let mut ops = Vec::with_capacity(n);
        let mut visited = Vec::with_capacity(n);
        let (my_mark, their_mark) = (me.index() as u8 + 1, me.other().index() as u8 + 1);
        for &w in &words[FIXED_WORDS..] {
            if w as u32 >> 28 != 0 {
                return Err(err(format!("cell word {w:#x} sets undefined bits 28..=31")));
            }
            let kind = (w >> 24 & 3) as u32;
            let op = Op::from_kind(kind, (w & 0xFF_FFFF) as u32).expect("kind is 2 bits");
            ops.push(op);
            visited.push(
                match (w & VISITED_BY_ME != 0, w & VISITED_BY_OPPONENT != 0) {
                    (false, false) => 0,
                    (true, false) => my_mark,
                    (false, true) => their_mark,
                    (true, true) => return Err(err("a cell visited by both pawns".into())),
                },
            );
        }
        let board = Board::new(rows as u32, cols as u32, ops).map_err(|e| err(e.to_string()))?;
        let mut pawns = [mine, mine];
        pawns[me.index()] = mine;
        pawns[me.other().index()] = theirs;
        let mut totals = [0, 0];
        totals[me.index()] = words_i64(words[6], words[7]);
        totals[me.other().index()] = words_i64(words[8], words[9]);
        for seat in Player::BOTH {
            if visited[board.index(pawns[seat.index()])] != seat.index() as u8 + 1 {
                return Err(err(format!(
                    "{seat}'s pawn stands on a cell not marked as its own"
                )));
            }
        }
        Ok(MathTricks {
            board,
            visited,
            pawns,
            totals,
            to_move: me,
        })
    }

    fn setup(&self) -> String {
        self.board.to_line()
    }

    fn from_setup(text: &str) -> Result<Self, DecodeError> {
        Board::from_line(text).map(MathTricks::new)
    }

    fn render(&self, color: bool) -> String {
        render::render(self, color)
    }

    fn cells(&self) -> Option<Vec<Vec<String>>> {
        let b = &self.board;
        Some(
            (0..b.rows())
                .map(|r| {
                    (0..b.cols())
                        .map(|c| b.op(Cell::new(r, c)).to_string())
                        .collect()
                })
                .collect(),
        )
    }

    fn parse_move(&self, text: &str) -> Result<Cell, MoveTextError> {
        let (row, col) = parse_row_col(text, "type two numbers, the row and the column")?;
        if !self.board.contains(row, col) {
            return Err(MoveTextError::Outside {
                got: format!("({row} {col})"),
                problem: "is off the board",
                allowed: format!(
                    "rows are 0..{}, columns 0..{}",
                    self.board.rows() - 1,
                    self.board.cols() - 1
                ),
            });
        }
        Ok(Cell::new(row as u32, col as u32))
    }

    fn describe_move(&self, cell: Cell) -> String {
        cell.to_string()
    }

    fn move_prompt(&self) -> String {
        format!("{}, your move as `row col`", self.to_move)
    }
}

impl ExtraStrategies for MathTricks {}
