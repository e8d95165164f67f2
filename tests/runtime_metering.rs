//! arena's own fuel metering (the experimental engine setting `ARENA_METERING=arena` or
//! `arena-no-epoch`, `src/runtime/metering/`), through the real binary: every hostile
//! shape ends out of fuel, never hangs; a move's charged fuel equals wasmtime's exact
//! count where no early exit skips code, and exceeds it by exactly the skipped code where
//! one does. No test looks at the wall clock.

use std::path::PathBuf;

use assert_cmd::Command;
use serde_json::Value;

/// The two settings that rewrite modules.
const REWRITES: [&str; 2] = ["arena", "arena-no-epoch"];

fn fixture(dir: &str, name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(dir)
        .join(name)
}

/// `arena check FIXTURE --json --games 1 --fuel FUEL` under `metering`, with a cache of
/// its own; the parsed report.
fn check(path: PathBuf, metering: &str, fuel: u64) -> Value {
    let cache = tempfile::tempdir().unwrap();
    let out = Command::cargo_bin("arena")
        .unwrap()
        .env("NO_COLOR", "1")
        .env("ARENA_METERING", metering)
        .env("ARENA_CACHE_DIR", cache.path())
        .arg("check")
        .arg(&path)
        .args(["--json", "--games", "1", "--fuel"])
        .arg(fuel.to_string())
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
fn code_skipped_by_an_early_exit_is_charged_too_and_nothing_more() {
    // Exact: 11 operators an iteration (the exit taken), 1000 iterations, 4 more.
    assert_eq!(move_fuel("early_exit.wat", "wasmtime"), 11_004);
    for metering in REWRITES {
        // The skipped 12 operators on every iteration as well.
        assert_eq!(move_fuel("early_exit.wat", metering), 23_004, "{metering}");
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
        .env("ARENA_METERING", "fast-please")
        .arg("check")
        .arg(fixture("metering", "counted.wat"))
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("ARENA_METERING must be `wasmtime`, `arena` or `arena-no-epoch`"),
        "{err}"
    );
    assert!(
        !err.contains("fast-please"),
        "the value is not echoed: {err}"
    );
}

/// Grades never depend on the environment: a tournament or a verification under the
/// experimental metering is refused, naming the variable, before anything is played.
#[test]
fn tournaments_and_verify_refuse_the_experimental_metering() {
    let tmp = tempfile::tempdir().unwrap();
    for setting in ["arena", "arena-no-epoch"] {
        let out = tmp.path().join(setting);
        Command::cargo_bin("arena")
            .unwrap()
            .env("NO_COLOR", "1")
            .env("ARENA_METERING", setting)
            .args(["tournament", "builtin:random", "builtin:greedy", "--quiet", "--out"])
            .arg(&out)
            .assert()
            .code(2)
            .stderr(predicates::str::contains(
                "ARENA_METERING is set: arena's experimental metering is for `arena bench` and `arena check`",
            ));
        assert!(!out.exists());
        Command::cargo_bin("arena")
            .unwrap()
            .env("ARENA_METERING", setting)
            .arg("verify")
            .arg(&out)
            .assert()
            .code(2)
            .stderr(predicates::str::contains("ARENA_METERING is set"));
    }
}
