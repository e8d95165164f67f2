//! The hand-written WebAssembly example of a game of the table model
//! (`bots/games/tictactoe_first.wat`, docs/ABI.md "Games for one to four seats").

use std::path::PathBuf;

use arena::runtime::{Declared, Limits, Sandbox};
use arena_games::registry::find_table_game;
use arena_games::GameParams;

/// The hand-written WebAssembly example (`bots/games/tictactoe_first.wat`): it declares
/// tic-tac-toe for two and three seats only, and plays whole games to their end with legal
/// moves, the centre first.
#[test]
fn the_wat_example_declares_tictactoe_and_plays_it_legally() {
    let sandbox = Sandbox::new(Limits::default()).unwrap();
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("bots/games/tictactoe_first.wat");
    let m = sandbox.load(&path).unwrap();
    assert_eq!(m.plays(11, 2), Ok(Declared::Plays));
    assert_eq!(m.plays(11, 3), Ok(Declared::Plays));
    assert_eq!(m.plays(11, 1), Ok(Declared::DoesNotPlay));
    assert_eq!(m.plays(12, 2), Ok(Declared::DoesNotPlay));
    let kind = find_table_game("tictactoe").unwrap();
    for (rows, cols, options) in [
        (3, 3, vec![("players", "2")]),
        (4, 4, vec![("players", "3"), ("k", "3")]),
        (5, 7, vec![("players", "2"), ("k", "4")]),
    ] {
        let params = GameParams {
            rows: Some(rows),
            cols: Some(cols),
            options: options
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        };
        let mut state = kind.new_game(&params, 1).unwrap();
        let seats = usize::from(state.seat_count());
        let mut bots: Vec<_> = (0..seats)
            .map(|s| m.instantiate(s as u64).unwrap())
            .collect();
        let mut words = Vec::new();
        let mut ply = 0;
        while !state.is_terminal() {
            let seat = state.to_move().index();
            state.observation(ply, 0, &mut words);
            let mv = arena::bot::Bot::choose_move(&mut bots[seat], &words)
                .unwrap()
                .raw;
            if ply == 0 {
                assert_eq!(mv as u32, (rows / 2) * cols + cols / 2, "the centre first");
            }
            state.play(mv).unwrap();
            ply += 1;
        }
        assert!(state.results().is_some());
    }
}
