//! `greedy.wasm`: an immediate win if there is one, else the best immediate heuristic
//! value (MathTricks: the best total lead), in every registered game — the same moves as
//! `builtin:greedy`.

arena_sdk::any_game_bot!(arena_sdk::builtin::Greedy);
