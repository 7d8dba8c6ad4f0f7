//! Nishio, cell, region and dynamic forcing chains, found and measured as Sudoku Explainer does
//! (SukakuExplainer's `Chaining`), on the implication nets of `implications.rs`:
//!
//! - *Nishio*: one digit followed alone, its "on" through hidden singles only; an assumption
//!   that contradicts itself is false (assumed on: the candidate goes; assumed off: it is placed).
//! - *Cell forcing chains* (static): a cell of three or more candidates takes one of them; what
//!   follows from every one is true.
//! - *Region forcing chains* (static): the same over the places of a digit in a box, row or
//!   column.
//! - *Dynamic forcing chains*: on dynamic nets, a contradiction, a "double" conclusion (what
//!   follows both from a candidate and from its absence), cell and region forcing chains.
//!
//! A conclusion is measured by the implications it rests on, summed over its branches (SE's
//! complexity); the least wins, then SE's order of kinds (double, cell, region, contradiction),
//! then the first found.

use super::digits;
use super::implications::{Net, Potential, Rules, follow, text};
use crate::human::technique::Technique;
use crate::human::{Candidates, Step};

/// Which multiple forcing chains a search looks for.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Multiple {
    Cells,
    Regions,
    Both,
}

/// How a conclusion was reached.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    /// The source candidate's assumption (on or off) contradicted itself.
    Contradiction,
    /// Followed both from the source candidate and from its absence.
    Double,
    /// Followed from every candidate of the source cell.
    Cell,
    /// Followed from every place of the source digit in the unit.
    Region(usize),
}

impl Kind {
    /// SE's `getSortKey`, the order at equal complexity.
    fn rank(self) -> u8 {
        match self {
            Kind::Double => 1,
            Kind::Cell => 5,
            Kind::Region(_) => 6,
            Kind::Contradiction => 7,
        }
    }
}

/// The nets from every candidate assumed on (and, for dynamic chains, off), indexed
/// `cell · n + d − 1`.
struct Nets {
    n: usize,
    on: Vec<Option<Net>>,
    off: Vec<Option<Net>>,
}

impl Nets {
    fn of(c: &Candidates, rules: Rules, offs: bool) -> Nets {
        let n = c.shape().size();
        let net = |v: usize, on: bool| {
            let (cell, digit) = (v / n, (v % n) as u8 + 1);
            c.has(cell, digit)
                .then(|| follow(c, rules, Potential { cell, digit, on }))
        };
        Nets {
            n,
            on: (0..n * n * n).map(|v| net(v, true)).collect(),
            off: (0..n * n * n)
                .map(|v| if offs { net(v, false) } else { None })
                .collect(),
        }
    }

    fn get(&self, p: Potential) -> &Net {
        let v = p.cell * self.n + usize::from(p.digit) - 1;
        let net = if p.on { &self.on[v] } else { &self.off[v] };
        net.as_ref().expect("nets exist for every candidate")
    }
}

/// A conclusion, and the branches (each a start and the node reached in its net) it rests on.
struct Hint {
    complexity: usize,
    kind: Kind,
    /// On: the candidate is placed; off: it goes.
    target: Potential,
    /// The assumption(s) of the branches and the node of the conclusion in each.
    branches: Vec<(Potential, usize)>,
}

/// The best hint so far: the least complexity, then SE's rank, then the first offered.
#[derive(Default)]
struct Best(Option<Hint>);

impl Best {
    fn offer(
        &mut self,
        nets: &Nets,
        kind: Kind,
        target: Potential,
        branches: Vec<(Potential, usize)>,
    ) {
        let complexity = branches
            .iter()
            .map(|&(start, node)| nets.get(start).ancestors(node))
            .sum();
        if self
            .0
            .as_ref()
            .is_none_or(|b| (complexity, kind.rank()) < (b.complexity, b.kind.rank()))
        {
            self.0 = Some(Hint {
                complexity,
                kind,
                target,
                branches,
            });
        }
    }
}

/// Nishio forcing chains: the least complex contradiction of one digit followed alone.
pub(crate) fn nishio(c: &Candidates) -> Option<Step> {
    let rules = Rules {
        cells: false,
        regions: true,
        dynamic: true,
        nested: false,
    };
    let nets = Nets::of(c, rules, true);
    let mut best = Best::default();
    for x in open_cells(c, 2) {
        for d in digits(c.mask(x)) {
            contradictions(c, &nets, x, d, &mut best);
        }
    }
    step(c, &nets, best.0?, Technique::Nishio)
}

/// Static cell and region forcing chains (`which` of them): the least complex.
pub(crate) fn multiple(c: &Candidates, which: Multiple) -> Option<Step> {
    let rules = Rules {
        cells: true,
        regions: true,
        dynamic: false,
        nested: false,
    };
    let nets = Nets::of(c, rules, false);
    let mut best = Best::default();
    // SE's static search starts only from cells of three or more candidates (a bivalue cell's
    // chains are its forcing chains and cycles); a region is searched from its first place.
    for x in open_cells(c, 3) {
        if which != Multiple::Cells {
            for d in digits(c.mask(x)) {
                regions(c, &nets, x, d, &mut best);
            }
        }
        if which != Multiple::Regions {
            cell(c, &nets, x, &mut best);
        }
    }
    let hint = best.0?;
    let technique = match hint.kind {
        Kind::Cell => Technique::CellForcingChain,
        _ => Technique::RegionForcingChain,
    };
    step(c, &nets, hint, technique)
}

/// Dynamic forcing chains: the least complex contradiction, double, cell or region chain.
pub(crate) fn dynamic(c: &Candidates) -> Option<Step> {
    dynamic_on(c, false)
}

/// Dynamic forcing chains whose nets also apply pointing, claiming, naked and hidden pairs and
/// X-wings when their links run dry (SE's "Dynamic Forcing Chains (+)").
pub(crate) fn dynamic_plus(c: &Candidates) -> Option<Step> {
    dynamic_on(c, true)
}

fn dynamic_on(c: &Candidates, nested: bool) -> Option<Step> {
    let rules = Rules {
        cells: true,
        regions: true,
        dynamic: true,
        nested,
    };
    let nets = Nets::of(c, rules, true);
    let mut best = Best::default();
    for x in open_cells(c, 2) {
        let cardinality = c.mask(x).count_ones();
        for d in digits(c.mask(x)) {
            contradictions(c, &nets, x, d, &mut best);
            if cardinality >= 3 {
                doubles(c, &nets, x, d, &mut best);
            }
            regions(c, &nets, x, d, &mut best);
        }
        cell(c, &nets, x, &mut best);
    }
    let technique = if nested {
        Technique::DynamicForcingChainPlus
    } else {
        Technique::DynamicForcingChain
    };
    step(c, &nets, best.0?, technique)
}

/// Empty cells with at least `min` candidates, in order.
fn open_cells(c: &Candidates, min: u32) -> impl Iterator<Item = usize> + '_ {
    let n = c.shape().size();
    (0..n * n).filter(move |&x| c.value(x) == 0 && c.mask(x).count_ones() >= min)
}

/// Whether concluding `target` changes the grid: an "on" must leave other candidates to
/// remove.
fn worth(c: &Candidates, target: Potential) -> bool {
    !target.on || c.mask(target.cell) & !(1u64 << (target.digit - 1)) != 0
}

/// `(x, d)` assumed on, then off: a contradiction removes, then places, the candidate.
fn contradictions(c: &Candidates, nets: &Nets, x: usize, d: u8, best: &mut Best) {
    for on in [true, false] {
        let start = Potential {
            cell: x,
            digit: d,
            on,
        };
        if let Some((a, b)) = nets.get(start).contradiction {
            let target = Potential { on: !on, ..start };
            if worth(c, target) {
                best.offer(
                    nets,
                    Kind::Contradiction,
                    target,
                    vec![(start, a), (start, b)],
                );
            }
        }
    }
}

/// What follows both from `(x, d)` and from its absence: first what gets on, then off.
fn doubles(c: &Candidates, nets: &Nets, x: usize, d: u8, best: &mut Best) {
    let on = Potential {
        cell: x,
        digit: d,
        on: true,
    };
    let off = Potential { on: false, ..on };
    let (yes, no) = (nets.get(on), nets.get(off));
    for state in [true, false] {
        for p in yes.potentials().filter(|p| p.on == state) {
            if let (Some(a), Some(b)) = (yes.node(p), no.node(p))
                && worth(c, p)
            {
                best.offer(nets, Kind::Double, p, vec![(on, a), (off, b)]);
            }
        }
    }
}

/// What follows from every candidate of cell `x`: first what gets on, then off.
fn cell(c: &Candidates, nets: &Nets, x: usize, best: &mut Best) {
    let starts: Vec<Potential> = digits(c.mask(x))
        .map(|digit| Potential {
            cell: x,
            digit,
            on: true,
        })
        .collect();
    common(c, nets, &starts, Kind::Cell, best);
}

/// What follows from every place of `d` in the box, row or column of `x`, for the units where
/// `x` is the first place (each unit searched once).
fn regions(c: &Candidates, nets: &Nets, x: usize, d: u8, best: &mut Best) {
    let n = c.shape().size();
    let (r, col) = (x / n, x % n);
    let units = [2 * n + c.shape().box_of(r, col), r, n + col];
    for u in units {
        let places: Vec<Potential> = c.units()[u]
            .iter()
            .filter(|&&z| c.has(z, d))
            .map(|&cell| Potential {
                cell,
                digit: d,
                on: true,
            })
            .collect();
        if places.len() >= 2 && places[0].cell == x {
            common(c, nets, &places, Kind::Region(u), best);
        }
    }
}

/// The conclusions every start's net reaches (in the first net's order, "on" before "off").
fn common(c: &Candidates, nets: &Nets, starts: &[Potential], kind: Kind, best: &mut Best) {
    let first = nets.get(starts[0]);
    for state in [true, false] {
        for p in first.potentials().filter(|p| p.on == state) {
            let branches: Option<Vec<(Potential, usize)>> = starts
                .iter()
                .map(|&s| nets.get(s).node(p).map(|node| (s, node)))
                .collect();
            if let Some(branches) = branches
                && worth(c, p)
            {
                best.offer(nets, kind, p, branches);
            }
        }
    }
}

/// The step of a hint: its conclusion, its branches' implications as the chain (their number
/// rates it), and each branch's main line in words.
fn step(c: &Candidates, nets: &Nets, hint: Hint, technique: Technique) -> Option<Step> {
    let Hint {
        kind,
        target,
        branches,
        ..
    } = hint;
    let chain = branches
        .iter()
        .flat_map(|&(start, node)| nets.get(start).ancestry(node))
        .map(|p| (p.cell, p.digit))
        .collect();
    // A nested rule's implication names its pattern.
    let line = |&(start, node): &(Potential, usize)| {
        let net = nets.get(start);
        net.line(node)
            .into_iter()
            .map(|p| match net.via(p) {
                Some(rule) => format!("{} ({rule})", text(c, p)),
                None => text(c, p),
            })
            .collect::<Vec<_>>()
            .join(" → ")
    };
    let (placements, eliminations, claim) = if target.on {
        let d = target.digit;
        (
            vec![(target.cell, d)],
            vec![],
            format!("{} is {d}", c.name(target.cell)),
        )
    } else {
        let d = target.digit;
        (
            vec![],
            vec![(target.cell, d)],
            format!("{} is not {d}", c.name(target.cell)),
        )
    };
    let lines: Vec<String> = branches.iter().map(line).collect();
    let source = branches[0].0;
    let (pattern, explanation) = match kind {
        Kind::Contradiction => {
            let net = nets.get(source);
            let (a, _) = net.contradiction?;
            let bad = net.potential(a);
            (
                vec![source.cell],
                format!(
                    "if {}, {} would be both {d} and not {d}: {}; {}; so {claim}",
                    text(c, source),
                    c.name(bad.cell),
                    lines[0],
                    lines[1],
                    d = bad.digit,
                ),
            )
        }
        Kind::Double => (
            vec![source.cell],
            format!(
                "whether {} or not: {}; {}; either way, {claim}",
                text(c, source),
                lines[0],
                lines[1]
            ),
        ),
        Kind::Cell => (
            vec![source.cell],
            format!(
                "{} takes one of its digits: {}; every way, {claim}",
                c.name(source.cell),
                lines.join("; ")
            ),
        ),
        Kind::Region(u) => {
            let n = c.shape().size();
            let unit = ["row", "column", "box"][u / n];
            (
                branches.iter().map(|(s, _)| s.cell).collect(),
                format!(
                    "{} goes in one of its places in {unit} {}: {}; every way, {claim}",
                    source.digit,
                    u % n + 1,
                    lines.join("; ")
                ),
            )
        }
    };
    Some(Step {
        technique,
        pattern,
        placements,
        eliminations,
        chain,
        explanation,
    })
}
