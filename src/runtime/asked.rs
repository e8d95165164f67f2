//! The moves a bot was asked in one game, kept so that it can be played again on the
//! engine of record (`wasm_bot.rs`).

/// The moves a bot was asked, kept while it may have to be played again: every state
/// word in one vector (`words`, cut at `ends`), and each move's legal moves if offered.
/// Their vectors are reused from game to game on each thread (see [`Asked::recycle`]),
/// so that keeping them allocates nothing once the first games are played.
#[derive(Default)]
pub(super) struct Asked {
    words: Vec<i32>,
    ends: Vec<usize>,
    legal: Vec<Option<Vec<i32>>>,
    /// What each move answered.
    raws: Vec<i32>,
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

    /// Keeps one answered move: its state `words`, the `legal` moves it was offered, the
    /// move it answered (`raw`).
    pub(super) fn push(&mut self, words: &[i32], legal: Option<Vec<i32>>, raw: i32) {
        self.words.extend_from_slice(words);
        self.ends.push(self.words.len());
        self.legal.push(legal);
        self.raws.push(raw);
    }

    /// Asks every kept move again, in order: `ask(words, legal, raw, fuel)`, with the
    /// move's answer and its fuel (`fuels`, one per kept move), stopping at the first
    /// error.
    ///
    /// # Errors
    /// The first error of `ask`.
    pub(super) fn replay<E>(
        &mut self,
        fuels: &[u64],
        mut ask: impl FnMut(&[i32], &mut Option<Vec<i32>>, i32, u64) -> Result<(), E>,
    ) -> Result<(), E> {
        let mut start = 0;
        let moves = self.ends.iter().zip(&mut self.legal).zip(&self.raws);
        for (((&end, legal), &raw), &fuel) in moves.zip(fuels) {
            ask(&self.words[start..end], legal, raw, fuel)?;
            start = end;
        }
        Ok(())
    }

    /// Empties `self` and keeps its vectors for a later game of this thread (at most a
    /// few are kept).
    pub(super) fn recycle(mut self) {
        self.words.clear();
        self.ends.clear();
        self.legal.clear();
        self.raws.clear();
        SPARE_ASKED.with(|spare| {
            let mut spare = spare.borrow_mut();
            if spare.len() < 8 {
                spare.push(self);
            }
        });
    }
}
