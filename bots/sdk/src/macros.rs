//! The macros that turn a strategy into a bot's exports.

/// Defines a bot for one game: the exports `arena_alloc` and `choose_move` (on `wasm32`)
/// and the `static ARENA_BOT` they use (a [`glue::BotCell`](crate::glue::BotCell), which
/// native tests may call directly).
///
/// Two forms:
/// - `bot!(Game, function)`: `function(&Context, &Game) -> Game::Move`, called for every
///   move (a named function or a closure);
/// - `bot!(Game, strategy = expr)`: `expr` builds a [`Strategy<Game>`](crate::Strategy)
///   on the first move of a game; the same value plays the rest of that game.
///
/// ```no_run
/// use arena_sdk::prelude::*;
///
/// fn choose(_ctx: &Context, state: &MathTricks) -> Cell {
///     let mut moves = Vec::new();
///     state.legal_moves(&mut moves);
///     moves[moves.len() - 1]
/// }
///
/// arena_sdk::bot!(MathTricks, choose);
/// # fn main() {}
/// ```
#[macro_export]
macro_rules! bot {
    ($game:ty, strategy = $make:expr $(,)?) => {
        $crate::__export_bot!(
            $crate::TypedBot::<$game, _>::new($make),
            $crate::tables::typed_plays::<$game>
        );
    };
    ($game:ty, $choose:expr $(,)?) => {
        $crate::__export_bot!(
            $crate::TypedBot::<$game, _>::new($crate::FnStrategy::<$game, _>::new($choose)),
            $crate::tables::typed_plays::<$game>
        );
    };
}

/// Defines a bot that plays every registered game: `expr` builds an
/// [`AnyGameStrategy`](crate::AnyGameStrategy) on the first move of a game. Exports as
/// [`bot!`] does.
///
/// ```no_run
/// arena_sdk::any_game_bot!(arena_sdk::builtin::Greedy);
/// # fn main() {}
/// ```
#[macro_export]
macro_rules! any_game_bot {
    ($make:expr $(,)?) => {
        $crate::__export_bot!($crate::AnyGameBot::new($make), |game_id, seats| {
            $crate::tables::any_game_plays_of(|| $make, game_id, seats)
        });
    };
}

/// Defines a bot for a game of one to four seats (the table model): the same exports as
/// [`bot!`]. The strategy sees the mover's view only — for a game of full information
/// (tic-tac-toe, the one-way pieces for three, the path) the state itself; for a game
/// with hidden setup its view type (`MinesweeperView`, `PursuitView`).
///
/// Two forms:
/// - `table_bot!(Game, function)`: `function(&TableContext, &Game::View) -> Game::Move`;
/// - `table_bot!(Game, strategy = expr)`: `expr` builds a
///   [`TableStrategy<Game>`](crate::TableStrategy) on the first move of a game.
///
/// ```no_run
/// use arena_sdk::prelude::*;
/// use arena_sdk::games::tictactoe::TicTacToe;
///
/// /// Takes the centre-most empty cell (the first of equals).
/// fn choose(_ctx: &TableContext, view: &TicTacToe) -> u32 {
///     let (rows, cols) = (view.rows(), view.cols());
///     let off = |c: &u32| (c / cols).abs_diff(rows / 2) + (c % cols).abs_diff(cols / 2);
///     view.legal_moves().into_iter().min_by_key(off).expect("a move")
/// }
///
/// arena_sdk::table_bot!(TicTacToe, choose);
/// # fn main() {}
/// ```
#[macro_export]
macro_rules! table_bot {
    ($game:ty, strategy = $make:expr $(,)?) => {
        $crate::__export_bot!(
            $crate::TableBot::<$game, _>::new($make),
            $crate::tables::table_plays::<$game>
        );
    };
    ($game:ty, $choose:expr $(,)?) => {
        $crate::__export_bot!(
            $crate::TableBot::<$game, _>::new($crate::FnTableStrategy::<$game, _>::new($choose)),
            $crate::tables::table_plays::<$game>
        );
    };
}

/// The exports shared by [`bot!`], [`any_game_bot!`] and [`table_bot!`]; `$make` builds a
/// `NativeBot`, `$plays` (a `fn(i32, i32) -> bool`) says which games and seat counts it
/// plays (`arena_plays`).
#[doc(hidden)]
#[macro_export]
macro_rules! __export_bot {
    ($make:expr, $plays:expr) => {
        /// Whether this module plays game `game_id` with `seats` seats (`arena_plays`).
        pub const ARENA_PLAYS: fn(i32, i32) -> bool = $plays;

        /// This module's bot state: the state buffer and the current game's bot.
        pub static ARENA_BOT: $crate::glue::BotCell = $crate::glue::BotCell::new({
            fn make() -> ::std::boxed::Box<dyn $crate::NativeBot> {
                ::std::boxed::Box::new($make)
            }
            make
        });

        /// ABI export: a buffer of at least `len` bytes for the state words.
        #[cfg(target_arch = "wasm32")]
        #[unsafe(no_mangle)]
        pub extern "C" fn arena_alloc(len: i32) -> i32 {
            $crate::panics::install_hook();
            ARENA_BOT.alloc(len).addr() as i32
        }

        /// ABI export: the move for the state words at `ptr` (`-1` if they do not decode).
        #[cfg(target_arch = "wasm32")]
        #[unsafe(no_mangle)]
        pub extern "C" fn choose_move(ptr: i32, len: i32) -> i32 {
            $crate::panics::install_hook();
            ARENA_BOT.choose_move(ptr as u32 as usize, len)
        }

        /// ABI export: nonzero when this module plays game `game_id` with `seats` seats.
        #[cfg(target_arch = "wasm32")]
        #[unsafe(no_mangle)]
        pub extern "C" fn arena_plays(game_id: i32, seats: i32) -> i32 {
            i32::from(ARENA_PLAYS(game_id, seats))
        }
    };
}
