//! `games/minesweeper.wasm`: minesweeper for one or two players, from the public board
//! only. Deduces what the numbers force (a number met by the mines around it makes its
//! other unknown neighbours safe; one with exactly as many unknown neighbours as missing
//! mines makes them all mines), repeated until nothing changes, and opens the first
//! cell proven safe. With none, it opens the unknown cell least likely to hold a mine by
//! the same local counts, never a cell it knows to be a mine.

use arena_sdk::games::minesweeper::{CellView, Minesweeper, MinesweeperView};
use arena_sdk::prelude::*;

/// What the bot believes of a cell.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Belief {
    /// Opened (nothing to decide).
    Open(u8),
    /// A mine: known to every seat, or deduced here.
    Mine,
    /// Proven free of mines.
    Safe,
    /// Not known.
    Unknown,
}

/// A mine risk as an exact fraction `mines / cells` (compared by cross-multiplying).
#[derive(Clone, Copy)]
struct Risk {
    mines: u64,
    cells: u64,
}

impl Risk {
    fn below(self, other: Risk) -> bool {
        self.mines * other.cells < other.mines * self.cells
    }
}

/// The beliefs the numbers force, from the board as seen.
fn deduce(view: &MinesweeperView) -> Vec<Belief> {
    let board = &view.board;
    let mut belief: Vec<Belief> = board
        .cells
        .iter()
        .map(|cell| match *cell {
            CellView::Opened(n) => Belief::Open(n),
            CellView::KnownMine => Belief::Mine,
            CellView::Unknown => Belief::Unknown,
        })
        .collect();
    let mut changed = true;
    while changed {
        changed = false;
        for cell in 0..board.grid.cells() {
            let Belief::Open(count) = belief[cell as usize] else {
                continue;
            };
            let around: Vec<u32> = board.grid.neighbours(cell).collect();
            let mines = around
                .iter()
                .filter(|&&n| belief[n as usize] == Belief::Mine);
            let missing = u32::from(count).saturating_sub(mines.count() as u32);
            let unknown: Vec<u32> = around
                .into_iter()
                .filter(|&n| belief[n as usize] == Belief::Unknown)
                .collect();
            if unknown.is_empty() {
                continue;
            }
            let forced = if missing == 0 {
                Belief::Safe
            } else if missing as usize == unknown.len() {
                Belief::Mine
            } else {
                continue;
            };
            for n in unknown {
                belief[n as usize] = forced;
            }
            changed = true;
        }
    }
    belief
}

/// The risk of the unknown `cell`: the highest share of missing mines among the unknown
/// neighbours of the numbers around it; away from every number, the share of the mines
/// not accounted for among the cells not decided (`rest`).
fn risk(view: &MinesweeperView, belief: &[Belief], cell: u32, rest: Risk) -> Risk {
    let grid = view.board.grid;
    let mut worst: Option<Risk> = None;
    for number in grid.neighbours(cell) {
        let Belief::Open(count) = belief[number as usize] else {
            continue;
        };
        let (mut mines, mut unknown) = (0u64, 0u64);
        for n in grid.neighbours(number) {
            match belief[n as usize] {
                Belief::Mine => mines += 1,
                Belief::Unknown => unknown += 1,
                Belief::Open(_) | Belief::Safe => {}
            }
        }
        let here = Risk {
            mines: u64::from(count).saturating_sub(mines),
            cells: unknown.max(1),
        };
        if worst.is_none_or(|w| w.below(here)) {
            worst = Some(here);
        }
    }
    worst.unwrap_or(rest)
}

fn choose(_ctx: &TableContext, view: &MinesweeperView) -> u32 {
    let belief = deduce(view);
    if let Some(safe) = belief.iter().position(|&b| b == Belief::Safe) {
        return safe as u32;
    }
    let mines = belief.iter().filter(|&&b| b == Belief::Mine).count() as u64;
    let unknown: Vec<u32> = (0..view.board.grid.cells())
        .filter(|&c| belief[c as usize] == Belief::Unknown)
        .collect();
    let rest = Risk {
        mines: u64::from(view.board.mines).saturating_sub(mines),
        cells: (unknown.len() as u64).max(1),
    };
    let mut best: Option<(Risk, u32)> = None;
    for &cell in &unknown {
        let r = risk(view, &belief, cell, rest);
        if best.is_none_or(|(b, _)| r.below(b)) {
            best = Some((r, cell));
        }
    }
    if let Some((r, cell)) = best {
        debug_log(&format!("guessing cell {cell} ({}/{})", r.mines, r.cells));
        return cell;
    }
    // Only known mines are left unopened (the game would be over): open the first.
    belief
        .iter()
        .position(|&b| b == Belief::Mine)
        .expect("the referee asks only while a cell is unopened") as u32
}

arena_sdk::table_bot!(Minesweeper, choose);
