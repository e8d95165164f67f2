//! What the one registration list in the crate root (`register_games!`) generates: every
//! entry point that lists or dispatches games.
//!
//! Each line of the list registers a game in one of three forms, each a [`Registered`]
//! type:
//! - [`Kind<G>`](super::Kind): a two-seat game `G` of the [`Game`](crate::Game) model
//!   (its bots receive the 8-word header);
//! - [`Table<G>`](super::Table): a game `G` of the table model ([`TableStrategies`]),
//!   for the seat counts of its `SEATS`;
//! - [`OneWayKind<P>`](super::OneWayKind): a one-way piece, the two-seat game
//!   `OneWay<P>` and, with `players=3`, the table game `OneWayTable<P>`.
//!
//! From the list come [`games`] and [`visit_game`] (the two-seat games),
//! [`super::table_games`] (every game, hence `--game NAME`, `arena games` and
//! `builtin:*`), [`visit_table_game`] and [`table_seats`] (the SDK's any-game bots and
//! the Python interpreter module), and the conformance sweep. The registry's tests refuse
//! a repeated id or name, and check `bots/c/arena.h`'s `ARENA_GAME_*` ids against it.

use std::marker::PhantomData;

use super::table::{Table, TableKind};
use super::two_seat::{OneWayKind, TwoSeatKind};
use super::{GameKind, GameVisitor, Kind};
use crate::game::SeatRange;
use crate::oneway::{OneWay, OneWayTable, Piece};
use crate::strategy::named::TableStrategies;
use crate::strategy::ExtraStrategies;

/// A form a game is registered in (see the module documentation).
pub(crate) trait Registered {
    /// The game's two-seat kind, where its two-seat form is a [`crate::Game`].
    const GAME_KIND: Option<&'static dyn GameKind>;
    /// The id and seat range of its form in the table model, where it has one.
    const TABLE_SEATS: Option<(i32, SeatRange)>;
    /// The game at a table of any seat count it takes.
    fn table_kind() -> Box<dyn TableKind>;
    /// Runs `visitor` with the two-seat game type if `id` is its id; gives the visitor
    /// back otherwise.
    ///
    /// # Errors
    /// The visitor, unused, when `id` names no two-seat form of this entry.
    fn visit_game<V: GameVisitor>(id: i32, visitor: V) -> Result<V::Output, V>;
    /// Runs `visitor` with the table-model type if `id` is its id; gives the visitor back
    /// otherwise.
    ///
    /// # Errors
    /// The visitor, unused, when `id` names no table-model form of this entry.
    fn visit_table<V: TableVisitor>(id: i32, visitor: V) -> Result<V::Output, V>;
}

/// Code generic over a game type of the table model, run for a game chosen at run time
/// by its ABI id ([`visit_table_game`]).
pub trait TableVisitor {
    /// What the visit returns.
    type Output;
    /// Runs with the concrete game type.
    fn visit<G: TableStrategies>(self) -> Self::Output;
}

impl<G: ExtraStrategies> Registered for Kind<G> {
    const GAME_KIND: Option<&'static dyn GameKind> = Some(&Kind::<G>::NEW);
    const TABLE_SEATS: Option<(i32, SeatRange)> = None;
    fn table_kind() -> Box<dyn TableKind> {
        Box::new(TwoSeatKind(&Kind::<G>::NEW))
    }
    fn visit_game<V: GameVisitor>(id: i32, visitor: V) -> Result<V::Output, V> {
        if id == G::INFO.id {
            Ok(visitor.visit::<G>())
        } else {
            Err(visitor)
        }
    }
    fn visit_table<V: TableVisitor>(_id: i32, visitor: V) -> Result<V::Output, V> {
        Err(visitor)
    }
}

impl<G: TableStrategies> Registered for Table<G> {
    const GAME_KIND: Option<&'static dyn GameKind> = None;
    const TABLE_SEATS: Option<(i32, SeatRange)> = Some((G::INFO.id, G::SEATS));
    fn table_kind() -> Box<dyn TableKind> {
        Box::new(Table::<G>(PhantomData))
    }
    fn visit_game<V: GameVisitor>(_id: i32, visitor: V) -> Result<V::Output, V> {
        Err(visitor)
    }
    fn visit_table<V: TableVisitor>(id: i32, visitor: V) -> Result<V::Output, V> {
        if id == G::INFO.id {
            Ok(visitor.visit::<G>())
        } else {
            Err(visitor)
        }
    }
}

impl<P: Piece> Registered for OneWayKind<P> {
    const GAME_KIND: Option<&'static dyn GameKind> = Kind::<OneWay<P>>::GAME_KIND;
    const TABLE_SEATS: Option<(i32, SeatRange)> = Table::<OneWayTable<P>>::TABLE_SEATS;
    fn table_kind() -> Box<dyn TableKind> {
        Box::new(OneWayKind::<P>(PhantomData))
    }
    fn visit_game<V: GameVisitor>(id: i32, visitor: V) -> Result<V::Output, V> {
        Kind::<OneWay<P>>::visit_game(id, visitor)
    }
    fn visit_table<V: TableVisitor>(id: i32, visitor: V) -> Result<V::Output, V> {
        Table::<OneWayTable<P>>::visit_table(id, visitor)
    }
}

/// How many of `all` are `Some`.
const fn count_some<T: Copy>(all: &[Option<T>]) -> usize {
    let (mut i, mut n) = (0, 0);
    while i < all.len() {
        if all[i].is_some() {
            n += 1;
        }
        i += 1;
    }
    n
}

/// The values of `all` that are `Some`, in order (`N` of them: [`count_some`]).
const fn somes<T: Copy, const N: usize>(all: &[Option<T>]) -> [T; N] {
    let mut first = 0;
    while all[first].is_none() {
        first += 1;
    }
    let Some(filler) = all[first] else {
        unreachable!()
    };
    let mut out = [filler; N];
    let (mut i, mut n) = (0, 0);
    while i < all.len() {
        if let Some(value) = all[i] {
            out[n] = value;
            n += 1;
        }
        i += 1;
    }
    out
}

/// The entry points generated from the registration list (each form a [`Registered`]).
macro_rules! registry_functions {
    ($($form:ty),+) => {
        const GAME_KINDS: &[Option<&'static dyn GameKind>] =
            &[$(<$form as Registered>::GAME_KIND),+];
        static GAMES: [&dyn GameKind; count_some(GAME_KINDS)] = somes(GAME_KINDS);

        const TABLE_FORMS: &[Option<(i32, SeatRange)>] =
            &[$(<$form as Registered>::TABLE_SEATS),+];
        static TABLE_SEATS: [(i32, SeatRange); count_some(TABLE_FORMS)] = somes(TABLE_FORMS);

        /// Every registered two-seat game of the [`crate::Game`] model, in the order
        /// `arena games` lists them.
        pub fn games() -> &'static [&'static dyn GameKind] {
            &GAMES
        }

        /// Runs `visitor` with the two-seat game whose ABI id is `id`; `None` when no
        /// two-seat game has that id.
        pub fn visit_game<V: GameVisitor>(id: i32, visitor: V) -> Option<V::Output> {
            $(
                let visitor = match <$form as Registered>::visit_game(id, visitor) {
                    Ok(out) => return Some(out),
                    Err(visitor) => visitor,
                };
            )+
            let _ = visitor;
            None
        }

        /// Runs `visitor` with the game of the table model whose ABI id is `id` (for a
        /// one-way piece: its table of three, `OneWayTable`); `None` when no game of
        /// the table model has that id.
        pub fn visit_table_game<V: TableVisitor>(id: i32, visitor: V) -> Option<V::Output> {
            $(
                let visitor = match <$form as Registered>::visit_table(id, visitor) {
                    Ok(out) => return Some(out),
                    Err(visitor) => visitor,
                };
            )+
            let _ = visitor;
            None
        }

        /// Every game, at a table of any seat count, in registration order.
        pub(super) fn table_kinds() -> Vec<Box<dyn TableKind>> {
            vec![$(<$form as Registered>::table_kind()),+]
        }
    };
}

with_registered_games!(registry_functions);

/// Every game with a form in the table model (the games of one to four seats and the
/// one-way pieces' tables of three): its ABI id and the seat counts that form takes, in
/// registration order. A list of constants, so that a module's `arena_plays` allocates
/// nothing.
pub fn table_seats() -> &'static [(i32, SeatRange)] {
    &TABLE_SEATS
}

/// Whether `id` is a two-seat game of the [`crate::Game`] model (its bots receive the
/// 8-word header). Allocates nothing.
pub fn is_two_seat_game(id: i32) -> bool {
    struct Found;
    impl GameVisitor for Found {
        type Output = ();
        fn visit<G: ExtraStrategies>(self) {}
    }
    visit_game(id, Found).is_some()
}
