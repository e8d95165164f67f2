//! The perfect 24-cards player, from the table of won and lost totals.

use super::table::{grundy_table, index};
use super::{Card, Cards24, TARGET};
use crate::game::Game;
use crate::strategy::{Context, Strategy};

/// `builtin:perfect` for 24 cards: takes the smallest card that leads to a 0 of the
/// Grundy table (exactly 50, or a position lost for the opponent). From a lost position
/// (its number is 0) it takes the smallest card that keeps the total at most 50 — the
/// slowest approach, leaving the opponent the most room to go wrong — and only when every
/// card would pass 50, the smallest card.
///
/// The table (15 625 entries) is computed on the first move and kept for the game.
#[derive(Clone, Debug, Default)]
pub struct Perfect {
    table: Option<Vec<u8>>,
}

impl Perfect {
    /// The move for `state`, which is not over.
    pub fn best(&mut self, state: &Cards24) -> Card {
        let table = self.table.get_or_insert_with(grundy_table);
        let left = state.left();
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let after = |card: Card| {
            let mut next = left;
            next[card.0 as usize - 1] -= 1;
            next
        };
        let winning = moves.iter().find(|&&c| table[index(&after(c))] == 0);
        let safe = moves
            .iter()
            .find(|&&c| state.total() + c.0 as u32 <= TARGET);
        *winning.or(safe).unwrap_or(&moves[0])
    }
}

impl Strategy<Cards24> for Perfect {
    fn choose(&mut self, _ctx: &Context, state: &Cards24) -> Card {
        debug_assert!(!state.is_terminal());
        self.best(state)
    }
}
