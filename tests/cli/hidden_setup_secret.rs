//! Hidden setup cannot be re-derived from the public seed. A cheating bot knows everything
//! a student's module could: the generators (arena-games compiles to wasm32), the seed
//! derivation (docs/TOURNAMENT.md) and the tournament seed (the default, 1). It recomputes
//! the mines of every board a one-player minesweeper leaderboard (`reveal=count`) could
//! deal, keeps the layouts its words agree with, and once one layout alone agrees with
//! nine opened cells or more, opens only cells that layout says are safe; until then it plays as
//! the builtin solver does. Played through the real tournament path against the real
//! secret, its mean score over 200 boards lies within the solver's 95% interval; on the
//! boards the seed alone deals (the control, without a secret), it clears (almost) every
//! board, far above that interval.

use std::collections::BTreeMap;
use std::sync::atomic::AtomicBool;

use arena::bot::{Bot, Fault, Reply};
use arena::contestant::Builtin;
use arena::referee::{play, Entrant, Entry};
use arena::rng_size::SizeRange;
use arena::seeds::{derive, Root};
use arena::table_tournament::schedule::TableSchedule;
use arena::table_tournament::{self, TableConfig};
use arena::tournament::{Reporting, Silent};
use arena_games::abi::{observation, split_table};
use arena_games::game::TableGame;
use arena_games::minesweeper::Minesweeper;
use arena_games::registry::{find_table_game, TableKind};
use arena_games::rng::GameRng;
use arena_games::GameParams;

/// The default tournament seed.
const SEED: u64 = 1;
/// Boards on the leaderboard.
const BOARDS: u32 = 200;

/// Opened cells after which a cheat trusts the one layout its words still agree with:
/// fewer could agree with a board of another origin by chance.
const TRUST_OPENED: usize = 9;

/// Rows and columns: at 16×16 with 52 mines (a fifth of the cells, an expert board's
/// density) the solver must guess on many boards, so a cheat has room to show.
const SIDE: u32 = 16;

/// An opening shows its count of mines (not their places), so even the solver must
/// guess on some boards.
fn options() -> BTreeMap<String, String> {
    [("reveal", "count"), ("mines", "52")]
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .into()
}

fn params() -> GameParams {
    GameParams {
        options: options(),
        ..GameParams::sized(SIDE, SIDE)
    }
}

/// Every layout a leaderboard of `BOARDS` rounds deals from the public seed alone: the
/// seed derivation of docs/TOURNAMENT.md, with the one-seat identity (empty).
fn public_layouts() -> Vec<Minesweeper> {
    (1..=BOARDS)
        .map(|round| {
            let seed = derive(SEED, "table-board", &[&round, &""]);
            Minesweeper::new_random(&params(), &mut GameRng::new(seed)).unwrap()
        })
        .collect()
}

/// The cheater in one game: the candidate layouts its words still agree with, and the
/// solver it plays as when none does.
struct Cheat {
    candidates: Vec<Minesweeper>,
    seed: u64,
    ply: u32,
    honest: Box<dyn Bot>,
}

impl Bot for Cheat {
    fn choose_move(&mut self, _words: &[i32]) -> Result<Reply, Fault> {
        unreachable!("the referee hands the legal moves")
    }

    fn choose_move_with(
        &mut self,
        words: &[i32],
        legal: &dyn Fn() -> Vec<i32>,
    ) -> Result<Reply, Fault> {
        let (_, body) = split_table(words).expect("table words");
        let (ply, seed) = (self.ply, self.seed);
        self.candidates.retain(|layout| {
            let mut predicted = Vec::new();
            observation(layout, ply, seed, &mut predicted);
            split_table(&predicted).unwrap().1 == body
        });
        self.ply += 1;
        // The body: rows, cols, mines, players, reveal, then a word per cell (≥ 0 opened).
        let opened = body[5..].iter().filter(|&&w| w >= 0).count();
        let trusted = match &self.candidates[..] {
            [layout] if opened >= TRUST_OPENED => Some(layout),
            _ => None,
        };
        let reply = match trusted {
            Some(layout) => {
                let safe = legal()
                    .into_iter()
                    .find(|&cell| !layout.layout().mine[cell as usize])
                    .expect("a game not over has a safe closed cell");
                Reply { raw: safe, fuel: 0 }
            }
            None => self.honest.choose_move_with(words, legal)?,
        };
        for candidate in &mut self.candidates {
            if candidate.legal_moves().contains(&(reply.raw as u32)) {
                candidate.apply(reply.raw as u32);
            }
        }
        Ok(reply)
    }
}

/// Fields a [`Cheat`] with every public layout for each game.
struct Cheater {
    layouts: Vec<Minesweeper>,
    solver: Builtin,
}

impl Entrant for Cheater {
    fn enter(&self, seed: u64) -> Result<Box<dyn Bot>, Entry> {
        Ok(Box::new(Cheat {
            candidates: self.layouts.clone(),
            seed,
            ply: 0,
            honest: self.solver.enter(seed)?,
        }))
    }
}

fn solver(kind: &'static dyn TableKind) -> Builtin {
    Builtin::at_table(kind, "solver", None, &[params()]).unwrap()
}

/// Mean and 95% interval half-width of `scores`.
fn mean_and_margin(scores: &[f64]) -> (f64, f64) {
    let n = scores.len() as f64;
    let mean = scores.iter().sum::<f64>() / n;
    let var = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, 1.96 * (var / n).sqrt())
}

#[test]
fn a_bot_that_recomputes_the_mines_from_the_seed_does_no_better_than_the_solver() {
    let kind = find_table_game("minesweeper").unwrap();
    let cheater = || Cheater {
        layouts: public_layouts(),
        solver: solver(kind),
    };

    // The control, on the boards the seed alone deals (the derivation without a secret).
    let public = TableSchedule {
        root: Root::public(SEED),
        seats: 1,
        rounds: BOARDS,
        every_order: false,
        rows: SizeRange::fixed(SIDE),
        cols: SizeRange::fixed(SIDE),
        options: options(),
        names: vec!["cheater".into()],
        references: vec![false],
        rules: None,
    };
    let c = cheater();
    let control: Vec<f64> = public
        .series()
        .unwrap()
        .iter()
        .map(|series| {
            let game = public.game(series, 0);
            let start = kind.new_game(&game.params, game.board_seed).unwrap();
            let record = play(start, &[&c as &dyn Entrant], &game.bot_seeds);
            record.scores[0].to_f64()
        })
        .collect();
    let control = control.iter().sum::<f64>() / control.len() as f64;

    // The real run: a leaderboard of the cheater and the solver under a drawn secret.
    let out = tempfile::tempdir().unwrap();
    let config = TableConfig {
        game: kind,
        seats: 1,
        rows: SizeRange::fixed(SIDE),
        cols: SizeRange::fixed(SIDE),
        every_order: false,
        rules: None,
        rounds: BOARDS,
        seed: SEED,
        threads: 2,
        out: out.path().join("results"),
        resume: false,
        options: options(),
        depth: None,
        limits: serde_json::json!({}),
        thread_stack: 8 << 20,
        reporting: Reporting::default(),
        skipped: Vec::new(),
        shard: None,
        secret: None,
    };
    let field = vec![
        participant("cheater", Box::new(cheater())),
        participant("solver", Box::new(solver(kind))),
    ];
    let summary = table_tournament::run(&config, field, &Silent, &AtomicBool::new(false)).unwrap();
    let scores = |bot: &str| -> Vec<f64> {
        summary
            .rows
            .iter()
            .filter(|r| r.seats[0].bot == bot)
            .map(|r| r.seats[0].score.to_f64())
            .collect()
    };
    let (cheat, honest) = (scores("cheater"), scores("solver"));
    assert_eq!((cheat.len(), honest.len()), (200, 200));
    let (mean, margin) = mean_and_margin(&honest);
    let cheat_mean = cheat.iter().sum::<f64>() / cheat.len() as f64;
    assert!(
        (mean - margin..=mean + margin).contains(&cheat_mean),
        "the cheater's mean {cheat_mean:.3} is outside the solver's {mean:.3} ± {margin:.3}"
    );
    // The control: on the boards the seed alone deals, the same cheat lies far above
    // the interval, so the test can fail.
    assert!(
        control >= 0.99 && control > mean + margin,
        "the cheat on public boards: {control:.3} against the solver's {mean:.3} ± {margin:.3}"
    );
    // The secret the run drew is in its manifest, so verify and --resume deal the same
    // boards.
    let manifest = arena::output::manifest::Manifest::read(&config.out)
        .unwrap()
        .unwrap();
    assert!(manifest.secret.is_some());
}

use crate::common::{self, participant};

/// A folder of two copies of the example minesweeper module and a roster of them.
fn submissions(tmp: &std::path::Path) -> (std::path::PathBuf, std::path::PathBuf) {
    let subs = tmp.join("subs");
    std::fs::create_dir_all(&subs).unwrap();
    let example = common::root().join("bots/games/minesweeper/minesweeper.wasm");
    for name in ["ana", "bo"] {
        std::fs::copy(&example, subs.join(format!("{name}.wasm"))).unwrap();
    }
    let roster = tmp.join("roster.csv");
    std::fs::write(
        &roster,
        "file,student_id,name\nana.wasm,s1,Ana\nbo.wasm,s2,Bo\n",
    )
    .unwrap();
    (subs, roster)
}

/// The secret `tournament.json` in `dir` records.
fn recorded_secret(dir: &std::path::Path) -> String {
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("tournament.json")).unwrap()).unwrap();
    manifest["secret"].as_str().expect("a secret").to_string()
}

#[test]
fn the_secret_is_drawn_kept_in_the_manifest_alone_and_deals_the_same_boards_again() {
    let tmp = tempfile::tempdir().unwrap();
    let (subs, roster) = submissions(tmp.path());
    let out = tmp.path().join("results");
    let run = |out: &std::path::Path, extra: &[&str]| {
        common::arena()
            .args(["tournament", "--game", "minesweeper", "--rounds", "4"])
            .arg(&subs)
            .arg("--roster")
            .arg(&roster)
            .arg("--out")
            .arg(out)
            .args(extra)
            .assert()
            .success()
    };
    let printed = run(&out, &[]).get_output().clone();
    let secret = recorded_secret(&out);
    assert_eq!(secret.len(), 64);
    // No file of the folder but the manifest holds it, nor anything printed.
    let files = common::files(&out);
    assert!(
        files.keys().any(|f| f.starts_with("feedback/")),
        "{:?}",
        files.keys()
    );
    assert!(files.contains_key("report.html"));
    for (name, bytes) in &files {
        let text = String::from_utf8_lossy(bytes).to_lowercase();
        assert_eq!(
            text.contains(&secret),
            name == "tournament.json",
            "{name} and the secret"
        );
    }
    for stream in [&printed.stdout, &printed.stderr] {
        assert!(!String::from_utf8_lossy(stream).contains(&secret));
    }
    // Another run draws another secret, so other boards.
    let again = tmp.path().join("again");
    run(&again, &[]);
    assert_ne!(recorded_secret(&again), secret);
    let games = |dir: &std::path::Path| std::fs::read(dir.join("games.csv")).unwrap();
    assert_ne!(games(&again), games(&out));
    // The secret given deals the run again byte for byte; verify re-deals it from the
    // manifest.
    let given = tmp.path().join("given");
    run(&given, &["--secret", &secret]);
    assert_eq!(common::files(&given), files);
    common::arena()
        .arg("verify")
        .arg(&out)
        .arg(&subs)
        .arg("--roster")
        .arg(&roster)
        .assert()
        .success();
    // --resume keeps the folder's secret; another one given is refused, unshown.
    run(&out, &["--resume"]);
    let other = "0".repeat(64);
    let refused = common::arena()
        .args(["tournament", "--game", "minesweeper", "--rounds", "4"])
        .arg(&subs)
        .arg("--roster")
        .arg(&roster)
        .arg("--out")
        .arg(&out)
        .args(["--resume", "--secret", &other])
        .assert()
        .failure()
        .get_output()
        .clone();
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(
        stderr.contains("secret of hidden setup is another one"),
        "{stderr}"
    );
    assert!(
        !stderr.contains(&secret) && !stderr.contains(&other),
        "{stderr}"
    );
}

#[test]
fn shards_share_a_secret_given_to_every_part() {
    let tmp = tempfile::tempdir().unwrap();
    let (subs, _) = submissions(tmp.path());
    let part = |i: u32, secret: Option<&str>| {
        let mut cmd = common::arena();
        cmd.args(["tournament", "--game", "minesweeper", "--rounds", "4", "-q"])
            .arg(&subs)
            .arg("--shard")
            .arg(format!("{i}/2"))
            .arg("--out")
            .arg(tmp.path().join(format!("s{i}")));
        if let Some(s) = secret {
            cmd.args(["--secret", s]);
        }
        cmd.assert()
    };
    let stderr = String::from_utf8_lossy(&part(1, None).failure().get_output().stderr).to_string();
    assert!(
        stderr.contains("give every part the same --secret"),
        "{stderr}"
    );
    let secret = "5e".repeat(32);
    part(1, Some(&secret)).success();
    part(2, Some(&"6f".repeat(32))).success();
    let merged = tmp.path().join("merged");
    let merge = |parts: [&str; 2]| {
        let mut cmd = common::arena();
        cmd.arg("merge");
        for p in parts {
            cmd.arg(tmp.path().join(p));
        }
        cmd.arg("--out").arg(&merged).assert()
    };
    let stderr =
        String::from_utf8_lossy(&merge(["s1", "s2"]).failure().get_output().stderr).to_string();
    assert!(
        stderr.contains("secret of hidden setup differs"),
        "{stderr}"
    );
    std::fs::remove_dir_all(tmp.path().join("s2")).unwrap();
    part(2, Some(&secret)).success();
    merge(["s1", "s2"]).success();
    common::arena()
        .arg("verify")
        .arg(&merged)
        .arg(&subs)
        .assert()
        .success();
}

#[test]
fn a_secret_for_a_game_without_hidden_setup_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("r");
    let out = out.to_str().unwrap();
    for args in [
        &[
            "tournament",
            "builtin:greedy",
            "builtin:random",
            "--out",
            out,
        ][..],
        &[
            "tournament",
            "--game",
            "tictactoe",
            "builtin:greedy",
            "builtin:random",
            "--out",
            out,
        ][..],
        &[
            "tournament",
            "--game",
            "pursuit",
            "builtin:greedy",
            "builtin:random",
            "--out",
            out,
        ][..],
        &["check", "bots/greedy.wasm"][..],
        &[
            "check",
            "--game",
            "tictactoe",
            "bots/games/tictactoe/tictactoe.wasm",
        ][..],
    ] {
        let refused = common::arena()
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .args(args)
            .args(["--secret", &"ab".repeat(32)])
            .assert()
            .failure()
            .get_output()
            .clone();
        let stderr = String::from_utf8_lossy(&refused.stderr);
        assert!(
            stderr.contains("deals no hidden setup"),
            "{args:?}: {stderr}"
        );
    }
    let bad = common::arena()
        .args([
            "tournament",
            "--game",
            "minesweeper",
            "builtin:solver",
            "--secret",
            "xyz",
        ])
        .assert()
        .failure()
        .get_output()
        .clone();
    let stderr = String::from_utf8_lossy(&bad.stderr);
    assert!(stderr.contains("64 hex digits"), "{stderr}");
}

#[test]
fn check_deals_hidden_setup_under_a_secret_given_to_play_the_same_games_again() {
    let check = |secret: &str| {
        common::arena()
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .args([
                "check",
                "--game",
                "minesweeper",
                "--json",
                "--secret",
                secret,
            ])
            .arg("bots/games/minesweeper/minesweeper.wasm")
            .assert()
            .success()
            .get_output()
            .stdout
            .clone()
    };
    let secret = "c4".repeat(32);
    let first = check(&secret);
    assert_eq!(check(&secret), first, "the same secret, the same games");
    assert!(!String::from_utf8_lossy(&first).contains(&secret));
}
