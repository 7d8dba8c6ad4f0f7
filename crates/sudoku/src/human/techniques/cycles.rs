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

/// Membership of potentials by id.
struct Seen {
    n: usize,
    bits: Vec<bool>,
}

impl Seen {
    fn new(n: usize) -> Seen {
        Seen {
            n,
            bits: vec![false; 2 * n * n * n],
        }
    }

    fn id(&self, p: Potential) -> usize {
        2 * (p.cell * self.n + usize::from(p.digit) - 1) + usize::from(p.on)
    }

    /// Marks `p`; whether it was new.
    fn insert(&mut self, p: Potential) -> bool {
        let id = self.id(p);
        !std::mem::replace(&mut self.bits[id], true)
    }

    fn contains(&self, p: Potential) -> bool {
        self.bits[self.id(p)]
    }
}

/// Per candidate, what its "off" turns on through static links: the other digit of its cell
/// when bivalue, and its other place in its box, row and column when they hold two (each
/// once). Read once per search, since every search follows thousands of "offs".
struct Strong {
    n: usize,
    cell: Vec<Option<Potential>>,
    units: Vec<Vec<Potential>>,
}

impl Strong {
    fn of(c: &Candidates, marks: &[u64]) -> Strong {
        let n = c.shape().size();
        let (mut cell, mut units) = (vec![None; n * n * n], vec![Vec::new(); n * n * n]);
        let only = |cells: bool| Rules {
            cells,
            regions: !cells,
            dynamic: false,
        };
        let mut made = Vec::new();
        for x in 0..n * n {
            for digit in super::digits(marks[x]) {
                let p = Potential {
                    cell: x,
                    digit,
                    on: false,
                };
                let v = x * n + usize::from(digit) - 1;
                static_off_to_on(c, marks, only(true), p, &mut made);
                cell[v] = made.first().copied();
                static_off_to_on(c, marks, only(false), p, &mut made);
                units[v] = made.clone();
            }
        }
        Strong { n, cell, units }
    }

    /// What the "off" `p` turns on: through its cell (`y`), then its units (`x`).
    fn ons(&self, p: Potential, y: bool, x: bool, out: &mut Vec<Potential>) {
        out.clear();
        let v = p.cell * self.n + usize::from(p.digit) - 1;
        if y {
            out.extend(self.cell[v]);
        }
        if x {
            out.extend_from_slice(&self.units[v]);
        }
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

/// Whether a hint of `base` and `complexity` found in pass `rank` would beat `best` (later
/// hints win only when strictly better, as in SE's stable sort).
fn can_win(best: Option<&Hint>, base: f64, complexity: usize, rank: u8) -> bool {
    best.is_none_or(|b| {
        (difficulty(base, complexity), complexity, rank) < (b.difficulty, b.complexity, b.rank)
    })
}

/// SE's least difficult forcing chain or cycle, as a step and its rating. Each search stops at
/// the depth where nothing it could still find would beat the best so far.
pub(crate) fn forcing_chains_and_cycles(c: &Candidates) -> Option<(Step, f64)> {
    let n = c.shape().size();
    let marks: Vec<u64> = (0..n * n).map(|x| c.mask(x)).collect();
    let strong = Strong::of(c, &marks);
    let mut best: Option<Hint> = None;
    for (y, x) in [(false, true), (true, false), (true, true)] {
        let rank = if x && y {
            4
        } else if y {
            3
        } else {
            2
        };
        let (cycle_base, chain_base) = if x && y { (7.0, 7.0) } else { (6.5, 6.6) };
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
                let keep_going = |k: usize| can_win(best.as_ref(), cycle_base, k, rank);
                for line in cycles(c, &marks, &strong, y, x, start, &keep_going) {
                    let eliminations = cycle_eliminations(c, &marks, &line);
                    let complexity = line.len() - 1;
                    if !eliminations.is_empty()
                        && can_win(best.as_ref(), cycle_base, complexity, rank)
                    {
                        best = Some(Hint {
                            difficulty: difficulty(cycle_base, complexity),
                            complexity,
                            rank,
                            cycle: true,
                            line,
                            eliminations,
                            placements: vec![],
                        });
                    }
                }
                if !x {
                    continue;
                }
                for from in [start, Potential { on: false, ..start }] {
                    let keep_going = |k: usize| can_win(best.as_ref(), chain_base, k, rank);
                    for line in forcing_chains(c, &marks, &strong, y, from, &keep_going) {
                        let complexity = line.len();
                        if !can_win(best.as_ref(), chain_base, complexity, rank) {
                            continue;
                        }
                        let (placements, eliminations) = if from.on {
                            (vec![], vec![(cell, digit)])
                        } else {
                            (vec![(cell, digit)], vec![])
                        };
                        best = Some(Hint {
                            difficulty: difficulty(chain_base, complexity),
                            complexity,
                            rank,
                            cycle: false,
                            line,
                            eliminations,
                            placements,
                        });
                    }
                }
            }
        }
    }
    let hint = best?;
    Some((step(c, &hint), hint.difficulty))
}

/// The loops from `start` back to itself (SE's `doCycles`): breadth first, level by level, an
/// "off" reached again by another way followed again, an "on" only once.
fn cycles(
    c: &Candidates,
    marks: &[u64],
    strong: &Strong,
    y: bool,
    x: bool,
    start: Potential,
    keep_going: &dyn Fn(usize) -> bool,
) -> Vec<Vec<Potential>> {
    let n = c.shape().size();
    let rules = Rules {
        cells: y,
        regions: x,
        dynamic: false,
    };
    let mut arena = Arena::default();
    let mut on_seen = Seen::new(n);
    on_seen.insert(start);
    let mut pending_on = VecDeque::from([arena.push(start, None)]);
    let mut pending_off = VecDeque::new();
    let (mut found, mut made) = (Vec::new(), Vec::new());
    let mut ends = Vec::new();
    let mut length = 0;
    while !pending_on.is_empty() || !pending_off.is_empty() {
        // Loops closed after these "ons" have at least one more implication.
        if arena
            .depth_of_queue(&pending_on)
            .is_some_and(|d| !keep_going(d + 1))
        {
            break;
        }
        length += 1;
        while let Some(i) = pending_on.pop_front() {
            let p = arena.nodes[i].0;
            on_to_off(c, marks, rules, p, &mut found);
            for &q in &found {
                if !arena.descends_from(i, q) {
                    pending_off.push_back(arena.push(q, Some(i)));
                }
            }
        }
        length += 1;
        // A loop closed by these "offs" has as many implications as their depth.
        if arena
            .depth_of_queue(&pending_off)
            .is_some_and(|d| !keep_going(d))
        {
            break;
        }
        while let Some(i) = pending_off.pop_front() {
            let p = arena.nodes[i].0;
            strong.ons(p, rules.cells, rules.regions, &mut made);
            for &q in &made {
                let j = arena.push(q, Some(i));
                if length >= 4 && q == start {
                    ends.push(j);
                }
                if on_seen.insert(q) {
                    pending_on.push_back(j);
                }
            }
        }
    }
    ends.into_iter().map(|j| arena.line(j)).collect()
}

/// The chains from `from` to its opposite (SE's `doForcingChains`), as lines from `from`.
fn forcing_chains(
    c: &Candidates,
    marks: &[u64],
    strong: &Strong,
    y: bool,
    from: Potential,
    keep_going: &dyn Fn(usize) -> bool,
) -> Vec<Vec<Potential>> {
    let n = c.shape().size();
    let rules = Rules {
        cells: y,
        regions: true,
        dynamic: false,
    };
    let mut arena = Arena::default();
    let (mut on_seen, mut off_seen) = (Seen::new(n), Seen::new(n));
    let first = arena.push(from, None);
    let (mut pending_on, mut pending_off) = (VecDeque::new(), VecDeque::new());
    if from.on {
        on_seen.insert(from);
        pending_on.push_back(first);
    } else {
        off_seen.insert(from);
        pending_off.push_back(first);
    }
    let opposite = Potential {
        on: !from.on,
        ..from
    };
    let mut ends: Vec<usize> = Vec::new();
    let (mut found, mut made) = (Vec::new(), Vec::new());
    // A chain ending after a queue's nodes has one more implication than their depth.
    let deep = |arena: &Arena, queue: &VecDeque<usize>| {
        arena
            .depth_of_queue(queue)
            .is_some_and(|d| !keep_going(d + 1))
    };
    while !pending_on.is_empty() || !pending_off.is_empty() {
        if deep(&arena, &pending_on) {
            break;
        }
        while let Some(i) = pending_on.pop_front() {
            let p = arena.nodes[i].0;
            on_to_off(c, marks, rules, p, &mut found);
            for &q in &found {
                let at_end = q == opposite && !ends.iter().any(|&e| arena.nodes[e].0 == q);
                if at_end || !off_seen.contains(q) {
                    let j = arena.push(q, Some(i));
                    if at_end {
                        ends.push(j);
                    }
                    if off_seen.insert(q) {
                        pending_off.push_back(j);
                    }
                }
            }
        }
        if deep(&arena, &pending_off) {
            break;
        }
        while let Some(i) = pending_off.pop_front() {
            let p = arena.nodes[i].0;
            strong.ons(p, rules.cells, rules.regions, &mut made);
            for &q in &made {
                let at_end = q == opposite && !ends.iter().any(|&e| arena.nodes[e].0 == q);
                if at_end || !on_seen.contains(q) {
                    let j = arena.push(q, Some(i));
                    if at_end {
                        ends.push(j);
                    }
                    if on_seen.insert(q) {
                        pending_on.push_back(j);
                    }
                }
            }
        }
    }
    ends.into_iter().map(|e| arena.line(e)).collect()
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
    for z in 0..n * n {
        out.extend(super::digits(forward[z] & back[z]).map(|d| (z, d)));
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
