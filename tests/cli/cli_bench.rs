//! `arena bench --quick` runs, exits 0 and prints every row of the bench's list
//! (`src/bench/rows.rs`), in order, with its unit and target. No timing is asserted: the
//! figures depend on the machine, and a test must not.

use arena::bench::rows::ROWS;
use arena::bench::{num, Target};
use assert_cmd::Command;

#[test]
fn quick_bench_prints_every_figure() {
    let out = Command::cargo_bin("arena")
        .expect("the arena binary is built")
        .args(["bench", "--quick", "--threads", "2"])
        .env_remove("ARENA_METERING")
        .output()
        .expect("arena runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "exit {:?}\nstdout:\n{stdout}\nstderr:\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    // Exactly the rows of the bench's one list, in order (two threads, the default
    // metering: the rows `src/bench/rows.rs` lists), each with its unit and target.
    let printed: Vec<&str> = stdout
        .lines()
        .skip(1)
        .filter(|l| !l.starts_with("indicative"))
        .collect();
    assert_eq!(printed.len(), ROWS.len(), "{stdout}");
    for (line, row) in printed.iter().zip(ROWS.iter()) {
        assert!(
            line.starts_with(&format!("{} ", row.key)),
            "`{line}` is not the row `{}`",
            row.key
        );
        assert!(
            line.contains(&format!(" {}", row.unit)),
            "`{line}`: no unit {}",
            row.unit
        );
        if let Some(target) = row.target {
            let (op, v) = match target {
                Target::AtMost(v) => ("<=", v),
                Target::AtLeast(v) => (">=", v),
            };
            let written = format!("target {op} {} {}", num(v), row.unit);
            assert!(line.contains(&written), "`{line}`: no `{written}`");
        } else {
            assert!(
                !line.contains("target <=") && !line.contains("target >="),
                "`{line}` has a target"
            );
        }
    }
    assert!(stdout.contains("from the module cache"), "{stdout}");
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
