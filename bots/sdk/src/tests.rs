//! The glue against the referee's builtin bots: same words, same moves.

use arena_games::mathtricks::{Cell, MathTricks};
use arena_games::registry::NativeBot;
use arena_games::strategy::{Context, Greedy};
use arena_games::{find_game, Game, GameParams};

use crate::{builtin, AnyGameBot, FnStrategy, TypedBot};

/// Games as (rows, cols, seed): small ones, rectangular ones, one of the default size.
const GAMES: &[(u32, u32, u64)] = &[(4, 4, 1), (5, 7, 2), (6, 4, 3), (8, 8, 4), (4, 9, 5)];

/// Plays each game with the builtin `name` choosing every move for both seats, and checks
/// that a fresh `ours()` per game picks the same move from the same words.
fn same_moves_as_builtin(
    name: &str,
    ours: impl Fn() -> Box<dyn NativeBot>,
    games: &[(u32, u32, u64)],
) {
    let kind = find_game("mathtricks").unwrap();
    let mut words = Vec::new();
    for &(rows, cols, seed) in games {
        let mut game = kind.new_game(&GameParams::sized(rows, cols), seed).unwrap();
        let mut theirs = kind.builtin(name, None).unwrap();
        let mut mine = ours();
        let mut ply = 0;
        while !game.is_terminal() {
            game.observation(ply, seed.wrapping_mul(0x9E37_79B9), &mut words);
            let expected = theirs.choose_move(&words).unwrap();
            assert_eq!(
                mine.choose_move(&words),
                Ok(expected),
                "{name} {rows}x{cols} seed {seed} ply {ply}"
            );
            game.play(expected).unwrap();
            ply += 1;
        }
    }
}

#[test]
fn any_game_bots_match_the_builtins() {
    same_moves_as_builtin(
        "random",
        || Box::new(AnyGameBot::new(builtin::Random::default())),
        GAMES,
    );
    same_moves_as_builtin(
        "greedy",
        || Box::new(AnyGameBot::new(builtin::Greedy)),
        GAMES,
    );
    let small = &GAMES[..3];
    same_moves_as_builtin(
        "alphabeta",
        || Box::new(AnyGameBot::new(builtin::AlphaBeta::game_default())),
        small,
    );
}

#[test]
fn typed_bots_match_the_builtins() {
    same_moves_as_builtin(
        "greedy",
        || Box::new(TypedBot::<MathTricks, _>::new(Greedy)),
        GAMES,
    );
    fn greedy_fn(ctx: &Context, state: &MathTricks) -> Cell {
        arena_games::strategy::Strategy::choose(&mut Greedy, ctx, state)
    }
    same_moves_as_builtin(
        "greedy",
        || Box::new(TypedBot::new(FnStrategy::new(greedy_fn))),
        GAMES,
    );
}

#[test]
fn alphabeta_depth_is_configurable() {
    let kind = find_game("mathtricks").unwrap();
    let game = kind.new_game(&GameParams::sized(6, 6), 11).unwrap();
    let mut words = Vec::new();
    game.observation(0, 0, &mut words);
    for depth in [1, 3] {
        let mut theirs = kind.builtin("alphabeta", Some(depth)).unwrap();
        let mut mine = AnyGameBot::new(builtin::AlphaBeta::with_depth(depth));
        assert_eq!(mine.choose_move(&words), theirs.choose_move(&words));
    }
}

#[test]
fn finished_games_and_other_games_are_refused() {
    let kind = find_game("mathtricks").unwrap();
    let mut game = kind.new_game(&GameParams::sized(4, 4), 7).unwrap();
    while !game.is_terminal() {
        let mv = game.legal_moves()[0];
        game.play(mv).unwrap();
    }
    let mut words = Vec::new();
    game.observation(9, 0, &mut words);
    let err = AnyGameBot::new(builtin::Greedy)
        .choose_move(&words)
        .unwrap_err();
    assert!(err.0.contains("over"), "{err}");
    words[1] = 42;
    let err = AnyGameBot::new(builtin::Greedy)
        .choose_move(&words)
        .unwrap_err();
    assert!(err.0.contains("42"), "{err}");
    let err = TypedBot::<MathTricks, _>::new(Greedy)
        .choose_move(&words)
        .unwrap_err();
    assert!(err.0.contains("42"), "{err}");
    const { assert!(MathTricks::INFO.id != 42) };
}

/// Kalah and Determinant break alpha-beta's ties at random from the bot's seed: the
/// any-game bot keeps its generator for the whole game, as the builtin does.
#[test]
fn random_tie_breaks_match_the_builtins() {
    for (game, option, value) in [
        ("kalah", "rules", "seed"),
        ("kalah", "rules", "standard"),
        ("determinant", "table", "1../.5./..9"),
    ] {
        let kind = find_game(game).unwrap();
        let mut params = GameParams::default();
        params.options.insert(option.into(), value.into());
        for seed in 0..4u64 {
            let mut state = kind.new_game(&params, seed).unwrap();
            let mut theirs = [
                kind.builtin("alphabeta", Some(3)).unwrap(),
                kind.builtin("alphabeta", Some(3)).unwrap(),
            ];
            let mut mine = [
                AnyGameBot::new(builtin::AlphaBeta::with_depth(3)),
                AnyGameBot::new(builtin::AlphaBeta::with_depth(3)),
            ];
            let mut words = Vec::new();
            let mut ply = 0;
            while !state.is_terminal() {
                let seat = state.to_move().index();
                state.observation(ply, seed * 31 + seat as u64, &mut words);
                let expected = theirs[seat].choose_move(&words).unwrap();
                assert_eq!(
                    mine[seat].choose_move(&words),
                    Ok(expected),
                    "{game} {value} seed {seed} ply {ply}"
                );
                state.play(expected).unwrap();
                ply += 1;
            }
        }
    }
}

#[test]
fn a_table_bot_from_a_function_reads_its_view_from_the_words() {
    use crate::{FnTableStrategy, TableBot};
    use arena_games::abi::observation;
    use arena_games::game::{Observed, TableGame};
    use arena_games::rng::GameRng;
    use arena_games::strategy::table::TableContext;
    use arena_games::tictactoe::TicTacToe;
    let last = |_: &TableContext, view: &TicTacToe| *view.legal_moves().last().unwrap();
    let mut params = GameParams::sized(4, 5);
    params.options.insert("players".into(), "3".into());
    let mut state = TicTacToe::new_random(&params, &mut GameRng::new(0)).unwrap();
    let mut bot = TableBot::<TicTacToe, _>::new(FnTableStrategy::<TicTacToe, _>::new(last));
    let mut words = Vec::new();
    let mut ply = 0;
    while !TableGame::is_terminal(&state) {
        observation(&state, ply, 9, &mut words);
        let raw = bot.choose_move(&words).unwrap();
        assert_eq!(Some(raw as u32), state.view().legal_moves().last().copied());
        TableGame::play(&mut state, raw as u32).unwrap();
        ply += 1;
    }
    assert!(ply > 0);
}
