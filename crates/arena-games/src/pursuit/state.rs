//! `pursuit`: pursuers against an evader on a board with obstacles, for two or three
//! players, with a blind evader (`blind=1`) or a team of pursuers (`team=1`).

use super::{draw_starts, Board};
use crate::game::{ParamError, Score};
use crate::rng::GameRng;

/// What a seat plays for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// A (seat 0) or A2 (seat 1 of three): captures the evader.
    Pursuer,
    /// B (the last seat): escapes the pursuers for the round limit.
    Evader,
}

/// The settings of one game, checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PursuitSettings {
    /// Seats: 2 (A, B) or 3 (A, A2, B).
    pub players: u8,
    /// Whether the two pursuers of three players are one team.
    pub team: bool,
    /// Whether the evader's observation leaves out the pursuers.
    pub blind: bool,
    /// Rounds before the evader escapes.
    pub rounds: u32,
}

/// The most rounds a game may be given.
pub const MAX_ROUNDS: u32 = 100_000;

impl PursuitSettings {
    /// The default round limit of a board: `2 × (rows + cols)`.
    pub fn default_rounds(board: &Board) -> u32 {
        2 * (board.rows() + board.cols())
    }

    /// Checks a combination of settings.
    ///
    /// # Errors
    /// [`ParamError::BadOption`] naming the setting: players other than 2 or 3, a team
    /// without three players, rounds outside 1..=100000.
    pub fn new(
        players: u8,
        team: bool,
        blind: bool,
        rounds: u32,
    ) -> Result<PursuitSettings, ParamError> {
        let bad = |name: &str, reason: String| ParamError::BadOption {
            name: name.into(),
            reason,
        };
        if !(2..=3).contains(&players) {
            return Err(bad(
                "players",
                format!("pursuit is for 2 or 3 players, not {players}"),
            ));
        }
        if team && players != 3 {
            return Err(bad(
                "team",
                "team=1 joins the two pursuers of players=3".into(),
            ));
        }
        if !(1..=MAX_ROUNDS).contains(&rounds) {
            return Err(bad(
                "rounds",
                format!("rounds must be 1..={MAX_ROUNDS}, not {rounds}"),
            ));
        }
        Ok(PursuitSettings {
            players,
            team,
            blind,
            rounds,
        })
    }
}

/// A pursuit game in progress or over. Seats move in the order A, (A2), B; one such cycle
/// is a round.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pursuit {
    board: Board,
    settings: PursuitSettings,
    /// Each seat's cell: the pursuers first, the evader last.
    at: Vec<u32>,
    to_move: u8,
    /// The current round, from 1.
    round: u32,
    /// The pursuer that captured and the round it happened in.
    capture: Option<(u8, u32)>,
}

impl Pursuit {
    /// Draws the evader's start among the free cells, then each pursuer's among the free
    /// cells at Chebyshev distance at least 2 from it, distinct.
    ///
    /// # Errors
    /// [`ParamError`] when the board has no room for such starts.
    pub fn draw(
        board: Board,
        settings: PursuitSettings,
        rng: &mut GameRng,
    ) -> Result<Pursuit, ParamError> {
        let (evader, mut at) = draw_starts(&board, usize::from(settings.players - 1), rng)?;
        at.push(evader);
        Ok(Pursuit::new(board, settings, at))
    }

    /// The game with the pieces on the given cells (pursuers first, the evader last).
    pub fn new(board: Board, settings: PursuitSettings, at: Vec<u32>) -> Pursuit {
        Pursuit {
            board,
            settings,
            at,
            to_move: 0,
            round: 1,
            capture: None,
        }
    }

    /// The game resumed from what a seat that sees every piece knows: the pieces on `at`
    /// in round `round`, `to_move` to move, no capture yet.
    pub fn resume(
        board: Board,
        settings: PursuitSettings,
        at: Vec<u32>,
        to_move: u8,
        round: u32,
    ) -> Pursuit {
        Pursuit {
            to_move,
            round,
            ..Pursuit::new(board, settings, at)
        }
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The settings.
    pub fn settings(&self) -> PursuitSettings {
        self.settings
    }

    /// The evader's seat (the last).
    pub fn evader(&self) -> u8 {
        self.settings.players - 1
    }

    /// A seat's role.
    pub fn role(&self, seat: u8) -> Role {
        if seat == self.evader() {
            Role::Evader
        } else {
            Role::Pursuer
        }
    }

    /// Each seat's cell.
    pub fn positions(&self) -> &[u32] {
        &self.at
    }

    /// The cells `seat` sees, by seat: a blind evader sees only itself.
    pub fn visible(&self, seat: u8) -> Vec<Option<u32>> {
        let hidden = self.settings.blind && seat == self.evader();
        (0..self.settings.players)
            .map(|s| (!hidden || s == seat).then_some(self.at[s as usize]))
            .collect()
    }

    /// The seat to move.
    pub fn to_move(&self) -> u8 {
        self.to_move
    }

    /// The current round, from 1 (after an escape, the round limit).
    pub fn round(&self) -> u32 {
        self.round
    }

    /// The capturing pursuer and the round, if the evader was caught.
    pub fn capture(&self) -> Option<(u8, u32)> {
        self.capture
    }

    /// Whether the evader escaped: the round limit passed without a capture.
    pub fn escaped(&self) -> bool {
        self.capture.is_none() && self.round > self.settings.rounds
    }

    /// Whether the game is over.
    pub fn is_terminal(&self) -> bool {
        self.capture.is_some() || self.escaped()
    }

    /// The legal moves of the seat to move, ascending: its free neighbours (a pursuer's
    /// without the other pursuer's cell; the evader's whatever the pursuers hold), or its
    /// own cell (a pass) when there are none. None once the game is over.
    pub fn legal_moves(&self) -> Vec<u32> {
        if self.is_terminal() {
            return Vec::new();
        }
        let seat = self.to_move;
        let here = self.at[seat as usize];
        let mut moves = self.board.free_neighbours(here);
        if self.role(seat) == Role::Pursuer {
            let evader = self.evader();
            moves.retain(|c| !(0..evader).any(|s| s != seat && self.at[s as usize] == *c));
        }
        if moves.is_empty() {
            moves.push(here);
        }
        moves
    }

    /// Why moving the seat to move to `cell` is illegal, or `None`.
    pub fn why_illegal(&self, cell: u32) -> Option<String> {
        if self.is_terminal() {
            return Some("the game is over".into());
        }
        if self.legal_moves().contains(&cell) {
            return None;
        }
        let here = self.at[self.to_move as usize];
        Some(if cell >= self.board.cells() {
            format!("cell {cell} is off the board")
        } else if self.board.is_blocked(cell) {
            format!("cell {cell} is inaccessible")
        } else if cell == here {
            "a piece may stay only when it has no cell to move to".into()
        } else if self.board.chebyshev(cell, here) != 1 {
            format!("cell {cell} is not next to cell {here}")
        } else {
            format!("cell {cell} is held by the other pursuer")
        })
    }

    /// Moves the seat to move to `cell` (a legal move), capturing when a pursuer meets
    /// the evader, and ends the round after the evader's move.
    pub fn step(&mut self, cell: u32) {
        let seat = self.to_move;
        let evader = self.evader();
        self.at[seat as usize] = cell;
        if seat == evader {
            if let Some(p) = (0..evader).find(|&p| self.at[p as usize] == cell) {
                self.capture = Some((p, self.round));
                return;
            }
            self.round += 1;
            self.to_move = 0;
        } else {
            if cell == self.at[evader as usize] {
                self.capture = Some((seat, self.round));
                return;
            }
            self.to_move = seat + 1;
        }
    }

    /// Each seat's score. A capture in round r: the capturer (with `team=1` both
    /// pursuers) R − r + 1, the evader r − 1, another pursuer 0. An escape: the evader
    /// R, the pursuers 0. Before the end, all 0.
    pub fn scores(&self) -> Vec<Score> {
        let r_limit = i64::from(self.settings.rounds);
        let evader = self.evader();
        (0..self.settings.players)
            .map(|s| {
                Score::int(match self.capture {
                    Some((_, r)) if s == evader => i64::from(r) - 1,
                    Some((capturer, r)) if s == capturer || self.settings.team => {
                        r_limit - i64::from(r) + 1
                    }
                    Some(_) => 0,
                    None if self.escaped() && s == evader => r_limit,
                    None => 0,
                })
            })
            .collect()
    }

    /// Each seat's competition rank once over: the winners (the capturer, both pursuers
    /// of a team, or the escaped evader) rank 1, every other seat 1 + the number of
    /// winners.
    pub fn ranks(&self) -> Option<Vec<u32>> {
        if !self.is_terminal() {
            return None;
        }
        let evader = self.evader();
        let wins = |s: u8| match self.capture {
            Some((capturer, _)) => s != evader && (s == capturer || self.settings.team),
            None => s == evader,
        };
        let winners = (0..self.settings.players).filter(|&s| wins(s)).count() as u32;
        Some(
            (0..self.settings.players)
                .map(|s| if wins(s) { 1 } else { 1 + winners })
                .collect(),
        )
    }
}
