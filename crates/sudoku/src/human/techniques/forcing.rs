//! Forcing chains: assume a candidate and follow the singles it forces (full house, hidden and
//! naked singles, one at a time, easiest first).
//!
//! *Static* chains follow only the singles that one link makes: a naked single in a cell that
//! was bivalue, a hidden single of a digit that had two places in the unit (Sudoku Explainer's
//! forcing chains, where "off" turns "on" only through a bivalue cell or a conjugate pair).
//! *Dynamic* chains follow every single, however many eliminations made it (SE's dynamic
//! forcing chains, rated higher).
//!
//! - *Contradiction*: if the singles from an assumption empty a cell or leave a digit without a
//!   place in a unit, the assumption is false.
//! - *Nishio*: the same on one digit alone: assume it in a cell, follow its hidden singles; if a
//!   unit is left without a place for it, the assumption is false.
//! - *Cell forcing chains*: a cell takes one of its candidates; whatever follows from every one
//!   of them (a digit placed in every branch, or a candidate gone in every branch) is true.
//! - *Region forcing chains*: the same over the places of a digit in a unit.
//!
//! Chain lengths (the placements each branch needs to reach the conclusion, summed over the
//! branches) drive the rating, as in Sudoku Explainer. The singles are found with bit masks and
//! no allocation, since one step tries every candidate of the grid.

use crate::human::technique::Technique;
use crate::human::{Candidates, Step};

/// Which singles a static chain may follow: those one link makes in the grid it started from.
struct Links {
    /// Cells that were bivalue.
    bivalue: Vec<bool>,
    /// Per unit, the digits that had exactly two places.
    bilocal: Vec<u64>,
}

impl Links {
    fn of(c: &Candidates) -> Links {
        let n = c.shape().size();
        Links {
            bivalue: (0..n * n).map(|x| c.mask(x).count_ones() == 2).collect(),
            bilocal: c
                .units()
                .iter()
                .map(|unit| {
                    let (mut once, mut twice, mut thrice) = (0u64, 0u64, 0u64);
                    for &x in unit {
                        let m = c.mask(x);
                        thrice |= twice & m;
                        twice |= once & m;
                        once |= m;
                    }
                    twice & !thrice
                })
                .collect(),
        }
    }
}

/// The first single of `c` in the order full house, hidden single (boxes first), naked single;
/// with `links`, only the singles a static chain may follow. `Err` describes a contradiction
/// (an empty cell without candidates or a digit without a place in a unit).
fn next_single(c: &Candidates, links: Option<&Links>) -> Result<Option<(usize, u8)>, String> {
    let n = c.shape().size();
    let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    // A static chain sees a contradiction only where one link shows it: a bivalue cell losing
    // both digits, a digit losing both its places in a unit.
    for cell in 0..n * n {
        if c.value(cell) == 0 && c.mask(cell) == 0 && links.is_none_or(|l| l.bivalue[cell]) {
            return Err(format!("{} has no candidate left", c.name(cell)));
        }
    }
    // Per unit: the digits with exactly one place (units are at most 3·64).
    let mut single = [0u64; 192];
    let mut full_house = None;
    for (u, unit) in c.units().iter().enumerate() {
        let (mut placed, mut once, mut twice) = (0u64, 0u64, 0u64);
        let (mut empty, mut last) = (0, 0);
        for &x in unit {
            let v = c.value(x);
            if v != 0 {
                placed |= 1 << (v - 1);
            } else {
                let m = c.mask(x);
                twice |= once & m;
                once |= m;
                empty += 1;
                last = x;
            }
        }
        let missing = all & !(placed | once) & links.map_or(all, |l| l.bilocal[u]);
        if missing != 0 {
            let kind = ["row", "column", "box"][u / n];
            return Err(format!(
                "{kind} {} has no place left for {}",
                u % n + 1,
                missing.trailing_zeros() + 1
            ));
        }
        if empty == 1 && full_house.is_none() {
            let d = (all & !placed).trailing_zeros() as u8 + 1;
            if links.is_none_or(|l| l.bivalue[last] || l.bilocal[u] >> (d - 1) & 1 == 1) {
                full_house = Some((last, d));
            }
        }
        single[u] = once & !twice & links.map_or(all, |l| l.bilocal[u]);
    }
    if full_house.is_some() {
        return Ok(full_house);
    }
    for u in (2 * n..3 * n).chain(0..2 * n) {
        if single[u] != 0 {
            let d = single[u].trailing_zeros() as u8 + 1;
            let cell = c.units()[u].iter().copied().find(|&x| c.has(x, d));
            return Ok(cell.map(|x| (x, d)));
        }
    }
    Ok((0..n * n)
        .find(|&x| {
            c.value(x) == 0 && c.mask(x).count_ones() == 1 && links.is_none_or(|l| l.bivalue[x])
        })
        .map(|x| (x, c.mask(x).trailing_zeros() as u8 + 1)))
}

/// One assumption followed to its end.
struct Trial {
    /// The assumption first, then the singles it forced, in order.
    placed: Vec<(usize, u8)>,
    /// The grid after the singles, or the contradiction reached.
    end: Result<Candidates, String>,
}

/// Places `d` in `cell` of a copy of `c` and follows the singles (with `links`, the static
/// ones only).
fn trial(c: &Candidates, cell: usize, d: u8, links: Option<&Links>) -> Trial {
    let mut t = c.clone();
    t.place(cell, d);
    let mut placed = vec![(cell, d)];
    loop {
        match next_single(&t, links) {
            Ok(Some((x, e))) => {
                t.place(x, e);
                placed.push((x, e));
            }
            Ok(None) => {
                return Trial { placed, end: Ok(t) };
            }
            Err(why) => {
                return Trial {
                    placed,
                    end: Err(why),
                };
            }
        }
    }
}

/// Every candidate's trial, indexed `cell · n + d − 1` (`None` for absent candidates).
struct Trials {
    n: usize,
    dynamic: bool,
    all: Vec<Option<Trial>>,
}

impl Trials {
    fn of(c: &Candidates, dynamic: bool) -> Trials {
        let n = c.shape().size();
        let links = (!dynamic).then(|| Links::of(c));
        let all = (0..n * n * n)
            .map(|v| {
                let (cell, d) = (v / n, (v % n) as u8 + 1);
                c.has(cell, d).then(|| trial(c, cell, d, links.as_ref()))
            })
            .collect();
        Trials { n, dynamic, all }
    }

    fn get(&self, cell: usize, d: u8) -> Option<&Trial> {
        self.all[cell * self.n + usize::from(d) - 1].as_ref()
    }
}

/// Static forcing chain by contradiction: the shortest.
pub(crate) fn contradiction(c: &Candidates) -> Option<Step> {
    contradiction_in(c, &Trials::of(c, false))
}

/// Cell (`by_cell`) or region forcing chains, static.
pub(crate) fn multiple(c: &Candidates, by_cell: bool) -> Option<Step> {
    multiple_in(c, &Trials::of(c, false), by_cell)
}

/// Dynamic forcing chains: the shortest of a contradiction, cell and region forcing chains
/// following every single.
pub(crate) fn dynamic(c: &Candidates) -> Option<Step> {
    let trials = Trials::of(c, true);
    [
        contradiction_in(c, &trials),
        multiple_in(c, &trials, true),
        multiple_in(c, &trials, false),
    ]
    .into_iter()
    .flatten()
    .min_by_key(|s| s.chain.len())
}

/// The shortest contradiction from assuming one candidate (fewest candidates in the cell first
/// at equal length), as an elimination.
fn contradiction_in(c: &Candidates, trials: &Trials) -> Option<Step> {
    let n = c.shape().size();
    // (length, candidates in the cell, cell, digit)
    let mut best: Option<(usize, u32, usize, u8)> = None;
    for x in (0..n * n).filter(|&x| c.value(x) == 0) {
        for d in 1..=n as u8 {
            if let Some(t) = trials.get(x, d).filter(|t| t.end.is_err()) {
                let key = (t.placed.len(), c.mask(x).count_ones(), x, d);
                if best.is_none_or(|b| (key.0, key.1) < (b.0, b.1)) {
                    best = Some(key);
                }
            }
        }
    }
    let (_, _, x, d) = best?;
    let t = trials.get(x, d)?;
    let why = t.end.as_ref().err()?;
    let chain = t.placed[1..].to_vec();
    Some(Step {
        technique: if trials.dynamic {
            Technique::DynamicForcingChain
        } else {
            Technique::ForcingChain
        },
        pattern: vec![x],
        placements: vec![],
        eliminations: vec![(x, d)],
        explanation: format!(
            "{}, and then {why}; so {} is not {d}",
            placements_text(c, &t.placed),
            c.name(x)
        ),
        chain,
    })
}

/// Nishio: the shortest contradiction on one digit. Assume `d` in a cell, remove it from the
/// peers, place it wherever a unit has one place left, until a unit has none (a contradiction:
/// the cell is not `d`) or nothing more follows.
pub(crate) fn nishio(c: &Candidates) -> Option<Step> {
    let n = c.shape().size();
    let units = c.units();
    // Units of each cell: row, column, box.
    let unit_of = |x: usize| [x / n, n + x % n, 2 * n + c.shape().box_of(x / n, x % n)];
    // (placements, cell, digit, empty unit) of the shortest.
    let mut best: Option<(Vec<usize>, usize, u8, usize)> = None;
    let mut possible = vec![false; n * n];
    let mut done = vec![false; 3 * n];
    for d in 1..=n as u8 {
        for x in (0..n * n).filter(|&x| c.has(x, d)) {
            for (z, p) in possible.iter_mut().enumerate() {
                *p = c.has(z, d);
            }
            for (u, unit) in units.iter().enumerate() {
                done[u] = unit.iter().any(|&z| c.value(z) == d);
            }
            let mut placed = Vec::new();
            let mut at = Some(x);
            let empty_unit = loop {
                if let Some(y) = at {
                    placed.push(y);
                    possible[y] = false;
                    for p in c.peers(y) {
                        possible[p] = false;
                    }
                    for u in unit_of(y) {
                        done[u] = true;
                    }
                }
                if best.as_ref().is_some_and(|b| placed.len() >= b.0.len()) {
                    break None;
                }
                let count = |u: usize| units[u].iter().filter(|&&z| possible[z]).count();
                if let Some(u) = (0..3 * n).find(|&u| !done[u] && count(u) == 0) {
                    break Some(u);
                }
                at = (2 * n..3 * n)
                    .chain(0..2 * n)
                    .find(|&u| !done[u] && count(u) == 1)
                    .and_then(|u| units[u].iter().copied().find(|&z| possible[z]));
                if at.is_none() {
                    break None;
                }
            };
            if let Some(u) = empty_unit {
                best = Some((placed, x, d, u));
            }
        }
    }
    let (placed, x, d, u) = best?;
    let kind = ["row", "column", "box"][u / n];
    Some(Step {
        technique: Technique::Nishio,
        pattern: placed.clone(),
        placements: vec![],
        eliminations: vec![(x, d)],
        chain: placed.iter().map(|&y| (y, d)).collect(),
        explanation: format!(
            "if {} were {d}, {d} would also go in {}, and {kind} {} would have no place left for {d}; so {} is not {d}",
            c.name(x),
            if placed.len() > 1 {
                placed[1..]
                    .iter()
                    .map(|&y| c.name(y))
                    .collect::<Vec<_>>()
                    .join(", ")
            } else {
                "no other cell".to_string()
            },
            u % n + 1,
            c.name(x)
        ),
    })
}

/// Placements as `r1c1=5 → r2c3=4 → …`.
fn placements_text(c: &Candidates, placed: &[(usize, u8)]) -> String {
    placed
        .iter()
        .map(|&(x, d)| format!("{}={d}", c.name(x)))
        .collect::<Vec<_>>()
        .join(" → ")
}

/// What every branch of a forcing chain agrees on.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Verdict {
    Place(usize, u8),
    Eliminate(usize, u8),
}

/// The step at which `placed` makes the verdict true (1-based), if it does.
fn reached_at(c: &Candidates, placed: &[(usize, u8)], verdict: Verdict) -> Option<usize> {
    placed
        .iter()
        .position(|&(x, e)| match verdict {
            Verdict::Place(z, d) => x == z && e == d,
            Verdict::Eliminate(z, d) => (x == z && e != d) || (e == d && c.sees(x, z)),
        })
        .map(|i| i + 1)
}

/// The best (shortest in total) verdict shared by the consistent branches: the verdict and,
/// per branch, the placements up to it.
/// Per branch, the placements of a chain.
type Branches = Vec<Vec<(usize, u8)>>;

fn agree(c: &Candidates, branches: &[&Trial]) -> Option<(Verdict, Branches)> {
    let ends: Vec<&Candidates> = branches
        .iter()
        .filter_map(|t| t.end.as_ref().ok())
        .collect();
    if ends.is_empty() {
        return None; // every branch contradicts: the contradiction technique's business
    }
    let live: Vec<&&Trial> = branches.iter().filter(|t| t.end.is_ok()).collect();
    let n = c.shape().size();
    let mut best: Option<(usize, Verdict)> = None;
    for z in (0..n * n).filter(|&z| c.value(z) == 0) {
        // Placed in every branch.
        let v = ends[0].value(z);
        let mut verdicts = Vec::new();
        if v != 0 && ends.iter().all(|e| e.value(z) == v) {
            verdicts.push(Verdict::Place(z, v));
        }
        // Gone in every branch.
        let mut gone = c.mask(z);
        for e in &ends {
            let still = e.mask(z)
                | if e.value(z) != 0 {
                    1 << (e.value(z) - 1)
                } else {
                    0
                };
            gone &= !still;
        }
        while gone != 0 {
            let d = gone.trailing_zeros() as u8 + 1;
            gone &= gone - 1;
            verdicts.push(Verdict::Eliminate(z, d));
        }
        for verdict in verdicts {
            let total: Option<usize> = live.iter().map(|t| reached_at(c, &t.placed, verdict)).sum();
            let Some(total) = total else { continue };
            // Placements first at equal length: they are the stronger conclusion.
            let key = 2 * total + usize::from(matches!(verdict, Verdict::Eliminate(..)));
            if best.is_none_or(|(k, _)| key < k) {
                best = Some((key, verdict));
            }
        }
    }
    let (_, verdict) = best?;
    let chains = live
        .iter()
        .map(|t| t.placed[..reached_at(c, &t.placed, verdict).unwrap_or(0)].to_vec())
        .collect();
    Some((verdict, chains))
}

/// Cell forcing chains (`by_cell`) or region forcing chains: the shortest verdict shared by
/// every branch of a cell's candidates or of a digit's places in a unit.
fn multiple_in(c: &Candidates, trials: &Trials, by_cell: bool) -> Option<Step> {
    let n = c.shape().size();
    // (total length, branch set name, branch candidates, verdict, chains)
    type Best = (
        usize,
        String,
        Vec<(usize, u8)>,
        Verdict,
        Vec<Vec<(usize, u8)>>,
    );
    let mut best: Option<Best> = None;
    let mut consider = |what: String, set: Vec<(usize, u8)>| {
        let branches: Vec<&Trial> = set.iter().filter_map(|&(x, d)| trials.get(x, d)).collect();
        if let Some((verdict, chains)) = agree(c, &branches) {
            // Dead branches count with the placements that led to their contradiction.
            let dead: usize = branches
                .iter()
                .filter(|t| t.end.is_err())
                .map(|t| t.placed.len())
                .sum();
            let total = chains.iter().map(Vec::len).sum::<usize>() + dead;
            if best.as_ref().is_none_or(|b| total < b.0) {
                best = Some((total, what, set, verdict, chains));
            }
        }
    };
    if by_cell {
        for x in (0..n * n).filter(|&x| c.value(x) == 0 && c.mask(x).count_ones() >= 2) {
            let set = (1..=n as u8)
                .filter(|&d| c.has(x, d))
                .map(|d| (x, d))
                .collect();
            consider(c.name(x), set);
        }
    } else {
        for (u, unit) in c.units().iter().enumerate() {
            for d in 1..=n as u8 {
                let set: Vec<(usize, u8)> = unit
                    .iter()
                    .filter(|&&x| c.has(x, d))
                    .map(|&x| (x, d))
                    .collect();
                if set.len() >= 2 {
                    let kind = ["row", "column", "box"][u / n];
                    consider(format!("{d} in {kind} {}", u % n + 1), set);
                }
            }
        }
    }
    let (_, what, set, verdict, chains) = best?;
    let (placements, eliminations, claim) = match verdict {
        Verdict::Place(z, d) => (vec![(z, d)], vec![], format!("{} is {d}", c.name(z))),
        Verdict::Eliminate(z, d) => (vec![], vec![(z, d)], format!("{} is not {d}", c.name(z))),
    };
    // Each branch as the placements it forces, up to the verdict; dead branches (a
    // contradiction) said so.
    let mut live = chains.iter();
    let mut all_chains: Vec<(usize, u8)> = Vec::new();
    let mut texts = Vec::new();
    for &(x, d) in &set {
        match trials.get(x, d) {
            Some(Trial { end: Ok(_), .. }) => {
                let ch = live.next().map_or(&[][..], Vec::as_slice);
                all_chains.extend_from_slice(ch);
                texts.push(placements_text(c, ch));
            }
            Some(Trial {
                end: Err(why),
                placed,
            }) => {
                all_chains.extend_from_slice(placed);
                texts.push(format!("{}, and {why}", placements_text(c, placed)));
            }
            None => {}
        }
    }
    let branches = texts.join("; ");
    Some(Step {
        technique: match (trials.dynamic, by_cell) {
            (true, _) => Technique::DynamicForcingChain,
            (false, true) => Technique::CellForcingChain,
            (false, false) => Technique::RegionForcingChain,
        },
        pattern: set.iter().map(|&(x, _)| x).collect(),
        placements,
        eliminations,
        chain: all_chains,
        explanation: format!(
            "{what} {}: {branches}; every way, {claim}",
            if by_cell {
                "takes one of its digits"
            } else {
                "goes in one of its places"
            }
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse;

    #[test]
    fn singles_follow_in_the_order_of_the_techniques() {
        let text =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let g = &parse(text, "t").unwrap()[0].grid;
        let mut c = Candidates::new(g).unwrap();
        // Same single as the techniques pick, step after step, to the end.
        while let Some((x, d)) = next_single(&c, None).unwrap() {
            let step = [
                Technique::FullHouse,
                Technique::HiddenSingle,
                Technique::NakedSingle,
            ]
            .iter()
            .find_map(|t| t.find(&c))
            .unwrap();
            assert_eq!(step.placements, vec![(x, d)]);
            c.place(x, d);
        }
        assert!(c.is_solved());
    }

    #[test]
    fn a_wrong_assumption_ends_in_a_contradiction() {
        let text =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let g = &parse(text, "t").unwrap()[0].grid;
        let c = Candidates::new(g).unwrap();
        // r1c3 is 4 in the solution; 2 is a candidate there but wrong.
        assert!(c.has(2, 2));
        assert!(trial(&c, 2, 2, None).end.is_err());
        assert!(trial(&c, 2, 4, None).end.is_ok_and(|t| t.is_solved()));
    }
}
