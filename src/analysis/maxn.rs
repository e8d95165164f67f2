//! The tree of a game of the table model (one to four seats, and the two-seat games that
//! are not of the [`arena_games::Game`] model): max^n as `builtin:maxn`
//! (`arena_games::strategy::table::MaxN`) values positions ([`leaf_values`]): where the
//! tree stops, a finished game's values by its ranks and otherwise each seat's heuristic;
//! above, the seat to move takes the move best for itself, the first of equals, and the
//! position carries that move's values.

use arena_games::game::{Seat, TableGame, Viewer};
use arena_games::registry::{visit_table_game, TableKind, TableStrategies, TableVisitor};

use super::{check_limits, choose_line, Analysis, AnalysisError, Counter, Node, Search, RANK_STEP};

/// Searches the tree to `depth` plies below the position after `moves` from the start
/// `setup` of `kind` (a game of the table model); `position` says where the position
/// comes from.
///
/// # Errors
/// [`AnalysisError`] for a depth or node limit out of range, a setup or move that does
/// not rebuild, a finished position, or a tree larger than `max_nodes` (found out before
/// more than `max_nodes` positions are built).
pub fn analyse_table(
    kind: &dyn TableKind,
    setup: &str,
    moves: &[i32],
    position: String,
    depth: u32,
    max_nodes: usize,
) -> Result<Analysis, AnalysisError> {
    check_limits(depth, max_nodes)?;
    let build = Build {
        setup,
        moves,
        position,
        depth,
        max_nodes,
    };
    let name = kind.info().name;
    visit_table_game(kind.info().id, build).unwrap_or_else(|| {
        Err(AnalysisError::Position(format!(
            "{name} has no form of one to four seats here"
        )))
    })
}

/// What [`analyse_table`] builds a tree from, run with the game's type.
struct Build<'a> {
    setup: &'a str,
    moves: &'a [i32],
    position: String,
    depth: u32,
    max_nodes: usize,
}

impl TableVisitor for Build<'_> {
    type Output = Result<Analysis, AnalysisError>;

    fn visit<G: TableStrategies>(self) -> Self::Output {
        let position = |e: String| AnalysisError::Position(e);
        let mut state = G::from_setup(self.setup).map_err(|e| position(e.to_string()))?;
        for (i, &raw) in self.moves.iter().enumerate() {
            let mv = state
                .decode_move(raw)
                .ok_or_else(|| position(format!("move {}: {raw} names no move", i + 1)))?;
            state
                .play(mv)
                .map_err(|e| position(format!("move {}: {e}", i + 1)))?;
        }
        if state.is_terminal() {
            return Err(AnalysisError::GameOver);
        }
        let mut counter = Counter {
            nodes: 0,
            max_nodes: self.max_nodes,
            depth: self.depth,
        };
        let mut root = node(&mut counter, &state, None, self.depth, 0)?;
        let seat = root.to_move;
        for_seat(&mut root, seat);
        choose_line(&mut root, None);
        Ok(Analysis {
            game: G::INFO.name,
            position: self.position,
            drawing: state.render(Viewer::All, false),
            search: Search::MaxN,
            seats: state.seat_count(),
            depth: self.depth,
            seed: 0,
            nodes: counter.nodes,
            root,
        })
    }
}

/// The node for `state` (reached by `mv`), searched `depth` more plies, `ply` plies below
/// the root, with every seat's max^n value.
fn node<G: TableGame>(
    counter: &mut Counter,
    state: &G,
    mv: Option<(i32, String)>,
    depth: u32,
    ply: u32,
) -> Result<Node, AnalysisError> {
    counter.count()?;
    let to_move = state.to_move();
    let mut moves = Vec::new();
    if depth > 0 {
        state.legal_moves(&mut moves);
    }
    let leaf = |end| Node {
        mv: mv.clone(),
        to_move,
        value: 0,
        values: leaf_values(state, ply),
        best: false,
        pv: false,
        end,
        children: Vec::new(),
    };
    if let Some(results) = state.results() {
        return Ok(leaf(Some(results)));
    }
    if moves.is_empty() {
        return Ok(leaf(None));
    }
    let mut children = Vec::with_capacity(moves.len());
    for m in moves {
        let mut child = state.clone();
        let label = (state.encode_move(m), state.describe_move(m));
        child.apply(m);
        children.push(node(counter, &child, Some(label), depth - 1, ply + 1)?);
    }
    let mover = to_move.index();
    let best = children
        .iter()
        .map(|c| c.values[mover])
        .max()
        .expect("a game not over has a move");
    for child in &mut children {
        child.best = child.values[mover] == best;
    }
    let values = children
        .iter()
        .find(|c| c.best)
        .expect("one child is the best")
        .values
        .clone();
    Ok(Node {
        mv,
        to_move,
        value: 0,
        values,
        best: false,
        pv: false,
        end: None,
        children,
    })
}

/// Sets every node's value to `seat`'s.
fn for_seat(node: &mut Node, seat: Seat) {
    node.value = node.values[seat.index()];
    for child in &mut node.children {
        for_seat(child, seat);
    }
}

/// Every seat's value where max^n stops, `ply` plies below the root, as `builtin:maxn`
/// values it: of a finished game, the seats a seat beat less the seats that beat it, in
/// steps of [`RANK_STEP`] (a win sooner and a loss later preferred); otherwise the game's
/// heuristic for each seat.
pub fn leaf_values<G: TableGame>(state: &G, ply: u32) -> Vec<i64> {
    let Some(results) = state.results() else {
        return Seat::all(state.seat_count())
            .map(|s| state.heuristic(s))
            .collect();
    };
    results
        .iter()
        .map(|mine| {
            let beat = results.iter().filter(|o| o.rank > mine.rank).count() as i64;
            let beaten = results.iter().filter(|o| o.rank < mine.rank).count() as i64;
            let worth = (beat - beaten) * RANK_STEP;
            match worth.signum() {
                1 => worth - i64::from(ply),
                -1 => worth + i64::from(ply),
                _ => worth,
            }
        })
        .collect()
}
