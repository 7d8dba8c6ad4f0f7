//! Forcing chains by contradiction: assume a candidate and follow the singles it forces (full
//! house, hidden and naked singles, one at a time, easiest first), but only those one link makes:
//! a naked single in a cell that was bivalue, a hidden single of a digit that had two places in
//! the unit (Sudoku Explainer's forcing chains, where "off" turns "on" only through a bivalue
//! cell or a conjugate pair). If the singles empty a cell or leave a digit without a place in a
//! unit, the assumption is false. The chain's length (its placements) drives the rating.
//!
//! The Nishio, cell, region and dynamic forcing chains follow SE's implication nets instead
//! (`nets.rs`). The singles are found with bit masks and no allocation, since one step tries
//! every candidate of the grid.

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

/// Static forcing chain by contradiction: the shortest (fewest candidates in the cell first at
/// equal length), as an elimination.
pub(crate) fn contradiction(c: &Candidates) -> Option<Step> {
    let n = c.shape().size();
    let links = Links::of(c);
    // (length, candidates in the cell, the trial)
    let mut best: Option<(usize, u32, Trial)> = None;
    for x in (0..n * n).filter(|&x| c.value(x) == 0) {
        for d in (1..=n as u8).filter(|&d| c.has(x, d)) {
            let t = trial(c, x, d, Some(&links));
            if t.end.is_err() {
                let key = (t.placed.len(), c.mask(x).count_ones());
                if best.as_ref().is_none_or(|b| key < (b.0, b.1)) {
                    best = Some((key.0, key.1, t));
                }
            }
        }
    }
    let (_, _, t) = best?;
    let (x, d) = t.placed[0];
    let why = t.end.as_ref().err()?;
    Some(Step {
        technique: Technique::ForcingChain,
        pattern: vec![x],
        placements: vec![],
        eliminations: vec![(x, d)],
        explanation: format!(
            "{}, and then {why}; so {} is not {d}",
            placements_text(c, &t.placed),
            c.name(x)
        ),
        chain: t.placed[1..].to_vec(),
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
