//! arena's own fuel metering (the default engine setting, `ARENA_METERING=arena`,
//! `src/runtime/metering/`) against wasmtime's fuel (`ARENA_METERING=wasmtime`), through
//! the real binary: every hostile shape ends out of fuel, never hangs; a move's charged
//! fuel equals wasmtime's exact count, and every verdict is wasmtime's, also at budgets
//! at the very edge of a move's cost (where the call is played again on wasmtime's
//! fuel), for the fixtures, for every example bot and for generated programs of nested
//! blocks, loops, arms, branches of every kind, calls and bulk memory; tournaments are
//! byte-identical under both. No test looks at the wall clock.

use crate::common;

use std::path::PathBuf;

use assert_cmd::Command;
use serde_json::Value;

/// The two settings that rewrite modules.
const REWRITES: [&str; 1] = ["arena"];

fn fixture(dir: &str, name: &str) -> PathBuf {
    common::root().join("tests/fixtures").join(dir).join(name)
}

/// `arena check PATH --json ARGS...` under `metering`, with a cache of its own; the
/// parsed report.
fn run_check(path: &std::path::Path, metering: &str, args: &[&str]) -> Value {
    let cache = tempfile::tempdir().unwrap();
    let out = Command::cargo_bin("arena")
        .unwrap()
        .env("NO_COLOR", "1")
        .env("ARENA_CACHE_DIR", common::CACHE_DIR)
        .env("ARENA_METERING", metering)
        .env("ARENA_CACHE_DIR", cache.path())
        .arg("check")
        .arg(path)
        // One game for every module (an any-game example would be checked in each).
        .args(["--json", "--game", "mathtricks"])
        .args(args)
        .output()
        .unwrap();
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{}: no JSON report ({e}): {}",
            path.display(),
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

/// `arena check FIXTURE --json --games 1 --fuel FUEL` under `metering`.
fn check(path: PathBuf, metering: &str, fuel: u64) -> Value {
    run_check(
        &path,
        metering,
        &["--games", "1", "--fuel", &fuel.to_string()],
    )
}

/// The kind of the first game's fault, if any.
fn first_fault(report: &Value) -> Option<String> {
    report["games"][0]["fault"]["kind"]
        .as_str()
        .map(str::to_string)
}

/// The fuel of the one move of a fixture that plays one move and then loses.
fn move_fuel(name: &str, metering: &str) -> u64 {
    let report = check(fixture("metering", name), metering, 1_000_000);
    report["fuel"]["max"]
        .as_u64()
        .unwrap_or_else(|| panic!("{name}: no fuel figure in {report}"))
}

fn assert_out_of_fuel(dir: &str, name: &str) {
    for metering in REWRITES {
        let report = check(fixture(dir, name), metering, 2_000_000);
        assert_eq!(
            first_fault(&report).as_deref(),
            Some("fuel"),
            "{name} under {metering}: {report}"
        );
    }
}

#[test]
fn an_endless_loop_runs_out_of_fuel() {
    assert_out_of_fuel("hostile", "loop_in_move.wat");
}

#[test]
fn endless_recursion_in_width_runs_out_of_fuel() {
    assert_out_of_fuel("metering", "recursion_wide.wat");
}

#[test]
fn mutual_recursion_of_loop_free_functions_runs_out_of_fuel() {
    assert_out_of_fuel("metering", "mutual_recursion.wat");
}

#[test]
fn recursion_through_the_table_runs_out_of_fuel() {
    assert_out_of_fuel("metering", "indirect_recursion.wat");
}

#[test]
fn filling_the_whole_memory_in_a_loop_runs_out_of_fuel() {
    assert_out_of_fuel("metering", "fill_whole_memory.wat");
}

#[test]
fn copying_the_whole_memory_in_a_loop_runs_out_of_fuel() {
    assert_out_of_fuel("metering", "copy_whole_memory.wat");
}

#[test]
fn host_calls_in_a_loop_run_out_of_fuel() {
    assert_out_of_fuel("metering", "host_calls.wat");
}

#[test]
fn br_table_into_loops_runs_out_of_fuel() {
    assert_out_of_fuel("metering", "br_table_loops.wat");
}

#[test]
fn a_loop_exiting_to_an_outer_block_runs_out_of_fuel() {
    assert_out_of_fuel("metering", "loop_exits_to_block.wat");
}

#[test]
fn folded_helpers_called_in_a_loop_run_out_of_fuel() {
    assert_out_of_fuel("metering", "folded_calls.wat");
}

#[test]
fn a_loop_in_the_start_function_fails_instantiation_out_of_fuel() {
    for metering in REWRITES {
        let report = check(fixture("hostile", "loop_in_start.wat"), metering, 1_000_000);
        let fault = report["instantiation"]["fault"]
            .as_str()
            .unwrap_or_default();
        assert!(fault.contains("out of fuel"), "{metering}: {report}");
    }
}

#[test]
fn the_bots_own_unreachable_is_a_trap_not_out_of_fuel() {
    for metering in REWRITES {
        let report = check(fixture("hostile", "unreachable.wat"), metering, 1_000_000);
        assert_eq!(
            first_fault(&report).as_deref(),
            Some("trap"),
            "{metering}: {report}"
        );
    }
}

#[test]
fn a_straight_loop_is_charged_exactly_what_wasmtime_counts() {
    assert_eq!(move_fuel("counted.wat", "wasmtime"), 7004);
    for metering in REWRITES {
        assert_eq!(move_fuel("counted.wat", metering), 7004, "{metering}");
    }
}

#[test]
fn folded_helpers_are_charged_exactly_what_wasmtime_counts() {
    let exact = move_fuel("counted_calls.wat", "wasmtime");
    // 100 iterations of at least the call, the helpers and the loop's test.
    assert!(exact > 100 * 20, "{exact}");
    for metering in REWRITES {
        assert_eq!(
            move_fuel("counted_calls.wat", metering),
            exact,
            "{metering}"
        );
    }
}

#[test]
fn dear_arms_of_an_if_are_charged_only_when_taken() {
    // Exact: 15 operators an iteration (the cheap arm), 1000 iterations, 2 more and 1
    // for each of the 2 calls.
    assert_eq!(move_fuel("branchy.wat", "wasmtime"), 15_004);
    for metering in REWRITES {
        assert_eq!(move_fuel("branchy.wat", metering), 15_004, "{metering}");
    }
}

#[test]
fn code_skipped_by_an_early_exit_is_given_back() {
    // Exact: 11 operators an iteration (the exit taken), 1000 iterations, 4 more. The
    // region pays the skipped 12 operators on entry and gets them back when the exit is
    // taken.
    assert_eq!(move_fuel("early_exit.wat", "wasmtime"), 11_004);
    for metering in REWRITES {
        assert_eq!(move_fuel("early_exit.wat", metering), 11_004, "{metering}");
    }
}

#[test]
fn refunds_given_back_where_their_branch_lands_keep_the_count_exact() {
    // Switch cases, a loop's exit, a block with a value and shared targets, each label
    // reached only by its branch (or not): the count is wasmtime's either way.
    let exact = move_fuel("landings.wat", "wasmtime");
    assert!(exact > 20_000, "{exact}");
    for metering in REWRITES {
        assert_eq!(move_fuel("landings.wat", metering), exact, "{metering}");
    }
    // Block params and results, several regions, chains of landings (a review's cases).
    for name in [
        "landings_multivalue.wat",
        "landings_regions.wat",
        "landings_chains.wat",
    ] {
        let exact = move_fuel(name, "wasmtime");
        assert!(exact > 1_000, "{name}: {exact}");
        for metering in REWRITES {
            assert_eq!(move_fuel(name, metering), exact, "{name} {metering}");
        }
    }
}

#[test]
fn bulk_memory_is_charged_by_the_byte_as_wasmtime_does() {
    // wasmtime's default operator costs: 1 per byte of `memory.copy` and `memory.fill`
    // on top of the operator's own 1; 1 per element of the table operators.
    let exact = move_fuel("bulk_lengths.wat", "wasmtime");
    assert!(exact > 1000 + 3000, "{exact}");
    for metering in REWRITES {
        assert_eq!(move_fuel("bulk_lengths.wat", metering), exact, "{metering}");
    }
}

#[test]
fn every_example_bot_is_charged_exactly_what_wasmtime_counts() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut bots = Vec::new();
    let games = ["tictactoe", "minesweeper", "pursuit", "path"].map(|g| format!("bots/games/{g}"));
    for dir in ["bots", "tests/fixtures"]
        .into_iter()
        .chain(games.iter().map(String::as_str))
    {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "wasm") {
                bots.push(path);
            }
        }
    }
    bots.sort();
    assert!(bots.len() >= 10, "{bots:?}");
    for bot in &bots {
        let exact = run_check(bot, "wasmtime", &[]);
        assert!(
            exact["games"].as_array().is_some_and(|g| !g.is_empty()),
            "{exact}"
        );
        let charged = run_check(bot, "arena", &[]);
        // Every game's moves, results and faults, and the fuel of every move.
        assert_eq!(charged["games"], exact["games"], "{}", bot.display());
        assert_eq!(charged["fuel"], exact["fuel"], "{}", bot.display());
    }
}

/// At budgets around a move's exact cost, where arena's counter (ahead of wasmtime's count
/// by what it charged on entering the regions still open) runs out first, the move is
/// played again on wasmtime's fuel: the verdict and the fuel are wasmtime's. wasmtime
/// checks its fuel only at function entries and loop headers, so it lets a move whose
/// last check came before the budget ran out finish (reporting the whole budget used).
#[test]
fn at_the_edge_of_the_budget_every_verdict_is_wasmtimes() {
    let mut finished_past_the_budget = 0;
    for name in [
        "counted.wat",
        "counted_calls.wat",
        "branchy.wat",
        "early_exit.wat",
        "landings.wat",
        "landings_regions.wat",
        "landings_chains.wat",
        "bulk_lengths.wat",
        "host_in_helper.wat",
        "folded_calls.wat",
        "owing.wat",
    ] {
        let exact = move_fuel(name, "wasmtime");
        for budget in [
            exact / 2,
            exact - 20,
            exact - 2,
            exact - 1,
            exact,
            exact + 1,
        ] {
            let path = fixture("metering", name);
            let w = check(path.clone(), "wasmtime", budget);
            let a = check(path, "arena", budget);
            assert_eq!(a["games"], w["games"], "{name} at {budget}");
            assert_eq!(a["fuel"], w["fuel"], "{name} at {budget}");
            if budget < exact && first_fault(&w).as_deref() != Some("fuel") {
                finished_past_the_budget += 1;
            }
        }
    }
    // The counter (which reaches the exact cost) cannot pay for these: only the replay on
    // wasmtime's fuel lets them finish.
    assert!(finished_past_the_budget > 0);
}

/// A move whose helpers' entries do not look at the counter returns owing more than its
/// budget: the host sees it and the move is judged on wasmtime's fuel, which stops it at
/// the helper's second entry.
#[test]
fn a_move_that_returns_owing_more_than_its_budget_is_judged_by_wasmtimes_fuel() {
    for metering in ["wasmtime", "arena"] {
        let report = check(fixture("metering", "owing.wat"), metering, 200);
        assert_eq!(
            first_fault(&report).as_deref(),
            Some("fuel"),
            "{metering}: {report}"
        );
    }
}

/// A bot that keeps state and reads the legal moves, its k-th move costing 800 k + 44: at
/// budgets at and just below the cost of a move, that move is the first the counter
/// cannot pay for, and the bot is played again through every earlier move (each offered
/// its legal moves again). Games, faults and fuel are wasmtime's.
#[test]
fn a_bot_played_again_through_its_earlier_moves_ends_as_under_wasmtime() {
    let path = fixture("metering", "legal_replay.wat");
    let cost = |k: u64| 800 * k + 44;
    let full = run_check(&path, "wasmtime", &["--games", "2", "--fuel", "100000"]);
    assert_eq!(full["fuel"]["max"], cost(25), "{full}");
    for k in [2, 7, 19] {
        for below in [0, 1, 2, 3, 5, 40] {
            let fuel = (cost(k) - below).to_string();
            let flags = ["--games", "2", "--fuel", &fuel];
            let w = run_check(&path, "wasmtime", &flags);
            let r = run_check(&path, "arena", &flags);
            assert_eq!(r["games"], w["games"], "move {k}, {below} below");
            assert_eq!(r["fuel"], w["fuel"], "move {k}, {below} below");
        }
    }
}

/// An `arena_alloc` that returns owing more than its budget and a pointer with no room:
/// out of fuel, as under wasmtime's fuel, not a bad pointer.
#[test]
fn an_allocation_that_returns_owing_is_out_of_fuel_not_a_bad_pointer() {
    for metering in ["wasmtime", "arena"] {
        let report = check(fixture("metering", "alloc_owing.wat"), metering, 100);
        assert_eq!(
            first_fault(&report).as_deref(),
            Some("fuel"),
            "{metering}: {report}"
        );
        let report = check(fixture("metering", "alloc_owing.wat"), metering, 1000);
        assert_eq!(
            first_fault(&report).as_deref(),
            Some("bad_pointer"),
            "{metering}: {report}"
        );
    }
}

/// Bots of many moves at budgets of their costliest move and one less: the earlier moves
/// are played again on wasmtime's fuel before the one the counter cannot pay for, and
/// every game ends as under wasmtime's fuel.
#[test]
fn example_bots_at_the_edge_of_their_costliest_move_end_as_under_wasmtime() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    for bot in ["greedy.wasm", "alphabeta.wasm", "c_greedy.wasm"] {
        let path = root.join("bots").join(bot);
        let most = run_check(&path, "wasmtime", &[])["fuel"]["max"]
            .as_u64()
            .unwrap();
        for budget in [most - 1, most] {
            let fuel = budget.to_string();
            let args = ["--games", "2", "--fuel", &fuel];
            let w = run_check(&path, "wasmtime", &args);
            let a = run_check(&path, "arena", &args);
            assert_eq!(a["games"], w["games"], "{bot} at {budget}");
            assert_eq!(a["fuel"], w["fuel"], "{bot} at {budget}");
        }
    }
}

#[test]
fn host_calls_from_a_helper_are_paid_in_full() {
    let exact = move_fuel("host_in_helper.wat", "wasmtime");
    // Ten calls of 20 + 65 536 fuel each, and the operators around them.
    assert!(exact > 10 * 65_556, "{exact}");
    for metering in REWRITES {
        let charged = move_fuel("host_in_helper.wat", metering);
        assert!(
            (exact..exact + 100).contains(&charged),
            "{metering}: {charged} for {exact}"
        );
    }
}

#[test]
fn the_counters_export_name_is_reserved() {
    let path = fixture("metering", "reserved_export.wat");
    assert_eq!(
        check(path.clone(), "wasmtime", 1_000_000)["load"]["ok"],
        true
    );
    for metering in REWRITES {
        let report = check(path.clone(), metering, 1_000_000);
        assert_eq!(report["load"]["ok"], false, "{metering}: {report}");
        assert!(
            report.to_string().contains("arena.fuel"),
            "{metering}: {report}"
        );
    }
}

#[test]
fn an_unknown_setting_is_refused_with_a_message() {
    let out = Command::cargo_bin("arena")
        .unwrap()
        .env("NO_COLOR", "1")
        .env("ARENA_CACHE_DIR", common::CACHE_DIR)
        .env("ARENA_METERING", "fast-please")
        .arg("check")
        .arg(fixture("metering", "counted.wat"))
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("ARENA_METERING must be `wasmtime` or `arena`"),
        "{err}"
    );
    assert!(
        !err.contains("fast-please"),
        "the value is not echoed: {err}"
    );
}

/// Every file of a tournament is the same under both settings, and each verifies the
/// other's folder.
#[test]
fn tournaments_are_byte_identical_under_both_settings() {
    let tmp = tempfile::tempdir().unwrap();
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut folders = Vec::new();
    for setting in ["wasmtime", "arena"] {
        let out = tmp.path().join(setting);
        let cache = tmp.path().join(format!("cache-{setting}"));
        Command::cargo_bin("arena")
            .unwrap()
            .env("NO_COLOR", "1")
            .env("ARENA_CACHE_DIR", common::CACHE_DIR)
            .env("ARENA_METERING", setting)
            .env("ARENA_CACHE_DIR", &cache)
            .arg("tournament")
            .args(
                ["random.wasm", "greedy.wasm", "alphabeta.wasm"].map(|b| root.join("bots").join(b)),
            )
            .args(["--rounds", "2", "--seed", "11", "--quiet", "--out"])
            .arg(&out)
            .assert()
            .success();
        folders.push(out);
    }
    let files = |dir: &std::path::Path| {
        let mut all: Vec<(String, Vec<u8>)> = walk(dir)
            .into_iter()
            .map(|p| {
                let name = p.strip_prefix(dir).unwrap().display().to_string();
                (name, std::fs::read(&p).unwrap())
            })
            .collect();
        all.sort();
        all
    };
    let (a, b) = (files(&folders[0]), files(&folders[1]));
    assert!(
        a.len() > 5,
        "{:?}",
        a.iter().map(|f| &f.0).collect::<Vec<_>>()
    );
    assert_eq!(
        a.iter().map(|f| &f.0).collect::<Vec<_>>(),
        b.iter().map(|f| &f.0).collect::<Vec<_>>()
    );
    for ((name, x), (_, y)) in a.iter().zip(&b) {
        assert!(x == y, "{name} differs between the settings");
    }
    for (setting, folder) in [("arena", &folders[0]), ("wasmtime", &folders[1])] {
        Command::cargo_bin("arena")
            .unwrap()
            .env("ARENA_METERING", setting)
            .env("ARENA_CACHE_DIR", tmp.path().join("cache-verify"))
            .arg("verify")
            .arg(folder)
            .arg(root.join("bots"))
            .assert()
            .success();
    }
}

/// Every file under `dir`, recursively.
fn walk(dir: &std::path::Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(walk(&path));
        } else {
            out.push(path);
        }
    }
    out
}

/// One statement of a generated program (see [`render`]).
#[derive(Clone, Debug)]
enum Stmt {
    /// Steps the program's pseudo-random state.
    Step,
    /// Calls a helper that is folded into its call site.
    CallFolded,
    /// Calls a helper with a loop (never folded).
    CallLooping,
    /// `memory.fill` or `memory.copy` of a length drawn from the state.
    Bulk(bool),
    Block(Vec<Stmt>),
    /// A loop (guarded so that every program ends), continued at its end or not.
    Loop(Vec<Stmt>, bool),
    If(Vec<Stmt>, Vec<Stmt>, u8),
    /// A block with an i32 result, left early with a value by `br_if`.
    ValueBlock(Vec<Stmt>, u8),
    /// `br_if` to an enclosing label (picked by the number), on a bit of the state.
    BrIf(u8, u8),
    Br(u8),
    BrTable(Vec<u8>, u8),
    Return(u8),
    /// A `switch`: a `br_table` to one block per case, each case's code left for the
    /// block around them all, so that each case's label is reached only from the
    /// `br_table` (unless a branch inside targets it too).
    Switch(Vec<Vec<Stmt>>),
}

fn stmt() -> impl proptest::strategy::Strategy<Value = Stmt> {
    use proptest::prelude::*;
    let leaf = prop_oneof![
        3 => Just(Stmt::Step),
        1 => Just(Stmt::CallFolded),
        1 => Just(Stmt::CallLooping),
        1 => any::<bool>().prop_map(Stmt::Bulk),
        2 => (any::<u8>(), 3u8..12).prop_map(|(l, b)| Stmt::BrIf(l, b)),
        1 => any::<u8>().prop_map(Stmt::Br),
        1 => (proptest::collection::vec(any::<u8>(), 1..5), any::<u8>())
            .prop_map(|(t, d)| Stmt::BrTable(t, d)),
        1 => (3u8..12).prop_map(Stmt::Return),
    ];
    leaf.prop_recursive(4, 48, 4, |inner| {
        let body = proptest::collection::vec(inner, 1..5);
        prop_oneof![
            body.clone().prop_map(Stmt::Block),
            (body.clone(), any::<bool>()).prop_map(|(b, c)| Stmt::Loop(b, c)),
            (body.clone(), body.clone(), 3u8..12).prop_map(|(t, e, b)| Stmt::If(t, e, b)),
            (body.clone(), 3u8..12).prop_map(|(b, bit)| Stmt::ValueBlock(b, bit)),
            proptest::collection::vec(body, 1..5).prop_map(Stmt::Switch),
        ]
    })
}

/// The WAT of `stmts` inside labels `labels` (innermost last; `true` for a label that
/// carries an i32), in a function whose `return` is `ret`.
fn render(stmts: &[Stmt], labels: &mut Vec<bool>, ret: &str, out: &mut String) {
    use std::fmt::Write;
    let cond = |bit: u8| format!("(i32.and (local.get $x) (i32.const {}))", 1u32 << bit);
    // The depth of the label picked by `pick` among those carrying nothing.
    let plain = |labels: &[bool], pick: u8| {
        let depths: Vec<usize> = (0..labels.len())
            .filter(|&d| !labels[labels.len() - 1 - d])
            .collect();
        (!depths.is_empty()).then(|| depths[pick as usize % depths.len()])
    };
    for s in stmts {
        match s {
            Stmt::Step => out.push_str(
                "(local.set $x (i32.add (i32.mul (local.get $x) (i32.const 1103515245)) (i32.const 12345)))",
            ),
            Stmt::CallFolded => out.push_str("(local.set $y (call $folded (local.get $y)))"),
            Stmt::CallLooping => out.push_str("(local.set $y (call $looping (local.get $x)))"),
            Stmt::Bulk(true) => out.push_str(
                "(memory.fill (i32.const 4096) (local.get $y) (i32.and (local.get $x) (i32.const 511)))",
            ),
            Stmt::Bulk(false) => out.push_str(
                "(memory.copy (i32.const 8192) (i32.const 0) (i32.and (i32.shr_u (local.get $x) (i32.const 9)) (i32.const 1023)))",
            ),
            Stmt::Block(body) => {
                out.push_str("(block ");
                labels.push(false);
                render(body, labels, ret, out);
                labels.pop();
                out.push(')');
            }
            Stmt::Loop(body, again) => {
                let _ = write!(
                    out,
                    "(loop (local.set $n (i32.sub (local.get $n) (i32.const 1))) \
                     (if (i32.lt_s (local.get $n) (i32.const 0)) (then {ret})) "
                );
                labels.push(false);
                render(body, labels, ret, out);
                if *again {
                    let _ = write!(out, " (br_if 0 {})", cond(8));
                }
                labels.pop();
                out.push(')');
            }
            Stmt::If(then, other, bit) => {
                let _ = write!(out, "(if {} (then ", cond(*bit));
                labels.push(false);
                render(then, labels, ret, out);
                out.push_str(") (else ");
                render(other, labels, ret, out);
                labels.pop();
                out.push_str("))");
            }
            Stmt::ValueBlock(body, bit) => {
                out.push_str("(local.set $y (block (result i32) ");
                labels.push(true);
                render(body, labels, ret, out);
                let _ = write!(
                    out,
                    " (drop (br_if 0 (i32.const 7) {})) (local.get $x))) ",
                    cond(*bit)
                );
                labels.pop();
            }
            Stmt::BrIf(pick, bit) => match plain(labels, *pick) {
                Some(d) => {
                    let _ = write!(out, "(br_if {d} {})", cond(*bit));
                }
                None => out.push_str("(nop)"),
            },
            Stmt::Br(pick) => match plain(labels, *pick) {
                Some(d) => {
                    let _ = write!(out, "(br {d})");
                }
                None => out.push_str("(nop)"),
            },
            Stmt::BrTable(targets, default) => {
                let all: Option<Vec<usize>> =
                    targets.iter().map(|&t| plain(labels, t)).collect();
                match (all, plain(labels, *default)) {
                    (Some(all), Some(d)) => {
                        let list: Vec<String> = all.iter().map(usize::to_string).collect();
                        let _ = write!(
                            out,
                            "(br_table {} {d} (i32.and (i32.shr_u (local.get $x) (i32.const 7)) (i32.const 3)))",
                            list.join(" ")
                        );
                    }
                    _ => out.push_str("(nop)"),
                }
            }
            Stmt::Return(bit) => {
                let _ = write!(out, "(if {} (then {ret}))", cond(*bit));
            }
            Stmt::Switch(cases) => {
                let k = cases.len();
                // The block around all cases, then one block per case, the first innermost.
                out.push_str("(block ");
                labels.push(false);
                for _ in 0..k {
                    out.push_str("(block ");
                    labels.push(false);
                }
                let list: Vec<String> = (0..k).map(|i| i.to_string()).collect();
                let _ = write!(
                    out,
                    "(br_table {} {} (i32.rem_u (local.get $x) (i32.const {})))",
                    list.join(" "),
                    k - 1,
                    k + 1
                );
                for (i, case) in cases.iter().enumerate() {
                    out.push(')');
                    labels.pop();
                    render(case, labels, ret, out);
                    if i + 1 < k {
                        // Out to the block around all cases.
                        let _ = write!(out, " (br {})", k - 1 - i);
                    }
                }
                labels.pop();
                out.push(')');
            }
        }
        out.push('\n');
    }
}

/// A bot whose one move runs `stmts` (then loses: its move names nothing): in
/// `choose_move` itself, or, `in_helper`, in a function of no result it calls, whose own
/// label the branches may target too (a `br_table` that may leave the function).
fn program(stmts: &[Stmt], seed: u32, in_helper: bool) -> String {
    let mut body = String::new();
    if in_helper {
        render(stmts, &mut vec![false], "(return)", &mut body);
        body = format!(
            "(call $run (local.get $x))\n  (i32.const -1))\n  \
             (func $run (param $x i32) (local $y i32) (local $n i32)\n    \
             (local.set $n (i32.const 200))\n{body}"
        );
    } else {
        render(stmts, &mut Vec::new(), "(return (i32.const 1))", &mut body);
        body.push_str("    (i32.const -1)");
    }
    format!(
        r#"(module
  (memory (export "memory") 1)
  (func (export "arena_alloc") (param i32) (result i32) (i32.const 1024))
  (func $folded (param i32) (result i32) (i32.add (local.get 0) (i32.const 1)))
  (func $looping (param $v i32) (result i32) (local $k i32)
    (loop $l
      (local.set $k (i32.add (local.get $k) (i32.const 1)))
      (br_if $l (i32.lt_u (local.get $k) (i32.and (local.get $v) (i32.const 7)))))
    (local.get $k))
  (func (export "choose_move") (param i32 i32) (result i32)
    (local $x i32) (local $y i32) (local $n i32)
    (local.set $n (i32.const 200)) (local.set $x (i32.const {seed}))
{body}))"#
    )
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 24, ..Default::default() })]

    /// Programs of nested blocks, loops and arms, left by `br`, `br_if` (with and without
    /// a value), `br_table` and `return` at every depth, with folded and looping calls
    /// and bulk memory, in `choose_move` or in a helper of no result: the rewrite charges
    /// each exactly what wasmtime counts.
    #[test]
    fn generated_programs_are_charged_exactly_what_wasmtime_counts(
        stmts in proptest::collection::vec(stmt(), 1..6),
        seed in proptest::prelude::any::<u32>(),
        in_helper in proptest::prelude::any::<bool>(),
    ) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("program.wat");
        std::fs::write(&path, program(&stmts, seed, in_helper)).unwrap();
        let exact = check(path.clone(), "wasmtime", 10_000_000);
        let charged = check(path, "arena", 10_000_000);
        proptest::prop_assert!(exact["fuel"]["max"].as_u64().is_some(), "{}", exact);
        proptest::prop_assert_eq!(&charged["fuel"], &exact["fuel"]);
        proptest::prop_assert_eq!(first_fault(&charged), first_fault(&exact));
    }

    /// The same programs at budgets around their exact cost: every verdict and fuel
    /// figure is wasmtime's.
    #[test]
    fn generated_programs_end_as_under_wasmtime_at_the_edge_of_the_budget(
        stmts in proptest::collection::vec(stmt(), 1..6),
        seed in proptest::prelude::any::<u32>(),
        below in 1u64..400,
        in_helper in proptest::prelude::any::<bool>(),
    ) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("program.wat");
        std::fs::write(&path, program(&stmts, seed, in_helper)).unwrap();
        let cost = check(path.clone(), "wasmtime", 10_000_000)["fuel"]["max"]
            .as_u64()
            .unwrap();
        for budget in [cost.saturating_sub(below).max(1), cost - 1, cost] {
            let exact = check(path.clone(), "wasmtime", budget);
            let charged = check(path.clone(), "arena", budget);
            proptest::prop_assert_eq!(&charged["games"], &exact["games"], "at {}", budget);
            proptest::prop_assert_eq!(&charged["fuel"], &exact["fuel"], "at {}", budget);
        }
    }
}
