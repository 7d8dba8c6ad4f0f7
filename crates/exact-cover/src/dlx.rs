//! Knuth's Algorithm X on dancing links.
//!
//! The matrix is stored as circular doubly linked lists: one per row (left/right) and one per
//! column (up/down), each column with a header holding its current size; the headers of the
//! primary columns form the root's list. *Covering* a column unlinks it from the root and
//! every row that meets it from the other columns; *uncovering* relinks them in exactly the
//! reverse order, which is what makes backtracking free (Knuth, "Dancing Links", 2000,
//! arXiv:cs/0011047). Algorithm X chooses the primary column with the fewest rows (the
//! "S heuristic", MRV by another name), tries each of its rows in turn, covers the columns of
//! that row, and recurses; here the recursion is an explicit stack, so the search can stop at
//! each solution and resume, and depth is bounded only by memory.
//!
//! Cost: each cover or uncover touches every 1 in the rows it removes (`updates` counts the
//! unlinked nodes, Knuth's measure); nothing is allocated per node.

use crate::matrix::{Matrix, RowId};
use std::time::{Duration, Instant};

/// Search counters, defined as in Knuth's paper.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Rows tried: each row placed into the partial solution counts one (the nodes of the
    /// search tree below the root).
    pub nodes: u64,
    /// Dead ends: a chosen column with no row left.
    pub failures: u64,
    /// Updates: nodes unlinked from their column while covering.
    pub updates: u64,
    /// Solutions found.
    pub solutions: u64,
    /// Wall time spent searching.
    pub elapsed: Duration,
}

/// Optional limits; the search stops with [`Dlx::limit_reached`] set when one is reached.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Limits {
    /// At most this many nodes.
    pub nodes: Option<u64>,
    /// At most this much time (checked every 1,024 nodes).
    pub time: Option<Duration>,
    /// Stop at this point in time (checked with `time`); a process-wide stop request
    /// ([`csp_core::termination::request_stop`]) stops the search too.
    pub deadline: Option<Instant>,
}

/// Which limit stopped a search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LimitReached {
    /// [`Limits::nodes`].
    Nodes,
    /// [`Limits::time`] or [`Limits::deadline`].
    Time,
    /// A stop was requested ([`csp_core::termination::request_stop`]).
    Interrupted,
}

/// The result of [`Dlx::count`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[must_use]
pub struct Count {
    /// Solutions found, at most the cap.
    pub count: u64,
    /// Whether every solution was counted (no cap or limit cut the search short).
    pub exhausted: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Fresh,
    Running,
    Done(Option<LimitReached>),
}

/// Dancing links over one [`Matrix`]: build once, then solve, count or enumerate; reuse it
/// for many instances of one matrix with [`Dlx::reset`] (the sudoku givens).
///
/// ```
/// use csp_exact_cover::{Dlx, Matrix, verify};
/// // Knuth's example: rows {2,4,5} {0,3,6} {1,2,5} {0,3} {1,6} {3,4,6} over 7 columns.
/// let mut m = Matrix::new(7, 0);
/// for r in [&[2, 4, 5][..], &[0, 3, 6], &[1, 2, 5], &[0, 3], &[1, 6], &[3, 4, 6]] {
///     m.add_row(r).unwrap();
/// }
/// let mut dlx = Dlx::new(&m);
/// let rows = dlx.next_solution().unwrap().to_vec();
/// assert_eq!(verify(&m, &rows), Ok(()));
/// let mut indices: Vec<usize> = rows.iter().map(|r| r.index()).collect();
/// indices.sort();
/// assert_eq!(indices, vec![0, 3, 4]);
/// assert_eq!(Dlx::new(&m).count(u64::MAX).count, 1);
/// ```
#[derive(Debug, Clone)]
pub struct Dlx {
    // Node 0 is the root, nodes 1..=columns the column headers, then the 1s row by row.
    left: Vec<u32>,
    right: Vec<u32>,
    up: Vec<u32>,
    down: Vec<u32>,
    /// Header node of each node's column.
    col: Vec<u32>,
    /// Row of each node (unused for headers).
    row: Vec<u32>,
    /// Current number of rows in each column (indexed by header node).
    size: Vec<u32>,
    /// First node of each row.
    first: Vec<u32>,
    /// Chosen row nodes, one per level.
    stack: Vec<u32>,
    /// Rows imposed by [`Dlx::reset`].
    forced: Vec<u32>,
    /// Whether each header is covered by a forced row.
    covered: Vec<bool>,
    solution: Vec<RowId>,
    state: State,
    stats: Stats,
    limits: Limits,
}

impl Dlx {
    /// Links the matrix. `O(ones + columns)`.
    pub fn new(m: &Matrix) -> Self {
        let columns = m.num_columns();
        let nodes = 1 + columns + m.num_ones();
        let mut d = Dlx {
            left: Vec::with_capacity(nodes),
            right: Vec::with_capacity(nodes),
            up: Vec::with_capacity(nodes),
            down: Vec::with_capacity(nodes),
            col: Vec::with_capacity(nodes),
            row: Vec::with_capacity(nodes),
            size: vec![0; 1 + columns],
            first: Vec::with_capacity(m.num_rows()),
            stack: Vec::new(),
            forced: Vec::new(),
            covered: vec![false; 1 + columns],
            solution: Vec::new(),
            state: State::Fresh,
            stats: Stats::default(),
            limits: Limits::default(),
        };
        // Root and headers: primary headers in the root's list, secondary ones on their own.
        for h in 0..=columns as u32 {
            let (l, r) = if h == 0 {
                (m.primary() as u32, if m.primary() > 0 { 1 } else { 0 })
            } else if (h as usize) <= m.primary() {
                (h - 1, if h as usize == m.primary() { 0 } else { h + 1 })
            } else {
                (h, h)
            };
            d.left.push(l);
            d.right.push(r);
            d.up.push(h);
            d.down.push(h);
            d.col.push(h);
            d.row.push(u32::MAX);
        }
        for r in 0..m.num_rows() {
            let start = d.left.len() as u32;
            d.first.push(start);
            let cols: Vec<usize> = m.row(RowId::new(r)).collect();
            let k = cols.len() as u32;
            for (j, &c) in cols.iter().enumerate() {
                let x = start + j as u32;
                let h = c as u32 + 1;
                d.left.push(if j == 0 { start + k - 1 } else { x - 1 });
                d.right.push(if j as u32 == k - 1 { start } else { x + 1 });
                // Append at the bottom of the column.
                let last = d.up[h as usize];
                d.up.push(last);
                d.down.push(h);
                d.down[last as usize] = x;
                d.up[h as usize] = x;
                d.col.push(h);
                d.row.push(r as u32);
                d.size[h as usize] += 1;
            }
        }
        d
    }

    /// Sets the limits for the following searches.
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// The counters since the last [`Dlx::reset`] (or creation).
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The limit that ended the search, if one did.
    pub fn limit_reached(&self) -> Option<LimitReached> {
        match self.state {
            State::Done(l) => l,
            _ => None,
        }
    }

    fn cover(&mut self, c: u32) {
        let c = c as usize;
        let (l, r) = (self.left[c], self.right[c]);
        self.right[l as usize] = r;
        self.left[r as usize] = l;
        let mut i = self.down[c];
        while i as usize != c {
            let mut j = self.right[i as usize];
            while j != i {
                let (u, d) = (self.up[j as usize], self.down[j as usize]);
                self.down[u as usize] = d;
                self.up[d as usize] = u;
                self.size[self.col[j as usize] as usize] -= 1;
                self.stats.updates += 1;
                j = self.right[j as usize];
            }
            i = self.down[i as usize];
        }
    }

    fn uncover(&mut self, c: u32) {
        let c = c as usize;
        let mut i = self.up[c];
        while i as usize != c {
            let mut j = self.left[i as usize];
            while j != i {
                let (u, d) = (self.up[j as usize], self.down[j as usize]);
                self.down[u as usize] = j;
                self.up[d as usize] = j;
                self.size[self.col[j as usize] as usize] += 1;
                j = self.left[j as usize];
            }
            i = self.up[i as usize];
        }
        let (l, r) = (self.left[c], self.right[c]);
        self.right[l as usize] = c as u32;
        self.left[r as usize] = c as u32;
    }

    /// Covers the columns of `r`'s row other than `r`'s own (already covered).
    fn select(&mut self, r: u32) {
        let mut j = self.right[r as usize];
        while j != r {
            self.cover(self.col[j as usize]);
            j = self.right[j as usize];
        }
    }

    fn unselect(&mut self, r: u32) {
        let mut j = self.left[r as usize];
        while j != r {
            self.uncover(self.col[j as usize]);
            j = self.left[j as usize];
        }
    }

    /// Undoes the search and the forced rows, back to the matrix as built.
    fn unwind(&mut self) {
        while let Some(r) = self.stack.pop() {
            self.unselect(r);
            self.uncover(self.col[r as usize]);
        }
        while let Some(r) = self.forced.pop() {
            // Forced rows cover all their columns; uncover in reverse order.
            let mut j = self.left[r as usize];
            loop {
                let h = self.col[j as usize];
                self.uncover(h);
                self.covered[h as usize] = false;
                if j == r {
                    break;
                }
                j = self.left[j as usize];
            }
        }
    }

    /// Starts a new search in which `rows` are imposed (the givens of a puzzle). Returns
    /// `false`, and the search has no solution, when two of them share a column.
    pub fn reset(&mut self, rows: &[RowId]) -> bool {
        self.unwind();
        self.stats = Stats::default();
        self.state = State::Fresh;
        for &row in rows {
            let r = self.first[row.index()];
            let mut j = r;
            loop {
                if self.covered[self.col[j as usize] as usize] {
                    self.state = State::Done(None);
                    return false;
                }
                j = self.right[j as usize];
                if j == r {
                    break;
                }
            }
            loop {
                let h = self.col[j as usize];
                self.covered[h as usize] = true;
                self.cover(h);
                j = self.right[j as usize];
                if j == r {
                    break;
                }
            }
            self.forced.push(r);
        }
        true
    }

    /// The primary column with the fewest rows (the first such), `None` when all are
    /// covered.
    fn choose(&self) -> Option<u32> {
        let mut c = self.right[0];
        if c == 0 {
            return None;
        }
        let mut best = c;
        let mut best_size = self.size[c as usize];
        while c != 0 && best_size > 1 {
            let s = self.size[c as usize];
            if s < best_size {
                best = c;
                best_size = s;
            }
            c = self.right[c as usize];
        }
        Some(best)
    }

    fn limit(&self, started: Instant) -> Option<LimitReached> {
        if self.limits.nodes.is_some_and(|n| self.stats.nodes >= n) {
            return Some(LimitReached::Nodes);
        }
        if self.stats.nodes.is_multiple_of(1024) {
            if csp_core::termination::stop_requested() {
                return Some(LimitReached::Interrupted);
            }
            if csp_core::termination::past(self.limits.deadline)
                || self
                    .limits
                    .time
                    .is_some_and(|t| self.stats.elapsed + started.elapsed() >= t)
            {
                return Some(LimitReached::Time);
            }
        }
        None
    }

    /// The next solution (the imposed rows first, then the chosen ones), or `None` when
    /// there is no other one or a limit stopped the search ([`Dlx::limit_reached`]).
    pub fn next_solution(&mut self) -> Option<&[RowId]> {
        let started = Instant::now();
        let found = self.search(started);
        self.stats.elapsed += started.elapsed();
        if !found {
            return None;
        }
        self.stats.solutions += 1;
        self.solution.clear();
        for &r in self.forced.iter().chain(&self.stack) {
            self.solution
                .push(RowId::new(self.row[r as usize] as usize));
        }
        Some(&self.solution)
    }

    fn search(&mut self, started: Instant) -> bool {
        let mut backtrack = match self.state {
            State::Done(_) => return false,
            State::Fresh => {
                self.state = State::Running;
                false
            }
            State::Running => true,
        };
        loop {
            if backtrack {
                let Some(r) = self.stack.pop() else {
                    self.state = State::Done(None);
                    return false;
                };
                self.unselect(r);
                let c = self.col[r as usize];
                let next = self.down[r as usize];
                if next == c {
                    self.uncover(c);
                    continue;
                }
                if let Some(l) = self.limit(started) {
                    self.stack.push(r);
                    self.select(r);
                    self.state = State::Done(Some(l));
                    return false;
                }
                self.stats.nodes += 1;
                self.select(next);
                self.stack.push(next);
                backtrack = false;
            } else {
                let Some(c) = self.choose() else {
                    return true;
                };
                if self.size[c as usize] == 0 {
                    self.stats.failures += 1;
                    backtrack = true;
                    continue;
                }
                if let Some(l) = self.limit(started) {
                    self.state = State::Done(Some(l));
                    return false;
                }
                self.cover(c);
                let r = self.down[c as usize];
                self.stats.nodes += 1;
                self.select(r);
                self.stack.push(r);
            }
        }
    }

    /// The first solution, or `None` (none exists, or a limit was reached).
    #[must_use]
    pub fn solve(&mut self) -> Option<Vec<RowId>> {
        self.next_solution().map(<[RowId]>::to_vec)
    }

    /// Counts solutions up to `cap` (uniqueness: `count(2).count == 1`).
    pub fn count(&mut self, cap: u64) -> Count {
        let mut count = 0;
        while count < cap {
            if self.next_solution().is_none() {
                return Count {
                    count,
                    exhausted: self.limit_reached().is_none(),
                };
            }
            count += 1;
        }
        Count {
            count,
            exhausted: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify;

    fn knuth() -> Matrix {
        let mut m = Matrix::new(7, 0);
        for r in [
            &[2, 4, 5][..],
            &[0, 3, 6],
            &[1, 2, 5],
            &[0, 3],
            &[1, 6],
            &[3, 4, 6],
        ] {
            m.add_row(r).unwrap();
        }
        m
    }

    #[test]
    fn the_search_leaves_the_links_as_built() {
        let m = knuth();
        let mut d = Dlx::new(&m);
        let before = (
            d.left.clone(),
            d.right.clone(),
            d.up.clone(),
            d.down.clone(),
        );
        assert_eq!(d.count(u64::MAX).count, 1);
        assert_eq!(
            (
                d.left.clone(),
                d.right.clone(),
                d.up.clone(),
                d.down.clone()
            ),
            before
        );
        assert!(d.reset(&[RowId::new(3)]));
        assert_eq!(d.count(10).count, 1);
        d.reset(&[]);
        assert_eq!((d.left, d.right, d.up, d.down), before);
    }

    #[test]
    fn forced_rows_restrict_and_clashing_ones_have_no_solution() {
        let m = knuth();
        let mut d = Dlx::new(&m);
        assert!(d.reset(&[RowId::new(1)]));
        assert_eq!(d.count(10).count, 0, "row 1 is not in the only solution");
        assert!(
            !d.reset(&[RowId::new(1), RowId::new(3)]),
            "both cover column 0"
        );
        assert_eq!(d.next_solution(), None);
        assert!(d.reset(&[RowId::new(0)]));
        let s = d.solve().unwrap();
        assert_eq!(s[0], RowId::new(0));
        assert_eq!(verify(&m, &s), Ok(()));
    }

    #[test]
    fn secondary_columns_may_stay_uncovered() {
        // Two primary columns, one secondary shared by the only rows covering each.
        let mut m = Matrix::new(2, 1);
        m.add_row(&[0, 2]).unwrap();
        m.add_row(&[1, 2]).unwrap();
        m.add_row(&[0]).unwrap();
        m.add_row(&[1]).unwrap();
        let mut d = Dlx::new(&m);
        let mut all = Vec::new();
        while let Some(s) = d.next_solution() {
            assert_eq!(verify(&m, s), Ok(()));
            let mut s: Vec<usize> = s.iter().map(|r| r.index()).collect();
            s.sort();
            all.push(s);
        }
        all.sort();
        assert_eq!(all, vec![vec![0, 3], vec![1, 2], vec![2, 3]]);
    }

    #[test]
    fn a_node_limit_stops_the_search() {
        let m = knuth();
        let mut d = Dlx::new(&m);
        d.set_limits(Limits {
            nodes: Some(1),
            time: None,
            deadline: None,
        });
        let c = d.count(u64::MAX);
        assert!(!c.exhausted);
        assert_eq!(d.limit_reached(), Some(LimitReached::Nodes));
    }

    #[test]
    fn a_matrix_without_primary_columns_has_the_empty_solution() {
        let m = Matrix::new(0, 2);
        assert_eq!(Dlx::new(&m).count(10).count, 1);
    }
}
