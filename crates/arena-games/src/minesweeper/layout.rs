//! The hidden layout: where the mines are and where play starts, drawn from the game seed.

use crate::rng::GameRng;

/// The most layouts drawn for one game under `reveal=count` before the mine count is
/// refused as too small (every layout's first flood opening the whole board).
pub const MAX_DRAWS: u32 = 1000;

/// A board's geometry: rows × cols cells, numbered row by row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    /// Rows.
    pub rows: u32,
    /// Columns.
    pub cols: u32,
}

impl Grid {
    /// Cells on the board.
    pub fn cells(self) -> u32 {
        self.rows * self.cols
    }

    /// The (up to 8) neighbours of `cell`, in row-major order.
    pub fn neighbours(self, cell: u32) -> impl Iterator<Item = u32> {
        let (r, c) = ((cell / self.cols) as i64, (cell % self.cols) as i64);
        let (rows, cols) = (self.rows as i64, self.cols as i64);
        (-1..=1i64)
            .flat_map(move |dr| (-1..=1i64).map(move |dc| (r + dr, c + dc)))
            .filter(move |&(nr, nc)| {
                (nr, nc) != (r, c) && (0..rows).contains(&nr) && (0..cols).contains(&nc)
            })
            .map(move |(nr, nc)| (nr * cols + nc) as u32)
    }
}

/// Where the mines are (`mine[cell]`) and the start cell.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    /// Whether each cell holds a mine, row by row.
    pub mine: Vec<bool>,
    /// The cell opened for everyone before the first move.
    pub start: u32,
}

impl Layout {
    /// Draws a start cell uniformly among all cells, then `mines` mines uniformly among
    /// the cells outside the start and its neighbours (a partial Fisher–Yates shuffle of
    /// those cells in row-major order). `mines` must be at most `cells − 9`.
    pub fn draw(grid: Grid, mines: u32, rng: &mut GameRng) -> Layout {
        let cells = grid.cells();
        let start = rng.below(u64::from(cells)) as u32;
        let mut excluded = vec![false; cells as usize];
        excluded[start as usize] = true;
        for n in grid.neighbours(start) {
            excluded[n as usize] = true;
        }
        let mut candidates: Vec<u32> = (0..cells).filter(|&c| !excluded[c as usize]).collect();
        let mut mine = vec![false; cells as usize];
        for i in 0..mines as usize {
            let j = i + rng.below((candidates.len() - i) as u64) as usize;
            candidates.swap(i, j);
            mine[candidates[i] as usize] = true;
        }
        Layout { mine, start }
    }

    /// Mines among the neighbours of `cell`.
    pub fn count(&self, grid: Grid, cell: u32) -> u8 {
        grid.neighbours(cell)
            .filter(|&n| self.mine[n as usize])
            .count() as u8
    }

    /// The cells a `reveal=count` opening of the safe `cell` opens: the cell, and while
    /// an opened cell shows 0, its unopened neighbours, repeatedly. `opened` marks what
    /// is open already and is updated; the newly opened cells are returned in the order
    /// they opened.
    pub fn flood(&self, grid: Grid, cell: u32, opened: &mut [bool]) -> Vec<u32> {
        let mut out = Vec::new();
        let mut stack = vec![cell];
        while let Some(c) = stack.pop() {
            if opened[c as usize] || self.mine[c as usize] {
                continue;
            }
            opened[c as usize] = true;
            out.push(c);
            if self.count(grid, c) == 0 {
                stack.extend(grid.neighbours(c).filter(|&n| !opened[n as usize]));
            }
        }
        out
    }
}
