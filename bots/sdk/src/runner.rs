//! Strategies behind [`NativeBot`]: state words in, one `i32` move out.

use std::marker::PhantomData;

use arena_games::abi;
use arena_games::game::Observed;
use arena_games::registry::{decode_for_bot, visit_game, ExtraStrategies, GameVisitor, NativeBot};
use arena_games::strategy::table::{TableContext, TableStrategy};
use arena_games::strategy::{Context, Strategy};
use arena_games::{DecodeError, Game};

use crate::tables;

/// A plain function (or closure) used as a [`Strategy`] of game `G`.
pub struct FnStrategy<G, F> {
    choose: F,
    game: PhantomData<fn() -> G>,
}

impl<G: Game, F> FnStrategy<G, F>
where
    F: FnMut(&Context, &G) -> G::Move + Send,
{
    /// Wraps `choose`, which gets a non-terminal state with the bot to move.
    pub fn new(choose: F) -> Self {
        FnStrategy {
            choose,
            game: PhantomData,
        }
    }
}

impl<G: Game, F> Strategy<G> for FnStrategy<G, F>
where
    F: FnMut(&Context, &G) -> G::Move + Send,
{
    fn choose(&mut self, ctx: &Context, state: &G) -> G::Move {
        (self.choose)(ctx, state)
    }
}

/// A bot for one game `G`: decodes the words as `G` and asks its [`Strategy`].
pub struct TypedBot<G, S> {
    strategy: S,
    game: PhantomData<fn() -> G>,
}

impl<G: Game, S: Strategy<G>> TypedBot<G, S> {
    /// The bot that plays `strategy` in game `G`.
    pub fn new(strategy: S) -> Self {
        TypedBot {
            strategy,
            game: PhantomData,
        }
    }
}

impl<G: Game, S: Strategy<G>> NativeBot for TypedBot<G, S> {
    fn choose_move(&mut self, words: &[i32]) -> Result<i32, DecodeError> {
        let (ctx, state) = decode_for_bot::<G>(words)?;
        let mv = self.strategy.choose(&ctx, &state);
        Ok(state.encode_move(mv))
    }
}

/// A strategy generic over the game, so one bot plays every registered game.
///
/// One value plays one game (a WebAssembly instance is never reused for another game), so
/// it may keep state between the moves of that game.
///
/// A game of the table model (one to four seats, roles, hidden setup: tic-tac-toe,
/// minesweeper, pursuit, the path, the one-way pieces for three) is not a [`Game`]; the
/// strategy plays it through a builtin of the table registry that it names in
/// [`AnyGameStrategy::table_builtins`], and says so in [`AnyGameStrategy::PLAYS_TABLES`]
/// (the module's `arena_plays` export). By default a strategy plays the two-seat games
/// only.
pub trait AnyGameStrategy: Send {
    /// Whether [`AnyGameStrategy::table_builtins`] names a strategy for the table games.
    const PLAYS_TABLES: bool = false;

    /// Chooses a legal move in `state`, which is not terminal and has `ctx.seat` to move.
    fn choose<G: ExtraStrategies>(&mut self, ctx: &Context, state: &G) -> G::Move;

    /// The `builtin:NAME`s of the table game `game` (its name) this strategy plays, in
    /// order of preference (the first the game has and can play with its parameters is
    /// used), and the depth of a search. Empty (the default): no table game.
    fn table_builtins(&self, game: &str) -> (&'static [&'static str], Option<u32>) {
        let _ = game;
        (&[], None)
    }
}

/// A bot for every game: reads the game id from the header and runs its
/// [`AnyGameStrategy`] with that game's type (through [`visit_game`]).
pub struct AnyGameBot<S> {
    strategy: S,
    /// The bot of the table game being played, built on its first move.
    table: Option<Box<dyn NativeBot>>,
}

impl<S: AnyGameStrategy> AnyGameBot<S> {
    /// The bot that plays `strategy` in whatever game the words belong to.
    pub fn new(strategy: S) -> Self {
        AnyGameBot {
            strategy,
            table: None,
        }
    }
}

impl<S: AnyGameStrategy> NativeBot for AnyGameBot<S> {
    fn choose_move(&mut self, words: &[i32]) -> Result<i32, DecodeError> {
        if tables::is_table(words) {
            if self.table.is_none() {
                self.table = Some(tables::table_bot(&self.strategy, words)?);
            }
            let bot = self.table.as_mut().expect("built above");
            return bot.choose_move(words);
        }
        let (header, _) = abi::split(words)?;
        let visit = Visit {
            strategy: &mut self.strategy,
            words,
        };
        visit_game(header.game_id, visit).unwrap_or_else(|| {
            Err(DecodeError(format!(
                "no registered game has id {}",
                header.game_id
            )))
        })
    }
}

/// The generic half of [`AnyGameBot::choose_move`], run with the concrete game type.
struct Visit<'a, S> {
    strategy: &'a mut S,
    words: &'a [i32],
}

impl<S: AnyGameStrategy> GameVisitor for Visit<'_, S> {
    type Output = Result<i32, DecodeError>;

    fn visit<G: ExtraStrategies>(self) -> Self::Output {
        let (ctx, state) = decode_for_bot::<G>(self.words)?;
        let mv = self.strategy.choose(&ctx, &state);
        Ok(state.encode_move(mv))
    }
}

/// A plain function (or closure) used as a [`TableStrategy`] of table game `G`: it gets
/// the mover's view.
pub struct FnTableStrategy<G, F> {
    choose: F,
    game: PhantomData<fn() -> G>,
}

impl<G: Observed, F> FnTableStrategy<G, F>
where
    F: FnMut(&TableContext, &G::View) -> G::Move + Send,
{
    /// Wraps `choose`, which gets the view of the bot's seat in a game not over.
    pub fn new(choose: F) -> Self {
        FnTableStrategy {
            choose,
            game: PhantomData,
        }
    }
}

impl<G: Observed, F> TableStrategy<G> for FnTableStrategy<G, F>
where
    F: FnMut(&TableContext, &G::View) -> G::Move + Send,
{
    fn choose(&mut self, ctx: &TableContext, view: &G::View) -> G::Move {
        (self.choose)(ctx, view)
    }
}
