//! `arena similar`: classes of bots built here, independent strategies and planted copies
//! (another language, renamed and reformatted, one constant changed, a random move one
//! time in ten, another bot's moves in a few positions), played in a tournament, then
//! the report: every planted pair ranks above every independent pair, the planted pairs
//! found and the independent pairs flagged are stated, and the test fails when either
//! gets worse.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::common::{self, arena};

/// One bot of a class: its argument and its family (bots of one family are copies of
/// each other; `None`: a family of one).
struct Member {
    arg: String,
    name: String,
    family: Option<&'static str>,
}

fn fixture(game: &str, file: &str, family: Option<&'static str>) -> Member {
    let path = common::root()
        .join("tests/fixtures/similarity")
        .join(game)
        .join(file);
    Member {
        arg: path.to_str().unwrap().to_string(),
        name: Path::new(file)
            .file_stem()
            .unwrap()
            .to_str()
            .unwrap()
            .to_string(),
        family,
    }
}

fn example(file: &str, family: Option<&'static str>) -> Member {
    Member {
        arg: common::example_bot(file).to_str().unwrap().to_string(),
        name: Path::new(file)
            .file_stem()
            .unwrap()
            .to_str()
            .unwrap()
            .to_string(),
        family,
    }
}

fn builtin(name: &str, family: Option<&'static str>) -> Member {
    Member {
        arg: format!("builtin:{name}"),
        name: format!("builtin:{name}"),
        family,
    }
}

/// What a class's report came to.
#[derive(Debug)]
struct Outcome {
    planted: usize,
    planted_found: usize,
    independent: usize,
    independent_flagged: usize,
    /// The worst (largest) rank of a planted pair, and the best (smallest) rank of an
    /// independent pair, from 1.
    worst_planted_rank: usize,
    best_independent_rank: usize,
}

/// Plays a tournament of `members` (with `extra` flags), runs `arena similar` and reads
/// `similarity.json` back.
fn run_class(dir: &Path, members: &[Member], extra: &[&str]) -> (Outcome, serde_json::Value) {
    let out = dir.join("results");
    let mut cmd = arena();
    cmd.arg("tournament");
    for m in members {
        cmd.arg(&m.arg);
    }
    cmd.args(extra)
        .args(["--seed", "11", "--quiet", "--out"])
        .arg(&out)
        .assert()
        .success();
    let modules: Vec<PathBuf> = members
        .iter()
        .filter(|m| !m.arg.starts_with("builtin:"))
        .map(|m| Path::new(&m.arg).parent().unwrap().to_path_buf())
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    arena()
        .arg("similar")
        .arg(&out)
        .args(&modules)
        .assert()
        .success();
    let json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out.join("similarity.json")).unwrap()).unwrap();
    let family: BTreeMap<&str, Option<&str>> = members
        .iter()
        .map(|m| (m.name.as_str(), m.family))
        .collect();
    let mut o = Outcome {
        planted: 0,
        planted_found: 0,
        independent: 0,
        independent_flagged: 0,
        worst_planted_rank: 0,
        best_independent_rank: usize::MAX,
    };
    for (i, p) in json["pairs"].as_array().unwrap().iter().enumerate() {
        let a = family[p["a"].as_str().unwrap()];
        let b = family[p["b"].as_str().unwrap()];
        let kind = p["verdict"]["kind"].as_str().unwrap();
        let flagged = kind == "certain" || kind == "flagged";
        if a.is_some() && a == b {
            o.planted += 1;
            o.planted_found += usize::from(flagged);
            o.worst_planted_rank = o.worst_planted_rank.max(i + 1);
        } else {
            o.independent += 1;
            o.independent_flagged += usize::from(flagged);
            o.best_independent_rank = o.best_independent_rank.min(i + 1);
        }
    }
    (o, json)
}

/// Every planted pair above every independent pair, and the figures as stated.
fn check(o: &Outcome, planted_found: usize) {
    eprintln!("{o:?}");
    assert!(
        o.worst_planted_rank < o.best_independent_rank,
        "a planted pair ranks below an independent pair: {o:?}"
    );
    assert!(
        o.planted_found >= planted_found,
        "planted pairs found: {} of {}, expected at least {planted_found}",
        o.planted_found,
        o.planted
    );
    assert_eq!(o.independent_flagged, 0, "independent pairs flagged: {o:?}");
}

#[test]
fn mathtricks_copies_rank_above_every_independent_pair() {
    let g = "mathtricks";
    let members = vec![
        // Independent strategies.
        builtin("alphabeta", None),
        builtin("random", None),
        fixture(g, "center.py", None),
        fixture(g, "deny.py", None),
        fixture(g, "edge.py", None),
        // Greedy, and its copies: in Python (another language than the builtin's Rust),
        // the Python renamed and reformatted, and with a random move one time in ten.
        builtin("greedy", Some("greedy")),
        fixture(g, "py_greedy.py", Some("greedy")),
        fixture(g, "py_greedy_renamed.py", Some("greedy")),
        fixture(g, "greedy_random10.py", Some("greedy")),
        // One constant changed.
        fixture(g, "mobility.py", Some("mobility")),
        fixture(g, "mobility_weight4.py", Some("mobility")),
        // Another bot's moves in a few positions.
        fixture(g, "bigop.py", Some("bigop")),
        fixture(g, "bigop_borrowed.py", Some("bigop")),
        // Another language: hand-written WebAssembly text, and Python.
        example("first_legal.wasm", Some("first")),
        fixture(g, "first_legal_again.py", Some("first")),
    ];
    let dir = tempfile::tempdir().unwrap();
    let (o, _) = run_class(
        dir.path(),
        &members,
        &["--best-of", "1", "--rows", "6", "--cols", "6"],
    );
    check(&o, 9);
}

#[test]
fn nim_copies_rank_above_every_independent_pair() {
    let g = "nim";
    let members = vec![
        builtin("greedy", None),
        fixture(g, "chip_largest.py", Some("chip")),
        fixture(g, "chip_renamed.py", Some("chip")),
        fixture(g, "clear_smallest.py", Some("clear")),
        fixture(g, "clear_random10.py", Some("clear")),
        fixture(g, "halve.py", Some("halve")),
        fixture(g, "halve_borrowed.py", Some("halve")),
        fixture(g, "mirror.py", Some("mirror")),
        fixture(g, "mirror_endgame3.py", Some("mirror")),
        // The builtin's own code built into a module by the Rust SDK: the same moves from
        // the same seed.
        builtin("random", Some("random")),
        example("random.wasm", Some("random")),
    ];
    let dir = tempfile::tempdir().unwrap();
    let (o, _) = run_class(dir.path(), &members, &["--game", "nim", "--best-of", "1"]);
    check(&o, 5);
}

#[test]
fn kalah_copies_rank_above_every_independent_pair() {
    let g = "kalah";
    let members = vec![
        builtin("alphabeta", None),
        builtin("random", None),
        fixture(g, "extra_turn.py", Some("extra")),
        fixture(g, "extra_renamed.py", Some("extra")),
        fixture(g, "hoard.py", Some("hoard")),
        fixture(g, "hoard_random10.py", Some("hoard")),
        fixture(g, "capture.py", Some("capture")),
        fixture(g, "capture_bonus3.py", Some("capture")),
        fixture(g, "leftmost.py", Some("leftmost")),
        fixture(g, "leftmost_borrowed.py", Some("leftmost")),
        builtin("greedy", Some("greedy")),
        example("greedy.wasm", Some("greedy")),
    ];
    let dir = tempfile::tempdir().unwrap();
    let (o, _) = run_class(dir.path(), &members, &["--game", "kalah", "--best-of", "1"]);
    check(&o, 5);
}

#[test]
fn tictactoe_copies_rank_above_every_independent_pair() {
    let g = "tictactoe";
    let members = vec![
        builtin("random", None),
        builtin("greedy", None),
        fixture(g, "win_block.py", Some("win")),
        fixture(g, "win_block_renamed.py", Some("win")),
        fixture(g, "centre_corner.py", Some("centre")),
        fixture(g, "centre_random10.py", Some("centre")),
        fixture(g, "neighbour.py", Some("neighbour")),
        fixture(g, "neighbour_mine3.py", Some("neighbour")),
        fixture(g, "first_free.py", Some("first")),
        fixture(g, "first_borrowed.py", Some("first")),
    ];
    let dir = tempfile::tempdir().unwrap();
    let (o, _) = run_class(
        dir.path(),
        &members,
        &["--game", "tictactoe", "--rounds", "2"],
    );
    check(&o, 4);
}

/// A small class played with `--similarity`.
fn played_with_report(dir: &Path) -> PathBuf {
    let out = dir.join("results");
    arena()
        .arg("tournament")
        .arg("builtin:greedy")
        .arg("builtin:random")
        .arg(common::example_bot("py_greedy.py"))
        .arg(common::example_bot("first_legal.wasm"))
        .args([
            "--best-of",
            "1",
            "--rows",
            "5",
            "--cols",
            "5",
            "--seed",
            "4",
        ])
        .args(["--quiet", "--similarity", "--out"])
        .arg(&out)
        .assert()
        .success()
        .stdout(predicates::str::contains("not a verdict"));
    out
}

#[test]
fn the_report_is_verified_and_the_same_with_any_threads() {
    let dir = tempfile::tempdir().unwrap();
    let out = played_with_report(dir.path());
    let files = ["similarity.csv", "similarity.json", "similarity.html"];
    let first: Vec<Vec<u8>> = files
        .iter()
        .map(|f| std::fs::read(out.join(f)).unwrap())
        .collect();
    let csv = String::from_utf8(first[0].clone()).unwrap();
    assert!(
        csv.contains("builtin:greedy,py_greedy,flagged"),
        "the builtin and its Python twin are flagged first:\n{csv}"
    );
    // Never on the pages the class sees.
    let page = std::fs::read_to_string(out.join("report.html")).unwrap();
    assert!(!page.contains("similarity"));
    arena()
        .arg("similar")
        .arg(&out)
        .arg(common::root().join("bots"))
        .args(["--threads", "1"])
        .assert()
        .success();
    for (f, bytes) in files.iter().zip(&first) {
        let again = std::fs::read(out.join(f)).unwrap();
        assert!(
            &again == bytes,
            "{f} differs:\n{}\n---\n{}",
            String::from_utf8_lossy(bytes),
            String::from_utf8_lossy(&again)
        );
    }
    arena()
        .arg("verify")
        .arg(&out)
        .arg(common::root().join("bots"))
        .assert()
        .success();
    let edited = csv.replacen("flagged", "not_flagged", 1);
    std::fs::write(out.join("similarity.csv"), edited).unwrap();
    arena()
        .arg("verify")
        .arg(&out)
        .arg(common::root().join("bots"))
        .assert()
        .code(1)
        .stdout(predicates::str::contains("similarity.csv"));
}

#[test]
fn similar_refuses_what_is_not_a_results_folder() {
    let dir = tempfile::tempdir().unwrap();
    arena()
        .arg("similar")
        .arg(dir.path().join("missing"))
        .assert()
        .failure()
        .stderr(predicates::str::contains("missing"));
    arena()
        .arg("similar")
        .arg(dir.path())
        .assert()
        .failure()
        .stderr(predicates::str::contains("tournament.json"));
    arena()
        .arg("similar")
        .arg(dir.path())
        .args(["--positions", "0"])
        .assert()
        .failure()
        .stderr(predicates::str::contains("--positions"));
}
