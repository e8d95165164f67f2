//! The one-way pieces for two or three seats in the
//! table model: the same board, start and moves as the two-seat game; seats move in the
//! order 0, 1, 2, 0, …; whoever moves the piece onto a goal square wins (score 1) and
//! every other seat scores 0, sharing second place.
//!
//! Observation (after the ABI header): the two-seat game's four words, `rows`, `cols`,
//! and the piece's `row` and `col`; the header tells the seat count and the bot's seat.

use super::{OneWay, Piece, Square};
use crate::game::{
    seat_results, DecodeError, Game, GameInfo, GameParams, MoveTextError, ParamError, Score,
    Seat, SeatRange, SeatResult, TableGame, Viewer,
};
use crate::rng::GameRng;

/// A one-way position at a table of two or three seats.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OneWayTable<P> {
    board: OneWay<P>,
    players: u8,
    to_move: Seat,
    /// The seat that put the piece on a goal square.
    winner: Option<Seat>,
}

impl<P: Piece> OneWayTable<P> {
    /// The position `board` (whose own mover is ignored) at a table of `players`, seat 0
    /// to move.
    ///
    /// # Errors
    /// [`ParamError::BadOption`] on `players` other than 2 or 3.
    pub fn new(board: OneWay<P>, players: u8) -> Result<OneWayTable<P>, ParamError> {
        if !Self::SEATS.contains(players) {
            return Err(ParamError::BadOption {
                name: "players".into(),
                reason: format!("{} is for 2 or 3 players, not {players}", P::INFO.name),
            });
        }
        Ok(OneWayTable {
            board,
            players,
            to_move: Seat::FIRST,
            winner: None,
        })
    }

    /// The board position.
    pub fn board(&self) -> &OneWay<P> {
        &self.board
    }
}

impl<P: Piece> TableGame for OneWayTable<P> {
    type Move = Square;

    const INFO: GameInfo = GameInfo {
        options: super::pieces::TABLE_OPTIONS,
        ..P::INFO
    };

    const SEATS: SeatRange = SeatRange { min: 2, max: 3 };

    fn new_random(params: &GameParams, rng: &mut GameRng) -> Result<Self, ParamError> {
        let players = params.number_option("players", 2, 3)?.unwrap_or(2) as u8;
        let mut board_params = params.clone();
        board_params.options.remove("players");
        OneWayTable::new(OneWay::new_random(&board_params, rng)?, players)
    }

    fn seat_count(&self) -> u8 {
        self.players
    }

    fn to_move(&self) -> Seat {
        self.to_move
    }

    fn legal_moves(&self, out: &mut Vec<Square>) {
        self.board.legal_moves(out);
    }

    fn apply(&mut self, sq: Square) {
        self.board.apply(sq);
        if self.board.is_terminal() {
            self.winner = Some(self.to_move);
        }
        self.to_move = self.to_move.next(self.players);
    }

    fn why_illegal(&self, sq: Square) -> Option<String> {
        self.board.why_illegal(sq)
    }

    fn is_terminal(&self) -> bool {
        self.board.is_terminal()
    }

    fn results(&self) -> Option<Vec<SeatResult>> {
        let winner = self.winner?;
        let ranks: Vec<u32> = Seat::all(self.players)
            .map(|s| if s == winner { 1 } else { 2 })
            .collect();
        Some(seat_results(self.scores(), &ranks))
    }

    fn scores(&self) -> Vec<Score> {
        Seat::all(self.players)
            .map(|s| if Some(s) == self.winner { Score::ONE } else { Score::ZERO })
            .collect()
    }

    fn encode_move(&self, sq: Square) -> i32 {
        self.board.encode_move(sq)
    }

    fn decode_move(&self, raw: i32) -> Option<Square> {
        self.board.decode_move(raw)
    }

    fn observe(&self, out: &mut Vec<i32>) {
        self.board.write_state(out);
    }

    fn setup(&self) -> String {
        format!("{} players={}", self.board.setup(), self.players)
    }

    fn from_setup(text: &str) -> Result<Self, DecodeError> {
        let err = |s: String| DecodeError(format!("{} setup `{text}`: {s}", P::INFO.name));
        let (board, players) = text
            .rsplit_once(" players=")
            .ok_or_else(|| err("expected `ROWSxCOLS ROW COL players=N`".into()))?;
        let players = players
            .parse::<u8>()
            .map_err(|_| err(format!("`{players}` is not a number of players")))?;
        OneWayTable::new(OneWay::from_setup(board)?, players).map_err(|e| err(e.to_string()))
    }

    fn render(&self, _viewer: Viewer, color: bool) -> String {
        let board = self.board.render(color);
        // The two-seat rendering's last line names a two-seat mover; this table's follows.
        let mut lines: Vec<&str> = board.lines().collect();
        lines.pop();
        let status = match self.winner {
            None => format!("seat {} of {} to move", self.to_move.number(), self.players),
            Some(w) => format!("game over: seat {} reached the goal and wins", w.number()),
        };
        format!("{}\n{status}\n", lines.join("\n"))
    }

    fn parse_move(&self, text: &str) -> Result<Square, MoveTextError> {
        self.board.parse_move(text)
    }

    fn describe_move(&self, sq: Square) -> String {
        self.board.describe_move(sq)
    }

    fn move_prompt(&self) -> String {
        format!(
            "seat {}, move the {} {}: type the target as `row col` (row 0 is the bottom)",
            self.to_move.number(),
            P::INFO.name,
            P::RULE
        )
    }
}

impl<P: Piece> crate::game::Observed for OneWayTable<P> {
    type View = OneWayTable<P>;

    fn view(&self) -> OneWayTable<P> {
        self.clone()
    }

    fn read_view(header: &crate::game::TableHeader, body: &[i32]) -> Result<OneWayTable<P>, DecodeError> {
        // The two-seat board keeps its own turn by the parity of the moves played.
        let parity = if header.ply.is_multiple_of(2) { crate::Player::First } else { crate::Player::Second };
        let board = OneWay::<P>::read_state(body, parity)?;
        if board.is_terminal() {
            return Err(DecodeError(format!("{}: the game is over", P::INFO.name)));
        }
        let mut table = OneWayTable::new(board, header.seats)
            .map_err(|e| DecodeError(format!("{}: {e}", P::INFO.name)))?;
        table.to_move = header.seat;
        Ok(table)
    }

    fn view_moves(view: &OneWayTable<P>, out: &mut Vec<Square>) {
        view.board.legal_moves(out);
    }

    fn encode_view_move(view: &OneWayTable<P>, sq: Square) -> i32 {
        view.board.encode_move(sq)
    }
}
