//! A table strategy behind the interface every bot has: state words in, one `i32` move
//! out ([`NativeBot`]). The builtin bots of table games and the SDK's bots both go
//! through it, so the same strategy reads the same words the same way in both.

use std::marker::PhantomData;

use super::NativeBot;
use crate::abi::split_table;
use crate::game::{DecodeError, Observed};
use crate::strategy::table::{TableContext, TableStrategy};

/// A bot for table game `G`: reads the header and the mover's view from the words and
/// asks its strategy.
pub struct TableBot<G, S> {
    strategy: S,
    game: PhantomData<fn() -> G>,
}

impl<G: Observed, S: TableStrategy<G>> TableBot<G, S> {
    /// The bot that plays `strategy` in game `G`.
    pub fn new(strategy: S) -> Self {
        TableBot {
            strategy,
            game: PhantomData,
        }
    }
}

impl<G: Observed, S: TableStrategy<G>> NativeBot for TableBot<G, S> {
    fn choose_move(&mut self, words: &[i32]) -> Result<i32, DecodeError> {
        let (header, body) = split_table(words)?;
        if header.game_id != G::INFO.id {
            return Err(DecodeError(format!(
                "game id {}, but this bot plays {} (id {})",
                header.game_id,
                G::INFO.name,
                G::INFO.id
            )));
        }
        let view = G::read_view(&header, body)?;
        let ctx = TableContext {
            seat: header.seat,
            ply: header.ply,
            seed: header.seed,
        };
        let mv = self.strategy.choose(&ctx, &view);
        Ok(G::encode_view_move(&view, mv))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abi::observation;
    use crate::game::{GameParams, TableGame};
    use crate::minesweeper::bots::MineStrategy;
    use crate::minesweeper::Minesweeper;
    use crate::pursuit::bots::TomAndJerry;
    use crate::pursuit::Pursuit;
    use crate::rng::GameRng;

    /// Plays a game where seat 0 is a bot fed words and the others the same strategy
    /// fed views directly; both must agree on every move seat 0 makes.
    fn words_and_views_agree<G: Observed, S: TableStrategy<G> + Clone>(
        params: &GameParams,
        strategy: S,
    ) {
        for seed in 0..20 {
            let mut state = G::new_random(params, &mut GameRng::new(seed)).unwrap();
            let mut bot = TableBot::<G, S>::new(strategy.clone());
            let mut direct = strategy.clone();
            let mut words = Vec::new();
            let mut ply = 0;
            while !state.is_terminal() {
                observation(&state, ply, seed, &mut words);
                let raw = bot.choose_move(&words).unwrap();
                let ctx = TableContext {
                    seat: state.to_move(),
                    ply,
                    seed,
                };
                let mv = direct.choose(&ctx, &state.view());
                assert_eq!(
                    raw,
                    state.encode_move(mv),
                    "{} seed {seed} ply {ply}",
                    G::INFO.name
                );
                state.play(mv).unwrap();
                ply += 1;
            }
        }
    }

    #[test]
    fn a_table_bot_fed_words_plays_as_its_strategy_fed_views() {
        let mut mines = GameParams::sized(9, 9);
        mines.options.insert("reveal".into(), "count".into());
        words_and_views_agree::<Minesweeper, _>(&mines, MineStrategy::Solver);
        let mut blind = GameParams::sized(8, 8);
        blind.options.insert("blind".into(), "1".into());
        blind.options.insert("players".into(), "3".into());
        words_and_views_agree::<Pursuit, _>(&blind, TomAndJerry);
    }

    #[test]
    fn words_of_another_game_or_of_no_game_are_refused() {
        let game = Minesweeper::new_random(&GameParams::default(), &mut GameRng::new(1)).unwrap();
        let mut words = Vec::new();
        observation(&game, 0, 1, &mut words);
        let mut bot = TableBot::<Pursuit, _>::new(TomAndJerry);
        assert!(bot
            .choose_move(&words)
            .unwrap_err()
            .0
            .contains("this bot plays pursuit"));
        assert!(bot.choose_move(&words[..5]).is_err());
    }
}
