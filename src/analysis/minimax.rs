//! The tree of a two-seat game of the [`arena_games::Game`] model: negamax as
//! `builtin:alphabeta` values positions ([`AnyGame::leaf_value`] where the tree stops),
//! ties on the principal variation broken at random from a seed.

use arena_games::game::{seat_results, Score, Seat};
use arena_games::rng::GameRng;
use arena_games::{AnyGame, Outcome, Player};

use super::{check_limits, choose_line, Analysis, AnalysisError, Counter, Node, Search};

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
    check_limits(depth, max_nodes)?;
    if game.is_terminal() {
        return Err(AnalysisError::GameOver);
    }
    let mut counter = Counter {
        nodes: 0,
        max_nodes,
        depth,
    };
    let (mut root, _) = node(&mut counter, game, None, depth, 0)?;
    let seat = root.to_move;
    to_seat(&mut root, seat);
    choose_line(&mut root, Some(&mut GameRng::new(seed)));
    Ok(Analysis {
        game: game.info().name,
        position,
        drawing: game.render(false),
        search: Search::Minimax,
        seats: 2,
        depth,
        seed,
        nodes: counter.nodes,
        root,
    })
}

/// The node for `state` (reached by `mv`), searched `depth` more plies, `ply` plies below
/// the root, and its negamax value for its own mover (as `builtin:alphabeta` computes
/// it). Values stored in the nodes are for their own movers until [`to_seat`] turns them
/// round.
fn node(
    counter: &mut Counter,
    state: &dyn AnyGame,
    mv: Option<(i32, String)>,
    depth: u32,
    ply: u32,
) -> Result<(Node, i64), AnalysisError> {
    counter.count()?;
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
            to_move: me.into(),
            value,
            values: Vec::new(),
            best: false,
            pv: false,
            end: state.outcome().map(|o| results(o, state.scores())),
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
        let (node, v) = node(
            counter,
            child.as_ref(),
            Some((raw, label)),
            depth - 1,
            ply + 1,
        )?;
        let mine = if node.to_move == Seat::from(me) {
            v
        } else {
            -v
        };
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
        to_move: me.into(),
        value: best,
        values: Vec::new(),
        best: false,
        pv: false,
        end: None,
        children,
    };
    Ok((node, best))
}

/// The seats' results of a finished two-seat game.
fn results(outcome: Outcome, scores: [i64; 2]) -> Vec<arena_games::game::SeatResult> {
    let ranks = match outcome {
        Outcome::Win(Player::First) => [1, 2],
        Outcome::Win(Player::Second) => [2, 1],
        Outcome::Draw => [1, 1],
    };
    seat_results(scores.into_iter().map(Score::int).collect(), &ranks)
}

/// Turns every node's value (for its own mover) into the value for `seat`, and fills in
/// both seats' values (the other's is its negation).
fn to_seat(node: &mut Node, seat: Seat) {
    if node.to_move != seat {
        node.value = -node.value;
    }
    node.values = if seat.index() == 0 {
        vec![node.value, -node.value]
    } else {
        vec![-node.value, node.value]
    };
    for child in &mut node.children {
        to_seat(child, seat);
    }
}
