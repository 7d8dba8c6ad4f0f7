//! The techniques, each a search for its pattern on a [`Candidates`] grid.

mod fish;
mod single_digit;
mod singles;
mod subsets;
mod uniqueness;
mod wings;
// The chains and forcing chains: the hardest techniques, with a file each.
mod chains;
mod cycles;
mod forcing;
mod grouped;
mod implications;
mod net_rules;
mod nets;

use super::technique::Technique;
use super::{Candidates, Step};
use fish::{finned_fish, fish};
use single_digit::{empty_rectangle, simple_colouring, two_links, x_chain};
use singles::{full_house, hidden_single, naked_single};
use subsets::{hidden_subset, locked, naked_subset};
use uniqueness::{bug_plus_one, unique_rectangle};
use wings::{als_wing, w_wing, xy_chain, xy_wing, xyz_wing};

impl Technique {
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
            Technique::GroupedTwoStrongLinks => grouped::grouped_x_chain(c, 2, 2, self),
            Technique::GroupedXChain => grouped::grouped_x_chain(c, 3, 8, self),
            Technique::XyzWing => xyz_wing(c),
            Technique::UniqueRectangle => unique_rectangle(c),
            Technique::WxyzWing => als_wing(c, 4, self),
            Technique::VwxyzWing => als_wing(c, 5, self),
            Technique::UvwxyzWing => als_wing(c, 6, self),
            Technique::BugPlusOne => bug_plus_one(c),
            Technique::WWing => w_wing(c),
            Technique::SimpleColouring => simple_colouring(c),
            Technique::XChain => x_chain(c),
            Technique::XyChain => xy_chain(c),
            Technique::Aic => chains::aic(c),
            Technique::ForcingChain => forcing::contradiction(c),
            Technique::Nishio => nets::nishio(c),
            Technique::CellForcingChain => nets::multiple(c, nets::Multiple::Cells),
            Technique::RegionForcingChain => nets::multiple(c, nets::Multiple::Regions),
            Technique::DynamicForcingChain => nets::dynamic(c),
            Technique::DynamicForcingChainPlus => nets::dynamic_plus(c),
        }
    }
}

/// Sudoku Explainer's least difficult forcing chain or cycle, with its rating: what SE finds
/// where simple colouring, W-wings, XY-chains and AICs are tried here.
pub(crate) fn forcing_chains_and_cycles(c: &Candidates) -> Option<(Step, f64)> {
    cycles::forcing_chains_and_cycles(c)
}

/// Static cell and region forcing chains together, as Sudoku Explainer searches them: the least
/// complex of either kind.
pub(crate) fn multiple_forcing_chains(c: &Candidates) -> Option<Step> {
    nets::multiple(c, nets::Multiple::Both)
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

/// The digits of a mask, ascending (one step per digit, not per bit).
fn digits(mut mask: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let d = mask.trailing_zeros() as u8 + 1;
            mask &= mask - 1;
            d
        })
    })
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
    // The ends' peer sets intersected word by word (no cell is its own peer), in cell order.
    let mut out = Vec::new();
    for (w, &word) in c.peer_bits(first).iter().enumerate() {
        let mut bits = ends[1..].iter().fold(word, |m, &e| m & c.peer_bits(e)[w]);
        while bits != 0 {
            let x = w * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if c.has(x, d) {
                out.push((x, d));
            }
        }
    }
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
