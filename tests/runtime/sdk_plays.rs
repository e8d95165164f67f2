//! The `arena_plays` export of the committed SDK modules: what each declares it plays,
//! asked of the module itself (a plain wasmtime instance; the other imports trap).

use crate::common;

use arena_games::registry::table_games;
use wasmtime::{Engine, Instance, Linker, Module, Store};

/// `arena_plays(game_id, seats)` of the module at `path` (relative to the repository),
/// for every pair asked.
fn plays(path: &str, asks: &[(i32, i32)]) -> Vec<bool> {
    let engine = Engine::default();
    let file = common::root().join(path);
    let module = Module::from_file(&engine, &file).unwrap();
    let mut linker = Linker::new(&engine);
    linker.define_unknown_imports_as_traps(&module).unwrap();
    let mut store = Store::new(&engine, ());
    let instance: Instance = linker.instantiate(&mut store, &module).unwrap();
    let export = instance
        .get_typed_func::<(i32, i32), i32>(&mut store, "arena_plays")
        .unwrap_or_else(|e| panic!("{path}: arena_plays: {e}"));
    asks.iter()
        .map(|&ask| export.call(&mut store, ask).unwrap() != 0)
        .collect()
}

#[test]
fn sdk_any_game_modules_declare_every_game_for_each_seat_count() {
    let mut asks = Vec::new();
    let mut expected = Vec::new();
    for kind in table_games() {
        for seats in 0..=5 {
            asks.push((kind.info().id, seats));
            expected.push(u8::try_from(seats).is_ok_and(|n| kind.seats().contains(n)));
        }
    }
    asks.push((999, 2));
    expected.push(false);
    for bot in ["random", "greedy", "alphabeta"] {
        assert_eq!(plays(&format!("bots/{bot}.wasm"), &asks), expected, "{bot}");
    }
}

#[test]
fn sdk_typed_module_declares_its_game_for_two_seats() {
    let mathtricks = arena_games::find_game("mathtricks").unwrap().info().id;
    let nim = arena_games::find_game("nim").unwrap().info().id;
    let got = plays(
        "tests/fixtures/panicking.wasm",
        &[(mathtricks, 2), (mathtricks, 3), (nim, 2)],
    );
    assert_eq!(got, [true, false, false]);
}

#[test]
fn sdk_game_examples_declare_their_game_for_its_seat_counts() {
    let id = |name: &str| {
        arena_games::registry::find_table_game(name)
            .unwrap()
            .info()
            .id
    };
    let nim = arena_games::find_game("nim").unwrap().info().id;
    for (module, game, seats) in [
        ("tictactoe", "tictactoe", &[2, 3][..]),
        ("minesweeper", "minesweeper", &[1, 2]),
        ("pursuer", "pursuit", &[2, 3]),
        ("evader", "pursuit", &[2, 3]),
        ("path", "path", &[1]),
    ] {
        let mut asks: Vec<(i32, i32)> = (0..=5).map(|n| (id(game), n)).collect();
        asks.push((nim, 2));
        let expected: Vec<bool> = asks
            .iter()
            .map(|&(g, n)| g == id(game) && seats.contains(&n))
            .collect();
        assert_eq!(
            plays(&format!("bots/games/{game}/{module}.wasm"), &asks),
            expected,
            "{module}"
        );
    }
}
