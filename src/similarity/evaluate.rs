//! What a position is worth to the player to move, move by move: each legal move played,
//! then the game played out to its end by the game's reference strategy in every seat
//! (`builtin:perfect` where the game has it, which makes the values exact; otherwise
//! `builtin:alphabeta` at [`PLAYOUT_DEPTH`], the strongest builtin's search kept cheap).
//! A move is rated by the mover's rank at the end, then its score: a move rated below
//! the best is a mistake. The reference strategies' own choices say whether they
//! disagree on the position.

use arena_games::game::Score;
use arena_games::registry::{AnyTable, TableKind};
use arena_games::GameParams;

/// The search depth of `builtin:alphabeta` in a play-out (a game without `perfect`).
pub const PLAYOUT_DEPTH: u32 = 2;

/// The most moves a play-out plays before it gives up rating (no game of the registry
/// comes near it on its largest board).
const PLAYOUT_CAP: usize = 10_000;

/// The strategy positions are rated with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reference {
    /// The builtin's name.
    pub strategy: &'static str,
    /// Its search depth (`None`: its own).
    pub depth: Option<u32>,
    /// Whether its values are the game's own (a perfect player).
    pub exact: bool,
}

impl Reference {
    /// The reference of a game: `perfect` where it exists, else `alphabeta` at
    /// [`PLAYOUT_DEPTH`], else none.
    pub fn of(kind: &dyn TableKind) -> Option<Reference> {
        let names = kind.strategy_names();
        if names.contains(&"perfect") {
            return Some(Reference {
                strategy: "perfect",
                depth: None,
                exact: true,
            });
        }
        names.contains(&"alphabeta").then_some(Reference {
            strategy: "alphabeta",
            depth: Some(PLAYOUT_DEPTH),
            exact: false,
        })
    }

    /// How the reference is named in the report.
    pub fn label(&self) -> String {
        match self.depth {
            Some(d) => format!("builtin:{} (depth {d})", self.strategy),
            None => format!("builtin:{}", self.strategy),
        }
    }
}

/// A move's value to the player who made it: higher is better (the negated rank at the
/// end, then the score).
pub type Value = (i64, Score);

/// Every legal move of `state` with its value, in the order of `legal_moves`, or `None`
/// when a play-out could not be finished (the reference refused a position, or the cap).
pub fn rate(
    kind: &dyn TableKind,
    params: &GameParams,
    reference: &Reference,
    state: &dyn AnyTable,
    seed: u64,
) -> Option<Vec<(i32, Value)>> {
    let mover = state.to_move().index();
    let mut out = Vec::new();
    for m in state.legal_moves() {
        let mut game = state.clone_box();
        game.play(m).ok()?;
        let mut bot = kind
            .builtin(reference.strategy, reference.depth, params)
            .ok()?;
        let mut words = Vec::new();
        let mut ply = 0u32;
        while !game.is_terminal() {
            if ply as usize >= PLAYOUT_CAP {
                return None;
            }
            game.observation(ply, seed, &mut words);
            let reply = bot.choose_move(&words).ok()?;
            game.play(reply).ok()?;
            ply += 1;
        }
        let results = game.results()?;
        let mine = results.get(mover)?;
        out.push((m, (-i64::from(mine.rank), mine.score)));
    }
    Some(out)
}

/// The moves the named builtins choose in `state` (each with `seed`), skipping a builtin
/// the game lacks or that cannot answer.
pub fn reference_choices(
    kind: &dyn TableKind,
    params: &GameParams,
    names: &[&str],
    state: &dyn AnyTable,
    ply: u32,
    seed: u64,
) -> Vec<i32> {
    let mut words = Vec::new();
    state.observation(ply, seed, &mut words);
    names
        .iter()
        .filter_map(|name| {
            let mut bot = kind.builtin(name, None, params).ok()?;
            bot.choose_move(&words).ok()
        })
        .collect()
}
