//! The game model for one to four seats, with roles, teams and hidden information,
//! and [`TwoSeat`], which plays every two-seat [`Game`] through it.
//!
//! A [`TableGame`] differs from a [`Game`] in four ways: the seat to move is a [`Seat`]
//! of a table of [`TableGame::seat_count`]; a finished game gives every seat a score and
//! a competition rank ([`TableGame::results`]); a seat may have a role and a team; and
//! the words a bot receives are the mover's own observation ([`TableGame::observe`]),
//! never the whole state, so hidden setup (minesweeper's mines, a blind evader's
//! pursuers) never reaches a bot. Rendering, too, is for a viewer.

use std::fmt;

use super::{
    DecodeError, Game, GameInfo, GameParams, IllegalMove, MoveTextError, Outcome, ParamError,
    Player, Score, Seat, SeatRange, SeatResult,
};
use crate::rng::GameRng;

/// Who looks at a rendered position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Viewer {
    /// Someone who may see everything: a replay, a finished game, the referee.
    All,
    /// A person playing at this seat: only what the seat's observation holds.
    Seat(Seat),
}

/// The rules of a game for one to four seats, as a state that moves forward.
///
/// # Contract
/// - [`TableGame::legal_moves`] lists every legal move exactly once, in ascending order
///   of [`TableGame::encode_move`], and is empty exactly when the game is over.
/// - [`TableGame::results`] is `Some` exactly when the game is over, with one
///   [`SeatResult`] per seat whose ranks are competition ranks and on which seats of one
///   team agree.
/// - [`TableGame::observe`] writes only what the seat to move may know; two positions
///   that differ only in what that seat cannot see give the same words.
/// - No method does I/O or draws randomness it was not handed.
pub trait TableGame: Clone + fmt::Debug + Send + Sync + 'static {
    /// A move of this game.
    type Move: Copy + Eq + Ord + fmt::Debug + Send + Sync;

    /// The registry's facts about this game.
    const INFO: GameInfo;

    /// How many seats the game may be played with (`--option players`).
    const SEATS: SeatRange;

    /// The names of the seats' roles where seats differ, in the order of their numbers
    /// in the ABI header (pursuit: `pursuer`, `evader`); empty where every seat plays the
    /// same game.
    const ROLES: &'static [&'static str] = &[];

    /// Whether bots receive the two-seat header of 8 words (every two-seat game that
    /// existed before the table model, so that their words stay as they were) rather
    /// than the table header with the seat count, role and team.
    const TWO_SEAT_HEADER: bool = false;

    /// A fresh starting position drawn with `rng` for the given parameters.
    ///
    /// # Errors
    /// [`ParamError`] when the parameters are outside what the game supports.
    fn new_random(params: &GameParams, rng: &mut GameRng) -> Result<Self, ParamError>;

    /// The number of seats at this table.
    fn seat_count(&self) -> u8;

    /// The seat's role where seats differ, one of [`TableGame::ROLES`]; `None` where
    /// every seat plays the same game.
    fn role(&self, seat: Seat) -> Option<&'static str> {
        let _ = seat;
        None
    }

    /// The seat's team where seats share a result; `None` for a seat on its own.
    fn team(&self, seat: Seat) -> Option<u8> {
        let _ = seat;
        None
    }

    /// The seat whose turn it is. In a finished game, the seat that would move next.
    fn to_move(&self) -> Seat;

    /// Appends the legal moves to `out` (which the caller clears), sorted, without repeats.
    fn legal_moves(&self, out: &mut Vec<Self::Move>);

    /// Plays a move known to be legal (a logic error otherwise, never undefined behaviour).
    fn apply(&mut self, mv: Self::Move);

    /// Why `mv` is illegal here, or `None` if it is legal.
    fn why_illegal(&self, mv: Self::Move) -> Option<String>;

    /// Plays `mv` if it is legal.
    ///
    /// # Errors
    /// [`IllegalMove`] with the reason, leaving the state untouched.
    fn play(&mut self, mv: Self::Move) -> Result<(), IllegalMove> {
        let (verdict, raw) = (self.why_illegal(mv), self.encode_move(mv));
        super::checked_play(verdict, raw, || self.apply(mv))
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.is_empty()
    }

    /// Every seat's score and rank once the game is over; `None` before.
    fn results(&self) -> Option<Vec<SeatResult>>;

    /// Every seat's score so far (the final scores once the game is over).
    fn scores(&self) -> Vec<Score>;

    /// A heuristic value of a non-terminal state for `seat`, for search strategies at
    /// their depth limit: larger is better. The default knows nothing and says 0.
    fn heuristic(&self, seat: Seat) -> i64 {
        let _ = seat;
        0
    }

    /// The move's `i32` encoding, as bots return it.
    fn encode_move(&self, mv: Self::Move) -> i32;

    /// The move an `i32` names in this state, if it names one at all.
    fn decode_move(&self, raw: i32) -> Option<Self::Move>;

    /// Appends the observation words of the seat to move: what it may know, nothing more.
    fn observe(&self, out: &mut Vec<i32>);

    /// The starting position as one line of text, hidden setup included (a replay's; no
    /// bot ever receives it), from which [`TableGame::from_setup`] rebuilds it.
    fn setup(&self) -> String;

    /// Rebuilds a starting position from [`TableGame::setup`]'s text.
    ///
    /// # Errors
    /// [`DecodeError`] when the text is not a valid setup.
    fn from_setup(text: &str) -> Result<Self, DecodeError>;

    /// Whether a starting position of `params` holds setup that some seat never sees
    /// (minesweeper's mines, a blind evader's pursuers): a harness then deals it from a
    /// seed no bot can recompute. The default: every seat sees the whole setup.
    fn hides_setup(params: &GameParams) -> bool {
        let _ = params;
        false
    }

    /// The position drawn for `viewer`; `color` turns ANSI colours on.
    fn render(&self, viewer: Viewer, color: bool) -> String;

    /// Reads a move typed by a person.
    ///
    /// # Errors
    /// A sentence saying what is wrong with the text.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveTextError>;

    /// The move written for people (the notation `parse_move` reads).
    fn describe_move(&self, mv: Self::Move) -> String;

    /// A one-line prompt telling a person how to type a move.
    fn move_prompt(&self) -> String;
}

/// A two-seat game played through the table model: the same rules, moves, words and
/// text; a win ranks the winner 1 and the loser 2, a draw ranks both 1; the scores are
/// the game's own ([`Game::scores`]), so a two-seat game's record keeps its figures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TwoSeat<G>(pub G);

impl<G: Game> TableGame for TwoSeat<G> {
    type Move = G::Move;

    const INFO: GameInfo = G::INFO;

    const SEATS: SeatRange = SeatRange::TWO;

    const TWO_SEAT_HEADER: bool = true;

    fn new_random(params: &GameParams, rng: &mut GameRng) -> Result<Self, ParamError> {
        G::new_random(params, rng).map(TwoSeat)
    }

    fn seat_count(&self) -> u8 {
        2
    }

    fn to_move(&self) -> Seat {
        self.0.to_move().into()
    }

    fn legal_moves(&self, out: &mut Vec<G::Move>) {
        self.0.legal_moves(out);
    }

    fn apply(&mut self, mv: G::Move) {
        self.0.apply(mv);
    }

    fn why_illegal(&self, mv: G::Move) -> Option<String> {
        self.0.why_illegal(mv)
    }

    fn is_terminal(&self) -> bool {
        self.0.is_terminal()
    }

    fn results(&self) -> Option<Vec<SeatResult>> {
        let ranks = match self.0.outcome()? {
            Outcome::Win(Player::First) => [1, 2],
            Outcome::Win(Player::Second) => [2, 1],
            Outcome::Draw => [1, 1],
        };
        Some(super::seat_results(self.scores(), &ranks))
    }

    fn scores(&self) -> Vec<Score> {
        self.0.scores().into_iter().map(Score::int).collect()
    }

    fn heuristic(&self, seat: Seat) -> i64 {
        Player::from_index(seat.index()).map_or(0, |p| self.0.heuristic(p))
    }

    fn encode_move(&self, mv: G::Move) -> i32 {
        self.0.encode_move(mv)
    }

    fn decode_move(&self, raw: i32) -> Option<G::Move> {
        self.0.decode_move(raw)
    }

    fn observe(&self, out: &mut Vec<i32>) {
        self.0.write_state(out);
    }

    fn setup(&self) -> String {
        self.0.setup()
    }

    fn from_setup(text: &str) -> Result<Self, DecodeError> {
        G::from_setup(text).map(TwoSeat)
    }

    fn render(&self, _viewer: Viewer, color: bool) -> String {
        self.0.render(color)
    }

    fn parse_move(&self, text: &str) -> Result<G::Move, MoveTextError> {
        self.0.parse_move(text)
    }

    fn describe_move(&self, mv: G::Move) -> String {
        self.0.describe_move(mv)
    }

    fn move_prompt(&self) -> String {
        self.0.move_prompt()
    }
}
