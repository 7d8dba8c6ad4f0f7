//! TabuCol (Hertz & de Werra 1987, with the tenure of Galinier & Hao 1999), the local
//! search inside the hybrid search and the anchored search: its move scan, its tables and
//! their width.
//!
//! - Each iteration scans the rows of the conflicting vertices (counts of neighbours per
//!   colour, and the tick until which each colour is tabu) in branch-free, vectorised passes,
//!   then shifts the moved vertex's neighbours' counts from its old colour to its new one.
//! - The two tables hold 16-bit entries where every count fits ([`TabuTables::new`]), 32-bit
//!   ones otherwise: a vector instruction compares eight entries instead of four, and the
//!   tables take half the cache.
//! - On dense graphs the neighbours that enter or leave the conflict list are found through
//!   bit rows ([`Classes`]) rather than by testing every neighbour; the count shift itself is
//!   a loop of its own ([`shift_counts`]).
//!
//! Together about 1.5× faster an iteration than 32-bit tables and per-neighbour tests, the
//! same walks; the measurements: `docs/measurements/colouring-kernels.md`.

use super::moves::{Classes, redraw, remove};
use crate::encode::Colouring;
use crate::graph::Graph;
use csp_core::heuristics::SplitMix64;
use fixedbitset::FixedBitSet;
use std::ops::{Add, AddAssign, Sub, SubAssign};
use std::time::Instant;

/// TabuCol (Hertz & de Werra 1987, with the tenure of Galinier & Hao 1999): looks for a
/// proper `k`-colouring by moving conflicting vertices to other colours, forbidding a
/// vertex's old colour for `0.6·c + rand(0..10)` iterations, `c` the conflicting vertices.
/// Each iteration costs `O(c·k)` plus `O(deg)` to update the move table.
/// Starts from `start` (colours `≥ k` are redrawn at random). Stops at a proper colouring,
/// after `max_iters` iterations, or at `deadline`.
pub fn tabucol(
    g: &Graph,
    k: u32,
    start: &Colouring,
    max_iters: u64,
    seed: u64,
    deadline: Option<Instant>,
) -> Option<Colouring> {
    let n = g.len();
    if k == 0 {
        return (n == 0).then(|| Colouring { colours: vec![] });
    }
    let mut rng = SplitMix64::new(seed);
    let mut col = redraw(&start.colours, k, &mut rng);
    let mut tabu = TabuTables::new(g, k as usize);
    (tabu.run(g, &mut col, max_iters, &mut rng, deadline) == 0)
        .then_some(Colouring { colours: col })
}

/// An entry of TabuCol's tables (counts and tabu ticks): `i16` or `i32` ([`TabuTables`]); also
/// PartialCol's counts ([`super::PartialCol`]).
pub(crate) trait Entry:
    Copy + Ord + Add<Output = Self> + Sub<Output = Self> + AddAssign + SubAssign + Into<i32> + Into<i64>
{
    const ZERO: Self;
    const ONE: Self;
    /// Never allowed: padding entries, and the tick of a colour tabu for ever.
    const MAX: Self;
    /// What a barred colour adds to a vertex's count in [`TabuCol::run_within`]: more than
    /// any count of neighbours ([`TabuTables::new`] keeps degrees below it), so that moving there
    /// never beats the best colouring; and the count plus it stays below [`Entry::MAX`].
    const BARRED: Self;
    /// When the tabu clock reaches `2·REBASE`, every tick and the clock move back by
    /// `REBASE` (an `O(n·k)` pass once per `REBASE` iterations). Exact: a tick still in
    /// force is at least the clock and keeps its distance to it; an expired one stays below
    /// it. Tenures are at most `2·REBASE − 2`, so that a tick stays below [`Entry::MAX`].
    const REBASE: Self;
    /// `x` saturated to the type's range.
    fn saturate(x: i64) -> Self;
    /// [`ScanRow::least`].
    fn least(row: &ScanRow<'_, Self>) -> Self;
    /// [`ScanRow::ties`].
    fn ties(row: &ScanRow<'_, Self>, least: Self) -> u32;
}

/// [`Entry`] for a primitive type: the scan's passes are written for the type itself, not
/// through the trait's comparisons, which the compiler did not vectorise (the scan was 2×
/// slower in the release build).
macro_rules! entry {
    ($t:ty, barred: $barred:expr, rebase: $rebase:expr) => {
        impl Entry for $t {
            const ZERO: Self = 0;
            const ONE: Self = 1;
            const MAX: Self = <$t>::MAX;
            const BARRED: Self = $barred;
            const REBASE: Self = $rebase;

            fn saturate(x: i64) -> Self {
                x.clamp(<$t>::MIN.into(), <$t>::MAX.into()) as $t
            }

            #[inline]
            fn least(scan: &ScanRow<'_, Self>) -> Self {
                let (now, aspire) = (scan.now, scan.aspire);
                scan.row
                    .iter()
                    .zip(scan.trow)
                    .map(|(&r, &t)| if t <= now || r < aspire { r } else { <$t>::MAX })
                    .fold(<$t>::MAX, <$t>::min)
            }

            #[inline]
            fn ties(scan: &ScanRow<'_, Self>, least: Self) -> u32 {
                if least < scan.aspire {
                    // Every colour with that count aspires.
                    scan.row.iter().map(|&r| u32::from(r == least)).sum()
                } else {
                    let now = scan.now;
                    scan.row
                        .iter()
                        .zip(scan.trow)
                        .map(|(&r, &t)| u32::from(r == least && t <= now))
                        .sum()
                }
            }
        }
    };
}

// A pass over the tables every 8,192 iterations: [`TabuTables::new`] takes 16 bits only for tables
// of at most 2¹⁸ entries, 32 entries an iteration at most. Tenures top out at 16,382
// iterations (0.6 times 27,000 conflicting vertices: a random start on a large graph).
entry!(i16, barred: 1 << 14, rebase: 1 << 13);
entry!(i32, barred: 1 << 30, rebase: 1 << 29);

/// The TabuCol workspace for one graph and one `k`, its tables 16 bits wide where they fit.
pub(super) enum TabuTables {
    Narrow(TabuCol<i16>),
    Wide(TabuCol<i32>),
}

impl TabuTables {
    /// The most entries for 16-bit tables: the tick rebasing that 16 bits need costs an
    /// `O(n·k)` pass every [`Entry::REBASE`] (8,192) iterations, so at most 32 entries an
    /// iteration.
    const NARROW_ENTRIES: usize = 1 << 18;

    /// A workspace for `k` colours of `g`: 16-bit entries where every vertex has fewer
    /// than [`Entry::BARRED`] (16,384) neighbours and the tables are small enough, else 32.
    pub(super) fn new(g: &Graph, k: usize) -> Self {
        let n = g.len();
        let narrow = g.max_degree() < i16::BARRED as usize
            && n * TabuCol::<i16>::stride(k) <= Self::NARROW_ENTRIES;
        if narrow {
            TabuTables::Narrow(TabuCol::new(n, k))
        } else {
            TabuTables::Wide(TabuCol::new(n, k))
        }
    }

    /// [`TabuTables::run`] on `a`, then on `b` unless `a` became proper: the two counts of
    /// conflicting edges, or `Err` with the colouring that became proper (a hybrid search's
    /// two parents or two children).
    pub(super) fn run_two<'c>(
        &mut self,
        g: &Graph,
        a: &'c mut [u32],
        b: &'c mut [u32],
        max_iters: u64,
        rng: &mut SplitMix64,
        deadline: Option<Instant>,
    ) -> Result<(i64, i64), &'c [u32]> {
        let fa = self.run(g, a, max_iters, rng, deadline);
        if fa == 0 {
            return Err(a);
        }
        let fb = self.run(g, b, max_iters, rng, deadline);
        if fb == 0 {
            return Err(b);
        }
        Ok((fa, fb))
    }

    /// Improves `col` (colours `< k`) for at most `max_iters` iterations or until `deadline`
    /// and leaves in it the colouring with the fewest conflicting edges seen (the latest of
    /// equal ones); returns that number (0: a proper colouring).
    pub(super) fn run(
        &mut self,
        g: &Graph,
        col: &mut [u32],
        max_iters: u64,
        rng: &mut SplitMix64,
        deadline: Option<Instant>,
    ) -> i64 {
        self.run_within(g, col, None, max_iters, rng, deadline)
    }

    /// [`TabuCol::run_within`].
    pub(super) fn run_within(
        &mut self,
        g: &Graph,
        col: &mut [u32],
        allowed: Option<&[FixedBitSet]>,
        max_iters: u64,
        rng: &mut SplitMix64,
        deadline: Option<Instant>,
    ) -> i64 {
        match self {
            TabuTables::Narrow(t) => t.run_within(g, col, allowed, max_iters, rng, deadline),
            TabuTables::Wide(t) => t.run_within(g, col, allowed, max_iters, rng, deadline),
        }
    }
}

/// One row of TabuCol's move scan: a vertex's counts per colour (`row`) and the ticks of the
/// tabu clock until which each colour is forbidden to it (`trow`). A move to colour `c` is
/// allowed when it is not tabu (`trow[c] <= now`) or when it aspires (`row[c] < aspire`).
/// Each pass is branch-free, and vectorised. (PartialCol's scan done this way was slower in
/// the release build: most of its rows tie at the least count, and each tie costs a second
/// pass and a draw, where [`super::ScanBest`]'s early test costs one comparison.)
#[derive(Clone, Copy)]
pub(crate) struct ScanRow<'a, E> {
    row: &'a [E],
    trow: &'a [E],
    now: E,
    aspire: E,
}

impl<'a, E: Entry> ScanRow<'a, E> {
    #[inline]
    fn new(row: &'a [E], trow: &'a [E], now: E, aspire: E) -> Self {
        ScanRow {
            row,
            trow,
            now,
            aspire,
        }
    }

    /// The least count of an allowed colour; `E::MAX` when every colour is tabu.
    #[inline]
    fn least(&self) -> E {
        E::least(self)
    }

    /// How many allowed colours have count `least` (the row's [`ScanRow::least`]).
    #[inline]
    fn ties(&self, least: E) -> u32 {
        E::ties(self, least)
    }

    /// The `j`-th allowed colour (from 0) with count `least`; `j` below [`ScanRow::ties`].
    fn nth_tie(&self, least: E, j: u32) -> usize {
        (0..self.row.len())
            .filter(|&c| self.row[c] == least && (self.trow[c] <= self.now || least < self.aspire))
            .nth(j as usize)
            .expect("fewer ties than j")
    }
}

/// The TabuCol workspace for one graph and one `k`, reused across runs so that a run
/// allocates nothing; its tables hold entries of type `E` ([`TabuTables`] picks it).
pub(super) struct TabuCol<E> {
    k: usize,
    /// The length of a vertex's row in `gamma` and `tabu`: `k`, or `k` rounded up to a
    /// multiple of eight when that adds at most three entries, so that the move scan's
    /// vectorised passes have no long scalar tail ([`TabuCol::stride`]). The padding entries
    /// are never allowed: [`Entry::MAX`] in both tables.
    stride: usize,
    /// `gamma[v*stride + c]`: neighbours of `v` with colour `c`.
    gamma: Vec<E>,
    /// `tabu[v*stride + c]`: the tick of the tabu clock until which moving `v` to `c` is
    /// forbidden; [`Entry::MAX`] for `v`'s own colour, so that the move scan need not skip
    /// it. Ticks, not iterations: the clock is rebased before it can overflow
    /// ([`Entry::REBASE`]).
    tabu: Vec<E>,
    /// Conflicting vertices, with positions for O(1) removal.
    conf: Vec<usize>,
    pos: Vec<usize>,
    /// The best colouring of the current run (the latest of equal ones), or an earlier
    /// snapshot that `journal` brings up to date.
    best: Vec<u32>,
    /// The moves `(v, colour)` since `best` was last brought up to date, at most
    /// `journal_cap` of them (once more were made, the next best is copied whole). Bringing
    /// `best` up to date costs the moves made since, not `n`, which matters since every
    /// colouring equal to the best replaces it.
    journal: Vec<(u32, u32)>,
    /// `n`, lowered by a test to exercise the whole copies.
    journal_cap: usize,
    /// [`Entry::REBASE`], lowered by a test to exercise the rebasing.
    rebase: E,
    /// The neighbours of each vertex and the members of each colour class as bits, on
    /// dense graphs ([`Classes::fit`]); built at the first run.
    classes: Option<Classes>,
    /// Whether `classes` may be used ([`Classes::fit`]'s verdict; cleared by a test).
    dense: bool,
    /// A test's request to check the conflict list after every move.
    #[cfg(test)]
    audit: bool,
}

impl<E: Entry> TabuCol<E> {
    /// The row length for `k` colours. Measured against rows of `k` (200,000 iterations from
    /// DSATUR's colouring, bench profile): DSJC500.5 at 47 colours (padded to 48) 1.11–1.18×
    /// faster, le450_15c at 14 (to 16) 1.2×; but queen11_11 at 10 padded to 16 was 7 %
    /// slower, DSJC1000.5 at 84 padded to 88 about 1.5 % slower and DSJC500.5 at 43 padded
    /// to 48 hardly faster (1.025×), so a tail of four entries or fewer stays. In the release
    /// build (fat LTO): DSJC500.5 at 47 1.07×, le450_15c at 14 1.17×, DSJC1000.5 at 45 1.05×.
    fn stride(k: usize) -> usize {
        if k % 8 >= 5 { k.next_multiple_of(8) } else { k }
    }

    pub(super) fn new(n: usize, k: usize) -> Self {
        Self::with_stride(n, k, Self::stride(k))
    }

    /// A workspace with rows of `stride ≥ k` entries (a test compares strides).
    fn with_stride(n: usize, k: usize, stride: usize) -> Self {
        TabuCol {
            k,
            stride,
            gamma: vec![E::ZERO; n * stride],
            tabu: vec![E::ZERO; n * stride],
            conf: Vec::with_capacity(n),
            pos: vec![usize::MAX; n],
            best: vec![0; n],
            journal: Vec::with_capacity(n),
            journal_cap: n,
            rebase: E::REBASE,
            classes: None,
            dense: true,
            #[cfg(test)]
            audit: false,
        }
    }

    /// [`TabuTables::run`] where each vertex `v` may only take the colours in `allowed[v]` (all
    /// of them when `allowed` is `None`); `col` must respect them. A colour left out is
    /// tabu for ever and its count is raised by [`Entry::BARRED`], so that it never
    /// aspires: the move scan is the same, and costs the same.
    pub(super) fn run_within(
        &mut self,
        g: &Graph,
        col: &mut [u32],
        allowed: Option<&[FixedBitSet]>,
        max_iters: u64,
        rng: &mut SplitMix64,
        deadline: Option<Instant>,
    ) -> i64 {
        let n = g.len();
        let (k, s) = (self.k, self.stride);
        let TabuCol {
            gamma,
            tabu,
            conf,
            pos,
            best: best_col,
            journal,
            journal_cap,
            rebase,
            classes,
            dense,
            #[cfg(test)]
            audit,
            ..
        } = self;
        debug_assert!(g.len() == pos.len() && k <= s);
        if classes.is_none() && *dense && Classes::fit(g) {
            *classes = Some(Classes::new(g, k));
        }
        if let Some(classes) = classes.as_mut() {
            classes.colour(col);
        }
        let rebase = *rebase;
        gamma.fill(E::ZERO);
        tabu.fill(E::ZERO);
        for v in 0..n {
            gamma[v * s + k..v * s + s].fill(E::MAX);
            tabu[v * s + k..v * s + s].fill(E::MAX);
            tabu[v * s + col[v] as usize] = E::MAX;
            for &w in g.neighbours(v) {
                gamma[v * s + col[w as usize] as usize] += E::ONE;
            }
            if let Some(allowed) = allowed {
                debug_assert!(allowed[v].contains(col[v] as usize));
                for c in (0..k).filter(|&c| !allowed[v].contains(c)) {
                    gamma[v * s + c] += E::BARRED;
                    tabu[v * s + c] = E::MAX;
                }
            }
        }
        let mut conflicts: i64 = (0..n)
            .map(|v| -> i64 { gamma[v * s + col[v] as usize].into() })
            .sum::<i64>()
            / 2;
        conf.clear();
        pos.fill(usize::MAX);
        for v in 0..n {
            if gamma[v * s + col[v] as usize] > E::ZERO {
                pos[v] = conf.len();
                conf.push(v);
            }
        }
        let mut best = conflicts;
        best_col.copy_from_slice(col);
        journal.clear();
        // Whether `journal` holds every move since `best_col` was last brought up to date.
        let mut logging = true;
        let mut iter = 0u64;
        // The tabu clock: `iter` less what the rebasing took off.
        let mut now = E::ZERO;
        while conflicts > 0 {
            if iter >= max_iters
                || (iter.is_multiple_of(1024) && csp_core::termination::past(deadline))
            {
                break;
            }
            iter += 1;
            if now == rebase + rebase {
                for t in tabu.iter_mut() {
                    if *t != E::MAX {
                        *t = (*t - rebase).max(E::ZERO);
                    }
                }
                now -= rebase;
            }
            now += E::ONE;
            // A move of `v` to `c` is allowed when it is not tabu or when it would beat the
            // best colouring of the run (aspiration: `row[c] < aspire`). Its own colour is
            // always tabu and never aspires (`row[cv] = cur ≥ aspire`). Each row takes two
            // branch-free passes (vectorised): its least allowed value, then, only when that
            // can tie or beat the best move so far, how many allowed colours reach it. The
            // choice among all ties is uniform: a row with `m` of `t` ties so far takes it with
            // probability `m/t`, and the colour is drawn among the row's `m` at the end.
            let gap = best - conflicts;
            let (mut key, mut ties) = (i32::MAX, 0u32);
            let mut chosen = None;
            for &v in conf.iter() {
                let row = &gamma[v * s..v * s + s];
                let trow = &tabu[v * s..v * s + s];
                let cur = row[col[v] as usize];
                let aspire = E::saturate(Into::<i64>::into(cur) + gap);
                let scan = ScanRow::new(row, trow, now, aspire);
                let least = scan.least();
                let delta = Into::<i32>::into(least) - Into::<i32>::into(cur);
                if least == E::MAX || delta > key {
                    continue;
                }
                let m = scan.ties(least);
                if delta < key {
                    (key, ties) = (delta, 0);
                }
                ties += m;
                if rng.below(ties) < m {
                    chosen = Some((v, scan, least, m));
                }
            }
            let pick = chosen.map(|(v, scan, least, m)| (v, scan.nth_tie(least, rng.below(m))));
            let pick = pick.or_else(|| {
                // Every move is tabu: move a random conflicting vertex to a random colour it
                // may take (with `allowed` from `anchor`, a conflicting vertex has two).
                let v = conf[rng.below(conf.len() as u32) as usize];
                let row = &gamma[v * s..v * s + k];
                let others = |c: &usize| *c != col[v] as usize && row[*c] < E::BARRED;
                let choices = (0..k).filter(others).count() as u32;
                let c = (0..k)
                    .filter(others)
                    .nth(rng.below(choices.max(1)) as usize)?;
                Some((v, c))
            });
            let Some((v, c)) = pick else {
                break;
            };
            let old = col[v] as usize;
            col[v] = c as u32;
            conflicts +=
                Into::<i64>::into(gamma[v * s + c]) - Into::<i64>::into(gamma[v * s + old]);
            // Galinier & Hao's tenure: 0.6 × the conflicting vertices (before the move) +
            // rand(0..10), at most `2·REBASE − 2` (see [`Entry::REBASE`]).
            let tenure = (0.6 * conf.len() as f64) as i64 + i64::from(rng.below(10));
            let cap = 2 * Into::<i64>::into(E::REBASE) - 2;
            tabu[v * s + old] = E::saturate(Into::<i64>::into(now) + tenure.min(cap));
            tabu[v * s + c] = E::MAX;
            // Only neighbours coloured `old` (one conflict fewer) or `c` (one more) can
            // enter or leave the conflict list; then `v` itself.
            shift_counts(gamma, s, g.neighbours(v), old, c);
            if let Some(classes) = classes.as_mut() {
                classes.shift(v, old, c);
                classes.each_neighbour_in(v, old, c, |w, was_old| {
                    if was_old {
                        if gamma[w * s + old] == E::ZERO {
                            remove(conf, pos, w);
                        }
                    } else if gamma[w * s + c] == E::ONE {
                        pos[w] = conf.len();
                        conf.push(w);
                    }
                });
            } else {
                for &w in g.neighbours(v) {
                    let w = w as usize;
                    let cw = col[w] as usize;
                    if cw == old {
                        if gamma[w * s + old] == E::ZERO {
                            remove(conf, pos, w);
                        }
                    } else if cw == c && gamma[w * s + c] == E::ONE {
                        pos[w] = conf.len();
                        conf.push(w);
                    }
                }
            }
            let bad = gamma[v * s + c] > E::ZERO;
            if bad && pos[v] == usize::MAX {
                pos[v] = conf.len();
                conf.push(v);
            } else if !bad && pos[v] != usize::MAX {
                remove(conf, pos, v);
            }
            #[cfg(test)]
            if *audit {
                // The list holds exactly the conflicting vertices, each at its position.
                let expected = (0..n)
                    .filter(|&u| gamma[u * s + col[u] as usize] > E::ZERO)
                    .count();
                assert_eq!(conf.len(), expected, "iteration {iter}");
                for (i, &u) in conf.iter().enumerate() {
                    assert!(gamma[u * s + col[u] as usize] > E::ZERO && pos[u] == i);
                }
            }
            if logging {
                if journal.len() < *journal_cap {
                    journal.push((v as u32, c as u32));
                } else {
                    logging = false;
                }
            }
            // The latest of the best colourings is kept (HEAD's choice: a child further along
            // its walk).
            if conflicts <= best {
                best = conflicts;
                if conflicts == 0 {
                    return 0;
                }
                if logging {
                    for &(u, cu) in journal.iter() {
                        best_col[u as usize] = cu;
                    }
                } else {
                    best_col.copy_from_slice(col);
                    logging = true;
                }
                journal.clear();
            }
        }
        if conflicts > best {
            col.copy_from_slice(best_col);
        }
        best
    }
}

/// Moves each of `neighbours` from colour `old` to colour `new` in the count table `gamma`
/// (rows of `stride`): one count down, one up. Kept out of line on purpose: inlined into
/// TabuCol's loop, its pointers and bounds were reloaded from the stack for every neighbour.
#[inline(never)]
fn shift_counts<E: Entry>(
    gamma: &mut [E],
    stride: usize,
    neighbours: &[u32],
    old: usize,
    new: usize,
) {
    for &w in neighbours {
        let r = w as usize * stride;
        gamma[r + old] -= E::ONE;
        gamma[r + new] += E::ONE;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::verify;
    use crate::graph::{Instance, petersen, random_half_graph};
    use crate::heuristic::dsatur;

    /// `tabu`'s walk of `iters` iterations from `start` with `seed`: its best count of
    /// conflicting edges and colouring.
    fn walk<E: Entry>(
        tabu: &mut TabuCol<E>,
        g: &Graph,
        start: &[u32],
        allowed: Option<&[FixedBitSet]>,
        iters: u64,
        seed: u64,
    ) -> (i64, Vec<u32>) {
        let mut col = start.to_vec();
        let f = tabu.run_within(
            g,
            &mut col,
            allowed,
            iters,
            &mut SplitMix64::new(seed),
            None,
        );
        (f, col)
    }

    #[test]
    fn tabucol_finds_a_three_colouring_from_a_bad_start() {
        let g = petersen();
        let start = Colouring {
            colours: vec![0; 10],
        };
        let c = tabucol(&g, 3, &start, 100_000, 1, None).expect("Petersen is 3-colourable");
        assert_eq!(verify(&Instance::new("p", g.clone()), Some(3), &c), Ok(()));
        assert_eq!(tabucol(&g, 2, &start, 10_000, 1, None), None);
    }

    #[test]
    fn tabucol_rebasing_its_clock_changes_nothing() {
        // The same walk with the clock rebased every 16 iterations (its best has 43 conflicts,
        // so tenures exceed 25), in both widths.
        let mut rng = SplitMix64::new(5);
        let n = 80;
        let edges: Vec<(usize, usize)> = (0..n)
            .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
            .filter(|_| rng.below(100) < 30)
            .collect();
        let g = Graph::from_edges(n, edges);
        let start: Vec<u32> = (0..n).map(|_| rng.below(5)).collect();
        let (f, col) = walk(&mut TabuCol::<i32>::new(n, 5), &g, &start, None, 20_000, 9);
        assert!(
            f > 0,
            "five colours are too few: the walk must run all its iterations"
        );
        let mut narrow = TabuCol::<i16>::new(n, 5);
        narrow.rebase = 16;
        assert_eq!(
            walk(&mut narrow, &g, &start, None, 20_000, 9),
            (f, col.clone())
        );
        let mut wide = TabuCol::<i32>::new(n, 5);
        wide.rebase = 16;
        assert_eq!(walk(&mut wide, &g, &start, None, 20_000, 9), (f, col));
    }

    #[test]
    fn tabucol_padding_its_rows_changes_nothing() {
        // Padding entries are never allowed nor counted as ties: rows of 5, 8 and 13 entries
        // give the same walk, draw for draw.
        let g = random_half_graph(60, 2);
        let start: Vec<u32> = dsatur(&g, &[]).colours.iter().map(|&c| c % 5).collect();
        let with = |stride| {
            walk(
                &mut TabuCol::<i16>::with_stride(60, 5, stride),
                &g,
                &start,
                None,
                20_000,
                3,
            )
        };
        let (f, col) = with(5);
        assert!(f > 0, "five colours are too few for G(60, 1/2)");
        assert_eq!(with(8), (f, col.clone()));
        assert_eq!(with(13), (f, col));
        assert_eq!(TabuCol::<i16>::new(1, 5).stride, 8);
        assert_eq!(TabuCol::<i32>::new(1, 10).stride, 10);
    }

    #[test]
    fn sixteen_and_thirty_two_bit_tables_walk_alike() {
        // The widths differ only in what the tables can hold: from the same start and seed,
        // the walks are the same, draw for draw; also with barred colours (each vertex may
        // take four of seven colours, its start among them).
        let g = random_half_graph(90, 6);
        let start: Vec<u32> = dsatur(&g, &[]).colours.iter().map(|&c| c % 7).collect();
        let (f, col) = walk(&mut TabuCol::<i32>::new(90, 7), &g, &start, None, 30_000, 4);
        assert!(f > 0, "seven colours are too few for G(90, 1/2)");
        assert_eq!(
            walk(&mut TabuCol::<i16>::new(90, 7), &g, &start, None, 30_000, 4),
            (f, col)
        );
        let allowed: Vec<FixedBitSet> = (0..90)
            .map(|v| {
                let mut d = FixedBitSet::with_capacity(7);
                (0..4).for_each(|i| d.insert((start[v] as usize + 2 * i) % 7));
                d
            })
            .collect();
        let wide = walk(
            &mut TabuCol::<i32>::new(90, 7),
            &g,
            &start,
            Some(&allowed),
            30_000,
            4,
        );
        let narrow = walk(
            &mut TabuCol::<i16>::new(90, 7),
            &g,
            &start,
            Some(&allowed),
            30_000,
            4,
        );
        assert_eq!(narrow, wide);
        assert!((0..90).all(|v| allowed[v].contains(narrow.1[v] as usize)));
    }

    #[test]
    fn tables_are_sixteen_bits_wide_where_every_count_fits() {
        assert!(matches!(
            TabuTables::new(&random_half_graph(100, 1), 20),
            TabuTables::Narrow(_)
        ));
        // A vertex of degree 16,384 would overflow a barred count: 32 bits.
        let star = Graph::from_edges(16_385, (1..16_385).map(|v| (0, v)));
        assert!(matches!(TabuTables::new(&star, 2), TabuTables::Wide(_)));
        let path = Graph::from_edges(16_384, (1..16_384).map(|v| (v - 1, v)));
        assert!(matches!(TabuTables::new(&path, 16), TabuTables::Narrow(_)));
        // Tables of more than 2¹⁸ entries: 32 bits (no rebasing pass over them).
        assert!(matches!(TabuTables::new(&path, 17), TabuTables::Wide(_)));
    }

    #[test]
    fn tabucol_keeps_its_conflict_list_exact_with_bit_rows_and_with_lists() {
        // G(120, 1/2) is dense enough for bit rows; the same walks through the neighbour
        // lists. After every move the list holds exactly the conflicting vertices (checked
        // inside the walk); both walks end on their best colouring with the count they return.
        // The list changes in the same order either way, so the walks are the same.
        let g = random_half_graph(120, 4);
        assert!(Classes::fit(&g));
        let start: Vec<u32> = dsatur(&g, &[]).colours.iter().map(|&c| c % 9).collect();
        let walks: Vec<_> = [true, false]
            .into_iter()
            .map(|dense| {
                let mut tabu = TabuCol::<i16>::new(g.len(), 9);
                (tabu.dense, tabu.audit) = (dense, true);
                let (f, col) = walk(&mut tabu, &g, &start, None, 20_000, 11);
                assert_eq!(tabu.classes.is_some(), dense);
                let conflicting = g.edges().filter(|&(u, v)| col[u] == col[v]).count();
                assert!(f > 0, "nine colours are too few for G(120, 1/2)");
                assert_eq!(f, conflicting as i64);
                (f, col)
            })
            .collect();
        assert_eq!(walks[0], walks[1]);
        // A sparse graph keeps the lists: a cycle of 300 vertices has degree 2 < 300/32.
        let cycle = Graph::from_edges(300, (0..300).map(|i| (i, (i + 1) % 300)));
        assert!(!Classes::fit(&cycle));
    }

    #[test]
    fn the_tenure_counts_conflicting_vertices() {
        // K20 with every vertex coloured 0: 20 conflicting vertices, 190 conflicting edges.
        // After one move (at tick 1) the old colour is tabu until 1 + 0.6·20 + rand(0..10),
        // 13–22 (it would be 115–124 counting edges); every other entry is untouched (0) or
        // never allowed (the new colour).
        let g = Graph::from_edges(20, (0..20).flat_map(|u| (u + 1..20).map(move |v| (u, v))));
        for seed in 0..20 {
            let mut tabu = TabuCol::<i32>::new(20, 3);
            walk(&mut tabu, &g, &[0; 20], None, 1, seed);
            let ticks: Vec<i32> = tabu
                .tabu
                .iter()
                .copied()
                .filter(|&t| t != 0 && t != i32::MAX)
                .collect();
            assert_eq!(ticks.len(), 1, "seed {seed}: {ticks:?}");
            assert!((13..=22).contains(&ticks[0]), "seed {seed}: {ticks:?}");
        }
    }

    #[test]
    fn the_journal_keeps_the_latest_best_colouring_as_a_full_copy_would() {
        // The best colouring brought up to date from the moves since (the journal), from a
        // whole copy each time (a journal of none), or from either as the journal overflows
        // (three moves): the same walks, ending on their best colouring, for 9 colours (no
        // proper colouring: the walk runs to its end) and 20 (one is found).
        let g = random_half_graph(120, 6);
        for k in [9, 20] {
            let start: Vec<u32> = (0..120u32).map(|v| v * 7 % k).collect();
            let walks: Vec<_> = [120, 0, 3]
                .into_iter()
                .map(|cap| {
                    let mut tabu = TabuCol::<i32>::new(g.len(), k as usize);
                    tabu.journal_cap = cap;
                    let (f, col) = walk(&mut tabu, &g, &start, None, 30_000, 5);
                    let conflicting = g.edges().filter(|&(u, v)| col[u] == col[v]).count();
                    assert_eq!(f, conflicting as i64);
                    (f, col)
                })
                .collect();
            assert!(walks.iter().all(|w| *w == walks[0]), "k = {k}");
            assert_eq!(walks[0].0 == 0, k == 20, "k = {k}: {}", walks[0].0);
        }
    }
}
