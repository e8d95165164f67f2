//! A harness problem on a worker thread (no engine for it, no file descriptor left) stops
//! a tournament before its first game, naming it as the machine's problem: it never
//! costs a bot a game.

use std::sync::atomic::AtomicBool;

use arena::bot::Bot;
use arena::contestant::Builtin;
use arena::referee::{Entrant, Entry};
use arena::rng_size::SizeRange;
use arena::series::SeriesRules;
use arena::tournament::{self, Config, Participant, Reporting, Silent, TournamentError};
use arena_games::find_game;

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

fn participant(name: &str, entrant: Box<dyn Entrant>) -> Participant {
    Participant {
        name: name.to_string(),
        source: name.to_string(),
        sha256: String::new(),
        reference: false,
        disqualified: None,
        entrant,
    }
}

#[test]
fn a_worker_that_cannot_be_readied_stops_the_tournament_before_any_game() {
    let game = find_game("nim").unwrap();
    let builtin = |name| Builtin::new(game, name, None).unwrap();
    let out = tempfile::tempdir().unwrap();
    let config = Config {
        game,
        rows: SizeRange::fixed(5),
        cols: SizeRange::fixed(15),
        rules: SeriesRules::new(3, false, true).unwrap(),
        rounds: 1,
        seed: 7,
        threads: 2,
        out: out.path().join("results"),
        resume: false,
        options: Default::default(),
        depth: None,
        limits: serde_json::json!({}),
        thread_stack: 4 << 20,
        reporting: Reporting::default(),
        skipped: Vec::new(),
        shard: None,
    };
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
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_arena"));
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
