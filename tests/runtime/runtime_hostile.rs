//! Hostile and well-behaved bots against the sandbox: every fixture in
//! `tests/fixtures/hostile/` with the fault it must produce and a bound on what it costs.
//! No test looks at the wall clock.

use crate::common::{self, hostile};

use std::sync::LazyLock;

use arena::bot::{Bot, BuiltinBot, Fault, Reply};
use arena::runtime::{Limits, LoadError, Sandbox, WasmModule, TRUNCATED_MARKER};
use arena_games::find_game;
use arena_games::game::GameParams;
use sha2::{Digest, Sha256};

/// Per-move and instantiation fuel of the small sandbox, to keep runaway loops short.
const SMALL_FUEL: u64 = 5_000_000;
/// Output cap of the small sandbox.
const SMALL_OUTPUT: usize = 4096;

/// A sandbox with the default limits.
static DEFAULT: LazyLock<Sandbox> =
    LazyLock::new(|| Sandbox::new(Limits::default()).expect("default sandbox"));

/// A sandbox with small fuel budgets and a small output cap.
static SMALL: LazyLock<Sandbox> = LazyLock::new(|| {
    Sandbox::new(Limits {
        fuel_per_move: SMALL_FUEL,
        fuel_instantiate: SMALL_FUEL,
        output_bytes: SMALL_OUTPUT,
        ..Limits::default()
    })
    .expect("small sandbox")
});

fn load(sandbox: &Sandbox, name: &str) -> WasmModule {
    sandbox
        .load(hostile(name))
        .unwrap_or_else(|e| panic!("{name} should load: {e}"))
}

fn load_error(sandbox: &Sandbox, name: &str) -> String {
    match sandbox.load(hostile(name)) {
        Ok(_) => panic!("{name} should be refused"),
        Err(e) => e.to_string(),
    }
}

/// The state words of a fresh 8x8 MathTricks game.
fn state_words() -> Vec<i32> {
    let game = find_game("mathtricks")
        .unwrap()
        .new_game(&GameParams::sized(8, 8), 42)
        .unwrap();
    let mut words = Vec::new();
    game.observation(0, 7, &mut words);
    words
}

/// One move of a fresh instance of the fixture.
fn one_move(sandbox: &Sandbox, name: &str) -> (Result<Reply, Fault>, String, u64) {
    let mut bot = load(sandbox, name).instantiate(1).expect("instantiates");
    let reply = bot.choose_move(&state_words());
    (reply, bot.output(), bot.memory_bytes())
}

// ---- compute, memory and stack limits -------------------------------------------------

#[test]
fn infinite_loop_in_move_runs_out_of_fuel() {
    let (reply, _, _) = one_move(&SMALL, "loop_in_move.wat");
    assert_eq!(reply, Err(Fault::OutOfFuel { budget: SMALL_FUEL }));
}

#[test]
fn infinite_loop_runs_out_of_the_default_budget() {
    let (reply, _, _) = one_move(&DEFAULT, "loop_in_move.wat");
    assert_eq!(
        reply,
        Err(Fault::OutOfFuel {
            budget: Limits::default().fuel_per_move
        })
    );
}

#[test]
fn a_faulted_bot_stays_faulted() {
    let mut bot = load(&SMALL, "loop_in_move.wat").instantiate(1).unwrap();
    let first = bot.choose_move(&state_words());
    assert_eq!(first, Err(Fault::OutOfFuel { budget: SMALL_FUEL }));
    assert_eq!(bot.choose_move(&state_words()), first);
}

#[test]
fn infinite_loop_in_start_fails_instantiation() {
    let module = load(&SMALL, "loop_in_start.wat");
    let fault = module.instantiate(1).err().expect("must not instantiate");
    assert_eq!(
        fault,
        Fault::Instantiation(Fault::OutOfFuel { budget: SMALL_FUEL }.to_string())
    );
}

#[test]
fn a_trap_in_start_says_why_with_the_last_log_line_escaped() {
    let module = load(&DEFAULT, "panic_in_start.wat");
    let fault = module.instantiate(1).err().expect("must not instantiate");
    assert_eq!(
        fault,
        Fault::Instantiation(
            Fault::Trap(
                "panicked at start.rs:1:1: table missing\\x1b[2J \
                 (wasm `unreachable` instruction executed in `start`)"
                    .into()
            )
            .to_string()
        )
    );
}

#[test]
fn memory_grow_bomb_hits_the_memory_cap() {
    let (reply, _, memory) = one_move(&DEFAULT, "grow_bomb.wat");
    let cap = Limits::default().memory_bytes;
    match reply {
        Err(Fault::MemoryLimit(msg)) => assert!(msg.contains("past the 64 MiB cap"), "{msg}"),
        other => panic!("expected the memory cap, got {other:?}"),
    }
    assert!(memory <= cap && memory > cap - (1 << 20), "{memory}");
}

#[test]
fn huge_initial_memory_is_refused_at_load() {
    assert_eq!(
        load_error(&DEFAULT, "huge_memory.wat"),
        "memory starts at 125 MiB, more than the 64 MiB cap"
    );
}

#[test]
fn huge_table_is_refused_at_load() {
    assert_eq!(
        load_error(&DEFAULT, "huge_table.wat"),
        "table starts at 10000000 elements, more than the 65536-element cap"
    );
}

#[test]
fn table_grow_bomb_hits_the_table_cap() {
    let (reply, _, _) = one_move(&DEFAULT, "table_grow_bomb.wat");
    match reply {
        Err(Fault::MemoryLimit(msg)) => assert!(msg.contains("65536 elements"), "{msg}"),
        other => panic!("expected the table cap, got {other:?}"),
    }
}

#[test]
fn infinite_recursion_overflows_the_stack() {
    let (reply, _, _) = one_move(&DEFAULT, "recursion.wat");
    assert_eq!(reply, Err(Fault::StackOverflow));
}

#[test]
fn unreachable_is_a_trap() {
    let (reply, _, _) = one_move(&DEFAULT, "unreachable.wat");
    match reply {
        Err(Fault::Trap(msg)) => {
            assert_eq!(msg, "wasm `unreachable` instruction executed in `choose`")
        }
        other => panic!("expected a trap, got {other:?}"),
    }
}

#[test]
fn bulk_memory_is_metered_by_its_length() {
    // Each `memory.fill` of 16 MiB is charged per byte (wasmtime 48), so an endless loop
    // of them runs out of fuel like any other loop; the safety net is not needed.
    let sandbox = Sandbox::new(Limits {
        timeout_secs: 1,
        ..Limits::default()
    })
    .unwrap();
    let (reply, _, _) = one_move(&sandbox, "fill_loop.wat");
    assert_eq!(
        reply,
        Err(Fault::OutOfFuel {
            budget: 200_000_000
        })
    );
}

#[test]
fn the_safety_net_never_stops_what_fuel_allows() {
    // A plain loop is stopped by its fuel, never by the net, however long the budget
    // takes against the net's base of 1 s: its allowance grows with the budget. (With
    // a wall-clock net of 1 s, this was a timeout.)
    let sandbox = Sandbox::new(Limits {
        fuel_per_move: 3_000_000_000,
        timeout_secs: 1,
        ..Limits::default()
    })
    .unwrap();
    let (reply, _, _) = one_move(&sandbox, "loop_in_move.wat");
    assert_eq!(
        reply,
        Err(Fault::OutOfFuel {
            budget: 3_000_000_000
        })
    );
}

// ---- moves and pointers ---------------------------------------------------------------

#[test]
fn moves_come_back_unchanged_legal_or_not() {
    let mut bot = load(&DEFAULT, "echo_last_word.wat").instantiate(1).unwrap();
    for raw in [0, 63, 64, 4096, -1, -7, i32::MIN, i32::MAX] {
        let reply = bot.choose_move(&[1, 2, 3, raw]).expect("echoes");
        assert_eq!(reply.raw, raw);
        assert!(reply.fuel > 0 && reply.fuel < 100, "{}", reply.fuel);
    }
    assert_eq!(bot.fuel_per_move().len(), 8);
}

#[test]
fn a_pointer_outside_memory_is_refused() {
    let (reply, _, _) = one_move(&DEFAULT, "pointer_outside.wat");
    let len = state_words().len() * 4;
    assert_eq!(
        reply,
        Err(Fault::BadPointer(format!(
            "arena_alloc({len}) returned 2147418112, but memory is 65536 bytes: \
             the {len} bytes of state would end at byte {}",
            2147418112 + len
        )))
    );
}

#[test]
fn a_pointer_too_close_to_the_end_is_refused() {
    let (reply, _, _) = one_move(&DEFAULT, "pointer_at_end.wat");
    let len = state_words().len() * 4;
    let ptr = 65536 - len / 2;
    assert_eq!(
        reply,
        Err(Fault::BadPointer(format!(
            "arena_alloc({len}) returned {ptr}, but memory is 65536 bytes: \
             the {len} bytes of state would end at byte {}",
            ptr + len
        )))
    );
}

#[test]
fn a_negative_pointer_is_refused() {
    let (reply, _, _) = one_move(&DEFAULT, "pointer_negative.wat");
    match reply {
        Err(Fault::BadPointer(msg)) => assert!(msg.contains("returned 4294967292"), "{msg}"),
        other => panic!("expected a bad pointer, got {other:?}"),
    }
}

// ---- exports and imports --------------------------------------------------------------

#[test]
fn missing_exports_are_named() {
    assert_eq!(
        load_error(&DEFAULT, "missing_alloc.wat"),
        "missing export `arena_alloc`: a bot must export `memory`, `arena_alloc` and `choose_move`"
    );
    assert!(load_error(&DEFAULT, "missing_memory.wat").starts_with("missing export `memory`"));
}

#[test]
fn wrong_signatures_are_explained_exactly() {
    assert_eq!(
        load_error(&DEFAULT, "wrong_signature.wat"),
        "export `choose_move` has type (i32) -> i32, expected (i32, i32) -> i32"
    );
    assert_eq!(
        load_error(&DEFAULT, "wrong_kind.wat"),
        "export `choose_move` is a global, expected a function"
    );
}

#[test]
fn foreign_imports_are_named() {
    assert_eq!(
        load_error(&DEFAULT, "foreign_import.wat"),
        "import `env.foo` is not allowed: a bot may import only `arena.*` and \
         `wasi_snapshot_preview1.*` functions"
    );
    assert_eq!(
        load_error(&DEFAULT, "memory_import.wat"),
        "import `arena.memory` is not allowed: a bot may import only `arena.*` and \
         `wasi_snapshot_preview1.*` functions (it is a memory)"
    );
}

#[test]
fn unknown_and_mistyped_wasi_imports_are_named() {
    let err = load_error(&DEFAULT, "unknown_wasi.wat");
    assert!(
        err.starts_with(
            "import `wasi_snapshot_preview1.fd_frobnicate` does not exist: \
             wasi_snapshot_preview1 provides args_get, args_sizes_get,"
        ),
        "{err}"
    );
    assert_eq!(
        load_error(&DEFAULT, "wasi_wrong_signature.wat"),
        "import `wasi_snapshot_preview1.fd_write` has type (i32) -> i32, \
         expected (i32, i32, i32, i32) -> i32"
    );
}

#[test]
fn the_allowed_imports_are_listed() {
    let allowed = DEFAULT.allowed_imports();
    let find = |m: &str, n: &str| allowed.iter().find(|i| i.module == m && i.name == n);
    assert_eq!(
        find("arena", "debug_log").map(|i| i.ty.as_str()),
        Some("function (i32, i32) -> ()")
    );
    let wasi: Vec<&str> = allowed
        .iter()
        .filter(|i| i.module == "wasi_snapshot_preview1")
        .map(|i| i.name.as_str())
        .collect();
    assert_eq!(wasi, WASI_PREVIEW1, "every WASI preview 1 function, sorted");
}

/// Every function of `wasi_snapshot_preview1`, from the WASI preview 1 witx, sorted.
const WASI_PREVIEW1: [&str; 46] = [
    "args_get",
    "args_sizes_get",
    "clock_res_get",
    "clock_time_get",
    "environ_get",
    "environ_sizes_get",
    "fd_advise",
    "fd_allocate",
    "fd_close",
    "fd_datasync",
    "fd_fdstat_get",
    "fd_fdstat_set_flags",
    "fd_fdstat_set_rights",
    "fd_filestat_get",
    "fd_filestat_set_size",
    "fd_filestat_set_times",
    "fd_pread",
    "fd_prestat_dir_name",
    "fd_prestat_get",
    "fd_pwrite",
    "fd_read",
    "fd_readdir",
    "fd_renumber",
    "fd_seek",
    "fd_sync",
    "fd_tell",
    "fd_write",
    "path_create_directory",
    "path_filestat_get",
    "path_filestat_set_times",
    "path_link",
    "path_open",
    "path_readlink",
    "path_remove_directory",
    "path_rename",
    "path_symlink",
    "path_unlink_file",
    "poll_oneoff",
    "proc_exit",
    "proc_raise",
    "random_get",
    "sched_yield",
    "sock_accept",
    "sock_recv",
    "sock_send",
    "sock_shutdown",
];

// ---- the WASI shim --------------------------------------------------------------------

#[test]
fn wasi_file_access_fails_cleanly() {
    let (reply, _, _) = one_move(&DEFAULT, "wasi_files.wat");
    assert_eq!(reply.expect("no crash").raw, 8_087_680);
}

#[test]
fn wasi_sleep_returns_at_once_and_the_clock_stands_still() {
    let (reply, _, _) = one_move(&DEFAULT, "wasi_sleep.wat");
    let reply = reply.expect("sleeps");
    assert_eq!(reply.raw, 111);
    assert!(
        reply.fuel < 1_000,
        "an hour's sleep cost {} fuel",
        reply.fuel
    );
}

#[test]
fn an_output_flood_is_bounded_and_runs_out_of_fuel() {
    let (reply, output, _) = one_move(&SMALL, "output_flood.wat");
    assert_eq!(reply, Err(Fault::OutOfFuel { budget: SMALL_FUEL }));
    assert!(output.starts_with("spam spam spam\nspam spam"), "{output}");
    assert!(output.ends_with(&format!("\n{TRUNCATED_MARKER}\n")));
    assert!(output.len() <= SMALL_OUTPUT + TRUNCATED_MARKER.len() + 2);
}

#[test]
fn log_and_stdio_are_captured_in_order() {
    let (reply, output, _) = one_move(&DEFAULT, "chatty.wat");
    assert_eq!(
        reply.expect("moves").raw,
        10,
        "errno 0 and 10 bytes written"
    );
    assert_eq!(output, "thinking...\nto stderr\nto stdout\n");
}

#[test]
fn logging_outside_memory_is_a_trap() {
    let (reply, _, _) = one_move(&DEFAULT, "log_outside.wat");
    match reply {
        Err(Fault::Trap(msg)) => assert!(msg.contains("outside memory"), "{msg}"),
        other => panic!("expected a trap, got {other:?}"),
    }
}

#[test]
fn proc_exit_is_a_trap_with_the_code() {
    let (reply, _, _) = one_move(&DEFAULT, "proc_exit.wat");
    match reply {
        Err(Fault::Trap(msg)) => assert!(msg.contains("proc_exit(3)"), "{msg}"),
        other => panic!("expected a trap, got {other:?}"),
    }
}

#[test]
fn the_same_seed_gives_the_same_random_bytes() {
    let module = load(&DEFAULT, "random.wat");
    let words = state_words();
    let draws = |seed: u64| -> Vec<i32> {
        let mut bot = module.instantiate(seed).unwrap();
        (0..3)
            .map(|_| bot.choose_move(&words).unwrap().raw)
            .collect()
    };
    let a = draws(7);
    assert_eq!(a, draws(7));
    assert_ne!(a, draws(8));
    assert_ne!(a[0], a[1], "the stream moves on between calls");
}

#[test]
fn a_wasi_reactor_is_initialised() {
    let (reply, _, _) = one_move(&DEFAULT, "reactor.wat");
    assert_eq!(reply.unwrap().raw, 42);
}

// ---- instances ------------------------------------------------------------------------

#[test]
fn games_do_not_share_memory_or_globals() {
    let module = load(&DEFAULT, "counter.wat");
    let words = state_words();
    let mut first = module.instantiate(1).unwrap();
    assert_eq!(first.choose_move(&words).unwrap().raw, 1001);
    assert_eq!(first.choose_move(&words).unwrap().raw, 2002);
    let mut second = module.instantiate(1).unwrap();
    assert_eq!(second.choose_move(&words).unwrap().raw, 1001);
    assert_eq!(first.choose_move(&words).unwrap().raw, 3003);
}

/// A game's instance reuses the slot (memory, table, instance) of an earlier one: it
/// must start exactly as fresh, whatever the earlier game dirtied or grew, on any thread.
#[test]
fn a_reused_slot_starts_fresh() {
    const FRESH: i32 = 7_000_000 + 200 + 1;
    const DIRTY: i32 = 9_000_000 + 50_000 + 300 + 10;
    let module = load(&DEFAULT, "scribbler.wat");
    let words = state_words();
    std::thread::scope(|s| {
        for thread in 0..2 {
            let (module, words) = (&module, &words);
            s.spawn(move || {
                for game in 0..50 {
                    let mut bot = module.instantiate(game).unwrap();
                    let at = format!("thread {thread} game {game}");
                    assert_eq!(bot.choose_move(words).unwrap().raw, FRESH, "{at}");
                    assert_eq!(bot.choose_move(words).unwrap().raw, DIRTY, "{at}");
                }
            });
        }
    });
}

#[test]
fn one_module_plays_on_many_threads() {
    let good = load(&DEFAULT, "counter.wat");
    let bad = load(&SMALL, "loop_in_move.wat");
    let words = state_words();
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..4)
            .map(|i| {
                let (good, bad, words) = (good.clone(), bad.clone(), &words);
                s.spawn(move || {
                    let mut g = good.instantiate(i).unwrap();
                    let mut b = bad.instantiate(i).unwrap();
                    let faulted = b.choose_move(words);
                    (g.choose_move(words).unwrap().raw, faulted)
                })
            })
            .collect();
        for h in handles {
            let (raw, faulted) = h.join().unwrap();
            assert_eq!(raw, 1001);
            assert_eq!(faulted, Err(Fault::OutOfFuel { budget: SMALL_FUEL }));
        }
    });
}

#[test]
fn a_full_instance_pool_is_reported_as_the_harness_problem_it_is() {
    let sandbox = Sandbox::new(Limits {
        max_live_bots: 2,
        ..Limits::default()
    })
    .unwrap();
    let module = load(&sandbox, "counter.wat");
    let first = module.instantiate(1).unwrap();
    let _second = module.instantiate(2).unwrap();
    match module.instantiate(3) {
        Err(Fault::Harness(msg)) => assert!(msg.contains("raise `max_live_bots`"), "{msg}"),
        Err(other) => panic!("expected the harness's fault, got {other:?}"),
        Ok(_) => panic!("a third bot fit in a pool of two"),
    }
    drop(first);
    let mut third = module.instantiate(3).expect("a slot is free again");
    assert_eq!(third.choose_move(&state_words()).unwrap().raw, 1001);
}

#[test]
fn every_thread_has_a_pool_of_its_own() {
    // Two slots a thread: two threads hold two bots each at once, and each thread's
    // third still finds its own pool full, whatever the other thread holds.
    let sandbox = Sandbox::new(Limits {
        max_live_bots: 2,
        ..Limits::default()
    })
    .unwrap();
    let module = load(&sandbox, "counter.wat");
    let both_full = std::sync::Barrier::new(2);
    std::thread::scope(|s| {
        for t in 0..2u64 {
            let (module, both_full) = (&module, &both_full);
            s.spawn(move || {
                // Nothing may panic before the second wait: a thread that failed early
                // would leave the other waiting for ever.
                let held: Vec<_> = (0..2).map(|i| module.instantiate(10 * t + i)).collect();
                both_full.wait();
                let third = module.instantiate(10 * t + 2);
                both_full.wait();
                for bot in held {
                    let mut bot = bot.expect("a slot of this thread");
                    assert_eq!(bot.choose_move(&state_words()).unwrap().raw, 1001);
                }
                match third {
                    Err(Fault::Harness(msg)) => {
                        assert!(msg.contains("raise `max_live_bots`"), "{msg}")
                    }
                    Err(other) => panic!("expected the harness's fault, got {other:?}"),
                    Ok(_) => panic!("a third bot fit in a thread's pool of two"),
                }
            });
        }
    });
}

#[test]
fn a_well_behaved_bot_plays_a_whole_mathtricks_game() {
    let module = load(&DEFAULT, "first_legal.wat");
    let mut game = find_game("mathtricks")
        .unwrap()
        .new_game(&GameParams::sized(6, 9), 2024)
        .unwrap();
    let mut bots = [
        module.instantiate(1).unwrap(),
        module.instantiate(2).unwrap(),
    ];
    let mut words = Vec::new();
    let mut ply = 0;
    while !game.is_terminal() {
        let seat = game.to_move().index();
        game.observation(ply, 99, &mut words);
        let reply = bots[seat].choose_move(&words).expect("plays");
        let legal = game.legal_moves();
        assert_eq!(reply.raw, legal[0], "the first legal move, at ply {ply}");
        assert!(reply.fuel > 0 && reply.fuel < 10_000, "{}", reply.fuel);
        game.play(reply.raw).expect("legal");
        ply += 1;
    }
    assert!(ply >= 4, "the game lasted {ply} plies");
    assert!(game.outcome().is_some());
    assert_eq!(
        bots[0].fuel_per_move().len() + bots[1].fuel_per_move().len(),
        ply as usize
    );
    assert_eq!(bots[0].memory_bytes(), 65536);
}

#[test]
fn a_compiled_rust_bot_matches_its_native_twin_within_the_default_budget() {
    // `bots/alphabeta.wasm` is arena-games' alpha-beta (MathTricks' default depth, 6)
    // built for wasm32 through the SDK, rebuilt and compared in CI: it must play exactly
    // the native builtin's moves.
    let module = DEFAULT
        .load(common::root().join("bots/alphabeta.wasm"))
        .expect("a real Rust bot loads");
    let kind = find_game("mathtricks").unwrap();
    let mut game = kind.new_game(&GameParams::sized(8, 8), 3).unwrap();
    let mut wasm = [
        module.instantiate(1).unwrap(),
        module.instantiate(2).unwrap(),
    ];
    let mut native = BuiltinBot::new(kind, "alphabeta", Some(6)).unwrap();
    let mut words = Vec::new();
    let mut ply = 0;
    while !game.is_terminal() {
        game.observation(ply, 11, &mut words);
        let reply = wasm[game.to_move().index()]
            .choose_move(&words)
            .expect("plays");
        assert_eq!(
            reply.raw,
            native.choose_move(&words).unwrap().raw,
            "ply {ply}"
        );
        assert!(
            reply.fuel <= Limits::default().fuel_per_move / 10,
            "{}",
            reply.fuel
        );
        game.play(reply.raw).expect("legal");
        ply += 1;
    }
    assert!(ply > 10, "{ply} plies");
}

// ---- files that are not bots ----------------------------------------------------------

#[test]
fn garbage_is_not_a_module() {
    let garbage: Vec<u8> = (0..1000u32).map(|i| (i * 7919 % 251) as u8).collect();
    let err = DEFAULT.load_bytes("garbage", &garbage).unwrap_err();
    assert!(matches!(err, LoadError::NotWasm(_)), "{err}");
    assert_eq!(
        err.to_string(),
        "not a WebAssembly module: no `\\0asm` magic number at the start, \
         and not text (the `.wat` format) either"
    );
    // Text is never quoted back (it may be a credentials file): only where it fails.
    let err = DEFAULT.load_bytes("prose", b"hello world").unwrap_err();
    assert_eq!(
        err.to_string(),
        "not a WebAssembly module: no `\\0asm` magic number, and not valid text format \
         (.wat) either: the first error is at line 1, column 1"
    );
    // Nor the bytes after the magic number (wasmparser's message quotes them in hex).
    let err = DEFAULT.load_bytes("half", b"\0asmSECRET").unwrap_err();
    assert_eq!(
        err.to_string(),
        "not a WebAssembly module: unknown binary version (byte 4): arena reads \
         WebAssembly version 1"
    );
    let mut magic = b"\0asm\x01\0\0\0".to_vec();
    magic.extend_from_slice(&garbage);
    let err = DEFAULT
        .load_bytes("magic then garbage", &magic)
        .unwrap_err();
    assert!(matches!(err, LoadError::NotWasm(_)), "{err}");
}

/// A name that, echoed, would show a secret, forge a line of output and fill a reason.
fn hostile_name() -> String {
    format!("SECRET\\0a  verdict: READY{}", "X".repeat(3000))
}

#[test]
fn the_names_a_rejected_module_holds_are_never_echoed() {
    let name = hostile_name();
    // wasmparser's message quotes the name in full: arena says its size instead.
    let wat = format!(
        r#"(module (memory (export "memory") 1) (func (export "{name}")) (func (export "{name}")))"#
    );
    let err = DEFAULT.load_bytes("dup.wat", wat.as_bytes()).unwrap_err();
    assert!(matches!(err, LoadError::Invalid(_)), "{err}");
    assert_eq!(
        err.to_string(),
        "invalid WebAssembly module: duplicate export name (3023 bytes not shown) already \
         defined (at offset 0xbf8)"
    );
    // An import's name is what the reason is about: shown, but escaped and cut short.
    let wat = format!(r#"(module (import "{name}" "{name}" (func)) (memory (export "memory") 1))"#);
    let err = DEFAULT
        .load_bytes("import.wat", wat.as_bytes())
        .unwrap_err();
    let shown = err.to_string();
    assert!(matches!(err, LoadError::ForbiddenImport { .. }), "{shown}");
    // 48 characters: the escaped newline counts two.
    let excerpt = format!("SECRET\\n  verdict: READY{}…", "X".repeat(24));
    assert!(
        shown.starts_with(&format!("import `{excerpt}.{excerpt}` is not allowed")),
        "{shown}"
    );
    assert!(!shown.contains('\n') && shown.len() < 300, "{shown}");
}

#[test]
fn a_trap_names_its_function_escaped_and_cut_short() {
    let name = hostile_name();
    let wat = format!(
        r#"(module (memory (export "memory") 1)
  (func (export "arena_alloc") (param i32) (result i32) i32.const 1024)
  (func $"{name}" (export "choose_move") (param i32 i32) (result i32) unreachable))"#
    );
    let module = DEFAULT.load_bytes("trap.wat", wat.as_bytes()).unwrap();
    let mut bot = module.instantiate(1).unwrap();
    let fault = bot.choose_move(&state_words()).unwrap_err();
    assert_eq!(
        fault.to_string(),
        format!(
            "trap: wasm `unreachable` instruction executed in `SECRET\\n  verdict: READY{}…`",
            "X".repeat(24)
        )
    );
}

#[test]
fn an_empty_file_is_not_a_module() {
    let file = tempfile::NamedTempFile::new().unwrap();
    let err = DEFAULT.load(file.path()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "not a WebAssembly module: the file is empty"
    );
}

#[test]
fn a_missing_file_is_named() {
    let err = DEFAULT.load(hostile("no_such_bot.wasm")).unwrap_err();
    assert!(matches!(err, LoadError::NotFound { .. }));
    assert!(err.to_string().starts_with("file not found: "), "{err}");
    assert!(err.to_string().ends_with("no_such_bot.wasm"), "{err}");
}

#[test]
fn a_huge_file_is_refused_unread() {
    let file = tempfile::NamedTempFile::new().unwrap();
    file.as_file().set_len(40_000_000).unwrap();
    let err = DEFAULT.load(file.path()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "file is 38.1 MiB, more than the 8 MiB module cap"
    );
}

#[test]
fn tens_of_thousands_of_functions_are_refused() {
    let mut wat = String::from("(module (memory (export \"memory\") 1)");
    for _ in 0..60_000 {
        wat.push_str("(func)");
    }
    wat.push(')');
    let err = DEFAULT.load_bytes("many.wat", wat.as_bytes()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the module has 60000 functions, more than the cap of 50000"
    );
}

// ---- loading --------------------------------------------------------------------------

#[test]
fn a_module_reports_its_hash_exports_and_imports() {
    let path = hostile("chatty.wat");
    let module = DEFAULT.load(&path).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(module.sha256(), hex::encode(Sha256::digest(&bytes)));
    assert_eq!(module.name(), path.display().to_string());
    let exports: Vec<(&str, &str)> = module
        .exports()
        .iter()
        .map(|e| (e.name.as_str(), e.ty.as_str()))
        .collect();
    assert_eq!(
        exports,
        [
            ("memory", "memory of 1 pages (no maximum)"),
            ("arena_alloc", "function (i32) -> i32"),
            ("choose_move", "function (i32, i32) -> i32"),
        ]
    );
    let imports: Vec<String> = module
        .imports()
        .iter()
        .map(|i| format!("{}.{}: {}", i.module, i.name, i.ty))
        .collect();
    assert_eq!(
        imports,
        [
            "arena.debug_log: function (i32, i32) -> ()",
            "wasi_snapshot_preview1.fd_write: function (i32, i32, i32, i32) -> i32",
        ]
    );
}

#[test]
fn load_many_keeps_the_order_and_every_error() {
    let paths = [
        hostile("counter.wat"),
        hostile("foreign_import.wat"),
        hostile("first_legal.wat"),
    ];
    let loaded = DEFAULT.load_many(&paths);
    assert_eq!(loaded.len(), 3);
    assert!(loaded[0]
        .as_ref()
        .is_ok_and(|m| m.name().ends_with("counter.wat")));
    assert!(matches!(loaded[1], Err(LoadError::ForbiddenImport { .. })));
    assert!(loaded[2]
        .as_ref()
        .is_ok_and(|m| m.name().ends_with("first_legal.wat")));
}

/// A module at every cap the loader checks (imports, functions, globals, tables, one
/// memory), every function escaping through an export, with as many data segments as
/// wasmparser accepts (100 000, each an entry of the instance): the largest instance a
/// module can ask for.
fn module_at_the_caps(extra_globals: usize) -> String {
    use std::fmt::Write;
    let l = Limits::default();
    let n = l.max_functions as usize;
    let mut wat = String::from("(module\n");
    for _ in 0..n {
        wat.push_str("(import \"arena\" \"debug_log\" (func (param i32 i32)))\n");
    }
    for i in 0..l.tables {
        let _ = writeln!(wat, "(table $t{i} 1 funcref)");
    }
    wat.push_str("(memory (export \"memory\") 1)\n");
    for _ in 0..n + extra_globals {
        wat.push_str("(global (mut i32) (i32.const 0))\n");
    }
    wat.push_str(
        "(func (export \"arena_alloc\") (param i32) (result i32) (i32.const 1024))\n\
         (func (export \"choose_move\") (param i32 i32) (result i32) (i32.const 1001))\n",
    );
    for i in 2..n {
        let _ = writeln!(wat, "(func (export \"f{i}\"))");
    }
    for _ in 0..100_000 {
        wat.push_str("(data \"\")\n");
    }
    wat.push(')');
    wat
}

#[test]
fn a_module_at_every_cap_fits_the_instance_pool() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("caps.wat");
    std::fs::write(&path, module_at_the_caps(0)).unwrap();
    let module = DEFAULT
        .load(&path)
        .unwrap_or_else(|e| panic!("a module at the caps should load: {e}"));
    // On a thread of its own, as a tournament's worker loads it.
    std::thread::scope(|s| {
        s.spawn(|| {
            module.load_on_this_thread().expect("a worker loads it");
            let mut bot = module.instantiate(1).expect("an instance of it");
            assert_eq!(bot.choose_move(&state_words()).unwrap().raw, 1001);
        });
    });
    // One global more than the cap is the module's problem, refused at load.
    std::fs::write(&path, module_at_the_caps(1)).unwrap();
    let err = DEFAULT.load(&path).map(drop).unwrap_err().to_string();
    assert!(err.contains("globals"), "{err}");
}
