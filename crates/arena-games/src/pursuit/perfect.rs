//! Perfect play for two-player pursuit by retrograde analysis.
//!
//! With two players the game is constant-sum: a capture in round r gives the pursuer
//! R − r + 1 and the evader r − 1, an escape gives the evader R, so both play for the
//! capture round alone (the pursuer as early as possible, the evader as late as possible,
//! an escape counting as round R + 1). The solution is the capture round of every
//! position under best play, computed backward from the last round: for each round, the
//! evader's positions from the next round's pursuer positions, then the pursuer's from
//! this round's evader positions. That is `2 × R × cells²` values, so boards are solved
//! while that is at most [`MAX_ENTRIES`] (for example 20 × 20 with the default round limit;
//! 24 × 24 is refused).
//!
//! The evader's perfect play needs the pursuer's cell: with `blind=1` only the pursuer
//! can play perfectly (against the worst case, an evader that sees).

use super::{Board, Pursuit};

/// The largest solution table, in entries (`2 × R × cells²`).
pub const MAX_ENTRIES: u64 = 1 << 25;

/// The capture round of every two-player position under best play (R + 1: an escape).
#[derive(Clone, Debug)]
pub struct Solution {
    cells: usize,
    rounds: u32,
    /// `table[((r - 1) * 2 + mover) * cells² + a * cells + b]`.
    table: Vec<u16>,
}

/// The moves of a piece on `cell`: its free neighbours, or a pass when it has none.
fn moves(board: &Board, cell: u32) -> Vec<u32> {
    let mut m = board.free_neighbours(cell);
    if m.is_empty() {
        m.push(cell);
    }
    m
}

impl Solution {
    /// Solves `board` for `rounds` rounds; `None` when the table would exceed
    /// [`MAX_ENTRIES`] or the rounds do not fit in the table's 16 bits.
    pub fn solve(board: &Board, rounds: u32) -> Option<Solution> {
        let cells = board.cells() as usize;
        let entries = 2 * u64::from(rounds) * (cells as u64).pow(2);
        if entries > MAX_ENTRIES || rounds >= u32::from(u16::MAX) {
            return None;
        }
        let escape = (rounds + 1) as u16;
        let mut table = vec![escape; entries as usize];
        let neighbours: Vec<Vec<u32>> = (0..cells as u32).map(|c| moves(board, c)).collect();
        let layer = |r: u32, mover: usize| ((r as usize - 1) * 2 + mover) * cells * cells;
        for r in (1..=rounds).rev() {
            // The evader moves (mover 1): it maximises.
            let (here, next) = (layer(r, 1), (r < rounds).then(|| layer(r + 1, 0)));
            for a in 0..cells {
                for b in 0..cells {
                    if board.is_blocked(a as u32) || board.is_blocked(b as u32) || a == b {
                        continue;
                    }
                    let best = neighbours[b]
                        .iter()
                        .map(|&nb| {
                            if nb as usize == a {
                                r as u16
                            } else {
                                next.map_or(escape, |n| table[n + a * cells + nb as usize])
                            }
                        })
                        .max()
                        .expect("a piece always has a move");
                    table[here + a * cells + b] = best;
                }
            }
            // The pursuer moves (mover 0): it minimises.
            let (here, next) = (layer(r, 0), layer(r, 1));
            for a in 0..cells {
                for b in 0..cells {
                    if board.is_blocked(a as u32) || board.is_blocked(b as u32) || a == b {
                        continue;
                    }
                    let best = neighbours[a]
                        .iter()
                        .map(|&na| {
                            if na as usize == b {
                                r as u16
                            } else {
                                table[next + na as usize * cells + b]
                            }
                        })
                        .min()
                        .expect("a piece always has a move");
                    table[here + a * cells + b] = best;
                }
            }
        }
        Some(Solution {
            cells,
            rounds,
            table,
        })
    }

    /// The capture round of a position of a two-player game under best play (R + 1 for
    /// an escape), or `None` for a finished game or one this solution is not for.
    pub fn value(&self, game: &Pursuit) -> Option<u32> {
        let s = game.settings();
        if s.players != 2 || s.rounds != self.rounds || game.is_terminal() {
            return None;
        }
        let [a, b] = [game.positions()[0] as usize, game.positions()[1] as usize];
        let layer =
            ((game.round() as usize - 1) * 2 + game.to_move() as usize) * self.cells * self.cells;
        Some(u32::from(self.table[layer + a * self.cells + b]))
    }

    /// The best move of the seat to move: a legal cell whose position keeps the best
    /// capture round — the classic strategy's choice (Tom's or Jerry's) when it is one of
    /// them, so that perfect play differs from it only where it loses value;
    /// otherwise the first (ascending). `None` as for [`Solution::value`].
    pub fn best_move(&self, game: &Pursuit) -> Option<u32> {
        let target = self.value(game)?;
        let keeps = |c: u32| {
            let mut next = game.clone();
            next.step(c);
            let v = match next.capture() {
                Some((_, r)) => r,
                None if next.escaped() => self.rounds + 1,
                None => self.value(&next).expect("a running two-player game"),
            };
            v == target
        };
        let seed_choice = if game.to_move() == 0 {
            super::strategies::tom(game)
        } else {
            super::strategies::jerry(game)
        };
        if keeps(seed_choice) {
            return Some(seed_choice);
        }
        game.legal_moves().into_iter().find(|&c| keeps(c))
    }
}
