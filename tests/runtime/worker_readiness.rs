//! A harness problem on a worker thread (no engine for it, no file descriptor left) stops
//! a tournament before its first game, naming it as the machine's problem; one met in the
//! middle of a run stops it there, unrecorded, for `--resume`: it never costs a bot a
//! game.

use crate::common::{self, participant};

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use arena::bot::{Bot, Fault};
use arena::contestant::Builtin;
use arena::referee::{Entrant, Entry};
use arena::rng_size::SizeRange;
use arena::series::SeriesRules;
use arena::table_tournament::{self, TableConfig};
use arena::tournament::{self, Config, Participant, Reporting, Silent, TournamentError};
use arena_games::registry::find_table_game;
use arena_games::{find_game, GameParams};

/// A builtin whose threads cannot be readied (as a module's would not be, were the
/// system to refuse the thread's engine).
struct Unready(Builtin);

impl Entrant for Unready {
    fn enter(&self, seed: u64) -> Result<Box<dyn Bot>, Entry> {
        self.0.enter(seed)
    }

    fn prepare_thread(&self) -> Result<(), String> {
        Err("the system refused the thread's engine".to_string())
    }
}

/// A Nim tournament into `out`, best-of-3 all played on 5 heaps of up to 15, on two
/// threads.
fn nim(out: PathBuf, rounds: u32, seed: u64, resume: bool) -> Config {
    Config {
        game: find_game("nim").unwrap(),
        rows: SizeRange::fixed(5),
        cols: SizeRange::fixed(15),
        rules: SeriesRules::new(3, false, true).unwrap(),
        rounds,
        seed,
        threads: 2,
        out,
        resume,
        options: Default::default(),
        depth: None,
        limits: serde_json::json!({}),
        thread_stack: 4 << 20,
        reporting: Reporting::default(),
        skipped: Vec::new(),
        shard: None,
        sprt: None,
    }
}

#[test]
fn a_worker_that_cannot_be_readied_stops_the_tournament_before_any_game() {
    let game = find_game("nim").unwrap();
    let builtin = |name| Builtin::new(game, name, None).unwrap();
    let out = tempfile::tempdir().unwrap();
    let config = nim(out.path().join("results"), 1, 7, false);
    let field = vec![
        participant("first", Box::new(builtin("random"))),
        participant("second", Box::new(Unready(builtin("greedy")))),
    ];
    let stop = AtomicBool::new(false);
    match tournament::run(&config, field, &Silent, &stop) {
        Err(err @ TournamentError::Worker { .. }) => {
            let text = err.to_string();
            assert!(text.contains("second"), "{text}");
            assert!(
                text.contains("the system refused the thread's engine"),
                "{text}"
            );
            assert!(text.contains("not of the bot"), "{text}");
        }
        Err(other) => panic!("expected a worker error, got {other}"),
        Ok(_) => panic!("the tournament played with a worker that was not ready"),
    }
    let games = std::fs::read_to_string(config.out.join("games.csv")).unwrap_or_default();
    assert!(games.lines().count() <= 1, "games were played: {games}");
}

/// A tournament whose compiler cannot even be started (the process may open only ten
/// files: the bots' files can be read, no child process started) stops with the machine
/// named, instead of disqualifying the bots.
#[cfg(unix)]
#[test]
fn a_machine_that_cannot_prepare_a_module_disqualifies_nobody() {
    use std::os::unix::process::CommandExt;
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("results");
    let bots = concat!(env!("CARGO_MANIFEST_DIR"), "/bots");
    let mut cmd = std::process::Command::new(common::binary());
    cmd.env("ARENA_NO_CACHE", "1")
        .args(["tournament", &format!("{bots}/first_legal.wasm")])
        .arg(format!("{bots}/c_greedy.wasm"))
        .args([
            "--rows",
            "5",
            "--cols",
            "5",
            "--best-of",
            "1",
            "--quiet",
            "--out",
        ])
        .arg(&out);
    // SAFETY: `setrlimit` is async-signal-safe; the closure touches nothing else.
    unsafe {
        cmd.pre_exec(|| {
            let limit = libc::rlimit {
                rlim_cur: 10,
                rlim_max: 10,
            };
            if libc::setrlimit(libc::RLIMIT_NOFILE, &limit) == 0 {
                Ok(())
            } else {
                Err(std::io::Error::last_os_error())
            }
        });
    }
    let run = cmd.output().unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("not of the bot: nothing was played"),
        "{stderr}"
    );
    assert!(!stderr.contains("disqualified"), "{stderr}");
    assert!(!out.join("games.csv").exists());
}

/// A bot that fails as the harness would on one of its games (the `fail_at`-th it
/// enters, counting from 1): a machine problem in the middle of a run.
struct FailsOnce {
    bot: Box<dyn Entrant>,
    entered: AtomicU64,
    fail_at: u64,
}

impl Entrant for FailsOnce {
    fn enter(&self, seed: u64) -> Result<Box<dyn Bot>, Entry> {
        if self.entered.fetch_add(1, Ordering::SeqCst) + 1 == self.fail_at {
            return Err(Entry::Fault(Fault::Harness(
                "no memory left for the instance".to_string(),
            )));
        }
        self.bot.enter(seed)
    }
}

/// Three participants of `bots` (by seat of the field), the second failing as the
/// harness would at its `fail_at`-th game when asked.
fn three(bots: [Box<dyn Entrant>; 3], fail_at: Option<u64>) -> Vec<Participant> {
    let [first, second, third] = bots;
    let second: Box<dyn Entrant> = match fail_at {
        Some(fail_at) => Box::new(FailsOnce {
            bot: second,
            entered: AtomicU64::new(0),
            fail_at,
        }),
        None => second,
    };
    vec![
        participant("first", first),
        participant("second", second),
        participant("third", third),
    ]
}

/// What a run stopped by the harness's problem must have left in `out`, and its error:
/// some games, none of them charged to a bot for it.
fn stopped_by_the_harness(run: Result<(), TournamentError>, out: &Path) {
    match run {
        Err(err @ TournamentError::Harness { .. }) => {
            let text = err.to_string();
            assert!(text.contains("no memory left for the instance"), "{text}");
            assert!(text.contains("not of a bot"), "{text}");
            assert!(text.contains("--resume"), "{text}");
        }
        Err(other) => panic!("expected the harness's error, got {other}"),
        Ok(()) => panic!("the run went on past a game the harness could not play"),
    }
    let games = std::fs::read_to_string(out.join("games.csv")).unwrap();
    assert!(games.lines().count() > 1, "no game was saved: {games}");
    assert!(!games.contains("harness"), "{games}");
    assert!(
        !games.contains("instantiation"),
        "a bot was charged: {games}"
    );
}

/// A run whose second bot meets the harness's problem at its `fail_at`-th game stops
/// there ([`stopped_by_the_harness`]); resumed on a healthy machine, its folder equals a
/// run that never met the problem. `run(out, resume, fail_at, stop)` plays one run.
fn stops_then_resumes_as_a_clean_run(
    fail_at: u64,
    run: impl Fn(PathBuf, bool, Option<u64>, &AtomicBool) -> Result<(), TournamentError>,
) {
    let dir = tempfile::tempdir().unwrap();
    let (broken, clean) = (dir.path().join("broken"), dir.path().join("clean"));
    let stopped = run(
        broken.clone(),
        false,
        Some(fail_at),
        &AtomicBool::new(false),
    );
    stopped_by_the_harness(stopped, &broken);
    let stop = AtomicBool::new(false);
    run(broken.clone(), true, None, &stop).unwrap();
    run(clean.clone(), false, None, &stop).unwrap();
    let (resumed, clean) = (common::files(&broken), common::files(&clean));
    assert_eq!(
        resumed.keys().collect::<Vec<_>>(),
        clean.keys().collect::<Vec<_>>()
    );
    for (path, bytes) in &clean {
        assert!(resumed[path] == *bytes, "{path} differs");
    }
}

#[test]
fn a_machine_problem_in_the_middle_of_a_run_stops_it_and_costs_no_bot_a_game() {
    let game = find_game("nim").unwrap();
    let bots = || -> [Box<dyn Entrant>; 3] {
        ["random", "greedy", "alphabeta"]
            .map(|name| Box::new(Builtin::new(game, name, None).unwrap()) as Box<dyn Entrant>)
    };
    stops_then_resumes_as_a_clean_run(5, |out, resume, fail_at, stop| {
        tournament::run(
            &nim(out, 4, 11, resume),
            three(bots(), fail_at),
            &Silent,
            stop,
        )
        .map(drop)
    });
}

#[test]
fn a_machine_problem_in_the_middle_of_a_table_run_stops_it_too() {
    let game = find_table_game("tictactoe").unwrap();
    let params = [GameParams::sized(3, 3)];
    let bots = || -> [Box<dyn Entrant>; 3] {
        ["random", "greedy", "perfect"].map(|name| {
            Box::new(Builtin::at_table(game, name, None, &params).unwrap()) as Box<dyn Entrant>
        })
    };
    let config = |out, resume| TableConfig {
        game,
        seats: 2,
        rows: SizeRange::fixed(3),
        cols: SizeRange::fixed(3),
        every_order: true,
        rules: None,
        rounds: 3,
        seed: 5,
        threads: 2,
        out,
        resume,
        options: Default::default(),
        depth: None,
        limits: serde_json::json!({}),
        thread_stack: 4 << 20,
        reporting: Reporting::default(),
        skipped: Vec::new(),
        shard: None,
        secret: None,
    };
    stops_then_resumes_as_a_clean_run(4, |out, resume, fail_at, stop| {
        table_tournament::run(&config(out, resume), three(bots(), fail_at), &Silent, stop).map(drop)
    });
}
