//! Minesweeper players that see only a seat's observation (never the layout):
//! [`solver`], which never guesses while a safe cell can be deduced, and [`greedy`], which
//! opens the cell its neighbours make look safest.
//!
//! Both read the public board ([`View`]): every cell unknown, a known mine, or opened with
//! its count of neighbouring mines, and the number of mines on the board. Arithmetic is in
//! integers and IEEE `+ − × ÷` only (no `ln`, no `exp`), so the same view gives the same
//! move on every machine.

use super::{CellView, Grid};

/// What a seat knows: the board's cells as it sees them and the number of mines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    /// The board.
    pub grid: Grid,
    /// Each cell, row by row.
    pub cells: Vec<CellView>,
    /// Mines on the board in all.
    pub mines: u32,
}

/// The most search nodes [`solver`] spends enumerating the frontier before it settles for
/// what propagation alone deduced (then it may guess where a deeper search would not).
pub const SOLVER_NODES: u64 = 2_000_000;

/// One opened cell's constraint: exactly `mines` of `cells` (unknown) hold a mine.
#[derive(Clone, Debug)]
struct Constraint {
    cells: Vec<usize>,
    mines: u32,
}

impl View {
    fn unknown(&self, c: u32) -> bool {
        self.cells[c as usize] == CellView::Unknown
    }

    /// Unknown cells, ascending.
    fn unknowns(&self) -> Vec<u32> {
        (0..self.grid.cells())
            .filter(|&c| self.unknown(c))
            .collect()
    }

    /// Mines not yet known.
    fn mines_left(&self) -> u32 {
        let known = self
            .cells
            .iter()
            .filter(|&&v| v == CellView::KnownMine)
            .count() as u32;
        self.mines.saturating_sub(known)
    }

    /// For every opened cell with unknown neighbours: how many of them hold a mine.
    fn constraints(&self) -> Vec<(Vec<u32>, u32)> {
        let mut out = Vec::new();
        for c in 0..self.grid.cells() {
            if let CellView::Opened(count) = self.cells[c as usize] {
                let mut unknown = Vec::new();
                let mut known = 0u32;
                for n in self.grid.neighbours(c) {
                    match self.cells[n as usize] {
                        CellView::Unknown => unknown.push(n),
                        CellView::KnownMine => known += 1,
                        CellView::Opened(_) => {}
                    }
                }
                if !unknown.is_empty() {
                    out.push((unknown, u32::from(count).saturating_sub(known)));
                }
            }
        }
        out
    }
}

/// The cell `greedy` opens: the unknown cell with the lowest local risk, first in row-major
/// order on a tie. A cell's risk is the highest share of still-unexplained mines among the
/// unknown neighbours of the opened cells around it, or the board's share of unknown
/// mines among unknown cells where no opened cell touches it. `None` when no cell is
/// unknown.
pub fn greedy(view: &View) -> Option<u32> {
    let unknowns = view.unknowns();
    let density = (u64::from(view.mines_left()), unknowns.len().max(1) as u64);
    // Risk as a fraction (num, den); compared by cross-multiplication.
    let mut risk: Vec<Option<(u64, u64)>> = vec![None; view.grid.cells() as usize];
    for (cells, mines) in view.constraints() {
        let r = (u64::from(mines), cells.len() as u64);
        for c in cells {
            let slot = &mut risk[c as usize];
            if slot.is_none_or(|(n, d)| r.0 * d > n * r.1) {
                *slot = Some(r);
            }
        }
    }
    let mut best: Option<((u64, u64), u32)> = None;
    for c in unknowns {
        let r = risk[c as usize].unwrap_or(density);
        if best.is_none_or(|((n, d), _)| r.0 * d < n * r.1) {
            best = Some((r, c));
        }
    }
    best.map(|(_, c)| c)
}

/// The cell `solver` opens. First the cells propagation proves safe (an opened cell whose
/// mines are all known makes its other neighbours safe; one with as many unexplained mines
/// as unknown neighbours makes them mines; repeated), then the cells no consistent
/// placement of the remaining mines covers (an exact enumeration of the frontier, with the
/// mine total, within [`SOLVER_NODES`]); the first such cell in row-major order. Only when
/// no cell is provably safe does it guess: the unknown cell least likely to hold a mine
/// over all consistent placements (first in row-major order on a tie). `None` when no
/// cell is unknown.
pub fn solver(view: &View) -> Option<u32> {
    let unknowns = view.unknowns();
    if unknowns.is_empty() {
        return None;
    }
    let mut known = Knowledge::new(view);
    known.propagate();
    if let Some(&c) = known.safe.first() {
        return Some(c);
    }
    // Cells propagation proved to be mines are never candidates.
    let candidates: Vec<u32> = unknowns
        .into_iter()
        .filter(|&c| !known.mine[c as usize])
        .collect();
    match Enumeration::run(view, &known) {
        Some(e) => e.safest(&candidates),
        None => greedy(view),
    }
}

/// Cells deduced by propagation alone, and the constraints that remain.
struct Knowledge {
    safe: Vec<u32>,
    mine: Vec<bool>,
    cleared: Vec<bool>,
    constraints: Vec<(Vec<u32>, u32)>,
}

impl Knowledge {
    fn new(view: &View) -> Knowledge {
        let cells = view.grid.cells() as usize;
        Knowledge {
            safe: Vec::new(),
            mine: vec![false; cells],
            cleared: vec![false; cells],
            constraints: view.constraints(),
        }
    }

    /// Applies the two trivial rules until nothing changes; `safe` ends ascending.
    fn propagate(&mut self) {
        loop {
            let mut changed = false;
            for (cells, mines) in &mut self.constraints {
                let before = cells.len();
                let mut found = 0;
                cells.retain(|&c| {
                    if self.mine[c as usize] {
                        found += 1;
                        false
                    } else {
                        !self.cleared[c as usize]
                    }
                });
                *mines = mines.saturating_sub(found);
                changed |= cells.len() != before;
                if cells.is_empty() {
                    continue;
                }
                if *mines == 0 {
                    for &c in cells.iter() {
                        self.cleared[c as usize] = true;
                    }
                    cells.clear();
                    changed = true;
                } else if *mines as usize == cells.len() {
                    for &c in cells.iter() {
                        self.mine[c as usize] = true;
                    }
                    *mines = 0;
                    cells.clear();
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        self.safe = (0..self.cleared.len() as u32)
            .filter(|&c| self.cleared[c as usize])
            .collect();
    }
}

/// Every placement of the remaining mines on the frontier consistent with the
/// constraints, counted by how many frontier mines it uses.
struct Enumeration {
    /// Frontier cells (unknown cells in some constraint), ascending.
    frontier: Vec<u32>,
    /// `counts[m]`: consistent frontier placements with `m` mines.
    counts: Vec<f64>,
    /// `mine_counts[i][m]`: those in which frontier cell `i` holds a mine.
    mine_counts: Vec<Vec<f64>>,
    /// Unknown cells off the frontier, and the mines left for frontier and them together.
    others: u32,
    mines_left: u32,
}

impl Enumeration {
    /// Enumerates the frontier left after propagation; `None` past [`SOLVER_NODES`].
    fn run(view: &View, known: &Knowledge) -> Option<Enumeration> {
        let mut frontier: Vec<u32> = known
            .constraints
            .iter()
            .flat_map(|(cells, _)| cells.iter().copied())
            .collect();
        frontier.sort_unstable();
        frontier.dedup();
        let index = |c: u32| frontier.binary_search(&c).expect("a frontier cell");
        let constraints: Vec<Constraint> = known
            .constraints
            .iter()
            .filter(|(cells, _)| !cells.is_empty())
            .map(|(cells, mines)| Constraint {
                cells: cells.iter().map(|&c| index(c)).collect(),
                mines: *mines,
            })
            .collect();
        let deduced_mines = known.mine.iter().filter(|&&m| m).count() as u32;
        let mines_left = view.mines_left().saturating_sub(deduced_mines);
        let unknown_total = view.unknowns().len() as u32;
        let deduced = deduced_mines + known.safe.len() as u32;
        let others = unknown_total - deduced - frontier.len() as u32;
        // For each frontier cell, the constraints it is in.
        let mut of_cell = vec![Vec::new(); frontier.len()];
        for (k, con) in constraints.iter().enumerate() {
            for &i in &con.cells {
                of_cell[i].push(k);
            }
        }
        let mut search = Search {
            constraints: &constraints,
            of_cell: &of_cell,
            assigned: vec![None; frontier.len()],
            placed: vec![0; constraints.len()],
            open: constraints.iter().map(|c| c.cells.len() as u32).collect(),
            mines: 0,
            max_mines: mines_left,
            nodes: 0,
            counts: vec![0.0; frontier.len() + 1],
            mine_counts: vec![vec![0.0; frontier.len() + 1]; frontier.len()],
        };
        if !search.go(0) {
            return None;
        }
        Some(Enumeration {
            frontier,
            counts: search.counts,
            mine_counts: search.mine_counts,
            others,
            mines_left,
        })
    }

    /// Whether `m` frontier mines leave a number of mines that fits off the frontier.
    fn feasible(&self, m: usize) -> bool {
        m as u32 <= self.mines_left && self.mines_left - m as u32 <= self.others
    }

    /// The weight of a frontier placement with `m` mines: the number of ways to place the
    /// other `mines_left − m` mines on the `others` cells off the frontier, relative to
    /// the smallest feasible `m` (a ratio of binomials built by multiplication only).
    fn weights(&self) -> Vec<f64> {
        let mut w = vec![0.0; self.counts.len()];
        let mut current: Option<f64> = None;
        for (m, slot) in w.iter_mut().enumerate() {
            if !self.feasible(m) {
                current = None;
                continue;
            }
            let value = match current {
                None => 1.0,
                // C(U, a − 1) / C(U, a) = a / (U − a + 1), with a = mines_left − m + 1.
                Some(prev) => {
                    let a = f64::from(self.mines_left - m as u32 + 1);
                    prev * a / (f64::from(self.others) - a + 1.0)
                }
            };
            *slot = value;
            current = Some(value);
        }
        w
    }

    /// The unknown cell least likely to hold a mine, first in row-major order on a tie. A
    /// cell that no consistent placement with a feasible mine total covers is provably
    /// safe and beats every other; that is decided on exact counts, never on the float
    /// weights (which only rank the guesses).
    fn safest(&self, unknowns: &[u32]) -> Option<u32> {
        let w = self.weights();
        let feasible: Vec<bool> = (0..self.counts.len()).map(|m| self.feasible(m)).collect();
        let weighted = |counts: &[f64]| -> f64 { counts.iter().zip(&w).map(|(c, w)| c * w).sum() };
        // Off the frontier: the expected number of mines left over there, per cell.
        let off_possible = self.others > 0
            && (0..self.counts.len())
                .any(|m| feasible[m] && self.counts[m] > 0.0 && (m as u32) < self.mines_left);
        let off = if self.others == 0 {
            f64::INFINITY
        } else {
            self.counts
                .iter()
                .zip(&w)
                .enumerate()
                .map(|(m, (c, w))| c * w * f64::from(self.mines_left.saturating_sub(m as u32)))
                .sum::<f64>()
                / f64::from(self.others)
        };
        let mut best: Option<(bool, f64, u32)> = None;
        for &c in unknowns {
            let (safe, likelihood) = match self.frontier.binary_search(&c) {
                Ok(i) => {
                    let counts = &self.mine_counts[i];
                    let possible = (0..counts.len()).any(|m| feasible[m] && counts[m] > 0.0);
                    (!possible, weighted(counts))
                }
                Err(_) => (!off_possible, off),
            };
            let better = match best {
                None => true,
                Some((s, l, _)) => (safe && !s) || (safe == s && likelihood < l),
            };
            if better {
                best = Some((safe, likelihood, c));
            }
        }
        best.map(|(_, _, c)| c)
    }
}

/// The backtracking search over frontier cells, in ascending order.
struct Search<'a> {
    constraints: &'a [Constraint],
    of_cell: &'a [Vec<usize>],
    assigned: Vec<Option<bool>>,
    placed: Vec<u32>,
    open: Vec<u32>,
    mines: u32,
    max_mines: u32,
    nodes: u64,
    counts: Vec<f64>,
    mine_counts: Vec<Vec<f64>>,
}

impl Search<'_> {
    /// Counts every consistent completion from cell `i` on; false when out of nodes.
    fn go(&mut self, i: usize) -> bool {
        self.nodes += 1;
        if self.nodes > SOLVER_NODES {
            return false;
        }
        if i == self.assigned.len() {
            let m = self.mines as usize;
            self.counts[m] += 1.0;
            for (j, a) in self.assigned.iter().enumerate() {
                if *a == Some(true) {
                    self.mine_counts[j][m] += 1.0;
                }
            }
            return true;
        }
        for mine in [false, true] {
            if mine && self.mines == self.max_mines {
                continue;
            }
            if self.fits(i, mine) {
                self.set(i, mine, true);
                let ok = self.go(i + 1);
                self.set(i, mine, false);
                if !ok {
                    return false;
                }
            }
        }
        true
    }

    /// Whether cell `i` may take `mine` given its constraints' placed mines and open cells.
    fn fits(&self, i: usize, mine: bool) -> bool {
        self.of_cell[i].iter().all(|&k| {
            let need = self.constraints[k].mines;
            let placed = self.placed[k] + u32::from(mine);
            let open_after = self.open[k] - 1;
            placed <= need && placed + open_after >= need
        })
    }

    fn set(&mut self, i: usize, mine: bool, on: bool) {
        let of_cell = self.of_cell;
        for &k in &of_cell[i] {
            if on {
                self.open[k] -= 1;
                self.placed[k] += u32::from(mine);
            } else {
                self.open[k] += 1;
                self.placed[k] -= u32::from(mine);
            }
        }
        if mine {
            if on {
                self.mines += 1;
            } else {
                self.mines -= 1;
            }
        }
        self.assigned[i] = on.then_some(mine);
    }
}
