//! The perfect Nim player: binary XOR, as the classic theory teaches it.
//!
//! Write the heaps in binary; the position is *safe* (lost for the player to move) when
//! every binary column holds an even number of ones — the XOR of the heaps, their
//! nim-sum, is 0. Every move from a safe position changes one heap and so one column's
//! parity: it leaves an unsafe position. From an unsafe position, take the highest bit of
//! the nim-sum `s`; some heap `h` has that bit, `h ^ s < h`, and cutting that heap down to
//! `h ^ s` makes the nim-sum 0 again. Taking the last stone leaves the empty, safe
//! position, so the player who keeps handing over safe positions wins.

use super::{Nim, Take};
use crate::game::Game;
use crate::strategy::{Context, Strategy};

/// The XOR of all heap sizes.
pub fn nim_sum(heaps: &[u32]) -> u32 {
    heaps.iter().fold(0, |acc, &h| acc ^ h)
}

/// Whether a position is safe for the player who just moved, i.e. lost for the player to
/// move: the nim-sum is 0.
pub fn is_safe(heaps: &[u32]) -> bool {
    nim_sum(heaps) == 0
}

/// `builtin:perfect` for Nim: cuts the first heap (lowest number) that can make the
/// nim-sum 0 down to `h ^ s`. From a safe position it takes one stone from the largest
/// heap (the first of equals), which keeps the game long and gives the opponent the most
/// chances to go wrong.
#[derive(Clone, Copy, Debug, Default)]
pub struct Perfect;

impl Perfect {
    /// The move for heaps that are not all empty.
    pub fn best(heaps: &[u32]) -> Take {
        let s = nim_sum(heaps);
        let cut = heaps.iter().position(|&h| h ^ s < h);
        match cut {
            Some(i) => Take {
                heap: i as u32,
                count: heaps[i] - (heaps[i] ^ s),
            },
            None => {
                let largest = *heaps.iter().max().expect("at least one heap");
                let i = heaps
                    .iter()
                    .position(|&h| h == largest)
                    .expect("the max is there");
                Take {
                    heap: i as u32,
                    count: 1,
                }
            }
        }
    }
}

impl Strategy<Nim> for Perfect {
    fn choose(&mut self, _ctx: &Context, state: &Nim) -> Take {
        debug_assert!(!state.is_terminal());
        Perfect::best(state.heaps())
    }
}
