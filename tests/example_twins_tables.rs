//! The SDK's example bots (`random.wasm`, `greedy.wasm`, `alphabeta.wasm`) in the games of
//! one to four seats: each declares every game and seat count (`arena_plays`), and answers
//! every position move for move as its native twin, the table builtin it promises to copy
//! (`random`, `greedy`, and each game's search: `maxn`, minesweeper's `solver`, path's
//! `perfect`).

use std::collections::BTreeMap;
use std::path::PathBuf;

use arena::runtime::{Declared, Limits, Sandbox, WasmModule};
use arena::seeds::derive;
use arena_games::registry::{find_table_game, table_games, NativeBot};
use arena_games::GameParams;

fn module(sandbox: &Sandbox, name: &str) -> WasmModule {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("bots")
        .join(format!("{name}.wasm"));
    sandbox
        .load(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every game of the table model with the options that give each seat count.
fn cases() -> Vec<(&'static str, Vec<(&'static str, &'static str)>)> {
    vec![
        ("tictactoe", vec![("players", "2")]),
        ("tictactoe", vec![("players", "3"), ("k", "3")]),
        ("minesweeper", vec![("players", "1")]),
        ("minesweeper", vec![("players", "2")]),
        ("pursuit", vec![("players", "2")]),
        (
            "pursuit",
            vec![("players", "3"), ("team", "1"), ("obstacles", "0.2")],
        ),
        ("pursuit", vec![("players", "2"), ("blind", "1")]),
        ("path", vec![("obstacles", "0.2")]),
        ("king", vec![("players", "3")]),
        ("knight", vec![("players", "3")]),
    ]
}

/// The native twin of an example for a game: its table builtin with `params`.
fn twin(example: &str, game: &str, params: &GameParams) -> Box<dyn NativeBot> {
    let kind = find_table_game(game).unwrap();
    let names = kind.strategy_names();
    let name = match example {
        "alphabeta" => ["maxn", "solver", "perfect"]
            .into_iter()
            .find(|n| names.contains(n))
            .unwrap(),
        other => other,
    };
    // The SDK builds the search without the board's options: a blind evader's search
    // falls back to the seed's strategy, which the native maxn does too.
    let mut plain = params.clone();
    plain.options.remove("blind");
    // The SDK's `TABLE_SEARCH_DEPTH`: its search looks at most three plies deep.
    let depth = (example == "alphabeta").then(|| kind.info().default_depth.min(3));
    kind.builtin(name, depth, &plain).unwrap()
}

#[test]
fn the_examples_declare_and_play_every_table_game_as_their_twins() {
    let sandbox = Sandbox::new(Limits::default()).unwrap();
    for example in ["random", "greedy", "alphabeta"] {
        let m = module(&sandbox, example);
        for kind in table_games() {
            for seats in 1..=4u8 {
                let expected = if kind.seats().contains(seats) {
                    Declared::Plays
                } else {
                    Declared::DoesNotPlay
                };
                assert_eq!(m.plays(kind.info().id, seats), Ok(expected), "{example}");
            }
        }
        for (game, options) in cases() {
            let kind = find_table_game(game).unwrap();
            let params = GameParams {
                rows: None,
                cols: None,
                options: options
                    .iter()
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .collect::<BTreeMap<_, _>>(),
            };
            let seeds = if example == "alphabeta" { 0..2 } else { 0..4 };
            for seed in seeds {
                let mut state = kind.new_game(&params, seed).unwrap();
                let seats = usize::from(state.seat_count());
                let bot_seeds: Vec<u64> = (0..seats).map(|s| derive(seed, "twin", &[&s])).collect();
                let mut ours: Vec<_> = bot_seeds
                    .iter()
                    .map(|&s| m.instantiate(s).unwrap())
                    .collect();
                let mut theirs: Vec<_> = (0..seats).map(|_| twin(example, game, &params)).collect();
                let mut words = Vec::new();
                let mut ply = 0;
                while !state.is_terminal() {
                    let seat = state.to_move().index();
                    state.observation(ply, bot_seeds[seat], &mut words);
                    let expected = theirs[seat].choose_move(&words).unwrap();
                    let got = arena::bot::Bot::choose_move(&mut ours[seat], &words)
                        .unwrap_or_else(|e| panic!("{example} {game} {options:?}: {e}"))
                        .raw;
                    assert_eq!(
                        got, expected,
                        "{example} {game} {options:?} seed {seed} ply {ply}"
                    );
                    state.play(got).unwrap();
                    ply += 1;
                }
            }
        }
    }
}

/// The hand-written WebAssembly example (`bots/games/tictactoe_first.wat`): it declares
/// tic-tac-toe for two and three seats only, and plays whole games to their end with legal
/// moves, the centre first.
#[test]
fn the_wat_example_declares_tictactoe_and_plays_it_legally() {
    let sandbox = Sandbox::new(Limits::default()).unwrap();
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("bots/games/tictactoe_first.wat");
    let m = sandbox.load(&path).unwrap();
    assert_eq!(m.plays(11, 2), Ok(Declared::Plays));
    assert_eq!(m.plays(11, 3), Ok(Declared::Plays));
    assert_eq!(m.plays(11, 1), Ok(Declared::DoesNotPlay));
    assert_eq!(m.plays(12, 2), Ok(Declared::DoesNotPlay));
    let kind = find_table_game("tictactoe").unwrap();
    for (rows, cols, options) in [
        (3, 3, vec![("players", "2")]),
        (4, 4, vec![("players", "3"), ("k", "3")]),
        (5, 7, vec![("players", "2"), ("k", "4")]),
    ] {
        let params = GameParams {
            rows: Some(rows),
            cols: Some(cols),
            options: options
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        };
        let mut state = kind.new_game(&params, 1).unwrap();
        let seats = usize::from(state.seat_count());
        let mut bots: Vec<_> = (0..seats)
            .map(|s| m.instantiate(s as u64).unwrap())
            .collect();
        let mut words = Vec::new();
        let mut ply = 0;
        while !state.is_terminal() {
            let seat = state.to_move().index();
            state.observation(ply, 0, &mut words);
            let mv = arena::bot::Bot::choose_move(&mut bots[seat], &words)
                .unwrap()
                .raw;
            if ply == 0 {
                assert_eq!(mv as u32, (rows / 2) * cols + cols / 2, "the centre first");
            }
            state.play(mv).unwrap();
            ply += 1;
        }
        assert!(state.results().is_some());
    }
}

/// The per-game examples of `bots/games/` (built from `bots/rust/games/`): each declares
/// its game, plays every seat of it to the end without a fault, and the path example
/// always takes a shortest path.
#[test]
fn the_per_game_examples_play_their_games_without_a_fault() {
    use arena::contestant::Wasm;
    use arena::referee::Entrant;
    use arena::table_referee::{play_table, TableEnd};
    let sandbox = Sandbox::new(Limits::default()).unwrap();
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("bots/games");
    for (file, game, options) in [
        (
            "tictactoe.wasm",
            "tictactoe",
            vec![("players", "3"), ("k", "3")],
        ),
        ("tictactoe.wasm", "tictactoe", vec![("players", "2")]),
        (
            "minesweeper.wasm",
            "minesweeper",
            vec![("players", "1"), ("reveal", "count")],
        ),
        ("minesweeper.wasm", "minesweeper", vec![("players", "2")]),
        (
            "pursuer.wasm",
            "pursuit",
            vec![("players", "2"), ("obstacles", "0.2")],
        ),
        (
            "evader.wasm",
            "pursuit",
            vec![("players", "3"), ("blind", "1")],
        ),
        ("path.wasm", "path", vec![("obstacles", "0.3")]),
    ] {
        let module = sandbox.load(dir.join(file)).unwrap();
        let kind = find_table_game(game).unwrap();
        let params = GameParams {
            rows: Some(6),
            cols: Some(6),
            options: options
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        };
        let wasm = Wasm(module);
        for seed in 0..5 {
            let start = kind.new_game(&params, seed).unwrap();
            let seats = usize::from(start.seat_count());
            assert_eq!(
                wasm.0.plays(kind.info().id, start.seat_count()),
                Ok(Declared::Plays),
                "{file}"
            );
            let entrants: Vec<&dyn Entrant> = (0..seats).map(|_| &wasm as &dyn Entrant).collect();
            let seeds: Vec<u64> = (0..seats as u64).collect();
            let record = play_table(start, &entrants, &seeds);
            assert_eq!(
                record.end,
                TableEnd::Normal,
                "{file} {game} {options:?} seed {seed}"
            );
            if game == "path" {
                assert_eq!(record.scores[0].to_string(), "1", "a shortest path");
            }
        }
    }
}
