//! The local-search phase of the chromatic-number search: lowers the upper bound one colour
//! at a time.
//!
//! - Each `k` is tried by the hybrid evolutionary search
//!   ([`crate::heuristic::hybrid_evolutionary`]: GPX crossover of TabuCol-improved colourings);
//!   its first step is a plain TabuCol walk from the best colouring, which settles the easy
//!   `k`.
//! - Above the lower bound, PartialCol ([`crate::heuristic::partialcol`]) takes turns with
//!   the hybrid search once that has stalled.
//! - Where a `k`-colouring would prove χ (`k` is the lower bound), PartialCol
//!   ([`crate::heuristic::partialcol`]) runs first.
//! - On large graphs with a wide gap, independent-set extraction
//!   ([`crate::heuristic::extract_independent_sets`]) runs first, and the hybrid search
//!   colours only the residual graph.
//! - Where a clique holds half of the `k` colours or more and anchoring on it takes a
//!   quarter of them away, TabuCol anchored on it ([`crate::heuristic::Anchored`]) runs
//!   first ([`crate::heuristic::anchored_tabucol`] says why).
//! - With `jobs > 1`, each search runs on that many threads from different seeds.

use super::budget::{ANCHORED_ABOVE, ANCHORED_PROVING};
use super::{Bounds, Config};
use crate::encode::Colouring;
use crate::graph::Graph;
use crate::heuristic::{
    Anchored, Hybrid, PartialCol, TurnLengths, dsatur, extract_independent_sets,
    hybrid_evolutionary, partialcol, take_turns,
};
use std::time::{Duration, Instant};

/// The fewest vertices for which the search starts with independent-set extraction (when the
/// bounds are far apart): it helps on the 1,000-vertex random graphs and hurts on the
/// 500-vertex ones (`docs/measurements/colouring-kernels.md`).
pub(super) const EXTRACTION_MIN_VERTICES: usize = 800;

/// Whether the local search on `n` vertices starts with extraction: a large graph whose
/// bounds are too far apart for the exact search (`hopeless`).
pub(super) fn starts_with_extraction(n: usize, hopeless: bool) -> bool {
    hopeless && n >= EXTRACTION_MIN_VERTICES
}

/// Lowers `ub` with local search until `until` (`timed`: the caller has a time limit; without
/// one the hybrid search has an iteration budget of `config.tabu_iterations` per `k`).
/// `hopeless`: the bounds are too far apart for the exact search, so large graphs start with
/// extraction. `clique`: a clique of `g` (the anchored search's). Returns whether it
/// improved the colouring.
#[allow(
    clippy::too_many_arguments,
    reason = "the search's state, passed by piece"
)]
pub(super) fn search(
    g: &Graph,
    (lb, ub, best): &mut Bounds<'_>,
    clique: &[usize],
    config: &Config,
    hopeless: bool,
    timed: bool,
    until: Instant,
    report: &mut dyn FnMut(u32, u32, String),
) -> bool {
    let n = g.len();
    let lb = **lb;
    let mut seed = config.seed;
    let mut improved = false;
    if starts_with_extraction(n, hopeless) {
        improved |= extraction(g, lb, ub, best, config, &mut seed, timed, until, report);
    }
    // TabuCol iterations per child: 20 per vertex ([`per_child`]).
    let per_child = per_child(n);
    let generations = generations(config, timed, per_child);
    let mut k = **ub - 1;
    while k >= lb && k > 0 && Instant::now() < until {
        report(lb, **ub, format!("local search {k}"));
        // Where a k-colouring would prove χ (k is the lower bound), PartialCol first, with
        // half of the time left in runs of growing length from fresh seeds: it colours
        // le450_15c and le450_15d with 15 in seconds, where the hybrid search needs minutes.
        // Above the lower bound, the hybrid search (better on random graphs: DSJC500.5 with 49
        // colours in 14 s, where PartialCol fails in 20 s), joined by PartialCol when it
        // stalls.
        // Where anchoring on the clique takes a quarter of the colours away, TabuCol
        // anchored on it first.
        let found = if let Some(anchored) = anchoring(g, clique, k) {
            let (num, den) = if k == lb {
                ANCHORED_PROVING
            } else {
                ANCHORED_ABOVE
            };
            let left = until.saturating_duration_since(Instant::now());
            let end = Instant::now() + left * num / den;
            anchored_runs(g, &anchored, config, &mut seed, end, timed)
        } else {
            None
        };
        let found = found.or_else(|| {
            (k == lb)
                .then(|| {
                    partialcol_runs(g, k, best, &mut seed, until, timed, config.tabu_iterations)
                })
                .flatten()
        });
        let found = found.or_else(|| {
            let run = |seed| {
                if timed && k > lb {
                    hybrid_and_partialcol(g, k, best, per_child, seed, until)
                } else {
                    hybrid_evolutionary(g, k, best, per_child, generations, seed, Some(until))
                }
            };
            first_of(config.jobs, seed, &run)
        });
        seed = seed.wrapping_add(config.jobs.max(1) as u64);
        match found {
            Some(c) => {
                **best = c;
                **ub = best.num_colours();
                improved = true;
                k = **ub - 1;
            }
            None => break,
        }
    }
    improved
}

/// The hybrid search for a `k`-colouring, joined by PartialCol (from `best`'s largest
/// classes) once it has stalled ([`take_turns`]), each resumed where it stopped, until
/// `until`.
///
/// On flat300_28_0 the hybrid search stalls at 30 colours, and PartialCol then finds the
/// planted 28-colouring (`docs/measurements/colouring-kernels.md`).
fn hybrid_and_partialcol(
    g: &Graph,
    k: u32,
    best: &Colouring,
    per_child: u64,
    seed: u64,
    until: Instant,
) -> Option<Colouring> {
    let mut hybrid = Hybrid::new(g, k, best, per_child, seed);
    let partialcol =
        || PartialCol::new(g, k, &best.largest_classes_first(), seed ^ PARTIALCOL_SEEDS);
    take_turns(g, &mut hybrid, partialcol, TURNS, until)
}

/// The turns in [`hybrid_and_partialcol`]: a second for the hybrid search, three at first
/// for PartialCol, whose successes on flat300_28_0 come after 5–60 s of it at a roughly even
/// rate, so it needs the bulk of what is left (with equal turns, 28 colours came with no seed
/// of 6).
const TURNS: TurnLengths = TurnLengths {
    first: Duration::from_secs(1),
    second: Duration::from_secs(3),
};

/// Set apart PartialCol's seeds from the hybrid search's.
const PARTIALCOL_SEEDS: u64 = 0x9e37_79b9_7f4a_7c15;

/// TabuCol iterations per child of the hybrid search on `n` vertices: 20 per vertex, HEAD's
/// 10,000 for DSJC500.5. With HEAD's tenure and ties
/// ([`crate::heuristic::hybrid_evolutionary`]) DSJC500.5 at 48 took 3–9 s with 6 seeds of 6
/// at 20 per vertex, and longer at 10 or 40 (2.5–14 s and 6–16 s). With the tenure counting
/// conflicting edges it had been 100 per vertex: at 20, 3 seeds of 6 in 40 s.
fn per_child(n: usize) -> u64 {
    (20 * n as u64).max(5_000)
}

/// The hybrid search's generations per `k`: unbounded with a time limit, else the iteration
/// budget's worth.
fn generations(config: &Config, timed: bool, per_child: u64) -> u64 {
    if timed {
        u64::MAX
    } else {
        (config.tabu_iterations / (2 * per_child)).max(1)
    }
}

/// Independent-set extraction (Wu & Hao's EXTRACOL recipe): large independent sets are taken
/// out until 45 % of the vertices are left (with half of the time at most), each becoming
/// a colour class; then the hybrid search colours the residual graph with one colour fewer at
/// a time, each success giving a colouring of the whole graph. Returns whether it improved
/// `best`.
#[allow(
    clippy::too_many_arguments,
    reason = "the search's state, passed by piece"
)]
fn extraction(
    g: &Graph,
    lb: u32,
    ub: &mut u32,
    best: &mut Colouring,
    config: &Config,
    seed: &mut u64,
    timed: bool,
    until: Instant,
    report: &mut dyn FnMut(u32, u32, String),
) -> bool {
    let n = g.len();
    report(lb, *ub, "extraction".into());
    // - Down to 45 % of the vertices: on DSJC1000.5 (six seeds, twice), 85 colours came
    //   with 11 runs of 12 and sooner than at half (5 of 6), and one run reached 84; at 40 %
    //   the last sets have 12 vertices and 85 came with 4 of 6.
    // - Twenty tabu iterations per vertex for each size tried: DSJC1000.5's sets of 14 in
    //   about 4 ms each.
    // - Half of the time at most: with twenty tries per set DSJC1000.5's extraction takes
    //   13–19 s of 60 (the tries are cut when it would take more), and its smaller, sparser
    //   residual graph reaches 84 colours more often in the time left than ten tries' in
    //   more time (`heuristic::extraction`'s tries).
    let half = Instant::now() + until.saturating_duration_since(Instant::now()) / 2;
    let x = extract_independent_sets(
        g,
        n * 9 / 20,
        20 * n as u64,
        *seed,
        config.jobs,
        timed.then_some(half),
    );
    *seed = seed.wrapping_add(1);
    let h = g.induced(&x.rest);
    let mut rest = dsatur(&h, &[]);
    let mut improved = false;
    let mut take = |rest: &Colouring, ub: &mut u32, best: &mut Colouring| {
        let whole = x.colouring(rest);
        if whole.num_colours() < *ub {
            *ub = whole.num_colours();
            *best = whole;
            improved = true;
        }
    };
    take(&rest, ub, best);
    let per_child = per_child(h.len());
    let generations = generations(config, timed, per_child);
    let sets = x.sets.len() as u32;
    while sets + rest.num_colours() > lb && rest.num_colours() > 1 && Instant::now() < until {
        let k = rest.num_colours() - 1;
        report(lb, *ub, format!("local search {} (extraction)", sets + k));
        let run =
            |seed| hybrid_evolutionary(&h, k, &rest, per_child, generations, seed, Some(until));
        let found = first_of(config.jobs, *seed, &run);
        *seed = seed.wrapping_add(config.jobs.max(1) as u64);
        match found {
            Some(c) => {
                rest = c;
                take(&rest, ub, best);
            }
            None => break,
        }
    }
    improved
}

/// The search anchored on `clique` ([`Anchored`]) for `k` colours, where it runs first: where
/// the clique holds half of the colours or more and anchoring leaves the vertices it does
/// not fix three quarters of the colours or fewer on average (DSJR500.5 at 122–131 colours:
/// 57–60 %; DSJC250.9 at 72: about 55 %; DSJC125.9 at 44: 30 %). Not on le450_15c and
/// le450_15d at 15 (82 %), which PartialCol colours within a second and which took 23 s
/// and 1.1 s with the anchored search first, nor on the queens graphs (76–85 %).
fn anchoring(g: &Graph, clique: &[usize], k: u32) -> Option<Anchored> {
    if 2 * clique.len() < k as usize {
        return None;
    }
    Anchored::new(g, clique, k).filter(|a| a.colours_left() <= 0.75)
}

/// The `anchored` search ([`Anchored::run`]): with a time limit, until `end` in runs of 1 s,
/// 2 s, 4 s, …, each from fresh seeds, on `config.jobs` threads; without one, one run of
/// `config.tabu_iterations`.
///
/// Restarts, because its successes hang on the seed: on DSJR500.5 at 122 colours, 8 seeds
/// of 12 succeed within 6.5 s (4 within 1.3 s) and the others not in 20 s. Where it applies
/// it is quick above χ too: DSJC250.9 at 72 colours in 1.2–2.6 s, DSJC125.9 at 44 and
/// le450_25c at 26 in milliseconds.
fn anchored_runs(
    g: &Graph,
    anchored: &Anchored,
    config: &Config,
    seed: &mut u64,
    end: Instant,
    timed: bool,
) -> Option<Colouring> {
    let jobs = config.jobs.max(1) as u64;
    if !timed {
        let run = |seed| anchored.run(g, config.tabu_iterations, seed, None);
        let found = first_of(config.jobs, *seed, &run);
        *seed = seed.wrapping_add(jobs);
        return found;
    }
    let mut length = Duration::from_secs(1);
    while !csp_core::termination::past(Some(end)) {
        let stop = end.min(Instant::now() + length);
        length = length.saturating_mul(2);
        let run = |seed| anchored.run(g, u64::MAX, seed, Some(stop));
        let found = first_of(config.jobs, *seed, &run);
        *seed = seed.wrapping_add(jobs);
        if found.is_some() {
            return found;
        }
    }
    None
}

/// PartialCol for a k-colouring of `g` from `best` (its largest `k` classes kept): with a
/// time limit, half of the time left before `until` in runs of 2 s, 4 s, 8 s, …, each from
/// the next seed; without one, one run of `iterations`.
fn partialcol_runs(
    g: &Graph,
    k: u32,
    best: &Colouring,
    seed: &mut u64,
    until: Instant,
    timed: bool,
    iterations: u64,
) -> Option<Colouring> {
    if !timed {
        let found = partialcol(g, k, &best.largest_classes_first(), iterations, *seed, None);
        *seed = seed.wrapping_add(1);
        return found;
    }
    // Runs from the best colouring, its smallest classes dropped (PartialCol starts with the
    // fewest vertices uncoloured), of 2 s, 4 s, 8 s, …, each from a fresh seed: success hangs
    // on the start as much as on the seed, and from some starts only long runs succeed (with
    // PartialCol's earlier tenure, every 3 s run from le450_15d's 16-colouring failed for
    // four seeds). With the FOO tenure the first run succeeds on le450_15c and le450_15d
    // within 2.1 s (twelve seeds).
    let start = best.largest_classes_first();
    let half = Instant::now() + until.saturating_duration_since(Instant::now()) / 2;
    let mut length = Duration::from_secs(2);
    while !csp_core::termination::past(Some(half)) {
        let run = half.min(Instant::now() + length);
        length = length.saturating_mul(2);
        let found = partialcol(g, k, &start, u64::MAX, *seed, Some(run));
        *seed = seed.wrapping_add(1);
        if found.is_some() {
            return found;
        }
    }
    None
}

/// Runs `search(seed)`, `search(seed + 1)`, … on `jobs` threads (on this one when `jobs ≤ 1`)
/// and returns the first colouring found; the others are stopped then (the threads run under
/// one [`csp_core::termination::with_cancel`] flag, raised by the winner, and a child of the
/// caller's flag, so that cancelling the caller stops them too).
fn first_of(
    jobs: usize,
    seed: u64,
    search: &(dyn Fn(u64) -> Option<Colouring> + Sync),
) -> Option<Colouring> {
    if jobs <= 1 {
        return search(seed);
    }
    // Each worker's flag is a child of the caller's (when it runs under one): the winner
    // raises the workers' common flag, and the caller's stops them all.
    let flag = csp_core::termination::current_flag()
        .map_or_else(csp_core::termination::Flag::default, |f| f.child());
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..jobs as u64)
            .map(|j| {
                let flag = flag.clone();
                scope.spawn(move || {
                    let found = csp_core::termination::with_cancel(flag.clone(), || {
                        search(seed.wrapping_add(j))
                    });
                    if found.is_some() {
                        flag.raise();
                    }
                    found
                })
            })
            .collect();
        // The lowest seed's colouring when several finish together: reproducible more often.
        workers
            .into_iter()
            .filter_map(|w| w.join().ok().flatten())
            .next()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn anchoring_runs_where_the_clique_takes_a_quarter_of_the_colours_away() {
        // A 6-clique whose every other vertex sees four of its members: anchored, each keeps
        // 2 of 6 colours (4 of 8), so it pays; not for 13 colours, of which the clique holds
        // less than half. A triangle at the end of a long path: anchored with 3 colours,
        // only the vertex next to it loses one.
        let mut edges: Vec<(usize, usize)> = (0..6)
            .flat_map(|u| (u + 1..6).map(move |v| (u, v)))
            .collect();
        for v in 6..20 {
            edges.extend((0..4).map(|i| ((v + i) % 6, v)));
        }
        let g = Graph::from_edges(20, edges);
        let clique: Vec<usize> = (0..6).collect();
        assert!(anchoring(&g, &clique, 6).is_some());
        assert!(anchoring(&g, &clique, 8).is_some());
        assert!(anchoring(&g, &clique, 13).is_none());
        let path = Graph::from_edges(30, (0..29).map(|i| (i, i + 1)).chain([(0, 2)]));
        assert!(anchoring(&path, &[0, 1, 2], 3).is_none());
    }

    #[test]
    fn parallel_local_search_returns_the_first_colouring_and_stops_the_others() {
        // Seed 3 colours at once; the others would search until the deadline (an hour) if
        // the winner did not stop them.
        let far = Instant::now() + Duration::from_secs(3600);
        let search = |seed: u64| {
            if seed == 3 {
                return Some(Colouring { colours: vec![0] });
            }
            while !csp_core::termination::past(Some(far)) {
                std::thread::yield_now();
            }
            None
        };
        let t = Instant::now();
        assert_eq!(
            first_of(4, 1, &search),
            Some(Colouring { colours: vec![0] })
        );
        assert!(t.elapsed() < Duration::from_secs(60));
        assert_eq!(
            first_of(1, 3, &search),
            Some(Colouring { colours: vec![0] })
        );
        assert_eq!(first_of(2, 10, &|_| None), None);
        // Under a cancelled caller's flag, the workers stop too.
        let cancelled = csp_core::termination::Flag::default();
        cancelled.raise();
        let t = Instant::now();
        let found = csp_core::termination::with_cancel(cancelled, || {
            first_of(2, 10, &|_| {
                while !csp_core::termination::past(Some(far)) {
                    std::thread::yield_now();
                }
                None
            })
        });
        assert_eq!(found, None);
        assert!(t.elapsed() < Duration::from_secs(60));
    }

    #[test]
    fn turns_of_hybrid_search_and_partialcol_stop_at_a_stop_request() {
        // G(60, 1/2) has no 3-colouring: the turns would go on for 20 s, but a raised flag
        // (another thread's colouring) stops them at once.
        let g = crate::graph::random_half_graph(60, 1);
        let start = dsatur(&g, &[]);
        let far = Instant::now() + Duration::from_secs(20);
        let cancelled = csp_core::termination::Flag::default();
        cancelled.raise();
        let t = Instant::now();
        let found = csp_core::termination::with_cancel(cancelled, || {
            hybrid_and_partialcol(&g, 3, &start, 1_000, 1, far)
        });
        assert_eq!(found, None);
        assert!(t.elapsed() < Duration::from_secs(10));
        // Without one, it colours what can be coloured.
        let k = start.num_colours();
        let c = hybrid_and_partialcol(&g, k, &start, 1_000, 1, far).expect("k-colourable");
        let inst = crate::graph::Instance::new("g", g);
        assert_eq!(crate::encode::verify(&inst, Some(k), &c), Ok(()));
    }

    #[test]
    fn extraction_colours_a_large_random_graph_properly() {
        // G(800, 0.5): DSATUR's colouring, then extraction and the hybrid search on the rest
        // for a second; whatever comes out is proper and no worse.
        let g = crate::graph::random_half_graph(800, 5);
        let mut best = dsatur(&g, &[]);
        let mut ub = best.num_colours();
        let dsatur_ub = ub;
        let until = Instant::now() + Duration::from_secs(1);
        let mut seed = 1;
        let config = Config::default();
        extraction(
            &g,
            1,
            &mut ub,
            &mut best,
            &config,
            &mut seed,
            true,
            until,
            &mut |_, _, _| {},
        );
        let inst = crate::graph::Instance::new("g", g);
        assert_eq!(crate::encode::verify(&inst, Some(ub), &best), Ok(()));
        assert!(ub <= dsatur_ub);
    }
}
