//! Sudoku Explainer's implication engine, behind the Nishio, cell, region and dynamic forcing
//! chains: assume a candidate true ("on") or false ("off"), follow what that forces candidate
//! by candidate, and remember why each implication holds (its parents).
//!
//! The links are SE's (`Chaining.getOnToOff` and `getOffToOn` of SukakuExplainer):
//! - an "on" turns off the other digits of its cell and the digit in the cell's box, row and
//!   column (in that order);
//! - an "off" turns on the other digit of a bivalue cell, and the other place of the digit in a
//!   box, row or column left with two.
//!
//! Every "on" is followed before the next "off" (SE's queue order), so the parents, and with
//! them the chain lengths that rate a step, are SE's. A *static* net reads the links from the
//! grid it started from; a *dynamic* one removes each candidate turned off from its copy of
//! the grid, so a cell or unit narrowed to two places by earlier implications links them too,
//! and those earlier implications become parents as well. A step is measured as SE measures it:
//! by the number of implications a conclusion rests on (its ancestors).

use std::collections::VecDeque;

use super::net_rules;
use crate::human::Candidates;

/// The links a net follows.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Rules {
    /// Links inside a cell (an "on" turns off its cell's other digits, an "off" in a bivalue
    /// cell turns the other digit on); Nishio chains follow one digit and leave them out.
    pub(crate) cells: bool,
    /// Links inside a unit (an "off" turns on the digit's other place in a unit left with
    /// two); SE's Y-cycles leave them out.
    pub(crate) regions: bool,
    /// Whether each "off" is removed from the net's copy of the grid before the next links are
    /// read (SE's dynamic chains).
    pub(crate) dynamic: bool,
    /// Whether, when the links run dry, the net applies pointing, claiming, naked and hidden
    /// pairs and X-wings to its grid and follows their eliminations (SE's nested chains of
    /// level 1, `net_rules.rs`); for dynamic nets only.
    pub(crate) nested: bool,
}

/// A candidate assumed true (`on`) or false.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Potential {
    pub(crate) cell: usize,
    pub(crate) digit: u8,
    pub(crate) on: bool,
}

impl Potential {
    /// Its index among the `2·n³` potentials of a grid of size `n`.
    pub(super) fn id(self, n: usize) -> usize {
        2 * (self.cell * n + usize::from(self.digit) - 1) + usize::from(self.on)
    }

    /// The potential of an index (the inverse of [`Potential::id`]).
    pub(super) fn of_id(n: usize, id: usize) -> Potential {
        let v = id / 2;
        Potential {
            cell: v / n,
            digit: (v % n) as u8 + 1,
            on: id % 2 == 1,
        }
    }

    fn negated(self) -> Potential {
        Potential {
            on: !self.on,
            ..self
        }
    }
}

/// Everything that follows from one assumption, in the order found, each implication with its
/// parents.
pub(crate) struct Net {
    n: usize,
    /// Per potential id, its node + 1 (0: not reached).
    at: Vec<u32>,
    nodes: Vec<Potential>,
    /// Per node, its parents' range in `parents`.
    spans: Vec<(u32, u32)>,
    parents: Vec<u32>,
    /// The pattern behind each implication a nested rule made (`net_rules.rs`), by node.
    via: Vec<(u32, &'static str)>,
    /// Where the assumption contradicted itself: a potential found both on and off, as the
    /// nodes of its "on" and its "off".
    pub(crate) contradiction: Option<(usize, usize)>,
}

impl Net {
    fn new(n: usize) -> Net {
        Net {
            n,
            at: vec![0; 2 * n * n * n],
            nodes: Vec::new(),
            spans: Vec::new(),
            parents: Vec::new(),
            via: Vec::new(),
            contradiction: None,
        }
    }

    /// The node of `p`, if the net reached it.
    pub(crate) fn node(&self, p: Potential) -> Option<usize> {
        match self.at[p.id(self.n)] {
            0 => None,
            i => Some(i as usize - 1),
        }
    }

    /// The potential of a node.
    pub(crate) fn potential(&self, node: usize) -> Potential {
        self.nodes[node]
    }

    /// The potentials reached, in the order found.
    pub(crate) fn potentials(&self) -> impl Iterator<Item = Potential> + '_ {
        // Nodes past the index are the second halves of a contradiction, not reached as such.
        self.nodes
            .iter()
            .enumerate()
            .filter(|&(i, p)| self.node(*p) == Some(i))
            .map(|(_, &p)| p)
    }

    /// Adds a node (indexed unless `extra`, the second half of a contradiction).
    fn push(&mut self, p: Potential, parents: &[u32], extra: bool) -> usize {
        let i = self.nodes.len();
        self.nodes.push(p);
        let start = self.parents.len() as u32;
        self.parents.extend_from_slice(parents);
        self.spans.push((start, self.parents.len() as u32));
        if !extra {
            self.at[p.id(self.n)] = i as u32 + 1;
        }
        i
    }

    /// The pattern a nested rule found to make `p`, if one did.
    pub(crate) fn via(&self, p: Potential) -> Option<&'static str> {
        let node = self.node(p)? as u32;
        self.via.iter().find(|v| v.0 == node).map(|v| v.1)
    }

    fn parents_of(&self, node: usize) -> &[u32] {
        let (a, b) = self.spans[node];
        &self.parents[a as usize..b as usize]
    }

    /// How many implications `node` rests on, itself included (SE's `getAncestorCount`).
    pub(crate) fn ancestors(&self, node: usize) -> usize {
        let mut count = 0;
        self.visit_ancestors(node, |_| count += 1);
        count
    }

    /// The implications `node` rests on, itself included, each once.
    pub(crate) fn ancestry(&self, node: usize) -> Vec<Potential> {
        let mut found = Vec::new();
        self.visit_ancestors(node, |p| found.push(p));
        found
    }

    /// Calls `f` once per potential `node` rests on (itself included). Every candidate hint is
    /// measured this way, so the visited set is a bitset of words, not a byte per potential.
    fn visit_ancestors(&self, node: usize, mut f: impl FnMut(Potential)) {
        let mut seen = vec![0u64; self.at.len().div_ceil(64)];
        let mut todo = vec![node];
        while let Some(i) = todo.pop() {
            let p = self.nodes[i];
            let id = p.id(self.n);
            if seen[id / 64] >> (id % 64) & 1 == 0 {
                seen[id / 64] |= 1 << (id % 64);
                f(p);
                todo.extend(self.parents_of(i).iter().map(|&j| j as usize));
            }
        }
    }

    /// The main line from the assumption to `node`, following first parents.
    pub(crate) fn line(&self, node: usize) -> Vec<Potential> {
        let mut line = vec![self.nodes[node]];
        let mut i = node;
        while let Some(&j) = self.parents_of(i).first() {
            i = j as usize;
            line.push(self.nodes[i]);
        }
        line.reverse();
        line
    }
}

/// Follows `start` through `c` by `rules` until nothing more follows or a contradiction
/// (SE's `doChaining`).
pub(crate) fn follow(c: &Candidates, rules: Rules, start: Potential) -> Net {
    let n = c.shape().size();
    let source: Vec<u64> = (0..n * n).map(|x| c.mask(x)).collect();
    let mut marks = source.clone();
    let mut net = Net::new(n);
    let first = net.push(start, &[], false);
    let (mut on, mut off) = (VecDeque::new(), VecDeque::new());
    if start.on {
        on.push_back(first);
    } else {
        off.push_back(first);
    }
    let mut found = Vec::new();
    loop {
        if let Some(i) = on.pop_front() {
            let p = net.nodes[i];
            on_to_off(c, &marks, rules, p, &mut found);
            for &q in &found {
                if let Some(j) = net.node(q.negated()) {
                    let k = net.push(q, &[i as u32], true);
                    net.contradiction = Some((j, k));
                    return net;
                }
                if net.node(q).is_none() {
                    off.push_back(net.push(q, &[i as u32], false));
                }
            }
        } else if let Some(i) = off.pop_front() {
            let p = net.nodes[i];
            let made = off_to_on(c, &marks, &source, rules, &|q| net.node(q), i, p);
            if rules.dynamic {
                marks[p.cell] &= !(1u64 << (p.digit - 1));
            }
            for (q, parents) in made {
                if let Some(j) = net.node(q.negated()) {
                    let k = net.push(q, &parents, true);
                    net.contradiction = Some((k, j));
                    return net;
                }
                if net.node(q).is_none() {
                    on.push_back(net.push(q, &parents, false));
                }
            }
        } else if !(rules.nested && nest(c, &source, &marks, &mut net, &mut off)) {
            return net;
        }
    }
}

/// Adds the eliminations of SE's nested rules on the net's grid as "offs" resting on the
/// "offs" their patterns need; whether any is new. As in SE, an elimination whose "on" the net
/// holds is not a contradiction yet: it shows as one when its links are followed.
fn nest(
    c: &Candidates,
    source: &[u64],
    marks: &[u64],
    net: &mut Net,
    off: &mut VecDeque<usize>,
) -> bool {
    let mut new = false;
    for (p, parents, name) in net_rules::deductions(c, source, marks) {
        if net.node(p).is_none() {
            let parents: Vec<u32> = parents
                .into_iter()
                .filter_map(|q| net.node(q))
                .map(|i| i as u32)
                .collect();
            let node = net.push(p, &parents, false);
            net.via.push((node as u32, name));
            off.push_back(node);
            new = true;
        }
    }
    new
}

/// The box, row and column of `cell`, in SE's order.
fn units_of(c: &Candidates, cell: usize) -> [&[usize]; 3] {
    let n = c.shape().size();
    let (r, col) = (cell / n, cell % n);
    let b = c.shape().box_of(r, col);
    let units = c.units();
    [&units[2 * n + b], &units[r], &units[n + col]]
}

/// What an "on" turns off: its cell's other digits, then the digit in its box, row and column.
pub(super) fn on_to_off(
    c: &Candidates,
    marks: &[u64],
    rules: Rules,
    p: Potential,
    found: &mut Vec<Potential>,
) {
    found.clear();
    let off = |cell, digit| Potential {
        cell,
        digit,
        on: false,
    };
    if rules.cells {
        let mut others = marks[p.cell] & !(1u64 << (p.digit - 1));
        while others != 0 {
            found.push(off(p.cell, others.trailing_zeros() as u8 + 1));
            others &= others - 1;
        }
    }
    let bit = 1u64 << (p.digit - 1);
    let n = c.shape().size();
    let [bx, row, col] = units_of(c, p.cell);
    let box_of = |x: usize| c.shape().box_of(x / n, x % n);
    let home = box_of(p.cell);
    for &x in bx {
        if x != p.cell && marks[x] & bit != 0 {
            found.push(off(x, p.digit));
        }
    }
    // A cell in the box and the row or column is turned off once, from the box.
    for &x in row.iter().chain(col) {
        if x != p.cell && marks[x] & bit != 0 && box_of(x) != home {
            found.push(off(x, p.digit));
        }
    }
}

/// What an "off" turns on through static links (the grid never changes), into `made`: the
/// other digit of a bivalue cell (with `rules.cells`), then the other place of the digit in
/// its box, row and column (with `rules.regions`), each once. [`off_to_on`] without parents.
pub(super) fn static_off_to_on(
    c: &Candidates,
    marks: &[u64],
    rules: Rules,
    p: Potential,
    made: &mut Vec<Potential>,
) {
    made.clear();
    if rules.cells && marks[p.cell].count_ones() == 2 {
        let other = marks[p.cell] & !(1u64 << (p.digit - 1));
        made.push(Potential {
            cell: p.cell,
            digit: other.trailing_zeros() as u8 + 1,
            on: true,
        });
    }
    if !rules.regions {
        return;
    }
    let bit = 1u64 << (p.digit - 1);
    for unit in units_of(c, p.cell) {
        let mut places = unit
            .iter()
            .copied()
            .filter(|&x| x != p.cell && marks[x] & bit != 0);
        if let (Some(x), None) = (places.next(), places.next()) {
            let q = Potential {
                cell: x,
                digit: p.digit,
                on: true,
            };
            if !made.contains(&q) {
                made.push(q);
            }
        }
    }
}

/// What an "off" turns on, each with its parents: the node of the "off" (`node`), then, in a
/// dynamic net, the "offs" that had removed the other candidates of the cell or unit.
/// `node_of` finds the node of an "off" already reached (every candidate gone from a dynamic
/// net's grid was turned off by the net).
pub(super) fn off_to_on(
    c: &Candidates,
    marks: &[u64],
    source: &[u64],
    rules: Rules,
    node_of: &dyn Fn(Potential) -> Option<usize>,
    node: usize,
    p: Potential,
) -> Vec<(Potential, Vec<u32>)> {
    let mut made = Vec::new();
    let hidden = |cell: usize, digit: u8, parents: &mut Vec<u32>| {
        let gone = Potential {
            cell,
            digit,
            on: false,
        };
        if let Some(j) = node_of(gone) {
            parents.push(j as u32);
        }
    };
    if rules.cells && marks[p.cell].count_ones() == 2 {
        let other = marks[p.cell] & !(1u64 << (p.digit - 1));
        let mut parents = vec![node as u32];
        let mut gone = source[p.cell] & !marks[p.cell];
        while gone != 0 {
            hidden(p.cell, gone.trailing_zeros() as u8 + 1, &mut parents);
            gone &= gone - 1;
        }
        let q = Potential {
            cell: p.cell,
            digit: other.trailing_zeros() as u8 + 1,
            on: true,
        };
        made.push((q, parents));
    }
    let bit = 1u64 << (p.digit - 1);
    for unit in units_of(c, p.cell).into_iter().filter(|_| rules.regions) {
        let mut places = unit
            .iter()
            .copied()
            .filter(|&x| x != p.cell && marks[x] & bit != 0);
        if let (Some(x), None) = (places.next(), places.next()) {
            let mut parents = vec![node as u32];
            for &z in unit {
                if source[z] & bit != 0 && marks[z] & bit == 0 {
                    hidden(z, p.digit, &mut parents);
                }
            }
            let q = Potential {
                cell: x,
                digit: p.digit,
                on: true,
            };
            if !made.iter().any(|(m, _)| *m == q) {
                made.push((q, parents));
            }
        }
    }
    made
}

/// `r1c2=5` or `r1c2≠5`.
pub(crate) fn text(c: &Candidates, p: Potential) -> String {
    format!(
        "{}{}{}",
        c.name(p.cell),
        if p.on { "=" } else { "≠" },
        p.digit
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse;

    fn candidates(text: &str) -> Candidates {
        Candidates::new(&parse(text, "t").unwrap()[0].grid).unwrap()
    }

    const EASY: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn an_on_turns_off_its_cell_and_its_peers_once_each() {
        let c = candidates(EASY);
        let rules = Rules {
            cells: true,
            regions: true,
            dynamic: false,
            nested: false,
        };
        let p = Potential {
            cell: 2,
            digit: 4,
            on: true,
        };
        let mut found = Vec::new();
        on_to_off(
            &c,
            &(0..81).map(|x| c.mask(x)).collect::<Vec<_>>(),
            rules,
            p,
            &mut found,
        );
        let expected =
            c.mask(2).count_ones() as usize - 1 + c.peers(2).filter(|&x| c.has(x, 4)).count();
        assert_eq!(found.len(), expected);
        for (i, q) in found.iter().enumerate() {
            assert!(!q.on && c.has(q.cell, q.digit));
            assert!(!found[..i].contains(q));
        }
    }

    #[test]
    fn a_wrong_assumption_contradicts_itself_and_a_right_one_does_not() {
        // r1c3 is 4 in the solution; 2 is a candidate there but wrong.
        let c = candidates(EASY);
        for dynamic in [false, true] {
            let rules = Rules {
                cells: true,
                regions: true,
                dynamic,
                nested: false,
            };
            let right = follow(
                &c,
                rules,
                Potential {
                    cell: 2,
                    digit: 4,
                    on: true,
                },
            );
            assert!(right.contradiction.is_none());
            if dynamic {
                let wrong = follow(
                    &c,
                    rules,
                    Potential {
                        cell: 2,
                        digit: 2,
                        on: true,
                    },
                );
                let (a, b) = wrong.contradiction.unwrap();
                let (pa, pb) = (wrong.potential(a), wrong.potential(b));
                assert_eq!(pa, pb.negated());
                assert!(wrong.ancestors(a) >= 2 && wrong.ancestors(b) >= 2);
            }
        }
    }

    #[test]
    fn every_implication_rests_on_the_assumption() {
        let c = candidates(EASY);
        let start = Potential {
            cell: 2,
            digit: 4,
            on: true,
        };
        for dynamic in [false, true] {
            let rules = Rules {
                cells: true,
                regions: true,
                dynamic,
                nested: false,
            };
            let net = follow(&c, rules, start);
            for p in net.potentials() {
                let i = net.node(p).unwrap();
                let line = net.line(i);
                assert_eq!(line[0], start);
                assert_eq!(*line.last().unwrap(), p);
                // A static net's implications have one parent each: the line is all of it.
                if !dynamic {
                    assert_eq!(net.ancestors(i), line.len());
                }
                // On and off alternate along the line.
                assert!(line.windows(2).all(|w| w[0].on != w[1].on));
            }
        }
    }
}
