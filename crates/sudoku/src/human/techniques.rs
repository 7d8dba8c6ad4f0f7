//! The techniques, each a search for its pattern on a [`Candidates`] grid.

use super::{Candidates, Step};
use std::fmt;

/// A solving technique, in the order they are tried: by Sudoku Explainer's rating.
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
    /// A digit confined to two rows (columns) in the same two columns (rows).
    XWing,
    /// Two digits confined to the same two cells of a unit.
    HiddenPair,
    /// Three cells of a unit whose candidates are three digits.
    NakedTriple,
    /// The X-wing pattern with three lines.
    Swordfish,
    /// Three digits confined to three cells of a unit.
    HiddenTriple,
    /// Two parallel strong links on a digit joined at one end.
    Skyscraper,
    /// A row strong link and a column strong link joined in a box.
    TwoStringKite,
    /// A bivalue pivot and two bivalue pincers.
    XyWing,
    /// An X-wing with extra candidates (fins) in one box.
    FinnedXWing,
    /// A digit's candidates in a box on one row and one column, and a strong link.
    EmptyRectangle,
    /// Two strong links on a digit, joined by a weak one, some of whose ends are groups.
    GroupedTwoStrongLinks,
    /// A trivalue pivot and two bivalue pincers.
    XyzWing,
    /// Uniqueness: four cells of two rows, two columns and two boxes must not all end up as the
    /// same pair (types 1, 2 and 4).
    UniqueRectangle,
    /// Four cells of a unit whose candidates are four digits.
    NakedQuad,
    /// The X-wing pattern with four lines.
    Jellyfish,
    /// Four digits confined to four cells of a unit.
    HiddenQuad,
    /// Four cells seeing a pivot, four digits, one of them not confined.
    WxyzWing,
    /// A chain of strong and weak links on one digit: one of its two ends holds the digit.
    XChain,
    /// An X-chain of three or more strong links some of whose nodes are groups.
    GroupedXChain,
    /// Uniqueness: all cells bivalue but one; its extra digit must be placed.
    BugPlusOne,
    /// A swordfish with extra candidates (fins) in one box.
    FinnedSwordfish,
    /// A jellyfish with extra candidates (fins) in one box.
    FinnedJellyfish,
    /// Five cells seeing a pivot, five digits, one of them not confined.
    VwxyzWing,
    /// Two-colouring a digit's strong links: a colour seen twice in a unit is false, and a
    /// cell seeing both colours cannot hold the digit.
    SimpleColouring,
    /// Two equal bivalue cells joined by a strong link on one of their digits.
    WWing,
    /// A chain of bivalue cells: one of its two ends holds the shared digit.
    XyChain,
    /// An alternating inference chain (or loop) mixing bivalue cells and strong links.
    Aic,
    /// A candidate whose placement leads, by singles, to a contradiction.
    ForcingChain,
    /// A digit assumed in a cell leaves, by its hidden singles, a unit without a place for it.
    Nishio,
    /// Every candidate of a cell, followed by singles, leads to the same conclusion.
    CellForcingChain,
    /// Every place of a digit in a unit, followed by singles, leads to the same conclusion.
    RegionForcingChain,
    /// A contradiction, cell or region forcing chain following every single, not only those
    /// one link makes.
    DynamicForcingChain,
}

impl Technique {
    /// Every technique, easiest first.
    pub const ALL: [Technique; 38] = [
        Technique::FullHouse,
        Technique::HiddenSingle,
        Technique::NakedSingle,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::XWing,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::Swordfish,
        Technique::HiddenTriple,
        Technique::Skyscraper,
        Technique::TwoStringKite,
        Technique::XyWing,
        Technique::FinnedXWing,
        Technique::EmptyRectangle,
        Technique::GroupedTwoStrongLinks,
        Technique::XyzWing,
        Technique::UniqueRectangle,
        Technique::NakedQuad,
        Technique::Jellyfish,
        Technique::HiddenQuad,
        Technique::WxyzWing,
        Technique::XChain,
        Technique::GroupedXChain,
        Technique::BugPlusOne,
        Technique::FinnedSwordfish,
        Technique::FinnedJellyfish,
        Technique::VwxyzWing,
        Technique::SimpleColouring,
        Technique::WWing,
        Technique::XyChain,
        Technique::Aic,
        Technique::ForcingChain,
        Technique::Nishio,
        Technique::CellForcingChain,
        Technique::RegionForcingChain,
        Technique::DynamicForcingChain,
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
            Technique::XWing => "X-wing",
            Technique::FinnedXWing => "finned X-wing",
            Technique::FinnedSwordfish => "finned swordfish",
            Technique::FinnedJellyfish => "finned jellyfish",
            Technique::Swordfish => "swordfish",
            Technique::Jellyfish => "jellyfish",
            Technique::Skyscraper => "skyscraper",
            Technique::TwoStringKite => "2-string kite",
            Technique::XyWing => "XY-wing",
            Technique::EmptyRectangle => "empty rectangle",
            Technique::GroupedTwoStrongLinks => "grouped 2 strong links",
            Technique::GroupedXChain => "grouped X-chain",
            Technique::XyzWing => "XYZ-wing",
            Technique::UniqueRectangle => "unique rectangle",
            Technique::WxyzWing => "WXYZ-wing",
            Technique::VwxyzWing => "VWXYZ-wing",
            Technique::BugPlusOne => "BUG+1",
            Technique::WWing => "W-wing",
            Technique::SimpleColouring => "simple colouring",
            Technique::XChain => "X-chain",
            Technique::XyChain => "XY-chain",
            Technique::Aic => "alternating inference chain",
            Technique::ForcingChain => "forcing chain (contradiction)",
            Technique::Nishio => "Nishio",
            Technique::CellForcingChain => "cell forcing chains",
            Technique::RegionForcingChain => "region forcing chains",
            Technique::DynamicForcingChain => "dynamic forcing chain",
        }
    }

    /// The first instance of this technique in `c`, if any.
    pub fn find(self, c: &Candidates) -> Option<Step> {
        self.find_where(c, &|_| true)
    }

    /// The first instance whose eliminations at once leave a hidden single: Sudoku Explainer's
    /// cheaper "direct" forms of pointing, claiming and hidden pairs and triples (`None` for
    /// the other techniques).
    pub fn find_direct(self, c: &Candidates) -> Option<Step> {
        match self {
            Technique::Pointing | Technique::Claiming => {
                self.find_where(c, &|s| leaves_hidden_single(c, s))
            }
            Technique::HiddenPair | Technique::HiddenTriple => {
                self.find_where(c, &|s| leaves_hidden_single_in_its_unit(c, s))
            }
            _ => None,
        }
    }

    fn find_where(self, c: &Candidates, accept: &dyn Fn(&Step) -> bool) -> Option<Step> {
        match self {
            Technique::FullHouse => full_house(c),
            Technique::HiddenSingle => hidden_single(c),
            Technique::NakedSingle => naked_single(c),
            Technique::Pointing => locked(c, true, accept),
            Technique::Claiming => locked(c, false, accept),
            Technique::NakedPair => naked_subset(c, 2, self),
            Technique::NakedTriple => naked_subset(c, 3, self),
            Technique::NakedQuad => naked_subset(c, 4, self),
            Technique::HiddenPair => hidden_subset(c, 2, self, accept),
            Technique::HiddenTriple => hidden_subset(c, 3, self, accept),
            Technique::HiddenQuad => hidden_subset(c, 4, self, accept),
            Technique::XWing => fish(c, 2, self),
            Technique::FinnedXWing => finned_fish(c, 2, self),
            Technique::FinnedSwordfish => finned_fish(c, 3, self),
            Technique::FinnedJellyfish => finned_fish(c, 4, self),
            Technique::Swordfish => fish(c, 3, self),
            Technique::Jellyfish => fish(c, 4, self),
            Technique::Skyscraper => two_links(c, true),
            Technique::TwoStringKite => two_links(c, false),
            Technique::XyWing => xy_wing(c),
            Technique::EmptyRectangle => empty_rectangle(c),
            Technique::GroupedTwoStrongLinks => super::grouped::grouped_x_chain(c, 2, 2, self),
            Technique::GroupedXChain => super::grouped::grouped_x_chain(c, 3, 8, self),
            Technique::XyzWing => xyz_wing(c),
            Technique::UniqueRectangle => unique_rectangle(c),
            Technique::WxyzWing => n_wing(c, 4, self),
            Technique::VwxyzWing => n_wing(c, 5, self),
            Technique::BugPlusOne => bug_plus_one(c),
            Technique::WWing => w_wing(c),
            Technique::SimpleColouring => simple_colouring(c),
            Technique::XChain => x_chain(c),
            Technique::XyChain => xy_chain(c),
            Technique::Aic => super::chains::aic(c),
            Technique::ForcingChain => super::forcing::contradiction(c),
            Technique::Nishio => super::forcing::nishio(c),
            Technique::CellForcingChain => super::forcing::multiple(c, true),
            Technique::RegionForcingChain => super::forcing::multiple(c, false),
            Technique::DynamicForcingChain => super::forcing::dynamic(c),
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Whether applying `step` leaves a hidden single where there was none (singles are tried
/// first): SE's test for its "direct" techniques.
pub(crate) fn leaves_hidden_single(c: &Candidates, step: &Step) -> bool {
    let mut after = c.clone();
    after.apply(step);
    hidden_single(&after).is_some()
}

/// Whether applying a hidden subset leaves a hidden single in a unit holding the whole subset
/// (SE's "direct" hidden pairs and triples look there only).
pub(crate) fn leaves_hidden_single_in_its_unit(c: &Candidates, step: &Step) -> bool {
    let mut after = c.clone();
    after.apply(step);
    let n = c.shape().size();
    c.units().iter().any(|unit| {
        step.pattern.iter().all(|x| unit.contains(x))
            && (1..=n as u8).any(|d| {
                let mut places = unit.iter().filter(|&&x| after.has(x, d));
                matches!((places.next(), places.next()), (Some(_), None))
            })
    })
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
                chain: Vec::new(),
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
    // Boxes first: Sudoku Explainer rates a hidden single in a box easier (1.2 against 1.5).
    for u in (2 * n..3 * n).chain(0..2 * n) {
        let unit = &c.units()[u];
        for d in 1..=n as u8 {
            let mut places = unit.iter().copied().filter(|&x| c.has(x, d));
            if let (Some(cell), None) = (places.next(), places.next()) {
                return Some(Step {
                    technique: Technique::HiddenSingle,
                    pattern: unit.clone(),
                    placements: vec![(cell, d)],
                    eliminations: vec![],
                    chain: Vec::new(),
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
                chain: Vec::new(),
                explanation: format!("{} sees every digit but {d}, so it is {d}", c.name(cell)),
            }
        })
    })
}

/// Locked candidates. Pointing: within a box, `d` lies in one line, so the rest of that line
/// loses `d`. Claiming: within a line, `d` lies in one box, so the rest of that box loses it.
fn locked(c: &Candidates, pointing: bool, accept: &dyn Fn(&Step) -> bool) -> Option<Step> {
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

/// All `k`-subsets of `items`, calling `f` until it returns `Some`.
fn subsets<T>(items: &[usize], k: usize, f: &mut impl FnMut(&[usize]) -> Option<T>) -> Option<T> {
    subsets_within(items, k, &|_| 0, 0, u32::MAX, &mut |set, _| f(set))
}

/// The `k`-subsets of `items` whose masks (`mask_of`) together with `start` have at most
/// `limit` bits, calling `f` with the subset and that union until it returns `Some`. Subsets
/// are cut as soon as their union grows beyond `limit`, which makes the searches for subsets,
/// fish and wings cheap.
fn subsets_within<T>(
    items: &[usize],
    k: usize,
    mask_of: &dyn Fn(usize) -> u64,
    start: u64,
    limit: u32,
    f: &mut impl FnMut(&[usize], u64) -> Option<T>,
) -> Option<T> {
    #[allow(clippy::too_many_arguments)]
    fn rec<T>(
        items: &[usize],
        k: usize,
        from: usize,
        union: u64,
        limit: u32,
        mask_of: &dyn Fn(usize) -> u64,
        cur: &mut Vec<usize>,
        f: &mut impl FnMut(&[usize], u64) -> Option<T>,
    ) -> Option<T> {
        if cur.len() == k {
            return f(cur, union);
        }
        // Leave room for the items still to choose.
        for i in from..=items.len().saturating_sub(k - cur.len()) {
            if i >= items.len() {
                break;
            }
            let u = union | mask_of(items[i]);
            if u.count_ones() > limit {
                continue;
            }
            cur.push(items[i]);
            if let Some(t) = rec(items, k, i + 1, u, limit, mask_of, cur, f) {
                return Some(t);
            }
            cur.pop();
        }
        None
    }
    rec(
        items,
        k,
        0,
        start,
        limit,
        mask_of,
        &mut Vec::with_capacity(k),
        f,
    )
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
fn hidden_subset(
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

fn sees(c: &Candidates, a: usize, b: usize) -> bool {
    let n = c.shape().size();
    let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
    a != b && (ra == rb || ca == cb || c.shape().box_of(ra, ca) == c.shape().box_of(rb, cb))
}

/// Cells other than `ends` that see every cell of `ends` and hold `d`.
fn common_peers(c: &Candidates, ends: &[usize], d: u8) -> Vec<(usize, u8)> {
    let Some(&first) = ends.first() else {
        return Vec::new();
    };
    // Such a cell is a peer of the first end: look among those only, in cell order.
    let mut out: Vec<(usize, u8)> = c
        .peers(first)
        .filter(|&x| !ends.contains(&x) && c.has(x, d) && ends.iter().all(|&e| sees(c, x, e)))
        .map(|x| (x, d))
        .collect();
    out.sort_unstable();
    out
}

/// Basic fish of size `k`: in `k` rows (or columns), digit `d` lies within `k` columns (rows);
/// those columns (rows) lose `d` elsewhere.
fn fish(c: &Candidates, k: usize, t: Technique) -> Option<Step> {
    let n = c.shape().size();
    for d in 1..=n as u8 {
        for rows_as_base in [true, false] {
            // Per base line, the cover positions of d as a mask.
            let pos = |line: usize| -> u64 {
                (0..n)
                    .filter(|&i| {
                        let cell = if rows_as_base {
                            line * n + i
                        } else {
                            i * n + line
                        };
                        c.has(cell, d)
                    })
                    .fold(0u64, |m, i| m | 1 << i)
            };
            let lines: Vec<usize> = (0..n)
                .filter(|&l| (2..=k as u32).contains(&pos(l).count_ones()))
                .collect();
            let masks: Vec<u64> = (0..n).map(pos).collect();
            let mask_of = |l: usize| masks[l];
            let found = subsets_within(&lines, k, &mask_of, 0, k as u32, &mut |base, cover| {
                if cover.count_ones() as usize != k {
                    return None;
                }
                let mut elim = Vec::new();
                for i in (0..n).filter(|&i| cover >> i & 1 == 1) {
                    for l in (0..n).filter(|l| !base.contains(l)) {
                        let cell = if rows_as_base { l * n + i } else { i * n + l };
                        if c.has(cell, d) {
                            elim.push((cell, d));
                        }
                    }
                }
                (!elim.is_empty()).then(|| {
                    let (bn, cn) = if rows_as_base { ("rows", "columns") } else { ("columns", "rows") };
                    let list = |m: &mut dyn Iterator<Item = usize>| {
                        m.map(|x| (x + 1).to_string()).collect::<Vec<_>>().join(", ")
                    };
                    Step {
                        technique: t,
                        pattern: base
                            .iter()
                            .flat_map(|&l| {
                                (0..n).filter_map(move |i| {
                                    let cell = if rows_as_base { l * n + i } else { i * n + l };
                                    c.has(cell, d).then_some(cell)
                                })
                            })
                            .collect(),
                        placements: vec![],
                        eliminations: elim,
                        chain: Vec::new(),
                        explanation: format!(
                            "in {bn} {}, {d} lies only in {cn} {}: one {d} per {} line there, so the rest of those {cn} cannot be {d}",
                            list(&mut base.iter().copied()),
                            list(&mut (0..n).filter(|&i| cover >> i & 1 == 1)),
                            &bn[..bn.len() - 1]
                        ),
                    }
                })
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

/// The strong links of `d`: units where `d` has exactly two places, as (unit, a, b).
fn strong_links(c: &Candidates, d: u8) -> Vec<(usize, usize, usize)> {
    c.units()
        .iter()
        .enumerate()
        .filter_map(|(u, unit)| {
            let mut it = unit.iter().copied().filter(|&x| c.has(x, d));
            match (it.next(), it.next(), it.next()) {
                (Some(a), Some(b), None) => Some((u, a, b)),
                _ => None,
            }
        })
        .collect()
}

/// Skyscraper (`parallel`: two row links or two column links sharing a column/row at one
/// end) and 2-string kite (a row link and a column link with one end each in a shared box).
/// Either way one of the two far ends holds `d`, so cells seeing both lose it.
fn two_links(c: &Candidates, parallel: bool) -> Option<Step> {
    let n = c.shape().size();
    for d in 1..=n as u8 {
        let links = strong_links(c, d);
        for (i, &(u1, a1, b1)) in links.iter().enumerate() {
            for &(u2, a2, b2) in &links[i + 1..] {
                let (k1, k2) = (u1 / n, u2 / n);
                let ok_kind = if parallel {
                    k1 == k2 && k1 < 2
                } else {
                    k1 < 2 && k2 < 2 && k1 != k2
                };
                if !ok_kind {
                    continue;
                }
                for (x1, y1) in [(a1, b1), (b1, a1)] {
                    for (x2, y2) in [(a2, b2), (b2, a2)] {
                        // x1 and x2 are the joined ends, y1 and y2 the far ends.
                        if x1 == x2 || y1 == y2 || x1 == y2 || x2 == y1 || sees(c, y1, y2) {
                            continue;
                        }
                        let joined = if parallel {
                            // Same column (row links) or same row (column links).
                            if k1 == 0 {
                                x1 % n == x2 % n
                            } else {
                                x1 / n == x2 / n
                            }
                        } else {
                            let b = |x: usize| c.shape().box_of(x / n, x % n);
                            b(x1) == b(x2)
                        };
                        if !joined {
                            continue;
                        }
                        let elim = common_peers(c, &[y1, y2], d);
                        if !elim.is_empty() {
                            let t = if parallel {
                                Technique::Skyscraper
                            } else {
                                Technique::TwoStringKite
                            };
                            return Some(Step {
                                technique: t,
                                pattern: vec![y1, x1, x2, y2],
                                placements: vec![],
                                eliminations: elim,
                                chain: Vec::new(),
                                explanation: format!(
                                    "{d} is in {} or {} ({}), and in {} or {} ({}); {} and {} cannot both hold it, so {} or {} does: cells seeing both lose {d}",
                                    c.name(x1),
                                    c.name(y1),
                                    unit_name(c, u1),
                                    c.name(x2),
                                    c.name(y2),
                                    unit_name(c, u2),
                                    c.name(x1),
                                    c.name(x2),
                                    c.name(y1),
                                    c.name(y2)
                                ),
                            });
                        }
                    }
                }
            }
        }
    }
    None
}

/// Empty rectangle: in a box, digit `d` lies only in one row `r` and one column `k` of the box
/// (not all in one of them). A strong link on `d` in a column outside the box, with one end X
/// in row `r` and the other end Y outside the box's rows: if X is `d`, the box's `d` is in
/// column `k`; if not, Y is `d`. Either way the cell in Y's row and column `k` cannot be `d`.
/// The same with rows and columns exchanged.
fn empty_rectangle(c: &Candidates) -> Option<Step> {
    let n = c.shape().size();
    let (br, bc) = (c.shape().box_rows(), c.shape().box_cols());
    for d in 1..=n as u8 {
        let links = strong_links(c, d);
        for b in 0..n {
            let (r0, c0) = (b / (n / bc) * br, b % (n / bc) * bc);
            let cells: Vec<usize> = c.units()[2 * n + b]
                .iter()
                .copied()
                .filter(|&x| c.has(x, d))
                .collect();
            if cells.len() < 2 {
                continue;
            }
            for r in r0..r0 + br {
                for k in c0..c0 + bc {
                    let on_cross = cells.iter().all(|&x| x / n == r || x % n == k);
                    let one_line =
                        cells.iter().all(|&x| x / n == r) || cells.iter().all(|&x| x % n == k);
                    if !on_cross || one_line {
                        continue;
                    }
                    for &(u, a, e) in &links {
                        for (x, y) in [(a, e), (e, a)] {
                            // A column link joined to row r, or a row link joined to column k.
                            let target = match u / n {
                                1 if x / n == r
                                    && !(c0..c0 + bc).contains(&(x % n))
                                    && !(r0..r0 + br).contains(&(y / n)) =>
                                {
                                    (y / n) * n + k
                                }
                                0 if x % n == k
                                    && !(r0..r0 + br).contains(&(x / n))
                                    && !(c0..c0 + bc).contains(&(y % n)) =>
                                {
                                    r * n + y % n
                                }
                                _ => continue,
                            };
                            if !c.has(target, d) {
                                continue;
                            }
                            let mut pattern = cells.clone();
                            pattern.extend([x, y]);
                            return Some(Step {
                                technique: Technique::EmptyRectangle,
                                pattern,
                                placements: vec![],
                                eliminations: vec![(target, d)],
                                chain: vec![(y, d), (x, d)],
                                explanation: format!(
                                    "in box {}, {d} lies only in row {} and column {}; {d} is in {} or {} ({}): if {} is {d}, the box's {d} is in {}, else {} is {d}; either way {} cannot be {d}",
                                    b + 1,
                                    r + 1,
                                    k + 1,
                                    c.name(x),
                                    c.name(y),
                                    unit_name(c, u),
                                    c.name(x),
                                    if u / n == 1 {
                                        format!("column {}", k + 1)
                                    } else {
                                        format!("row {}", r + 1)
                                    },
                                    c.name(y),
                                    c.name(target)
                                ),
                            });
                        }
                    }
                }
            }
        }
    }
    None
}

fn bivalue(c: &Candidates) -> Vec<usize> {
    let n = c.shape().size();
    (0..n * n)
        .filter(|&x| c.mask(x).count_ones() == 2)
        .collect()
}

fn xy_wing(c: &Candidates) -> Option<Step> {
    let bv = bivalue(c);
    for &p in &bv {
        let pm = c.mask(p);
        for &a in bv.iter().filter(|&&a| sees(c, p, a)) {
            let am = c.mask(a);
            let shared = pm & am;
            if shared.count_ones() != 1 {
                continue;
            }
            let z = am & !pm;
            for &b in bv.iter().filter(|&&b| b != a && sees(c, p, b)) {
                let bm = c.mask(b);
                // b holds the other pivot digit and z.
                if bm != (pm & !shared) | z {
                    continue;
                }
                let zd = z.trailing_zeros() as u8 + 1;
                let elim = common_peers(c, &[a, b], zd);
                let elim: Vec<_> = elim.into_iter().filter(|&(x, _)| x != p).collect();
                if !elim.is_empty() {
                    return Some(Step {
                        technique: Technique::XyWing,
                        pattern: vec![p, a, b],
                        placements: vec![],
                        eliminations: elim,
                        chain: Vec::new(),
                        explanation: format!(
                            "{} is {} or {}; either way {} or {} is {zd}, so cells seeing both cannot be {zd}",
                            c.name(p),
                            digit_list(pm & am),
                            digit_list(pm & bm),
                            c.name(a),
                            c.name(b)
                        ),
                    });
                }
            }
        }
    }
    None
}

fn xyz_wing(c: &Candidates) -> Option<Step> {
    let n = c.shape().size();
    let bv = bivalue(c);
    for p in (0..n * n).filter(|&x| c.mask(x).count_ones() == 3) {
        let pm = c.mask(p);
        for &a in bv
            .iter()
            .filter(|&&a| sees(c, p, a) && c.mask(a) & !pm == 0)
        {
            for &b in bv
                .iter()
                .filter(|&&b| b > a && sees(c, p, b) && c.mask(b) & !pm == 0)
            {
                let z = c.mask(a) & c.mask(b);
                if z.count_ones() != 1 || c.mask(a) == c.mask(b) {
                    continue;
                }
                let zd = z.trailing_zeros() as u8 + 1;
                let elim = common_peers(c, &[p, a, b], zd);
                if !elim.is_empty() {
                    return Some(Step {
                        technique: Technique::XyzWing,
                        pattern: vec![p, a, b],
                        placements: vec![],
                        eliminations: elim,
                        chain: Vec::new(),
                        explanation: format!(
                            "one of {}, {} and {} is {zd} whatever {} is, so cells seeing all three cannot be {zd}",
                            c.name(p),
                            c.name(a),
                            c.name(b),
                            c.name(p)
                        ),
                    });
                }
            }
        }
    }
    None
}

/// Unique rectangles: four cells in two rows, two columns and two boxes may not be left with
/// only the pair {a, b} (the digits could swap and the puzzle would have two solutions). Type 1:
/// three corners are the pair, the fourth loses it. Type 2: the two other corners hold the
/// pair plus the same single digit z, so z is in one of them. Type 4: a pair digit is confined
/// to the two other corners in some unit, so neither takes the other pair digit. Assumes the
/// puzzle has one solution, as every published puzzle does.
fn unique_rectangle(c: &Candidates) -> Option<Step> {
    let n = c.shape().size();
    let bv = bivalue(c);
    for (i, &a) in bv.iter().enumerate() {
        for &b in &bv[i + 1..] {
            let m = c.mask(a);
            if c.mask(b) != m {
                continue;
            }
            let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
            if ra == rb || ca == cb {
                // a and b on one line: the rectangle's other line is any other row (column).
                let other_lines: Vec<(usize, usize)> = if ra == rb {
                    (0..n)
                        .filter(|&r| r != ra)
                        .map(|r| (r * n + ca, r * n + cb))
                        .collect()
                } else {
                    (0..n)
                        .filter(|&col| col != ca)
                        .map(|col| (ra * n + col, rb * n + col))
                        .collect()
                };
                for (x, y) in other_lines {
                    let boxes: std::collections::BTreeSet<usize> = [a, b, x, y]
                        .iter()
                        .map(|&z| c.shape().box_of(z / n, z % n))
                        .collect();
                    if boxes.len() != 2 || c.value(x) != 0 || c.value(y) != 0 {
                        continue;
                    }
                    for (third, fourth) in [(x, y), (y, x)] {
                        if c.mask(third) == m && c.mask(fourth) & m == m && c.mask(fourth) != m {
                            let elim: Vec<(usize, u8)> = digits(m).map(|d| (fourth, d)).collect();
                            return Some(Step {
                                technique: Technique::UniqueRectangle,
                                pattern: vec![a, b, third, fourth],
                                placements: vec![],
                                eliminations: elim,
                                chain: Vec::new(),
                                explanation: format!(
                                    "type 1: {}, {} and {} hold only {}; if {} held either, the two digits could swap around the rectangle and the puzzle would not be unique, so it holds neither",
                                    c.name(a),
                                    c.name(b),
                                    c.name(third),
                                    digit_list(m),
                                    c.name(fourth)
                                ),
                            });
                        }
                    }
                    // The roof: x and y both hold the pair and more.
                    let (mx, my) = (c.mask(x), c.mask(y));
                    if mx & m != m || my & m != m || mx == m || my == m {
                        continue;
                    }
                    // Type 2: both roofs have the same single extra digit: it is in one of them.
                    let (ex, ey) = (mx & !m, my & !m);
                    if ex == ey && ex.count_ones() == 1 {
                        let z = ex.trailing_zeros() as u8 + 1;
                        let elim = common_peers(c, &[x, y], z);
                        if !elim.is_empty() {
                            return Some(Step {
                                technique: Technique::UniqueRectangle,
                                pattern: vec![a, b, x, y],
                                placements: vec![],
                                eliminations: elim,
                                chain: Vec::new(),
                                explanation: format!(
                                    "type 2: without {z}, {} and {} would complete a deadly rectangle on {} with {} and {}; so one of them is {z}, and cells seeing both lose {z}",
                                    c.name(x),
                                    c.name(y),
                                    digit_list(m),
                                    c.name(a),
                                    c.name(b)
                                ),
                            });
                        }
                    }
                    // Type 3: the roofs' extra digits, as one virtual cell, make a naked
                    // subset with other cells of a unit holding both roofs.
                    if let Some(step) = ur_type3(c, [a, b, x, y], m) {
                        return Some(step);
                    }
                    // Type 4: in a unit holding both roofs, one pair digit has no other place:
                    // one roof takes it, so neither can take the other pair digit.
                    for d in digits(m) {
                        let e = digits(m).find(|&e| e != d).unwrap_or(d);
                        let confined = c.units().iter().any(|unit| {
                            unit.contains(&x)
                                && unit.contains(&y)
                                && unit.iter().filter(|&&z| c.has(z, d)).count() == 2
                        });
                        if confined {
                            return Some(Step {
                                technique: Technique::UniqueRectangle,
                                pattern: vec![a, b, x, y],
                                placements: vec![],
                                eliminations: vec![(x, e), (y, e)],
                                chain: Vec::new(),
                                explanation: format!(
                                    "type 4: {d} must go in {} or {}; if the other took {e} the rectangle {} would be deadly, so both lose {e}",
                                    c.name(x),
                                    c.name(y),
                                    [a, b, x, y]
                                        .iter()
                                        .map(|&z| c.name(z))
                                        .collect::<Vec<_>>()
                                        .join(", ")
                                ),
                            });
                        }
                    }
                }
            }
        }
    }
    None
}

/// Unique rectangle type 3: one of the roofs `x`, `y` holds one of their extra digits (else
/// the rectangle is deadly), so together they act as one cell holding the extra digits. With
/// `j` other cells of a unit holding both roofs, `j + 1` digits in all, those digits are all
/// placed in these cells and leave the unit's other cells.
fn ur_type3(c: &Candidates, corners: [usize; 4], m: u64) -> Option<Step> {
    let [a, b, x, y] = corners;
    let extra = (c.mask(x) | c.mask(y)) & !m;
    if extra.count_ones() < 2 {
        return None; // one extra digit is type 2
    }
    for (u, unit) in c.units().iter().enumerate() {
        if !unit.contains(&x) || !unit.contains(&y) {
            continue;
        }
        let others: Vec<usize> = unit
            .iter()
            .copied()
            .filter(|&z| z != x && z != y && c.value(z) == 0)
            .collect();
        for j in 1..=3usize.min(others.len().saturating_sub(1)) {
            let found = subsets(&others, j, &mut |set: &[usize]| {
                let digits_mask = set.iter().fold(extra, |acc, &z| acc | c.mask(z));
                if digits_mask.count_ones() as usize != j + 1 {
                    return None;
                }
                let elim: Vec<(usize, u8)> = others
                    .iter()
                    .filter(|z| !set.contains(z))
                    .flat_map(|&z| digits(c.mask(z) & digits_mask).map(move |d| (z, d)))
                    .collect();
                (!elim.is_empty()).then(|| {
                    let mut pattern = vec![a, b, x, y];
                    pattern.extend_from_slice(set);
                    Step {
                        technique: Technique::UniqueRectangle,
                        pattern,
                        placements: vec![],
                        eliminations: elim,
                        chain: Vec::new(),
                        explanation: format!(
                            "type 3: {} or {} must hold one of {} (else the rectangle on {} with {} and {} is deadly); with {} they hold the {} digits {} of {}, which leave its other cells",
                            c.name(x),
                            c.name(y),
                            digit_list(extra),
                            digit_list(m),
                            c.name(a),
                            c.name(b),
                            set.iter().map(|&z| c.name(z)).collect::<Vec<_>>().join(", "),
                            j + 1,
                            digit_list(digits_mask),
                            unit_name(c, u)
                        ),
                    }
                })
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

/// A generalised wing: a pivot and `k − 1` of its peers, `k` cells holding together exactly
/// `k` digits, every digit but one (z) confined to cells that see each other. The cells need
/// `k` values from `k` digits with each confined digit at most once, so z is among them: a cell
/// seeing every z of the pattern cannot be z. XY- and XYZ-wings are the case `k = 3`.
fn n_wing(c: &Candidates, k: usize, t: Technique) -> Option<Step> {
    let n = c.shape().size();
    let open: Vec<usize> = (0..n * n)
        .filter(|&x| c.value(x) == 0 && (2..=k as u32).contains(&c.mask(x).count_ones()))
        .collect();
    let mut cells = Vec::with_capacity(k);
    for &p in &open {
        let peers: Vec<usize> = open
            .iter()
            .copied()
            .filter(|&x| sees(c, p, x) && (c.mask(x) | c.mask(p)).count_ones() <= k as u32)
            .collect();
        cells.clear();
        cells.push(p);
        let found = grow_wing(
            c,
            k,
            &peers,
            0,
            &mut cells,
            c.mask(p),
            0,
            &mut |cells, union, z| {
                let z = z.trailing_zeros() as u8 + 1;
                let holders: Vec<usize> = cells.iter().copied().filter(|&x| c.has(x, z)).collect();
                let elim: Vec<(usize, u8)> = common_peers(c, &holders, z)
                    .into_iter()
                    .filter(|(x, _)| !cells.contains(x))
                    .collect();
                (!elim.is_empty()).then(|| Step {
                technique: t,
                pattern: cells.to_vec(),
                placements: vec![],
                eliminations: elim,
                chain: Vec::new(),
                explanation: format!(
                    "{} hold the {k} digits {} between them and every digit but {z} at most once, so one of them is {z}: cells seeing all their {z}s lose {z}",
                    cells.iter().map(|&x| c.name(x)).collect::<Vec<_>>().join(", "),
                    digit_list(union)
                ),
            })
            },
        );
        if found.is_some() {
            return found;
        }
    }
    None
}

/// Grows a wing from `cells` (the pivot first) with peers from `from` on: `union` is the
/// cells' digits, `loose` the digits held by two cells that do not see each other. A set is
/// cut as soon as it has more than `k` digits or two loose ones (adding cells only adds
/// both); full sets with `k` digits and one loose digit go to `f`.
#[allow(clippy::too_many_arguments)]
fn grow_wing(
    c: &Candidates,
    k: usize,
    peers: &[usize],
    from: usize,
    cells: &mut Vec<usize>,
    union: u64,
    loose: u64,
    f: &mut impl FnMut(&[usize], u64, u64) -> Option<Step>,
) -> Option<Step> {
    if cells.len() == k {
        return (union.count_ones() as usize == k && loose.count_ones() == 1)
            .then(|| f(cells, union, loose))
            .flatten();
    }
    for (i, &x) in peers.iter().enumerate().skip(from) {
        let m = c.mask(x);
        let u = union | m;
        if u.count_ones() as usize > k {
            continue;
        }
        let mut l = loose;
        for d in digits(m & union & !loose) {
            if cells.iter().any(|&y| c.has(y, d) && !sees(c, x, y)) {
                l |= 1 << (d - 1);
            }
        }
        if l.count_ones() > 1 {
            continue;
        }
        cells.push(x);
        let found = grow_wing(c, k, peers, i + 1, cells, u, l, f);
        cells.pop();
        if found.is_some() {
            return found;
        }
    }
    None
}

/// BUG+1 (bivalue universal grave plus one): every open cell is bivalue except one with three
/// candidates. Without that cell's extra digit the grid would be a "deadly" pattern with two
/// solutions, so the digit that appears three times in its row, column and box goes there.
fn bug_plus_one(c: &Candidates) -> Option<Step> {
    let n = c.shape().size();
    let open: Vec<usize> = (0..n * n).filter(|&x| c.value(x) == 0).collect();
    let mut tri = None;
    for &x in &open {
        match c.mask(x).count_ones() {
            // A cell with one candidate (pencil-mark input) counts as solved if no peer still
            // holds its digit.
            1 if c.peers(x).all(|p| c.mask(p) & c.mask(x) == 0) => {}
            2 => {}
            3 if tri.is_none() => tri = Some(x),
            _ => return None,
        }
    }
    let x = tri?;
    let (r, col) = (x / n, x % n);
    let b = c.shape().box_of(r, col);
    let d = digits(c.mask(x)).find(|&d| {
        [r, n + col, 2 * n + b].iter().all(|&u| {
            let holders = c.units()[u]
                .iter()
                .filter(|&&y| c.has(y, d) && c.mask(y).count_ones() > 1);
            holders.count() == 3
        })
    })?;
    Some(Step {
        technique: Technique::BugPlusOne,
        pattern: vec![x],
        placements: vec![(x, d)],
        eliminations: vec![],
        chain: Vec::new(),
        explanation: format!(
            "every open cell but {} has two candidates; if {} were not {d}, {d} would appear twice in each of its units and the grid would have two solutions, so it is {d}",
            c.name(x),
            c.name(x)
        ),
    })
}

/// The longest chain searched (links).
const MAX_CHAIN: usize = 12;

/// X-chain on one digit: from a cell, alternate strong links (the digit's only two places in
/// a unit) and weak links (two cells of a unit), starting and ending with a strong link. If
/// the first cell is not the digit, the chain forces the last one to be: cells seeing both
/// ends lose the digit. Breadth-first, so the shortest chain is found first.
fn x_chain(c: &Candidates) -> Option<Step> {
    let n = c.shape().size();
    for d in 1..=n as u8 {
        let cells: Vec<usize> = (0..n * n).filter(|&x| c.has(x, d)).collect();
        let mut strong: Vec<Vec<usize>> = vec![Vec::new(); n * n];
        for (_, a, b) in strong_links(c, d) {
            strong[a].push(b);
            strong[b].push(a);
        }
        for &start in &cells {
            if strong[start].is_empty() {
                continue;
            }
            // State: (cell, next link must be strong). prev for the path.
            let mut prev: Vec<[usize; 2]> = vec![[usize::MAX; 2]; n * n];
            let mut frontier = vec![(start, true)];
            prev[start][1] = start;
            for depth in 0..MAX_CHAIN {
                let mut next = Vec::new();
                for &(x, want_strong) in &frontier {
                    let targets: Vec<usize> = if want_strong {
                        strong[x].clone()
                    } else {
                        cells.iter().copied().filter(|&y| sees(c, x, y)).collect()
                    };
                    let slot = usize::from(!want_strong);
                    for y in targets {
                        if prev[y][slot] != usize::MAX || y == start {
                            continue;
                        }
                        prev[y][slot] = x;
                        next.push((y, !want_strong));
                        // Ended with a strong link, at least three links (skyscrapers and
                        // kites are found earlier), far end not seeing the start trivially.
                        if want_strong && depth >= 2 {
                            let elim = common_peers(c, &[start, y], d);
                            if !elim.is_empty() {
                                let mut path = vec![y];
                                let (mut cur, mut s) = (y, slot);
                                while cur != start {
                                    let p = prev[cur][s];
                                    path.push(p);
                                    cur = p;
                                    s ^= 1;
                                }
                                path.reverse();
                                return Some(Step {
                                    technique: Technique::XChain,
                                    pattern: path.clone(),
                                    placements: vec![],
                                    eliminations: elim,
                                    chain: path.iter().map(|&x| (x, d)).collect(),
                                    explanation: format!(
                                        "on {d}, the chain {} alternates strong and weak links: if {} is not {d} then {} is, so cells seeing both lose {d}",
                                        path.iter()
                                            .map(|&x| c.name(x))
                                            .collect::<Vec<_>>()
                                            .join(" – "),
                                        c.name(start),
                                        c.name(y)
                                    ),
                                });
                            }
                        }
                    }
                }
                if next.is_empty() {
                    break;
                }
                frontier = next;
            }
        }
    }
    None
}

/// XY-chain: bivalue cells, each seeing the next and sharing a digit with it. If the first
/// cell is not x, its other digit forces the next cell, and so on, until the last cell is x:
/// so one of the two ends is x, and cells seeing both lose x.
fn xy_chain(c: &Candidates) -> Option<Step> {
    let n = c.shape().size();
    let bv = bivalue(c);
    for &start in &bv {
        for x in digits(c.mask(start)) {
            // State: (cell, the digit it is forced to take), breadth-first.
            let on0 = (c.mask(start) & !(1u64 << (x - 1))).trailing_zeros() as u8 + 1;
            let mut prev: std::collections::HashMap<(usize, u8), (usize, u8)> =
                std::collections::HashMap::new();
            let mut frontier = vec![(start, on0)];
            prev.insert((start, on0), (start, on0));
            for depth in 0..MAX_CHAIN {
                let mut next = Vec::new();
                for &(cell, on) in &frontier {
                    for &y in bv
                        .iter()
                        .filter(|&&y| y != start && sees(c, cell, y) && c.has(y, on))
                    {
                        let other = (c.mask(y) & !(1u64 << (on - 1))).trailing_zeros() as u8 + 1;
                        if prev.contains_key(&(y, other)) {
                            continue;
                        }
                        prev.insert((y, other), (cell, on));
                        next.push((y, other));
                        if other == x && depth >= 1 {
                            let elim: Vec<(usize, u8)> = common_peers(c, &[start, y], x);
                            if !elim.is_empty() {
                                let mut path = vec![(y, other)];
                                let mut cur = (y, other);
                                while cur.0 != start {
                                    cur = prev[&cur];
                                    path.push(cur);
                                }
                                path.reverse();
                                let cells: Vec<usize> = path.iter().map(|p| p.0).collect();
                                let _ = n;
                                return Some(Step {
                                    technique: Technique::XyChain,
                                    pattern: cells.clone(),
                                    placements: vec![],
                                    eliminations: elim,
                                    chain: path.clone(),
                                    explanation: format!(
                                        "if {} is not {x}, the bivalue cells {} force each other in turn and {} is {x}: cells seeing both lose {x}",
                                        c.name(start),
                                        cells
                                            .iter()
                                            .map(|&z| c.name(z))
                                            .collect::<Vec<_>>()
                                            .join(" – "),
                                        c.name(y)
                                    ),
                                });
                            }
                        }
                    }
                }
                if next.is_empty() {
                    break;
                }
                frontier = next;
            }
        }
    }
    None
}

/// W-wing: bivalue cells A and B with the same pair {x, y}, and a strong link on x whose ends
/// see A and B respectively. If neither A nor B were y both would be x, and the strong link's
/// x (one of its ends) would see one of them: so A or B is y, and cells seeing both lose y.
fn w_wing(c: &Candidates) -> Option<Step> {
    let bv = bivalue(c);
    for (i, &a) in bv.iter().enumerate() {
        for &b in &bv[i + 1..] {
            let m = c.mask(a);
            if c.mask(b) != m || sees(c, a, b) {
                continue;
            }
            for x in digits(m) {
                let y = digits(m & !(1u64 << (x - 1))).next()?;
                for (_, e1, e2) in strong_links(c, x) {
                    for (p, q) in [(e1, e2), (e2, e1)] {
                        if p == a || p == b || q == a || q == b {
                            continue;
                        }
                        if !(sees(c, p, a) && sees(c, q, b)) {
                            continue;
                        }
                        let elim = common_peers(c, &[a, b], y);
                        if !elim.is_empty() {
                            return Some(Step {
                                technique: Technique::WWing,
                                pattern: vec![a, p, q, b],
                                placements: vec![],
                                eliminations: elim,
                                chain: vec![(a, y), (p, x), (q, x), (b, y)],
                                explanation: format!(
                                    "{} and {} hold only {}; {x} is in {} or {}, which see them, so they cannot both be {x}: one is {y}, and cells seeing both lose {y}",
                                    c.name(a),
                                    c.name(b),
                                    digit_list(m),
                                    c.name(p),
                                    c.name(q)
                                ),
                            });
                        }
                    }
                }
            }
        }
    }
    None
}

/// Simple colouring on one digit: each connected set of strong links is coloured in two
/// alternating colours, one of which holds the digit. Colour wrap: two cells of one colour in a
/// unit make that colour false. Colour trap: a cell seeing both colours cannot hold the digit.
fn simple_colouring(c: &Candidates) -> Option<Step> {
    let n = c.shape().size();
    for d in 1..=n as u8 {
        let links = strong_links(c, d);
        let mut adj: Vec<Vec<usize>> = vec![Vec::new(); n * n];
        for &(_, a, b) in &links {
            adj[a].push(b);
            adj[b].push(a);
        }
        let mut colour = vec![u8::MAX; n * n];
        for start in 0..n * n {
            if adj[start].is_empty() || colour[start] != u8::MAX {
                continue;
            }
            // Two-colour this component.
            let mut comp = vec![start];
            colour[start] = 0;
            let mut k = 0;
            while k < comp.len() {
                let x = comp[k];
                k += 1;
                for &y in &adj[x] {
                    if colour[y] == u8::MAX {
                        colour[y] = 1 - colour[x];
                        comp.push(y);
                    }
                }
            }
            if comp.len() < 4 {
                continue; // smaller components are covered by the other techniques
            }
            let names = |col: u8| -> String {
                comp.iter()
                    .filter(|&&x| colour[x] == col)
                    .map(|&x| c.name(x))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            // Colour wrap.
            for col in 0..2u8 {
                let cells: Vec<usize> =
                    comp.iter().copied().filter(|&x| colour[x] == col).collect();
                let clash = cells
                    .iter()
                    .enumerate()
                    .any(|(i, &a)| cells[i + 1..].iter().any(|&b| sees(c, a, b)));
                if clash {
                    return Some(Step {
                        technique: Technique::SimpleColouring,
                        pattern: comp.clone(),
                        placements: vec![],
                        eliminations: cells.iter().map(|&x| (x, d)).collect(),
                        chain: comp.iter().map(|&x| (x, d)).collect(),
                        explanation: format!(
                            "colouring the strong links of {d}: two cells of the colour {{{}}} share a unit, so that colour is false and its cells lose {d}",
                            names(col)
                        ),
                    });
                }
            }
            // Colour trap.
            let elim: Vec<(usize, u8)> = (0..n * n)
                .filter(|&x| colour[x] == u8::MAX && c.has(x, d))
                .filter(|&x| {
                    let sees_col =
                        |col: u8| comp.iter().any(|&y| colour[y] == col && sees(c, x, y));
                    sees_col(0) && sees_col(1)
                })
                .map(|x| (x, d))
                .collect();
            if !elim.is_empty() {
                return Some(Step {
                    technique: Technique::SimpleColouring,
                    pattern: comp.clone(),
                    placements: vec![],
                    eliminations: elim,
                    chain: comp.iter().map(|&x| (x, d)).collect(),
                    explanation: format!(
                        "colouring the strong links of {d}: one of {{{}}} and {{{}}} holds {d}, and these cells see both",
                        names(0),
                        names(1)
                    ),
                });
            }
        }
    }
    None
}

/// Finned fish of size 2 to 4 (X-wing, swordfish, jellyfish): in `k` base lines, digit `d`
/// lies in `k` cover lines except for a few "fins" that all sit in one box. Either the fish
/// holds (and the cover lines lose `d` elsewhere) or a fin is `d`; a cell in a cover line and
/// in the fins' box, outside the base lines, loses `d` either way. For each set of base lines
/// and each box, the cover is forced: the base candidates outside the box ("the body") must
/// lie in the cover lines, so only a few cover lines through the box are left to choose.
fn finned_fish(c: &Candidates, k: usize, t: Technique) -> Option<Step> {
    let n = c.shape().size();
    let bx = |cell: usize| c.shape().box_of(cell / n, cell % n);
    // Per orientation, in_box[l][b]: the positions of line l inside box b.
    let in_boxes: [Vec<Vec<u64>>; 2] = [true, false].map(|rows_as_base| {
        (0..n)
            .map(|l| {
                (0..n)
                    .map(|b| {
                        (0..n)
                            .filter(|&i| bx(if rows_as_base { l * n + i } else { i * n + l }) == b)
                            .fold(0u64, |m, i| m | 1 << i)
                    })
                    .collect()
            })
            .collect()
    });
    {
        for d in 1..=n as u8 {
            for rows_as_base in [true, false] {
                let at = |line: usize, i: usize| {
                    if rows_as_base {
                        line * n + i
                    } else {
                        i * n + line
                    }
                };
                let pos: Vec<u64> = (0..n)
                    .map(|l| {
                        (0..n)
                            .filter(|&i| c.has(at(l, i), d))
                            .fold(0u64, |m, i| m | 1 << i)
                    })
                    .collect();
                let in_box = &in_boxes[usize::from(!rows_as_base)];
                let pos = &pos;
                let lines: Vec<usize> = (0..n)
                    .filter(|&l| (1..=k as u32 + 3).contains(&pos[l].count_ones()))
                    .collect();
                // The fins lie in one box: the union is at most the cover and that box's lines.
                let width = if rows_as_base {
                    c.shape().box_cols()
                } else {
                    c.shape().box_rows()
                };
                let mask_of = |l: usize| pos[l];
                let limit = (k + width) as u32;
                let found = subsets_within(&lines, k, &mask_of, 0, limit, &mut |base, union| {
                    if union.count_ones() as usize <= k {
                        return None; // a plain fish, found earlier
                    }
                    (0..n).find_map(|fb| {
                        let in_fb = base.iter().fold(0u64, |m, &l| m | (pos[l] & in_box[l][fb]));
                        if in_fb == 0 {
                            return None;
                        }
                        let body = base
                            .iter()
                            .fold(0u64, |m, &l| m | (pos[l] & !in_box[l][fb]));
                        let need = k.checked_sub(body.count_ones() as usize)?;
                        let spare: Vec<usize> =
                            (0..n).filter(|&i| (in_fb & !body) >> i & 1 == 1).collect();
                        subsets(&spare, need, &mut |extra: &[usize]| {
                            let cover_mask = extra.iter().fold(body, |m, &i| m | 1 << i);
                            let fins: Vec<usize> = base
                                .iter()
                                .flat_map(|&l| {
                                    (0..n)
                                        .filter(move |&i| (pos[l] & !cover_mask) >> i & 1 == 1)
                                        .map(move |i| at(l, i))
                                })
                                .collect();
                            if fins.is_empty() {
                                return None;
                            }
                            let cover: Vec<usize> =
                                (0..n).filter(|&i| cover_mask >> i & 1 == 1).collect();
                            let elim: Vec<(usize, u8)> = cover
                                .iter()
                                .flat_map(|&i| (0..n).map(move |l| (l, at(l, i))))
                                .filter(|&(l, cell)| {
                                    !base.contains(&l) && bx(cell) == fb && c.has(cell, d)
                                })
                                .map(|(_, cell)| (cell, d))
                                .collect();
                            (!elim.is_empty()).then(|| {
                                finned_step(
                                    c,
                                    t,
                                    d,
                                    rows_as_base,
                                    base,
                                    &cover,
                                    &fins,
                                    fb,
                                    pos,
                                    elim,
                                )
                            })
                        })
                    })
                });
                if found.is_some() {
                    return found;
                }
            }
        }
    }
    None
}

#[allow(clippy::too_many_arguments)]
fn finned_step(
    c: &Candidates,
    t: Technique,
    d: u8,
    rows_as_base: bool,
    base: &[usize],
    cover: &[usize],
    fins: &[usize],
    fb: usize,
    pos: &[u64],
    elim: Vec<(usize, u8)>,
) -> Step {
    let n = c.shape().size();
    let at = |line: usize, i: usize| {
        if rows_as_base {
            line * n + i
        } else {
            i * n + line
        }
    };
    let list = |v: &[usize]| {
        v.iter()
            .map(|l| (l + 1).to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let (bn, cn) = if rows_as_base {
        ("rows", "columns")
    } else {
        ("columns", "rows")
    };
    Step {
        technique: t,
        pattern: base
            .iter()
            .flat_map(|&l| {
                (0..n)
                    .filter(move |&i| pos[l] >> i & 1 == 1)
                    .map(move |i| at(l, i))
            })
            .collect(),
        placements: vec![],
        eliminations: elim,
        chain: fins.iter().map(|&f| (f, d)).collect(),
        explanation: format!(
            "{d} in {bn} {} lies in {cn} {} but for the fin(s) {} in box {}: either the fish holds or a fin is {d}, so cells of those {cn} inside that box lose {d}",
            list(base),
            list(cover),
            fins.iter()
                .map(|&f| c.name(f))
                .collect::<Vec<_>>()
                .join(", "),
            fb + 1,
        ),
    }
}
