//! Alternating inference chains (AICs) on candidates, with their loops.
//!
//! A candidate is a node. A *strong* link joins two candidates of which at least one is true:
//! the two digits of a bivalue cell, or the two places of a digit in a unit where it has only
//! two. A *weak* link joins two candidates that cannot both be true: two digits of one cell, or
//! one digit in two cells that see each other. A chain that starts with "S is false", follows
//! a strong link (so the next candidate is true), then a weak link (so the next is false), and
//! so on, ending on a strong link at E, proves "S or E": every candidate weakly linked to both
//! ends is false. If E is weakly linked back to S the chain closes into a continuous loop and
//! every weak link of the loop acts as a strong one too: candidates weakly linked to both ends
//! of any weak link of the loop are false. If the chain comes back to S itself ("S is false
//! forces S true"), S is true.
//!
//! X-chains (one digit) and XY-chains (bivalue cells only) are the special cases tried
//! earlier; the search here mixes both kinds of strong link. Breadth-first from every start,
//! bounded by the shortest chain found so far, so the chain reported is a shortest one.

use crate::human::technique::Technique;
use crate::human::{Candidates, Step};

/// Chains longer than this many candidates are not searched.
const MAX_NODES: usize = 16;

/// Candidate graph of a grid: node `cell · n + d − 1`.
struct Graph {
    n: usize,
    /// Words per bitset row.
    words: usize,
    /// Present candidates.
    present: Vec<u64>,
    /// Per node, the present candidates weakly linked to it (a row of `words`).
    weak: Vec<u64>,
    /// Per node, its strong partners (compressed rows).
    strong_start: Vec<usize>,
    strong: Vec<usize>,
}

impl Graph {
    fn new(c: &Candidates) -> Graph {
        let n = c.shape().size();
        let nodes = n * n * n;
        let words = nodes.div_ceil(64);
        let mut present = vec![0u64; words];
        for cell in 0..n * n {
            let mut m = c.mask(cell);
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                let v = cell * n + d;
                present[v / 64] |= 1 << (v % 64);
            }
        }
        let mut weak = vec![0u64; nodes * words];
        let mut strong_lists: Vec<Vec<usize>> = vec![Vec::new(); nodes];
        for cell in 0..n * n {
            let m = c.mask(cell);
            if m.count_ones() == 2 {
                let a = cell * n + m.trailing_zeros() as usize;
                let b = cell * n + (63 - m.leading_zeros() as usize);
                strong_lists[a].push(b);
                strong_lists[b].push(a);
            }
            let mut ds = m;
            while ds != 0 {
                let d = ds.trailing_zeros() as usize;
                ds &= ds - 1;
                let v = cell * n + d;
                let row = &mut weak[v * words..(v + 1) * words];
                let mut others = m & !(1 << d);
                while others != 0 {
                    let e = others.trailing_zeros() as usize;
                    others &= others - 1;
                    let w = cell * n + e;
                    row[w / 64] |= 1 << (w % 64);
                }
                for p in c.peers(cell) {
                    if c.mask(p) >> d & 1 == 1 {
                        let w = p * n + d;
                        row[w / 64] |= 1 << (w % 64);
                    }
                }
            }
        }
        for unit in c.units() {
            for d in 0..n {
                let mut it = unit.iter().filter(|&&x| c.mask(x) >> d & 1 == 1);
                if let (Some(&a), Some(&b), None) = (it.next(), it.next(), it.next()) {
                    let (a, b) = (a * n + d, b * n + d);
                    if !strong_lists[a].contains(&b) {
                        strong_lists[a].push(b);
                        strong_lists[b].push(a);
                    }
                }
            }
        }
        let mut strong_start = Vec::with_capacity(nodes + 1);
        let mut strong = Vec::new();
        for list in &strong_lists {
            strong_start.push(strong.len());
            strong.extend_from_slice(list);
        }
        strong_start.push(strong.len());
        Graph {
            n,
            words,
            present,
            weak,
            strong_start,
            strong,
        }
    }

    fn weak_row(&self, v: usize) -> &[u64] {
        &self.weak[v * self.words..(v + 1) * self.words]
    }

    fn strong_of(&self, v: usize) -> &[usize] {
        &self.strong[self.strong_start[v]..self.strong_start[v + 1]]
    }

    fn is_weak(&self, a: usize, b: usize) -> bool {
        self.weak_row(a)[b / 64] >> (b % 64) & 1 == 1
    }

    /// Whether some candidate is weakly linked to both `a` and `b`.
    fn shares_weak(&self, a: usize, b: usize) -> bool {
        let (ra, rb) = (self.weak_row(a), self.weak_row(b));
        ra.iter().zip(rb).any(|(x, y)| x & y != 0)
    }

    /// Candidates weakly linked to both `a` and `b`, except those in `skip`.
    fn common_weak(&self, a: usize, b: usize, skip: &[usize]) -> Vec<usize> {
        let (ra, rb) = (self.weak_row(a), self.weak_row(b));
        let mut out = Vec::new();
        for w in 0..self.words {
            let mut m = ra[w] & rb[w];
            while m != 0 {
                let v = w * 64 + m.trailing_zeros() as usize;
                m &= m - 1;
                if !skip.contains(&v) {
                    out.push(v);
                }
            }
        }
        out
    }

    fn candidate(&self, v: usize) -> (usize, u8) {
        (v / self.n, (v % self.n) as u8 + 1)
    }
}

/// What a chain proves.
enum Conclusion {
    /// Start false forces start true.
    Place,
    /// One of the two ends is true.
    Ends(Vec<usize>),
    /// A continuous loop.
    Loop(Vec<usize>),
}

/// The shortest alternating inference chain or loop that proves something, if any.
pub(crate) fn aic(c: &Candidates) -> Option<Step> {
    let g = Graph::new(c);
    let nodes = g.n * g.n * g.n;
    // State s = 2·node + on. prev[s] = previous state; stamp[s] = the start it was seen from.
    let mut prev = vec![usize::MAX; 2 * nodes];
    let mut stamp = vec![usize::MAX; 2 * nodes];
    let mut frontier = Vec::new();
    let mut next = Vec::new();
    let mut best: Option<(Vec<usize>, Conclusion)> = None;
    for start in 0..nodes {
        if g.present[start / 64] >> (start % 64) & 1 == 0 || g.strong_of(start).is_empty() {
            continue;
        }
        let limit = best.as_ref().map_or(MAX_NODES, |b| b.0.len() - 1);
        let s0 = 2 * start;
        stamp[s0] = start;
        prev[s0] = s0;
        frontier.clear();
        frontier.push(s0);
        // Nodes on the path so far after `len` states.
        let mut len = 1;
        'bfs: while !frontier.is_empty() && len < limit {
            next.clear();
            len += 1;
            for &s in &frontier {
                let (v, on) = (s / 2, s % 2 == 1);
                if !on {
                    for &w in g.strong_of(v) {
                        let t = 2 * w + 1;
                        if stamp[t] == start {
                            continue;
                        }
                        stamp[t] = start;
                        prev[t] = s;
                        next.push(t);
                        if let Some(found) = conclude(&g, start, w, t, &prev) {
                            best = Some(found);
                            break 'bfs;
                        }
                    }
                } else {
                    let row = g.weak_row(v);
                    for (wi, &word) in row.iter().enumerate() {
                        let mut m = word;
                        while m != 0 {
                            let w = wi * 64 + m.trailing_zeros() as usize;
                            m &= m - 1;
                            let t = 2 * w;
                            if stamp[t] == start {
                                continue;
                            }
                            stamp[t] = start;
                            prev[t] = s;
                            next.push(t);
                        }
                    }
                }
            }
            std::mem::swap(&mut frontier, &mut next);
        }
    }
    let (path, conclusion) = best?;
    Some(step(c, &g, &path, conclusion))
}

/// The path of nodes from the start to state `t`.
fn path_to(prev: &[usize], t: usize) -> Vec<usize> {
    let mut states = vec![t];
    let mut s = t;
    while prev[s] != s {
        s = prev[s];
        states.push(s);
    }
    states.reverse();
    states.into_iter().map(|s| s / 2).collect()
}

/// What reaching `end` (true) from `start` (false) proves, with the path, if anything new.
fn conclude(
    g: &Graph,
    start: usize,
    end: usize,
    t: usize,
    prev: &[usize],
) -> Option<(Vec<usize>, Conclusion)> {
    if end == start {
        return Some((path_to(prev, t), Conclusion::Place));
    }
    // Most states prove nothing: tell without building the path (this runs per BFS state).
    let closes = g.is_weak(end, start);
    if !closes && !g.shares_weak(start, end) {
        return None;
    }
    let path = path_to(prev, t);
    let distinct = {
        let mut p = path.clone();
        p.sort_unstable();
        p.dedup();
        p.len() == path.len()
    };
    if distinct && path.len() >= 4 && closes {
        // Weak links of the loop: (path[1], path[2]), (path[3], path[4]), ..., (end, start).
        let mut elim = Vec::new();
        for i in (1..path.len()).step_by(2) {
            let (a, b) = (path[i], path[(i + 1) % path.len()]);
            for v in g.common_weak(a, b, &path) {
                if !elim.contains(&v) {
                    elim.push(v);
                }
            }
        }
        if !elim.is_empty() {
            return Some((path, Conclusion::Loop(elim)));
        }
    }
    let elim = g.common_weak(start, end, &path);
    (!elim.is_empty()).then_some((path, Conclusion::Ends(elim)))
}

fn step(c: &Candidates, g: &Graph, path: &[usize], conclusion: Conclusion) -> Step {
    // Eureka notation: (d)rNcM, "=" for a strong link, "-" for a weak one.
    let notation: String = path
        .iter()
        .enumerate()
        .map(|(i, &v)| {
            let (cell, d) = g.candidate(v);
            let link = if i == 0 {
                ""
            } else if i % 2 == 1 {
                " = "
            } else {
                " - "
            };
            format!("{link}({d}){}", c.name(cell))
        })
        .collect();
    let cells: Vec<usize> = {
        let mut v: Vec<usize> = path.iter().map(|&x| x / g.n).collect();
        v.dedup();
        v
    };
    let chain: Vec<(usize, u8)> = path.iter().map(|&v| g.candidate(v)).collect();
    let (s_cell, s_d) = chain[0];
    let (e_cell, e_d) = chain[chain.len() - 1];
    let (placements, eliminations, explanation) = match conclusion {
        Conclusion::Place => (
            vec![(s_cell, s_d)],
            vec![],
            format!(
                "{notation}: if {} were not {s_d} the chain would make it {s_d}, so it is {s_d}",
                c.name(s_cell)
            ),
        ),
        Conclusion::Ends(elim) => (
            vec![],
            elim.iter().map(|&v| g.candidate(v)).collect(),
            format!(
                "{notation}: if {} is not {s_d} then {} is {e_d}, so one of them is true and candidates that see both are false",
                c.name(s_cell),
                c.name(e_cell)
            ),
        ),
        Conclusion::Loop(elim) => (
            vec![],
            elim.iter().map(|&v| g.candidate(v)).collect(),
            format!(
                "{notation} - ({s_d}){} closes a continuous loop: every weak link in it holds exactly one true candidate, so candidates that see both ends of one are false",
                c.name(s_cell)
            ),
        ),
    };
    Step {
        technique: Technique::Aic,
        pattern: cells,
        placements,
        eliminations,
        chain,
        explanation,
    }
}
