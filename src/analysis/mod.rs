//! The minimax analysis behind a move (what a Min-Max player saw, down to the trees of a
//! game's seventh and eighth moves): the whole game tree below a position to a
//! fixed depth, every move with its minimax value, the principal variation, ties broken
//! at random from a seed; written as an indented text tree ([`text`]), Graphviz DOT
//! ([`dot`]) or JSON ([`json`]).
//!
//! It works for every two-seat game through the registry's [`AnyGame`]: values are the
//! ones `builtin:alphabeta` computes ([`AnyGame::leaf_value`] where the tree stops, the
//! same negamax above it), so the root's value is exactly what alpha-beta at the same
//! depth plays toward, and its tied best moves are the ones alpha-beta chooses among.
//! The tree is not pruned (a person wants to see every move), so its size is bounded:
//! [`analyse`] stops and refuses once the tree passes `max_nodes` positions.

pub mod dot;
pub mod json;
#[cfg(test)]
mod tests;
pub mod text;

use arena_games::rng::GameRng;
use arena_games::strategy::{LOSS_VALUE, WIN_VALUE};
use arena_games::{AnyGame, Outcome, Player};
use thiserror::Error;

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
}

/// One position of the tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The move that led here (`None` at the root), as its `i32` and as people write it.
    pub mv: Option<(i32, String)>,
    /// The seat to move in this position (in a finished game: the one that cannot).
    pub to_move: Player,
    /// The minimax value for the seat to move at the root (larger is better for it).
    pub value: i64,
    /// Whether this move is one of its parent's best (its value is the parent's).
    pub best: bool,
    /// Whether this move is on the principal variation.
    pub pv: bool,
    /// The result, if the game is over here.
    pub end: Option<Outcome>,
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
    /// The depth searched, in plies.
    pub depth: u32,
    /// The seed ties were broken with.
    pub seed: u64,
    /// Positions in the tree, the root included.
    pub nodes: usize,
    /// The root: the position analysed.
    pub root: Node,
}

impl Analysis {
    /// The seat whose values these are: the one to move at the root.
    pub fn seat(&self) -> Player {
        self.root.to_move
    }

    /// The root's value for the seat to move.
    pub fn value(&self) -> i64 {
        self.root.value
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

/// Searches the tree below `game` to `depth` plies, breaking ties on the principal
/// variation with a generator seeded by `seed`; `position` says where the position comes
/// from.
///
/// # Errors
/// [`AnalysisError`] for a depth or node limit out of range, a finished position, or a
/// tree larger than `max_nodes` (found out before more than `max_nodes` positions are
/// built).
pub fn analyse(
    game: &dyn AnyGame,
    position: String,
    depth: u32,
    seed: u64,
    max_nodes: usize,
) -> Result<Analysis, AnalysisError> {
    if !(1..=MAX_DEPTH).contains(&depth) {
        return Err(AnalysisError::Depth(depth));
    }
    if !(1..=MAX_NODES_LIMIT).contains(&max_nodes) {
        return Err(AnalysisError::NodeLimit(max_nodes));
    }
    if game.is_terminal() {
        return Err(AnalysisError::GameOver);
    }
    let mut search = Search {
        nodes: 0,
        max_nodes,
        depth,
    };
    let (mut root, _) = search.node(game, None, depth, 0)?;
    let seat = root.to_move;
    to_seat(&mut root, seat);
    choose_line(&mut root, &mut GameRng::new(seed));
    Ok(Analysis {
        game: game.info().name,
        position,
        drawing: game.render(false),
        depth,
        seed,
        nodes: search.nodes,
        root,
    })
}

/// The tree builder: counts positions against the limit.
struct Search {
    nodes: usize,
    max_nodes: usize,
    depth: u32,
}

impl Search {
    /// The node for `state` (reached by `mv`), searched `depth` more plies, `ply` plies
    /// below the root, and its negamax value for its own mover (as `builtin:alphabeta`
    /// computes it). Values stored in the nodes are for their own movers until
    /// [`to_seat`] turns them round.
    fn node(
        &mut self,
        state: &dyn AnyGame,
        mv: Option<(i32, String)>,
        depth: u32,
        ply: u32,
    ) -> Result<(Node, i64), AnalysisError> {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return Err(AnalysisError::TooManyNodes {
                depth: self.depth,
                limit: self.max_nodes,
            });
        }
        let me = state.to_move();
        let moves = if depth == 0 {
            Vec::new()
        } else {
            state.legal_moves()
        };
        if moves.is_empty() {
            let value = state.leaf_value(me, ply);
            let node = Node {
                mv,
                to_move: me,
                value,
                best: false,
                pv: false,
                end: state.outcome(),
                children: Vec::new(),
            };
            return Ok((node, value));
        }
        let mut children = Vec::with_capacity(moves.len());
        let mut best = i64::MIN;
        for raw in moves {
            let mut child = state.clone_box();
            let label = child.describe_move(raw).unwrap_or_else(|| raw.to_string());
            child
                .play(raw)
                .expect("a listed move is playable by the game that listed it");
            let (node, v) = self.node(child.as_ref(), Some((raw, label)), depth - 1, ply + 1)?;
            let mine = if node.to_move == me { v } else { -v };
            best = best.max(mine);
            children.push((node, mine));
        }
        let children = children
            .into_iter()
            .map(|(mut node, mine)| {
                node.best = mine == best;
                node
            })
            .collect();
        let node = Node {
            mv,
            to_move: me,
            value: best,
            best: false,
            pv: false,
            end: None,
            children,
        };
        Ok((node, best))
    }
}

/// Turns every node's value (for its own mover) into the value for `seat`.
fn to_seat(node: &mut Node, seat: Player) {
    if node.to_move != seat {
        node.value = -node.value;
    }
    for child in &mut node.children {
        to_seat(child, seat);
    }
}

/// Marks the principal variation from `node` down: at each position one of the best
/// moves, drawn with `rng` when several are equally good (as `builtin:alphabeta` draws in
/// the games that break ties at random).
fn choose_line(node: &mut Node, rng: &mut GameRng) {
    node.pv = true;
    let best: Vec<usize> = (0..node.children.len())
        .filter(|&i| node.children[i].best)
        .collect();
    let pick = match best.len() {
        0 => return,
        1 => best[0],
        n => best[rng.below(n as u64) as usize],
    };
    choose_line(&mut node.children[pick], rng);
}
