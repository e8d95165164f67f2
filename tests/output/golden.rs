//! The golden test: the exact bytes of a set of tournaments, recorded before the code
//! under them is reshaped, so that a refactoring that changes any result file is caught.
//!
//! Every game (round-robin of the builtins; MathTricks also with WAT modules through the
//! sandbox), a gauntlet, a graded run with a roster and bands (a module that faults every
//! move, a file that is not a module, a student with no file), a paired run with every
//! game played, and a crashed run resumed: every file each of them writes is hashed
//! (SHA-256) and compared with `tests/golden/expected.txt`.
//!
//! A game registered after the recording only adds its own folder, which is noted, not
//! refused. When a change of output is intended, re-record and review the diff of that file:
//! `ARENA_BLESS=1 cargo test --release --test golden`.

use crate::common::{arena_in as arena, hostile, root};

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

const EXPECTED: &str = "tests/golden/expected.txt";

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
    resume(dir);
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
        journal.append(id, store.get(id).unwrap()).unwrap();
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
                let digest = hex::encode(Sha256::digest(&bytes));
                out.insert(rel, format!("{digest} {}", bytes.len()));
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

    let expected_path = root().join(EXPECTED);
    if std::env::var_os("ARENA_BLESS").is_some() {
        let mut text = String::from(
            "# The golden test's recording (tests/output/golden.rs): `path sha256 size` of every\n\
             # file the scenarios write. Re-record with ARENA_BLESS=1 only for intended changes.\n",
        );
        for (path, hash) in &actual {
            text.push_str(&format!("{path} {hash}\n"));
        }
        fs::create_dir_all(expected_path.parent().unwrap()).unwrap();
        fs::write(&expected_path, text).unwrap();
        return;
    }
    let expected = parse_expected(&fs::read_to_string(&expected_path).unwrap());
    let mut differences = Vec::new();
    for (path, want) in &expected {
        match actual.get(path) {
            None => differences.push(format!("missing: {path}")),
            Some(got) if got != want => {
                differences.push(format!("changed: {path} (recorded {want}, now {got})"))
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
            "{} file(s) differ from {EXPECTED}; this run's files are kept in {}\n{}\n\
             (if the change is intended: ARENA_BLESS=1 cargo test --release --test golden)",
            differences.len(),
            kept.join("out").display(),
            differences.join("\n")
        );
    }
}
