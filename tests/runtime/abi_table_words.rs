//! The word layouts docs/ABI.md ("Games for one to four seats") documents, checked
//! against the words `arena_games`' table registry writes: the 11-word table header
//! (seats, role, team), each game's body length and fixed words, and what a seat does
//! not see (a blind evader's −1s, minesweeper's unknown cells).

use arena_games::registry::{find_table_game, AnyTable};
use arena_games::GameParams;

fn game(
    name: &str,
    rows: Option<u32>,
    cols: Option<u32>,
    options: &[(&str, &str)],
) -> Box<dyn AnyTable> {
    let mut params = GameParams {
        rows,
        cols,
        ..GameParams::default()
    };
    for (k, v) in options {
        params.options.insert(k.to_string(), v.to_string());
    }
    find_table_game(name)
        .unwrap()
        .new_game(&params, 5)
        .unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The words of the seat to move: (header, body).
fn words(state: &dyn AnyTable, ply: u32) -> (Vec<i32>, Vec<i32>) {
    let mut w = Vec::new();
    state.observation(ply, 0x1234_5678_9abc_def0, &mut w);
    let header = w[2] as usize;
    assert_eq!(w[7] as usize, w.len() - header, "the body length word");
    (w[..header].to_vec(), w[header..].to_vec())
}

/// Checks the table header: version, game id, length 11, seat, ply, seed, seats, role, team.
fn check_header(h: &[i32], id: i32, seat: i32, ply: i32, seats: i32, role: i32, team: i32) {
    assert_eq!(h.len(), 11);
    assert_eq!(
        h,
        [
            1,
            id,
            11,
            seat,
            ply,
            0x9abc_def0_u32 as i32,
            0x1234_5678,
            h[7],
            seats,
            role,
            team
        ]
    );
}

#[test]
fn tictactoe_words() {
    let mut g = game(
        "tictactoe",
        Some(4),
        Some(5),
        &[("k", "3"), ("players", "3")],
    );
    g.play(7).unwrap();
    g.play(0).unwrap();
    let (h, b) = words(g.as_ref(), 2);
    check_header(&h, 11, 2, 2, 3, -1, -1);
    assert_eq!(b.len(), 4 + 20);
    assert_eq!(&b[..4], &[4, 5, 3, 3]);
    // Seat 2 to move: seat 0's mark (the seat after seat 2) is 2, seat 1's is 3.
    assert_eq!(b[4 + 7], 2);
    assert_eq!(b[4], 3);
    assert_eq!(b[4..].iter().filter(|&&c| c == 0).count(), 18);
}

#[test]
fn minesweeper_words_hide_the_layout() {
    for (players, reveal, code) in [("1", "count", 1), ("2", "coords", 0)] {
        let g = game(
            "minesweeper",
            Some(9),
            Some(9),
            &[("players", players), ("reveal", reveal), ("mines", "10")],
        );
        let (h, b) = words(g.as_ref(), 0);
        check_header(&h, 12, 0, 0, players.parse().unwrap(), -1, -1);
        assert_eq!(b.len(), 5 + 81);
        assert_eq!(&b[..5], &[9, 9, 10, players.parse().unwrap(), code]);
        let cells = &b[5..];
        assert!(cells.iter().all(|&c| (-2..=8).contains(&c)), "{cells:?}");
        // The start cell is open before the first move.
        assert!(cells.iter().any(|&c| c >= 0));
        // Every mine is an unknown cell (−1) or a known one (−2), never an opened one.
        let hidden = cells.iter().filter(|&&c| c == -1).count();
        let known = cells.iter().filter(|&&c| c == -2).count();
        assert!(known <= 10 && hidden + known >= 10, "{cells:?}");
    }
}

/// The pieces' cells from a pursuit setup line (`... at=CELL,CELL ...`).
fn at(setup: &str) -> Vec<i32> {
    let field = setup
        .split(' ')
        .find_map(|f| f.strip_prefix("at="))
        .expect("an at= field");
    field.split(',').map(|c| c.parse().unwrap()).collect()
}

#[test]
fn pursuit_words_and_the_blind_evader() {
    let mut g = game(
        "pursuit",
        Some(8),
        Some(6),
        &[
            ("players", "3"),
            ("team", "1"),
            ("blind", "1"),
            ("obstacles", "0.1"),
        ],
    );
    // Seat 0, a pursuer of the team.
    let (h, b) = words(g.as_ref(), 0);
    check_header(&h, 13, 0, 0, 3, 0, 0);
    assert_eq!(b.len(), 7 + 3 + 48);
    assert_eq!(&b[..7], &[8, 6, 3, 1, 2 * (8 + 6), 1, 1]);
    let pieces = at(&g.setup());
    assert_eq!(&b[7..10], &pieces[..], "a pursuer sees every piece");
    assert_eq!(
        b[10..].iter().filter(|&&c| c == 1).count(),
        4,
        "⌊0.1 × 48⌋ obstacles"
    );
    // Both pursuers move; then the blind evader sees only itself.
    for ply in 0..2 {
        let m = g.legal_moves()[0];
        g.play(m).unwrap_or_else(|e| panic!("ply {ply}: {e}"));
    }
    let (h, b) = words(g.as_ref(), 2);
    check_header(&h, 13, 2, 2, 3, 1, -1);
    let pieces = at(&g.setup());
    assert_eq!(&b[7..10], &[-1, -1, pieces[2]]);
}

#[test]
fn pursuit_seen_evader_sees_the_pursuers() {
    let mut g = game("pursuit", None, None, &[]);
    let m = g.legal_moves()[0];
    g.play(m).unwrap();
    let (h, b) = words(g.as_ref(), 1);
    check_header(&h, 13, 1, 1, 2, 1, -1);
    assert!(b[7] >= 0 && b[8] >= 0);
    assert_eq!(&b[5..7], &[0, 0]);
}

#[test]
fn path_words() {
    let g = game("path", Some(5), Some(7), &[]);
    let (h, b) = words(g.as_ref(), 0);
    check_header(&h, 14, 0, 0, 1, -1, -1);
    assert_eq!(b.len(), 7 + 35);
    assert_eq!(&b[..2], &[5, 7]);
    assert_ne!(b[2], b[3]);
    assert_eq!(b[4], 0);
    assert_eq!(b[5], 4 * 5 * 7);
    assert!(b[6] >= 2, "start and target are at least 2 apart");
}

#[test]
fn oneway_pieces_with_three_players_and_two() {
    for (name, id) in [("king", 3), ("queen", 4), ("rook", 5), ("knight", 6)] {
        let g = game(name, Some(8), Some(9), &[("players", "3")]);
        let (h, b) = words(g.as_ref(), 0);
        check_header(&h, id, 0, 0, 3, -1, -1);
        assert_eq!(b.len(), 4);
        assert_eq!(&b[..2], &[8, 9]);
        // Two players: the 8-word header, unchanged.
        let g = game(name, Some(8), Some(9), &[]);
        let (h, b) = words(g.as_ref(), 0);
        assert_eq!(h.len(), 8);
        assert_eq!(&h[..3], &[1, id, 8]);
        assert_eq!(b.len(), 4);
    }
}
