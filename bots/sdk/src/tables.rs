//! The games of the table model for [`AnyGameBot`](crate::AnyGameBot)s and what every
//! bot declares it plays (`arena_plays`).
//!
//! An any-game bot plays a table game (words whose header has the table header's 11
//! words) through the table registry's own builtin strategies
//! ([`TableStrategies::strategy`]), chosen by the strategy's
//! [`AnyGameStrategy::table_builtins`]: the module then decides move for move as
//! `builtin:NAME` of that game does, because both are the same [`TableBot`] over the same
//! strategy, reading the same words. The games are dispatched by type (not through the
//! registry's `TableKind`s, through [`visit_table_game`] of the one registration list), so
//! a module carries no renderer or setup parser.

use arena_games::abi::{split_table, TABLE_HEADER_WORDS};
use arena_games::game::{GameParams, Observed, TableGame, TableHeader};
use arena_games::pursuit::Pursuit;
use arena_games::registry::{
    is_two_seat_game, table_seats, visit_table_game, NativeBot, TableBot, TableStrategies,
    TableVisitor,
};
use arena_games::DecodeError;

use crate::AnyGameStrategy;

/// Word index of the header's length (word 2 of every header).
const HEADER_LEN: usize = 2;

/// Whether `words` carry the table header (their header length word is at least 11):
/// a game of the table model, not one of the two-seat games' 8-word header.
pub(crate) fn is_table(words: &[i32]) -> bool {
    words
        .get(HEADER_LEN)
        .is_some_and(|&len| usize::try_from(len).is_ok_and(|len| len >= TABLE_HEADER_WORDS))
}

/// The parameters the builtin of a table game needs, read from the words: the seat
/// count, and whether a pursuit's evader is blind (a search cannot play that game).
/// Everything else a builtin decides from the words themselves.
fn params_of(header: &TableHeader, body: &[i32]) -> Result<GameParams, DecodeError> {
    let mut params = GameParams::default();
    params
        .options
        .insert("players".into(), header.seats.to_string());
    if header.game_id == Pursuit::INFO.id {
        let view = Pursuit::read_view(header, body)?;
        params
            .options
            .insert("blind".into(), u8::from(view.blind).to_string());
    }
    Ok(params)
}

/// The native bot that plays the table game of `words` as `strategy` asks: the first of
/// its [`AnyGameStrategy::table_builtins`] that the game has and that can play these
/// parameters, built as the table registry builds `builtin:NAME`
/// ([`TableStrategies::strategy`] behind a [`TableBot`]).
pub(crate) fn table_bot<S: AnyGameStrategy>(
    strategy: &S,
    words: &[i32],
) -> Result<Box<dyn NativeBot>, DecodeError> {
    let (header, body) = split_table(words)?;
    let params = params_of(&header, body)?;
    let build = Build {
        strategy,
        params: &params,
        seats: header.seats,
    };
    let id = header.game_id;
    let bot = visit_table_game(id, build).flatten();
    bot.unwrap_or_else(|| {
        Err(DecodeError(format!(
            "no table game has id {id} and {} seats",
            header.seats
        )))
    })
}

/// The deepest an any-game bot searches a game of the table model unless its strategy
/// names a depth: the game's own default, at most this, so that a move stays well
/// within the default fuel budget.
pub const TABLE_SEARCH_DEPTH: u32 = 3;

/// What [`table_bot`] builds a bot from.
struct Build<'a, S> {
    strategy: &'a S,
    params: &'a GameParams,
    seats: u8,
}

impl<S: AnyGameStrategy> TableVisitor for Build<'_, S> {
    type Output = Option<Result<Box<dyn NativeBot>, DecodeError>>;

    /// The bot of game `G`, `None` if `G` does not seat this many.
    fn visit<G: TableStrategies>(self) -> Self::Output {
        let two_seat_game = self.seats == 2 && is_registered(G::INFO.id);
        if !G::SEATS.contains(self.seats) || two_seat_game {
            return None;
        }
        let name = G::INFO.name;
        let (names, depth) = self.strategy.table_builtins(name);
        // Max^n prunes nothing: pursuit's four plies cost up to 600 M fuel a move in the
        // sandbox, three times the default budget; three plies fit.
        let depth = depth.or(Some(G::INFO.default_depth.min(TABLE_SEARCH_DEPTH)));
        if names.is_empty() {
            return Some(Err(DecodeError(format!(
                "this bot plays the two-seat games only, not {name} for {}",
                self.seats
            ))));
        }
        let mut refused = Vec::new();
        for &candidate in names {
            match G::strategy(candidate, depth, self.params) {
                Ok(Some(strategy)) => return Some(Ok(Box::new(TableBot::<G, _>::new(strategy)))),
                Ok(None) => {}
                Err(reason) => refused.push(format!("{candidate}: {reason}")),
            }
        }
        Some(Err(DecodeError(format!(
            "no strategy of this bot ({}) plays {name} here{}{}",
            names.join(", "),
            if refused.is_empty() { "" } else { ": " },
            refused.join("; ")
        ))))
    }
}

/// `arena_plays` of an any-game bot whose strategy is `S`: every registered two-seat
/// game for two seats, and when `S` plays table games ([`AnyGameStrategy::PLAYS_TABLES`])
/// every table game for each seat count it takes (the one-way pieces for 2 and 3).
pub fn any_game_plays<S: AnyGameStrategy>(game_id: i32, seats: i32) -> bool {
    let Ok(seats) = u8::try_from(seats) else {
        return false;
    };
    if seats == 2 && is_registered(game_id) {
        return true;
    }
    S::PLAYS_TABLES
        && table_seats()
            .iter()
            .any(|&(id, range)| id == game_id && range.contains(seats))
}

/// Whether `game_id` is a game of the two-seat registry (which every any-game bot plays).
fn is_registered(game_id: i32) -> bool {
    is_two_seat_game(game_id)
}

/// `arena_plays` of a bot for the two-seat game `G`: `G` with two seats.
pub fn typed_plays<G: arena_games::Game>(game_id: i32, seats: i32) -> bool {
    game_id == G::INFO.id && seats == 2
}

/// `arena_plays` of a bot for the table game `G`: `G` with any seat count of its range,
/// except two seats of a game whose two-seat form is a game of its own (the one-way
/// pieces: `OneWayTable` plays three seats; two play the registry's game, other words).
pub fn table_plays<G: TableGame>(game_id: i32, seats: i32) -> bool {
    let Ok(seats) = u8::try_from(seats) else {
        return false;
    };
    let two_seat_game = seats == 2 && !G::TWO_SEAT_HEADER && is_registered(game_id);
    game_id == G::INFO.id && G::SEATS.contains(seats) && !two_seat_game
}

/// [`any_game_plays`] for the strategy `make` builds, without building it (the type is
/// all it needs).
pub fn any_game_plays_of<S: AnyGameStrategy>(_make: fn() -> S, game_id: i32, seats: i32) -> bool {
    any_game_plays::<S>(game_id, seats)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builtin::{AlphaBeta, Greedy, Random};
    use crate::ExtraStrategies;
    use crate::{AnyGameBot, Context};
    use arena_games::game::SeatRange;
    use arena_games::oneway::{King, OneWayTable};
    use arena_games::pursuit::Path;
    use arena_games::registry::{find_table_game, table_games};
    use arena_games::tictactoe::TicTacToe;

    /// An any-game strategy of the two-seat games only (the trait's defaults).
    struct TwoSeatOnly;

    impl AnyGameStrategy for TwoSeatOnly {
        fn choose<G: ExtraStrategies>(&mut self, ctx: &Context, state: &G) -> G::Move {
            AnyGameStrategy::choose(&mut Greedy, ctx, state)
        }
    }

    #[test]
    fn the_constant_list_is_every_table_game_of_the_registry() {
        let listed: Vec<(i32, SeatRange)> = table_games()
            .iter()
            .filter(|kind| kind.seats() != SeatRange::TWO)
            .map(|kind| (kind.info().id, kind.seats()))
            .collect();
        assert_eq!(listed, table_seats().to_vec());
    }

    #[test]
    fn any_game_bots_declare_every_game_at_every_seat_count_it_takes() {
        for kind in table_games() {
            let id = kind.info().id;
            for seats in -1..=5 {
                let takes = u8::try_from(seats).is_ok_and(|n| kind.seats().contains(n));
                assert_eq!(any_game_plays::<Random>(id, seats), takes, "{id} {seats}");
                assert_eq!(any_game_plays::<AlphaBeta>(id, seats), takes);
                let two_seat = seats == 2 && is_registered(id);
                assert_eq!(any_game_plays::<TwoSeatOnly>(id, seats), two_seat);
            }
        }
        assert!(!any_game_plays::<Greedy>(999, 2), "no game has id 999");
        assert!(any_game_plays_of(
            || Greedy,
            OneWayTable::<King>::INFO.id,
            3
        ));
    }

    #[test]
    fn typed_and_table_bots_declare_their_own_game() {
        let king = OneWayTable::<King>::INFO.id;
        assert!(table_plays::<OneWayTable<King>>(king, 3));
        assert!(
            !table_plays::<OneWayTable<King>>(king, 2),
            "two seats play the registry's king"
        );
        assert!(table_plays::<TicTacToe>(TicTacToe::INFO.id, 2));
        assert!(table_plays::<TicTacToe>(TicTacToe::INFO.id, 3));
        assert!(!table_plays::<TicTacToe>(TicTacToe::INFO.id, 4));
        assert!(!table_plays::<TicTacToe>(king, 3));
        assert!(table_plays::<Path>(Path::INFO.id, 1));
        let nim = arena_games::find_game("nim").unwrap().info().id;
        assert!(typed_plays::<arena_games::nim::Nim>(nim, 2));
        assert!(!typed_plays::<arena_games::nim::Nim>(nim, 3));
        assert!(!typed_plays::<arena_games::nim::Nim>(king, 2));
    }

    #[test]
    fn a_two_seat_strategy_refuses_table_words_with_a_reason() {
        let game = find_table_game("tictactoe")
            .unwrap()
            .new_game(&GameParams::default(), 1)
            .unwrap();
        let mut words = Vec::new();
        game.observation(0, 1, &mut words);
        let err = AnyGameBot::new(TwoSeatOnly)
            .choose_move(&words)
            .unwrap_err();
        assert!(err.0.contains("two-seat games only"), "{err}");
        words[1] = 999;
        let err = AnyGameBot::new(Random::default())
            .choose_move(&words)
            .unwrap_err();
        assert!(err.0.contains("no table game has id 999"), "{err}");
    }
}
