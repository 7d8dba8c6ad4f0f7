//! What the local searches share below them: the best of a move scan, the redrawing of
//! colours beyond `k`, the bit rows of the adjacency and the classes, and the conflict list's
//! removal.

use crate::graph::Graph;
use csp_core::heuristics::SplitMix64;

/// The best candidate of a move scan: the lowest key wins, ties are broken uniformly at
/// random (reservoir sampling: the i-th candidate of an equal key replaces the choice with
/// probability 1/i). PartialCol's scan, the extraction's greedy start and its choice of the
/// member leaving pick with it (TabuCol and the extraction's choice of the vertex entering
/// count the ties in vectorised passes and draw once); the key type is the scan's own (`i32`
/// deltas in PartialCol: widening them cost 5 %).
#[derive(Debug, Clone, Copy)]
pub(crate) struct ScanBest<K, T> {
    key: K,
    item: Option<T>,
    ties: u32,
}

impl<K: Copy + Ord, T: Copy> ScanBest<K, T> {
    /// No candidate yet; [`ScanBest::key`] is `worst` until one is offered.
    pub(crate) fn new(worst: K) -> Self {
        ScanBest {
            key: worst,
            item: None,
            ties: 0,
        }
    }

    /// The best key so far (`worst` before any candidate): scans skip worse ones early.
    #[inline]
    pub(crate) fn key(&self) -> K {
        self.key
    }

    /// The candidate chosen, if any was offered.
    #[inline]
    pub(crate) fn item(&self) -> Option<T> {
        self.item
    }

    /// Offers `item` with `key`.
    #[inline]
    pub(crate) fn offer(&mut self, key: K, item: T, rng: &mut SplitMix64) {
        if key < self.key || self.ties == 0 {
            self.key = key;
            self.item = Some(item);
            self.ties = 1;
        } else if key == self.key {
            self.ties += 1;
            if rng.below(self.ties) == 0 {
                self.item = Some(item);
            }
        }
    }
}

/// Keeps colours below `k`, redraws the others at random.
pub(super) fn redraw(colours: &[u32], k: u32, rng: &mut SplitMix64) -> Vec<u32> {
    colours
        .iter()
        .map(|&c| if c < k { c } else { rng.below(k) })
        .collect()
}

/// Bit rows of the adjacency and of the colour classes, for TabuCol's conflict list and
/// PartialCol's moves on dense graphs (each with its own threshold: [`Classes::fit`] is
/// TabuCol's). In TabuCol, a moved vertex's neighbours of its old colour (one conflict
/// fewer: they may leave the list) and of its new one (one more: they may enter) are the set
/// bits of its adjacency row ANDed with the two classes' rows, `n/32` word operations, where
/// the neighbour list takes a load and a test per neighbour.
///
/// On DSJC500.5 at 48 colours (about 250 neighbours, 8 words a row), that loop took 15 % of
/// TabuCol's time.
pub(super) struct Classes {
    /// Words per row: `⌈n/64⌉`.
    pub(super) words: usize,
    /// `adj[v*words..]`: the neighbours of `v`.
    pub(super) adj: Vec<u64>,
    /// `class[c*words..]`: the vertices coloured `c`.
    pub(super) class: Vec<u64>,
}

impl Classes {
    /// Whether bit rows pay TabuCol on `g`: up to [`Classes::MAX_VERTICES`] vertices, and an
    /// average degree of at least `n/32` (two rows of `n/64` words against a walk of the
    /// list).
    pub(super) fn fit(g: &Graph) -> bool {
        let n = g.len();
        n <= Self::MAX_VERTICES && 2 * g.edge_count() * 32 >= n * n
    }

    /// The most vertices for bit rows: 2 MiB of adjacency rows.
    pub(super) const MAX_VERTICES: usize = 4096;

    /// The adjacency rows of `g`; the classes empty for `k` colours.
    pub(super) fn new(g: &Graph, k: usize) -> Self {
        let n = g.len();
        let words = n.div_ceil(64);
        let mut adj = vec![0; n * words];
        for v in 0..n {
            for &w in g.neighbours(v) {
                adj[v * words + w as usize / 64] |= 1 << (w % 64);
            }
        }
        Classes {
            words,
            adj,
            class: vec![0; k * words],
        }
    }

    /// Sets the classes to those of `col`.
    pub(super) fn colour(&mut self, col: &[u32]) {
        self.class.fill(0);
        for (v, &c) in col.iter().enumerate() {
            self.insert(v, c as usize);
        }
    }

    /// `v` moves from class `old` to class `new`.
    #[inline]
    pub(super) fn shift(&mut self, v: usize, old: usize, new: usize) {
        let (i, bit) = (v / 64, 1u64 << (v % 64));
        self.class[old * self.words + i] &= !bit;
        self.class[new * self.words + i] |= bit;
    }

    /// Calls `f(w, true)` for each neighbour `w` of `v` in class `a` and `f(w, false)` for
    /// each in class `b` (`a ≠ b`), in increasing order of `w`: the order of the sorted
    /// neighbour list, so that the conflict list changes as through the list, and walks are
    /// the same with bit rows or without.
    #[inline]
    pub(super) fn each_neighbour_in(
        &self,
        v: usize,
        a: usize,
        b: usize,
        mut f: impl FnMut(usize, bool),
    ) {
        let w = self.words;
        let rows = self.adj[v * w..v * w + w]
            .iter()
            .zip(&self.class[a * w..a * w + w])
            .zip(&self.class[b * w..b * w + w]);
        for (i, ((&n, &in_a), &in_b)) in rows.enumerate() {
            let mut x = n & (in_a | in_b);
            while x != 0 {
                let bit = x.trailing_zeros();
                f(i * 64 + bit as usize, in_a >> bit & 1 == 1);
                x &= x - 1;
            }
        }
    }

    /// `v` joins class `c` (PartialCol colours it).
    #[inline]
    pub(super) fn insert(&mut self, v: usize, c: usize) {
        self.class[c * self.words + v / 64] |= 1 << (v % 64);
    }

    /// Takes the neighbours of `v` out of class `c` (PartialCol uncolours them), calling
    /// `f(w)` for each in increasing order of `w`, as the sorted neighbour list would.
    #[inline]
    pub(super) fn take_neighbours_in(&mut self, v: usize, c: usize, mut f: impl FnMut(usize)) {
        let w = self.words;
        for i in 0..w {
            let mut x = self.adj[v * w + i] & self.class[c * w + i];
            self.class[c * w + i] &= !x;
            while x != 0 {
                f(i * 64 + x.trailing_zeros() as usize);
                x &= x - 1;
            }
        }
    }
}

/// Removes `u` in O(1) from a list that keeps each member's index in `pos` (`usize::MAX` once
/// out): TabuCol's conflicting vertices, PartialCol's uncoloured ones.
#[inline]
pub(super) fn remove(conf: &mut Vec<usize>, pos: &mut [usize], u: usize) {
    let i = pos[u];
    let last = *conf.last().expect("u is in the list");
    conf.swap_remove(i);
    if last != u {
        pos[last] = i;
    }
    pos[u] = usize::MAX;
}
