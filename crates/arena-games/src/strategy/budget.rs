//! How much work a builtin's search may do for one move, and the one check that refuses a
//! builtin whose search could do more.
//!
//! The searches without pruning (`maxn`, and pursuit's `alphabeta`, which is max^n for
//! two seats) grow as the branching factor to the power of the depth, so on a large
//! board a move can take hours and a tournament plays nothing. Each such builtin gives
//! an honest upper bound of its work a move from the game's parameters (board size,
//! options, depth); where the bound passes [`MOST_WORK`] the builtin is refused before
//! anything is played, with the reason, the largest depth that fits the board and the
//! largest square board that fits the depth. A refusal rather than a node budget: a
//! budget would make the moves depend on where the search stopped; an accepted builtin
//! plays exactly as it always did.

/// The most work one move of a builtin's search may cost, in units of one position
/// looked at times the cells its evaluation reads (each game's estimate says what it
/// counts): 2^28. A unit costs a few nanoseconds natively, so a move stays within about
/// a second; beyond it moves take minutes to hours (a 15 × 15 tic-tac-toe at depth 4 is
/// about 2^42). This is the only threshold: every builtin's guard compares with it.
pub const MOST_WORK: u64 = 1 << 28;

/// The deepest search [`check`] proposes (the deepest `builtin:NAME:DEPTH` parses).
const DEEPEST: u32 = 64;

/// A board and depth at which a builtin's search is refused: its estimated work is above
/// [`MOST_WORK`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooMuchWork {
    /// The game.
    pub game: &'static str,
    /// The strategy.
    pub name: &'static str,
    /// Board rows.
    pub rows: u32,
    /// Board columns.
    pub cols: u32,
    /// The search depth asked for (or the game's default).
    pub depth: u32,
    /// What the estimate counts, in words.
    pub what: &'static str,
    /// The estimated work a move (saturated at `u64::MAX`).
    pub work: u64,
    /// The deepest search that fits this board, if any.
    pub deepest: Option<u32>,
    /// The largest square board side that fits this depth, if any.
    pub largest_side: Option<u32>,
}

impl std::fmt::Display for TooMuchWork {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "builtin:{} cannot play {} on a {}x{} board at depth {}: its search does not prune \
             and its work a move could reach about 2^{} units ({}), above arena's limit of \
             2^28 (MOST_WORK), so it would not finish; {}",
            self.name,
            self.game,
            self.rows,
            self.cols,
            self.depth,
            log2_ceil(self.work),
            self.what,
            self.hint()
        )
    }
}

impl std::error::Error for TooMuchWork {}

impl TooMuchWork {
    /// What would play instead: a shallower depth, or a smaller board.
    fn hint(&self) -> String {
        let depth = self.deepest.map(|d| {
            format!(
                "give a smaller depth (builtin:{}:{d} is the deepest that fits this board)",
                self.name
            )
        });
        let board = self.largest_side.map(|n| {
            format!(
                "a smaller board (at depth {} the largest square board that fits is {n}x{n})",
                self.depth
            )
        });
        match (depth, board) {
            (Some(d), Some(b)) => format!("{d} or {b}"),
            (Some(d), None) => d,
            (None, Some(b)) => format!("no depth fits this board; give {b}"),
            (None, None) => "no depth or board size of this game fits".to_string(),
        }
    }
}

/// ⌈log2 `work`⌉, for the message.
fn log2_ceil(work: u64) -> u32 {
    64 - work.saturating_sub(1).leading_zeros()
}

/// A builtin's search and its estimate of the work of one move.
#[derive(Clone, Copy)]
pub struct Search<'a> {
    /// The game.
    pub game: &'static str,
    /// The strategy.
    pub name: &'static str,
    /// What the estimate counts, in words (quoted in the refusal).
    pub what: &'static str,
    /// The smallest side of the game's boards (the smallest board proposed).
    pub min_side: u32,
    /// An upper bound of the work of one move on a `rows` × `cols` board searching
    /// `depth` moves ahead, in [`MOST_WORK`]'s units: it never decreases as a side or the
    /// depth grows.
    pub work: &'a dyn Fn(u32, u32, u32) -> u64,
}

impl Search<'_> {
    /// `Ok` where the search of `depth` on a `rows` × `cols` board fits [`MOST_WORK`].
    ///
    /// # Errors
    /// [`TooMuchWork`] with the estimate, the deepest depth that fits the board and the
    /// largest square board that fits the depth.
    pub fn check(&self, rows: u32, cols: u32, depth: u32) -> Result<(), Box<TooMuchWork>> {
        let work = (self.work)(rows, cols, depth);
        if work <= MOST_WORK {
            return Ok(());
        }
        let fits = |r: u32, c: u32, d: u32| (self.work)(r, c, d) <= MOST_WORK;
        let deepest = (1..depth.min(DEEPEST)).rev().find(|&d| fits(rows, cols, d));
        let largest_side = (self.min_side..rows.max(cols))
            .rev()
            .find(|&n| fits(n, n, depth));
        Err(Box::new(TooMuchWork {
            game: self.game,
            name: self.name,
            rows,
            cols,
            depth,
            what: self.what,
            work,
            deepest,
            largest_side,
        }))
    }
}

/// `leaf` times the product of `branching(i)` for the plies `i` in `0..depth` (each at
/// least 1: a finished game is one position), saturating: the positions a search without
/// pruning reaches at its depth, times what each costs.
pub fn tree_work(depth: u32, leaf: u64, branching: impl Fn(u32) -> u64) -> u64 {
    (0..depth)
        .map(|i| branching(i).max(1))
        .fold(leaf, u64::saturating_mul)
}
