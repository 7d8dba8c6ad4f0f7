//! The techniques, each a search for its pattern on a [`Candidates`] grid.

use super::{Candidates, Step};
use std::fmt;

/// A solving technique, easiest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Technique {
    /// The last empty cell of a unit.
    FullHouse,
    /// A digit that fits in only one cell of a unit.
    HiddenSingle,
    /// A cell with one candidate left.
    NakedSingle,
    /// A digit confined to one row or column inside a box leaves the rest of that line.
    Pointing,
    /// A digit confined to one box inside a row or column leaves the rest of that box.
    Claiming,
    /// Two cells of a unit with the same two candidates.
    NakedPair,
    /// Two digits confined to the same two cells of a unit.
    HiddenPair,
    /// Three cells of a unit whose candidates are three digits.
    NakedTriple,
    /// Three digits confined to three cells of a unit.
    HiddenTriple,
    /// Four cells of a unit whose candidates are four digits.
    NakedQuad,
    /// Four digits confined to four cells of a unit.
    HiddenQuad,
}

impl Technique {
    /// Every technique, easiest first.
    pub const ALL: [Technique; 11] = [
        Technique::FullHouse,
        Technique::HiddenSingle,
        Technique::NakedSingle,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::HiddenTriple,
        Technique::NakedQuad,
        Technique::HiddenQuad,
    ];

    /// The usual name.
    pub fn name(self) -> &'static str {
        match self {
            Technique::FullHouse => "full house",
            Technique::HiddenSingle => "hidden single",
            Technique::NakedSingle => "naked single",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
            Technique::NakedPair => "naked pair",
            Technique::HiddenPair => "hidden pair",
            Technique::NakedTriple => "naked triple",
            Technique::HiddenTriple => "hidden triple",
            Technique::NakedQuad => "naked quad",
            Technique::HiddenQuad => "hidden quad",
        }
    }

    /// The first instance of this technique in `c`, if any.
    pub fn find(self, c: &Candidates) -> Option<Step> {
        match self {
            Technique::FullHouse => full_house(c),
            Technique::HiddenSingle => hidden_single(c),
            Technique::NakedSingle => naked_single(c),
            Technique::Pointing => locked(c, true),
            Technique::Claiming => locked(c, false),
            Technique::NakedPair => naked_subset(c, 2, self),
            Technique::NakedTriple => naked_subset(c, 3, self),
            Technique::NakedQuad => naked_subset(c, 4, self),
            Technique::HiddenPair => hidden_subset(c, 2, self),
            Technique::HiddenTriple => hidden_subset(c, 3, self),
            Technique::HiddenQuad => hidden_subset(c, 4, self),
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

fn unit_name(c: &Candidates, u: usize) -> String {
    let n = c.shape().size();
    match u / n {
        0 => format!("row {}", u % n + 1),
        1 => format!("column {}", u % n + 1),
        _ => format!("box {}", u % n + 1),
    }
}

fn digits(mask: u64) -> impl Iterator<Item = u8> {
    (0..64u8).filter(move |d| mask >> d & 1 == 1).map(|d| d + 1)
}

fn digit_list(mask: u64) -> String {
    digits(mask)
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join("")
}

fn full_house(c: &Candidates) -> Option<Step> {
    for (u, unit) in c.units().iter().enumerate() {
        let empty: Vec<usize> = unit.iter().copied().filter(|&x| c.value(x) == 0).collect();
        if let [cell] = empty[..] {
            let used: u64 = unit
                .iter()
                .filter(|&&x| c.value(x) != 0)
                .fold(0, |m, &x| m | 1 << (c.value(x) - 1));
            let n = c.shape().size();
            let missing = !used & if n == 64 { u64::MAX } else { (1 << n) - 1 };
            let d = digits(missing).next()?;
            return Some(Step {
                technique: Technique::FullHouse,
                pattern: unit.clone(),
                placements: vec![(cell, d)],
                eliminations: vec![],
                explanation: format!(
                    "{} is the last empty cell of {}, so it takes the missing digit {d}",
                    c.name(cell),
                    unit_name(c, u)
                ),
            });
        }
    }
    None
}

fn hidden_single(c: &Candidates) -> Option<Step> {
    let n = c.shape().size();
    for (u, unit) in c.units().iter().enumerate() {
        for d in 1..=n as u8 {
            let mut places = unit.iter().copied().filter(|&x| c.has(x, d));
            if let (Some(cell), None) = (places.next(), places.next()) {
                return Some(Step {
                    technique: Technique::HiddenSingle,
                    pattern: unit.clone(),
                    placements: vec![(cell, d)],
                    eliminations: vec![],
                    explanation: format!(
                        "in {}, {d} fits only in {}",
                        unit_name(c, u),
                        c.name(cell)
                    ),
                });
            }
        }
    }
    None
}

fn naked_single(c: &Candidates) -> Option<Step> {
    let n = c.shape().size();
    (0..n * n).find_map(|cell| {
        let m = c.mask(cell);
        (c.value(cell) == 0 && m.count_ones() == 1).then(|| {
            let d = m.trailing_zeros() as u8 + 1;
            Step {
                technique: Technique::NakedSingle,
                pattern: vec![cell],
                placements: vec![(cell, d)],
                eliminations: vec![],
                explanation: format!("{} sees every digit but {d}, so it is {d}", c.name(cell)),
            }
        })
    })
}

/// Locked candidates. Pointing: within a box, `d` lies in one line, so the rest of that line
/// loses `d`. Claiming: within a line, `d` lies in one box, so the rest of that box loses it.
fn locked(c: &Candidates, pointing: bool) -> Option<Step> {
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
                    return Some(Step {
                        technique: if pointing {
                            Technique::Pointing
                        } else {
                            Technique::Claiming
                        },
                        pattern: cells.clone(),
                        placements: vec![],
                        eliminations: elim,
                        explanation: format!(
                            "in {}, {d} can only be in {} ({}), so the rest of {} cannot be {d}",
                            unit_name(c, u),
                            unit_name(c, v),
                            names.join(", "),
                            unit_name(c, v)
                        ),
                    });
                }
            }
        }
    }
    None
}

/// All `k`-subsets of `items`, calling `f` until it returns `Some`.
fn subsets<T>(items: &[usize], k: usize, f: &mut impl FnMut(&[usize]) -> Option<T>) -> Option<T> {
    fn rec<T>(
        items: &[usize],
        k: usize,
        start: usize,
        cur: &mut Vec<usize>,
        f: &mut impl FnMut(&[usize]) -> Option<T>,
    ) -> Option<T> {
        if cur.len() == k {
            return f(cur);
        }
        for i in start..items.len() {
            cur.push(items[i]);
            if let Some(t) = rec(items, k, i + 1, cur, f) {
                return Some(t);
            }
            cur.pop();
        }
        None
    }
    rec(items, k, 0, &mut Vec::with_capacity(k), f)
}

/// Naked subset: `k` empty cells of a unit whose candidates together are `k` digits; those
/// digits leave the unit's other cells.
fn naked_subset(c: &Candidates, k: usize, t: Technique) -> Option<Step> {
    for (u, unit) in c.units().iter().enumerate() {
        let open: Vec<usize> = unit
            .iter()
            .copied()
            .filter(|&x| c.value(x) == 0 && (2..=k as u32).contains(&c.mask(x).count_ones()))
            .collect();
        let found = subsets(&open, k, &mut |set: &[usize]| {
            let m = set.iter().fold(0u64, |m, &x| m | c.mask(x));
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
fn hidden_subset(c: &Candidates, k: usize, t: Technique) -> Option<Step> {
    let n = c.shape().size();
    for (u, unit) in c.units().iter().enumerate() {
        // Digits still to place in the unit with 2..=k places.
        let places = |d: u8| {
            unit.iter()
                .copied()
                .filter(|&x| c.has(x, d))
                .collect::<Vec<_>>()
        };
        let ds: Vec<usize> = (1..=n)
            .filter(|&d| (2..=k).contains(&places(d as u8).len()))
            .collect();
        let found = subsets(&ds, k, &mut |set: &[usize]| {
            let mut cells: Vec<usize> = set.iter().flat_map(|&d| places(d as u8)).collect();
            cells.sort_unstable();
            cells.dedup();
            if cells.len() != k {
                return None;
            }
            let keep = set.iter().fold(0u64, |m, &d| m | 1 << (d - 1));
            let elim: Vec<(usize, u8)> = cells
                .iter()
                .flat_map(|&x| digits(c.mask(x) & !keep).map(move |d| (x, d)))
                .collect();
            (!elim.is_empty()).then(|| Step {
                technique: t,
                pattern: cells.clone(),
                placements: vec![],
                eliminations: elim,
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
            })
        });
        if found.is_some() {
            return found;
        }
    }
    None
}
