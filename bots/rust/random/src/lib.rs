//! `random.wasm`: a uniformly random legal move in every registered game, drawn from the
//! per-game seed in the state header — the same moves as `builtin:random`.

arena_sdk::any_game_bot!(arena_sdk::builtin::Random::default());
