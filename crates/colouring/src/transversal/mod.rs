//! k-colourings as exact covers, for graphs whose vertices split into cliques of `k`.
//!
//! If the vertices of `G` are partitioned into cliques of exactly `k` vertices each, every
//! colour class of a `k`-colouring holds exactly one vertex of each of those cliques (each
//! clique uses all `k` colours once). So a `k`-colouring is a partition of the vertices
//! into `k` independent *transversals* (one vertex per clique), and conversely. Listing the
//! independent transversals and solving that exact cover decides `k`-colourability: it
//! finds a colouring, or, when the list is complete and the cover search exhausted, proves
//! that none exists.
//!
//! The cover search counts on the graph's other cliques (the edge clique cover's): a
//! transversal holds at most one vertex of any clique, so with `r` transversals still to
//! choose, no clique may have more than `r` vertices uncovered, and one with exactly `r`
//! must be crossed by every transversal chosen from then on. It branches on the vertex in
//! the fewest usable transversals and restarts with growing node budgets.
//!
//! This is how Vasquez settled the chromatic numbers of queens graphs (M. Vasquez, "New
//! results on the queens_n2 graph coloring problem", Journal of Heuristics 10, 2004; and
//! "On the queen graph coloring problem", 2006: "an enumeration of the maximum stable sets
//! reinforced by a clique filtering"): the rows of an `n × n` board are `n` cliques of `n`,
//! the transversals are the `n`-queens solutions, an `n`-colouring is a partition of the
//! board into `n` of them, and the diagonals are the other cliques. The method knows
//! nothing of boards: the cliques come from the graph ([`clique_partition`]), and it applies
//! to any graph with such a partition (Latin-square and sudoku graphs too).

use crate::encode::Colouring;
use crate::graph::Graph;
use csp_core::heuristics::SplitMix64;
use csp_exact_cover::{Dlx, Limits, Matrix};
use std::time::Instant;

/// The most vertices [`k_colour_by_transversals`] takes on (beyond, [`Transversals::Unknown`]):
/// its listing keeps each vertex's non-neighbours as a bit row, `n²/8` bytes, 32 MB here.
/// Clearing a picked vertex's neighbours one by one instead costs 1.2–1.8× on the queens
/// graphs (criterion, queen8_8 to queen11_11).
pub const MAX_VERTICES: usize = 16_384;

/// What [`k_colour_by_transversals`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Transversals {
    /// A proper `k`-colouring.
    Colourable(Colouring),
    /// Proved: no `k`-colouring (the transversals were all listed and no `k` of them
    /// partition the vertices).
    NotColourable,
    /// The deadline came first, the transversals were more than the cap, or the graph has
    /// more than [`MAX_VERTICES`] vertices.
    Unknown,
    /// The method does not apply: no partition of the vertices into cliques of `k` was found.
    NoPartition,
}

/// A partition of `g`'s vertices into cliques of exactly `k` vertices, chosen among the
/// `k`-cliques of `cover` (for example [`crate::chromatic::edge_clique_cover`]'s) by an
/// exact cover (dancing links, at most `node_limit` nodes); `None` when `k` does not divide
/// the number of vertices or no such partition is found.
///
/// ```
/// use csp_colouring::Graph;
/// use csp_colouring::transversal::clique_partition;
/// // Two disjoint triangles joined by one edge.
/// let g = Graph::from_edges(6, [(0, 1), (1, 2), (0, 2), (3, 4), (4, 5), (3, 5), (2, 3)]);
/// let cover = vec![vec![0, 1, 2], vec![3, 4, 5], vec![2, 3]];
/// let p = clique_partition(&g, 3, &cover, 10_000).unwrap();
/// assert_eq!(p, vec![vec![0, 1, 2], vec![3, 4, 5]]);
/// assert_eq!(clique_partition(&g, 4, &cover, 10_000), None);
/// ```
pub fn clique_partition(
    g: &Graph,
    k: usize,
    cover: &[Vec<usize>],
    node_limit: u64,
) -> Option<Vec<Vec<usize>>> {
    let n = g.len();
    if k == 0 || n == 0 || !n.is_multiple_of(k) {
        return None;
    }
    let mut cliques: Vec<Vec<usize>> = cover.iter().filter(|c| c.len() == k).cloned().collect();
    for c in &mut cliques {
        c.sort_unstable();
    }
    cliques.sort();
    cliques.dedup();
    if cliques.len() < n / k {
        return None;
    }
    let mut m = Matrix::new(n, 0);
    for c in &cliques {
        m.add_row(c).ok()?;
    }
    let mut dlx = Dlx::new(&m);
    dlx.set_limits(Limits {
        nodes: Some(node_limit),
        ..Limits::default()
    });
    let rows = dlx.solve()?;
    let mut parts: Vec<Vec<usize>> = rows.iter().map(|r| cliques[r.index()].clone()).collect();
    parts.sort();
    Some(parts)
}

/// Decides whether `g` has a proper `k`-colouring through a partition of its vertices into
/// cliques of `k` (`parts`, e.g. from [`clique_partition`]): lists the independent
/// transversals of `parts` (at most `max_sets` of them), then looks for `k` of them that
/// partition the vertices, pruning by counting on `cliques` (other cliques of `g`, e.g. the
/// edge clique cover; they may be left empty, and each must be a clique of `g`), with
/// restarts in orders drawn from `seed`. Stops at `deadline`. Colour `i` is the `i`-th set
/// of the cover.
///
/// The listing picks, at each step, the clique with the fewest vertices still compatible
/// with those picked (bit-parallel: a word per 64 vertices); nothing is allocated per step.
///
/// ```
/// use csp_colouring::Graph;
/// use csp_colouring::transversal::{Transversals, clique_partition, k_colour_by_transversals};
/// // The 4 × 4 rook's graph (rows and columns are cliques) has a 4-colouring, a Latin square.
/// let cell = |r: usize, c: usize| 4 * r + c;
/// let mut edges = Vec::new();
/// for r in 0..4 {
///     for c in 0..4 {
///         for d in c + 1..4 {
///             edges.push((cell(r, c), cell(r, d)));
///             edges.push((cell(c, r), cell(d, r)));
///         }
///     }
/// }
/// let g = Graph::from_edges(16, edges);
/// let rows: Vec<Vec<usize>> = (0..4).map(|r| (0..4).map(|c| cell(r, c)).collect()).collect();
/// let Transversals::Colourable(c) = k_colour_by_transversals(&g, 4, &rows, &[], 1_000, 1, None) else {
///     panic!("a Latin square exists");
/// };
/// assert_eq!(c.num_colours(), 4);
/// ```
pub fn k_colour_by_transversals(
    g: &Graph,
    k: usize,
    parts: &[Vec<usize>],
    cliques: &[Vec<usize>],
    max_sets: usize,
    seed: u64,
    deadline: Option<Instant>,
) -> Transversals {
    let n = g.len();
    if parts.len() * k != n || parts.iter().any(|p| p.len() != k) {
        return Transversals::NoPartition;
    }
    if n > MAX_VERTICES || csp_core::termination::past(deadline) {
        return Transversals::Unknown;
    }
    let Some(sets) = independent_transversals(g, parts, max_sets, deadline) else {
        return Transversals::Unknown;
    };
    if sets.len() < k {
        return Transversals::NotColourable;
    }
    // Only true cliques prune: a set may hold two vertices of anything else, and counting
    // on it could refute a colourable `k`. Edges prune nothing until one set is left.
    let cliques: Vec<&[usize]> = cliques
        .iter()
        .filter(|c| c.len() >= 3 && is_clique(g, c))
        .map(Vec::as_slice)
        .collect();
    // Dancing links where the cover search's tables would not fit (few parts: a few
    // vertices per set, each still a bit row of `n`) or its levels' sets outgrow its pool.
    let outcome = match Cover::new(n, k, parts, &sets, &cliques) {
        Some(cover) => match cover.solve(seed, deadline) {
            Outcome::TooLarge => dancing_links(n, &sets, deadline),
            outcome => outcome,
        },
        None => dancing_links(n, &sets, deadline),
    };
    match outcome {
        Outcome::Found(rows) => {
            let mut colours = vec![0u32; n];
            for (i, &r) in rows.iter().enumerate() {
                for &v in &sets[r] {
                    colours[v] = i as u32;
                }
            }
            Transversals::Colourable(Colouring { colours })
        }
        Outcome::Exhausted => Transversals::NotColourable,
        Outcome::Deadline | Outcome::TooLarge => Transversals::Unknown,
    }
}

/// `sets` that partition the `n` vertices, by dancing links ([`csp_exact_cover`]): memory
/// in proportion to the sets' vertices, where [`Cover`]'s bit rows take `n` bits per set.
fn dancing_links(n: usize, sets: &[Vec<usize>], deadline: Option<Instant>) -> Outcome {
    let mut m = Matrix::new(n, 0);
    for s in sets {
        if m.add_row(s).is_err() {
            return Outcome::Deadline;
        }
    }
    let mut dlx = Dlx::new(&m);
    dlx.set_limits(Limits {
        deadline,
        ..Limits::default()
    });
    match dlx.solve() {
        Some(rows) => Outcome::Found(rows.iter().map(|r| r.index()).collect()),
        None if dlx.limit_reached().is_none() => Outcome::Exhausted,
        None => Outcome::Deadline,
    }
}

/// The bit row of `vertices`, `words` words long.
fn bit_row(words: usize, vertices: impl IntoIterator<Item = usize>) -> Vec<u64> {
    let mut b = vec![0u64; words];
    for v in vertices {
        b[v / 64] |= 1 << (v % 64);
    }
    b
}

/// The vertices of a bit row, in increasing order.
fn ones(row: &[u64]) -> impl Iterator<Item = usize> + '_ {
    row.iter().enumerate().flat_map(|(wi, &x)| {
        let mut x = x;
        std::iter::from_fn(move || {
            let bit = (x != 0).then(|| x.trailing_zeros() as usize)?;
            x &= x - 1;
            Some(wi * 64 + bit)
        })
    })
}

/// Whether `c` is a clique of `g` (of distinct vertices, each of them in `g`).
fn is_clique(g: &Graph, c: &[usize]) -> bool {
    c.iter()
        .enumerate()
        .all(|(i, &u)| u < g.len() && c[i + 1..].iter().all(|&v| v < g.len() && g.has_edge(u, v)))
}

/// How a [`Cover`] search ended.
#[derive(Debug, PartialEq, Eq)]
enum Outcome {
    /// The indices of `k` sets that partition the vertices.
    Found(Vec<usize>),
    /// No `k` of the sets partition the vertices (the search was exhausted).
    Exhausted,
    /// The deadline came first (or, for dancing links, a set out of range, which the
    /// listing never gives).
    Deadline,
    /// The levels' sets would take more than [`Cover::MAX_POOL`] entries.
    TooLarge,
}

/// The search for `k` of the listed independent transversals that partition the vertices:
/// an exact cover, searched over bit rows (a word per 64 vertices) with restarts, and
/// pruned by counting on the graph's other cliques.
///
/// - **Branching**: on the uncovered vertex in the fewest sets still usable (a set is usable
///   while it avoids every covered vertex), over those sets, as dancing links do.
/// - **Clique counting** (the "clique filtering" Vasquez added to his enumeration): a set
///   holds at most one vertex of a clique, so with `r` sets still to choose, a clique with
///   more than `r` uncovered vertices is a dead end, and one with exactly `r` must be hit by
///   every set still chosen: the sets that miss it are dropped. On an `n × n` queens board
///   with `n` colours the two long diagonals hold `n` squares, so every set must cross them
///   both from the start, and each shorter diagonal joins them as the sets run short.
///   Dancing links, which know only the vertices, found no 12-colouring of queen12_12 in
///   60 s (14,200 sets); this search finds one within seconds.
/// - **Restarts**: runs of a growing number of nodes (half as many again each time), the
///   first over the sets in the listing's order, the others in orders shuffled from the
///   seed; a run that ends within its nodes has searched everything, which proves that no
///   partition exists.
///
/// The levels' sets live in one pool, each level's a range of it (at most `k + 1` ranges,
/// each a subset of the one below), so nothing is allocated per node once the pool has grown.
struct Cover {
    n: usize,
    k: usize,
    words: usize,
    /// The sets' bit rows, `words` words each.
    sets: Vec<u64>,
    /// Bit rows of the cliques (the parts excluded: every set hits them).
    cliques: Vec<u64>,
    /// Words per row of `hits`: a bit per clique.
    clique_words: usize,
    /// Per set, the cliques it hits (a bit each): whether a set hits every clique it must
    /// is then a test of `clique_words` words, whatever the number of those cliques.
    hits: Vec<u64>,
}

impl Cover {
    /// Nodes of the first run; each further run has half as many again.
    const FIRST_RUN: u64 = 10_000;

    /// The most cliques counted (the largest first): they cost a few words each per node.
    const MAX_CLIQUES: usize = 256;

    /// The most words of bit rows (the sets' and their cliques'), 32 MB: beyond, `None`
    /// (and dancing links instead). queen13_13's 73,712 sets take 370,000.
    const MAX_WORDS: usize = 1 << 22;

    /// The most entries of the levels' sets in the pool, 32 MB: beyond, the search gives
    /// up ([`Outcome::TooLarge`], and dancing links take over). Each level's sets are a
    /// subset of the level's below, so the pool holds at most `k + 1` times the sets; with
    /// few parts (a few vertices per set) the lists shrink slowly and that bound is what
    /// matters.
    const MAX_POOL: usize = 1 << 23;

    /// The search's tables, or `None` when they would take more than [`Cover::MAX_WORDS`].
    fn new(
        n: usize,
        k: usize,
        parts: &[Vec<usize>],
        sets: &[Vec<usize>],
        cliques: &[&[usize]],
    ) -> Option<Self> {
        let words = n.div_ceil(64);
        let clique_words = cliques.len().min(Self::MAX_CLIQUES).div_ceil(64);
        if sets.len().saturating_mul(words + clique_words) > Self::MAX_WORDS {
            return None;
        }
        let row = |vs: &[usize]| bit_row(words, vs.iter().copied());
        let set_rows: Vec<u64> = sets.iter().flat_map(|s| row(s)).collect();
        // The parts prune nothing (every set hits each of them once): left out.
        let mut seen: std::collections::HashSet<Vec<u64>> = parts.iter().map(|p| row(p)).collect();
        let mut clique_rows = Vec::new();
        let mut largest: Vec<&[usize]> = cliques.to_vec();
        largest.sort_by_key(|c| std::cmp::Reverse(c.len()));
        for c in largest {
            let b = row(c);
            if clique_rows.len() < Self::MAX_CLIQUES * words && seen.insert(b.clone()) {
                clique_rows.extend(b);
            }
        }
        // Each vertex's cliques, then each set's as the union over its vertices: a few
        // words per vertex of the set rather than a row per clique.
        let mut of_vertex = vec![0u64; n * clique_words];
        for (j, q) in clique_rows.chunks_exact(words.max(1)).enumerate() {
            for v in ones(q) {
                of_vertex[v * clique_words + j / 64] |= 1 << (j % 64);
            }
        }
        let mut hits = vec![0u64; sets.len() * clique_words];
        for (s, h) in sets.iter().zip(hits.chunks_exact_mut(clique_words.max(1))) {
            for &v in s {
                for (a, b) in h.iter_mut().zip(&of_vertex[v * clique_words..]) {
                    *a |= b;
                }
            }
        }
        Some(Cover {
            n,
            k,
            words,
            sets: set_rows,
            cliques: clique_rows,
            clique_words,
            hits,
        })
    }

    fn set(&self, i: u32) -> &[u64] {
        let w = self.words;
        &self.sets[i as usize * w..(i as usize + 1) * w]
    }

    /// Runs of growing length, in orders drawn from `seed`, until one ends within its
    /// nodes or `deadline`.
    fn solve(&self, seed: u64, deadline: Option<Instant>) -> Outcome {
        let count = self.sets.len() / self.words.max(1);
        if self.n == 0 {
            return Outcome::Found(Vec::new());
        }
        let mut order: Vec<u32> = (0..count as u32).collect();
        let mut rng = SplitMix64::new(seed);
        let mut run = Run::new(self);
        let mut limit = Self::FIRST_RUN;
        loop {
            match run.search(self, &order, limit, deadline) {
                Some(outcome) => return outcome,
                None => limit = limit.saturating_add(limit / 2),
            }
            for i in (1..order.len()).rev() {
                order.swap(i, rng.below(i as u32 + 1) as usize);
            }
        }
    }
}

/// One run's workspace, reused by the next.
struct Run {
    /// Each level's uncovered vertices.
    uncovered: Vec<u64>,
    /// The sets usable at each level: `pool[start[d]..end[d]]`.
    pool: Vec<u32>,
    start: Vec<usize>,
    end: Vec<usize>,
    /// The vertex branched on at each level, and where its next set is looked for.
    vertex: Vec<usize>,
    cursor: Vec<usize>,
    /// The set chosen at each level.
    chosen: Vec<u32>,
    /// The cliques every set at the level being opened must hit (a bit each).
    forced: Vec<u64>,
    /// Per vertex: how many usable sets hold it (zero between uses).
    counts: Vec<u32>,
}

impl Run {
    fn new(c: &Cover) -> Self {
        let levels = c.k + 1;
        Run {
            uncovered: vec![0; levels * c.words],
            pool: Vec::new(),
            start: vec![0; levels],
            end: vec![0; levels],
            vertex: vec![0; levels],
            cursor: vec![0; levels],
            chosen: vec![0; levels],
            forced: vec![0; c.clique_words],
            counts: vec![0; c.n],
        }
    }

    /// One run over the sets in `order`: `Some` when it ends (found, or exhausted within
    /// `limit` nodes, or at `deadline`), `None` when it reaches `limit` first.
    fn search(
        &mut self,
        c: &Cover,
        order: &[u32],
        limit: u64,
        deadline: Option<Instant>,
    ) -> Option<Outcome> {
        let w = c.words;
        self.uncovered[..w].fill(0);
        for v in 0..c.n {
            self.uncovered[v / 64] |= 1 << (v % 64);
        }
        self.pool.clear();
        self.pool.extend_from_slice(order);
        let (root_start, root_end) = (0, order.len());
        match self.open(c, 0, root_start, root_end) {
            Open::Done => return Some(Outcome::Found(Vec::new())),
            Open::Dead => return Some(Outcome::Exhausted),
            Open::TooLarge => return Some(Outcome::TooLarge),
            Open::Alive => {}
        }
        let mut d = 0usize;
        let mut nodes = 0u64;
        loop {
            // The next usable set at level `d` holding its vertex, or back up.
            let v = self.vertex[d];
            let (word, bit) = (v / 64, 1u64 << (v % 64));
            let next =
                (self.cursor[d]..self.end[d]).find(|&i| c.set(self.pool[i])[word] & bit != 0);
            let Some(i) = next else {
                if d == 0 {
                    return Some(Outcome::Exhausted);
                }
                d -= 1;
                continue;
            };
            self.cursor[d] = i + 1;
            nodes += 1;
            if nodes >= limit {
                return None;
            }
            // Every 1,024 nodes, and at every node whose filtering is long (a list of
            // thousands of sets: up to a few milliseconds each within the row budget), so
            // that the deadline is kept to within milliseconds.
            let long = self.end[d] - self.start[d] > 4096;
            if (long || nodes.is_multiple_of(1024)) && csp_core::termination::past(deadline) {
                return Some(Outcome::Deadline);
            }
            let s = self.pool[i];
            self.chosen[d] = s;
            let (below, above) = self.uncovered.split_at_mut((d + 1) * w);
            for ((u, &a), &b) in above[..w].iter_mut().zip(&below[d * w..]).zip(c.set(s)) {
                *u = a & !b;
            }
            match self.open(c, d + 1, self.start[d], self.end[d]) {
                Open::Done => {
                    return Some(Outcome::Found(
                        self.chosen[..=d].iter().map(|&s| s as usize).collect(),
                    ));
                }
                Open::Dead => {}
                Open::TooLarge => return Some(Outcome::TooLarge),
                Open::Alive => d += 1,
            }
        }
    }

    /// Opens level `d` (its uncovered vertices set) from the usable sets
    /// `pool[from..to]` of the level below: counts the cliques, keeps the sets still usable,
    /// and picks the vertex to branch on.
    fn open(&mut self, c: &Cover, d: usize, from: usize, to: usize) -> Open {
        let w = c.words;
        let unc = &self.uncovered[d * w..(d + 1) * w];
        if unc.iter().all(|&x| x == 0) {
            return Open::Done;
        }
        let r = (c.k - d) as u32;
        if r == 0 {
            return Open::Dead;
        }
        self.forced.fill(0);
        for (j, q) in c.cliques.chunks_exact(w).enumerate() {
            let u: u32 = q.iter().zip(unc).map(|(a, b)| (a & b).count_ones()).sum();
            if u > r {
                return Open::Dead;
            }
            if u == r {
                self.forced[j / 64] |= 1 << (j % 64);
            }
        }
        let cw = c.clique_words;
        // The level's sets go on top of the pool, right above the level below (`to`).
        self.pool.truncate(to);
        if to + (to - from) > Cover::MAX_POOL {
            return Open::TooLarge;
        }
        let start = self.pool.len();
        for i in from..to {
            let s = self.pool[i];
            let row = c.set(s);
            let hits = &c.hits[s as usize * cw..(s as usize + 1) * cw];
            // Branch-free folds: a row is a few words, and an early exit per word cost more
            // than it saved (queen12_12, seeds 1–5, same nodes: 1.2× faster this way).
            let outside = row.iter().zip(unc).fold(0, |acc, (a, b)| acc | (a & !b));
            let missed = self
                .forced
                .iter()
                .zip(hits)
                .fold(0, |acc, (f, h)| acc | (f & !h));
            let usable = outside | missed == 0;
            if usable {
                self.pool.push(s);
            }
        }
        let end = self.pool.len();
        if ((end - start) as u32) < r {
            return Open::Dead;
        }
        // The uncovered vertex in the fewest usable sets.
        // The hottest loop but the filter: written out, as `ones` cost 4–5 % here.
        for &s in &self.pool[start..end] {
            for (wi, &x) in c.set(s).iter().enumerate() {
                let mut x = x;
                while x != 0 {
                    self.counts[wi * 64 + x.trailing_zeros() as usize] += 1;
                    x &= x - 1;
                }
            }
        }
        let mut best = (u32::MAX, 0usize);
        for v in ones(&self.uncovered[d * w..(d + 1) * w]) {
            best = best.min((self.counts[v], v));
            self.counts[v] = 0;
        }
        if best.0 == 0 {
            return Open::Dead;
        }
        (self.start[d], self.end[d]) = (start, end);
        (self.vertex[d], self.cursor[d]) = (best.1, start);
        Open::Alive
    }
}

/// What [`Run::open`] found at a level.
enum Open {
    /// Every vertex is covered.
    Done,
    /// No partition extends the sets chosen below.
    Dead,
    /// The level's sets might not fit in [`Cover::MAX_POOL`].
    TooLarge,
    /// The level's sets and vertex are set.
    Alive,
}

/// Every independent set with exactly one vertex in each of `parts` (sorted vertex lists),
/// or `None` past `max_sets` of them or at `deadline` (checked every 1,024 steps).
fn independent_transversals(
    g: &Graph,
    parts: &[Vec<usize>],
    max_sets: usize,
    deadline: Option<Instant>,
) -> Option<Vec<Vec<usize>>> {
    let n = g.len();
    let words = n.div_ceil(64);
    // Non-neighbours of each vertex (itself excluded), and each part's vertices.
    let compatible: Vec<Vec<u64>> = (0..n)
        .map(|v| {
            let mut b = bit_row(words, 0..n);
            for &w in g.neighbours(v) {
                b[w as usize / 64] &= !(1 << (w % 64));
            }
            b[v / 64] &= !(1 << (v % 64));
            b
        })
        .collect();
    let masks: Vec<Vec<u64>> = parts
        .iter()
        .map(|p| bit_row(words, p.iter().copied()))
        .collect();
    let depth = parts.len();
    // Level `d`: the vertices still compatible with the `d` picks so far (`avail`), the part
    // chosen there, and the candidates of that part left to try.
    let mut avail = vec![0u64; (depth + 1) * words];
    avail[..words].copy_from_slice(&bit_row(words, 0..n));
    let mut todo = vec![0u64; depth * words];
    let mut chosen_part = vec![usize::MAX; depth];
    let mut filled = vec![false; depth];
    let mut picked = vec![0usize; depth];
    let mut sets = Vec::new();
    let mut steps = 0u64;
    let mut d = 0usize;
    // Chooses level `d`'s part (fewest candidates) and its candidates; false on a dead end.
    let open = |d: usize,
                avail: &[u64],
                todo: &mut [u64],
                chosen_part: &mut [usize],
                filled: &[bool]|
     -> bool {
        let a = &avail[d * words..(d + 1) * words];
        let mut best = (u32::MAX, usize::MAX);
        for (p, mask) in masks.iter().enumerate() {
            if filled[p] {
                continue;
            }
            let count: u32 = a.iter().zip(mask).map(|(x, y)| (x & y).count_ones()).sum();
            if count < best.0 {
                best = (count, p);
            }
        }
        let (count, p) = best;
        if count == 0 {
            return false;
        }
        chosen_part[d] = p;
        for ((t, x), y) in todo[d * words..(d + 1) * words]
            .iter_mut()
            .zip(a)
            .zip(&masks[p])
        {
            *t = x & y;
        }
        true
    };
    if depth == 0 {
        return Some(vec![Vec::new()]);
    }
    if !open(0, &avail, &mut todo, &mut chosen_part, &filled) {
        return Some(sets);
    }
    loop {
        steps += 1;
        if steps.is_multiple_of(1024) && csp_core::termination::past(deadline) {
            return None;
        }
        // The next candidate at level `d`, or back up.
        let t = &mut todo[d * words..(d + 1) * words];
        let Some(w) = t.iter().position(|&x| x != 0) else {
            if d == 0 {
                return Some(sets);
            }
            d -= 1;
            filled[chosen_part[d]] = false;
            continue;
        };
        let v = w * 64 + t[w].trailing_zeros() as usize;
        t[w] &= t[w] - 1;
        picked[d] = v;
        filled[chosen_part[d]] = true;
        let (before, after) = avail.split_at_mut((d + 1) * words);
        for ((next, a), c) in after[..words]
            .iter_mut()
            .zip(&before[d * words..])
            .zip(&compatible[v])
        {
            *next = a & c;
        }
        if d + 1 == depth {
            if sets.len() == max_sets {
                return None;
            }
            let mut s = picked.clone();
            s.sort_unstable();
            sets.push(s);
            filled[chosen_part[d]] = false;
            continue;
        }
        if open(d + 1, &avail, &mut todo, &mut chosen_part, &filled) {
            d += 1;
        } else {
            filled[chosen_part[d]] = false;
        }
    }
}

#[cfg(test)]
mod tests;
