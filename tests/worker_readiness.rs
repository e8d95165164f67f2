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
