//! The perfect beans player, from the parity theory (`docs/games/beans.md`, "Theory").
//!
//! A position is lost for the player to move exactly when both piles are even: from
//! (even, even) every move leaves an odd pile, and from any other position one move makes
//! both piles even again — (odd, odd) takes one of each, (odd, even) a white bean,
//! (even, odd) a black bean. (0, 0) is even-even and lost for the player to move, who has
//! just seen the opponent take the last bean.

use super::{Beans, Take};
use crate::game::Game;
use crate::strategy::{Context, Strategy};

/// Whether the player to move loses against perfect play: both piles even.
pub fn is_losing(white: u32, black: u32) -> bool {
    white.is_multiple_of(2) && black.is_multiple_of(2)
}

/// `builtin:perfect` for beans: leaves both piles even whenever it can. From a lost
/// position it takes one bean from the larger pile (white on a tie), which keeps the game
/// as long as possible and gives the opponent the most chances to go wrong.
#[derive(Clone, Copy, Debug, Default)]
pub struct Perfect;

impl Perfect {
    /// The move the perfect player makes in a position that is not over.
    pub fn best(white: u32, black: u32) -> Take {
        match (white % 2 == 1, black % 2 == 1) {
            (true, true) => Take::Both,
            (true, false) => Take::White,
            (false, true) => Take::Black,
            (false, false) if white >= black => Take::White,
            (false, false) => Take::Black,
        }
    }
}

impl Strategy<Beans> for Perfect {
    fn choose(&mut self, _ctx: &Context, state: &Beans) -> Take {
        debug_assert!(!state.is_terminal());
        Perfect::best(state.white(), state.black())
    }
}
