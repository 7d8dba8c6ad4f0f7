//! The hybrid evolutionary search: GPX crossover of TabuCol-improved colourings, with
//! HEAD's elites.

use super::moves::redraw;
use super::tabucol::TabuTables;
use super::turns::Resumable;
use crate::encode::Colouring;
use crate::graph::Graph;
use csp_core::heuristics::SplitMix64;
use std::time::Instant;

/// Greedy partition crossover (GPX, Galinier & Hao 1999): the child takes, alternately from
/// `a` and `b`, the colour class with the most vertices not yet placed; the vertices left
/// after `k` classes get random colours. `O(k·n)`; `taken` and `size` are workspaces.
pub(super) fn gpx(
    a: &[u32],
    b: &[u32],
    k: u32,
    child: &mut [u32],
    rng: &mut SplitMix64,
    taken: &mut [bool],
    size: &mut [Vec<u32>; 2],
) {
    let n = a.len();
    let parents = [a, b];
    taken.fill(false);
    for (p, sz) in parents.iter().zip(size.iter_mut()) {
        sz.clear();
        sz.resize(k as usize, 0);
        for &c in p.iter() {
            sz[c as usize] += 1;
        }
    }
    for step in 0..k {
        let side = (step % 2) as usize;
        let p = parents[side];
        let sz = &size[side];
        // The largest class, ties broken at random: the first from a random colour on.
        let from = rng.below(k) as usize;
        let mut class = from;
        for c in (from + 1..k as usize).chain(0..from) {
            if sz[c] > sz[class] {
                class = c;
            }
        }
        if sz[class] == 0 {
            break;
        }
        for v in 0..n {
            if !taken[v] && p[v] as usize == class {
                taken[v] = true;
                child[v] = step;
                size[0][a[v] as usize] -= 1;
                size[1][b[v] as usize] -= 1;
            }
        }
    }
    for v in 0..n {
        if !taken[v] {
            child[v] = rng.below(k);
        }
    }
}

/// A hybrid evolutionary search for a proper `k`-colouring in the manner of HEAD (Moalic &
/// Gondran 2018, after Galinier & Hao's HEA): two parents are crossed with GPX both
/// ways, each child is improved by TabuCol for `iters_per_child` iterations and replaces a
/// parent; the best colouring of each cycle of ten generations is kept as an elite and brought
/// back one cycle later in place of a parent drawn at random, which keeps the pair from
/// collapsing into one colouring. As in HEAD's code, ties go to the latest: TabuCol's walk
/// returns the latest of its best colourings, the elite is the latest of the best children,
/// and GPX takes the first largest class from a random colour on.
///
/// Starts from `start` (colours `≥ k` redrawn at random) and a random colouring. Returns a
/// proper colouring, or `None` at `deadline` or after `max_generations`.
pub fn hybrid_evolutionary(
    g: &Graph,
    k: u32,
    start: &Colouring,
    iters_per_child: u64,
    max_generations: u64,
    seed: u64,
    deadline: Option<Instant>,
) -> Option<Colouring> {
    Hybrid::new(g, k, start, iters_per_child, seed).run(g, max_generations, None, deadline)
}

/// A [`hybrid_evolutionary`] search that can be paused between generations and resumed:
/// each [`Hybrid::run`] goes on with the same parents, elites and generation count, so that
/// a caller can share its time with another search in slices.
pub(crate) struct Hybrid {
    k: u32,
    iters_per_child: u64,
    rng: SplitMix64,
    tabu: TabuTables,
    p1: Vec<u32>,
    p2: Vec<u32>,
    c1: Vec<u32>,
    c2: Vec<u32>,
    /// GPX's and `same_partition`'s workspaces.
    taken: Vec<bool>,
    size: [Vec<u32>; 2],
    partition_map: Vec<u32>,
    elites: Elites,
    /// Whether the parents have had their first TabuCol walk.
    started: bool,
    /// Generations done.
    generation: u64,
    /// The proper colouring, once found.
    found: Option<Colouring>,
    /// The fewest conflicting edges of any child so far, and the generation that first had it.
    best_f: i64,
    best_generation: u64,
}

impl Resumable for Hybrid {
    fn turn(&mut self, g: &Graph, pause: Instant, deadline: Instant) -> Option<Colouring> {
        self.run(g, u64::MAX, Some(pause), Some(deadline))
    }

    /// The fewest conflicting edges of any child so far (`i64::MAX` before the first).
    fn best_cost(&self) -> i64 {
        self.best_f
    }

    fn stalled(&self) -> bool {
        self.stalled()
    }
}

impl Hybrid {
    /// A search for a proper `k`-colouring of `g` from `start` (colours `≥ k` redrawn at
    /// random) and a random colouring, each child improved by `iters_per_child` TabuCol
    /// iterations.
    pub(crate) fn new(
        g: &Graph,
        k: u32,
        start: &Colouring,
        iters_per_child: u64,
        seed: u64,
    ) -> Self {
        let n = g.len();
        let mut rng = SplitMix64::new(seed);
        let (p1, p2) = if k == 0 {
            (vec![0; n], vec![0; n])
        } else {
            let p1 = redraw(&start.colours, k, &mut rng);
            let p2: Vec<u32> = (0..n).map(|_| rng.below(k)).collect();
            (p1, p2)
        };
        Hybrid {
            k,
            iters_per_child,
            rng,
            tabu: TabuTables::new(g, k as usize),
            p1,
            p2,
            c1: vec![0; n],
            c2: vec![0; n],
            taken: vec![false; n],
            size: [Vec::new(), Vec::new()],
            partition_map: vec![u32::MAX; 2 * k as usize],
            elites: Elites::default(),
            started: false,
            generation: 0,
            found: None,
            best_f: i64::MAX,
            best_generation: 0,
        }
    }

    /// Whether the search has stalled: no child has beaten its best for
    /// [`Hybrid::STALL_MIN`] generations, nor for as many as it took to reach it. On
    /// flat300_28_0 at 30 colours it stalls by generation 1156 at the bench's seed
    /// (its best child, four conflicting edges, comes at generation 105 and nothing better
    /// in the thousand after); on DSJC500.5 at 48 and 49 it hardly ever does within 60 s.
    pub(crate) fn stalled(&self) -> bool {
        let stale = self.generation - self.best_generation;
        stale >= Self::STALL_MIN && stale >= self.best_generation
    }

    /// The fewest generations without a better child for [`Hybrid::stalled`]: fewer called
    /// searches stalled that were still going to improve (measured in
    /// `docs/measurements/colouring-kernels.md`).
    pub(super) const STALL_MIN: u64 = 1000;

    /// Goes on for at most `max_generations` more generations, until `pause` (checked between
    /// generations) or until `deadline` (checked inside them too); returns the proper
    /// colouring once found (and on every later call).
    pub(crate) fn run(
        &mut self,
        g: &Graph,
        max_generations: u64,
        pause: Option<Instant>,
        deadline: Option<Instant>,
    ) -> Option<Colouring> {
        let n = g.len();
        if self.k == 0 {
            return (n == 0).then(|| Colouring { colours: vec![] });
        }
        if self.found.is_some() {
            return self.found.clone();
        }
        let Hybrid {
            k,
            iters_per_child,
            rng,
            tabu,
            p1,
            p2,
            c1,
            c2,
            taken,
            size,
            partition_map,
            elites,
            started,
            generation,
            found,
            best_f,
            best_generation,
        } = self;
        let (k, per_child) = (*k, *iters_per_child);
        let mut done = |c: &[u32]| {
            *found = Some(Colouring {
                colours: c.to_vec(),
            });
            found.clone()
        };
        if !*started {
            *started = true;
            let (f1, f2) = match tabu.run_two(g, p1, p2, per_child, rng, deadline) {
                Ok(f) => f,
                Err(proper) => return done(proper),
            };
            let (first, f) = if f1 <= f2 { (&*p1, f1) } else { (&*p2, f2) };
            *elites = Elites::new(first, f);
        }
        let stop = generation.saturating_add(max_generations);
        while *generation < stop {
            if csp_core::termination::past(deadline) || pause.is_some_and(|p| Instant::now() >= p) {
                return None;
            }
            *generation += 1;
            gpx(p1, p2, k, c1, rng, taken, size);
            gpx(p2, p1, k, c2, rng, taken, size);
            let (f1, f2) = match tabu.run_two(g, c1, c2, per_child, rng, deadline) {
                Ok(f) => f,
                Err(proper) => return done(proper),
            };
            std::mem::swap(p1, c1);
            std::mem::swap(p2, c2);
            if f1.min(f2) < *best_f {
                (*best_f, *best_generation) = (f1.min(f2), *generation);
            }
            elites.offer(p1, f1);
            elites.offer(p2, f2);
            if generation.is_multiple_of(10) {
                elites.end_cycle([&mut *p1, &mut *p2], rng);
            }
            // Two parents with the same colour classes (whatever their colours' names) make
            // GPX a copy: restart the second one at random.
            if same_partition(p1, p2, partition_map) {
                for c in p2.iter_mut() {
                    *c = rng.below(k);
                }
            }
        }
        None
    }
}

/// The hybrid search's elites: the best child of the current cycle of ten generations (the
/// latest of them on ties, as in HEAD's code) and the previous cycle's, which comes back in
/// place of a parent drawn at random when the cycle ends.
#[derive(Default)]
pub(super) struct Elites {
    /// The current cycle's elite, and its conflicting edges (`i64::MAX` before any child).
    current: Vec<u32>,
    current_f: i64,
    previous: Vec<u32>,
}

impl Elites {
    /// The elites after the parents' first walk: `first` and its `f` conflicting edges, both
    /// as the current elite and as the previous one.
    fn new(first: &[u32], f: i64) -> Self {
        Elites {
            current: first.to_vec(),
            current_f: f,
            previous: first.to_vec(),
        }
    }

    /// A child with `f` conflicting edges: the current elite if no child of the cycle had
    /// fewer.
    fn offer(&mut self, child: &[u32], f: i64) {
        if f <= self.current_f {
            self.current.copy_from_slice(child);
            self.current_f = f;
        }
    }

    /// Ends a cycle: the previous elite replaces one of `parents` drawn at random, the
    /// current becomes the previous, and the next cycle starts with none.
    fn end_cycle(&mut self, parents: [&mut [u32]; 2], rng: &mut SplitMix64) {
        let [p1, p2] = parents;
        let parent = if rng.below(2) == 0 { p1 } else { p2 };
        parent.copy_from_slice(&self.previous);
        self.previous.copy_from_slice(&self.current);
        self.current_f = i64::MAX;
    }
}

/// Whether colourings `a` and `b` have the same colour classes, whatever the colours' names:
/// whether `a`'s colour `x` ↦ `b`'s colour at the same vertex is a one-to-one map. `O(n)`;
/// `map` is a workspace of twice the colours (the map and its inverse).
pub(super) fn same_partition(a: &[u32], b: &[u32], map: &mut [u32]) -> bool {
    map.fill(u32::MAX);
    let (forward, back) = map.split_at_mut(map.len() / 2);
    for (&x, &y) in a.iter().zip(b) {
        let (f, r) = (&mut forward[x as usize], &mut back[y as usize]);
        if *f == u32::MAX && *r == u32::MAX {
            (*f, *r) = (y, x);
        } else if *f != y || *r != x {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::Colouring;
    use crate::encode::verify;
    use crate::graph::Graph;
    use crate::graph::{Instance, petersen};
    use crate::heuristic::{ScanBest, dsatur, tabucol};
    use csp_core::heuristics::SplitMix64;
    use std::time::Instant;

    #[test]
    fn lowest_keeps_the_lowest_key_and_breaks_ties_evenly() {
        let mut rng = SplitMix64::new(1);
        let mut count = [0u32; 4];
        for _ in 0..3000 {
            let mut pick = ScanBest::new(i32::MAX);
            assert_eq!(pick.item(), None::<usize>);
            for (key, item) in [(5, 0), (2, 1), (2, 2), (3, 3), (2, 3)] {
                pick.offer(key, item, &mut rng);
            }
            assert_eq!(pick.key(), 2);
            count[pick.item().unwrap()] += 1;
        }
        // Items 1, 2 and 3 tie at key 2: about a thousand each, never item 0.
        assert_eq!(count[0], 0);
        assert!(
            count[1..].iter().all(|&c| (850..1150).contains(&c)),
            "{count:?}"
        );
    }

    #[test]
    fn dsatur_colours_properly_and_respects_precolouring() {
        let g = petersen();
        let inst = Instance {
            precoloured: vec![(3, 2)],
            ..Instance::new("p", g.clone())
        };
        let c = dsatur(&g, &inst.precoloured);
        assert_eq!(verify(&inst, None, &c), Ok(()));
        assert_eq!(c.num_colours(), 3);
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

        /// On random graphs of up to 7 vertices, TabuCol and the hybrid search find a proper
        /// χ-colouring (χ by brute force) and none with χ − 1 colours.
        #[test]
        fn tabucol_and_hybrid_agree_with_brute_force(
            n in 1usize..=7,
            edges in proptest::collection::vec((0usize..7, 0usize..7), 0..21),
            seed in 0u64..1000,
        ) {
            let g = Graph::from_edges(n, edges.into_iter().filter(|&(u, v)| u < n && v < n && u != v));
            let chi = crate::graph::brute_chromatic(&g);
            let inst = Instance::new("r", g.clone());
            let start = Colouring { colours: vec![0; n] };
            for c in [
                tabucol(&g, chi, &start, 200_000, seed, None),
                hybrid_evolutionary(&g, chi, &start, 2_000, 100, seed, None),
            ] {
                proptest::prop_assert!(c.is_some());
                proptest::prop_assert_eq!(verify(&inst, Some(chi), &c.unwrap()), Ok(()));
            }
            if chi > 1 {
                proptest::prop_assert_eq!(tabucol(&g, chi - 1, &start, 2_000, seed, None), None);
                proptest::prop_assert_eq!(
                    hybrid_evolutionary(&g, chi - 1, &start, 200, 5, seed, None),
                    None
                );
            }
        }
    }

    #[test]
    fn gpx_draws_its_largest_class_among_equals() {
        // Both parents have two classes of two: the child's colour 0 goes to either, about
        // as often (always the same one would bias every crossover).
        let parent = [0, 0, 1, 1];
        let (mut taken, mut size) = (vec![false; 4], [Vec::new(), Vec::new()]);
        let mut child = [0; 4];
        let mut rng = SplitMix64::new(3);
        let mut first = 0;
        for _ in 0..400 {
            gpx(
                &parent, &parent, 2, &mut child, &mut rng, &mut taken, &mut size,
            );
            assert!(same_partition(&child, &parent, &mut [0; 4]));
            first += u32::from(child[0] == 0);
        }
        assert!((150..250).contains(&first), "{first} of 400");
    }

    #[test]
    fn same_partition_ignores_the_colours_names() {
        let mut map = vec![0; 6];
        assert!(same_partition(&[0, 1, 1, 2], &[2, 0, 0, 1], &mut map));
        assert!(same_partition(&[0, 1, 1, 2], &[0, 1, 1, 2], &mut map));
        // Merged classes, split classes, one class moved.
        assert!(!same_partition(&[0, 1, 1, 2], &[0, 0, 0, 1], &mut map));
        assert!(!same_partition(&[0, 0, 0, 1], &[0, 1, 1, 2], &mut map));
        assert!(!same_partition(&[0, 1, 1, 2], &[0, 1, 2, 2], &mut map));
    }

    #[test]
    fn hybrid_search_colours_a_planted_graph() {
        // A random graph with a planted 4-colouring, too dense for DSATUR to use 4 colours.
        let mut rng = SplitMix64::new(7);
        let n = 60;
        let part: Vec<u32> = (0..n).map(|_| rng.below(4)).collect();
        let edges: Vec<(usize, usize)> = (0..n)
            .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
            .filter(|&(u, v)| part[u] != part[v])
            .filter(|_| rng.below(100) < 45)
            .collect();
        let g = Graph::from_edges(n, edges);
        let start = dsatur(&g, &[]);
        let c = hybrid_evolutionary(&g, 4, &start, 2_000, 1_000, 3, None)
            .expect("a planted 4-colouring exists");
        assert_eq!(
            verify(&Instance::new("planted", g.clone()), Some(4), &c),
            Ok(())
        );
        assert_eq!(hybrid_evolutionary(&g, 3, &start, 500, 20, 3, None), None);
    }

    #[test]
    fn a_hybrid_search_for_a_colouring_that_does_not_exist_stalls() {
        // G(60, 1/2) has no 3-colouring: the children's best count of conflicting edges stops
        // improving, and the search counts as stalled once it has not improved for
        // `STALL_MIN` generations nor for as many as that best took, never before.
        let g = crate::graph::random_half_graph(60, 1);
        let mut h = Hybrid::new(&g, 3, &dsatur(&g, &[]), 50, 2);
        assert_eq!(h.run(&g, Hybrid::STALL_MIN - 1, None, None), None);
        assert!(!h.stalled());
        while !h.stalled() {
            assert_eq!(h.run(&g, 1, None, None), None);
            assert!(h.generation < 10_000, "no stall in 10,000 generations");
        }
        let stale = h.generation - h.best_generation;
        assert!(stale >= Hybrid::STALL_MIN && stale >= h.best_generation);
        assert!(h.best_f > 0);
    }

    #[test]
    fn the_elite_is_the_latest_best_child_and_comes_back_a_cycle_later() {
        let mut elites = Elites::new(&[0, 0, 0], 5);
        // The latest of the best: an equal child replaces the elite, a worse one does not.
        elites.offer(&[1, 1, 1], 4);
        elites.offer(&[2, 2, 2], 4);
        elites.offer(&[3, 3, 3], 6);
        assert_eq!(
            (elites.current.as_slice(), elites.current_f),
            (&[2, 2, 2][..], 4)
        );
        // At the cycle's end the previous elite (the first walk's) replaces a parent drawn at
        // random, and the cycle's elite becomes the previous one.
        let mut rng = SplitMix64::new(7);
        let (mut p1, mut p2) = ([8; 3], [9; 3]);
        elites.end_cycle([&mut p1, &mut p2], &mut rng);
        assert!((p1, p2) == ([0; 3], [9; 3]) || (p1, p2) == ([8; 3], [0; 3]));
        assert_eq!(elites.previous, [2, 2, 2]);
        // The next cycle starts with none: any child is its elite, however bad.
        elites.offer(&[5, 5, 5], 100);
        assert_eq!(
            (elites.current.as_slice(), elites.current_f),
            (&[5, 5, 5][..], 100)
        );
        // Over cycles, both parents' slots are drawn, and the other parent is untouched.
        let mut drawn = [0; 2];
        for _ in 0..40 {
            let (mut p1, mut p2) = ([8; 3], [9; 3]);
            elites.end_cycle([&mut p1, &mut p2], &mut rng);
            match (p1 == [8; 3], p2 == [9; 3]) {
                (false, true) => drawn[0] += 1,
                (true, false) => drawn[1] += 1,
                other => panic!("one parent replaced, not {other:?}"),
            }
        }
        assert!(drawn[0] > 5 && drawn[1] > 5, "{drawn:?}");
    }

    #[test]
    fn a_paused_hybrid_search_resumes_where_it_stopped() {
        // G(70, 0.5) with 9 colours: not found within 20 generations of 300 iterations, so
        // every run below stops on its generation count. Runs of 3, 10 and 7 generations
        // leave the same parents, elites and count as one of 20 (a pause in the past stops
        // before any generation and changes nothing).
        let g = crate::graph::random_half_graph(70, 3);
        let start = dsatur(&g, &[]);
        let mut whole = Hybrid::new(&g, 9, &start, 300, 5);
        assert_eq!(whole.run(&g, 20, None, None), None);
        let mut parts = Hybrid::new(&g, 9, &start, 300, 5);
        let past = Instant::now();
        for generations in [3, 10, 0, 7] {
            assert_eq!(parts.run(&g, generations, None, None), None);
            assert_eq!(parts.run(&g, 5, Some(past), None), None);
        }
        assert_eq!(parts.generation, 20);
        assert_eq!(
            (
                &parts.p1,
                &parts.p2,
                &parts.elites.current,
                &parts.elites.previous
            ),
            (
                &whole.p1,
                &whole.p2,
                &whole.elites.current,
                &whole.elites.previous
            )
        );
        // Once found, the colouring is returned again.
        let mut easy = Hybrid::new(&g, start.num_colours(), &start, 300, 5);
        let c = easy
            .run(&g, 1, None, None)
            .expect("DSATUR's colouring is proper");
        assert_eq!(easy.run(&g, 1, None, None), Some(c));
    }
}
