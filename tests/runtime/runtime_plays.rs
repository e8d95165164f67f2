//! `arena_plays`: a module's declaration of the games of one to four seats it plays,
//! asked under the instantiation budget; a wrong type refused at load; a hostile answer
//! (a trap, an endless loop) a clear refusal, never a hang.

use std::sync::LazyLock;

use arena::runtime::{check_plays, Declared, Limits, PlaysRefusal, Sandbox, WasmModule};

static SANDBOX: LazyLock<Sandbox> = LazyLock::new(|| {
    Sandbox::new(Limits {
        fuel_instantiate: 2_000_000,
        ..Limits::default()
    })
    .expect("a sandbox")
});

/// A minimal bot with `plays` as the body of `arena_plays` (or no such export).
fn module(plays: Option<&str>) -> WasmModule {
    let export = plays.map_or(String::new(), |body| {
        format!(r#"(func (export "arena_plays") (param i32 i32) (result i32) {body})"#)
    });
    let wat = format!(
        r#"(module (memory (export "memory") 1)
            (func (export "arena_alloc") (param i32) (result i32) i32.const 0)
            (func (export "choose_move") (param i32 i32) (result i32) i32.const 0)
            {export})"#
    );
    SANDBOX.load_bytes("m.wat", wat.as_bytes()).expect("loads")
}

#[test]
fn a_module_answers_for_each_game_and_seat_count() {
    // Plays game 11 with 2 or 3 seats.
    let m = module(Some(
        "(i32.and (i32.eq (local.get 0) (i32.const 11)) \
         (i32.or (i32.eq (local.get 1) (i32.const 2)) (i32.eq (local.get 1) (i32.const 3))))",
    ));
    assert_eq!(m.plays(11, 3), Ok(Declared::Plays));
    assert_eq!(m.plays(11, 2), Ok(Declared::Plays));
    assert_eq!(m.plays(11, 4), Ok(Declared::DoesNotPlay));
    assert_eq!(m.plays(12, 1), Ok(Declared::DoesNotPlay));
    assert!(check_plays(&m, 11, "tictactoe", 3).is_ok());
    let no = check_plays(&m, 12, "minesweeper", 1).unwrap_err();
    assert_eq!(
        no.to_string(),
        "the module's arena_plays says it does not play minesweeper with 1 seat"
    );
}

#[test]
fn a_module_without_the_export_plays_two_seat_games_only() {
    let m = module(None);
    assert_eq!(m.plays(11, 2), Ok(Declared::Undeclared));
    let e = check_plays(&m, 11, "tictactoe", 2).unwrap_err();
    assert!(matches!(e, PlaysRefusal::Undeclared { .. }));
    assert!(e.to_string().contains("does not export arena_plays"), "{e}");
}

#[test]
fn a_hostile_declaration_is_a_refusal_not_a_hang() {
    let trap = module(Some("unreachable"));
    let e = check_plays(&trap, 11, "tictactoe", 3).unwrap_err();
    assert!(matches!(e, PlaysRefusal::Fault { .. }), "{e}");
    let deep = {
        let wat = r#"(module (memory (export "memory") 1)
            (func (export "arena_alloc") (param i32) (result i32) i32.const 0)
            (func (export "choose_move") (param i32 i32) (result i32) i32.const 0)
            (func $down (param i32) (result i32) (call $down (local.get 0)))
            (func (export "arena_plays") (param i32 i32) (result i32) (call $down (local.get 0))))"#;
        SANDBOX
            .load_bytes("deep.wat", wat.as_bytes())
            .expect("loads")
    };
    let e = check_plays(&deep, 11, "tictactoe", 3).unwrap_err();
    assert!(e.to_string().contains("stack overflow"), "{e}");
    let endless = module(Some("(loop (br 0)) i32.const 1"));
    let e = check_plays(&endless, 11, "tictactoe", 3).unwrap_err();
    assert!(e.to_string().contains("fuel"), "{e}");
}

#[test]
fn a_wrong_type_is_refused_at_load() {
    let wat = r#"(module (memory (export "memory") 1)
        (func (export "arena_alloc") (param i32) (result i32) i32.const 0)
        (func (export "choose_move") (param i32 i32) (result i32) i32.const 0)
        (func (export "arena_plays") (param i32) (result i32) i32.const 1))"#;
    let e = SANDBOX.load_bytes("m.wat", wat.as_bytes()).unwrap_err();
    assert!(
        e.to_string().contains("arena_plays") && e.to_string().contains("(i32, i32) -> i32"),
        "{e}"
    );
    let problems = arena::module_lint::problems(
        &wat::parse_str(wat).unwrap(),
        SANDBOX.limits(),
        &SANDBOX.allowed_imports(),
    );
    assert!(
        problems.iter().any(|p| p.contains("arena_plays")),
        "{problems:?}"
    );
}
