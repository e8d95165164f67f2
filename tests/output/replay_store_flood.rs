//! A field that floods its logs, and every command that reads the replay store with
//! bounded memory: a bot's log is capped by the bytes it takes once stored (escaped), and
//! the store is read record by record, never whole. Each command's peak resident size is
//! measured as the kernel counts it for the child (`wait4`), and must stay far below the
//! store's size (reading the store whole took about 2.6 times its size).
//!
//! The figures: 12 bots, 4 rounds, about 1100 games; before the stored cap a game's
//! record was 1.3 MB (1.4 GB in all), now 132 KB (a store of about 140 MiB, each part of
//! the sharded run about 70 MiB). Each command peaks at 12–46 MiB (`replay` the least,
//! those that draw the report, which reads 256 games at a time, the most), whatever the
//! store's size; [`PEAK_MIB`] is the bound. Reading the store whole needs at least its
//! size (about 2.6 times it, 360 MiB, when it was read whole).

use std::ffi::OsStr;
use std::fs;
use std::path::Path;

use arena::output::replay::STORED_LOG_BYTES;
use arena::output::replay_store::Store;

/// Bots in the field, each a copy of `log_flood.wat` (64 KiB of empty lines in every
/// game: 640 KiB once escaped, before the stored cap).
const BOTS: usize = 12;

/// The most any command may hold, in MiB: well below the merged store's 140 MiB, and
/// below each part's 70 MiB.
const PEAK_MIB: f64 = 56.0;

/// The tournament: 12 flooding bots, 5 × 5 boards.
const RUN: &[&str] = &[
    "tournament",
    "subs",
    "--rows",
    "5",
    "--cols",
    "5",
    "--rounds",
    "4",
    "--seed",
    "5",
    "--threads",
    "2",
    "--quiet",
];

/// Runs `args` in `dir`, checks it succeeds, and returns its peak resident size in MiB.
fn peak_mib(what: &str, args: &[&str], dir: &Path) -> f64 {
    let args: Vec<&OsStr> = args.iter().map(OsStr::new).collect();
    let (code, stderr, kib) = crate::common::run_measured(&args, dir);
    assert_eq!(code, 0, "{what}: {stderr}");
    let mib = kib as f64 / 1024.0;
    eprintln!("{what}: peak resident size {mib:.1} MiB");
    mib
}

/// The size of `dir`'s replay store in MiB.
fn store_mib(dir: &Path) -> f64 {
    fs::metadata(dir.join("replays/replays.txt")).unwrap().len() as f64 / f64::from(1 << 20)
}

/// Every record of the store of `dir` holds each seat's log within the stored cap, and
/// the logs were cut (the bots printed more than the cap once escaped).
fn logs_within_the_cap(dir: &Path) -> usize {
    let store = Store::open_file(&dir.join("replays/replays.txt")).unwrap();
    let mut games = 0;
    for id in store.ids() {
        let text = store.text(id).unwrap().unwrap();
        for seat in 1..=2 {
            let key = format!("output {seat} ");
            let stored: usize = text
                .lines()
                .filter(|l| l.starts_with(&key))
                .map(|l| l.len() + 1)
                .sum();
            assert!(
                stored <= STORED_LOG_BYTES,
                "game {id}, seat {seat}: {stored} bytes"
            );
            assert!(
                text.contains(&format!("{key}[truncated]\n")),
                "game {id}, seat {seat}: the flood is cut and marked"
            );
        }
        assert!(
            text.len() <= 2 * STORED_LOG_BYTES + (8 << 10),
            "game {id}: {} bytes",
            text.len()
        );
        games += 1;
    }
    games
}

#[test]
fn a_flooding_field_is_stored_and_read_with_bounded_memory_by_every_command() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let subs = dir.join("subs");
    fs::create_dir_all(&subs).unwrap();
    let flood = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/hostile/log_flood.wat");
    for i in 0..BOTS {
        fs::copy(&flood, subs.join(format!("flood{i:02}.wat"))).unwrap();
    }
    // The module is compiled (in a child of arena, under its own limits) and cached before
    // any measured run: what is measured is the store's reading, not the compiler's
    // memory, which a cold cache would add to the first run's peak.
    let warm = crate::common::arena()
        .current_dir(dir)
        .args(["check", "subs/flood00.wat"])
        .output()
        .unwrap();
    assert!(
        warm.status.code().is_some(),
        "arena check ended by a signal"
    );
    let mut peaks = Vec::new();
    // The end-of-run fold of each part of a sharded run, then the merge.
    for part in ["1/2", "2/2"] {
        let out = format!("part{}", &part[..1]);
        let args = [RUN, &["--shard", part, "--out", &out]].concat();
        peaks.push((
            format!("tournament --shard {part}"),
            peak_mib("shard", &args, dir),
            store_mib(&dir.join(&out)),
        ));
    }
    let merged = ["merge", "part1", "part2", "--out", "merged"];
    peaks.push((
        "merge".into(),
        peak_mib("merge", &merged, dir),
        store_mib(&dir.join("merged")),
    ));
    let games = logs_within_the_cap(&dir.join("merged"));
    let size = store_mib(&dir.join("merged"));
    eprintln!("{games} games, a store of {size:.1} MiB");
    assert!(games > 1000, "{games} games");
    assert!(size > 2.0 * PEAK_MIB, "a store of {size:.1} MiB");
    let with_merged =
        |args: &[&str]| -> Vec<String> { args.iter().map(|a| a.to_string()).collect() };
    for (what, args) in [
        ("standings", with_merged(&["standings", "merged"])),
        ("report", with_merged(&["report", "merged"])),
        ("replay", with_merged(&["replay", "merged", "7"])),
        (
            "verify",
            with_merged(&["verify", "merged", "subs", "--threads", "2"]),
        ),
        (
            "tournament --resume",
            [RUN, &["--out", "merged", "--resume"]]
                .concat()
                .iter()
                .map(|a| a.to_string())
                .collect(),
        ),
    ] {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        peaks.push((what.into(), peak_mib(what, &args, dir), size));
    }
    // The reading did not change the store.
    assert_eq!(logs_within_the_cap(&dir.join("merged")), games);
    for (what, peak, store) in &peaks {
        eprintln!("{what}: {peak:.1} MiB for a store of {store:.1} MiB");
    }
    for (what, peak, store) in &peaks {
        assert!(
            *peak < PEAK_MIB && *peak < store * 0.8,
            "{what}: a peak of {peak:.1} MiB for a store of {store:.1} MiB"
        );
    }
}
