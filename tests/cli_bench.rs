//! `arena bench --quick` runs, exits 0 and prints every figure. No timing is asserted:
//! the figures depend on the machine, and a test must not.

use assert_cmd::Command;

#[test]
fn quick_bench_prints_every_figure() {
    let out = Command::cargo_bin("arena")
        .expect("the arena binary is built")
        .args(["bench", "--quick"])
        .output()
        .expect("arena runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "exit {:?}\nstdout:\n{stdout}\nstderr:\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    let lines = [
        "harness per move",
        "instantiation (alphabeta.wasm)",
        "instantiation (first_legal.wasm)",
        "alpha-beta sandboxed / native",
        "alpha-beta, wasmtime's fuel",
        "threads 1 / 1",
        "threads 2 / 1",
        "compile per module (cold)",
        "compile per module (warm)",
        "from the module cache",
        "random.wasm per Nim game",
        "random.wasm floor per Nim game",
        "random.wasm floor, fresh instances",
        "pipes control per Nim game",
        "ceiling: 2 processes / 1",
        "threads 2 / ceiling",
        "threads 2 / 1 (random.wasm)",
        "ceiling (random.wasm)",
        "threads 2 / ceiling (random.wasm)",
        "end to end (20 bots, best-of-5)",
        "results writing share",
        "writing: the ratings alone",
        "writing: the page alone",
        "targets met",
    ];
    for line in lines {
        assert!(stdout.contains(line), "no `{line}` in:\n{stdout}");
    }
    // Every figure with a target says how it went.
    for key in [
        "harness per move",
        "alpha-beta",
        "threads 2 / 1",
        "threads 2 / ceiling (random.wasm)",
        "random.wasm per Nim game",
        "results writing share",
    ] {
        let line = stdout.lines().find(|l| l.starts_with(key)).unwrap();
        assert!(
            line.contains("~pass") || line.contains("~miss"),
            "no indicative verdict in `{line}`"
        );
    }
    // Quick figures never claim a verdict: no alarming MISS (nor PASS), and the run says
    // its figures are indicative.
    assert!(
        !stdout.contains("MISS") && !stdout.contains("PASS"),
        "{stdout}"
    );
    assert!(stdout.contains("indicative"), "{stdout}");
}
