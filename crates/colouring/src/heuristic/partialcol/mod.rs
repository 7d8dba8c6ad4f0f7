//! PartialCol (Blöchliger & Zufferey 2008): local search over partial proper colourings, with
//! a reactive tabu tenure.
//!
//! - The move scan reads, for each uncoloured vertex, only the colours it could take at a
//!   cost of −1 or 0 (bit rows kept up to date: a move changes the counts of one colour);
//!   every move is scanned only when none of those is allowed.
//! - The counts are kept a row per colour, 16 bits wide where every degree fits
//!   ([`PartialCol::new`]); on dense graphs a move adds or subtracts whole adjacency rows and
//!   finds the neighbours it uncolours through bit rows ([`rows_fit`]).
//! - The scan counts the allowed moves of cost −1 and 0 with bit operations, a vertex's tabu
//!   colours kept as one word ([`TabuList`] clears a bit when its tabu ends), and draws one
//!   of the cheapest without a branch per candidate.
//!
//! Each of these made an iteration faster with the same walks (about 2×, then 1.24×, then
//! 1.2× on flat300_28_0); the measurements: `docs/measurements/colouring-kernels.md`.

use super::moves::{Classes, ScanBest, remove};
use super::tabucol::Entry;
use super::turns::Resumable;
use crate::encode::Colouring;
use crate::graph::Graph;
use csp_core::heuristics::SplitMix64;
use std::time::Instant;

/// PartialCol (Blöchliger & Zufferey, "A graph coloring heuristic using partial solutions
/// and a reactive tabu scheme", Computers & OR 2008): looks for a proper `k`-colouring through
/// *partial* proper ones. Every colour class stays an independent set; the search lowers the
/// number of uncoloured vertices by giving one a colour and uncolouring its neighbours of that
/// colour (a move's cost is that number minus one), and forbids an uncoloured vertex its old
/// colour for a while. The tenure is reactive, the paper's FOO scheme (`ReactiveTenure`):
/// when the number of uncoloured vertices has hardly moved over a period, the search is
/// cycling and the tenure grows; when it moves, the tenure shrinks by one per period.
///
/// Starts from `start` (colours `≥ k` uncoloured, then each conflict resolved by uncolouring
/// one end). Stops at a proper colouring, after `max_iters` iterations, or at `deadline`.
pub fn partialcol(
    g: &Graph,
    k: u32,
    start: &Colouring,
    max_iters: u64,
    seed: u64,
    deadline: Option<Instant>,
) -> Option<Colouring> {
    PartialCol::new(g, k, start, seed).run(g, max_iters, deadline)
}

/// A [`partialcol`] search that can be paused and resumed: each [`PartialCol::run`] goes on
/// from where the last one stopped (the colouring, the tabu list, the tenure, the count of
/// iterations), so that a caller can share its time with another search in slices.
///
/// Its counts are 16 bits wide where every vertex has at most `i16::MAX` neighbours, else 32
/// ([`PartialCol::new`]): the count updates, a vector pass over `n` entries on dense graphs,
/// then handle eight entries to an SSE2 instruction instead of four, and the counts take half
/// the cache (1.11× faster on flat300_28_0 at 29 colours).
pub(crate) enum PartialCol {
    /// Every degree fits 16 bits.
    Narrow(PartialColState<i16>),
    /// Some vertex has more than `i16::MAX` neighbours.
    Wide(PartialColState<i32>),
}

impl PartialCol {
    /// A search for a proper `k`-colouring of `g` from `start` (colours `≥ k` uncoloured,
    /// then each conflict resolved by uncolouring the later vertex). `O(n·k + m)`, and
    /// `O(n²)` on dense graphs.
    pub(crate) fn new(g: &Graph, k: u32, start: &Colouring, seed: u64) -> Self {
        if g.max_degree() <= i16::MAX as usize {
            PartialCol::Narrow(PartialColState::new(g, k, start, seed))
        } else {
            PartialCol::Wide(PartialColState::new(g, k, start, seed))
        }
    }

    /// Goes on for at most `max_iters` more iterations or until `deadline`; returns the
    /// proper colouring once every vertex is coloured (and on every later call).
    pub(crate) fn run(
        &mut self,
        g: &Graph,
        max_iters: u64,
        deadline: Option<Instant>,
    ) -> Option<Colouring> {
        match self {
            PartialCol::Narrow(walk) => walk.run(g, max_iters, deadline),
            PartialCol::Wide(walk) => walk.run(g, max_iters, deadline),
        }
    }
}

impl Resumable for PartialCol {
    fn turn(&mut self, g: &Graph, pause: Instant, _deadline: Instant) -> Option<Colouring> {
        // An iteration is short: the pause is checked inside the walk, as a deadline.
        self.run(g, u64::MAX, Some(pause))
    }

    fn best_cost(&self) -> i64 {
        let best = match self {
            PartialCol::Narrow(walk) => walk.best,
            PartialCol::Wide(walk) => walk.best,
        };
        best as i64
    }

    fn stalled(&self) -> bool {
        let (iter, best_iter, n) = match self {
            PartialCol::Narrow(w) => (w.iter, w.best_iter, w.n),
            PartialCol::Wide(w) => (w.iter, w.best_iter, w.n),
        };
        let stale = iter - best_iter;
        stale >= STALL_PASSES.saturating_mul(n as u64) && stale >= best_iter
    }
}

/// [`PartialCol`]'s stall minimum, in iterations per vertex: a thousand passes' worth of
/// moves without fewer uncoloured vertices. Not tuned: no schedule yet runs PartialCol first.
const STALL_PASSES: u64 = 1000;

/// The state of a [`PartialCol`] search, its counts of type `C`.
pub(crate) struct PartialColState<C: Entry> {
    k: usize,
    n: usize,
    rng: SplitMix64,
    /// `NONE` for an uncoloured vertex.
    col: Vec<u32>,
    /// `gamma[c*n + v]`: coloured neighbours of `v` with colour `c`. A row per colour, since
    /// a move changes the counts of one colour only: its updates stay within a row, and on
    /// dense graphs are one vector addition of an adjacency row ([`shift_counts`]).
    gamma: Vec<C>,
    /// Which colours each vertex may not take, and until when.
    tabu: TabuList,
    uncoloured: Vec<usize>,
    /// `pos[v]`: `v`'s index in `uncoloured`, `usize::MAX` when coloured.
    pos: Vec<usize>,
    /// The colours an uncoloured vertex may take at a cost of −1 or 0, `2·words` words a
    /// vertex: in `low[2*v*words..][..words]` bit `c` is set when `v` has no neighbour of
    /// colour `c`, in the next `words` when it has one ([`PartialCol::run`]'s scan). Exact
    /// for uncoloured vertices but in the bit of `last`, which the scan refreshes. Counts
    /// of 0 and 1 only: with 2 as well, the scan offered more moves than it saved full
    /// scans (1.4× slower on flat300_28_0 at 28 colours, 2.1× on DSJR500.5 at 121).
    low: Vec<u64>,
    /// 64-bit words of colours per vertex: `low` has two sets of them, [`TabuList`] one.
    words: usize,
    /// The colour of the last move (`usize::MAX` before the first): the only colour whose
    /// counts a move changes.
    last: usize,
    /// On dense graphs ([`rows_fit`]), `adj[v*n + w]`: 1 when `v` and `w` are adjacent,
    /// else 0 ([`shift_counts`]).
    adj: Option<Vec<C>>,
    /// On dense graphs, the adjacency and the classes as bits (uncoloured vertices in none).
    rows: Option<Classes>,
    /// The fewest uncoloured vertices so far.
    best: usize,
    /// The iteration that first reached `best`.
    best_iter: u64,
    reaction: ReactiveTenure,
    iter: u64,
}

/// Whether [`PartialCol`] keeps adjacency rows for `g` (`adj`, `rows`): up to 1024 vertices
/// (4 MiB of rows), and an average degree of at least `n/8`. Giving `v` colour `c` then adds
/// `v`'s adjacency row to the counts of `c`, a vectorised pass over `n` entries (four to an
/// instruction) where the neighbour list takes a scattered update per neighbour; the
/// neighbours of colour `c` it uncolours are the set bits of `v`'s adjacency bits ANDed with
/// class `c`'s ([`Classes`]), where the list takes a load and a test per neighbour.
fn rows_fit(g: &Graph) -> bool {
    let n = g.len();
    n <= 1024 && 2 * g.edge_count() * 8 >= n * n
}

/// Adds `v`'s adjacency (`add`) to the counts of one colour (`counts`, `n` entries), or
/// subtracts it: a pass over `v`'s row of `adj` (`adj[v*n + w]`: 1 when adjacent, else 0)
/// where there are rows, else over its neighbour list.
#[inline]
fn shift_counts<C: Entry>(counts: &mut [C], g: &Graph, adj: Option<&[C]>, v: usize, add: bool) {
    let n = counts.len();
    match (adj, add) {
        (Some(adj), true) => {
            let row = &adj[v * n..v * n + n];
            counts.iter_mut().zip(row).for_each(|(x, &a)| *x += a);
        }
        (Some(adj), false) => {
            let row = &adj[v * n..v * n + n];
            counts.iter_mut().zip(row).for_each(|(x, &a)| *x -= a);
        }
        (None, true) => g
            .neighbours(v)
            .iter()
            .for_each(|&w| counts[w as usize] += C::ONE),
        (None, false) => g
            .neighbours(v)
            .iter()
            .for_each(|&w| counts[w as usize] -= C::ONE),
    }
}

const NONE: u32 = u32::MAX;

impl<C: Entry> PartialColState<C> {
    /// [`PartialCol::new`] with counts of type `C`.
    fn new(g: &Graph, k: u32, start: &Colouring, seed: u64) -> Self {
        Self::with_rows(g, k, start, seed, rows_fit(g))
    }

    /// [`PartialColState::new`], with rows when `dense` (a test's choice).
    fn with_rows(g: &Graph, k: u32, start: &Colouring, seed: u64, dense: bool) -> Self {
        let n = g.len();
        let k = k as usize;
        let mut col: Vec<u32> = start
            .colours
            .iter()
            .map(|&c| if (c as usize) < k { c } else { NONE })
            .collect();
        for v in 0..n {
            if col[v] != NONE
                && g.neighbours(v)
                    .iter()
                    .any(|&w| (w as usize) < v && col[w as usize] == col[v])
            {
                col[v] = NONE;
            }
        }
        let mut gamma = vec![C::ZERO; n * k];
        for v in 0..n {
            for &w in g.neighbours(v) {
                let c = col[w as usize];
                if c != NONE {
                    gamma[c as usize * n + v] += C::ONE;
                }
            }
        }
        // Room for every vertex, so that no move reallocates it.
        let mut uncoloured = Vec::with_capacity(n);
        uncoloured.extend((0..n).filter(|&v| col[v] == NONE));
        let mut pos = vec![usize::MAX; n];
        for (i, &v) in uncoloured.iter().enumerate() {
            pos[v] = i;
        }
        let best = uncoloured.len();
        let words = k.div_ceil(64);
        let mut low = vec![0u64; 2 * n * words];
        for &v in &uncoloured {
            fill_low(&gamma, n, v, &mut low[2 * v * words..][..2 * words]);
        }
        let adj = dense.then(|| {
            let mut adj = vec![C::ZERO; n * n];
            for v in 0..n {
                for &w in g.neighbours(v) {
                    adj[v * n + w as usize] = C::ONE;
                }
            }
            adj
        });
        let rows = dense.then(|| {
            let mut rows = Classes::new(g, k);
            for (v, &c) in col.iter().enumerate().filter(|&(_, &c)| c != NONE) {
                rows.insert(v, c as usize);
            }
            rows
        });
        PartialColState {
            k,
            n,
            rng: SplitMix64::new(seed),
            adj,
            rows,
            col,
            gamma,
            tabu: TabuList::new(n, k),
            uncoloured,
            pos,
            low,
            words,
            last: usize::MAX,
            best,
            best_iter: 0,
            reaction: ReactiveTenure::new(n, best),
            iter: 0,
        }
    }

    /// [`PartialCol::run`].
    fn run(&mut self, g: &Graph, max_iters: u64, deadline: Option<Instant>) -> Option<Colouring> {
        if self.k == 0 {
            return (self.n == 0).then(|| Colouring { colours: vec![] });
        }
        let PartialColState {
            k,
            n,
            rng,
            col,
            gamma,
            tabu,
            uncoloured,
            pos,
            low,
            words,
            last,
            adj,
            rows,
            best,
            best_iter,
            reaction,
            iter,
        } = self;
        let (k, n, words) = (*k, *n, *words);
        let stop = iter.saturating_add(max_iters);
        while !uncoloured.is_empty() {
            if *iter >= stop || (iter.is_multiple_of(1024) && csp_core::termination::past(deadline))
            {
                return None;
            }
            *iter += 1;
            let iter = *iter;
            let size = uncoloured.len() as i64;
            tabu.expire(iter);
            // First the moves of cost −1 or 0, through the `low` bits: about one colour a
            // row, where the full scan reads `k` (on flat300_28_0 at 28 colours, 26 rows of
            // 28 on average, which was half of the time). Branch-free: the bits of the last
            // move's colour are refreshed, and the allowed moves of each cost counted, with
            // bit operations; then one of the cheapest is drawn, each alike. A tabu move of
            // cost −1 is allowed when it beats the best (aspiration); one of cost 0 never
            // can, the best being at most the size.
            // The last move's colour: its word in a vertex's bits, and its bit (none before the
            // first move).
            let (last_word, last_bit) = match *last {
                usize::MAX => (0, 0),
                c => (c / 64, 1u64 << (c % 64)),
            };
            let last_row = &gamma[(*last).min(k - 1) * n..][..n];
            let aspire = if uncoloured.len() == *best { !0 } else { 0 };
            let allowed = |v: usize, w: usize, low: &[u64]| {
                let free = !tabu.bits(v)[w];
                let bits = &low[2 * v * words..][..2 * words];
                (bits[w] & (free | aspire), bits[words + w] & free)
            };
            let (mut free_taking, mut free_swapping) = (0u32, 0u32);
            for &v in uncoloured.iter() {
                let count = last_row[v];
                let bits = &mut low[2 * v * words..][..2 * words];
                let set = |on: bool| u64::from(on).wrapping_neg() & last_bit;
                bits[last_word] = (bits[last_word] & !last_bit) | set(count == C::ZERO);
                bits[words + last_word] =
                    (bits[words + last_word] & !last_bit) | set(count == C::ONE);
                for w in 0..words {
                    let (taking, swapping) = allowed(v, w, low);
                    free_taking += taking.count_ones();
                    free_swapping += swapping.count_ones();
                }
            }
            let mut pick = ScanBest::new(i32::MAX);
            // The cheapest moves allowed: cost −1 (`taking`) if any, else 0.
            let (taking, free) = match (free_taking, free_swapping) {
                (0, swapping) => (false, swapping),
                (taking, _) => (true, taking),
            };
            if free > 0 {
                // The `r`-th of them, in the order of the count.
                let mut r = rng.below(free);
                'find: for &v in uncoloured.iter() {
                    for w in 0..words {
                        let moves = allowed(v, w, low);
                        let mut word = if taking { moves.0 } else { moves.1 };
                        let here = word.count_ones();
                        if r >= here {
                            r -= here;
                            continue;
                        }
                        for _ in 0..r {
                            word &= word - 1;
                        }
                        let c = w * 64 + word.trailing_zeros() as usize;
                        let delta = if taking { -1 } else { 0 };
                        pick.offer(delta, (v, c), rng);
                        break 'find;
                    }
                }
            }
            // None of them allowed: every move is scanned.
            if pick.item().is_none() {
                for &v in uncoloured.iter() {
                    let barred = tabu.bits(v);
                    for c in 0..k {
                        let delta = Into::<i32>::into(gamma[c * n + v]) - 1;
                        if delta > pick.key() {
                            continue;
                        }
                        let free = barred[c / 64] >> (c % 64) & 1 == 0;
                        if free || size + i64::from(delta) < *best as i64 {
                            pick.offer(delta, (v, c), rng);
                        }
                    }
                }
            }
            // Every move is tabu: a random uncoloured vertex to a random colour.
            let (v, c) = pick.item().unwrap_or_else(|| {
                (
                    uncoloured[rng.below(uncoloured.len() as u32) as usize],
                    rng.below(k as u32) as usize,
                )
            });
            // Uncolour v's neighbours of colour c (in increasing order, with rows or
            // without), forbidding them c for the tenure; then colour v.
            let tenure = reaction.tenure;
            let adj = adj.as_deref();
            let mut uncolour = |w: usize, col: &mut [u32], gamma: &mut [C]| {
                col[w] = NONE;
                tabu.forbid(w, c, iter, tenure);
                shift_counts(&mut gamma[c * n..c * n + n], g, adj, w, false);
                pos[w] = uncoloured.len();
                uncoloured.push(w);
                fill_low(gamma, n, w, &mut low[2 * w * words..][..2 * words]);
            };
            match rows {
                Some(rows) => {
                    rows.take_neighbours_in(v, c, |w| uncolour(w, col, gamma));
                    rows.insert(v, c);
                }
                None => {
                    // `gamma[c][v]` of them: the walk stops at the last (most moves have
                    // none or one; the full walk of the list was a fifth of the time on
                    // flat300_28_0).
                    let mut left: i32 = gamma[c * n + v].into();
                    for &w in g.neighbours(v) {
                        if left == 0 {
                            break;
                        }
                        if col[w as usize] as usize == c {
                            left -= 1;
                            uncolour(w as usize, col, gamma);
                        }
                    }
                }
            }
            col[v] = c as u32;
            *last = c;
            shift_counts(&mut gamma[c * n..c * n + n], g, adj, v, true);
            remove(uncoloured, pos, v);
            let u = uncoloured.len();
            if u < *best {
                *best = u;
                *best_iter = iter;
            }
            reaction.update(u, rng);
        }
        Some(Colouring {
            colours: col.clone(),
        })
    }
}

/// Sets `bits` (`2·words`, one bit per colour, 64 a word) to the colours of which `v` has no
/// neighbour (the first `words`) and those of which it has one (the next), from
/// `gamma[c*n + v]`.
fn fill_low<C: Entry>(gamma: &[C], n: usize, v: usize, bits: &mut [u64]) {
    // Plain indexing: `skip(v).step_by(n)` cost 2 % more instructions in all of PartialCol.
    let k = gamma.len() / n;
    let words = bits.len() / 2;
    for w in 0..words {
        let (mut none, mut one) = (0, 0);
        for c in w * 64..k.min(w * 64 + 64) {
            let count = gamma[c * n + v];
            none |= u64::from(count == C::ZERO) << (c % 64);
            one |= u64::from(count == C::ONE) << (c % 64);
        }
        (bits[w], bits[words + w]) = (none, one);
    }
}

/// PartialCol's tabu list: `v` may not take colour `c` before iteration `until[v*k + c]`,
/// and bit `c` of `bits(v)` says whether that is still ahead, so that the scan reads a
/// vertex's barred colours as a word instead of an entry per colour. The bits are cleared
/// by a timing wheel of [`TabuList::SLOTS`] lists, an entry in the list of the iteration it
/// expires at (modulo the wheel's length), looked at when the wheel comes round. An entry
/// whose tabu ends later (a tenure longer than the wheel, or made longer since) goes back
/// in for then; one made shorter is moved.
struct TabuList {
    k: usize,
    /// 64-bit words per vertex in `bits`.
    words: usize,
    /// Per entry `v*k + c`: the first iteration at which `v` may take `c` again.
    until: Vec<u64>,
    /// `bits[v*words..][..words]`: bit `c` set while `v` may not take `c`.
    bits: Vec<u64>,
    /// The first entry of each list, or [`TabuList::END`].
    head: Vec<u32>,
    /// Per entry: the next in its list ([`TabuList::END`] at the last), or [`TabuList::OUT`].
    next: Vec<u32>,
    /// Per entry in a list: the one before it, or [`TabuList::HEAD`] plus its list's slot.
    prev: Vec<u32>,
    /// Per entry in a list: the iteration whose slot it is in (at most `until`).
    at: Vec<u64>,
}

impl TabuList {
    /// A power of two above the usual tenures (tens of iterations).
    const SLOTS: usize = 1024;
    const END: u32 = u32::MAX;
    const OUT: u32 = u32::MAX - 1;
    /// `prev` of a list's first entry: this plus the slot.
    const HEAD: u32 = 1 << 31;

    /// Nothing barred, for `n` vertices and `k` colours.
    fn new(n: usize, k: usize) -> Self {
        let words = k.div_ceil(64);
        TabuList {
            k,
            words,
            until: vec![0; n * k],
            bits: vec![0; n * words],
            head: vec![Self::END; Self::SLOTS],
            next: vec![Self::OUT; n * k],
            prev: vec![0; n * k],
            at: vec![0; n * k],
        }
    }

    /// The colours `v` may not take now, a bit each.
    #[inline]
    fn bits(&self, v: usize) -> &[u64] {
        &self.bits[v * self.words..][..self.words]
    }

    /// During iteration `iter`: `v` may not take `c` for the next `tenure` iterations (with
    /// 0, from the next one on).
    fn forbid(&mut self, v: usize, c: usize, iter: u64, tenure: u64) {
        let e = v * self.k + c;
        self.until[e] = iter + tenure;
        let bit = &mut self.bits[v * self.words + c / 64];
        if tenure == 0 {
            *bit &= !(1 << (c % 64));
        } else {
            *bit |= 1 << (c % 64);
            self.link(e, iter + tenure);
        }
    }

    /// At the start of iteration `iter`: clears the bits of the entries whose tabu ends at
    /// `iter` or before, and puts back those it finds in this slot whose tabu ends later.
    fn expire(&mut self, iter: u64) {
        let slot = iter as usize % Self::SLOTS;
        let mut e = std::mem::replace(&mut self.head[slot], Self::END);
        while e != Self::END {
            let i = e as usize;
            e = self.next[i];
            self.next[i] = Self::OUT;
            if self.until[i] <= iter {
                let (v, c) = (i / self.k, i % self.k);
                self.bits[v * self.words + c / 64] &= !(1 << (c % 64));
            } else {
                self.link(i, self.until[i]);
            }
        }
    }

    /// Puts entry `e`, tabu until `until`, in the list of that iteration's slot, unless it
    /// is in one that comes round first (it is put back then).
    fn link(&mut self, e: usize, until: u64) {
        if self.next[e] != Self::OUT {
            if self.at[e] <= until {
                return;
            }
            self.unlink(e);
        }
        let slot = until as usize % Self::SLOTS;
        let first = self.head[slot];
        if first != Self::END {
            self.prev[first as usize] = e as u32;
        }
        self.next[e] = first;
        self.prev[e] = Self::HEAD + slot as u32;
        self.at[e] = until;
        self.head[slot] = e as u32;
    }

    fn unlink(&mut self, e: usize) {
        let (prev, next) = (self.prev[e], self.next[e]);
        if prev >= Self::HEAD {
            self.head[(prev - Self::HEAD) as usize] = next;
        } else {
            self.next[prev as usize] = next;
        }
        if next != Self::END {
            self.prev[next as usize] = prev;
        }
        self.next[e] = Self::OUT;
    }
}

/// The reactive tabu tenure of Blöchliger & Zufferey's FOO-PartialCol ("Fluctuation Of the
/// Objective function"; the paper's section 4 and its reference code): one tenure for every
/// move, starting at `n/10`. Every `period` iterations, if the number of uncoloured vertices
/// moved by less than [`ReactiveTenure::SPREAD`] during the period, the search is taken to
/// be cycling and the tenure grows by `increment`; otherwise it shrinks by one. A new best
/// number of uncoloured vertices restarts the period (the reference code restarts it on an
/// equal one too; then a search that keeps coming back to its best, as on small graphs where
/// the tenure starts at 0, never reacts). `(period, increment)` is redrawn from
/// [`ReactiveTenure::SCHEDULES`] after its given number of periods, so that no single rhythm
/// of reaction settles in.
///
/// It replaced an ad-hoc scheme (`0.6·|U| + rand(0..10)`, plus 10 per cycling period of
/// 1,000 iterations): on le450_15c and le450_15d, PartialCol from the hybrid search's
/// 16-colouring finds 15 colours within 2.1 s on 12 seeds of 12 (under 0.1 s on 10), where
/// the old scheme took up to 27 s with the same seeds.
struct ReactiveTenure {
    tenure: u64,
    period: u64,
    increment: u64,
    /// Periods left before the next draw from [`ReactiveTenure::SCHEDULES`].
    periods_left: u64,
    /// Iterations since the period started.
    since: u64,
    /// The fewest and most uncoloured vertices in the period, and the fewest of the run.
    low: usize,
    high: usize,
    best: usize,
}

impl ReactiveTenure {
    /// `(period, increment, periods)`, from the paper's reference code: long periods with
    /// small increments to short ones with large.
    const SCHEDULES: [(u64, u64, u64); 12] = [
        (10_000, 10, 5),
        (10_000, 15, 3),
        (10_000, 5, 10),
        (5_000, 15, 10),
        (5_000, 10, 15),
        (5_000, 5, 20),
        (1_000, 15, 30),
        (1_000, 10, 50),
        (1_000, 5, 100),
        (500, 5, 100),
        (500, 10, 150),
        (500, 15, 200),
    ];

    /// A period over which the number of uncoloured vertices spread less than this is
    /// cycling.
    const SPREAD: usize = 2;

    fn new(n: usize, uncoloured: usize) -> Self {
        let (period, increment, periods_left) = Self::SCHEDULES[0];
        ReactiveTenure {
            tenure: (n / 10) as u64,
            period,
            increment,
            periods_left,
            since: 0,
            low: uncoloured,
            high: uncoloured,
            best: uncoloured,
        }
    }

    /// After an iteration that left `u` vertices uncoloured.
    fn update(&mut self, u: usize, rng: &mut SplitMix64) {
        if u < self.best {
            (self.best, self.low, self.high, self.since) = (u, u, u, 0);
            return;
        }
        self.low = self.low.min(u);
        self.high = self.high.max(u);
        self.since += 1;
        if self.since < self.period {
            return;
        }
        if self.high - self.low < Self::SPREAD || self.tenure == 0 {
            self.tenure += self.increment;
        } else {
            self.tenure -= 1;
        }
        (self.low, self.high, self.since) = (u, u, 0);
        if self.periods_left == 0 {
            let draw = rng.below(Self::SCHEDULES.len() as u32) as usize;
            (self.period, self.increment, self.periods_left) = Self::SCHEDULES[draw];
        } else {
            self.periods_left -= 1;
        }
    }
}

#[cfg(test)]
mod tests;
