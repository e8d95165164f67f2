//! A bot can never recompute hidden setup: the seed it receives is derived apart from the
//! board's seed. A hostile bot searches for the minesweeper layout through every word it
//! is given (each word, and each pair of words, read as a seed); it never finds it, while
//! the same search handed the board's seed does (so the test can fail).

use std::sync::{Arc, Mutex};

use arena::bot::{Bot, Fault, Reply};
use arena::referee::{play, Entrant, Entry};
use arena::rng_size::SizeRange;
use arena::table_tournament::schedule::TableSchedule;
use arena_games::registry::{find_table_game, TableKind};
use arena_games::GameParams;

/// Every seed the words could stand for: each word, and each pair read low then high.
fn seeds_in(words: &[i32]) -> Vec<u64> {
    let mut out: Vec<u64> = words.iter().map(|&w| u64::from(w as u32)).collect();
    for pair in words.windows(2) {
        out.push(u64::from(pair[0] as u32) | (u64::from(pair[1] as u32) << 32));
        out.push(u64::from(pair[1] as u32) | (u64::from(pair[0] as u32) << 32));
    }
    out
}

/// Plays the first legal move and remembers every word it was given.
struct Spy(Arc<Mutex<Vec<i32>>>);

impl Bot for Spy {
    fn choose_move(&mut self, _words: &[i32]) -> Result<Reply, Fault> {
        unreachable!("the referee hands the legal moves")
    }
    fn choose_move_with(
        &mut self,
        words: &[i32],
        legal: &dyn Fn() -> Vec<i32>,
    ) -> Result<Reply, Fault> {
        self.0.lock().unwrap().extend_from_slice(words);
        Ok(Reply {
            raw: legal()[0],
            fuel: 0,
        })
    }
}

struct SpyEntrant(Arc<Mutex<Vec<i32>>>);

impl Entrant for SpyEntrant {
    fn enter(&self, _seed: u64) -> Result<Box<dyn Bot>, Entry> {
        Ok(Box::new(Spy(self.0.clone())))
    }
}

/// Whether any seed the words hold draws the layout `setup`.
fn finds_layout(kind: &dyn TableKind, params: &GameParams, words: &[i32], setup: &str) -> bool {
    let mut seeds = seeds_in(words);
    seeds.sort_unstable();
    seeds.dedup();
    seeds
        .into_iter()
        .any(|seed| kind.new_game(params, seed).unwrap().setup() == setup)
}

#[test]
fn no_word_a_bot_receives_draws_the_hidden_mines() {
    let kind = find_table_game("minesweeper").unwrap();
    for players in ["1", "2"] {
        let schedule = TableSchedule {
            root: arena::seeds::Root {
                seed: 11,
                secret: Some("ab".repeat(32).parse().unwrap()),
            },
            seats: players.parse().unwrap(),
            rounds: 3,
            every_order: false,
            rows: SizeRange::fixed(6),
            cols: SizeRange::fixed(6),
            options: [("players".to_string(), players.to_string())].into(),
            names: vec!["a".into(), "b".into()],
            references: vec![false, false],
            rules: None,
        };
        for series in schedule.series().unwrap() {
            for game in schedule.games(&series) {
                let seen = Arc::new(Mutex::new(Vec::new()));
                let spies: Vec<SpyEntrant> = game
                    .seats
                    .iter()
                    .map(|_| SpyEntrant(seen.clone()))
                    .collect();
                let entrants: Vec<&dyn Entrant> = spies.iter().map(|s| s as &dyn Entrant).collect();
                let start = kind.new_game(&game.params, game.board_seed).unwrap();
                let record = play(start, &entrants, &game.bot_seeds);
                let words = seen.lock().unwrap().clone();
                assert!(!words.is_empty());
                assert!(
                    !finds_layout(kind, &game.params, &words, &record.setup),
                    "game {}: the words gave the layout away",
                    game.id
                );
                // The control: the board's seed among the words gives it away at once.
                let mut leaked = words.clone();
                leaked.push(game.board_seed as u32 as i32);
                leaked.push((game.board_seed >> 32) as u32 as i32);
                assert!(finds_layout(kind, &game.params, &leaked, &record.setup));
            }
        }
    }
}
