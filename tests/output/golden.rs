//! The golden test: the exact bytes of a set of tournaments, recorded before the code
//! under them is reshaped, so that a refactoring that changes any result file is caught.
//!
//! Every two-seat game (round-robin of the builtins; MathTricks also with WAT modules
//! through the sandbox), a gauntlet, a graded run with a roster and bands (a module that
//! faults every move, a file that is not a module, a student with no file), a paired run
//! with every game played, a crashed run resumed, and the table games at every seat count
//! they take (tic-tac-toe for two and three, minesweeper for one and two, pursuit for two
//! and three, path, the king for three): every file each of them writes is hashed
//! (SHA-256) and compared with `tests/golden/expected.txt`. A copy of every recorded file
//! up to [`KEPT_BYTES`] is kept under `tests/golden/files/`, so that a failure shows the
//! first differing lines of the first file that differs as a unified diff, not only two
//! hashes.
//!
//! A game registered after the recording only adds its own folder, which is noted, not
//! refused. When a change of output is intended, re-record and review the diff of that file:
//! `ARENA_BLESS=1 cargo test --release --test output golden::`.

use crate::common::{self, arena_in as arena, hostile, root};
use crate::figures;

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use sha2::{Digest, Sha256};

const EXPECTED: &str = "tests/golden/expected.txt";

/// The recorded copies of the files (`tests/golden/files/PATH`).
const KEPT: &str = "tests/golden/files";

/// Files larger than this (the report pages, which embed the replay viewer) are recorded
/// by hash only.
const KEPT_BYTES: usize = 64 * 1024;

/// Lines of context around the first difference, and lines shown of each side.
const CONTEXT: usize = 3;
const SHOWN: usize = 20;

fn run(dir: &Path, args: &[&str]) {
    let out = arena(dir)
        .args(args)
        .arg("--quiet")
        .output()
        .expect("arena runs");
    assert!(
        out.status.success(),
        "arena {}: exit {:?}\n{}",
        args.join(" "),
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The inputs every scenario reads, copied under `dir`.
fn inputs(dir: &Path) {
    let subs = dir.join("subs");
    fs::create_dir_all(&subs).unwrap();
    fs::copy(hostile("first_legal.wat"), subs.join("first_legal.wat")).unwrap();
    fs::copy(hostile("random.wat"), subs.join("random.wat")).unwrap();
    fs::copy(hostile("counter.wat"), subs.join("counter.wat")).unwrap();

    let graded = dir.join("graded_subs");
    fs::create_dir_all(&graded).unwrap();
    fs::copy(hostile("first_legal.wat"), graded.join("ana.wat")).unwrap();
    fs::copy(hostile("random.wat"), graded.join("bea.wat")).unwrap();
    fs::copy(hostile("unreachable.wat"), graded.join("bo.wat")).unwrap();
    fs::write(graded.join("cy.wasm"), "my notes, not a module\n").unwrap();
    fs::write(
        dir.join("roster.csv"),
        "file,student_id,name\nana,s1,Ana\nbea,s5,Bea\nbo,s2,Bo\ncy,s3,Cy\ndi,s4,Di\n",
    )
    .unwrap();
    fs::write(
        dir.join("bands.toml"),
        "measure = \"percentile\"\nbands = [{ grade = \"A\", min = 0.9 }, { grade = \"B\", min = 0.3 }, { grade = \"F\", min = 0.0 }]\n",
    )
    .unwrap();
}

/// Every scenario, written under `dir/out`.
fn scenarios(dir: &Path) {
    for kind in arena_games::games() {
        let game = kind.info().name;
        let out = format!("out/games/{game}");
        let mut args = vec![
            "tournament",
            "builtin:random",
            "builtin:greedy",
            "builtin:alphabeta:2",
            "--game",
            game,
            "--best-of",
            "3",
            "--seed",
            "11",
            "--threads",
            "2",
            "--out",
            &out,
        ];
        if game == "mathtricks" {
            args.extend(["subs", "--rows", "5..7", "--cols", "4..8", "--play-all"]);
        }
        run(dir, &args);
    }
    run(
        dir,
        &[
            "tournament",
            "subs",
            "--gauntlet",
            "builtin:greedy",
            "--gauntlet",
            "builtin:alphabeta:2",
            "--best-of",
            "3",
            "--rounds",
            "2",
            "--seed",
            "12",
            "--out",
            "out/gauntlet",
        ],
    );
    run(
        dir,
        &[
            "tournament",
            "graded_subs",
            "--roster",
            "roster.csv",
            "--bands",
            "bands.toml",
            "--best-of",
            "3",
            "--seed",
            "13",
            "--threads",
            "1",
            "--out",
            "out/graded",
        ],
    );
    run(
        dir,
        &[
            "tournament",
            "builtin:random",
            "builtin:greedy",
            "builtin:alphabeta:3",
            "--game",
            "kalah",
            "--option",
            "rules=standard",
            "--paired",
            "--play-all",
            "--best-of",
            "3",
            "--rounds",
            "2",
            "--seed",
            "14",
            "--out",
            "out/paired",
        ],
    );
    tables(dir);
    resume(dir);
}

/// The secret the games with hidden setup (minesweeper's mines) are dealt under: fixed,
/// so that they are the same games in every run.
const SECRET: &str = "5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed";

/// The table games, each at every seat count it takes, in small tournaments of its
/// builtins, under `dir/out/tables/NAME`.
fn tables(dir: &Path) {
    let small = ["--rows", "6", "--cols", "6"];
    let scenarios: Vec<(&str, Vec<&str>)> = vec![
        (
            "tictactoe2",
            vec![
                "builtin:random",
                "builtin:greedy",
                "builtin:maxn:2",
                "--game",
                "tictactoe",
                "--rounds",
                "1",
                "--seed",
                "21",
            ],
        ),
        (
            "tictactoe3",
            [
                &["builtin:random", "builtin:greedy", "builtin:maxn:2"][..],
                &common::TICTACTOE3,
                &["--rounds", "1", "--seed", "22"],
            ]
            .concat(),
        ),
        (
            "minesweeper1",
            [
                &["builtin:random", "builtin:greedy", "builtin:solver"][..],
                &["--game", "minesweeper", "--option", "mines=5"],
                &["--secret", SECRET],
                &small,
                &["--rounds", "4", "--seed", "23"],
            ]
            .concat(),
        ),
        (
            "minesweeper2",
            [
                &["builtin:random", "builtin:greedy", "builtin:solver"][..],
                &["--game", "minesweeper", "--option", "players=2"],
                &["--secret", SECRET],
                &["--option", "mines=5"],
                &small,
                &["--rounds", "1", "--seed", "24"],
            ]
            .concat(),
        ),
        (
            "pursuit2",
            [
                &["builtin:random", "builtin:greedy", "builtin:alphabeta:2"][..],
                &["--game", "pursuit", "--option", "obstacles=0.1"],
                &small,
                &["--rounds", "1", "--seed", "25"],
            ]
            .concat(),
        ),
        (
            "pursuit3",
            [
                &["builtin:random", "builtin:greedy", "builtin:maxn:2"][..],
                &["--game", "pursuit", "--option", "players=3"],
                &["--option", "team=1"],
                &small,
                &["--rounds", "1", "--seed", "26"],
            ]
            .concat(),
        ),
        (
            "path",
            [
                &["builtin:random", "builtin:greedy", "builtin:perfect"][..],
                &["--game", "path", "--option", "obstacles=0.2"],
                &small,
                &["--rounds", "4", "--seed", "27"],
            ]
            .concat(),
        ),
        (
            "king3",
            [
                &["builtin:random", "builtin:greedy", "builtin:maxn:2"][..],
                &["--game", "king", "--option", "players=3"],
                &small,
                &["--rounds", "1", "--seed", "28"],
            ]
            .concat(),
        ),
    ];
    for (name, args) in scenarios {
        let out = format!("out/tables/{name}");
        let mut all = vec!["tournament"];
        all.extend(args);
        all.extend(["--threads", "2", "--out", &out]);
        run(dir, &all);
    }
}

/// A copy of the MathTricks run as a crash leaves it (the manifest, some rows out of order,
/// a torn last line, a journal with the replays of only those games), resumed: it must end byte-identical to
/// the uninterrupted run, so it is recorded under the same expected hashes.
fn resume(dir: &Path) {
    let full = dir.join("out/games/mathtricks");
    let crashed = dir.join("resumed");
    fs::create_dir_all(crashed.join("replays")).unwrap();
    fs::copy(
        full.join("tournament.json"),
        crashed.join("tournament.json"),
    )
    .unwrap();
    let games = fs::read_to_string(full.join("games.csv")).unwrap();
    let lines: Vec<&str> = games.lines().collect();
    let mut partial = format!("{}\n", lines[0]);
    let store = arena::output::replay_store::Store::open(&full).unwrap();
    let journal = arena::output::replay_store::Journals::new(&crashed, 1);
    for i in [7, 2, 4] {
        partial.push_str(lines[i]);
        partial.push('\n');
        let id: u64 = lines[i].split(',').next().unwrap().parse().unwrap();
        journal
            .append(id, &store.text(id).unwrap().unwrap())
            .unwrap();
    }
    partial.push_str(&lines[3][..8]);
    fs::write(crashed.join("games.csv"), partial).unwrap();
    run(
        dir,
        &[
            "tournament",
            "builtin:random",
            "builtin:greedy",
            "builtin:alphabeta:2",
            "--game",
            "mathtricks",
            "--best-of",
            "3",
            "--seed",
            "11",
            "--threads",
            "1",
            "--out",
            "resumed",
            "subs",
            "--rows",
            "5..7",
            "--cols",
            "4..8",
            "--play-all",
            "--resume",
        ],
    );
}

/// `relative path -> "sha256 size"` of every file under `dir`.
fn hashes(dir: &Path) -> BTreeMap<String, String> {
    fn walk(base: &Path, dir: &Path, out: &mut BTreeMap<String, String>) {
        let mut entries: Vec<_> = fs::read_dir(dir).unwrap().map(|e| e.unwrap()).collect();
        entries.sort_by_key(|e| e.file_name());
        for entry in entries {
            let path = entry.path();
            if entry.file_type().unwrap().is_dir() {
                walk(base, &path, out);
            } else {
                let bytes = fs::read(&path).unwrap();
                let rel = path
                    .strip_prefix(base)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned();
                out.insert(rel, hash(&bytes));
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

fn parse_expected(text: &str) -> BTreeMap<String, String> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (path, rest) = l.split_once(' ').expect("`path sha256 size` lines");
            (path.to_string(), rest.to_string())
        })
        .collect()
}

/// The first differing lines of `recorded` and `now` (the text of `path`), as one hunk
/// of a unified diff: [`CONTEXT`] lines around, at most [`SHOWN`] lines of each side,
/// each cut at 300 characters.
fn first_difference(path: &str, recorded: &[u8], now: &[u8]) -> String {
    let (recorded, now) = (
        String::from_utf8_lossy(recorded),
        String::from_utf8_lossy(now),
    );
    let a: Vec<&str> = recorded.lines().collect();
    let b: Vec<&str> = now.lines().collect();
    let same = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let same_end = a[same..]
        .iter()
        .rev()
        .zip(b[same..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let (a_end, b_end) = (a.len() - same_end, b.len() - same_end);
    if a_end == same && b_end == same {
        return format!("{path}: the same lines, with other line ends or final newline\n");
    }
    let from = same.saturating_sub(CONTEXT);
    let a_shown = (a_end - same).min(SHOWN);
    let b_shown = (b_end - same).min(SHOWN);
    let after = if a_shown == a_end - same && b_shown == b_end - same {
        &a[a_end..(a_end + CONTEXT).min(a.len())]
    } else {
        &[][..]
    };
    let cut = |line: &str| -> String {
        match line.char_indices().nth(300) {
            Some((i, _)) => format!("{}…", &line[..i]),
            None => line.to_string(),
        }
    };
    let context = same - from;
    let mut out = format!(
        "--- recorded/{path}\n+++ now/{path}\n@@ -{},{} +{},{} @@\n",
        from + 1,
        context + a_shown + after.len(),
        from + 1,
        context + b_shown + after.len()
    );
    for line in &a[from..same] {
        out.push_str(&format!(" {}\n", cut(line)));
    }
    for line in &a[same..same + a_shown] {
        out.push_str(&format!("-{}\n", cut(line)));
    }
    for line in &b[same..same + b_shown] {
        out.push_str(&format!("+{}\n", cut(line)));
    }
    for line in after {
        out.push_str(&format!(" {}\n", cut(line)));
    }
    if a_shown < a_end - same || b_shown < b_end - same {
        out.push_str(&format!(
            "... ({} recorded and {} new lines differ in all; the first {SHOWN} of each shown)\n",
            a_end - same,
            b_end - same
        ));
    }
    out
}

/// Records `actual` (the hashes of every file under `out`) in [`EXPECTED`], and a copy of
/// every file up to [`KEPT_BYTES`] under [`KEPT`] (the old copies removed first).
fn bless(out: &Path, actual: &BTreeMap<String, String>) {
    let mut text = String::from(
        "# The golden test's recording (tests/output/golden.rs): `path sha256 size` of every\n\
         # file the scenarios write. Re-record with ARENA_BLESS=1 only for intended changes.\n",
    );
    let kept = root().join(KEPT);
    if kept.exists() {
        fs::remove_dir_all(&kept).unwrap();
    }
    for (path, hash) in actual {
        text.push_str(&format!("{path} {hash}\n"));
        let bytes = fs::read(out.join(path)).unwrap();
        if bytes.len() <= KEPT_BYTES {
            let copy = kept.join(path);
            fs::create_dir_all(copy.parent().unwrap()).unwrap();
            fs::write(copy, bytes).unwrap();
        }
    }
    let expected_path = root().join(EXPECTED);
    fs::create_dir_all(expected_path.parent().unwrap()).unwrap();
    fs::write(&expected_path, text).unwrap();
}

/// The hash of `bytes` as the recording writes it: `sha256 size`.
fn hash(bytes: &[u8]) -> String {
    format!("{} {}", hex::encode(Sha256::digest(bytes)), bytes.len())
}

/// The recorded copies hold every recorded figure: what a re-recording of the files (a
/// change of format) must keep. `ARENA_RECORD_FIGURES=1` makes the figures' recording
/// from the copies — only from those of the code before a change of format.
#[test]
fn the_recorded_copies_hold_every_recorded_figure() {
    let now = figures::of_dir(&root().join(KEPT));
    if std::env::var_os("ARENA_RECORD_FIGURES").is_some() {
        figures::write(&now);
        return;
    }
    let lost = figures::changed(&figures::recorded(), &now);
    assert!(
        lost.is_empty(),
        "{} recorded figure(s) changed in {KEPT}:\n{}",
        lost.len(),
        lost.iter().take(40).cloned().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn the_recorded_copies_are_the_recorded_files() {
    let expected = parse_expected(&fs::read_to_string(root().join(EXPECTED)).unwrap());
    let kept = common::files(&root().join(KEPT));
    assert!(!kept.is_empty(), "no recorded copies under {KEPT}");
    for (path, bytes) in &kept {
        assert_eq!(
            expected.get(path),
            Some(&hash(bytes)),
            "{KEPT}/{path} is not the file {EXPECTED} records"
        );
    }
    for (path, want) in &expected {
        let size: usize = want.split(' ').nth(1).unwrap().parse().unwrap();
        assert_eq!(
            kept.contains_key(path),
            size <= KEPT_BYTES,
            "{path}: every file up to {KEPT_BYTES} bytes is kept, no larger one"
        );
    }
}

#[test]
fn the_first_difference_is_shown_as_a_unified_diff() {
    let recorded = b"a\nb\nc\nd\ne\nf\ng\nh\n";
    let now = b"a\nb\nc\nd\nE\nf\ng\nh\n";
    assert_eq!(
        first_difference("x.csv", recorded, now),
        "--- recorded/x.csv\n+++ now/x.csv\n@@ -2,7 +2,7 @@\n b\n c\n d\n-e\n+E\n f\n g\n h\n"
    );
    let many: String = (0..50).map(|i| format!("{i}\n")).collect();
    let diff = first_difference("y.csv", b"", many.as_bytes());
    assert!(diff.starts_with("--- recorded/y.csv\n+++ now/y.csv\n@@ -1,0 +1,20 @@\n+0\n"));
    assert!(diff.contains("+19\n") && !diff.contains("+20\n"), "{diff}");
    assert!(
        diff.ends_with("(0 recorded and 50 new lines differ in all; the first 20 of each shown)\n")
    );
}

#[test]
fn every_result_file_is_byte_identical_to_the_recording() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    inputs(dir);
    scenarios(dir);
    let actual = hashes(&dir.join("out"));

    let resumed = hashes(&dir.join("resumed"));
    let full = hashes(&dir.join("out/games/mathtricks"));
    assert_eq!(
        resumed, full,
        "the resumed run differs from the uninterrupted one"
    );

    // The figures first, and under ARENA_BLESS too: a change of format may be blessed,
    // a change of figure never.
    let lost = figures::changed(&figures::recorded(), &figures::of_dir(&dir.join("out")));
    if !lost.is_empty() {
        let kept = tmp.keep();
        panic!(
            "{} recorded figure(s) of {} changed or missing (this run's files are kept in {}):\n{}",
            lost.len(),
            figures::FIGURES,
            kept.join("out").display(),
            lost.iter().take(40).cloned().collect::<Vec<_>>().join("\n")
        );
    }

    if std::env::var_os("ARENA_BLESS").is_some() {
        bless(&dir.join("out"), &actual);
        return;
    }
    let expected = parse_expected(&fs::read_to_string(root().join(EXPECTED)).unwrap());
    let mut differences = Vec::new();
    let mut first = None;
    for (path, want) in &expected {
        match actual.get(path) {
            None => differences.push(format!("missing: {path}")),
            Some(got) if got != want => {
                differences.push(format!("changed: {path} (recorded {want}, now {got})"));
                if first.is_none() {
                    let now = fs::read(dir.join("out").join(path)).unwrap();
                    first = Some(match fs::read(root().join(KEPT).join(path)) {
                        Ok(recorded) => first_difference(path, &recorded, &now),
                        Err(_) => format!(
                            "{path} is recorded by hash only (over {KEPT_BYTES} bytes): compare \
                             it with the file of a run of the recorded code\n"
                        ),
                    });
                }
            }
            Some(_) => {}
        }
    }
    // A game registered after the recording adds its own folder and changes nothing else:
    // say so, and re-record to include it.
    let recorded_game = |path: &str| match path.strip_prefix("games/") {
        Some(rest) => {
            let game = rest.split('/').next().unwrap_or_default();
            expected
                .keys()
                .any(|p| p.starts_with(&format!("games/{game}/")))
        }
        None => true,
    };
    for path in actual.keys().filter(|p| !expected.contains_key(*p)) {
        if recorded_game(path) {
            differences.push(format!("new: {path}"));
        } else {
            eprintln!("note: {path} belongs to a game registered after the recording");
        }
    }
    if !differences.is_empty() {
        let kept = tmp.keep();
        panic!(
            "{} file(s) differ from {EXPECTED}; this run's files are kept in {}\n{}\n\n\
             The first changed file:\n{}\n\
             (if the change is intended: ARENA_BLESS=1 cargo test --release --test output golden::)",
            differences.len(),
            kept.join("out").display(),
            differences.join("\n"),
            first.as_deref().unwrap_or("(none: files are only missing or new)\n"),
        );
    }
}
