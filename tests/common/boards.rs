//! MathTricks boards of extremes shared by the tests that compare a sandboxed bot with
//! its native twin.

use arena_games::mathtricks::{Board, Op};
use arena_games::rng::GameRng;

/// A board of extremes, `4..4 + spread` rows and columns: huge operands, multiplications
/// by 0, 1 and 2^24 − 1, subtractions that drive totals towards the negative bound,
/// divisions; totals saturate at the 64-bit bounds and pass 2^60.
pub fn extreme_board(rng: &mut GameRng, spread: u64) -> Board {
    let rows = 4 + rng.below(spread) as u32;
    let cols = 4 + rng.below(spread) as u32;
    let max = 16_777_215u32;
    let cells = (0..rows * cols)
        .map(|i| {
            if i == 0 || i == rows * cols - 1 {
                return Op::Add(0);
            }
            let big = max - rng.below(1000) as u32;
            match rng.weighted(&[3, 3, 5, 1, 1, 1, 2]) {
                0 => Op::Add(big),
                1 => Op::Sub(big),
                2 => Op::Mul(big),
                3 => Op::Mul(rng.below(3) as u32),
                4 => Op::Div(2 + rng.below(3) as u32),
                5 => Op::Div(big),
                _ => Op::Add(rng.below(10) as u32),
            }
        })
        .collect();
    Board::new(rows, cols, cells).unwrap()
}
