//! `any_game_bot!` end to end: the generated `ARENA_BOT`, fed through its buffer as the
//! referee does, against the builtin alphabeta.

use arena_games::{find_game, GameParams};

arena_sdk::any_game_bot!(arena_sdk::builtin::AlphaBeta::game_default());

/// Writes `words` into the buffer `ARENA_BOT.alloc` returns and asks for a move.
fn choose_via_buffer(words: &[i32]) -> i32 {
    let len = (words.len() * 4) as i32;
    let ptr = ARENA_BOT.alloc(len);
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    // SAFETY: `alloc` returned at least `len` writable bytes.
    unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), ptr, bytes.len()) };
    ARENA_BOT.choose_move(ptr.addr(), len)
}

#[test]
fn generated_exports_play_like_builtin_alphabeta() {
    let kind = find_game("mathtricks").unwrap();
    let mut words = Vec::new();
    for (rows, cols, seed) in [(4, 4, 21), (5, 6, 22), (8, 8, 23)] {
        ARENA_BOT.new_game();
        let mut game = kind.new_game(&GameParams::sized(rows, cols), seed).unwrap();
        let mut builtin = kind.builtin("alphabeta", None).unwrap();
        let mut ply = 0;
        while !game.is_terminal() && ply < 12 {
            game.observation(ply, seed, &mut words);
            let expected = builtin.choose_move(&words).unwrap();
            assert_eq!(
                choose_via_buffer(&words),
                expected,
                "{rows}x{cols} seed {seed} ply {ply}"
            );
            game.play(expected).unwrap();
            ply += 1;
        }
    }
    words[0] = 99;
    assert_eq!(
        choose_via_buffer(&words),
        -1,
        "a wrong ABI version is refused, not a trap"
    );
}
