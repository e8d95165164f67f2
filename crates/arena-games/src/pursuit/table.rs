//! Pursuit and the shortest path in the table model: options, observation words, setup
//! text, rendering for a viewer and the move notation (`docs/games/pursuit.md`).
//!
//! Pursuit's observation (after the ABI header): `rows`, `cols`, `players`, `round`,
//! `rounds`, `team` (0/1), `blind` (0/1), then each seat's cell (pursuers first, the
//! evader last; −1 for a piece the mover cannot see), then one word per cell row by row
//! (1 inaccessible, 0 free). The path's: `rows`, `cols`, the king's cell, the target
//! cell, moves used, the move limit, the length of a shortest path from the start, then
//! the cells likewise. A move is the cell
//! `row * cols + col` moved to; people type `row col`, from 1.

use std::fmt::Write;

use super::{parse_share, Board, Pursuit, PursuitSettings, Role, MAX_SIDE, MIN_SIDE};
use crate::game::grid::{decode_cell, describe_cell, draw_grid, parse_cell};
use crate::game::setup::SetupLine;
use crate::game::{
    seat_results, DecodeError, Dimension, GameInfo, GameOption, GameParams, MoveTextError,
    ParamError, Score, Seat, SeatRange, SeatResult, TableGame, Viewer,
};
use crate::rng::GameRng;

pub(super) const SIDE: Dimension = Dimension::Range {
    min: MIN_SIDE,
    max: MAX_SIDE,
};

pub(super) const OBSTACLES: GameOption = GameOption {
    name: "obstacles",
    values: "0..=0.4",
    doc: "share of inaccessible cells, at most two decimals (default 0)",
    samples: &["0", "0.2"],
};

/// The board of `params`: its size and obstacles drawn from `rng`.
pub(super) fn board(
    params: &GameParams,
    info: &GameInfo,
    rng: &mut GameRng,
) -> Result<Board, ParamError> {
    params.check_option_names(info)?;
    let (rows, cols) = params.size(info)?;
    let share = params
        .options
        .get("obstacles")
        .map_or(Ok(0), |v| parse_share(v))?;
    Board::draw(rows, cols, share, rng)
}

pub(super) fn cell_words(board: &Board, out: &mut Vec<i32>) {
    out.extend((0..board.cells()).map(|c| i32::from(board.is_blocked(c))));
}

/// The board drawn with a letter on each piece's cell (`None`: not shown).
pub(super) fn draw(board: &Board, pieces: &[(Option<u32>, char)]) -> String {
    draw_grid(board.rows(), board.cols(), |cell| {
        pieces
            .iter()
            .find(|(at, _)| *at == Some(cell))
            .map(|&(_, letter)| letter)
            .unwrap_or(if board.is_blocked(cell) { '#' } else { '.' })
    })
}

/// The cell a person typed, on `board`.
pub(super) fn parse_board_cell(board: &Board, text: &str) -> Result<u32, MoveTextError> {
    parse_cell(
        board.rows(),
        board.cols(),
        text,
        "type the cell to move to as two numbers, row and column, from 1",
    )
}

/// The letters of the pieces: A, then A2's `C`, the evader `B`.
fn letter(game: &Pursuit, seat: u8) -> char {
    match (game.role(seat), seat) {
        (Role::Evader, _) => 'B',
        (Role::Pursuer, 0) => 'A',
        _ => 'C',
    }
}

impl TableGame for Pursuit {
    type Move = u32;

    const INFO: GameInfo = GameInfo {
        name: "pursuit",
        id: 13,
        summary: "pursuers A (and A2) chase evader B round obstacles; capture or escape; options players, team, blind, rounds, obstacles",
        size_doc: "rows × cols of the board",
        rows: SIDE,
        cols: SIDE,
        default_rows: 8,
        default_cols: 8,
        options: &[
            OBSTACLES,
            GameOption {
                name: "players",
                values: "2|3",
                doc: "A and B, or A, A2 and B (default 2)",
                samples: &["2", "3"],
            },
            GameOption {
                name: "team",
                values: "0|1",
                doc: "three players: the pursuers win together (default 0)",
                samples: &["0"],
            },
            GameOption {
                name: "blind",
                values: "0|1",
                doc: "the evader does not see the pursuers (default 0)",
                samples: &["0", "1"],
            },
            GameOption {
                name: "rounds",
                values: "1..=100000",
                doc: "rounds before the evader escapes (default 2 × (rows + cols))",
                samples: &["5"],
            },
        ],
        default_depth: 4,
        max_depth: 8,
        always_paired: false,
    };

    const SEATS: SeatRange = SeatRange { min: 2, max: 3 };

    const ROLES: &'static [&'static str] = &["pursuer", "evader"];

    fn new_random(params: &GameParams, rng: &mut GameRng) -> Result<Self, ParamError> {
        let board = board(params, &Self::INFO, rng)?;
        let flag = |name| {
            params
                .choice_option(name, &["0", "1"])
                .map(|v| v == Some("1"))
        };
        let players = params.number_option("players", 2, 3)?.unwrap_or(2) as u8;
        let rounds = params
            .number_option("rounds", 1, super::state::MAX_ROUNDS)?
            .unwrap_or_else(|| PursuitSettings::default_rounds(&board));
        let settings = PursuitSettings::new(players, flag("team")?, flag("blind")?, rounds)?;
        Pursuit::draw(board, settings, rng)
    }

    /// A blind evader never sees the pursuers (`blind=1`).
    fn hides_setup(params: &GameParams) -> bool {
        params.options.get("blind").is_some_and(|v| v == "1")
    }

    fn seat_count(&self) -> u8 {
        self.settings().players
    }

    fn role(&self, seat: Seat) -> Option<&'static str> {
        Some(match Pursuit::role(self, seat.index() as u8) {
            Role::Pursuer => "pursuer",
            Role::Evader => "evader",
        })
    }

    fn team(&self, seat: Seat) -> Option<u8> {
        let pursuer = Pursuit::role(self, seat.index() as u8) == Role::Pursuer;
        (self.settings().team && pursuer).then_some(0)
    }

    fn to_move(&self) -> Seat {
        Seat::new(Pursuit::to_move(self)).expect("two or three seats")
    }

    fn legal_moves(&self, out: &mut Vec<u32>) {
        out.extend(Pursuit::legal_moves(self));
    }

    fn apply(&mut self, cell: u32) {
        self.step(cell);
    }

    fn why_illegal(&self, cell: u32) -> Option<String> {
        Pursuit::why_illegal(self, cell)
    }

    fn is_terminal(&self) -> bool {
        Pursuit::is_terminal(self)
    }

    fn results(&self) -> Option<Vec<SeatResult>> {
        Some(seat_results(Pursuit::scores(self), &self.ranks()?))
    }

    fn scores(&self) -> Vec<Score> {
        Pursuit::scores(self)
    }

    fn heuristic(&self, seat: Seat) -> i64 {
        // How far (king moves round the obstacles) the evader is from the nearest pursuer:
        // the evader wants it large, a pursuer small; for two seats the values sum to 0.
        let evader = self.evader();
        let dist = self
            .board()
            .distances(self.positions()[usize::from(evader)]);
        let nearest = (0..evader)
            .map(|p| i64::from(dist[self.positions()[usize::from(p)] as usize]))
            .min()
            .unwrap_or(0);
        if seat.index() == usize::from(evader) {
            nearest
        } else {
            -nearest
        }
    }

    fn encode_move(&self, cell: u32) -> i32 {
        cell as i32
    }

    fn decode_move(&self, raw: i32) -> Option<u32> {
        decode_cell(self.board().cells(), raw)
    }

    fn observe(&self, out: &mut Vec<i32>) {
        let s = self.settings();
        let b = self.board();
        out.extend(
            [
                b.rows(),
                b.cols(),
                u32::from(s.players),
                self.round(),
                s.rounds,
                u32::from(s.team),
                u32::from(s.blind),
            ]
            .map(|n| n as i32),
        );
        out.extend(
            self.visible(Pursuit::to_move(self))
                .into_iter()
                .map(|c| c.map_or(-1, |c| c as i32)),
        );
        cell_words(b, out);
    }

    fn setup(&self) -> String {
        let s = self.settings();
        let at: Vec<String> = self.positions().iter().map(u32::to_string).collect();
        format!(
            "{}x{} players={} team={} blind={} rounds={} at={} board={}",
            self.board().rows(),
            self.board().cols(),
            s.players,
            u8::from(s.team),
            u8::from(s.blind),
            s.rounds,
            at.join(","),
            self.board().text()
        )
    }

    fn from_setup(text: &str) -> Result<Self, DecodeError> {
        let names = ["players", "team", "blind", "rounds", "at", "board"];
        let line = SetupLine::read("pursuit", text, &names)?;
        let flag = |i: usize| match line.value(i) {
            "0" => Ok(false),
            "1" => Ok(true),
            s => Err(line.error(format!("`{s}` is not 0 or 1"))),
        };
        let players =
            u8::try_from(line.number(0)?).map_err(|_| line.error("players is not 2 or 3"))?;
        let settings = PursuitSettings::new(players, flag(1)?, flag(2)?, line.number(3)?)
            .map_err(|e| line.error(e))?;
        let board =
            Board::from_text(line.rows, line.cols, line.value(5)).map_err(|e| line.error(e.0))?;
        let at = line.numbers(4)?;
        if at.len() != usize::from(players) {
            return Err(line.error(format!("{} pieces for {players} players", at.len())));
        }
        let (evader, pursuers) = at.split_last().expect("two or three pieces");
        for (i, &c) in at.iter().enumerate() {
            if c >= board.cells() || board.is_blocked(c) {
                return Err(line.error(format!("piece {} is not on a free cell", i + 1)));
            }
            if at[..i].contains(&c) {
                return Err(line.error(format!("two pieces on cell {c}")));
            }
        }
        if pursuers.iter().any(|&p| board.chebyshev(p, *evader) < 2) {
            return Err(line.error("a pursuer starts next to the evader"));
        }
        Ok(Pursuit::new(board, settings, at))
    }

    fn render(&self, viewer: Viewer, _color: bool) -> String {
        let shown = match viewer {
            Viewer::All => self.positions().iter().map(|&c| Some(c)).collect(),
            Viewer::Seat(seat) => self.visible(seat.index() as u8),
        };
        let pieces: Vec<(Option<u32>, char)> = shown
            .into_iter()
            .enumerate()
            .map(|(s, c)| (c, letter(self, s as u8)))
            .collect();
        let mut out = draw(self.board(), &pieces);
        let s = self.settings();
        let status = match (self.capture(), self.escaped()) {
            (Some((p, r)), _) => format!("{} caught B in round {r}", letter(self, p)),
            (None, true) => format!("B escaped: {} rounds without a capture", s.rounds),
            _ => format!(
                "round {} of {}; {} to move",
                self.round(),
                s.rounds,
                letter(self, Pursuit::to_move(self))
            ),
        };
        let _ = writeln!(out, "{status}");
        out
    }

    fn parse_move(&self, text: &str) -> Result<u32, MoveTextError> {
        parse_board_cell(self.board(), text)
    }

    fn describe_move(&self, cell: u32) -> String {
        describe_cell(self.board().cols(), cell)
    }

    fn move_prompt(&self) -> String {
        let seat = Pursuit::to_move(self);
        format!(
            "{} ({}), move one step: type the cell as `row col`, from 1 (# inaccessible)",
            letter(self, seat),
            match Pursuit::role(self, seat) {
                Role::Pursuer => "pursuer",
                Role::Evader => "evader",
            }
        )
    }
}
