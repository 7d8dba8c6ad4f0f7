//! Sudoku Explainer's forcing chains and cycles (SukakuExplainer's `Chaining` without multiple
//! or dynamic chains: its 6.5–7.x rule), on static links, to rate the chain steps as SE does.
//!
//! From every candidate assumed on, three passes: links on one digit only (X), through bivalue
//! cells only (Y, cycles only) and both (XY). A *cycle* comes back to its start; the candidates
//! of its digits that see both an "on" and an "off" of the loop go. A *forcing chain* reaches its
//! start's opposite: the start is false (or, assumed off, true). SE rates X and Y cycles from
//! 6.5, forcing X-chains from 6.6 and everything with both kinds of link from 7.0, plus its
//! length difficulty on the number of implications, and takes the least difficult, then the
//! least complex, then X before Y before XY, then the first found.

use std::collections::VecDeque;

use super::implications::{Potential, Rules, on_to_off, static_off_to_on, text};
use crate::human::technique::Technique;
use crate::human::{Candidates, Step};

/// Nodes of a search, each with its one parent (static links: one cause each) and its depth
/// (the potentials of its line).
#[derive(Default)]
struct Arena {
    nodes: Vec<(Potential, Option<usize>)>,
    depths: Vec<usize>,
}

impl Arena {
    fn push(&mut self, p: Potential, parent: Option<usize>) -> usize {
        self.nodes.push((p, parent));
        self.depths.push(parent.map_or(1, |i| self.depths[i] + 1));
        self.nodes.len() - 1
    }

    /// The depth of the first node of a queue (a search goes level by level: all alike).
    fn depth_of_queue(&self, queue: &VecDeque<usize>) -> Option<usize> {
        queue.front().map(|&i| self.depths[i])
    }

    /// The line from the start to `node`.
    fn line(&self, node: usize) -> Vec<Potential> {
        let mut line = Vec::new();
        let mut at = Some(node);
        while let Some(i) = at {
            line.push(self.nodes[i].0);
            at = self.nodes[i].1;
        }
        line.reverse();
        line
    }

    /// Whether `q` is a strict ancestor of `node` (SE's `isParent`).
    fn descends_from(&self, node: usize, q: Potential) -> bool {
        let mut at = self.nodes[node].1;
        while let Some(i) = at {
            if self.nodes[i].0 == q {
                return true;
            }
            at = self.nodes[i].1;
        }
        false
    }
}

/// The strongly connected components of a pass's implication graph (Tarjan's numbering: a
/// component reaches only components numbered lower). A line from `a` to `b` stays among the
/// components numbered from `b`'s to `a`'s, and a loop within its start's component: the
/// searches skip every potential outside, which changes nothing they find, since no line
/// through such a potential comes back (SE searches them all).
struct Components {
    n: usize,
    comp: Vec<u32>,
    size: Vec<u32>,
}

impl Components {
    fn of(links: &Links, marks: &[u64], (y, x): (bool, bool)) -> Components {
        let n = links.n;
        let total = 2 * n * n * n;
        // The graph in one buffer: the targets of every potential present.
        let mut start = vec![0u32; total + 1];
        let mut targets: Vec<u32> = Vec::new();
        let mut out = Vec::new();
        for v in 0..total {
            let p = Potential::of_id(n, v);
            if marks[p.cell] >> (p.digit - 1) & 1 == 1 {
                if p.on {
                    links.offs(p, y, &mut out);
                } else {
                    links.ons(p, y, x, &mut out);
                }
                targets.extend(out.iter().map(|&q| q.id(n) as u32));
            }
            start[v + 1] = targets.len() as u32;
        }
        // Tarjan's algorithm without recursion: (node, next edge) frames.
        const NONE: u32 = u32::MAX;
        let mut index = vec![NONE; total];
        let mut low = vec![0u32; total];
        let mut on_stack = vec![false; total];
        let mut stack: Vec<u32> = Vec::new();
        let mut frames: Vec<(u32, u32)> = Vec::new();
        let mut comp = vec![NONE; total];
        let mut size = Vec::new();
        let mut next = 0u32;
        for root in 0..total {
            if index[root] != NONE || !has(marks, n, root) {
                continue;
            }
            frames.push((root as u32, start[root]));
            index[root] = next;
            low[root] = next;
            next += 1;
            stack.push(root as u32);
            on_stack[root] = true;
            while let Some(&mut (v, ref mut e)) = frames.last_mut() {
                let v = v as usize;
                if *e < start[v + 1] {
                    let w = targets[*e as usize] as usize;
                    *e += 1;
                    if index[w] == NONE {
                        index[w] = next;
                        low[w] = next;
                        next += 1;
                        stack.push(w as u32);
                        on_stack[w] = true;
                        frames.push((w as u32, start[w]));
                    } else if on_stack[w] {
                        low[v] = low[v].min(index[w]);
                    }
                    continue;
                }
                frames.pop();
                if let Some(&(u, _)) = frames.last() {
                    low[u as usize] = low[u as usize].min(low[v]);
                }
                if low[v] == index[v] {
                    let c = size.len() as u32;
                    let mut members = 0;
                    while let Some(w) = stack.pop() {
                        on_stack[w as usize] = false;
                        comp[w as usize] = c;
                        members += 1;
                        if w as usize == v {
                            break;
                        }
                    }
                    size.push(members);
                }
            }
        }
        Components { n, comp, size }
    }

    fn of_potential(&self, p: Potential) -> u32 {
        self.comp[p.id(self.n)]
    }

    /// Whether a loop can pass through `p` (its component has more than it).
    fn loops(&self, p: Potential) -> bool {
        self.size[self.of_potential(p) as usize] > 1
    }

    /// The components a line from `a` to `b` can pass through, or `None` when there is none.
    fn between(&self, a: Potential, b: Potential) -> Option<std::ops::RangeInclusive<u32>> {
        let (ca, cb) = (self.of_potential(a), self.of_potential(b));
        (cb <= ca).then_some(cb..=ca)
    }
}

/// Whether the potential of index `v` is a candidate.
fn has(marks: &[u64], n: usize, v: usize) -> bool {
    let p = Potential::of_id(n, v);
    marks[p.cell] >> (p.digit - 1) & 1 == 1
}

/// Membership of potentials by id, emptied in O(1) between searches (a stamp per id).
struct Seen {
    n: usize,
    stamps: Vec<u32>,
    now: u32,
}

impl Seen {
    fn new(n: usize) -> Seen {
        Seen {
            n,
            stamps: vec![0; 2 * n * n * n],
            now: 1,
        }
    }

    fn clear(&mut self) {
        self.now += 1;
    }

    fn id(&self, p: Potential) -> usize {
        p.id(self.n)
    }

    /// Marks `p`; whether it was new.
    fn insert(&mut self, p: Potential) -> bool {
        let id = self.id(p);
        std::mem::replace(&mut self.stamps[id], self.now) != self.now
    }

    fn contains(&self, p: Potential) -> bool {
        self.stamps[self.id(p)] == self.now
    }
}

/// A list per candidate, in one buffer.
#[derive(Default)]
struct Lists {
    items: Vec<Potential>,
    spans: Vec<(u32, u32)>,
}

impl Lists {
    fn push(&mut self, list: &[Potential]) {
        let start = self.items.len() as u32;
        self.items.extend_from_slice(list);
        self.spans.push((start, self.items.len() as u32));
    }

    fn get(&self, v: usize) -> &[Potential] {
        let (a, b) = self.spans[v];
        &self.items[a as usize..b as usize]
    }
}

/// The static links of the grid, per candidate, read once per step since every search follows
/// thousands of them: what its "on" turns off (the other digits of its cell; the digit in its
/// box, row and column) and what its "off" turns on (the other digit of a bivalue cell; its
/// other place in a box, row or column that holds two), in SE's order.
struct Links {
    n: usize,
    cell_offs: Lists,
    peer_offs: Lists,
    cell_on: Vec<Option<Potential>>,
    unit_ons: Lists,
}

impl Links {
    fn of(c: &Candidates, marks: &[u64]) -> Links {
        let n = c.shape().size();
        let only = |cells: bool| Rules {
            cells,
            regions: !cells,
            dynamic: false,
            nested: false,
        };
        let mut links = Links {
            n,
            cell_offs: Lists::default(),
            peer_offs: Lists::default(),
            cell_on: vec![None; n * n * n],
            unit_ons: Lists::default(),
        };
        let mut made = Vec::new();
        for x in 0..n * n {
            for digit in 1..=n as u8 {
                let v = x * n + usize::from(digit) - 1;
                if marks[x] >> (digit - 1) & 1 == 0 {
                    links.cell_offs.push(&[]);
                    links.peer_offs.push(&[]);
                    links.unit_ons.push(&[]);
                    continue;
                }
                let on = Potential {
                    cell: x,
                    digit,
                    on: true,
                };
                let others: Vec<Potential> = super::digits(marks[x] & !(1u64 << (digit - 1)))
                    .map(|d| Potential {
                        cell: x,
                        digit: d,
                        on: false,
                    })
                    .collect();
                links.cell_offs.push(&others);
                on_to_off(c, marks, only(false), on, &mut made);
                links.peer_offs.push(&made);
                let off = Potential { on: false, ..on };
                static_off_to_on(c, marks, only(true), off, &mut made);
                links.cell_on[v] = made.first().copied();
                static_off_to_on(c, marks, only(false), off, &mut made);
                links.unit_ons.push(&made);
            }
        }
        links
    }

    /// What the "on" `p` turns off: its cell's other digits (`y`), then its peers' digit.
    fn offs(&self, p: Potential, y: bool, out: &mut Vec<Potential>) {
        out.clear();
        let v = p.cell * self.n + usize::from(p.digit) - 1;
        if y {
            out.extend_from_slice(self.cell_offs.get(v));
        }
        out.extend_from_slice(self.peer_offs.get(v));
    }

    /// What the "off" `p` turns on: through its cell (`y`), then its units (`x`).
    fn ons(&self, p: Potential, y: bool, x: bool, out: &mut Vec<Potential>) {
        out.clear();
        let v = p.cell * self.n + usize::from(p.digit) - 1;
        if y {
            out.extend(self.cell_on[v]);
        }
        if x {
            out.extend_from_slice(self.unit_ons.get(v));
        }
    }
}

/// Buffers every search reuses.
struct Scratch {
    arena: Arena,
    on_seen: Seen,
    off_seen: Seen,
    pending_on: VecDeque<usize>,
    pending_off: VecDeque<usize>,
    found: Vec<Potential>,
    made: Vec<Potential>,
}

impl Scratch {
    fn new(n: usize) -> Scratch {
        Scratch {
            arena: Arena::default(),
            on_seen: Seen::new(n),
            off_seen: Seen::new(n),
            pending_on: VecDeque::new(),
            pending_off: VecDeque::new(),
            found: Vec::new(),
            made: Vec::new(),
        }
    }

    fn clear(&mut self) {
        self.arena.nodes.clear();
        self.arena.depths.clear();
        self.on_seen.clear();
        self.off_seen.clear();
        self.pending_on.clear();
        self.pending_off.clear();
    }
}

/// One of SE's hints of this rule.
struct Hint {
    difficulty: f64,
    complexity: usize,
    /// SE's sort key: X 2, Y 3, XY 4.
    rank: u8,
    cycle: bool,
    line: Vec<Potential>,
    eliminations: Vec<(usize, u8)>,
    placements: Vec<(usize, u8)>,
}

/// A tenth per step of SE's length difficulty, added as SE adds it (so that equal-looking
/// difficulties compare as SE's do).
fn difficulty(base: f64, complexity: usize) -> f64 {
    let (mut added, mut ceil, mut odd) = (0.0, 4usize, false);
    let length = complexity.saturating_sub(2);
    while length > ceil {
        added += 0.1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    base + added
}

/// The best hint so far: the least difficult, then least complex, then X before Y before XY,
/// then the first found (SE's stable sort).
#[derive(Default)]
struct Best {
    hint: Option<Hint>,
}

impl Best {
    /// Whether a hint of `base` and `complexity` found in pass `rank` would beat the best (a
    /// later hint wins only when strictly better).
    fn can_win(&self, base: f64, complexity: usize, rank: u8) -> bool {
        self.hint.as_ref().is_none_or(|b| {
            (difficulty(base, complexity), complexity, rank) < (b.difficulty, b.complexity, b.rank)
        })
    }
}

/// What a search is for: its pass's rank and base ratings, and the best hint so far, which
/// each search tightens as it finds better ones and stops when nothing deeper can win.
struct Pass<'a> {
    best: &'a mut Best,
    rank: u8,
    base: f64,
    components: &'a Components,
}

impl Pass<'_> {
    fn can_win(&self, complexity: usize) -> bool {
        self.best.can_win(self.base, complexity, self.rank)
    }

    fn offer(&mut self, hint: Hint) {
        if self.can_win(hint.complexity) {
            self.best.hint = Some(hint);
        }
    }
}

/// SE's least difficult forcing chain or cycle, as a step and its rating. Each search stops
/// where nothing it could still find would beat the best so far.
pub(crate) fn forcing_chains_and_cycles(c: &Candidates) -> Option<(Step, f64)> {
    let n = c.shape().size();
    let marks: Vec<u64> = (0..n * n).map(|x| c.mask(x)).collect();
    let links = Links::of(c, &marks);
    let mut best = Best::default();
    search(c, &marks, &links, &mut best, &mut Scratch::new(n));
    let hint = best.hint?;
    Some((step(c, &hint), hint.difficulty))
}

/// Every start of the three passes (X, Y, XY), in SE's order.
fn search(c: &Candidates, marks: &[u64], links: &Links, best: &mut Best, sc: &mut Scratch) {
    let n = c.shape().size();
    for (y, x) in [(false, true), (true, false), (true, true)] {
        let rank = if x && y {
            4
        } else if y {
            3
        } else {
            2
        };
        let (cycle_base, chain_base): (f64, f64) = if x && y { (7.0, 7.0) } else { (6.5, 6.6) };
        if !best.can_win(cycle_base.min(chain_base), 2, rank) {
            continue;
        }
        let components = Components::of(links, marks, (y, x));
        for cell in (0..n * n).filter(|&z| c.value(z) == 0 && marks[z].count_ones() > 1) {
            // Y-cycles start from bivalue cells only.
            if !x && marks[cell].count_ones() > 2 {
                continue;
            }
            for digit in super::digits(marks[cell]) {
                let start = Potential {
                    cell,
                    digit,
                    on: true,
                };
                let mut pass = Pass {
                    best,
                    rank,
                    base: cycle_base,
                    components: &components,
                };
                cycles(c, marks, links, (y, x), start, &mut pass, sc);
                if x {
                    pass.base = chain_base;
                    for from in [start, Potential { on: false, ..start }] {
                        forcing_chains(links, y, from, &mut pass, sc);
                    }
                }
            }
        }
    }
}

/// The loops from `start` back to itself (SE's `doCycles`): breadth first, level by level, an
/// "off" reached again by another way followed again, an "on" only once.
fn cycles(
    c: &Candidates,
    marks: &[u64],
    links: &Links,
    (y, x): (bool, bool),
    start: Potential,
    pass: &mut Pass,
    sc: &mut Scratch,
) {
    if !pass.components.loops(start) {
        return;
    }
    let home = pass.components.of_potential(start);
    sc.clear();
    sc.on_seen.insert(start);
    let first = sc.arena.push(start, None);
    sc.pending_on.push_back(first);
    let mut length = 0;
    while !sc.pending_on.is_empty() || !sc.pending_off.is_empty() {
        // Loops closed after these "ons" have at least one more implication.
        if sc
            .arena
            .depth_of_queue(&sc.pending_on)
            .is_some_and(|d| !pass.can_win(d + 1))
        {
            return;
        }
        length += 1;
        while let Some(i) = sc.pending_on.pop_front() {
            links.offs(sc.arena.nodes[i].0, y, &mut sc.found);
            for &q in &sc.found {
                if pass.components.of_potential(q) == home && !sc.arena.descends_from(i, q) {
                    let j = sc.arena.push(q, Some(i));
                    sc.pending_off.push_back(j);
                }
            }
        }
        length += 1;
        // A loop closed by these "offs" has as many implications as their depth.
        if sc
            .arena
            .depth_of_queue(&sc.pending_off)
            .is_some_and(|d| !pass.can_win(d))
        {
            return;
        }
        while let Some(i) = sc.pending_off.pop_front() {
            links.ons(sc.arena.nodes[i].0, y, x, &mut sc.made);
            for k in 0..sc.made.len() {
                let q = sc.made[k];
                if pass.components.of_potential(q) != home {
                    continue;
                }
                let j = sc.arena.push(q, Some(i));
                if length >= 4 && q == start && pass.can_win(sc.arena.depths[j] - 1) {
                    let line = sc.arena.line(j);
                    let eliminations = cycle_eliminations(c, marks, &line);
                    if !eliminations.is_empty() {
                        pass.offer(Hint {
                            difficulty: difficulty(pass.base, line.len() - 1),
                            complexity: line.len() - 1,
                            rank: pass.rank,
                            cycle: true,
                            line,
                            eliminations,
                            placements: vec![],
                        });
                    }
                }
                if sc.on_seen.insert(q) {
                    sc.pending_on.push_back(j);
                }
            }
        }
    }
}

/// The chains from `from` to its opposite (SE's `doForcingChains`): the start is false
/// (assumed on) or true (assumed off).
fn forcing_chains(links: &Links, y: bool, from: Potential, pass: &mut Pass, sc: &mut Scratch) {
    let opposite = Potential {
        on: !from.on,
        ..from
    };
    let Some(between) = pass.components.between(from, opposite) else {
        return;
    };
    let on_line = |q: Potential| between.contains(&pass.components.of_potential(q));
    sc.clear();
    let first = sc.arena.push(from, None);
    if from.on {
        sc.on_seen.insert(from);
        sc.pending_on.push_back(first);
    } else {
        sc.off_seen.insert(from);
        sc.pending_off.push_back(first);
    }
    let (placements, eliminations) = if from.on {
        (vec![], vec![(from.cell, from.digit)])
    } else {
        (vec![(from.cell, from.digit)], vec![])
    };
    let reach = |arena: &Arena, j: usize, pass: &mut Pass| {
        if pass.can_win(arena.depths[j]) {
            let line = arena.line(j);
            pass.offer(Hint {
                difficulty: difficulty(pass.base, line.len()),
                complexity: line.len(),
                rank: pass.rank,
                cycle: false,
                line,
                eliminations: eliminations.clone(),
                placements: placements.clone(),
            });
        }
    };
    // A chain ending after a queue's nodes has one more implication than their depth.
    let deep = |arena: &Arena, queue: &VecDeque<usize>, pass: &Pass| {
        arena
            .depth_of_queue(queue)
            .is_some_and(|d| !pass.can_win(d + 1))
    };
    while !sc.pending_on.is_empty() || !sc.pending_off.is_empty() {
        for from_on in [true, false] {
            let queue = if from_on {
                &sc.pending_on
            } else {
                &sc.pending_off
            };
            if deep(&sc.arena, queue, pass) {
                return;
            }
            expand(
                links,
                y,
                from_on,
                sc,
                &on_line,
                opposite,
                &mut |arena, j| reach(arena, j, pass),
            );
        }
    }
}

/// One level of a forcing-chain search: every "on" (`from_on`) or "off" queued is followed to
/// what it implies on the line; each potential is queued once, and `reached` hears of every
/// arrival at `opposite`.
fn expand(
    links: &Links,
    y: bool,
    from_on: bool,
    sc: &mut Scratch,
    on_line: &dyn Fn(Potential) -> bool,
    opposite: Potential,
    reached: &mut dyn FnMut(&Arena, usize),
) {
    let (queue, next, seen) = if from_on {
        (&mut sc.pending_on, &mut sc.pending_off, &mut sc.off_seen)
    } else {
        (&mut sc.pending_off, &mut sc.pending_on, &mut sc.on_seen)
    };
    while let Some(i) = queue.pop_front() {
        let p = sc.arena.nodes[i].0;
        if from_on {
            links.offs(p, y, &mut sc.found);
        } else {
            links.ons(p, y, true, &mut sc.found);
        }
        for &q in &sc.found {
            if on_line(q) && (q == opposite || !seen.contains(q)) {
                let j = sc.arena.push(q, Some(i));
                if q == opposite {
                    reached(&sc.arena, j);
                }
                if seen.insert(q) {
                    next.push_back(j);
                }
            }
        }
    }
}

/// What a cycle removes (SE's `createCycleHint`): outside the loop's cells, the candidates of
/// its digits that see one of its "on" candidates and one of its "off" candidates.
fn cycle_eliminations(c: &Candidates, marks: &[u64], line: &[Potential]) -> Vec<(usize, u8)> {
    let n = c.shape().size();
    // The line runs start → … → start: every node but the first.
    let nodes = &line[1..];
    let in_loop = |z: usize| nodes.iter().any(|p| p.cell == z);
    let mut forward = vec![0u64; n * n];
    let mut back = vec![0u64; n * n];
    for p in nodes {
        let bit = 1u64 << (p.digit - 1);
        for z in c.peers(p.cell) {
            if !in_loop(z) && marks[z] & bit != 0 {
                if p.on {
                    forward[z] |= bit;
                } else {
                    back[z] |= bit;
                }
            }
        }
    }
    let mut out = Vec::new();
    for (z, (&f, &b)) in forward.iter().zip(&back).enumerate() {
        if f & b != 0 {
            out.extend(super::digits(f & b).map(|d| (z, d)));
        }
    }
    out
}

/// The step of a hint, named by its links: one digit (X-chain), bivalue cells only (XY-chain),
/// or both (alternating inference chain).
fn step(c: &Candidates, hint: &Hint) -> Step {
    let one_digit = hint.line.iter().all(|p| p.digit == hint.line[0].digit);
    let in_cells = hint
        .line
        .windows(2)
        .all(|w| !w[1].on || w[0].cell == w[1].cell);
    let technique = if one_digit {
        Technique::XChain
    } else if in_cells {
        Technique::XyChain
    } else {
        Technique::Aic
    };
    let words = hint
        .line
        .iter()
        .map(|&p| text(c, p))
        .collect::<Vec<_>>()
        .join(" → ");
    let start = hint.line[0];
    let explanation = if hint.cycle {
        format!(
            "the loop {words} holds either way round; what sees both an \"on\" and an \"off\" of one digit of it goes"
        )
    } else if start.on {
        format!(
            "{words}: assuming {} contradicts itself, so it goes",
            text(c, start)
        )
    } else {
        format!(
            "{words}: assuming {} contradicts itself, so {} is {}",
            text(c, start),
            c.name(start.cell),
            start.digit
        )
    };
    let mut pattern: Vec<usize> = hint.line.iter().map(|p| p.cell).collect();
    pattern.dedup();
    Step {
        technique,
        pattern,
        placements: hint.placements.clone(),
        eliminations: hint.eliminations.clone(),
        chain: hint.line.iter().map(|p| (p.cell, p.digit)).collect(),
        explanation,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse;

    /// What a potential reaches in a pass's graph, by plain breadth-first search.
    fn reach(links: &Links, (y, x): (bool, bool), from: Potential) -> Vec<bool> {
        let n = links.n;
        let mut seen = vec![false; 2 * n * n * n];
        let mut queue = vec![from];
        seen[from.id(n)] = true;
        let mut out = Vec::new();
        while let Some(p) = queue.pop() {
            if p.on {
                links.offs(p, y, &mut out);
            } else {
                links.ons(p, y, x, &mut out);
            }
            for &q in &out {
                if !std::mem::replace(&mut seen[q.id(n)], true) {
                    queue.push(q);
                }
            }
        }
        seen
    }

    #[test]
    fn components_are_mutual_reachability_and_number_downstream_lower() {
        // A diabolical puzzle (sudokuexchange), after its givens: many links of every kind.
        let text =
            "32.4....6.6.2.38..5...7....1.....5.9....3....9.4.....3....4...1..13.2.6.6....1.45";
        let c = Candidates::new(&parse(text, "t").unwrap()[0].grid).unwrap();
        let marks: Vec<u64> = (0..81).map(|x| c.mask(x)).collect();
        let links = Links::of(&c, &marks);
        let present: Vec<Potential> = (0..2 * 729)
            .filter(|&v| has(&marks, 9, v))
            .map(|v| Potential::of_id(9, v))
            .collect();
        for pass in [(false, true), (true, false), (true, true)] {
            let comps = Components::of(&links, &marks, pass);
            let reaches: Vec<Vec<bool>> = present.iter().map(|&p| reach(&links, pass, p)).collect();
            for (i, &a) in present.iter().enumerate() {
                for (j, &b) in present.iter().enumerate() {
                    let (ab, ba) = (reaches[i][b.id(9)], reaches[j][a.id(9)]);
                    let (ca, cb) = (comps.of_potential(a), comps.of_potential(b));
                    assert_eq!(ca == cb, ab && ba, "{a:?} {b:?} in pass {pass:?}");
                    if ab {
                        assert!(cb <= ca && comps.between(a, b).is_some());
                    }
                }
                let alone = present
                    .iter()
                    .all(|&b| b == a || comps.of_potential(b) != comps.of_potential(a));
                assert_eq!(comps.loops(a), !alone);
            }
        }
    }
}
