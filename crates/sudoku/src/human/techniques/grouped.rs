//! Grouped X-chains: X-chains on one digit whose nodes may be *groups*, the digit's candidates
//! in one box on one line, read as "the digit is in one of these cells".
//!
//! A strong link joins two disjoint nodes that hold all the digit's places in a unit (a line
//! whose places lie in two boxes; a box whose places split into two parts, each on one line).
//! A weak link joins two disjoint nodes whose cells all see each other. The chain alternates
//! them, starting and ending with a strong link; one of its two end nodes holds the digit, so a
//! cell seeing every cell of both ends loses it. With two strong links this covers the grouped
//! skyscraper and grouped 2-string kite (SE's "grouped 2 strong links", 4.3), with more the
//! grouped X-chains (5.7 for three, 6.1 for four).

use crate::human::technique::Technique;
use crate::human::{Candidates, Step};
use std::collections::HashMap;

/// The shortest grouped X-chain with between `min_links` and `max_links` strong links that
/// uses at least one group and eliminates something.
pub(crate) fn grouped_x_chain(
    c: &Candidates,
    min_links: usize,
    max_links: usize,
    t: Technique,
) -> Option<Step> {
    let n = c.shape().size();
    let words = (n * n).div_ceil(64);
    // Per cell, its peers as a bit set.
    let mut peers = vec![0u64; n * n * words];
    for x in 0..n * n {
        for p in c.peers(x) {
            peers[x * words + p / 64] |= 1 << (p % 64);
        }
    }
    let mut best: Option<(Vec<Vec<usize>>, u8, Vec<usize>)> = None;
    for d in 1..=n as u8 {
        let g = DigitGraph::new(c, d, &peers, words);
        let limit = best.as_ref().map_or(2 * max_links, |b| b.0.len() - 1);
        if let Some((path, elim)) = g.shortest(2 * min_links, limit) {
            best = Some((path, d, elim));
        }
    }
    let (path, d, elim) = best?;
    let name = |node: &Vec<usize>| -> String {
        if node.len() == 1 {
            c.name(node[0])
        } else {
            format!(
                "{{{}}}",
                node.iter()
                    .map(|&x| c.name(x))
                    .collect::<Vec<_>>()
                    .join(" ")
            )
        }
    };
    let notation: String = path
        .iter()
        .enumerate()
        .map(|(i, node)| {
            let link = match i {
                0 => "",
                _ if i % 2 == 1 => " = ",
                _ => " - ",
            };
            format!("{link}{}", name(node))
        })
        .collect();
    let mut pattern: Vec<usize> = path.iter().flatten().copied().collect();
    pattern.dedup();
    Some(Step {
        technique: t,
        // One candidate per node (its first cell): the chain's length is its node count.
        chain: path.iter().map(|node| (node[0], d)).collect(),
        pattern,
        placements: vec![],
        eliminations: elim.iter().map(|&x| (x, d)).collect(),
        explanation: format!(
            "on {d}, the chain {notation} (braces: {d} in one of those cells) alternates strong (=) and weak (-) links, so {d} is in {} or in {}: cells seeing both lose {d}",
            name(&path[0]),
            name(&path[path.len() - 1])
        ),
    })
}

/// One digit's nodes and links.
struct DigitGraph {
    words: usize,
    /// Cells holding the digit, as a bit set.
    holders: Vec<u64>,
    /// Per node (rows of `words`): its cells, and the cells seeing all of them.
    cells: Vec<u64>,
    seen: Vec<u64>,
    nodes: Vec<Vec<usize>>,
    strong: Vec<Vec<usize>>,
    weak: Vec<Vec<usize>>,
}

impl DigitGraph {
    fn new(c: &Candidates, d: u8, peers: &[u64], words: usize) -> DigitGraph {
        let n = c.shape().size();
        let box_of = |x: usize| c.shape().box_of(x / n, x % n);
        let mut ids: HashMap<Vec<usize>, usize> = HashMap::new();
        let mut nodes: Vec<Vec<usize>> = Vec::new();
        let mut strong_pairs: Vec<(usize, usize)> = Vec::new();
        let mut id = |cells: Vec<usize>, nodes: &mut Vec<Vec<usize>>| -> usize {
            *ids.entry(cells.clone()).or_insert_with(|| {
                nodes.push(cells);
                nodes.len() - 1
            })
        };
        for (u, unit) in c.units().iter().enumerate() {
            let places: Vec<usize> = unit.iter().copied().filter(|&x| c.has(x, d)).collect();
            if places.len() < 2 {
                continue;
            }
            // Two-part splits of the places, each part in one box and on one line.
            let mut splits: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
            if u < 2 * n {
                let b0 = box_of(places[0]);
                let (a, b): (Vec<usize>, Vec<usize>) =
                    places.iter().partition(|&&x| box_of(x) == b0);
                if !b.is_empty() && b.iter().all(|&x| box_of(x) == box_of(b[0])) {
                    splits.push((a, b));
                }
            } else {
                let lines: [fn(usize, usize) -> usize; 2] = [|x, n| x / n, |x, n| x % n];
                for line_a in lines {
                    for &p in &places {
                        let (a, b): (Vec<usize>, Vec<usize>) =
                            places.iter().partition(|&&x| line_a(x, n) == line_a(p, n));
                        if b.is_empty() {
                            continue;
                        }
                        let one_line = |v: &[usize], f: fn(usize, usize) -> usize| {
                            v.iter().all(|&x| f(x, n) == f(v[0], n))
                        };
                        if one_line(&b, lines[0]) || one_line(&b, lines[1]) {
                            splits.push((a, b));
                        }
                    }
                }
            }
            for (a, b) in splits {
                let (ia, ib) = (id(a, &mut nodes), id(b, &mut nodes));
                if !strong_pairs.contains(&(ia, ib)) && !strong_pairs.contains(&(ib, ia)) {
                    strong_pairs.push((ia, ib));
                }
            }
        }
        let mut strong = vec![Vec::new(); nodes.len()];
        for (a, b) in strong_pairs {
            strong[a].push(b);
            strong[b].push(a);
        }
        // Per node, its cells and the cells seeing all of them, as bit sets: B is weakly
        // linked to A when B's cells are among those seeing all of A's.
        let mut cells = vec![0u64; nodes.len() * words];
        let mut seen = vec![u64::MAX; nodes.len() * words];
        for (i, node) in nodes.iter().enumerate() {
            for &x in node {
                cells[i * words + x / 64] |= 1 << (x % 64);
                for w in 0..words {
                    seen[i * words + w] &= peers[x * words + w];
                }
            }
        }
        let mut weak = vec![Vec::new(); nodes.len()];
        for i in 0..nodes.len() {
            for j in i + 1..nodes.len() {
                let ok = (0..words).all(|w| cells[j * words + w] & !seen[i * words + w] == 0);
                if ok {
                    weak[i].push(j);
                    weak[j].push(i);
                }
            }
        }
        let mut holders = vec![0u64; words];
        for x in (0..n * n).filter(|&x| c.has(x, d)) {
            holders[x / 64] |= 1 << (x % 64);
        }
        DigitGraph {
            words,
            holders,
            cells,
            seen,
            nodes,
            strong,
            weak,
        }
    }

    /// The shortest chain (as node cell lists) of at least `min_nodes` and at most
    /// `max_nodes` nodes using a group, with its eliminations.
    fn shortest(
        &self,
        min_nodes: usize,
        max_nodes: usize,
    ) -> Option<(Vec<Vec<usize>>, Vec<usize>)> {
        let m = self.nodes.len();
        let mut best: Option<(Vec<Vec<usize>>, Vec<usize>)> = None;
        let mut prev = vec![usize::MAX; 2 * m];
        let mut touched: Vec<usize> = Vec::new();
        for start in 0..m {
            if self.strong[start].is_empty() {
                continue;
            }
            let limit = best.as_ref().map_or(max_nodes, |b| b.0.len() - 1);
            for t in touched.drain(..) {
                prev[t] = usize::MAX;
            }
            touched.push(2 * start);
            // State 2·node + (1 if reached by a strong link, so "on").
            prev[2 * start] = 2 * start;
            let mut frontier = vec![2 * start];
            let mut len = 1;
            'bfs: while !frontier.is_empty() && len < limit {
                len += 1;
                let mut next = Vec::new();
                for &s in &frontier {
                    let (v, on) = (s / 2, s % 2 == 1);
                    let targets = if on { &self.weak[v] } else { &self.strong[v] };
                    for &w in targets {
                        let t = 2 * w + usize::from(!on);
                        if prev[t] != usize::MAX {
                            continue;
                        }
                        prev[t] = s;
                        touched.push(t);
                        next.push(t);
                        if on || len < min_nodes {
                            continue;
                        }
                        // Reached w "on" by a strong link: the ends are start and w; a
                        // cell holding the digit and seeing all cells of both loses it.
                        let wd = self.words;
                        let mut elim = Vec::new();
                        for k in 0..wd {
                            let mut m = self.holders[k]
                                & self.seen[start * wd + k]
                                & self.seen[w * wd + k]
                                & !self.cells[start * wd + k]
                                & !self.cells[w * wd + k];
                            while m != 0 {
                                elim.push(k * 64 + m.trailing_zeros() as usize);
                                m &= m - 1;
                            }
                        }
                        if elim.is_empty() {
                            continue;
                        }
                        let mut path = vec![w];
                        let mut cur = t;
                        while prev[cur] != cur {
                            cur = prev[cur];
                            path.push(cur / 2);
                        }
                        path.reverse();
                        if path.iter().all(|&p| self.nodes[p].len() == 1) {
                            continue; // a plain X-chain, found earlier
                        }
                        if !elim.is_empty() {
                            let nodes = path.iter().map(|&p| self.nodes[p].clone()).collect();
                            best = Some((nodes, elim));
                            break 'bfs;
                        }
                    }
                }
                frontier = next;
            }
        }
        best
    }
}
