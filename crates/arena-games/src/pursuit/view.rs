//! What a pursuit or path seat knows, typed, and the reading of its observation words
//! (`super::table` documents them). The classic strategies decide from a view, so a
//! builtin bot sees no more than a sandboxed one.

use super::{Board, Path, Pursuit, Role};
use crate::game::{DecodeError, Observed, TableGame, TableHeader};

/// What the seat to move knows of a pursuit game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PursuitView {
    /// The board.
    pub board: Board,
    /// Seats: 2 or 3 (the evader is the last).
    pub players: u8,
    /// Whether the pursuers of three players are one team.
    pub team: bool,
    /// Whether the evader is blind.
    pub blind: bool,
    /// The current round, from 1.
    pub round: u32,
    /// Rounds before the evader escapes.
    pub rounds: u32,
    /// The seat to move.
    pub me: u8,
    /// Each seat's cell as the mover sees it (`None`: hidden from a blind evader).
    pub at: Vec<Option<u32>>,
}

impl PursuitView {
    /// The evader's seat (the last).
    pub fn evader(&self) -> u8 {
        self.players - 1
    }

    /// A seat's role.
    pub fn role(&self, seat: u8) -> Role {
        if seat == self.evader() {
            Role::Evader
        } else {
            Role::Pursuer
        }
    }

    /// The mover's cell.
    pub fn here(&self) -> u32 {
        self.at[usize::from(self.me)].expect("a seat sees itself")
    }

    /// The game this view describes, when it shows every piece (never for a blind
    /// evader): what perfect play needs.
    pub fn to_game(&self) -> Option<Pursuit> {
        let at = self.at.iter().copied().collect::<Option<Vec<u32>>>()?;
        let settings =
            super::PursuitSettings::new(self.players, self.team, self.blind, self.rounds).ok()?;
        Some(Pursuit::resume(
            self.board.clone(),
            settings,
            at,
            self.me,
            self.round,
        ))
    }

    /// The mover's legal moves, ascending: as [`Pursuit::legal_moves`] (a pursuer sees
    /// the other pursuer; an evader's moves never depend on the pursuers).
    pub fn legal_moves(&self) -> Vec<u32> {
        let here = self.here();
        let mut moves = self.board.free_neighbours(here);
        if self.role(self.me) == Role::Pursuer {
            let others: Vec<u32> = (0..self.evader())
                .filter(|&s| s != self.me)
                .filter_map(|s| self.at[usize::from(s)])
                .collect();
            moves.retain(|c| !others.contains(c));
        }
        if moves.is_empty() {
            moves.push(here);
        }
        moves
    }
}

/// Reads the cells' words (1 inaccessible, 0 free) into a board.
fn read_board(rows: u32, cols: u32, cells: &[i32], game: &str) -> Result<Board, DecodeError> {
    let err = |s: String| DecodeError(format!("{game}: {s}"));
    if cells.len() as u64 != u64::from(rows) * u64::from(cols) {
        return Err(err(format!(
            "{} cells for a {rows}x{cols} board",
            cells.len()
        )));
    }
    let blocked = cells
        .iter()
        .map(|&w| match w {
            0 => Ok(false),
            1 => Ok(true),
            w => Err(err(format!("cell word {w}"))),
        })
        .collect::<Result<Vec<_>, _>>()?;
    Board::open(rows, cols).map_err(|e| err(e.to_string()))?;
    Board::with_blocked(rows, cols, blocked)
        .ok_or_else(|| err("the free cells are not connected".into()))
}

fn num(n: i32, game: &str) -> Result<u32, DecodeError> {
    u32::try_from(n).map_err(|_| DecodeError(format!("{game}: negative number {n}")))
}

impl Observed for Pursuit {
    type View = PursuitView;

    fn view(&self) -> PursuitView {
        let s = self.settings();
        PursuitView {
            board: self.board().clone(),
            players: s.players,
            team: s.team,
            blind: s.blind,
            round: self.round(),
            rounds: s.rounds,
            me: Pursuit::to_move(self),
            at: self.visible(Pursuit::to_move(self)),
        }
    }

    fn read_view(header: &TableHeader, body: &[i32]) -> Result<PursuitView, DecodeError> {
        let err = |s: String| DecodeError(format!("pursuit: {s}"));
        let [rows, cols, players, round, rounds, team, blind, ref rest @ ..] = *body else {
            return Err(err(format!("{} words, expected at least 7", body.len())));
        };
        let players = u8::try_from(num(players, "pursuit")?).map_err(|_| err("players".into()))?;
        if players != header.seats || !(2..=3).contains(&players) {
            return Err(err(format!(
                "{players} players at a table of {}",
                header.seats
            )));
        }
        let flag = |w: i32| match w {
            0 => Ok(false),
            1 => Ok(true),
            w => Err(err(format!("flag {w}"))),
        };
        let n = usize::from(players);
        if rest.len() < n {
            return Err(err("too few words for the pieces".into()));
        }
        let (pieces, cells) = rest.split_at(n);
        let board = read_board(
            num(rows, "pursuit")?,
            num(cols, "pursuit")?,
            cells,
            "pursuit",
        )?;
        let at = pieces
            .iter()
            .map(|&w| match w {
                -1 => Ok(None),
                w => num(w, "pursuit")
                    .ok()
                    .filter(|&c| c < board.cells() && !board.is_blocked(c))
                    .map(Some)
                    .ok_or_else(|| err(format!("piece on {w}"))),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let me = header.seat.index() as u8;
        if at.get(usize::from(me)).copied().flatten().is_none() {
            return Err(err("the mover's own piece is not shown".into()));
        }
        Ok(PursuitView {
            board,
            players,
            team: flag(team)?,
            blind: flag(blind)?,
            round: num(round, "pursuit")?,
            rounds: num(rounds, "pursuit")?,
            me,
            at,
        })
    }

    fn view_moves(view: &PursuitView, out: &mut Vec<u32>) {
        out.extend(view.legal_moves());
    }

    fn encode_view_move(_view: &PursuitView, cell: u32) -> i32 {
        cell as i32
    }
}

impl Observed for Path {
    type View = Path;

    fn view(&self) -> Path {
        self.clone()
    }

    fn read_view(_header: &TableHeader, body: &[i32]) -> Result<Path, DecodeError> {
        let err = |s: String| DecodeError(format!("path: {s}"));
        let [rows, cols, at, target, moves, _limit, shortest, ref cells @ ..] = *body else {
            return Err(err(format!("{} words, expected at least 7", body.len())));
        };
        let board = read_board(num(rows, "path")?, num(cols, "path")?, cells, "path")?;
        let cell = |w: i32| {
            num(w, "path")
                .ok()
                .filter(|&c| c < board.cells() && !board.is_blocked(c))
                .ok_or_else(|| err(format!("cell {w}")))
        };
        let (at, target) = (cell(at)?, cell(target)?);
        let path = Path::resume(
            board,
            at,
            target,
            num(shortest, "path")?,
            num(moves, "path")?,
        );
        if TableGame::is_terminal(&path) {
            return Err(err("the game is over".into()));
        }
        Ok(path)
    }

    fn view_moves(view: &Path, out: &mut Vec<u32>) {
        out.extend(view.legal_moves());
    }

    fn encode_view_move(_view: &Path, cell: u32) -> i32 {
        cell as i32
    }
}
