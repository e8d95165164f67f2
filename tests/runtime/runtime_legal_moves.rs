//! `arena.legal_moves` in the sandbox: the moves it writes, the count it returns, the
//! fuel it costs, and every hostile pointer or capacity trapping instead of writing
//! anywhere else. The legal moves come from the caller (the referee in a tournament);
//! a module that does not import the function never has them computed.

use std::cell::Cell;
use std::sync::LazyLock;

use arena::bot::{Bot, Fault};
use arena::runtime::{Limits, Sandbox, WasmModule, HOST_BYTE_FUEL};

static SANDBOX: LazyLock<Sandbox> =
    LazyLock::new(|| Sandbox::new(Limits::default()).expect("default sandbox"));

/// A bot whose state words are its instructions: word 0 is the buffer's address, word 1
/// the capacity passed to `arena.legal_moves`, word 2 what to return: `-1` the count,
/// otherwise the buffer's word at that index. The buffer area (1024..1088) starts
/// filled with 0xAB bytes, so words the host did not write are visible.
const PROBE: &str = r#"(module
  (import "arena" "legal_moves" (func $legal (param i32 i32) (result i32)))
  (memory (export "memory") 1)
  (data (i32.const 1024) "\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab\ab")
  (func (export "arena_alloc") (param i32) (result i32) i32.const 0)
  (func (export "choose_move") (param i32 i32) (result i32)
    (local $count i32)
    (local.set $count (call $legal (i32.load (i32.const 0)) (i32.load (i32.const 4))))
    (if (result i32) (i32.lt_s (i32.load (i32.const 8)) (i32.const 0))
      (then (local.get $count))
      (else (i32.load (i32.add (i32.load (i32.const 0))
                               (i32.shl (i32.load (i32.const 8)) (i32.const 2))))))))"#;

const UNTOUCHED: i32 = 0xABAB_ABABu32 as i32;

fn probe() -> WasmModule {
    SANDBOX
        .load_bytes("probe", PROBE.as_bytes())
        .expect("the probe loads")
}

/// One move of a fresh probe asked `[ptr, cap, pick]` with `moves` as the legal moves.
fn ask(ptr: i32, cap: i32, pick: i32, moves: &[i32]) -> Result<(i32, u64), Fault> {
    let mut bot = probe().instantiate(1).expect("instantiates");
    let moves = moves.to_vec();
    bot.choose_move_with(&[ptr, cap, pick], &|| moves.clone())
        .map(|r| (r.raw, r.fuel))
}

fn trap_reason(result: Result<(i32, u64), Fault>) -> String {
    match result {
        Err(Fault::Trap(why)) => why,
        other => panic!("expected a trap, got {other:?}"),
    }
}

#[test]
fn the_moves_are_written_in_order_and_counted() {
    let moves = [3, 9, 17, 40];
    assert_eq!(ask(1024, 8, -1, &moves).unwrap().0, 4);
    for (i, &m) in moves.iter().enumerate() {
        assert_eq!(ask(1024, 8, i as i32, &moves).unwrap().0, m);
    }
    // Past the count, the buffer is as the bot left it.
    assert_eq!(ask(1024, 8, 4, &moves).unwrap().0, UNTOUCHED);
    // No legal move: a count of 0, nothing written.
    assert_eq!(ask(1024, 8, -1, &[]).unwrap().0, 0);
    assert_eq!(ask(1024, 8, 0, &[]).unwrap().0, UNTOUCHED);
}

#[test]
fn a_small_capacity_gets_the_first_moves_and_the_whole_count() {
    let moves = [5, 6, 7, 8, 9];
    assert_eq!(ask(1024, 2, -1, &moves).unwrap().0, 5);
    assert_eq!(ask(1024, 2, 1, &moves).unwrap().0, 6);
    assert_eq!(ask(1024, 2, 2, &moves).unwrap().0, UNTOUCHED);
    assert_eq!(ask(1024, 0, -1, &moves).unwrap().0, 5);
    assert_eq!(ask(1024, 0, 0, &moves).unwrap().0, UNTOUCHED);
}

#[test]
fn fuel_is_charged_per_byte_written() {
    let moves: Vec<i32> = (0..10).collect();
    let (_, none) = ask(1024, 0, -1, &moves).unwrap();
    let (_, three) = ask(1024, 3, -1, &moves).unwrap();
    let (_, all) = ask(1024, 16, -1, &moves).unwrap();
    assert_eq!(three - none, 3 * 4 * HOST_BYTE_FUEL);
    assert_eq!(all - none, 10 * 4 * HOST_BYTE_FUEL);
    // The same position costs the same every time.
    assert_eq!(ask(1024, 16, -1, &moves).unwrap().1, all);
}

#[test]
fn hostile_pointers_and_capacities_trap() {
    let moves = [1, 2];
    let page = 65536;
    // The whole buffer is checked, not only the words the count fills.
    let why = trap_reason(ask(page - 4, 2, -1, &moves));
    assert!(why.contains("arena.legal_moves(65532, 2)"), "{why}");
    assert!(why.contains("outside memory"), "{why}");
    assert!(trap_reason(ask(page - 4, 100, -1, &[])).contains("outside memory"));
    assert!(trap_reason(ask(-4, 1, -1, &moves)).contains("outside memory"));
    assert!(trap_reason(ask(0, i32::MAX, -1, &moves)).contains("outside memory"));
    assert!(trap_reason(ask(1024, -1, -1, &moves)).contains("negative"));
    // Right up to the end of memory is fine.
    assert_eq!(ask(page - 8, 2, -1, &moves).unwrap().0, 2);
    assert_eq!(ask(page, 0, -1, &moves).unwrap().0, 2);
}

#[test]
fn without_a_position_the_call_traps() {
    // A caller that knows no position (choose_move without the moves).
    let mut bot = probe().instantiate(1).unwrap();
    match bot.choose_move(&[1024, 8, -1]) {
        Err(Fault::Trap(why)) => assert!(why.contains("no position"), "{why}"),
        other => panic!("{other:?}"),
    }
    // During instantiation, before any move.
    let in_start = PROBE.replace(
        "(func (export \"arena_alloc\")",
        "(func $s (drop (call $legal (i32.const 1024) (i32.const 4)))) (start $s)\n  (func (export \"arena_alloc\")",
    );
    let module = SANDBOX.load_bytes("in_start", in_start.as_bytes()).unwrap();
    match module.instantiate(1) {
        Err(Fault::Instantiation(why)) => assert!(why.contains("no position"), "{why}"),
        other => panic!("{:?}", other.map(|_| ())),
    }
}

#[test]
fn a_module_without_the_import_never_has_the_moves_computed() {
    let echo = r#"(module
      (memory (export "memory") 1)
      (func (export "arena_alloc") (param i32) (result i32) i32.const 0)
      (func (export "choose_move") (param i32 i32) (result i32) i32.const 7))"#;
    let module = SANDBOX.load_bytes("echo", echo.as_bytes()).unwrap();
    let mut bot = module.instantiate(1).unwrap();
    let asked = Cell::new(0);
    let legal = || {
        asked.set(asked.get() + 1);
        vec![1, 2, 3]
    };
    assert_eq!(bot.choose_move_with(&[0; 8], &legal).unwrap().raw, 7);
    assert_eq!(asked.get(), 0);
    let mut probe = probe().instantiate(1).unwrap();
    assert_eq!(
        probe.choose_move_with(&[1024, 8, -1], &legal).unwrap().raw,
        3
    );
    assert_eq!(asked.get(), 1);
}
