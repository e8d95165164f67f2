//! The moves a bot was asked in one game, kept so that it can be played again on the
//! engine of record (`wasm_bot.rs`).

/// The moves a bot was asked, kept while it may have to be played again: every state
/// word in one vector (`words`, cut at `ends`), and each move's legal moves if offered.
/// Their vectors are reused from game to game on each thread (see [`Asked::recycle`]),
/// so that keeping them allocates nothing once the first games are played.
#[derive(Default)]
pub(super) struct Asked {
    pub(super) words: Vec<i32>,
    pub(super) ends: Vec<usize>,
    pub(super) legal: Vec<Option<Vec<i32>>>,
}

thread_local! {
    /// Emptied [`Asked`] vectors of finished games, for the next games of this thread.
    static SPARE_ASKED: std::cell::RefCell<Vec<Asked>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl Asked {
    /// Empty vectors, with the capacity of a finished game's when this thread has one.
    pub(super) fn reused() -> Asked {
        SPARE_ASKED
            .with(|spare| spare.borrow_mut().pop())
            .unwrap_or_default()
    }

    /// Empties `self` and keeps its vectors for a later game of this thread (at most a
    /// few are kept).
    pub(super) fn recycle(mut self) {
        self.words.clear();
        self.ends.clear();
        self.legal.clear();
        SPARE_ASKED.with(|spare| {
            let mut spare = spare.borrow_mut();
            if spare.len() < 8 {
                spare.push(self);
            }
        });
    }
}
