//! Python as students write it: the standard modules a game bot uses import and play
//! reproducibly (`random` seeded from the game's bot seed), every other module is refused
//! with a reason true for it, the import guard is out of the script's reach, and faults,
//! names and `check`/`pack` speak Python.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};

use common::{arena, files};

fn fixture(name: &str) -> PathBuf {
    common::root().join("tests/fixtures/python").join(name)
}

/// `arena check FILE --games N` (MathTricks): what it printed and whether it passed.
fn check(path: &Path, games: &str) -> (String, bool) {
    let out = arena()
        .arg("check")
        .arg(path)
        .args(["--games", games])
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (text, out.status.success())
}

/// `source` written as `dir/name`, checked with one game.
fn check_script(dir: &Path, name: &str, source: &str) -> (String, bool) {
    let path = dir.join(name);
    fs::write(&path, source).unwrap();
    check(&path, "1")
}

#[test]
fn a_bot_using_the_standard_modules_is_ready() {
    let (text, ok) = check(&fixture("stdlib_bot.py"), "2");
    assert!(ok, "{text}");
    assert!(text.contains("verdict: READY"), "{text}");
}

#[test]
fn a_seeded_random_draws_cpythons_numbers() {
    // The numbers CPython 3 draws after `random.seed(42)` (its Mersenne Twister, seeded
    // the same way): a student's bot tried under CPython draws the same under arena.
    let tmp = tempfile::tempdir().unwrap();
    let (text, ok) = check_script(
        tmp.path(),
        "seeded.py",
        "import random\nrandom.seed(42)\nassert random.random() == 0.6394267984578837\n\
         assert random.choice(range(100)) == 3\nassert random.randrange(10**6) == 777572\n\
         assert random.sample(range(50), 3) == [17, 15, 14]\nl = list(range(10))\n\
         random.shuffle(l)\nassert l == [7, 9, 5, 6, 0, 3, 4, 8, 1, 2], l\n\
         def choose(state):\n    return state.legal_moves[0]\n",
    );
    assert!(ok, "{text}");
}

#[test]
fn a_bot_using_the_standard_modules_plays_the_same_moves_on_every_run() {
    let tmp = tempfile::tempdir().unwrap();
    let subs = tmp.path().join("subs");
    fs::create_dir_all(&subs).unwrap();
    for name in ["ana.py", "bo.py"] {
        fs::copy(fixture("stdlib_bot.py"), subs.join(name)).unwrap();
    }
    fs::copy(
        common::root().join("bots/greedy.wasm"),
        subs.join("greedy.wasm"),
    )
    .unwrap();
    let run = |label: &str, threads: &str| {
        let out = tmp.path().join(label);
        arena()
            .arg("tournament")
            .arg(&subs)
            .args([
                "--rows",
                "5",
                "--cols",
                "5",
                "--best-of",
                "3",
                "--seed",
                "7",
            ])
            .args(["--quiet", "--threads", threads, "--out"])
            .arg(&out)
            .assert()
            .success();
        out
    };
    let one = run("one", "1");
    let again = run("again", "1");
    let two = run("two", "2");
    let games = fs::read_to_string(one.join("games.csv")).unwrap();
    // Both Python bots played every game to its end: no fault of any kind.
    for fault in ["trap", "out of fuel", "instantiat", "memory cap"] {
        assert!(!games.contains(fault), "{fault}: {games}");
    }
    // Every file of the results (replays, moves and each game's log included) is the same
    // on a rerun and with two threads.
    let strip = |dir: &Path| {
        let mut all = files(dir);
        // The manifest records the thread count and the folder: compare the games.
        all.remove("tournament.json");
        all
    };
    assert_eq!(strip(&one), strip(&again), "a rerun differs");
    assert_eq!(strip(&one), strip(&two), "two threads differ from one");
    // `random` is seeded per game: the draws the top level logged differ between games.
    let logged: Vec<String> = files(&one)
        .values()
        .flat_map(|bytes| {
            String::from_utf8_lossy(bytes)
                .match_indices("first draw 0.")
                .map(|(at, _)| String::from_utf8_lossy(&bytes[at..at + 20]).into_owned())
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(logged.len() >= 4, "{logged:?}");
    let distinct: std::collections::BTreeSet<&String> = logged.iter().collect();
    assert!(
        distinct.len() >= 4,
        "the same draws in every game: {logged:?}"
    );
}

#[test]
fn the_import_guard_is_out_of_the_scripts_reach() {
    let (text, ok) = check(&fixture("escape.py"), "1");
    assert!(ok, "{text}");
    assert!(text.contains("verdict: READY"), "{text}");
    assert!(!text.contains("escaped"), "{text}");
}

#[test]
fn the_escape_test_sees_an_escape() {
    // The escape script is not a test that cannot fail: a script that reaches a
    // forbidden module through the same walk is flagged. `sys` is reachable (the
    // offered modules import it, as in any Python), so naming it forbidden fails.
    let tmp = tempfile::tempdir().unwrap();
    let source = fs::read_to_string(fixture("escape.py"))
        .unwrap()
        .replace("NEVER_BUILT = {", "NEVER_BUILT = {\"sys\", ");
    let (text, ok) = check_script(tmp.path(), "escape.py", &source);
    assert!(!ok, "{text}");
    assert!(text.contains("escaped: reachable sys"), "{text}");
}

#[test]
fn refused_modules_get_a_reason_true_for_them() {
    let tmp = tempfile::tempdir().unwrap();
    let cases = [
        ("sys", "it is the interpreter's own state"),
        ("os", "it reads and writes files, and a bot has none"),
        ("time", "it reads the clock"),
        ("secrets", "it draws the host's randomness; use `random`"),
        ("threading", "a bot runs on one thread"),
        ("socket", "a bot has no network"),
        (
            "numpy",
            "it is a package, not part of Python's standard library",
        ),
        ("json", "arena's interpreter does not carry it"),
    ];
    for (module, reason) in cases {
        // At the top level: the load is refused in arena's words, naming the module.
        let (text, ok) = check_script(
            tmp.path(),
            "top.py",
            &format!("import {module}\ndef choose(state):\n    return state.legal_moves[0]\n"),
        );
        assert!(!ok, "{module}: {text}");
        assert!(
            text.contains(&format!(
                "top.py raised ImportError at line 1: module `{module}` is not available to a \
                 Python bot: {reason}"
            )),
            "{module}: {text}"
        );
        assert!(text.contains("(offered: "), "{text}");
        // In `choose`: the fault is Python's ImportError, with the same reason.
        let (text, ok) = check_script(
            tmp.path(),
            "late.py",
            &format!("def choose(state):\n    import {module}\n    return 0\n"),
        );
        assert!(!ok, "{module}: {text}");
        assert!(
            text.contains(&format!(
                "ImportError: arena: module '{module}' is not available to a Python bot: \
                 {reason}"
            )),
            "{module}: {text}"
        );
        assert!(text.contains("(late.py, line 2, in choose)"), "{text}");
    }
}

#[test]
fn python_faults_are_shown_in_pythons_words() {
    let tmp = tempfile::tempdir().unwrap();
    let (text, ok) = check_script(
        tmp.path(),
        "divide.py",
        "def helper(n):\n    return n // 0\n\ndef choose(state):\n    return helper(3)\n",
    );
    assert!(!ok, "{text}");
    assert!(
        text.contains(
            "trap: ZeroDivisionError: integer division by zero (divide.py, line 2, in helper)"
        ),
        "{text}"
    );
    assert!(!text.contains("unreachable"), "{text}");
    assert!(!text.contains("bot.py"), "{text}");
    // A script that loads is a module named after its file, not `__main__`: the usual
    // `if __name__ == "__main__":` block of a script tested by hand does not run.
    let (text, ok) = check_script(
        tmp.path(),
        "alice.py",
        "assert __name__ == 'alice', __name__\nif __name__ == '__main__':\n    \
         raise SystemExit('ran as a script')\ndef choose(state):\n    return state.legal_moves[0]\n",
    );
    assert!(ok, "{text}");
}

#[test]
fn check_of_a_script_lists_no_interpreter_imports_or_exports() {
    let (text, ok) = check(&fixture("stdlib_bot.py"), "1");
    assert!(ok, "{text}");
    assert!(!text.contains("wasi_snapshot_preview1"), "{text}");
    assert!(!text.contains("export "), "{text}");
    assert!(!text.contains("import "), "{text}");
}

#[test]
fn a_packed_python_bot_gets_python_advice_on_its_size() {
    let tmp = tempfile::tempdir().unwrap();
    let script = tmp.path().join("packed.py");
    fs::copy(common::root().join("bots/py_greedy.py"), &script).unwrap();
    arena().arg("pack").arg(&script).assert().success();
    let (text, ok) = check(&tmp.path().join("packed.wasm"), "2");
    assert!(ok, "{text}");
    assert!(
        !text.contains("strip = true") && !text.contains("-O2"),
        "{text}"
    );
    assert!(
        text.contains("arena's Python interpreter with the script inside"),
        "{text}"
    );
}

#[test]
fn the_interpreter_fits_its_caps_with_the_standard_modules() {
    // What the standard modules cost in size and start-up (docs/PYTHON.md, "What the
    // standard modules cost"): printed with --nocapture, and held to the caps that make
    // them usable.
    use arena::python::{interpreter_snapshot, INTERPRETER, INTERPRETER_CAP, PREINIT_FUEL};
    use arena::runtime::{snapshot, Limits, Sandbox};
    let sandbox = Sandbox::new(Limits::default()).unwrap();
    let instrumented = snapshot::instrument(INTERPRETER).unwrap();
    let loaded = sandbox
        .load_trusted("python", &instrumented, INTERPRETER_CAP)
        .unwrap();
    let mut instance = loaded.preinit_instance(PREINIT_FUEL).unwrap();
    instance.call("arena_py_init").unwrap();
    let init_fuel = instance.fuel_used();
    let snap = interpreter_snapshot(&sandbox).unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let script = tmp.path().join("greedy.py");
    fs::copy(common::root().join("bots/py_greedy.py"), &script).unwrap();
    arena().arg("pack").arg(&script).assert().success();
    let packed = fs::metadata(tmp.path().join("greedy.wasm")).unwrap().len();
    println!(
        "interpreter {} bytes, pre-initialisation {init_fuel} fuel, snapshot {} bytes, \
         packed py_greedy {packed} bytes",
        INTERPRETER.len(),
        snap.len()
    );
    assert!(init_fuel < PREINIT_FUEL / 2, "{init_fuel}");
    assert!((snap.len() as u64) < INTERPRETER_CAP, "{}", snap.len());
    assert!(packed < Limits::default().module_bytes, "{packed}");
}

#[test]
fn a_python_bot_plays_every_game_of_one_to_four_seats() {
    // The interpreter declares `arena_plays` for every game: `check` of a table game
    // plays it.
    let tmp = tempfile::tempdir().unwrap();
    let two_seat: Vec<&str> = arena_games::games().iter().map(|k| k.info().name).collect();
    let mut checked = 0;
    for kind in arena_games::registry::table_games() {
        let game = kind.info().name;
        if two_seat.contains(&game) {
            continue;
        }
        let script = tmp.path().join(format!("py_{game}.py"));
        fs::write(
            &script,
            "import random\n\ndef choose(state):\n    assert state.seats >= 1\n    \
             return random.choice(state.legal_moves)\n",
        )
        .unwrap();
        let out = arena()
            .arg("check")
            .arg(&script)
            .args(["--game", game, "--games", "2"])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(out.status.success(), "{game}:\n{text}");
        assert!(text.contains("verdict: READY"), "{game}:\n{text}");
        checked += 1;
    }
    assert!(checked >= 4, "{checked} table games");
}

/// `arena pack` of the bot using the standard modules (`math`, `random`, `collections`,
/// `heapq`, `itertools`, `functools`, `typing`, `dataclasses`, `enum`, `re`, ...) gives a
/// module under the 8 MiB module cap (its memory compressed), which `check` finds ready
/// and which plays the same moves on a rerun and with other thread counts, `random`
/// seeded per game.
#[test]
fn a_packed_bot_using_the_standard_modules_fits_is_ready_and_plays_reproducibly() {
    let tmp = tempfile::tempdir().unwrap();
    let subs = tmp.path().join("subs");
    fs::create_dir_all(&subs).unwrap();
    for name in ["ana", "bo"] {
        let script = tmp.path().join(format!("{name}.py"));
        fs::copy(fixture("stdlib_bot.py"), &script).unwrap();
        let module = subs.join(format!("{name}.wasm"));
        arena()
            .arg("pack")
            .arg(&script)
            .arg("--out")
            .arg(&module)
            .assert()
            .success();
        let size = fs::metadata(&module).unwrap().len();
        println!("packed stdlib_bot.py: {size} bytes");
        assert!(
            size < arena::runtime::Limits::default().module_bytes,
            "{size} bytes"
        );
    }
    let (text, ok) = check(&subs.join("ana.wasm"), "2");
    assert!(ok && text.contains("verdict: READY"), "{text}");
    fs::copy(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("bots/greedy.wasm"),
        subs.join("greedy.wasm"),
    )
    .unwrap();
    let run = |label: &str, threads: &str| {
        let out = tmp.path().join(label);
        arena()
            .arg("tournament")
            .arg(&subs)
            .args([
                "--rows",
                "5",
                "--cols",
                "5",
                "--best-of",
                "3",
                "--seed",
                "7",
            ])
            .args(["--quiet", "--threads", threads, "--out"])
            .arg(&out)
            .assert()
            .success();
        out
    };
    let one = run("one", "1");
    let again = run("again", "1");
    let three = run("three", "3");
    let games = fs::read_to_string(one.join("games.csv")).unwrap();
    for fault in ["trap", "out of fuel", "instantiat", "memory cap"] {
        assert!(!games.contains(fault), "{fault}: {games}");
    }
    let strip = |dir: &Path| {
        let mut all = files(dir);
        all.remove("tournament.json");
        all
    };
    assert_eq!(strip(&one), strip(&again), "a rerun differs");
    assert_eq!(strip(&one), strip(&three), "three threads differ from one");
    // Every game of the round-robin was played (three bots, best of 3).
    let replays = fs::read_to_string(one.join("games.jsonl")).unwrap();
    assert!(replays.lines().count() >= 6, "{replays}");
}
