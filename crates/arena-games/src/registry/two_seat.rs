//! The two-seat games of the registry at a table: their own words, moves, bots and
//! results, and the one-way pieces, which take `players=3`.

use super::table::{
    players, table_bot, AnyTable, BuiltinError, ErasedTable, HasTableInfo, Table, TableKind,
};
use super::{GameKind, Kind, NativeBot};
use crate::game::{
    DecodeError, GameInfo, GameParams, IllegalMove, MoveTextError, ParamError, Score, Seat,
    SeatRange, SeatResult, TableGame, Viewer,
};
use crate::oneway::{OneWay, OneWayTable, Piece};

/// A two-seat game of the registry at a table: its own words, moves, bots and results
/// (a win ranks 1 and 2, a draw 1 and 1; its scores as they are).
#[derive(Debug)]
struct TwoSeatTable(Box<dyn super::AnyGame>);

impl AnyTable for TwoSeatTable {
    fn info(&self) -> &'static GameInfo {
        self.0.info()
    }
    fn seat_count(&self) -> u8 {
        2
    }
    fn role(&self, _seat: Seat) -> Option<&'static str> {
        None
    }
    fn team(&self, _seat: Seat) -> Option<u8> {
        None
    }
    fn to_move(&self) -> Seat {
        self.0.to_move().into()
    }
    fn legal_moves(&self) -> Vec<i32> {
        self.0.legal_moves()
    }
    fn play(&mut self, raw: i32) -> Result<(), IllegalMove> {
        self.0.play(raw)
    }
    fn is_terminal(&self) -> bool {
        self.0.is_terminal()
    }
    fn results(&self) -> Option<Vec<SeatResult>> {
        let ranks = match self.0.outcome()? {
            crate::Outcome::Win(crate::Player::First) => [1, 2],
            crate::Outcome::Win(crate::Player::Second) => [2, 1],
            crate::Outcome::Draw => [1, 1],
        };
        Some(crate::game::seat_results(self.scores(), &ranks))
    }
    fn scores(&self) -> Vec<Score> {
        self.0.scores().into_iter().map(Score::int).collect()
    }
    fn observation(&self, ply: u32, seed: u64, out: &mut Vec<i32>) {
        self.0.observation(ply, seed, out);
    }
    fn setup(&self) -> String {
        self.0.setup()
    }
    fn render(&self, _viewer: Viewer, color: bool) -> String {
        self.0.render(color)
    }
    fn parse_move(&self, text: &str) -> Result<i32, MoveTextError> {
        self.0.parse_move(text)
    }
    fn describe_move(&self, raw: i32) -> Option<String> {
        self.0.describe_move(raw)
    }
    fn move_prompt(&self) -> String {
        self.0.move_prompt()
    }
    fn clone_box(&self) -> Box<dyn AnyTable> {
        Box::new(TwoSeatTable(self.0.clone_box()))
    }
}

/// The [`TableKind`] of a two-seat game of the registry.
pub(super) struct TwoSeatKind(pub(super) &'static dyn GameKind);

impl TableKind for TwoSeatKind {
    fn info(&self) -> &'static GameInfo {
        self.0.info()
    }
    fn seats(&self) -> SeatRange {
        SeatRange::TWO
    }
    fn seat_count(&self, _params: &GameParams) -> Result<u8, ParamError> {
        Ok(2)
    }
    fn roles(&self) -> &'static [&'static str] {
        &[]
    }
    fn new_game(&self, params: &GameParams, seed: u64) -> Result<Box<dyn AnyTable>, ParamError> {
        Ok(Box::new(TwoSeatTable(self.0.new_game(params, seed)?)))
    }
    fn start_from_setup(&self, text: &str) -> Result<Box<dyn AnyTable>, DecodeError> {
        Ok(Box::new(TwoSeatTable(self.0.start_from_setup(text)?)))
    }
    fn strategy_names(&self) -> Vec<&'static str> {
        self.0.strategy_names()
    }
    fn builtin(
        &self,
        name: &str,
        depth: Option<u32>,
        _params: &GameParams,
    ) -> Result<Box<dyn NativeBot>, BuiltinError> {
        Ok(self.0.builtin(name, depth)?)
    }
}

/// A one-way piece: its two-seat game, or [`OneWayTable`] with `--option players=3`.
pub(crate) struct OneWayKind<P>(pub(super) std::marker::PhantomData<fn() -> P>);

impl<P: Piece> OneWayKind<P> {
    fn two_seat(&self) -> TwoSeatKind {
        TwoSeatKind(&Kind::<OneWay<P>>::NEW)
    }

    /// `params` without the `players` option, for the two-seat game.
    fn board_params(params: &GameParams) -> GameParams {
        let mut board = params.clone();
        board.options.remove("players");
        board
    }
}

impl<P: Piece> TableKind for OneWayKind<P> {
    fn info(&self) -> &'static GameInfo {
        &<ErasedTable<OneWayTable<P>> as HasTableInfo>::INFO
    }
    fn seats(&self) -> SeatRange {
        OneWayTable::<P>::SEATS
    }
    fn seat_count(&self, params: &GameParams) -> Result<u8, ParamError> {
        players(params, self.seats())
    }
    fn roles(&self) -> &'static [&'static str] {
        &[]
    }
    fn new_game(&self, params: &GameParams, seed: u64) -> Result<Box<dyn AnyTable>, ParamError> {
        match self.seat_count(params)? {
            2 => self.two_seat().new_game(&Self::board_params(params), seed),
            _ => Table::<OneWayTable<P>>(std::marker::PhantomData).new_game(params, seed),
        }
    }
    fn start_from_setup(&self, text: &str) -> Result<Box<dyn AnyTable>, DecodeError> {
        if text.contains("players=") {
            Ok(Box::new(ErasedTable(OneWayTable::<P>::from_setup(text)?)))
        } else {
            self.two_seat().start_from_setup(text)
        }
    }
    fn strategy_names(&self) -> Vec<&'static str> {
        let mut names = self.two_seat().strategy_names();
        names.push("maxn");
        names
    }
    fn builtin(
        &self,
        name: &str,
        depth: Option<u32>,
        params: &GameParams,
    ) -> Result<Box<dyn NativeBot>, BuiltinError> {
        let two = self.seat_count(params).map_err(|_| BuiltinError::NotHere {
            game: P::INFO.name,
            name: name.to_string(),
            reason: "the players option is not 2 or 3",
        })? == 2;
        match (two, name) {
            (true, "maxn") | (false, _) => {
                table_bot::<OneWayTable<P>>(name, depth, params, &self.strategy_names()).map_err(
                    |e| match e {
                        BuiltinError::Unknown(_) if self.strategy_names().contains(&name) => {
                            BuiltinError::NotHere {
                                game: P::INFO.name,
                                name: name.to_string(),
                                reason: "three players take random, greedy or maxn",
                            }
                        }
                        e => e,
                    },
                )
            }
            (true, _) => self.two_seat().builtin(name, depth, params),
        }
    }
}
