//! Games by short name, behind object-safe traits.
//!
//! The referee, the tournament and the CLI know games only through [`GameKind`] (a game's
//! facts and constructors) and [`AnyGame`] (a running game with `i32` moves). Adding a game
//! is its folder and one line in the crate root's list (`register_games!`), from which
//! [`games`] and [`visit_game`] are generated; `--game NAME` and `arena games` pick it up unchanged.

use std::fmt;
use std::marker::PhantomData;

use thiserror::Error;

use crate::abi;

#[cfg(test)]
mod budget_tests;
mod registered;
#[cfg(test)]
mod sdk_ids_tests;
mod table;
mod table_bot;
#[cfg(test)]
mod table_tests;
mod two_seat;

use crate::game::{
    DecodeError, Game, GameInfo, GameParams, IllegalMove, MoveTextError, Outcome, ParamError,
    Player,
};
use crate::rng::GameRng;
pub use crate::strategy::named::{Refusal, TableStrategies};
pub use crate::strategy::ExtraStrategies;
use crate::strategy::{self, Context, Strategy};
pub use registered::{
    games, is_two_seat_game, table_seats, visit_game, visit_table_game, TableVisitor,
};
pub(crate) use table::Table;
pub use table::{find_table_game, table_games, AnyTable, BuiltinError, TableKind};
pub use table_bot::TableBot;
pub(crate) use two_seat::OneWayKind;

/// A game as the harness sees it: facts and constructors, no concrete types.
pub trait GameKind: Send + Sync {
    /// The game's fixed facts.
    fn info(&self) -> &'static GameInfo;

    /// A fresh starting position for `params`, drawn from `seed`.
    ///
    /// # Errors
    /// [`ParamError`] when the game does not support the parameters.
    fn new_game(&self, params: &GameParams, seed: u64) -> Result<Box<dyn AnyGame>, ParamError>;

    /// Rebuilds a starting position from its setup line (as replays record it).
    ///
    /// # Errors
    /// [`DecodeError`] when the text is not a valid setup of this game.
    fn start_from_setup(&self, text: &str) -> Result<Box<dyn AnyGame>, DecodeError>;

    /// The names `builtin:NAME` accepts for this game.
    fn strategy_names(&self) -> Vec<&'static str>;

    /// A native bot playing the named strategy; `depth` tunes search strategies.
    ///
    /// # Errors
    /// [`UnknownStrategy`] naming the strategies that exist.
    fn builtin(
        &self,
        name: &str,
        depth: Option<u32>,
    ) -> Result<Box<dyn NativeBot>, UnknownStrategy>;
}

/// A running game with moves as their `i32` encodings.
pub trait AnyGame: fmt::Debug + Send + Sync {
    /// The game's fixed facts.
    fn info(&self) -> &'static GameInfo;
    /// The seat whose turn it is (in a terminal state: the seat that could not move).
    fn to_move(&self) -> Player;
    /// The legal moves, sorted; empty exactly when the game is over.
    fn legal_moves(&self) -> Vec<i32>;
    /// Plays a move from an untrusted source after checking it.
    ///
    /// # Errors
    /// [`IllegalMove`] with the reason; the state is unchanged.
    fn play(&mut self, raw: i32) -> Result<(), IllegalMove>;
    /// Whether the game is over.
    fn is_terminal(&self) -> bool;
    /// The result once over.
    fn outcome(&self) -> Option<Outcome>;
    /// Both seats' scores for reports.
    fn scores(&self) -> [i64; 2];
    /// The value the search strategies give this state for `seat` where their search
    /// stops, `ply` plies below the searched position: a finished game's result (sooner
    /// wins first), otherwise the game's heuristic ([`strategy::leaf_value`]).
    fn leaf_value(&self, seat: Player, ply: u32) -> i64;
    /// Writes the full ABI state words (header and body) for the player to move.
    fn observation(&self, ply: u32, seed: u64, out: &mut Vec<i32>);
    /// The starting-position line (meaningful for a state that has not moved yet).
    fn setup(&self) -> String;
    /// The position drawn for people.
    fn render(&self, color: bool) -> String;
    /// The labels of a grid game's cells, row by row (see [`Game::cells`]).
    fn cells(&self) -> Option<Vec<Vec<String>>>;
    /// Reads a move typed by a person.
    ///
    /// # Errors
    /// A sentence saying what is wrong.
    fn parse_move(&self, text: &str) -> Result<i32, MoveTextError>;
    /// A move written for people, or `None` if the number names no move of this state.
    fn describe_move(&self, raw: i32) -> Option<String>;
    /// How to type a move.
    fn move_prompt(&self) -> String;
    /// A copy of the state.
    fn clone_box(&self) -> Box<dyn AnyGame>;
}

/// A native strategy behind the same interface as a WebAssembly bot: state words in,
/// one `i32` move out.
pub trait NativeBot: Send {
    /// Chooses a move for the state words (header and body).
    ///
    /// # Errors
    /// [`DecodeError`] when the words are not a valid non-terminal state of its game.
    fn choose_move(&mut self, words: &[i32]) -> Result<i32, DecodeError>;
}

/// A `builtin:NAME` that the game does not have.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("game `{game}` has no builtin strategy `{name}`; it has: {}", known.join(", "))]
pub struct UnknownStrategy {
    /// The game.
    pub game: &'static str,
    /// The name asked for.
    pub name: String,
    /// The names that exist.
    pub known: Vec<&'static str>,
}

/// The [`GameKind`] of a concrete game type.
pub struct Kind<G>(PhantomData<fn() -> G>);

impl<G> Kind<G> {
    /// The kind value (a zero-sized marker).
    pub const NEW: Kind<G> = Kind(PhantomData);
}

impl<G: ExtraStrategies> GameKind for Kind<G> {
    fn info(&self) -> &'static GameInfo {
        &<Erased<G> as HasInfo>::INFO
    }

    fn new_game(&self, params: &GameParams, seed: u64) -> Result<Box<dyn AnyGame>, ParamError> {
        let mut rng = GameRng::new(seed);
        Ok(Box::new(Erased(G::new_random(params, &mut rng)?)))
    }

    fn start_from_setup(&self, text: &str) -> Result<Box<dyn AnyGame>, DecodeError> {
        Ok(Box::new(Erased(G::from_setup(text)?)))
    }

    fn strategy_names(&self) -> Vec<&'static str> {
        let mut names = strategy::GENERIC_STRATEGIES.to_vec();
        names.extend_from_slice(G::EXTRA);
        names
    }

    fn builtin(
        &self,
        name: &str,
        depth: Option<u32>,
    ) -> Result<Box<dyn NativeBot>, UnknownStrategy> {
        let strategy = strategy::for_game::<G>(name, depth)
            .or_else(|| G::extra_strategy(name))
            .ok_or_else(|| UnknownStrategy {
                game: G::INFO.name,
                name: name.to_string(),
                known: self.strategy_names(),
            })?;
        Ok(Box::new(StrategyBot { strategy }))
    }
}

/// Gives `Kind<G>` a `'static` home for `G::INFO`.
trait HasInfo {
    const INFO: GameInfo;
}

impl<G: Game> HasInfo for Erased<G> {
    const INFO: GameInfo = G::INFO;
}

/// A strategy of game `G` behind [`NativeBot`]: it decodes the words exactly as the
/// WebAssembly SDK does, so native and sandboxed runs see the same state.
struct StrategyBot<G: Game> {
    strategy: Box<dyn Strategy<G>>,
}

impl<G: Game> NativeBot for StrategyBot<G> {
    fn choose_move(&mut self, words: &[i32]) -> Result<i32, DecodeError> {
        let (ctx, state) = decode_for_bot::<G>(words)?;
        let mv = self.strategy.choose(&ctx, &state);
        Ok(state.encode_move(mv))
    }
}

/// Decodes state words into the strategy context and the typed state, checking the
/// header's game id and that the game is not over. The SDK and the builtin bots share it.
///
/// # Errors
/// [`DecodeError`] for a bad header, another game's words, a bad body or a finished game.
pub fn decode_for_bot<G: Game>(words: &[i32]) -> Result<(Context, G), DecodeError> {
    let (header, body) = abi::split(words)?;
    if header.game_id != G::INFO.id {
        return Err(DecodeError(format!(
            "game id {} but this bot plays {} (id {})",
            header.game_id,
            G::INFO.name,
            G::INFO.id
        )));
    }
    let state = G::read_state(body, header.seat)?;
    if state.is_terminal() {
        return Err(DecodeError("the game is already over".to_string()));
    }
    let ctx = Context {
        seat: header.seat,
        ply: header.ply,
        seed: header.seed,
    };
    Ok((ctx, state))
}

/// A concrete game behind [`AnyGame`].
#[derive(Clone, Debug)]
pub struct Erased<G>(pub G);

impl<G: Game> AnyGame for Erased<G> {
    fn info(&self) -> &'static GameInfo {
        &<Erased<G> as HasInfo>::INFO
    }
    fn to_move(&self) -> Player {
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
    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }
    fn scores(&self) -> [i64; 2] {
        self.0.scores()
    }
    fn leaf_value(&self, seat: Player, ply: u32) -> i64 {
        strategy::leaf_value(&self.0, seat, ply)
    }
    fn observation(&self, ply: u32, seed: u64, out: &mut Vec<i32>) {
        abi::begin(out, G::INFO.id, self.0.to_move(), ply, seed);
        self.0.write_state(out);
        abi::finish(out);
    }
    fn setup(&self) -> String {
        self.0.setup()
    }
    fn render(&self, color: bool) -> String {
        self.0.render(color)
    }
    fn cells(&self) -> Option<Vec<Vec<String>>> {
        self.0.cells()
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
    fn clone_box(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }
}

/// Code generic over the game type, run for a game chosen at run time by its ABI id.
///
/// This is how one WebAssembly bot plays every game: it reads the id from the header and
/// lets [`visit_game`] call its generic code with the concrete type.
pub trait GameVisitor {
    /// What the visit returns.
    type Output;
    /// Runs with the concrete game type.
    fn visit<G: ExtraStrategies>(self) -> Self::Output;
}

/// The game registered under `name`.
///
/// # Errors
/// [`UnknownGame`] listing the names that exist.
pub fn find_game(name: &str) -> Result<&'static dyn GameKind, UnknownGame> {
    games()
        .iter()
        .copied()
        .find(|g| g.info().name == name)
        .ok_or_else(|| UnknownGame {
            name: name.to_string(),
            known: games().iter().map(|g| g.info().name).collect(),
        })
}

/// A `--game` name that is not registered.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown game `{name}`; known games: {}", known.join(", "))]
pub struct UnknownGame {
    /// The name asked for.
    pub name: String,
    /// The registered names.
    pub known: Vec<&'static str>,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The one registration list holds no id and no name twice (a two-seat game and its
    /// table form are one entry and share both).
    #[test]
    fn the_registration_list_refuses_repeated_ids_and_names() {
        assert_eq!(
            repeated(
                &table_games()
                    .iter()
                    .map(|g| g.info().id)
                    .collect::<Vec<_>>()
            ),
            None
        );
        assert_eq!(
            repeated(
                &table_games()
                    .iter()
                    .map(|g| g.info().name)
                    .collect::<Vec<_>>()
            ),
            None
        );
        assert_eq!(
            repeated(&games().iter().map(|g| g.info().id).collect::<Vec<_>>()),
            None
        );
        assert_eq!(
            repeated(&table_seats().iter().map(|s| s.0).collect::<Vec<_>>()),
            None
        );
        // The check itself can fail.
        assert_eq!(repeated(&[3, 1, 3]), Some(3));
        assert_eq!(repeated(&["nim", "kalah", "nim"]), Some("nim"));
        // Every two-seat game and every table form is one entry of the list.
        for g in games() {
            assert_eq!(
                find_table_game(g.info().name).unwrap().info().id,
                g.info().id
            );
        }
        for &(id, _) in table_seats() {
            assert!(table_games().iter().any(|g| g.info().id == id), "{id}");
        }
    }

    /// The first value that occurs twice in `all`.
    fn repeated<T: Ord + Copy>(all: &[T]) -> Option<T> {
        let mut sorted = all.to_vec();
        sorted.sort();
        sorted.windows(2).find(|w| w[0] == w[1]).map(|w| w[0])
    }

    /// Every game with a `perfect` player, end to end through the registry as the referee
    /// runs it: state words with the header in, `i32` moves out, `builtin:perfect` against
    /// `builtin:random`, from many seeds and both seats.
    #[test]
    fn perfect_bots_play_through_the_erased_interface() {
        let with_perfect = games()
            .iter()
            .filter(|k| k.strategy_names().contains(&"perfect"));
        assert!(with_perfect.clone().count() >= 8);
        for kind in with_perfect {
            let name = kind.info().name;
            for seed in 0..12u64 {
                let mut game = kind.new_game(&GameParams::default(), seed).unwrap();
                let mut bots = [
                    kind.builtin("perfect", None).unwrap(),
                    kind.builtin("random", None).unwrap(),
                ];
                if seed % 2 == 1 {
                    bots.swap(0, 1);
                }
                let mut words = Vec::new();
                let mut ply = 0;
                while !game.is_terminal() {
                    game.observation(ply, seed, &mut words);
                    let seat = game.to_move();
                    let mv = bots[seat.index()].choose_move(&words).unwrap();
                    game.play(mv).unwrap_or_else(|e| panic!("{name}: {e}"));
                    ply += 1;
                }
                assert!(game.outcome().is_some());
                assert_eq!(game.legal_moves(), Vec::<i32>::new());
            }
        }
    }

    #[test]
    fn visit_game_covers_the_registry() {
        struct Name;
        impl GameVisitor for Name {
            type Output = &'static str;
            fn visit<G: ExtraStrategies>(self) -> &'static str {
                G::INFO.name
            }
        }
        for g in games() {
            assert_eq!(visit_game(g.info().id, Name), Some(g.info().name));
        }
        assert_eq!(visit_game(0, Name), None);
    }

    #[test]
    fn unknown_names_are_explained() {
        let err = find_game("chess").err().unwrap();
        assert!(err.to_string().contains("mathtricks"), "{err}");
        let g = find_game("mathtricks").unwrap();
        let err = g.builtin("stockfish", None).err().unwrap();
        assert!(err.to_string().contains("alphabeta"), "{err}");
    }

    #[test]
    fn traits_stay_object_safe() {
        fn _takes(_: &dyn AnyGame, _: &dyn GameKind, _: &dyn NativeBot) {}
    }
}
