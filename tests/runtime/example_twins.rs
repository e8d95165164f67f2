//! Every committed example bot against its native twin, move by move: the same state
//! words go to the sandboxed module and to the builtin strategy it promises to copy, and
//! both must answer the same move, in every game and on extreme MathTricks boards whose
//! totals saturate at the 64-bit bounds and pass the evaluation cap of 2^60.

use crate::common;

use crate::common::boards;

use arena::bench::first_legal::FirstLegal;
use arena::bot::{Bot, BuiltinBot};
use arena::runtime::{Limits, Sandbox, WasmModule};
use arena::seeds::derive;
use arena_games::rng::GameRng;
use arena_games::{find_game, games, AnyGame, GameKind, GameParams};
use boards::extreme_board;

/// The native twin an example bot copies.
#[derive(Clone, Copy, Debug)]
enum Twin {
    /// `builtin:NAME` of the game being played.
    Builtin(&'static str),
    /// `first_legal`'s native twin (MathTricks only).
    FirstLegal,
}

/// Each example bot in `bots/`, the twin it copies, and whether it plays every game
/// (the SDK bots) or MathTricks only.
const EXAMPLES: &[(&str, Twin, bool)] = &[
    ("random", Twin::Builtin("random"), true),
    ("greedy", Twin::Builtin("greedy"), true),
    ("alphabeta", Twin::Builtin("alphabeta"), true),
    ("c_greedy", Twin::Builtin("greedy"), false),
    ("cpp_greedy", Twin::Builtin("greedy"), false),
    ("zig_greedy", Twin::Builtin("greedy"), false),
    ("as_greedy", Twin::Builtin("greedy"), false),
    ("first_legal", Twin::FirstLegal, false),
];

fn module(name: &str) -> WasmModule {
    let path = common::root().join("bots").join(format!("{name}.wasm"));
    sandbox()
        .load(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn sandbox() -> Sandbox {
    Sandbox::new(Limits::default()).unwrap()
}

fn twin(kind: &dyn GameKind, twin: Twin) -> Box<dyn Bot> {
    match twin {
        Twin::Builtin(name) => Box::new(BuiltinBot::new(kind, name, None).unwrap()),
        Twin::FirstLegal => Box::new(FirstLegal),
    }
}

/// Plays `game` to its end with both seats asking the module (one fresh instance per
/// seat, as in a tournament) and the twin (one per seat) for every move; they must agree.
fn same_moves(
    name: &str,
    module: &WasmModule,
    kind: &dyn GameKind,
    which: Twin,
    mut game: Box<dyn AnyGame>,
    seed: u64,
) -> usize {
    let setup = game.setup();
    let seeds = [derive(seed, "twin", &[&1]), derive(seed, "twin", &[&2])];
    let mut ours = seeds.map(|s| module.instantiate(s).unwrap());
    let mut theirs = [twin(kind, which), twin(kind, which)];
    let mut words = Vec::new();
    let mut ply = 0u32;
    while !game.is_terminal() {
        let seat = game.to_move().index();
        game.observation(ply, seeds[seat], &mut words);
        let expected = theirs[seat].choose_move(&words).unwrap().raw;
        let got = ours[seat]
            .choose_move(&words)
            .unwrap_or_else(|f| panic!("{name} faulted at ply {ply} of `{setup}`: {f}"))
            .raw;
        assert_eq!(
            got,
            expected,
            "{name} and its twin {which:?} disagree at ply {ply} of {} `{setup}` (seed {seed})",
            kind.info().name
        );
        game.play(got).unwrap();
        ply += 1;
    }
    ply as usize
}

#[test]
fn example_bots_copy_their_twins_on_extreme_boards() {
    let kind = find_game("mathtricks").unwrap();
    let mut rng = GameRng::new(2026);
    let boards: Vec<String> = (0..40)
        .map(|_| extreme_board(&mut rng, 5).to_line())
        .collect();
    for &(name, which, _) in EXAMPLES {
        let module = module(name);
        // Alpha-beta searches every move: fewer boards keep the test quick.
        let count = if name == "alphabeta" { 8 } else { boards.len() };
        let mut saturated = 0;
        for (i, line) in boards.iter().take(count).enumerate() {
            let game = kind.start_from_setup(line).unwrap();
            let mut replay = kind.start_from_setup(line).unwrap();
            same_moves(name, &module, kind, which, game, i as u64);
            // Count the games that really reached the extremes (checked on a replay of
            // the twin's moves, which the module matched).
            let mut t = twin(kind, which);
            let mut words = Vec::new();
            let mut ply = 0;
            while !replay.is_terminal() {
                replay.observation(ply, 0, &mut words);
                let mv = t.choose_move(&words).unwrap().raw;
                replay.play(mv).unwrap();
                ply += 1;
            }
            if replay.scores().iter().any(|s| s.unsigned_abs() > 1 << 60) {
                saturated += 1;
            }
        }
        assert!(
            saturated * 4 >= count,
            "{name}: only {saturated} of {count} games passed 2^60; the boards are not extreme enough"
        );
    }
}

#[test]
fn sdk_example_bots_copy_their_twins_in_every_game() {
    for &(name, which, every_game) in EXAMPLES {
        if !every_game {
            continue;
        }
        let module = module(name);
        for &kind in games() {
            for seed in 1..=2 {
                let game = kind.new_game(&GameParams::default(), seed).unwrap();
                let plies = same_moves(name, &module, kind, which, game, seed);
                assert!(plies > 0, "{name} in {}: no move played", kind.info().name);
            }
        }
    }
}

/// Every `.wasm` at the top of `bots/` is in [`EXAMPLES`]: a new example gets a twin.
#[test]
fn every_example_bot_has_a_twin() {
    let dir = common::root().join("bots");
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "wasm") {
            let stem = path.file_stem().unwrap().to_str().unwrap();
            assert!(
                EXAMPLES.iter().any(|(name, _, _)| *name == stem),
                "bots/{stem}.wasm has no twin in EXAMPLES"
            );
        }
    }
}

#[test]
fn mathtricks_examples_copy_their_twins_on_ordinary_boards() {
    let kind = find_game("mathtricks").unwrap();
    for &(name, which, _) in EXAMPLES {
        let module = module(name);
        for (seed, (rows, cols)) in [(4, 4), (5, 9), (8, 8), (10, 6)].into_iter().enumerate() {
            let game = kind
                .new_game(&GameParams::sized(rows, cols), seed as u64)
                .unwrap();
            same_moves(name, &module, kind, which, game, seed as u64);
        }
    }
}

/// The table games (and options) the SDK bots are compared in: every game of one to
/// four seats at each seat count, with hidden information and roles.
const TABLES: &[(&str, &[(&str, &str)])] = &[
    ("tictactoe", &[("players", "2")]),
    ("tictactoe", &[("players", "3")]),
    ("minesweeper", &[("players", "1")]),
    ("minesweeper", &[("players", "1"), ("reveal", "count")]),
    ("minesweeper", &[("players", "2")]),
    ("pursuit", &[("players", "2")]),
    ("pursuit", &[("players", "3")]),
    (
        "pursuit",
        &[("players", "3"), ("team", "1"), ("blind", "1")],
    ),
    ("pursuit", &[("players", "2"), ("blind", "1")]),
    ("path", &[]),
    ("king", &[("players", "3")]),
];

/// The builtin of a table game an SDK example copies: random and greedy by name,
/// alphabeta the game's search (`maxn`, minesweeper's `solver`, the path's `perfect`,
/// `greedy` in a pursuit with a blind evader, where no search can play).
fn table_twin(bot: &str, game: &str, blind: bool) -> &'static str {
    match (bot, game) {
        ("random", _) => "random",
        ("greedy", _) => "greedy",
        (_, "minesweeper") => "solver",
        (_, "path") => "perfect",
        (_, "pursuit") if blind => "greedy",
        _ => "maxn",
    }
}

#[test]
fn sdk_example_bots_copy_their_twins_in_every_table_game() {
    use arena_games::registry::find_table_game;
    for &(name, _, every_game) in EXAMPLES {
        if !every_game {
            continue;
        }
        // Under the default limits: every move fits the default fuel budget (the SDK
        // searches a table game at most three plies deep, `TABLE_SEARCH_DEPTH`).
        let module = module(name);
        for &(game, options) in TABLES {
            let mut most_fuel = 0;
            let kind = find_table_game(game).unwrap();
            let mut params = GameParams::default();
            for &(key, value) in options {
                params.options.insert(key.into(), value.into());
            }
            let blind = params.options.get("blind").is_some_and(|v| v == "1");
            let builtin = table_twin(name, game, blind);
            let depth = Some(kind.info().default_depth.min(3));
            for seed in 1..=2 {
                let mut table = kind.new_game(&params, seed).unwrap();
                let seats = usize::from(table.seat_count());
                let seeds: Vec<u64> = (0..seats).map(|s| derive(seed, "twin", &[&s])).collect();
                let mut ours: Vec<_> = seeds
                    .iter()
                    .map(|&s| module.instantiate(s).unwrap())
                    .collect();
                let mut theirs: Vec<_> = (0..seats)
                    .map(|_| kind.builtin(builtin, depth, &params).unwrap())
                    .collect();
                let (mut words, mut ply) = (Vec::new(), 0u32);
                while !table.is_terminal() {
                    let seat = table.to_move().index();
                    table.observation(ply, seeds[seat], &mut words);
                    let expected = theirs[seat].choose_move(&words).unwrap();
                    let reply = ours[seat]
                        .choose_move(&words)
                        .unwrap_or_else(|f| panic!("{name} faulted in {game} {options:?}: {f}"));
                    most_fuel = most_fuel.max(reply.fuel);
                    let got = reply.raw;
                    assert_eq!(
                        got, expected,
                        "{name} and builtin:{builtin} disagree at ply {ply} of {game} {options:?} seed {seed}"
                    );
                    table.play(got).unwrap();
                    ply += 1;
                }
                assert!(ply > 0, "{name} in {game} {options:?}: no move played");
            }
            eprintln!("{name} in {game} {options:?}: at most {most_fuel} fuel per move");
        }
    }
}
