//! Compiling is bounded: the linear pre-compile scan refuses modules whose compile cost
//! grows faster than their size, the compiler process stops at its CPU and memory
//! limits, and the compiled-module cache is used, checked and repaired. Modules are
//! generated here; none of these tests looks at the clock.

use crate::common;

use std::fs;
use std::path::PathBuf;

use arena::runtime::{CacheStats, Compiler, Limits, LoadError, ModuleCache, Sandbox};
use assert_cmd::Command;

/// A bot (binary) whose `choose_move` has the raw body `choose` (ending with `end`)
/// and whose immutable i32 globals are initialised by the raw constant expressions
/// `globals` (without their `end`).
fn bot_module(choose: &[u8], globals: &[Vec<u8>]) -> Vec<u8> {
    use wasm_encoder::{
        CodeSection, ConstExpr, ExportKind, ExportSection, Function, FunctionSection,
        GlobalSection, GlobalType, MemorySection, MemoryType, Module, TypeSection, ValType,
    };
    let mut m = Module::new();
    let mut types = TypeSection::new();
    types.ty().function([ValType::I32], [ValType::I32]);
    types
        .ty()
        .function([ValType::I32, ValType::I32], [ValType::I32]);
    m.section(&types);
    let mut funcs = FunctionSection::new();
    funcs.function(0).function(1);
    m.section(&funcs);
    let mut memories = MemorySection::new();
    memories.memory(MemoryType {
        minimum: 1,
        maximum: None,
        memory64: false,
        shared: false,
        page_size_log2: None,
    });
    m.section(&memories);
    let mut globals_section = GlobalSection::new();
    for g in globals {
        let ty = GlobalType {
            val_type: ValType::I32,
            mutable: false,
            shared: false,
        };
        globals_section.global(ty, &ConstExpr::raw(g.iter().copied()));
    }
    m.section(&globals_section);
    let mut exports = ExportSection::new();
    exports
        .export("memory", ExportKind::Memory, 0)
        .export("arena_alloc", ExportKind::Func, 0)
        .export("choose_move", ExportKind::Func, 1);
    m.section(&exports);
    let mut code = CodeSection::new();
    let mut alloc = Function::new([]);
    alloc.raw([0x41, 0x00, 0x0b]);
    let mut choose_fn = Function::new([]);
    choose_fn.raw(choose.iter().copied());
    code.function(&alloc).function(&choose_fn);
    m.section(&code);
    m.finish()
}

/// A bot whose `choose_move` nests `depth` `if`s: `local.get 0; if` repeated, then
/// as many `end`s.
fn nested_ifs(depth: usize) -> Vec<u8> {
    let mut body = [0x20, 0x00, 0x04, 0x40].repeat(depth);
    body.extend(std::iter::repeat_n(0x0b, depth));
    body.extend([0x41, 0x00, 0x0b]);
    bot_module(&body, &[])
}

/// A bot with `count` globals, each initialised by `i32.const 1` and `ops` times
/// `i32.const 1; i32.add` (extended constant expressions).
fn long_const_exprs(count: usize, ops: usize) -> Vec<u8> {
    let mut expr = vec![0x41, 0x01];
    expr.extend([0x41, 0x01, 0x6a].repeat(ops));
    bot_module(&[0x41, 0x00, 0x0b], &vec![expr; count])
}

fn refusal(sandbox: &Sandbox, module: &[u8]) -> String {
    match sandbox.load_bytes("bomb", module) {
        Ok(_) => panic!("the module should be refused"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn deep_nesting_is_refused_before_compiling() {
    // 200 000 nested `if`s: minutes of Cranelift on main, refused by a linear scan now.
    let sandbox = Sandbox::new(Limits::default()).unwrap();
    let err = refusal(&sandbox, &nested_ifs(200_000));
    assert_eq!(
        err,
        "block nesting depth 10001 exceeds the limit of 10000 (function body 1 of the code section)"
    );
}

#[test]
fn long_constant_expressions_are_refused_before_compiling() {
    let sandbox = Sandbox::new(Limits::default()).unwrap();
    let err = refusal(&sandbox, &long_const_exprs(2, 100_000));
    assert_eq!(
        err,
        "number of operators in a constant expression 101 exceeds the limit of 100 (global 0)"
    );
    // Many shorter ones: 20 000 globals of 100 additions took 30 s and 500 MB to compile
    // on main (wasmtime compiles them into one initialisation function); 100 000 of 20
    // crashed Cranelift.
    let err = refusal(&sandbox, &long_const_exprs(20_000, 49));
    assert_eq!(
        err,
        "number of operators in constant expressions of more than one operator 10098 \
         exceeds the limit of 10000 (the module, at global 101)"
    );
    // Within the limits, the same shape loads.
    sandbox
        .load_bytes("ok", &long_const_exprs(3, 40))
        .expect("short constant expressions load");
}

#[test]
fn the_compiler_process_stops_at_its_cpu_limit() {
    // The scan is opened wide so that only the process bounds stand in the way.
    let limits = Limits {
        max_nesting_depth: u32::MAX,
        compile_secs: 1,
        ..Limits::default()
    };
    let sandbox =
        Sandbox::with_compiler(limits, Compiler::Process(common::binary()), None).unwrap();
    let err = refusal(&sandbox, &nested_ifs(200_000));
    assert_eq!(err, "compilation exceeded 1 s of CPU time");
}

#[test]
fn the_compiler_process_stops_at_its_memory_limit() {
    let limits = Limits {
        max_nesting_depth: u32::MAX,
        compile_memory_bytes: 256 << 20,
        ..Limits::default()
    };
    let sandbox =
        Sandbox::with_compiler(limits, Compiler::Process(common::binary()), None).unwrap();
    let err = refusal(&sandbox, &nested_ifs(200_000));
    assert_eq!(err, "compilation exceeded the 256 MiB memory limit");
}

#[test]
fn a_module_compiled_in_the_child_process_plays() {
    let sandbox =
        Sandbox::with_compiler(Limits::default(), Compiler::Process(common::binary()), None)
            .unwrap();
    let module = sandbox
        .load(concat!(env!("CARGO_MANIFEST_DIR"), "/bots/alphabeta.wasm"))
        .expect("the example bot loads");
    module.instantiate(1).expect("and instantiates");
    // A module wasmtime refuses is reported as before.
    let err = refusal(
        &sandbox,
        b"(module (func (export \"f\") (result i32) (i64.const 0)))",
    );
    assert!(err.starts_with("invalid WebAssembly module: "), "{err}");
}

fn stats(sandbox: &Sandbox) -> CacheStats {
    sandbox.cache_stats().expect("a cache")
}

#[test]
fn the_cache_is_used_checked_and_repaired() {
    let dir = tempfile::tempdir().unwrap();
    let open = || {
        let cache = ModuleCache::open(dir.path().join("cache")).unwrap();
        Sandbox::with_compiler(
            Limits::default(),
            Compiler::Process(common::binary()),
            Some(cache),
        )
        .unwrap()
    };
    let bot = concat!(env!("CARGO_MANIFEST_DIR"), "/bots/greedy.wasm");
    let first = open();
    first.load(bot).unwrap().instantiate(1).unwrap();
    assert_eq!(
        stats(&first),
        CacheStats {
            misses: 1,
            stored: 1,
            ..CacheStats::default()
        }
    );
    // A second run finds it.
    let second = open();
    second.load(bot).unwrap().instantiate(1).unwrap();
    assert_eq!(
        stats(&second),
        CacheStats {
            hits: 1,
            ..CacheStats::default()
        }
    );
    // A corrupted entry is discarded and the module compiled again, silently.
    let entries = modules_in(&dir.path().join("cache"));
    assert_eq!(entries.len(), 1, "{entries:?}");
    let mut bytes = fs::read(&entries[0]).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x40;
    fs::write(&entries[0], &bytes).unwrap();
    let third = open();
    third.load(bot).unwrap().instantiate(1).unwrap();
    assert_eq!(
        stats(&third),
        CacheStats {
            discarded: 1,
            stored: 1,
            ..CacheStats::default()
        }
    );
    // A truncated one too.
    fs::write(&entries[0], &bytes[..100]).unwrap();
    let fourth = open();
    fourth.load(bot).unwrap();
    assert_eq!(stats(&fourth).discarded, 1);
    // The in-process compiler shares the entries (a different engine setting misses:
    // see the cache's unit tests, which change the engine's configuration).
    let other = {
        let cache = ModuleCache::open(dir.path().join("cache")).unwrap();
        let limits = Limits::default();
        Sandbox::with_compiler(limits, Compiler::InProcess, Some(cache)).unwrap()
    };
    other.load(bot).unwrap();
    assert_eq!(
        stats(&other).hits,
        1,
        "the same settings hit in process too"
    );
    // The same module in another sandbox whose fuel budget differs still hits: budgets
    // are not compiled in.
    let cache = ModuleCache::open(dir.path().join("cache")).unwrap();
    let limits = Limits {
        fuel_per_move: 7,
        ..Limits::default()
    };
    let budget =
        Sandbox::with_compiler(limits, Compiler::Process(common::binary()), Some(cache)).unwrap();
    budget.load(bot).unwrap();
    assert_eq!(stats(&budget).hits, 1);
}

#[test]
fn a_compile_bomb_is_disqualified_and_the_tournament_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let bots = dir.path().join("bots");
    fs::create_dir(&bots).unwrap();
    fs::write(bots.join("bomb.wasm"), nested_ifs(20_000)).unwrap();
    fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/bots/first_legal.wasm"),
        bots.join("first.wasm"),
    )
    .unwrap();
    let out = dir.path().join("out");
    let assert = Command::cargo_bin("arena")
        .unwrap()
        .env("ARENA_CACHE_DIR", dir.path().join("cache"))
        .args(["tournament", "builtin:random"])
        .arg(&bots)
        .args([
            "--rows",
            "5",
            "--cols",
            "5",
            "--best-of",
            "1",
            "--quiet",
            "--out",
        ])
        .arg(&out)
        .assert()
        .success();
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
    assert!(
        stderr.contains("disqualified: block nesting depth 10001 exceeds the limit of 10000"),
        "{stderr}"
    );
    let games = fs::read_to_string(out.join("games.csv")).unwrap();
    assert!(games.lines().count() > 1, "the others played: {games}");
    // The compiled module went into the cache.
    assert_eq!(modules_in(&dir.path().join("cache")).len(), 1);
}

#[test]
fn no_cache_when_turned_off() {
    let dir = tempfile::tempdir().unwrap();
    check_command(&dir.path().join("cache"))
        .env("ARENA_NO_CACHE", "1")
        .assert()
        .success();
    assert!(!dir.path().join("cache").exists());
}

/// `LoadError` stays matchable for the new refusals.
#[test]
fn refusals_have_their_own_variants() {
    let sandbox = Sandbox::new(Limits::default()).unwrap();
    match sandbox.load_bytes("bomb", &nested_ifs(10_001)) {
        Err(LoadError::CodeLimit { found, limit, .. }) => {
            assert_eq!((found, limit), (10_001, 10_000))
        }
        other => panic!("{other:?}"),
    }
}

/// `arena check` of the smallest example bot, one game, caching in `cache`.
fn check_command(cache: &std::path::Path) -> Command {
    let mut command = Command::cargo_bin("arena").unwrap();
    command
        .env("ARENA_CACHE_DIR", cache)
        .args(["check"])
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/bots/first_legal.wasm"
        ))
        .args(["--games", "1"]);
    command
}

/// [`check_command`] with the cache bounded by `max_mib`.
fn check_with_cache(cache: &std::path::Path, max_mib: &str) -> assert_cmd::assert::Assert {
    check_command(cache)
        .env("ARENA_CACHE_MAX_MIB", max_mib)
        .assert()
}

#[test]
fn the_cache_is_trimmed_to_its_bound_least_recently_used_first() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("cache");
    // Three old entries of 1 MiB (never checked, as trimming reads no entry), the first
    // the oldest, in a cache bounded to 2 MiB: the two oldest go, down to 1.5 MiB.
    ModuleCache::open(&cache).unwrap();
    let old: Vec<PathBuf> = (1..=3u8)
        .map(|n| {
            let path = cache.join(format!("{}.module", format!("{n:02x}").repeat(32)));
            fs::write(&path, vec![0u8; 1 << 20]).unwrap();
            let age = std::time::Duration::from_secs(3600 * u64::from(10 - n));
            fs::File::options()
                .append(true)
                .open(&path)
                .unwrap()
                .set_modified(std::time::SystemTime::now() - age)
                .unwrap();
            path
        })
        .collect();
    check_with_cache(&cache, "2").success();
    assert!(!old[0].exists() && !old[1].exists(), "the oldest two went");
    assert!(old[2].exists(), "the newest stayed");
    // The module the check compiled was stored: the newest and it.
    assert_eq!(modules_in(&cache).len(), 2);
}

/// The entries (`*.module`) of the cache folder `dir` (beside them: its `key`).
fn modules_in(dir: &std::path::Path) -> Vec<PathBuf> {
    fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "module"))
        .collect()
}

#[test]
fn a_bound_that_is_not_a_number_of_mib_is_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    for bad in ["lots", "0", "-5"] {
        let out = check_with_cache(&dir.path().join("cache"), bad).code(2);
        let stderr = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
        assert!(
            stderr.contains("ARENA_CACHE_MAX_MIB must be a whole number of MiB")
                && stderr.contains(bad),
            "{stderr}"
        );
    }
}

#[test]
fn the_metering_rewrite_runs_in_the_bounded_child_not_in_the_grader() {
    // The rewrite's time and memory grow with branches times the blocks they leave (a
    // 49 KB module made the grader itself take 1.5 GB): the child, under the compile
    // bounds, gets the module as handed in and rewrites it there.
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let received = dir.path().join("stdin");
    let child = dir.path().join("compiler.sh");
    fs::write(
        &child,
        format!("#!/bin/sh\ncat > '{}'\nexit 3\n", received.display()),
    )
    .unwrap();
    fs::set_permissions(&child, fs::Permissions::from_mode(0o755)).unwrap();
    let sandbox =
        Sandbox::with_compiler(Limits::default(), Compiler::Process(child), None).unwrap();
    let module = nested_ifs(3);
    match sandbox.load_bytes("bot", &module) {
        Err(LoadError::Compiler(_)) => {}
        other => panic!("expected the fake child's failure, got {other:?}"),
    }
    assert_eq!(fs::read(&received).unwrap(), module);
}
