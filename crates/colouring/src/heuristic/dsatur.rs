//! DSATUR (Brélaz 1979): the greedy colouring the searches start from.

use crate::encode::Colouring;
use crate::graph::Graph;
use fixedbitset::FixedBitSet;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// DSATUR (Brélaz 1979): repeatedly colour the uncoloured vertex with the most distinct
/// colours among its neighbours (ties: most uncoloured neighbours, then lowest index) with
/// the smallest colour it can take. Precoloured vertices keep their colour. `O(n² + n·m/64)`.
pub fn dsatur(g: &Graph, precoloured: &[(usize, u32)]) -> Colouring {
    let n = g.len();
    const NONE: u32 = u32::MAX;
    let mut colour = vec![NONE; n];
    // The colours a vertex's neighbours use: at most its degree of them, so sized by it
    // (and grown if a precolour is larger): O(n + m) bits, not n².
    let mut seen: Vec<FixedBitSet> = (0..n)
        .map(|v| FixedBitSet::with_capacity(g.degree(v) + 1))
        .collect();
    let mut sat = vec![0usize; n];
    let mut free_deg: Vec<usize> = (0..n).map(|v| g.degree(v)).collect();
    let set = |v: usize,
               c: u32,
               colour: &mut Vec<u32>,
               seen: &mut Vec<FixedBitSet>,
               sat: &mut Vec<usize>,
               free_deg: &mut Vec<usize>| {
        colour[v] = c;
        for &w in g.neighbours(v) {
            let w = w as usize;
            free_deg[w] -= 1;
            let s = &mut seen[w];
            if (c as usize) >= s.len() {
                s.grow(c as usize + 1);
            }
            if !s.put(c as usize) {
                sat[w] += 1;
            }
        }
    };
    for &(v, c) in precoloured {
        set(v, c, &mut colour, &mut seen, &mut sat, &mut free_deg);
    }
    // The next vertex: the most saturated, then the most uncoloured neighbours, then the
    // lowest index — a max-heap of (saturation, free degree, Reverse(vertex)) with lazy
    // deletion (an entry is stale once the vertex is coloured or its keys changed), so
    // O((n + m) log n) instead of a scan of every vertex per step (10⁶ vertices took hours).
    let mut heap: BinaryHeap<(usize, usize, Reverse<usize>)> = (0..n)
        .filter(|&v| colour[v] == NONE)
        .map(|v| (sat[v], free_deg[v], Reverse(v)))
        .collect();
    while let Some((s_v, f_v, Reverse(v))) = heap.pop() {
        if colour[v] != NONE || s_v != sat[v] || f_v != free_deg[v] {
            continue;
        }
        let c = seen[v].zeroes().next().unwrap_or(seen[v].len()) as u32;
        set(v, c, &mut colour, &mut seen, &mut sat, &mut free_deg);
        for &w in g.neighbours(v) {
            let w = w as usize;
            if colour[w] == NONE {
                heap.push((sat[w], free_deg[w], Reverse(w)));
            }
        }
    }
    Colouring { colours: colour }
}
