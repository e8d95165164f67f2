//! Python bots: `bots/py_greedy.py` makes the same moves as `builtin:greedy`, hostile
//! scripts are contained with a reason a student can act on, `.py` files are taken by
//! intake like modules, and results stay deterministic.

use crate::common::{self, arena_with_timeout, root};

use crate::common::boards;

use std::fs;
use std::path::Path;
use std::sync::OnceLock;

use arena::bot::{Bot, BuiltinBot};
use arena::runtime::{Compiler, Limits, ModuleCache, Sandbox, WasmModule};
use arena::seeds::derive;
use arena_games::rng::GameRng;
use arena_games::{find_game, AnyGame, GameKind, GameParams};
use boards::extreme_board;

/// One sandbox for the library-level tests (the interpreter is prepared once), with the
/// tests' module cache so that reruns do not compile it again.
fn sandbox() -> &'static Sandbox {
    static SANDBOX: OnceLock<Sandbox> = OnceLock::new();
    SANDBOX.get_or_init(|| {
        let cache = ModuleCache::open(common::CACHE_DIR).ok();
        Sandbox::with_compiler(Limits::default(), Compiler::InProcess, cache).unwrap()
    })
}

fn py_greedy() -> WasmModule {
    arena::field::load_module(sandbox(), "py_greedy", &root().join("bots/py_greedy.py"))
        .result
        .unwrap_or_else(|e| panic!("bots/py_greedy.py: {e}"))
}

/// Plays `game` to its end, both seats asking the Python bot (a fresh instance per seat)
/// and `builtin:greedy`; they must agree on every move. Returns the plies played.
fn same_moves(module: &WasmModule, kind: &dyn GameKind, mut game: Box<dyn AnyGame>, seed: u64) {
    let setup = game.setup();
    let seeds = [derive(seed, "py", &[&1]), derive(seed, "py", &[&2])];
    let mut ours = seeds.map(|s| module.instantiate(s).unwrap());
    let twin = || BuiltinBot::new(kind, "greedy", None).unwrap();
    let mut theirs = [twin(), twin()];
    let mut words = Vec::new();
    let mut ply = 0u32;
    while !game.is_terminal() {
        let seat = game.to_move().index();
        game.observation(ply, seeds[seat], &mut words);
        let expected = theirs[seat].choose_move(&words).unwrap().raw;
        let got = ours[seat]
            .choose_move(&words)
            .unwrap_or_else(|f| {
                let out = ours[seat].output();
                panic!("py_greedy faulted at ply {ply} of `{setup}`: {f}\n{out}")
            })
            .raw;
        assert_eq!(
            got, expected,
            "py_greedy and builtin:greedy disagree at ply {ply} of `{setup}`"
        );
        game.play(got).unwrap();
        ply += 1;
    }
    assert!(ply > 0, "no move played in `{setup}`");
}

#[test]
fn py_greedy_makes_the_moves_of_builtin_greedy_on_many_boards() {
    let kind = find_game("mathtricks").unwrap();
    let module = py_greedy();
    for seed in 0..16 {
        let size = 4 + (seed % 5) as u32;
        let game = kind
            .new_game(&GameParams::sized(size, 12 - size), seed)
            .unwrap();
        same_moves(&module, kind, game, seed);
    }
    let mut rng = GameRng::new(2026);
    for i in 0..12 {
        let line = extreme_board(&mut rng, 4).to_line();
        same_moves(
            &module,
            kind,
            kind.start_from_setup(&line).unwrap(),
            100 + i,
        );
    }
}

#[test]
fn python_bots_see_the_same_seed_and_get_the_same_moves() {
    // A bot that draws its moves from state.seed: the same seeds, the same game.
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("seeded.py");
    fs::write(
        &script,
        "def choose(state):\n    i = (state.seed * 6364136223846793005 + state.ply) % (1 << 64)\n    \
         return state.legal_moves[(i >> 33) % len(state.legal_moves)]\n",
    )
    .unwrap();
    let module = arena::field::load_module(sandbox(), "seeded", &script)
        .result
        .unwrap();
    let kind = find_game("mathtricks").unwrap();
    let play = || {
        let mut game = kind.new_game(&GameParams::default(), 5).unwrap();
        let mut bots = [
            module.instantiate(1).unwrap(),
            module.instantiate(2).unwrap(),
        ];
        let (mut words, mut moves, mut ply) = (Vec::new(), Vec::new(), 0);
        while !game.is_terminal() {
            let seat = game.to_move().index();
            game.observation(ply, seat as u64 + 1, &mut words);
            let mv = bots[seat].choose_move(&words).unwrap().raw;
            game.play(mv).unwrap();
            moves.push(mv);
            ply += 1;
        }
        moves
    };
    let first = play();
    assert!(first.len() > 4);
    assert_eq!(first, play());
}

/// `arena check SCRIPT --games 1` on a script written into `dir`: its stdout and
/// whether it passed.
fn check_script(dir: &Path, name: &str, source: &[u8]) -> (String, bool) {
    let path = dir.join(name);
    fs::write(&path, source).unwrap();
    let out = arena_with_timeout(600)
        .arg("check")
        .arg(&path)
        .args(["--games", "1"])
        .output()
        .unwrap();
    (String::from_utf8(out.stdout).unwrap(), out.status.success())
}

#[test]
fn check_passes_the_python_example_and_shows_its_instantiation_fuel() {
    let out = arena_with_timeout(600)
        .arg("check")
        .arg(root().join("bots/py_greedy.py"))
        .args(["--games", "2"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{text}");
    assert!(text.contains("verdict: READY"), "{text}");
    assert!(
        text.contains("instantiation: ") && text.contains(" fuel ("),
        "{text}"
    );
}

#[test]
fn hostile_python_is_contained_with_a_reason() {
    let dir = tempfile::tempdir().unwrap();
    let cases: &[(&str, &[u8], &str)] = &[
        (
            "spin.py",
            b"def choose(state):\n    while True:\n        pass\n",
            "out of fuel",
        ),
        ("spin_at_load.py", b"while True:\n    pass\n", "out of fuel"),
        (
            "hog.py",
            b"def choose(state):\n    s = 'x'\n    while True:\n        s = s + s\n",
            "memory cap reached",
        ),
        (
            "huge.py",
            b"def choose(state):\n    return len([0] * (10 ** 9))\n",
            "trap: MemoryError: a request for more memory than can exist",
        ),
        (
            "deep.py",
            b"def f(n):\n    return f(n + 1) + 1\ndef choose(state):\n    return f(0)\n",
            "RecursionError",
        ),
        (
            "files.py",
            b"import os\ndef choose(state):\n    return 0\n",
            "files.py raised ImportError at line 1: module `os` is not available to a Python bot",
        ),
        (
            "clock.py",
            b"import time\ndef choose(state):\n    return 0\n",
            "module `time` is not available to a Python bot",
        ),
        (
            "wire.py",
            b"def choose(state):\n    import socket\n    return 0\n",
            "module 'socket' is not available to a Python bot: a bot has no network",
        ),
        (
            "typo.py",
            b"def choose(state)\n    return 0\n",
            "typo.py does not compile",
        ),
        ("empty.py", b"x = 1\n", "defines no `choose` function"),
        (
            "word.py",
            b"def choose(state):\n    return 'north'\n",
            "choose returned 'north', expected an int move",
        ),
        ("bytes.py", b"\xff\xfe", "not UTF-8"),
    ];
    for (name, source, reason) in cases {
        let (out, ok) = check_script(dir.path(), name, source);
        assert!(!ok, "{name} passed:\n{out}");
        assert!(out.contains(reason), "{name}: no `{reason}` in:\n{out}");
        assert!(out.contains("verdict: NOT READY"), "{name}:\n{out}");
    }
    // A script past its cap is refused unread, with that one reason (never a module's).
    let (out, ok) = check_script(dir.path(), "long.py", &b"x = 1\n".repeat(200_000));
    assert!(!ok);
    assert!(
        out.contains("more than the 1 MiB cap of a Python bot"),
        "{out}"
    );
    assert!(!out.contains("WebAssembly"), "{out}");
}

#[test]
fn a_script_that_does_not_load_is_never_quoted() {
    // A credentials file handed in as `.py`, and scripts whose load errors would quote
    // it: the reason keeps the kind and the place, in every results file and on screen.
    let tmp = tempfile::tempdir().unwrap();
    let subs = tmp.path().join("subs");
    fs::create_dir_all(&subs).unwrap();
    fs::copy(root().join("bots/py_greedy.py"), subs.join("ana.py")).unwrap();
    let scripts: &[(&str, &str, &str)] = &[
        (
            "secret.py",
            "SECRET_KEY = \"hunter2\"\nthis is not python hunter2\n",
            "secret.py does not compile: invalid syntax at line 2, column 20",
        ),
        (
            "undefined.py",
            "print('hunter2 printed')\nAPI_KEY = hunter2\n",
            "undefined.py raised NameError at line 2",
        ),
        (
            "raises.py",
            "class Hunter2(Exception):\n    pass\nraise Hunter2('hunter2')\n",
            "raises.py raised an exception of a class it defines at line 3",
        ),
        (
            "imports.py",
            "import hunter2\n",
            "imports.py raised ImportError at line 1: a module that is not available to a \
             Python bot",
        ),
        (
            "printed.py",
            "print('hunter2')\n",
            "printed.py defines no `choose` function",
        ),
    ];
    for (name, source, _) in scripts {
        fs::write(subs.join(name), source).unwrap();
    }
    let out = tmp.path().join("out");
    let run = arena_with_timeout(600)
        .arg("tournament")
        .arg(&subs)
        .args(["--rows", "5", "--cols", "5", "--best-of", "1", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    assert!(run.status.success());
    let shown = format!(
        "{}{}",
        String::from_utf8_lossy(&run.stdout),
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(!shown.contains("hunter2"), "{shown}");
    let mut files = vec![out.clone()];
    while let Some(path) = files.pop() {
        if path.is_dir() {
            files.extend(fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
        } else {
            let text = String::from_utf8_lossy(&fs::read(&path).unwrap()).to_string();
            assert!(
                !text.contains("hunter2"),
                "{} quotes the script",
                path.display()
            );
        }
    }
    let standings = fs::read_to_string(out.join("standings.csv")).unwrap();
    for (name, source, reason) in scripts {
        assert!(
            standings.contains(reason),
            "{name}: no `{reason}` in {standings}"
        );
        let (text, ok) = check_script(tmp.path(), name, source.as_bytes());
        assert!(!ok && text.contains(reason), "{name}: {text}");
        assert!(!text.contains("hunter2"), "{text}");
        let packed = arena_with_timeout(600)
            .arg("pack")
            .arg(tmp.path().join(name))
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&packed.stderr).to_string();
        assert!(err.contains(reason) && !err.contains("hunter2"), "{err}");
    }
}

#[test]
fn a_panic_at_the_top_level_says_why_as_in_choose() {
    let dir = tempfile::tempdir().unwrap();
    let (text, ok) = check_script(
        dir.path(),
        "huge.py",
        b"x = [0] * 10**9
",
    );
    assert!(!ok);
    assert!(
        text.contains(
            "could not instantiate: trap: MemoryError: a request for more memory than can \
             exist (capacity overflow)"
        ) && !text.contains("unreachable"),
        "{text}"
    );
}

#[test]
fn tournaments_take_py_files_and_student_folders_and_stay_deterministic() {
    let tmp = tempfile::tempdir().unwrap();
    let subs = tmp.path().join("subs");
    fs::create_dir_all(subs.join("bo")).unwrap();
    fs::copy(root().join("bots/py_greedy.py"), subs.join("ana.py")).unwrap();
    fs::copy(root().join("bots/py_greedy.py"), subs.join("bo/bot.py")).unwrap();
    fs::write(subs.join("cy.py"), "def choose(state)\n").unwrap();
    fs::copy(root().join("bots/greedy.wasm"), subs.join("di.wasm")).unwrap();
    let run = |threads: &str| {
        let out = tmp.path().join(format!("out{threads}"));
        arena_with_timeout(600)
            .arg("tournament")
            .arg(&subs)
            .args([
                "--rows",
                "5",
                "--cols",
                "6",
                "--best-of",
                "1",
                "--seed",
                "3",
            ])
            .args(["--quiet", "--threads", threads, "--out"])
            .arg(&out)
            .assert()
            .success();
        out
    };
    let (one, two) = (run("1"), run("2"));
    let manifest: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(one.join("tournament.json")).unwrap()).unwrap();
    let names: Vec<&str> = manifest["bots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["ana", "bo", "cy", "di"], "{manifest}");
    let standings = fs::read_to_string(one.join("standings.csv")).unwrap();
    assert!(standings.contains("cy.py does not compile"), "{standings}");
    // `verify` re-plays the games, the Python bots loaded from their scripts again.
    arena_with_timeout(600)
        .arg("verify")
        .arg(&one)
        .arg(&subs)
        .assert()
        .success();
    for f in ["games.csv", "series.csv", "standings.csv"] {
        assert_eq!(
            fs::read(one.join(f)).unwrap(),
            fs::read(two.join(f)).unwrap(),
            "{f} differs between 1 and 2 threads"
        );
    }
}

#[test]
fn new_bot_python_plays_every_game() {
    let tmp = tempfile::tempdir().unwrap();
    for kind in arena_games::registry::table_games() {
        let game = kind.info().name;
        let name = format!("py_{game}");
        arena_with_timeout(600)
            .current_dir(tmp.path())
            .args(["new-bot", "--lang", "python", "--game", game, &name])
            .assert()
            .success();
        let script = tmp.path().join(&name).join(format!("{name}.py"));
        let out = arena_with_timeout(600)
            .arg("check")
            .arg(&script)
            .args(["--game", game, "--games", "2"])
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(out.status.success(), "{game}:\n{text}");
    }
}

/// A Python bot plays the games of one to four seats in a tournament: minesweeper alone
/// against the builtins' leaderboard and pursuit at tables of two and three, every game
/// ending normally, and `check` says READY for tic-tac-toe.
#[test]
fn python_bots_play_the_table_games_in_tournaments() {
    let tmp = tempfile::tempdir().unwrap();
    let script = tmp.path().join("walker.py");
    fs::write(
        &script,
        "import random\n\ndef choose(state):\n    assert state.seats >= 1 and state.legal_moves\n    return random.choice(state.legal_moves)\n",
    )
    .unwrap();
    let check = arena_with_timeout(600)
        .arg("check")
        .arg(&script)
        .args(["--game", "tictactoe", "--games", "2"])
        .output()
        .unwrap();
    let text = String::from_utf8(check.stdout).unwrap();
    assert!(
        check.status.success() && text.contains("verdict: READY"),
        "{text}"
    );
    for (game, extra) in [
        ("minesweeper", vec!["--rounds", "3"]),
        ("pursuit", vec![]),
        ("pursuit", vec!["--option", "players=3"]),
    ] {
        let out = tmp.path().join(format!("{game}{}", extra.len()));
        arena_with_timeout(600)
            .arg("tournament")
            .arg(&script)
            .args(["builtin:random", "builtin:greedy", "--game", game])
            .args(&extra)
            .args(["--threads", "1", "--quiet", "--out"])
            .arg(&out)
            .assert()
            .success();
        let csv = fs::read_to_string(out.join("games.csv")).unwrap();
        let mut rows = csv.lines();
        let header: Vec<&str> = rows.next().unwrap().split(',').collect();
        let end = header.iter().position(|h| *h == "end").unwrap();
        let mine: Vec<&str> = rows.filter(|r| r.contains("walker")).collect();
        assert!(!mine.is_empty(), "{game}: {csv}");
        for row in mine {
            assert_eq!(row.split(',').nth(end), Some("normal"), "{game}: {row}");
        }
    }
}

#[test]
fn pack_writes_an_ordinary_module_that_plays_like_the_script() {
    let tmp = tempfile::tempdir().unwrap();
    let script = tmp.path().join("ana.py");
    fs::copy(root().join("bots/py_greedy.py"), &script).unwrap();
    arena_with_timeout(600)
        .arg("pack")
        .arg(&script)
        .assert()
        .success();
    let packed = tmp.path().join("ana.wasm");
    let bytes = fs::read(&packed).unwrap();
    assert!(
        bytes.starts_with(b"\0asm") && bytes.len() < 8 << 20,
        "{} bytes",
        bytes.len()
    );
    let again = tmp.path().join("again.wasm");
    arena_with_timeout(600)
        .arg("pack")
        .arg(&script)
        .arg("-o")
        .arg(&again)
        .assert()
        .success();
    assert_eq!(bytes, fs::read(&again).unwrap(), "pack is deterministic");
    // An --out that is not a .wasm name (the script itself, say) is refused, untouched.
    let source = fs::read(&script).unwrap();
    for name in ["ana.py", "ana", "ana.wat"] {
        arena_with_timeout(600)
            .arg("pack")
            .arg(&script)
            .arg("--out")
            .arg(tmp.path().join(name))
            .assert()
            .code(2)
            .stderr(predicates::str::contains("must end in .wasm"));
    }
    assert_eq!(fs::read(&script).unwrap(), source);
    let out = arena_with_timeout(600)
        .arg("check")
        .arg(&packed)
        .args(["--games", "2"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{text}");
    // Instantiation only decodes the module's compressed memory: well inside the budget
    // (docs/PYTHON.md, "What `arena pack` costs").
    let fuel: u64 = text
        .split("instantiation: ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no instantiation fuel: {text}"));
    assert!(fuel < 50_000_000, "{text}");

    // The packed module makes the script's moves (and so builtin:greedy's).
    let module = sandbox().load(&packed).unwrap();
    let kind = find_game("mathtricks").unwrap();
    for seed in 0..4 {
        let game = kind.new_game(&GameParams::sized(6, 7), seed).unwrap();
        same_moves(&module, kind, game, seed);
    }

    let broken = tmp.path().join("broken.py");
    fs::write(&broken, "def choose(state)\n").unwrap();
    let out = arena_with_timeout(600)
        .arg("pack")
        .arg(&broken)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("broken.py does not compile"), "{err}");
    assert!(!tmp.path().join("broken.wasm").exists());
    let out = arena_with_timeout(600)
        .arg("pack")
        .arg(&packed)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("takes a Python bot"), "{err}");
}

#[test]
fn a_snapshot_starts_where_the_calls_left_off_and_is_the_same_bytes_every_time() {
    use arena::runtime::snapshot;
    // `_initialize` and `setup` change a mutable global, a memory cell and the memory's
    // size; `choose_move` answers with all three. Without the snapshot it answers 0.
    let wat = r#"(module
        (memory (export "memory") 1)
        (global $g (mut i32) (i32.const 0))
        (global $k i32 (i32.const 1000))
        (func (export "_initialize") (global.set $g (i32.const 7)))
        (func (export "setup")
            (global.set $g (i32.add (global.get $g) (i32.const 30)))
            (drop (memory.grow (i32.const 1)))
            (i32.store (i32.const 70000) (i32.const 500)))
        (func (export "arena_alloc") (param i32) (result i32) (i32.const 16))
        (func (export "choose_move") (param i32 i32) (result i32)
            (i32.add (i32.add (global.get $g) (i32.load (i32.const 70000)))
                (i32.mul (memory.size) (global.get $k)))))"#;
    let module = wat::parse_str(wat).unwrap();
    let sandbox = Sandbox::new(Limits::default()).unwrap();
    let snap = || {
        let instrumented = snapshot::instrument(&module).unwrap();
        let loaded = sandbox.load_trusted("t", &instrumented, 1 << 20).unwrap();
        let mut instance = loaded.preinit_instance(1_000_000).unwrap();
        instance.call("setup").unwrap();
        let globals = snapshot::defined_globals(&module).unwrap();
        let state = instance.state(globals).unwrap();
        snapshot::rewrite(&module, &state, &["setup"], snapshot::MemoryImage::Runs).unwrap()
    };
    let bytes = snap();
    assert_eq!(bytes, snap(), "the same calls give the same bytes");
    let bot = sandbox.load_bytes("snap", &bytes).unwrap();
    assert!(bot
        .exports()
        .iter()
        .all(|e| e.name != "setup" && e.name != "_initialize"));
    let mut b = bot.instantiate(0).unwrap();
    let mut words = Vec::new();
    arena_games::abi::begin(&mut words, 1, arena_games::Player::First, 0, 0);
    // 7 + 30 from the calls, 500 in memory, 2 pages (one grown) x 1000.
    assert_eq!(b.choose_move(&words).unwrap().raw, 2537);
    assert_eq!(
        b.instantiation_fuel(),
        0,
        "nothing runs at instantiation any more"
    );
}
