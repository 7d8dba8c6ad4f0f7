//! Independent-set extraction, for large graphs: remove large independent sets one by one
//! (each becomes a colour class) until a small residual graph is left, then colour only that
//! residual with the hybrid search. The recipe is Hertz & de Werra's (1987) and Fleurent &
//! Ferland's (1996), and it is behind the best results on the 1000-vertex random graphs: Wu &
//! Hao's EXTRACOL ("Coloring large graphs based on independent set extraction", Computers &
//! OR 2012), which also prefers, among sets of the largest size, the one whose removal takes
//! the most edges with it.
//!
//! Each set comes from a tabu search for a set of `s` vertices with no edge inside (the
//! k-fixed formulation of the maximum independent set problem, as in Wu & Hao's adaptive
//! tabu search for maximum clique on the complement): swap the member with the most
//! neighbours inside for the outside vertex with the fewest, forbid the swapped vertices to
//! move back for a while, and raise `s` after each success.

use super::moves::ScanBest;
use crate::encode::Colouring;
use crate::graph::Graph;
use csp_core::heuristics::SplitMix64;
use std::time::{Duration, Instant};

/// Independent sets taken out of a graph, and the vertices left.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Extraction {
    /// Disjoint independent sets, in the order they were removed.
    pub sets: Vec<Vec<usize>>,
    /// The vertices in no set, ascending.
    pub rest: Vec<usize>,
}

impl Extraction {
    /// The colouring of the whole graph that gives set `i` colour `i` and vertex `rest[j]`
    /// colour `sets.len() + rest_colours[j]`.
    pub fn colouring(&self, rest_colours: &Colouring) -> Colouring {
        let n = self.rest.len() + self.sets.iter().map(Vec::len).sum::<usize>();
        let mut colours = vec![0; n];
        for (i, set) in self.sets.iter().enumerate() {
            for &v in set {
                colours[v] = i as u32;
            }
        }
        let base = self.sets.len() as u32;
        for (&v, &c) in self.rest.iter().zip(&rest_colours.colours) {
            colours[v] = base + c;
        }
        Colouring { colours }
    }
}

/// Tries of [`large_independent_set`] per set extracted: more tries give more sets of the
/// largest sizes and a sparser residual graph (measured in
/// `docs/measurements/colouring-kernels.md`).
const ATTEMPTS: usize = 20;

/// Removes large independent sets from `g` until at most `keep` vertices are left (or
/// `deadline`): each is the best of twenty runs of [`large_independent_set`] on what is left
/// (with `iterations` tabu iterations per size tried), the largest and, among those, the one
/// whose vertices have the most edges. The tries run on `jobs` threads; each has its own
/// seed drawn from `seed`, so without a deadline the result does not depend on `jobs`.
///
/// With a deadline, each set gets fewer tries (down to one) when the time per try so far
/// would not leave enough for the sets still to come, so that the extraction reaches `keep`
/// rather than stopping halfway with the deadline: a residual graph of 580 vertices instead
/// of 500 costs DSJC1000.5 three colours or more.
///
/// ```
/// use csp_colouring::graph::Graph;
/// use csp_colouring::heuristic::extract_independent_sets;
/// // Two disjoint triangles: three independent sets of two cover them.
/// let g = Graph::from_edges(6, [(0, 1), (1, 2), (0, 2), (3, 4), (4, 5), (3, 5)]);
/// let x = extract_independent_sets(&g, 0, 1_000, 1, 1, None);
/// assert_eq!(x.sets.len(), 3);
/// assert!(x.rest.is_empty());
/// ```
pub fn extract_independent_sets(
    g: &Graph,
    keep: usize,
    iterations: u64,
    seed: u64,
    jobs: usize,
    deadline: Option<Instant>,
) -> Extraction {
    let mut rng = SplitMix64::new(seed);
    let mut rest: Vec<usize> = (0..g.len()).collect();
    let mut sets = Vec::new();
    let mut tries = ATTEMPTS;
    while rest.len() > keep && !csp_core::termination::past(deadline) {
        let h = g.induced(&rest);
        let seeds: [u64; ATTEMPTS] = std::array::from_fn(|_| rng.next_u64());
        let began = Instant::now();
        let set = best_of(&h, iterations, &seeds[..tries], jobs, deadline);
        if set.is_empty() {
            break;
        }
        if let Some(deadline) = deadline {
            // As if every set to come were as large as this one (an overestimate of their
            // number and, as the graph shrinks, of the time per try).
            let to_come = (rest.len() - set.len())
                .saturating_sub(keep)
                .div_ceil(set.len());
            tries = tries_that_fit(
                deadline.saturating_duration_since(Instant::now()),
                began.elapsed() / tries as u32,
                to_come,
            );
        }
        let mut out = vec![false; rest.len()];
        for &i in &set {
            out[i] = true;
        }
        sets.push(set.iter().map(|&i| rest[i]).collect());
        let mut i = 0;
        rest.retain(|_| {
            i += 1;
            !out[i - 1]
        });
    }
    Extraction { sets, rest }
}

/// Tries per set (1 to [`ATTEMPTS`]) that fit `sets` more sets in `left` at `per_try` each.
fn tries_that_fit(left: Duration, per_try: Duration, sets: usize) -> usize {
    let fit = left.as_secs_f64() / (per_try.as_secs_f64() * sets.max(1) as f64);
    // `as` saturates: an instant try (infinity) gives every try, no time left (NaN at 0/0) one.
    (fit as usize).clamp(1, ATTEMPTS)
}

/// The best of [`large_independent_set`] from each of `seeds` (on up to `jobs` threads): the
/// largest set and, among those, the one whose vertices have the most edges (it takes them
/// out of the residual graph), the first such in seed order.
fn best_of(
    h: &Graph,
    iterations: u64,
    seeds: &[u64],
    jobs: usize,
    deadline: Option<Instant>,
) -> Vec<usize> {
    // One adjacency matrix for every try (and thread).
    let rows = Rows::new(h);
    let run = |seed: u64| {
        independent_set_with(h, &rows, iterations, &mut SplitMix64::new(seed), deadline)
    };
    let sets: Vec<Vec<usize>> = if jobs <= 1 {
        seeds.iter().map(|&s| run(s)).collect()
    } else {
        // The workers run under the caller's cancel flag, if any.
        let flag = csp_core::termination::current_flag();
        std::thread::scope(|scope| {
            let workers: Vec<_> = seeds
                .chunks(seeds.len().div_ceil(jobs))
                .map(|chunk| {
                    let flag = flag.clone();
                    let run = &run;
                    scope.spawn(move || {
                        let tries = || chunk.iter().map(|&s| run(s)).collect::<Vec<_>>();
                        match flag {
                            Some(f) => csp_core::termination::with_cancel(f, tries),
                            None => tries(),
                        }
                    })
                })
                .collect();
            workers
                .into_iter()
                .flat_map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .collect()
        })
    };
    let score = |s: &[usize]| (s.len(), s.iter().map(|&v| h.degree(v)).sum::<usize>());
    sets.into_iter().fold(
        Vec::new(),
        |best, s| if score(&s) > score(&best) { s } else { best },
    )
}

/// A large independent set of `g`: greedy (the vertex with the fewest neighbours among the
/// candidates left, ties at random), then a tabu search for one vertex more while it
/// succeeds within `iterations` iterations. Returns vertex indices, ascending; empty only
/// for an empty graph.
pub fn large_independent_set(
    g: &Graph,
    iterations: u64,
    rng: &mut SplitMix64,
    deadline: Option<Instant>,
) -> Vec<usize> {
    independent_set_with(g, &Rows::new(g), iterations, rng, deadline)
}

/// [`large_independent_set`] with `g`'s rows already built.
fn independent_set_with(
    g: &Graph,
    rows: &Rows<'_>,
    iterations: u64,
    rng: &mut SplitMix64,
    deadline: Option<Instant>,
) -> Vec<usize> {
    let n = g.len();
    if n == 0 {
        return Vec::new();
    }
    let mut best = greedy_independent_set(g, rng);
    let mut search = SetTabu::new(n);
    while best.len() < n && !csp_core::termination::past(deadline) {
        match search.run(rows, &best, iterations, rng, deadline) {
            Some(larger) => best = larger,
            None => break,
        }
    }
    best.sort_unstable();
    best
}

/// Greedy: take the candidate with the fewest candidate neighbours (ties at random), drop
/// its neighbours from the candidates, repeat. `O(n·|set| + m)`.
fn greedy_independent_set(g: &Graph, rng: &mut SplitMix64) -> Vec<usize> {
    let n = g.len();
    let mut candidate = vec![true; n];
    let mut deg: Vec<usize> = (0..n).map(|v| g.degree(v)).collect();
    let mut left = n;
    let mut set = Vec::new();
    let drop = |x: usize, candidate: &mut Vec<bool>, deg: &mut Vec<usize>| {
        candidate[x] = false;
        for &y in g.neighbours(x) {
            deg[y as usize] -= 1;
        }
    };
    while left > 0 {
        let mut lowest = ScanBest::new(u32::MAX);
        for v in (0..n).filter(|&v| candidate[v]) {
            lowest.offer(deg[v] as u32, v, rng);
        }
        let pick = lowest.item().expect("a candidate is left");
        set.push(pick);
        drop(pick, &mut candidate, &mut deg);
        left -= 1;
        for &w in g.neighbours(pick) {
            if candidate[w as usize] {
                drop(w as usize, &mut candidate, &mut deg);
                left -= 1;
            }
        }
    }
    set
}

/// The most vertices for which [`Rows`] holds an adjacency matrix (16 MiB at most).
const DENSE_MAX_VERTICES: usize = 4096;

/// How a vertex joining or leaving the set updates its neighbours' counts: a row of an
/// adjacency matrix of 0/1 bytes added to or subtracted from every count in one pass, which
/// the compiler vectorises, or a walk of the neighbour list. Both give the same counts.
///
/// On DSJC1000.5 a swap updates about a thousand counts; walking the lists, that was most of
/// the tabu search's time. The matrix takes `n²` bytes, so it is built only up to
/// [`DENSE_MAX_VERTICES`] vertices, and only where a row pass does no more work than the
/// lists: an average degree of at least `n/32`.
enum Rows<'g> {
    /// `matrix[v * n + x]`: 1 when `v–x` is an edge, else 0.
    Matrix {
        n: usize,
        matrix: Vec<u8>,
    },
    Lists(&'g Graph),
}

impl<'g> Rows<'g> {
    fn new(g: &'g Graph) -> Self {
        let n = g.len();
        if n > DENSE_MAX_VERTICES || 2 * g.edge_count() * 32 < n * n {
            return Rows::Lists(g);
        }
        let mut matrix = vec![0u8; n * n];
        for v in 0..n {
            for &w in g.neighbours(v) {
                matrix[v * n + w as usize] = 1;
            }
        }
        Rows::Matrix { n, matrix }
    }

    fn len(&self) -> usize {
        match self {
            Rows::Matrix { n, .. } => *n,
            Rows::Lists(g) => g.len(),
        }
    }

    /// `v` joins the set: each of its neighbours has one more neighbour inside.
    #[inline]
    fn join(&self, inside: &mut [u32], v: usize) {
        self.each_neighbour(inside, v, |c, e| *c += e);
    }

    /// `v` leaves the set: each of its neighbours has one neighbour fewer inside.
    #[inline]
    fn leave(&self, inside: &mut [u32], v: usize) {
        self.each_neighbour(inside, v, |c, e| *c -= e);
    }

    /// `f(count, e)` for each vertex's count: `e` is 1 for `v`'s neighbours; the matrix
    /// also passes 0 for the others, which leaves a branch-free loop over every count.
    #[inline(always)]
    fn each_neighbour(&self, inside: &mut [u32], v: usize, f: impl Fn(&mut u32, u32)) {
        match self {
            Rows::Matrix { n, matrix } => {
                let row = &matrix[v * n..v * n + n];
                for (c, &e) in inside.iter_mut().zip(row) {
                    f(c, u32::from(e));
                }
            }
            Rows::Lists(g) => {
                for &w in g.neighbours(v) {
                    f(&mut inside[w as usize], 1);
                }
            }
        }
    }
}

/// A vertex inside the set, in [`SetTabu::entry`]: never free to enter.
const INSIDE: u32 = u32::MAX;

/// The tabu search for an independent set of a given size: workspaces reused across sizes.
struct SetTabu {
    /// Neighbours of each vertex inside the set.
    adj_in: Vec<u32>,
    /// [`INSIDE`] for a member; for another vertex, the iteration from which it may enter.
    entry: Vec<u32>,
    members: Vec<usize>,
    /// `exit[i]`: the iteration from which `members[i]` may leave.
    exit: Vec<u32>,
    /// Ties for the lowest count in each block of [`TIE_BLOCK`] vertices.
    ties: Vec<u32>,
}

/// Vertices per block in [`SetTabu::entering`]'s count of ties.
const TIE_BLOCK: usize = 64;

impl SetTabu {
    fn new(n: usize) -> Self {
        SetTabu {
            adj_in: vec![0; n],
            entry: vec![0; n],
            members: Vec::with_capacity(n),
            exit: Vec::with_capacity(n),
            ties: Vec::with_capacity(n.div_ceil(TIE_BLOCK)),
        }
    }

    /// The vertex with the fewest neighbours inside among those free to enter at `iter`,
    /// ties at random; `None` when none is free. Branch-free passes over the vertices, which
    /// the compiler vectorises: the lowest count, then the ties in each block of
    /// [`TIE_BLOCK`] vertices; then a scan of the one block that holds the tie drawn.
    fn entering(&mut self, iter: u32, rng: &mut SplitMix64) -> Option<usize> {
        // A vertex not free to enter counts as `u32::MAX`.
        let key = |c: u32, e: u32| c | u32::from(e > iter).wrapping_neg();
        let (adj_in, entry) = (&self.adj_in[..], &self.entry[..]);
        let mut low = u32::MAX;
        for (&c, &e) in adj_in.iter().zip(entry) {
            low = low.min(key(c, e));
        }
        if low == u32::MAX {
            return None;
        }
        self.ties.clear();
        for (cs, es) in adj_in.chunks(TIE_BLOCK).zip(entry.chunks(TIE_BLOCK)) {
            let mut ties = 0u32;
            for (&c, &e) in cs.iter().zip(es) {
                ties += u32::from(key(c, e) == low);
            }
            self.ties.push(ties);
        }
        let mut draw = rng.below(self.ties.iter().sum());
        let block = self.ties.iter().position(|&t| {
            let here = draw < t;
            if !here {
                draw -= t;
            }
            here
        })?;
        let start = block * TIE_BLOCK;
        (start..adj_in.len().min(start + TIE_BLOCK)).find(|&v| {
            if key(adj_in[v], entry[v]) != low {
                return false;
            }
            let hit = draw == 0;
            draw = draw.wrapping_sub(1);
            hit
        })
    }

    /// Looks for an independent set of `set.len() + 1` vertices, starting from `set` plus
    /// the outside vertex with the fewest neighbours in it. The iteration count is capped at
    /// 2³¹ (ticks in 32 bits).
    fn run(
        &mut self,
        rows: &Rows<'_>,
        set: &[usize],
        iterations: u64,
        rng: &mut SplitMix64,
        deadline: Option<Instant>,
    ) -> Option<Vec<usize>> {
        let n = rows.len();
        let iterations = iterations.min(1 << 31) as u32;
        self.adj_in.fill(0);
        self.entry.fill(0);
        self.members.clear();
        for &v in set {
            self.entry[v] = INSIDE;
            self.members.push(v);
            rows.join(&mut self.adj_in, v);
        }
        // The vertex added: fewest neighbours inside, ties at random.
        let add = self
            .entering(0, rng)
            .expect("the set is smaller than the graph");
        let mut conflicts = u64::from(self.adj_in[add]);
        self.entry[add] = INSIDE;
        self.members.push(add);
        rows.join(&mut self.adj_in, add);
        let size = self.members.len() as u32;
        if size as usize == n {
            // The whole graph: independent only without edges.
            return (conflicts == 0).then(|| self.members.clone());
        }
        self.exit.clear();
        self.exit.resize(self.members.len(), 0);
        let mut iter = 0u32;
        while conflicts > 0 {
            if iter >= iterations
                || (iter.is_multiple_of(256) && csp_core::termination::past(deadline))
            {
                return None;
            }
            iter += 1;
            // Leaving: the member with the most neighbours inside (not tabu), ties at random.
            let mut leaving = ScanBest::new(i64::MAX);
            for (i, (&u, &exit)) in self.members.iter().zip(&self.exit).enumerate() {
                if exit <= iter {
                    leaving.offer(-i64::from(self.adj_in[u]), i, rng);
                }
            }
            let out_i = leaving.item().unwrap_or_else(|| rng.below(size) as usize);
            let u = self.members[out_i];
            rows.leave(&mut self.adj_in, u);
            // The vertex that left may not come back for a while; the one that enters may
            // not leave for a shorter while.
            let tenure = 7 + rng.below(size);
            self.entry[u] = iter + tenure;
            // Entering: the outside vertex with the fewest neighbours inside once `u` has
            // left (not tabu), ties at random; when all are tabu, any outside vertex but `u`.
            let w = self.entering(iter, rng).unwrap_or_else(|| {
                loop {
                    let w = rng.below(n as u32) as usize;
                    if w != u && self.entry[w] != INSIDE {
                        break w;
                    }
                }
            });
            conflicts = conflicts - u64::from(self.adj_in[u]) + u64::from(self.adj_in[w]);
            rows.join(&mut self.adj_in, w);
            self.entry[w] = INSIDE;
            self.members[out_i] = w;
            self.exit[out_i] = iter + tenure * 6 / 10;
        }
        Some(self.members.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn independent(g: &Graph, set: &[usize]) -> bool {
        set.iter()
            .all(|&u| set.iter().all(|&v| u == v || !g.has_edge(u, v)))
    }

    #[test]
    fn finds_a_maximum_independent_set_of_a_cycle() {
        // C_9: α = 4.
        let g = Graph::from_edges(9, (0..9).map(|i| (i, (i + 1) % 9)));
        let set = large_independent_set(&g, 10_000, &mut SplitMix64::new(3), None);
        assert_eq!(set.len(), 4);
        assert!(independent(&g, &set));
    }

    #[test]
    fn the_matrix_and_the_lists_give_the_same_search() {
        // G(150, ½) has a matrix; the lists must give the same counts, hence the same sets
        // from the same seeds, through every size tried.
        let g = crate::graph::random_half_graph(150, 8);
        assert!(matches!(Rows::new(&g), Rows::Matrix { .. }));
        for seed in 0..4 {
            let with = |rows: &Rows<'_>| {
                independent_set_with(&g, rows, 3_000, &mut SplitMix64::new(seed), None)
            };
            let set = with(&Rows::new(&g));
            assert_eq!(set, with(&Rows::Lists(&g)));
            assert!(set.len() >= 5 && independent(&g, &set));
        }
        // A sparse graph keeps the lists: a cycle's rows would be almost all zeros.
        let cycle = Graph::from_edges(200, (0..200).map(|i| (i, (i + 1) % 200)));
        assert!(matches!(Rows::new(&cycle), Rows::Lists(_)));
    }

    #[test]
    fn the_entering_vertex_is_drawn_uniformly_among_the_free_ties() {
        // 150 vertices, so three blocks of ties (64, 64, 22). The lowest count, 1, is held by
        // five vertices spread over the blocks (the last vertex included) and by two that
        // may not enter: one inside, one tabu until iteration 10. Only the five are drawn,
        // each about a fifth of the time.
        let mut t = SetTabu::new(150);
        t.adj_in.fill(3);
        let ties = [0, 63, 64, 128, 149];
        for v in ties.into_iter().chain([5, 70]) {
            t.adj_in[v] = 1;
        }
        t.entry[5] = INSIDE;
        t.entry[70] = 10;
        let mut rng = SplitMix64::new(1);
        let mut drawn = [0u32; 150];
        for _ in 0..5_000 {
            drawn[t.entering(9, &mut rng).expect("a vertex is free")] += 1;
        }
        for (v, &d) in drawn.iter().enumerate() {
            if ties.contains(&v) {
                assert!((800..1_200).contains(&d), "vertex {v} drawn {d} times");
            } else {
                assert_eq!(d, 0, "vertex {v}");
            }
        }
        // From iteration 10 the tabu vertex is free again; with every vertex inside or tabu,
        // none is.
        assert_eq!(
            t.entering(10, &mut rng)
                .map(|v| ties.contains(&v) || v == 70),
            Some(true)
        );
        t.entry.fill(INSIDE);
        assert_eq!(t.entering(10, &mut rng), None);
    }

    #[test]
    fn threads_do_not_change_the_extraction() {
        let g = crate::graph::random_half_graph(120, 11);
        let one = extract_independent_sets(&g, 40, 5_000, 9, 1, None);
        assert_eq!(one, extract_independent_sets(&g, 40, 5_000, 9, 2, None));
        assert_eq!(one, extract_independent_sets(&g, 40, 5_000, 9, 3, None));
        assert!(one.rest.len() <= 40 && one.sets.iter().all(|s| independent(&g, s)));
    }

    #[test]
    fn a_distant_deadline_keeps_every_try() {
        // Tries are cut only when the time left would not cover the sets to come: an hour
        // away, every set gets all of them, and the extraction is the one without a deadline.
        let g = crate::graph::random_half_graph(120, 5);
        let hour = Instant::now() + std::time::Duration::from_secs(3600);
        assert_eq!(
            extract_independent_sets(&g, 40, 5_000, 4, 1, None),
            extract_independent_sets(&g, 40, 5_000, 4, 1, Some(hour))
        );
    }

    #[test]
    fn tries_shrink_with_the_time_left() {
        let ms = Duration::from_millis;
        // 40 sets to come at 10 ms a try: 40 × 10 ms × ATTEMPTS covers every try, half of
        // that half of them.
        let all = 400 * ATTEMPTS as u64;
        assert_eq!(tries_that_fit(ms(all), ms(10), 40), ATTEMPTS);
        assert_eq!(tries_that_fit(ms(all / 2), ms(10), 40), ATTEMPTS / 2);
        // Never fewer than one, never more than ATTEMPTS, also at the edges.
        assert_eq!(tries_that_fit(ms(1), ms(10), 40), 1);
        assert_eq!(tries_that_fit(ms(0), ms(0), 40), 1);
        assert_eq!(tries_that_fit(ms(100), ms(0), 40), ATTEMPTS);
        // No set to come counts as one.
        let one = 10 * ATTEMPTS as u64;
        assert_eq!(tries_that_fit(ms(one), ms(10), 0), ATTEMPTS);
        assert_eq!(tries_that_fit(ms(one / 2), ms(10), 0), ATTEMPTS / 2);
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

        /// On random graphs of up to 10 vertices, the set found is independent and as large as
        /// the largest one (by brute force), and an extraction partitions the vertices into
        /// independent sets and a rest of at most `keep` vertices.
        #[test]
        fn agrees_with_brute_force(
            n in 1usize..=10,
            edges in proptest::collection::vec((0usize..10, 0usize..10), 0..40),
            seed in 0u64..1000,
            keep in 0usize..6,
        ) {
            let g = Graph::from_edges(n, edges.into_iter().filter(|&(u, v)| u < n && v < n && u != v));
            let alpha = (0u32..1 << n)
                .filter(|&m| g.edges().all(|(u, v)| m >> u & 1 == 0 || m >> v & 1 == 0))
                .map(u32::count_ones)
                .max()
                .unwrap() as usize;
            let set = large_independent_set(&g, 20_000, &mut SplitMix64::new(seed), None);
            proptest::prop_assert!(independent(&g, &set));
            proptest::prop_assert_eq!(set.len(), alpha);
            let x = extract_independent_sets(&g, keep, 2_000, seed, 1 + (seed % 2) as usize, None);
            proptest::prop_assert!(x.rest.len() <= keep);
            let mut seen = vec![0; n];
            for set in &x.sets {
                proptest::prop_assert!(!set.is_empty() && independent(&g, set));
                for &v in set {
                    seen[v] += 1;
                }
            }
            for &v in &x.rest {
                seen[v] += 1;
            }
            proptest::prop_assert!(seen.iter().all(|&s| s == 1));
            // The colouring built from it is proper when the rest's is.
            let rest_g = g.induced(&x.rest);
            let rest_c = super::super::dsatur(&rest_g, &[]);
            let c = x.colouring(&rest_c);
            proptest::prop_assert!(g.edges().all(|(u, v)| c.colours[u] != c.colours[v]));
        }
    }
}
