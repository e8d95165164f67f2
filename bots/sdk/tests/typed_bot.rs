//! `bot!` end to end with a plain function and with a strategy that keeps state.

use arena_games::{find_game, GameParams};
use arena_sdk::prelude::*;

/// Moves to the last legal cell on its 1st, 3rd, 5th... move of a game and to the first
/// one otherwise: its choice depends on state kept between the moves of one game.
#[derive(Default)]
struct Alternate {
    moves: u32,
}

impl Strategy<MathTricks> for Alternate {
    fn choose(&mut self, _ctx: &Context, state: &MathTricks) -> Cell {
        self.moves += 1;
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        if self.moves % 2 == 1 {
            moves[moves.len() - 1]
        } else {
            moves[0]
        }
    }
}

mod plain {
    use arena_sdk::prelude::*;

    fn first(_ctx: &Context, state: &MathTricks) -> Cell {
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        moves[0]
    }

    arena_sdk::bot!(MathTricks, first);
}

mod stateful {
    arena_sdk::bot!(
        arena_sdk::prelude::MathTricks,
        strategy = super::Alternate::default()
    );
}

#[test]
fn both_forms_pick_their_moves() {
    let kind = find_game("mathtricks").unwrap();
    let mut game = kind.new_game(&GameParams::sized(6, 5), 8).unwrap();
    let mut words = Vec::new();
    let mut ply = 0;
    while !game.is_terminal() {
        game.observation(ply, 1, &mut words);
        let legal = game.legal_moves();
        assert_eq!(plain::ARENA_BOT.choose_words(&words), legal[0]);
        let expected = if ply % 2 == 0 {
            legal[legal.len() - 1]
        } else {
            legal[0]
        };
        let mv = stateful::ARENA_BOT.choose_words(&words);
        assert_eq!(mv, expected, "ply {ply}");
        game.play(mv).unwrap();
        ply += 1;
    }
    game.observation(ply, 1, &mut words);
    assert_eq!(
        plain::ARENA_BOT.choose_words(&words),
        -1,
        "the game is over"
    );

    // A new game starts the strategy afresh: its first move is a "last" move again.
    let game = kind.new_game(&GameParams::sized(6, 5), 9).unwrap();
    game.observation(0, 1, &mut words);
    let legal = game.legal_moves();
    stateful::ARENA_BOT.new_game();
    assert_eq!(
        stateful::ARENA_BOT.choose_words(&words),
        legal[legal.len() - 1]
    );
}
