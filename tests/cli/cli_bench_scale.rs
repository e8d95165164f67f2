//! `arena bench --scale`: whole tournaments as child processes of the real binary, one
//! row per field size; `--distinct` adds the gauntlets of copies and of distinct
//! modules and what a distinct module costs. Figures depend on the machine: only the
//! counts (series, games present) and the shape of each row are asserted, never a time.

use crate::common::arena;

/// The rows of a `--scale` run's table (after its header line).
fn rows(stdout: &str) -> Vec<Vec<String>> {
    stdout
        .lines()
        .skip_while(|l| !l.starts_with("bots "))
        .skip(1)
        .map(|l| l.split_whitespace().map(String::from).collect())
        .collect()
}

#[test]
fn a_round_robin_of_copies_prints_its_series_and_games() {
    let out = arena()
        .args(["bench", "--scale", "--bots", "4,6", "--threads", "2"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rows = rows(&stdout);
    assert_eq!(rows.len(), 2, "{stdout}");
    for (row, (bots, series)) in rows.iter().zip([("4", 6_u64), ("6", 15)]) {
        // bots, "round robin, copies", series, games, wall, CPU, games/s, RSS, folder,
        // bytes per game.
        assert_eq!(row.len(), 12, "{row:?}");
        assert_eq!(row[0], bots);
        assert_eq!(row[4].parse::<u64>().unwrap(), series, "{row:?}");
        // Best-of-3: two or three games a series.
        let games: u64 = row[5].parse().unwrap();
        assert!((2 * series..=3 * series).contains(&games), "{row:?}");
        let rss: f64 = row[9].parse().unwrap();
        assert!(rss > 1.0, "{row:?}");
    }
}

#[test]
fn distinct_modules_are_measured_against_copies() {
    let out = arena()
        .args([
            "bench",
            "--scale",
            "--distinct",
            "--bots",
            "3",
            "--threads",
            "1",
        ])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<&str> = stdout.lines().collect();
    let copies = lines.iter().find(|l| l.contains("gauntlet, copies"));
    let distinct = lines.iter().find(|l| l.contains("gauntlet, distinct"));
    let cost = lines
        .iter()
        .find(|l| l.starts_with("3 distinct modules: compile "));
    assert!(
        copies.is_some() && distinct.is_some() && cost.is_some(),
        "{stdout}"
    );
    assert!(
        cost.unwrap().contains("KiB per module with 1 worker "),
        "{stdout}"
    );
}

#[test]
fn bad_scale_flags_are_refused() {
    for args in [
        &["bench", "--scale", "--bots", "1"][..],
        &["bench", "--scale", "--bots", "x"],
        &["bench", "--distinct"],
        &["bench", "--bots", "10"],
        &["bench", "--scale", "--quick"],
    ] {
        let out = arena().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("error:"),
            "{args:?}"
        );
    }
}
