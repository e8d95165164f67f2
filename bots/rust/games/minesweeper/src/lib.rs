//! `bots/games/minesweeper.wasm`: minesweeper for one or two players, from the public
//! board only. It opens a cell its neighbours prove safe (an opened cell whose count is
//! met by known mines makes its other unknown neighbours safe; one with as many unknown
//! neighbours as missing mines makes them mines, which may complete another count); when
//! nothing is proven, it opens the unknown cell with the lowest estimated risk.

use arena_sdk::games::minesweeper::{CellView, MinesweeperView};
use arena_sdk::prelude::*;

/// The move: a proven safe cell, else the least risky unknown one.
pub fn choose(_ctx: &TableContext, view: &MinesweeperView) -> u32 {
    let board = &view.board;
    let grid = board.grid;
    let n = grid.cells() as usize;
    // Cells deduced to be mines (known ones first).
    let mut mine: Vec<bool> = board
        .cells
        .iter()
        .map(|c| *c == CellView::KnownMine)
        .collect();
    let unknown =
        |c: u32, mine: &[bool]| board.cells[c as usize] == CellView::Unknown && !mine[c as usize];
    // Propagate "all missing mines are the unknown neighbours" until nothing changes.
    loop {
        let mut changed = false;
        for cell in 0..grid.cells() {
            let CellView::Opened(count) = board.cells[cell as usize] else {
                continue;
            };
            let known = grid.neighbours(cell).filter(|&m| mine[m as usize]).count();
            let open: Vec<u32> = grid
                .neighbours(cell)
                .filter(|&m| unknown(m, &mine))
                .collect();
            if !open.is_empty() && known + open.len() == usize::from(count) {
                for m in open {
                    mine[m as usize] = true;
                }
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    // A count met by mines makes the rest safe.
    for cell in 0..grid.cells() {
        let CellView::Opened(count) = board.cells[cell as usize] else {
            continue;
        };
        let known = grid.neighbours(cell).filter(|&m| mine[m as usize]).count();
        if known == usize::from(count) {
            if let Some(safe) = grid.neighbours(cell).find(|&m| unknown(m, &mine)) {
                return safe;
            }
        }
    }
    // No proof: the unknown cell whose worst opened neighbour leaves it the smallest share
    // of missing mines; the board's share where no opened cell touches it.
    let total_unknown = (0..grid.cells())
        .filter(|&c| unknown(c, &mine))
        .count()
        .max(1);
    let missing = board.mines as usize
        - mine
            .iter()
            .filter(|&&m| m)
            .count()
            .min(board.mines as usize);
    let base = missing as f64 / total_unknown as f64;
    let risk = |cell: u32| -> f64 {
        grid.neighbours(cell)
            .filter_map(|o| match board.cells[o as usize] {
                CellView::Opened(count) => {
                    let known = grid.neighbours(o).filter(|&m| mine[m as usize]).count();
                    let open = grid
                        .neighbours(o)
                        .filter(|&m| unknown(m, &mine))
                        .count()
                        .max(1);
                    Some((usize::from(count) - known.min(usize::from(count))) as f64 / open as f64)
                }
                _ => None,
            })
            .fold(None, |worst: Option<f64>, r| {
                Some(worst.map_or(r, |w| w.max(r)))
            })
            .unwrap_or(base)
    };
    let mut best: Option<(f64, u32)> = None;
    for cell in (0..n as u32).filter(|&c| unknown(c, &mine)) {
        let r = risk(cell);
        if best.is_none_or(|(b, _)| r < b) {
            best = Some((r, cell));
        }
    }
    // Only cells deduced to be mines are left: open the first unknown one anyway.
    best.map(|(_, c)| c).unwrap_or_else(|| {
        (0..grid.cells())
            .find(|&c| board.cells[c as usize] == CellView::Unknown)
            .expect("a game not over has an unknown cell")
    })
}

arena_sdk::table_bot!(arena_sdk::games::minesweeper::Minesweeper, choose);
