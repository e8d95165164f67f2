//! The analysis against `builtin:alphabeta`'s own search: the same root value, the same
//! tied best moves, the same random choice among them; and the limits.

use arena_games::determinant::Determinant;
use arena_games::kalah::Kalah;
use arena_games::mathtricks::MathTricks;
use arena_games::nim::Nim;
use arena_games::rng::GameRng;
use arena_games::strategy::{AlphaBeta, Context, RandomTies, Strategy};
use arena_games::{find_game, AnyGame, Game, GameParams};
use proptest::prelude::*;

use super::*;

/// A typed position and the registry's copy of it, after `plies` random moves from the
/// start drawn with `seed`; `None` if the game ends first.
fn position<G: Game>(params: &GameParams, seed: u64, plies: u32) -> Option<(G, Box<dyn AnyGame>)> {
    let mut typed = G::new_random(params, &mut GameRng::new(seed)).unwrap();
    let mut erased = find_game(G::INFO.name)
        .unwrap()
        .new_game(params, seed)
        .unwrap();
    let mut rng = GameRng::new(seed ^ 0x5A5A);
    let mut moves = Vec::new();
    for _ in 0..plies {
        moves.clear();
        typed.legal_moves(&mut moves);
        if moves.is_empty() {
            return None;
        }
        let mv = moves[rng.below(moves.len() as u64) as usize];
        erased.play(typed.encode_move(mv)).unwrap();
        typed.apply(mv);
    }
    (!typed.is_terminal()).then_some((typed, erased))
}

fn count(node: &Node) -> usize {
    1 + node.children.iter().map(count).sum::<usize>()
}

fn agrees<G: Game>(params: &GameParams, seed: u64, plies: u32, depth: u32) {
    let Some((typed, erased)) = position::<G>(params, seed, plies) else {
        return;
    };
    let a = analyse(erased.as_ref(), "test".into(), depth, seed, MAX_NODES_LIMIT).unwrap();
    let mut ties = Vec::new();
    let value = AlphaBeta::new(depth).search_ties(&typed, &mut ties);
    assert_eq!(a.value(), value, "{} {typed:?} depth {depth}", G::INFO.name);
    assert_eq!(AlphaBeta::new(depth).search(&typed).1, value);
    let best: Vec<i32> = a
        .root
        .children
        .iter()
        .filter(|c| c.best)
        .map(|c| c.mv.as_ref().unwrap().0)
        .collect();
    let expected: Vec<i32> = ties.iter().map(|&m| typed.encode_move(m)).collect();
    assert_eq!(best, expected);
    // The principal variation starts with the move alpha-beta with random ties plays for
    // a bot seeded like the analysis.
    let ctx = Context {
        seat: typed.to_move(),
        ply: plies,
        seed,
    };
    let played = typed.encode_move(RandomTies::new(depth).choose(&ctx, &typed));
    assert_eq!(a.principal_variation()[0].0, played);
    assert_eq!(a.nodes, count(&a.root));
    // Every best child carries its parent's value; the line is as long as the tree.
    let mut node = &a.root;
    while let Some(next) = node.children.iter().find(|c| c.pv) {
        assert!(next.best);
        assert_eq!(next.value, node.value);
        node = next;
    }
    assert!(node.children.is_empty());
}

fn option(name: &str, value: &str) -> GameParams {
    let mut p = GameParams::default();
    p.options.insert(name.into(), value.into());
    p
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn the_root_value_is_alphabetas(seed in any::<u64>(), plies in 0u32..20, depth in 1u32..=3) {
        agrees::<Kalah>(&option("rules", "seed"), seed, plies, depth);
        agrees::<Kalah>(&option("rules", "standard"), seed, plies, depth);
        agrees::<Determinant>(&option("table", "1.2/.3./4.."), seed, plies % 4, depth);
        agrees::<MathTricks>(&GameParams::sized(4, 5), seed, plies, depth);
        agrees::<Nim>(&option("heaps", "2,3,1"), seed, plies % 3, depth);
    }
}

#[test]
fn seed_003_eighth_move_tree() {
    // Figure 2: the tree of the eighth move, B to move with 3 and 4 left: four moves, each
    // followed by the forced last move; the chosen branch ends at SA - SB = -79.
    let g = find_game("determinant")
        .unwrap()
        .new_game(&option("table", "917/.5./682"), 0)
        .unwrap();
    let a = analyse(g.as_ref(), "figure 2".into(), 2, 0, 100).unwrap();
    assert_eq!(a.nodes, 1 + 4 + 4);
    assert_eq!(a.seat(), arena_games::Player::Second.into());
    let line = a.principal_variation();
    assert_eq!(line.len(), 2);
    assert!(line[0].1 == "2 1 4" || line[0].1 == "2 3 3", "{line:?}");
    // B's win by 79, two plies down: win - 2 + 79.
    assert_eq!(value_text(a.value()), "win+77");
}

#[test]
fn limits_are_refused_with_a_reason() {
    let g = find_game("kalah")
        .unwrap()
        .new_game(&GameParams::default(), 1)
        .unwrap();
    let too_big = analyse(g.as_ref(), String::new(), 6, 0, 1000).unwrap_err();
    assert_eq!(
        too_big,
        AnalysisError::TooManyNodes {
            depth: 6,
            limit: 1000
        }
    );
    assert!(too_big.to_string().contains("more than 1000 positions"));
    assert_eq!(
        analyse(g.as_ref(), String::new(), 0, 0, 10),
        Err(AnalysisError::Depth(0))
    );
    assert_eq!(
        analyse(g.as_ref(), String::new(), MAX_DEPTH + 1, 0, 10),
        Err(AnalysisError::Depth(MAX_DEPTH + 1))
    );
    assert_eq!(
        analyse(g.as_ref(), String::new(), 2, 0, MAX_NODES_LIMIT + 1),
        Err(AnalysisError::NodeLimit(MAX_NODES_LIMIT + 1))
    );
    let mut over = find_game("nim")
        .unwrap()
        .new_game(&option("heaps", "1"), 0)
        .unwrap();
    over.play(over.legal_moves()[0]).unwrap();
    assert_eq!(
        analyse(over.as_ref(), String::new(), 2, 0, 10),
        Err(AnalysisError::GameOver)
    );
    // Exactly at the limit is fine: 1 + 3 + 3 positions (nim 1,1,1 to depth 2 has 1 + 3 + 6).
    let g = find_game("nim")
        .unwrap()
        .new_game(&option("heaps", "1,1,1"), 0)
        .unwrap();
    assert_eq!(
        analyse(g.as_ref(), String::new(), 2, 0, 10).unwrap().nodes,
        10
    );
    assert!(analyse(g.as_ref(), String::new(), 2, 0, 9).is_err());
}

#[test]
fn the_same_seed_gives_the_same_tree_and_other_seeds_other_lines() {
    let g = find_game("kalah")
        .unwrap()
        .new_game(&option("rules", "seed"), 3)
        .unwrap();
    let a = analyse(g.as_ref(), String::new(), 2, 7, 10_000).unwrap();
    assert_eq!(a, analyse(g.as_ref(), String::new(), 2, 7, 10_000).unwrap());
    let firsts: std::collections::BTreeSet<i32> = (0..32)
        .map(|seed| analyse(g.as_ref(), String::new(), 2, seed, 10_000).unwrap())
        .map(|a| a.principal_variation()[0].0)
        .collect();
    let tied = a.root.children.iter().filter(|c| c.best).count();
    assert!(tied >= 2 && firsts.len() == tied, "{firsts:?} of {tied}");
}

#[test]
fn the_three_formats_carry_the_value_and_the_line() {
    let g = find_game("determinant")
        .unwrap()
        .new_game(&option("table", "12./3.4/5.9"), 0)
        .unwrap();
    let a = analyse(g.as_ref(), "figure 3".into(), 3, 0, 1000).unwrap();
    assert_eq!(a.nodes, 1 + 9 + 36 + 36);
    let line: Vec<&str> = a
        .principal_variation()
        .iter()
        .map(|(_, t)| t.as_str())
        .collect();
    let t = text::render(&a);
    assert!(
        t.contains(&format!("value {} for seat 1", value_text(a.value()))),
        "{t}"
    );
    assert!(
        t.contains(&format!("principal variation: {}", line.join(", "))),
        "{t}"
    );
    assert_eq!(
        t.lines()
            .filter(|l| l.trim_start().starts_with('*'))
            .count(),
        3
    );
    let d = dot::render(&a);
    assert!(d.starts_with("digraph analysis {") && d.ends_with("}\n"));
    assert_eq!(d.matches(" -> ").count(), a.nodes - 1);
    assert!(d.contains(&format!("value {}", value_text(a.value()))));
    let j: serde_json::Value = serde_json::from_str(&json::render(&a)).unwrap();
    assert_eq!(j["value"].as_i64(), Some(a.value()));
    assert_eq!(j["nodes"].as_u64(), Some(a.nodes as u64));
    assert_eq!(j["seat"].as_u64(), Some(1));
    let pv: Vec<&str> = j["principal_variation"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap())
        .collect();
    assert_eq!(pv, line);
    assert_eq!(j["root"]["children"].as_array().unwrap().len(), 9);
}

#[test]
fn value_text_names_results() {
    assert_eq!(value_text(WIN_VALUE - 3), "win-3");
    assert_eq!(value_text(LOSS_VALUE + 4), "loss+4");
    assert_eq!(value_text(0), "+0");
    assert_eq!(value_text(-12), "-12");
}

/// Max^n trees of table games, against `builtin:maxn`'s own search: the root's values are
/// `MaxN::values`, its principal variation starts with the move `MaxN` plays, and every
/// position carries the values of its mover's first best move.
fn agrees_with_maxn<G: arena_games::registry::TableStrategies>(
    params: &GameParams,
    seed: u64,
    plies: u32,
    depth: u32,
) {
    use arena_games::strategy::table::MaxN;
    let mut state = G::new_random(params, &mut GameRng::new(seed)).unwrap();
    let setup = state.setup();
    let mut rng = GameRng::new(seed ^ 0x5A5A);
    let mut played = Vec::new();
    let mut moves = Vec::new();
    for _ in 0..plies {
        moves.clear();
        state.legal_moves(&mut moves);
        if moves.is_empty() {
            return;
        }
        let mv = moves[rng.below(moves.len() as u64) as usize];
        played.push(state.encode_move(mv));
        state.apply(mv);
    }
    if state.is_terminal() {
        return;
    }
    let kind = arena_games::registry::find_table_game(G::INFO.name).unwrap();
    let a = analyse_table(kind, &setup, &played, "test".into(), depth, MAX_NODES_LIMIT).unwrap();
    assert_eq!(a.search, Search::MaxN);
    assert_eq!(a.seats, state.seat_count());
    let chosen = state.encode_move(MaxN::new(depth).best_move(&state, plies));
    assert_eq!(
        a.principal_variation()[0].0,
        chosen,
        "{state:?} depth {depth}"
    );
    assert_eq!(a.nodes, count(&a.root));
    fn consistent(n: &Node, seat: usize) {
        assert_eq!(n.value, n.values[seat]);
        if let Some(first_best) = n.children.iter().find(|c| c.best) {
            assert_eq!(n.values, first_best.values);
            let mover = n.to_move.index();
            assert!(n
                .children
                .iter()
                .all(|c| c.values[mover] <= n.values[mover]));
        }
        n.children.iter().for_each(|c| consistent(c, seat));
    }
    consistent(&a.root, a.seat().index());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn max_n_trees_are_builtin_maxns(seed in any::<u64>(), plies in 0u32..6, depth in 1u32..=3) {
        use arena_games::oneway::{King, OneWayTable};
        use arena_games::pursuit::Pursuit;
        use arena_games::tictactoe::TicTacToe;
        agrees_with_maxn::<TicTacToe>(&option("players", "3"), seed, plies, depth);
        agrees_with_maxn::<TicTacToe>(&option("players", "2"), seed, plies, depth);
        agrees_with_maxn::<OneWayTable<King>>(&option("players", "3"), seed, plies, depth);
        let mut three = option("players", "3");
        three.rows = Some(5);
        three.cols = Some(5);
        agrees_with_maxn::<Pursuit>(&three, seed, plies, depth.min(2));
    }
}

#[test]
fn max_n_values_are_written_as_ranks() {
    assert_eq!(maxn_value_text(2 * RANK_STEP - 3), "ranks+2-3");
    assert_eq!(maxn_value_text(-RANK_STEP + 4), "ranks-1+4");
    assert_eq!(maxn_value_text(17), "+17");
    assert_eq!(maxn_value_text(0), "+0");
}

#[test]
fn a_finished_or_unbuildable_table_position_is_refused() {
    let kind = arena_games::registry::find_table_game("tictactoe").unwrap();
    let game = kind.new_game(&option("players", "3"), 0).unwrap();
    let setup = game.setup();
    assert!(matches!(
        analyse_table(kind, &setup, &[99], String::new(), 2, 100),
        Err(AnalysisError::Position(_))
    ));
    assert!(matches!(
        analyse_table(kind, "no such setup", &[], String::new(), 2, 100),
        Err(AnalysisError::Position(_))
    ));
    assert_eq!(
        analyse_table(kind, &setup, &[], String::new(), 9, 100),
        Err(AnalysisError::TooManyNodes {
            depth: 9,
            limit: 100
        })
    );
    assert_eq!(
        analyse_table(kind, &setup, &[], String::new(), 0, 100),
        Err(AnalysisError::Depth(0))
    );
}
