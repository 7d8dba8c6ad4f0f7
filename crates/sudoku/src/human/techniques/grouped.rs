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
    let mut best: Option<(Vec<Vec<usize>>, u8, Vec<usize>)> = None;
    for d in 1..=n as u8 {
        let g = DigitGraph::new(c, d, words);
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

/// A node's cells, all on one line: the line and the places on it (one cell reads as a row's).
#[derive(Clone, Copy, PartialEq, Eq)]
struct Node {
    column: bool,
    line: usize,
    places: u64,
}

impl Node {
    /// The node of the cells of `unit` at the places `of` (bit `i` for `unit[i]`).
    fn of(unit: &[usize], of: u64, n: usize) -> Node {
        let first = unit[of.trailing_zeros() as usize];
        let row = first / n;
        let column = in_unit(unit, of).any(|x| x / n != row);
        let (line, pos): (usize, fn(usize, usize) -> usize) = if column {
            (first % n, |x, n| x / n)
        } else {
            (row, |x, n| x % n)
        };
        let places = in_unit(unit, of).fold(0, |m, x| m | 1u64 << pos(x, n));
        Node {
            column,
            line,
            places,
        }
    }

    fn len(self) -> usize {
        self.places.count_ones() as usize
    }

    fn cells(self, n: usize) -> impl Iterator<Item = usize> {
        super::digits(self.places).map(move |d| {
            let pos = usize::from(d) - 1;
            if self.column {
                pos * n + self.line
            } else {
                self.line * n + pos
            }
        })
    }
}

/// The cells of `unit` at the places `of` (bit `i` for `unit[i]`).
fn in_unit(unit: &[usize], of: u64) -> impl Iterator<Item = usize> + '_ {
    super::digits(of).map(move |d| unit[usize::from(d) - 1])
}

/// One digit's nodes and links.
struct DigitGraph {
    n: usize,
    words: usize,
    /// Cells holding the digit, as a bit set.
    holders: Vec<u64>,
    /// Per node (rows of `words`): its cells, and the cells seeing all of them.
    cells: Vec<u64>,
    seen: Vec<u64>,
    nodes: Vec<Node>,
    strong: Vec<Vec<usize>>,
    /// Per node (rows of `weak_words`): the nodes weakly linked to it.
    weak: Vec<u64>,
    weak_words: usize,
}

impl DigitGraph {
    fn new(c: &Candidates, d: u8, words: usize) -> DigitGraph {
        let n = c.shape().size();
        let box_of = |x: usize| c.shape().box_of(x / n, x % n);
        let mut nodes: Vec<Node> = Vec::new();
        let mut strong_pairs: Vec<(usize, usize)> = Vec::new();
        let id = |unit: &[usize], of: u64, nodes: &mut Vec<Node>| -> usize {
            let node = Node::of(unit, of, n);
            nodes.iter().position(|&m| m == node).unwrap_or_else(|| {
                nodes.push(node);
                nodes.len() - 1
            })
        };
        let lines: [fn(usize, usize) -> usize; 2] = [|x, n| x / n, |x, n| x % n];
        for (u, unit) in c.units().iter().enumerate() {
            // The digit's places in the unit (bit `i` for `unit[i]`), and the part of them
            // passing a test.
            let places = (0..unit.len())
                .filter(|&i| c.has(unit[i], d))
                .fold(0u64, |m, i| m | 1 << i);
            if places.count_ones() < 2 {
                continue;
            }
            let part = |keep: &dyn Fn(usize) -> bool| {
                (0..unit.len())
                    .filter(|&i| places >> i & 1 == 1 && keep(unit[i]))
                    .fold(0u64, |m, i| m | 1 << i)
            };
            let alike = |of: u64, f: &dyn Fn(usize) -> usize| {
                let first = f(unit[of.trailing_zeros() as usize]);
                in_unit(unit, of).all(|x| f(x) == first)
            };
            // Two-part splits of the places, each part in one box and on one line.
            let mut add = |a: u64, b: u64, nodes: &mut Vec<Node>| {
                let (ia, ib) = (id(unit, a, nodes), id(unit, b, nodes));
                if !strong_pairs.contains(&(ia, ib)) && !strong_pairs.contains(&(ib, ia)) {
                    strong_pairs.push((ia, ib));
                }
            };
            if u < 2 * n {
                let b0 = box_of(unit[places.trailing_zeros() as usize]);
                let a = part(&|x| box_of(x) == b0);
                let b = places & !a;
                if b != 0 && alike(b, &box_of) {
                    add(a, b, &mut nodes);
                }
            } else {
                for line_a in lines {
                    for p in in_unit(unit, places) {
                        let a = part(&|x| line_a(x, n) == line_a(p, n));
                        let b = places & !a;
                        if b == 0 {
                            continue;
                        }
                        if alike(b, &|x| lines[0](x, n)) || alike(b, &|x| lines[1](x, n)) {
                            add(a, b, &mut nodes);
                        }
                    }
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
            for x in node.cells(n) {
                cells[i * words + x / 64] |= 1 << (x % 64);
                for (s, &p) in seen[i * words..(i + 1) * words]
                    .iter_mut()
                    .zip(c.peer_bits(x))
                {
                    *s &= p;
                }
            }
        }
        let weak_words = nodes.len().div_ceil(64);
        let mut weak = vec![0u64; nodes.len() * weak_words];
        for (i, seen_i) in seen.chunks_exact(words).enumerate() {
            for (j, cells_j) in cells.chunks_exact(words).enumerate().skip(i + 1) {
                if cells_j.iter().zip(seen_i).all(|(&a, &b)| a & !b == 0) {
                    weak[i * weak_words + j / 64] |= 1 << (j % 64);
                    weak[j * weak_words + i / 64] |= 1 << (i % 64);
                }
            }
        }
        let mut holders = vec![0u64; words];
        for x in (0..n * n).filter(|&x| c.has(x, d)) {
            holders[x / 64] |= 1 << (x % 64);
        }
        DigitGraph {
            n,
            words,
            holders,
            cells,
            seen,
            nodes,
            strong,
            weak,
            weak_words,
        }
    }

    /// The nodes weakly linked to `v`, in order.
    fn weak_of(&self, v: usize) -> impl Iterator<Item = usize> + '_ {
        let row = &self.weak[v * self.weak_words..(v + 1) * self.weak_words];
        row.iter().enumerate().flat_map(|(k, &w)| {
            let mut m = w;
            std::iter::from_fn(move || {
                (m != 0).then(|| {
                    let j = m.trailing_zeros() as usize;
                    m &= m - 1;
                    k * 64 + j
                })
            })
        })
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
        let mut targets: Vec<usize> = Vec::new();
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
                    targets.clear();
                    if on {
                        targets.extend(self.weak_of(v));
                    } else {
                        targets.extend_from_slice(&self.strong[v]);
                    }
                    for &w in &targets {
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
                            let nodes = path
                                .iter()
                                .map(|&p| self.nodes[p].cells(self.n).collect())
                                .collect();
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
