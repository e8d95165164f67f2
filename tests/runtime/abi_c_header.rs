//! `bots/c/arena.h`'s table-header and tic-tac-toe accessors, compiled for real: a small
//! C bot built with clang against the header, loaded by the sandbox, declaring
//! tic-tac-toe in `arena_plays` and playing whole games from the words (the first empty
//! cell, found through `ttt_cell`/`ttt_move`), every header word it reads checked
//! against the table it sits at. Skipped when clang is not installed (fails instead
//! under `ARENA_REQUIRE_TOOLCHAINS=1`).

use crate::common;

use std::path::Path;
use std::process::Command;

use arena::bot::Bot;
use arena::runtime::{Declared, Limits, Sandbox, WasmModule};
use arena_games::registry::find_table_game;
use arena_games::GameParams;

/// The bot: asserts the header's seats (word 8, also stored by the test as the board's
/// player count), role and team, then plays the first empty cell.
const BOT: &str = r#"
#include "arena.h"

ARENA_EXPORT(arena_plays)
int32_t arena_plays(int32_t game_id, int32_t seats) {
    return game_id == ARENA_GAME_TICTACTOE && (seats == 2 || seats == 3);
}

ARENA_EXPORT(choose_move)
int32_t choose_move(int32_t ptr, int32_t len) {
    const int32_t *words = (const int32_t *)(uintptr_t)ptr;
    int32_t n = len / 4, body_len = 0;
    const int32_t *body = arena_body(words, n, ARENA_GAME_TICTACTOE, &body_len);
    ARENA_ASSERT(body != 0);
    ARENA_ASSERT(arena_has_table_header(words, n));
    ARENA_ASSERT(arena_seats(words, n) == body[TTT_PLAYERS]);
    ARENA_ASSERT(words[ARENA_W_SEAT] < arena_seats(words, n));
    ARENA_ASSERT(arena_role(words, n) == -1);
    ARENA_ASSERT(arena_team(words, n) == -1);
    ARENA_ASSERT(ttt_valid(body, body_len));
    for (int32_t row = 0; row < body[TTT_ROWS]; row++) {
        for (int32_t col = 0; col < body[TTT_COLS]; col++) {
            if (ttt_on_board(body, row, col) && ttt_cell(body, row, col) == TTT_EMPTY) {
                return ttt_move(body, row, col);
            }
        }
    }
    ARENA_PANIC("no empty cell");
}
"#;

/// Builds [`BOT`] with clang, or `None` (skipped) when clang cannot build for wasm32.
fn build(dir: &Path) -> Option<Vec<u8>> {
    let found = Command::new("clang")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        crate::common::missing_tool("clang", "bash bots/build.sh --install installs it");
        return None;
    }
    std::fs::write(dir.join("ttt.c"), BOT).unwrap();
    let header = common::root().join("bots/c");
    let out = Command::new("clang")
        .args([
            "--target=wasm32",
            "-nostdlib",
            "-ffreestanding",
            "-O2",
            "-Wall",
            "-Wextra",
            "-Werror",
            "-Wl,--no-entry",
            "-Wl,--export=arena_alloc",
            "-Wl,--export=choose_move",
            "-Wl,--export=arena_plays",
        ])
        .arg("-I")
        .arg(&header)
        .arg("-o")
        .arg(dir.join("ttt.wasm"))
        .arg(dir.join("ttt.c"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "clang failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(std::fs::read(dir.join("ttt.wasm")).unwrap())
}

fn play(module: &WasmModule, rows: u32, cols: u32, k: u32, players: u32) {
    let mut params = GameParams::sized(rows, cols);
    params.options.insert("k".into(), k.to_string());
    params.options.insert("players".into(), players.to_string());
    let mut state = find_table_game("tictactoe")
        .unwrap()
        .new_game(&params, 0)
        .unwrap();
    let mut bots: Vec<_> = (0..players)
        .map(|s| module.instantiate(u64::from(s)).unwrap())
        .collect();
    let (mut words, mut ply) = (Vec::new(), 0u32);
    while !state.is_terminal() {
        state.observation(ply, 3, &mut words);
        let seat = state.to_move().index();
        let reply = bots[seat]
            .choose_move(&words)
            .unwrap_or_else(|f| panic!("{f}; log: {}", bots[seat].output()));
        let legal = state.legal_moves();
        // The first empty cell is the smallest legal move.
        assert_eq!(reply.raw, legal[0], "ply {ply}");
        state.play(reply.raw).unwrap();
        ply += 1;
    }
    assert_eq!(state.results().unwrap().len(), players as usize);
}

#[test]
fn a_c_bot_reads_the_table_header_and_the_board_through_arena_h() {
    let dir = tempfile::tempdir().unwrap();
    let Some(bytes) = build(dir.path()) else {
        return;
    };
    let sandbox = Sandbox::new(Limits::default()).unwrap();
    let module = sandbox.load_bytes("ttt.wasm", &bytes).unwrap();
    assert_eq!(module.plays(11, 3), Ok(Declared::Plays));
    assert_eq!(module.plays(12, 1), Ok(Declared::DoesNotPlay));
    play(&module, 3, 3, 3, 2);
    play(&module, 4, 4, 3, 3);
    play(&module, 5, 15, 4, 3);
}
