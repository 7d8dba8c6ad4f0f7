//! The techniques, each a search for its pattern on a [`Candidates`] grid.

mod fish;
mod single_digit;
mod singles;
mod subsets;
mod uniqueness;
mod wings;

use super::{Candidates, Step};
use fish::{finned_fish, fish};
use single_digit::{empty_rectangle, simple_colouring, two_links, x_chain};
use singles::{full_house, hidden_single, naked_single};
use std::fmt;
use subsets::{hidden_subset, locked, naked_subset};
use uniqueness::{bug_plus_one, unique_rectangle};
use wings::{n_wing, w_wing, xy_chain, xy_wing, xyz_wing};

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
    /// same pair (types 1 to 4).
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
    /// A candidate whose placement leads, through the singles one link makes, to a
    /// contradiction.
    ForcingChain,
    /// A digit assumed in a cell leaves, by its hidden singles, a unit without a place for it.
    Nishio,
    /// Every candidate of a cell, followed by the singles one link makes, leads to the same
    /// conclusion.
    CellForcingChain,
    /// Every place of a digit in a unit, followed by the singles one link makes, leads to the
    /// same conclusion.
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

    /// What the technique looks for, in one sentence (the variant's documentation).
    pub fn description(self) -> &'static str {
        match self {
            Technique::FullHouse => "The last empty cell of a unit.",
            Technique::HiddenSingle => "A digit that fits in only one cell of a unit.",
            Technique::NakedSingle => "A cell with one candidate left.",
            Technique::Pointing => {
                "A digit confined to one row or column inside a box leaves the rest of that line."
            }
            Technique::Claiming => {
                "A digit confined to one box inside a row or column leaves the rest of that box."
            }
            Technique::NakedPair => "Two cells of a unit with the same two candidates.",
            Technique::XWing => {
                "A digit confined to two rows (columns) in the same two columns (rows)."
            }
            Technique::HiddenPair => "Two digits confined to the same two cells of a unit.",
            Technique::NakedTriple => "Three cells of a unit whose candidates are three digits.",
            Technique::Swordfish => "The X-wing pattern with three lines.",
            Technique::HiddenTriple => "Three digits confined to three cells of a unit.",
            Technique::Skyscraper => "Two parallel strong links on a digit joined at one end.",
            Technique::TwoStringKite => {
                "A row strong link and a column strong link joined in a box."
            }
            Technique::XyWing => "A bivalue pivot and two bivalue pincers.",
            Technique::FinnedXWing => "An X-wing with extra candidates (fins) in one box.",
            Technique::EmptyRectangle => {
                "A digit's candidates in a box on one row and one column, and a strong link."
            }
            Technique::GroupedTwoStrongLinks => {
                "Two strong links on a digit, joined by a weak one, some of whose ends are groups."
            }
            Technique::XyzWing => "A trivalue pivot and two bivalue pincers.",
            Technique::UniqueRectangle => {
                "Uniqueness: four cells of two rows, two columns and two boxes must not all end up as the same pair (types 1 to 4)."
            }
            Technique::NakedQuad => "Four cells of a unit whose candidates are four digits.",
            Technique::Jellyfish => "The X-wing pattern with four lines.",
            Technique::HiddenQuad => "Four digits confined to four cells of a unit.",
            Technique::WxyzWing => {
                "Four cells seeing a pivot, four digits, one of them not confined."
            }
            Technique::XChain => {
                "A chain of strong and weak links on one digit: one of its two ends holds the digit."
            }
            Technique::GroupedXChain => {
                "An X-chain of three or more strong links some of whose nodes are groups."
            }
            Technique::BugPlusOne => {
                "Uniqueness: all cells bivalue but one; its extra digit must be placed."
            }
            Technique::FinnedSwordfish => "A swordfish with extra candidates (fins) in one box.",
            Technique::FinnedJellyfish => "A jellyfish with extra candidates (fins) in one box.",
            Technique::VwxyzWing => {
                "Five cells seeing a pivot, five digits, one of them not confined."
            }
            Technique::SimpleColouring => {
                "Two-colouring a digit's strong links: a colour seen twice in a unit is false, and a cell seeing both colours cannot hold the digit."
            }
            Technique::WWing => {
                "Two equal bivalue cells joined by a strong link on one of their digits."
            }
            Technique::XyChain => {
                "A chain of bivalue cells: one of its two ends holds the shared digit."
            }
            Technique::Aic => {
                "An alternating inference chain (or loop) mixing bivalue cells and strong links."
            }
            Technique::ForcingChain => {
                "A candidate whose placement leads, through the singles one link makes, to a contradiction."
            }
            Technique::Nishio => {
                "A digit assumed in a cell leaves, by its hidden singles, a unit without a place for it."
            }
            Technique::CellForcingChain => {
                "Every candidate of a cell, followed by the singles one link makes, leads to the same conclusion."
            }
            Technique::RegionForcingChain => {
                "Every place of a digit in a unit, followed by the singles one link makes, leads to the same conclusion."
            }
            Technique::DynamicForcingChain => {
                "A contradiction, cell or region forcing chain following every single, not only those one link makes."
            }
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
    #[allow(clippy::too_many_arguments, reason = "a recursion's accumulators")]
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

/// Cells other than `ends` that see every cell of `ends` and hold `d`.
fn common_peers(c: &Candidates, ends: &[usize], d: u8) -> Vec<(usize, u8)> {
    let Some(&first) = ends.first() else {
        return Vec::new();
    };
    // Such a cell is a peer of the first end: look among those only, in cell order.
    let mut out: Vec<(usize, u8)> = c
        .peers(first)
        .filter(|&x| !ends.contains(&x) && c.has(x, d) && ends.iter().all(|&e| c.sees(x, e)))
        .map(|x| (x, d))
        .collect();
    out.sort_unstable();
    out
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

fn bivalue(c: &Candidates) -> Vec<usize> {
    let n = c.shape().size();
    (0..n * n)
        .filter(|&x| c.mask(x).count_ones() == 2)
        .collect()
}

/// The longest chain searched (links).
const MAX_CHAIN: usize = 12;
