//! A gauntlet under a sequential test (`--sprt`) stopped in the middle and resumed ends
//! byte-identical to a run never stopped: the series played ahead of a decision before
//! the stop are dropped, and the decisions are the same.

use crate::common;

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use arena::contestant::Builtin;
use arena::referee::Entrant;
use arena::rng_size::SizeRange;
use arena::series::SeriesRules;
use arena::sprt_settings::{ModelName, SprtSettings};
use arena::tournament::{self, Config, Participant, Progress, Reporting, Silent, TournamentError};
use arena_games::find_game;

/// Raises the stop flag once `at` games are done (as Ctrl-C would).
struct StopAfter<'a> {
    done: AtomicU64,
    at: u64,
    flag: &'a AtomicBool,
}

impl Progress for StopAfter<'_> {
    fn set_total(&self, _: u64) {}
    fn game_done(&self) {
        if self.done.fetch_add(1, Ordering::SeqCst) + 1 >= self.at {
            self.flag.store(true, Ordering::SeqCst);
        }
    }
    fn skip(&self, _: u64) {}
}

fn field() -> Vec<Participant> {
    let game = find_game("nim").unwrap();
    [("random", false), ("greedy", false), ("alphabeta", true)]
        .into_iter()
        .map(|(name, reference)| Participant {
            name: format!("builtin:{name}"),
            source: format!("builtin:{name}"),
            sha256: String::new(),
            reference,
            disqualified: None,
            lms: None,
            entrant: Box::new(Builtin::new(game, name, None).unwrap()) as Box<dyn Entrant>,
        })
        .collect()
}

fn config(out: PathBuf, resume: bool) -> Config {
    Config {
        game: find_game("nim").unwrap(),
        rows: SizeRange::fixed(5),
        cols: SizeRange::fixed(15),
        rules: SeriesRules::new(1, true, false).unwrap(),
        rounds: 300,
        seed: 3,
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
        sprt: Some(SprtSettings {
            elo0: 0.0,
            elo1: 20.0,
            alpha: 0.05,
            beta: 0.05,
            model: ModelName::Logistic,
        }),
    }
}

#[test]
fn a_stopped_and_resumed_run_is_the_run_never_stopped() {
    let dir = tempfile::tempdir().unwrap();
    let (resumed, clean) = (dir.path().join("resumed"), dir.path().join("clean"));
    let summary = tournament::run(
        &config(clean.clone(), false),
        field(),
        &Silent,
        &AtomicBool::new(false),
    )
    .unwrap();
    let walk = summary.sequential.unwrap();
    assert_eq!(walk.pairs.len(), 2);
    let played = summary.games;
    assert!(played > 20, "{played}");
    for at in [7, played / 2] {
        let _ = std::fs::remove_dir_all(&resumed);
        let flag = AtomicBool::new(false);
        let stopper = StopAfter {
            done: AtomicU64::new(0),
            at,
            flag: &flag,
        };
        let stopped = tournament::run(&config(resumed.clone(), false), field(), &stopper, &flag);
        assert!(
            matches!(stopped, Err(TournamentError::Interrupted { .. })),
            "{stopped:?}"
        );
        tournament::run(
            &config(resumed.clone(), true),
            field(),
            &Silent,
            &AtomicBool::new(false),
        )
        .unwrap();
        assert_eq!(
            common::files(&resumed),
            common::files(&clean),
            "stopped at {at}"
        );
    }
}
