//! `alphabeta.wasm`: alpha-beta search to each game's default depth, in every registered
//! game — the same moves as `builtin:alphabeta`.

arena_sdk::any_game_bot!(arena_sdk::builtin::AlphaBeta::game_default());
