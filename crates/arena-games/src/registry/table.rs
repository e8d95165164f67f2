//! Games of the table model by short name, behind object-safe traits: [`TableKind`] (a
//! game's facts and constructors) and [`AnyTable`] (a running game with `i32` moves).
//!
//! Every game is here: the games of one to four seats ([`table_games`]) and every
//! two-seat game of the registry, whose words, moves, bots and results stay exactly what
//! they are. The one-way pieces take `--option players=3` (their two-seat
//! game otherwise). The harness moves from [`super::GameKind`] to these traits as it
//! learns seats beyond two.

use std::fmt;

use thiserror::Error;

use super::TableBot;
use super::{NativeBot, UnknownGame, UnknownStrategy};
use crate::abi;
use crate::game::{
    DecodeError, GameInfo, GameParams, IllegalMove, MoveTextError, ParamError, Score, Seat,
    SeatRange, SeatResult, TableGame, Viewer,
};
use crate::rng::GameRng;
use crate::strategy::budget::TooMuchWork;
use crate::strategy::named::{Refusal, TableStrategies};

/// A game as the harness sees it: facts and constructors, no concrete types.
pub trait TableKind: Send + Sync {
    /// The game's fixed facts (its options include `players` where seats vary).
    fn info(&self) -> &'static GameInfo;

    /// The seat counts the game may be played with.
    fn seats(&self) -> SeatRange;

    /// The seat count `params` ask for.
    ///
    /// # Errors
    /// [`ParamError`] on a `players` option outside [`TableKind::seats`].
    fn seat_count(&self, params: &GameParams) -> Result<u8, ParamError>;

    /// The roles of seats that differ, by number (empty where seats are alike).
    fn roles(&self) -> &'static [&'static str];

    /// A fresh starting position for `params`, drawn from `seed`.
    ///
    /// # Errors
    /// [`ParamError`] when the game does not support the parameters.
    fn new_game(&self, params: &GameParams, seed: u64) -> Result<Box<dyn AnyTable>, ParamError>;

    /// Rebuilds a starting position from its setup line (as replays record it).
    ///
    /// # Errors
    /// [`DecodeError`] when the text is not a valid setup of this game.
    fn start_from_setup(&self, text: &str) -> Result<Box<dyn AnyTable>, DecodeError>;

    /// Whether a starting position of `params` holds setup some seat never sees
    /// ([`TableGame::hides_setup`]); `false` for every two-seat game.
    fn hides_setup(&self, params: &GameParams) -> bool {
        let _ = params;
        false
    }

    /// The names `builtin:NAME` accepts for this game.
    fn strategy_names(&self) -> Vec<&'static str>;

    /// A native bot playing the named strategy in games of `params`; `depth` tunes
    /// search strategies.
    ///
    /// # Errors
    /// [`BuiltinError`] for an unknown name or one that cannot play these parameters.
    fn builtin(
        &self,
        name: &str,
        depth: Option<u32>,
        params: &GameParams,
    ) -> Result<Box<dyn NativeBot>, BuiltinError>;
}

/// Why a `builtin:NAME` cannot play.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BuiltinError {
    /// The game has no such strategy.
    #[error(transparent)]
    Unknown(#[from] UnknownStrategy),
    /// The strategy exists but not for these parameters.
    #[error("builtin:{name} cannot play {game} here: {reason}")]
    NotHere {
        /// The game.
        game: &'static str,
        /// The strategy.
        name: String,
        /// Why not, with what it does play.
        reason: &'static str,
    },
    /// The strategy's search could not finish a move on this board at this depth.
    #[error(transparent)]
    TooMuchWork(Box<TooMuchWork>),
}

/// A running game with moves as their `i32` encodings.
pub trait AnyTable: fmt::Debug + Send + Sync {
    /// The game's fixed facts.
    fn info(&self) -> &'static GameInfo;
    /// Seats at this table.
    fn seat_count(&self) -> u8;
    /// A seat's role, where seats differ.
    fn role(&self, seat: Seat) -> Option<&'static str>;
    /// A seat's team, where seats share a result.
    fn team(&self, seat: Seat) -> Option<u8>;
    /// The seat whose turn it is.
    fn to_move(&self) -> Seat;
    /// The legal moves' encodings, ascending; empty exactly when the game is over.
    fn legal_moves(&self) -> Vec<i32>;
    /// Plays the move `raw` encodes, if legal.
    ///
    /// # Errors
    /// [`IllegalMove`] with the reason; the state is unchanged.
    fn play(&mut self, raw: i32) -> Result<(), IllegalMove>;
    /// Whether the game is over.
    fn is_terminal(&self) -> bool;
    /// Every seat's score and rank once over.
    fn results(&self) -> Option<Vec<SeatResult>>;
    /// Every seat's score so far.
    fn scores(&self) -> Vec<Score>;
    /// The words the seat to move receives: the header, then its observation.
    fn observation(&self, ply: u32, seed: u64, out: &mut Vec<i32>);
    /// The starting position's text (hidden setup included; never given to a bot).
    fn setup(&self) -> String;
    /// The position drawn for `viewer`.
    fn render(&self, viewer: Viewer, color: bool) -> String;
    /// Reads a move typed by a person.
    ///
    /// # Errors
    /// [`MoveTextError`] saying what is wrong with the text.
    fn parse_move(&self, text: &str) -> Result<i32, MoveTextError>;
    /// The move `raw` encodes, written for people; `None` if it names no move.
    fn describe_move(&self, raw: i32) -> Option<String>;
    /// A one-line prompt telling a person how to type a move.
    fn move_prompt(&self) -> String;
    /// A copy behind a new box.
    fn clone_box(&self) -> Box<dyn AnyTable>;
}

/// A concrete table game behind [`AnyTable`].
#[derive(Clone, Debug)]
pub(super) struct ErasedTable<G>(pub(super) G);

impl<G: TableGame> AnyTable for ErasedTable<G> {
    fn info(&self) -> &'static GameInfo {
        &<ErasedTable<G> as HasTableInfo>::INFO
    }
    fn seat_count(&self) -> u8 {
        self.0.seat_count()
    }
    fn role(&self, seat: Seat) -> Option<&'static str> {
        self.0.role(seat)
    }
    fn team(&self, seat: Seat) -> Option<u8> {
        self.0.team(seat)
    }
    fn to_move(&self) -> Seat {
        self.0.to_move()
    }
    fn legal_moves(&self) -> Vec<i32> {
        let mut moves = Vec::new();
        self.0.legal_moves(&mut moves);
        moves.into_iter().map(|m| self.0.encode_move(m)).collect()
    }
    fn play(&mut self, raw: i32) -> Result<(), IllegalMove> {
        match self.0.decode_move(raw) {
            Some(mv) => self.0.play(mv),
            None => Err(IllegalMove {
                raw,
                reason: "out of range: names no move of this game".to_string(),
            }),
        }
    }
    fn is_terminal(&self) -> bool {
        self.0.is_terminal()
    }
    fn results(&self) -> Option<Vec<SeatResult>> {
        self.0.results()
    }
    fn scores(&self) -> Vec<Score> {
        self.0.scores()
    }
    fn observation(&self, ply: u32, seed: u64, out: &mut Vec<i32>) {
        abi::observation(&self.0, ply, seed, out);
    }
    fn setup(&self) -> String {
        self.0.setup()
    }
    fn render(&self, viewer: Viewer, color: bool) -> String {
        self.0.render(viewer, color)
    }
    fn parse_move(&self, text: &str) -> Result<i32, MoveTextError> {
        self.0.parse_move(text).map(|m| self.0.encode_move(m))
    }
    fn describe_move(&self, raw: i32) -> Option<String> {
        self.0.decode_move(raw).map(|m| self.0.describe_move(m))
    }
    fn move_prompt(&self) -> String {
        self.0.move_prompt()
    }
    fn clone_box(&self) -> Box<dyn AnyTable> {
        Box::new(self.clone())
    }
}

/// Gives `ErasedTable<G>` a `'static` home for `G::INFO`.
pub(super) trait HasTableInfo {
    const INFO: GameInfo;
}

impl<G: TableGame> HasTableInfo for ErasedTable<G> {
    const INFO: GameInfo = G::INFO;
}

/// The [`TableKind`] of a table game type.
pub(crate) struct Table<G>(pub(super) std::marker::PhantomData<fn() -> G>);

impl<G: TableStrategies> TableKind for Table<G> {
    fn info(&self) -> &'static GameInfo {
        &<ErasedTable<G> as HasTableInfo>::INFO
    }
    fn seats(&self) -> SeatRange {
        G::SEATS
    }
    fn seat_count(&self, params: &GameParams) -> Result<u8, ParamError> {
        players(params, G::SEATS)
    }
    fn roles(&self) -> &'static [&'static str] {
        G::ROLES
    }
    fn new_game(&self, params: &GameParams, seed: u64) -> Result<Box<dyn AnyTable>, ParamError> {
        Ok(Box::new(ErasedTable(G::new_random(
            params,
            &mut GameRng::new(seed),
        )?)))
    }
    fn start_from_setup(&self, text: &str) -> Result<Box<dyn AnyTable>, DecodeError> {
        Ok(Box::new(ErasedTable(G::from_setup(text)?)))
    }
    fn hides_setup(&self, params: &GameParams) -> bool {
        G::hides_setup(params)
    }
    fn strategy_names(&self) -> Vec<&'static str> {
        G::NAMES.to_vec()
    }
    fn builtin(
        &self,
        name: &str,
        depth: Option<u32>,
        params: &GameParams,
    ) -> Result<Box<dyn NativeBot>, BuiltinError> {
        table_bot::<G>(name, depth, params, &self.strategy_names())
    }
}

/// The bot of `G`'s strategy `name`, or why there is none.
pub(super) fn table_bot<G: TableStrategies>(
    name: &str,
    depth: Option<u32>,
    params: &GameParams,
    known: &[&'static str],
) -> Result<Box<dyn NativeBot>, BuiltinError> {
    match G::strategy(name, depth, params) {
        Ok(Some(strategy)) => Ok(Box::new(TableBot::<G, _>::new(strategy))),
        Ok(None) => Err(BuiltinError::Unknown(UnknownStrategy {
            game: G::INFO.name,
            name: name.to_string(),
            known: known.to_vec(),
        })),
        Err(Refusal::NotHere(reason)) => Err(BuiltinError::NotHere {
            game: G::INFO.name,
            name: name.to_string(),
            reason,
        }),
        Err(Refusal::TooMuchWork(why)) => Err(BuiltinError::TooMuchWork(why)),
    }
}

/// The `players` option within `range` (its smallest value when not given).
pub(super) fn players(params: &GameParams, range: SeatRange) -> Result<u8, ParamError> {
    Ok(params
        .number_option("players", u32::from(range.min), u32::from(range.max))?
        .map_or(range.min, |n| n as u8))
}

/// Every game of arena, in registration order (the crate root's `register_games!`): the
/// two-seat games of the registry (the one-way pieces taking `players=3` too) and the
/// games of one to four seats.
pub fn table_games() -> &'static [Box<dyn TableKind>] {
    static GAMES: std::sync::OnceLock<Vec<Box<dyn TableKind>>> = std::sync::OnceLock::new();
    GAMES.get_or_init(super::registered::table_kinds)
}

/// The game named `name`, of any seat count.
///
/// # Errors
/// [`UnknownGame`] listing the names that exist.
pub fn find_table_game(name: &str) -> Result<&'static dyn TableKind, UnknownGame> {
    let all = table_games();
    all.iter()
        .find(|g| g.info().name == name)
        .map(|g| &**g)
        .ok_or_else(|| UnknownGame {
            name: name.to_string(),
            known: all.iter().map(|g| g.info().name).collect(),
        })
}
