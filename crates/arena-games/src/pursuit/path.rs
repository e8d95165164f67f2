//! `path`: one player walks a king from a start to a target on a board with
//! obstacles. Score = the shortest possible number of moves ÷ the moves used; 0 if the
//! target is not reached within `4 × rows × cols` moves (decision).

use super::{draw_starts, Board};
use crate::game::{ParamError, Score};
use crate::rng::GameRng;

/// A `path` game in progress or over.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Path {
    board: Board,
    at: u32,
    target: u32,
    shortest: u32,
    moves: u32,
}

impl Path {
    /// Draws a start, then a target at Chebyshev distance at least 2, among the free cells.
    ///
    /// # Errors
    /// [`ParamError`] when the board has no such pair.
    pub fn draw(board: Board, rng: &mut GameRng) -> Result<Path, ParamError> {
        let (start, targets) = draw_starts(&board, 1, rng)?;
        Ok(Path::new(board, start, targets[0]))
    }

    /// The game from `start` to `target` (free cells of one connected board).
    pub fn new(board: Board, start: u32, target: u32) -> Path {
        let shortest = board.distances(start)[target as usize];
        Path {
            board,
            at: start,
            target,
            shortest,
            moves: 0,
        }
    }

    /// The game resumed where a bot's observation says it stands: the king on `at`
    /// after `moves` moves, the shortest path from the start `shortest` moves long.
    pub fn resume(board: Board, at: u32, target: u32, shortest: u32, moves: u32) -> Path {
        Path {
            board,
            at,
            target,
            shortest,
            moves,
        }
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Where the king stands.
    pub fn at(&self) -> u32 {
        self.at
    }

    /// The target cell.
    pub fn target(&self) -> u32 {
        self.target
    }

    /// Moves played.
    pub fn moves(&self) -> u32 {
        self.moves
    }

    /// The fewest moves from the start to the target.
    pub fn shortest(&self) -> u32 {
        self.shortest
    }

    /// The move limit: `4 × rows × cols`.
    pub fn limit(&self) -> u32 {
        4 * self.board.cells()
    }

    /// Whether the game is over: the target reached, or the move limit.
    pub fn is_terminal(&self) -> bool {
        self.at == self.target || self.moves >= self.limit()
    }

    /// The legal moves: the free neighbours of the king (none once the game is over).
    pub fn legal_moves(&self) -> Vec<u32> {
        if self.is_terminal() {
            Vec::new()
        } else {
            self.board.free_neighbours(self.at)
        }
    }

    /// Why moving to `cell` is illegal, or `None`.
    pub fn why_illegal(&self, cell: u32) -> Option<String> {
        if self.is_terminal() {
            Some("the game is over".into())
        } else if cell >= self.board.cells() {
            Some(format!("cell {cell} is off the board"))
        } else if self.board.is_blocked(cell) {
            Some(format!("cell {cell} is inaccessible"))
        } else if self.board.chebyshev(cell, self.at) != 1 {
            Some(format!(
                "cell {cell} is not next to the king's cell {}",
                self.at
            ))
        } else {
            None
        }
    }

    /// Moves the king to `cell` (a legal move).
    pub fn step(&mut self, cell: u32) {
        self.at = cell;
        self.moves += 1;
    }

    /// The score: shortest ÷ moves used once the target is reached, else 0.
    pub fn score(&self) -> Score {
        if self.at == self.target && self.moves > 0 {
            Score::ratio(i64::from(self.shortest), u64::from(self.moves)).unwrap_or(Score::ZERO)
        } else {
            Score::ZERO
        }
    }

    /// The perfect move: the first free neighbour (ascending) on a shortest path.
    pub fn perfect_move(&self) -> Option<u32> {
        let dist = self.board.distances(self.target);
        self.legal_moves()
            .into_iter()
            .min_by_key(|&c| dist[c as usize])
    }
}
