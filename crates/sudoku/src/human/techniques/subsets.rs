//! Locked candidates (pointing, claiming) and naked and hidden subsets (pairs, triples,
//! quads).

use super::*;

/// Locked candidates. Pointing: within a box, `d` lies in one line, so the rest of that line
/// loses `d`. Claiming: within a line, `d` lies in one box, so the rest of that box loses it.
pub(super) fn locked(
    c: &Candidates,
    pointing: bool,
    accept: &dyn Fn(&Step) -> bool,
) -> Option<Step> {
    let n = c.shape().size();
    let (from, to) = if pointing {
        (2 * n..3 * n, 0..2 * n)
    } else {
        (0..2 * n, 2 * n..3 * n)
    };
    for u in from {
        let unit = &c.units()[u];
        for d in 1..=n as u8 {
            let cells: Vec<usize> = unit.iter().copied().filter(|&x| c.has(x, d)).collect();
            if cells.len() < 2 {
                continue;
            }
            for v in to.clone() {
                let other = &c.units()[v];
                if !cells.iter().all(|x| other.contains(x)) {
                    continue;
                }
                let elim: Vec<(usize, u8)> = other
                    .iter()
                    .copied()
                    .filter(|x| !unit.contains(x) && c.has(*x, d))
                    .map(|x| (x, d))
                    .collect();
                if !elim.is_empty() {
                    let names: Vec<String> = cells.iter().map(|&x| c.name(x)).collect();
                    let step = Step {
                        technique: if pointing {
                            Technique::Pointing
                        } else {
                            Technique::Claiming
                        },
                        pattern: cells.clone(),
                        placements: vec![],
                        eliminations: elim,
                        chain: Vec::new(),
                        explanation: format!(
                            "in {}, {d} can only be in {} ({}), so the rest of {} cannot be {d}",
                            unit_name(c, u),
                            unit_name(c, v),
                            names.join(", "),
                            unit_name(c, v)
                        ),
                    };
                    if accept(&step) {
                        return Some(step);
                    }
                }
            }
        }
    }
    None
}

/// Naked subset: `k` empty cells of a unit whose candidates together are `k` digits; those
/// digits leave the unit's other cells.
pub(super) fn naked_subset(c: &Candidates, k: usize, t: Technique) -> Option<Step> {
    for (u, unit) in c.units().iter().enumerate() {
        let open: Vec<usize> = unit
            .iter()
            .copied()
            .filter(|&x| c.value(x) == 0 && (2..=k as u32).contains(&c.mask(x).count_ones()))
            .collect();
        let found = subsets_within(&open, k, &|x| c.mask(x), 0, k as u32, &mut |set, m| {
            if m.count_ones() as usize != k {
                return None;
            }
            let elim: Vec<(usize, u8)> = unit
                .iter()
                .copied()
                .filter(|x| !set.contains(x))
                .flat_map(|x| digits(c.mask(x) & m).map(move |d| (x, d)))
                .collect();
            (!elim.is_empty()).then(|| Step {
                technique: t,
                pattern: set.to_vec(),
                placements: vec![],
                eliminations: elim,
                chain: Vec::new(),
                explanation: format!(
                    "in {}, {} hold only {}: those digits leave the other cells",
                    unit_name(c, u),
                    set.iter()
                        .map(|&x| c.name(x))
                        .collect::<Vec<_>>()
                        .join(", "),
                    digit_list(m)
                ),
            })
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// Hidden subset: `k` digits of a unit that fit only in the same `k` cells; those cells lose
/// their other candidates.
pub(super) fn hidden_subset(
    c: &Candidates,
    k: usize,
    t: Technique,
    accept: &dyn Fn(&Step) -> bool,
) -> Option<Step> {
    let n = c.shape().size();
    for (u, unit) in c.units().iter().enumerate() {
        // Per digit, its places in the unit as a mask of positions.
        let places: Vec<u64> = (1..=n as u8)
            .map(|d| {
                unit.iter()
                    .enumerate()
                    .filter(|&(_, &x)| c.has(x, d))
                    .fold(0u64, |m, (i, _)| m | 1 << i)
            })
            .collect();
        // Digits still to place in the unit with 2..=k places.
        let ds: Vec<usize> = (1..=n)
            .filter(|&d| (2..=k as u32).contains(&places[d - 1].count_ones()))
            .collect();
        let mask_of = |d: usize| places[d - 1];
        let found = subsets_within(&ds, k, &mask_of, 0, k as u32, &mut |set, at| {
            if at.count_ones() as usize != k {
                return None;
            }
            let cells: Vec<usize> = (0..unit.len())
                .filter(|&i| at >> i & 1 == 1)
                .map(|i| unit[i])
                .collect();
            let keep = set.iter().fold(0u64, |m, &d| m | 1 << (d - 1));
            let elim: Vec<(usize, u8)> = cells
                .iter()
                .flat_map(|&x| digits(c.mask(x) & !keep).map(move |d| (x, d)))
                .collect();
            let step = (!elim.is_empty()).then(|| Step {
                technique: t,
                pattern: cells.clone(),
                placements: vec![],
                eliminations: elim,
                chain: Vec::new(),
                explanation: format!(
                    "in {}, {} fit only in {}: those cells hold nothing else",
                    unit_name(c, u),
                    digit_list(keep),
                    cells
                        .iter()
                        .map(|&x| c.name(x))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            });
            step.filter(|s| accept(s))
        });
        if found.is_some() {
            return found;
        }
    }
    None
}
