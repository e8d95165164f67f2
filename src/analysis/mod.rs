//! The analysis behind a move (what a Min-Max player saw, down to the trees of a game's
//! seventh and eighth moves): the whole game tree below a position to a
//! fixed depth, every move with its value, the principal variation; written as an
//! indented text tree ([`text`]), Graphviz DOT ([`dot`]) or JSON ([`json`]).
//!
//! Every game has one, in one of two searches ([`Search`]):
//! - a two-seat game of the [`arena_games::Game`] model ([`analyse`], [`minimax`]):
//!   values are the ones `builtin:alphabeta` computes (`AnyGame::leaf_value` where the
//!   tree stops, the same negamax above it), so the root's value is exactly what
//!   alpha-beta at the same depth plays toward, its tied best moves the ones alpha-beta
//!   chooses among, ties on the principal variation broken at random from a seed;
//! - every other game, of one to four seats ([`analyse_table`], [`maxn`]): max^n, every
//!   seat's value at every position, as `builtin:maxn` computes them
//!   (`arena_games::strategy::table::MaxN`): the seat to move takes the move best for
//!   itself, the first of equals. The tree is of the whole position, hidden setup
//!   included (an onlooker's, as a replay shows it).
//!
//! The tree is not pruned (a person wants to see every move), so its size is bounded:
//! the search stops and refuses once the tree passes `max_nodes` positions.

pub mod dot;
pub mod json;
pub mod maxn;
pub mod minimax;
#[cfg(test)]
mod tests;
pub mod text;

use arena_games::game::{Seat, SeatResult};
use arena_games::rng::GameRng;
use arena_games::strategy::{LOSS_VALUE, WIN_VALUE};
use arena_games::Outcome;
use thiserror::Error;

pub use maxn::analyse_table;
pub use minimax::analyse;

/// The value of a finished game's rank in a max^n tree, as `builtin:maxn` counts it: the
/// better the rank, the larger, by far more than any heuristic.
pub const RANK_STEP: i64 = 1 << 50;

/// The node limit when none is asked for.
pub const DEFAULT_MAX_NODES: usize = 100_000;
/// The largest node limit that may be asked for (about 100 MB of tree).
pub const MAX_NODES_LIMIT: usize = 1_000_000;
/// The deepest tree that may be asked for.
pub const MAX_DEPTH: u32 = 64;

/// Why an analysis cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum AnalysisError {
    /// The depth is outside `1..=MAX_DEPTH`.
    #[error("the depth must be between 1 and {MAX_DEPTH}, got {0}")]
    Depth(u32),
    /// The node limit is outside `1..=MAX_NODES_LIMIT`.
    #[error("the node limit must be between 1 and {MAX_NODES_LIMIT}, got {0}")]
    NodeLimit(usize),
    /// The tree has more positions than the limit allows.
    #[error(
        "the tree to depth {depth} has more than {limit} positions; ask for a smaller depth, or a larger limit (at most {MAX_NODES_LIMIT})"
    )]
    TooManyNodes {
        /// The depth asked for.
        depth: u32,
        /// The limit.
        limit: usize,
    },
    /// The position is finished: there is no move to analyse.
    #[error("the game is over in this position: there is no move to analyse")]
    GameOver,
    /// A recorded position does not rebuild under the rules.
    #[error("the position does not rebuild under the rules: {0}")]
    Position(String),
}

/// Which search made a tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Search {
    /// Negamax of a two-seat game, as `builtin:alphabeta` values it: one value, for the
    /// seat to move at the root.
    Minimax,
    /// Max^n, as `builtin:maxn` values it: every seat's own value.
    MaxN,
}

/// One position of the tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The move that led here (`None` at the root), as its `i32` and as people write it.
    pub mv: Option<(i32, String)>,
    /// The seat to move in this position (in a finished game: the one that would).
    pub to_move: Seat,
    /// The value for the seat to move at the root (larger is better for it).
    pub value: i64,
    /// Every seat's value, by seat (larger is better for that seat); of a two-seat
    /// minimax, the root seat's value and its negation.
    pub values: Vec<i64>,
    /// Whether this move is one of its parent's best (as good for the parent's mover as
    /// the best).
    pub best: bool,
    /// Whether this move is on the principal variation.
    pub pv: bool,
    /// Every seat's score and rank, if the game is over here.
    pub end: Option<Vec<SeatResult>>,
    /// The positions after each legal move, in the game's move order; empty at the depth
    /// limit and at the end of the game.
    pub children: Vec<Node>,
}

/// A searched tree and what it was searched with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The game's registered name.
    pub game: &'static str,
    /// Where the position comes from, in words (for the output's heading).
    pub position: String,
    /// The position drawn for people.
    pub drawing: String,
    /// The search that made the tree.
    pub search: Search,
    /// Seats at the table.
    pub seats: u8,
    /// The depth searched, in plies.
    pub depth: u32,
    /// The seed ties were broken with (minimax; max^n takes the first of equals).
    pub seed: u64,
    /// Positions in the tree, the root included.
    pub nodes: usize,
    /// The root: the position analysed.
    pub root: Node,
}

impl Analysis {
    /// The seat whose values these are: the one to move at the root.
    pub fn seat(&self) -> Seat {
        self.root.to_move
    }

    /// The root's value for the seat to move.
    pub fn value(&self) -> i64 {
        self.root.value
    }

    /// A value written for people, as its search values positions.
    pub fn value_text(&self, value: i64) -> String {
        match self.search {
            Search::Minimax => value_text(value),
            Search::MaxN => maxn_value_text(value),
        }
    }

    /// The principal variation: from the root, each chosen best move in turn.
    pub fn principal_variation(&self) -> Vec<&(i32, String)> {
        let mut line = Vec::new();
        let mut node = &self.root;
        while let Some(next) = node.children.iter().find(|c| c.pv) {
            line.push(next.mv.as_ref().expect("a child has a move"));
            node = next;
        }
        line
    }
}

/// A value written for people: heuristic values as numbers; a finished game as `win` or
/// `loss` with its offset from the search's win value (`win-3`: won three plies down;
/// games with a margin, like Determinant, add it: `win+77`); `0` for a draw.
pub fn value_text(value: i64) -> String {
    let near = |base: i64| value.abs_diff(base) < 1 << 32;
    if near(WIN_VALUE) {
        format!("win{:+}", value - WIN_VALUE)
    } else if near(LOSS_VALUE) {
        format!("loss{:+}", value - LOSS_VALUE)
    } else {
        format!("{value:+}")
    }
}

/// A max^n value written for people: heuristic values as numbers; a finished game as
/// `ranks` with the number of seats the seat beat less the number that beat it, then
/// the offset of a sooner win or a later loss (`ranks+2-3`: it beat both others, three
/// plies down; `ranks-1+4`: one seat beat it, four plies down).
pub fn maxn_value_text(value: i64) -> String {
    let worth = (value + value.signum() * (RANK_STEP / 2)) / RANK_STEP;
    if worth == 0 {
        return format!("{value:+}");
    }
    let offset = value - worth * RANK_STEP;
    format!("ranks{worth:+}{offset:+}")
}

/// How a finished game ended, in words: `seat 1 wins`, `a draw`, or every seat's rank.
pub fn end_text(results: &[SeatResult]) -> String {
    let firsts: Vec<usize> = (0..results.len())
        .filter(|&i| results[i].rank == 1)
        .collect();
    match (results.len(), firsts.as_slice()) {
        (1, _) => format!("score {}", results[0].score),
        (_, [winner]) if results.len() == 2 => format!("seat {} wins", winner + 1),
        (n, firsts) if firsts.len() == n => "a draw".to_string(),
        _ => {
            let ranks: Vec<String> = results.iter().map(|r| r.rank.to_string()).collect();
            format!("ranks {} by seat", ranks.join(", "))
        }
    }
}

/// The two-seat result of a finished game of two seats (a draw when the ranks agree).
pub fn outcome(results: &[SeatResult]) -> Option<Outcome> {
    match results {
        [a, b] if a.rank < b.rank => Some(Outcome::Win(arena_games::Player::First)),
        [a, b] if b.rank < a.rank => Some(Outcome::Win(arena_games::Player::Second)),
        [_, _] => Some(Outcome::Draw),
        _ => None,
    }
}

/// Checks a request's depth and node limit.
fn check_limits(depth: u32, max_nodes: usize) -> Result<(), AnalysisError> {
    if !(1..=MAX_DEPTH).contains(&depth) {
        return Err(AnalysisError::Depth(depth));
    }
    if !(1..=MAX_NODES_LIMIT).contains(&max_nodes) {
        return Err(AnalysisError::NodeLimit(max_nodes));
    }
    Ok(())
}

/// Counts positions against the limit.
struct Counter {
    nodes: usize,
    max_nodes: usize,
    depth: u32,
}

impl Counter {
    /// One more position, or the refusal once there are more than the limit.
    fn count(&mut self) -> Result<(), AnalysisError> {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return Err(AnalysisError::TooManyNodes {
                depth: self.depth,
                limit: self.max_nodes,
            });
        }
        Ok(())
    }
}

/// Marks the principal variation from `node` down: at each position one of the best
/// moves, drawn with `rng` when several are equally good (as `builtin:alphabeta` draws in
/// the games that break ties at random), or the first of them without one (as
/// `builtin:maxn` plays).
fn choose_line(node: &mut Node, mut rng: Option<&mut GameRng>) {
    node.pv = true;
    let best: Vec<usize> = (0..node.children.len())
        .filter(|&i| node.children[i].best)
        .collect();
    let pick = match (best.len(), rng.as_deref_mut()) {
        (0, _) => return,
        (1, _) | (_, None) => best[0],
        (n, Some(rng)) => best[rng.below(n as u64) as usize],
    };
    choose_line(&mut node.children[pick], rng);
}
