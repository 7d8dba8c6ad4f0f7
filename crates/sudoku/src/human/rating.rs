//! Sudoku Explainer–style rating: every step has a difficulty on SE's scale (the values of
//! SukakuExplainer, which rated the calibration data, for the techniques it has; the others
//! placed by what SE finds instead, each choice commented below); ER is the hardest step of
//! the easiest-first path, EP the hardest up to the first placement, ED the first step's.
//! [`rate_within`] answers "is the ER at most x?" without searching for harder techniques.

use super::technique::Technique;
use super::techniques::{leaves_hidden_single, leaves_hidden_single_in_its_unit};
use super::{Candidates, Step, next_step_in};
use crate::grid::Grid;
use csp_core::termination::past;
use std::fmt;
use std::time::Instant;

/// The difficulty of one step on SE's scale.
pub fn difficulty(c: &Candidates, step: &Step) -> f64 {
    let n = c.shape().size();
    match step.technique {
        Technique::FullHouse => 1.0,
        Technique::HiddenSingle => {
            // The pattern is the unit: a box is easier.
            let in_box = step.pattern.len() >= 2 && {
                let b = |x: usize| c.shape().box_of(x / n, x % n);
                step.pattern.iter().all(|&x| b(x) == b(step.pattern[0]))
                    && step.pattern.iter().any(|&x| x / n != step.pattern[0] / n)
                    && step.pattern.iter().any(|&x| x % n != step.pattern[0] % n)
            };
            if in_box { 1.2 } else { 1.5 }
        }
        Technique::NakedSingle => 2.3,
        // SE's "direct" forms: the eliminations at once leave a hidden single.
        Technique::Pointing if leaves_hidden_single(c, step) => 1.7,
        Technique::Claiming if leaves_hidden_single(c, step) => 1.9,
        Technique::HiddenPair if leaves_hidden_single_in_its_unit(c, step) => 2.0,
        Technique::HiddenTriple if leaves_hidden_single_in_its_unit(c, step) => 2.5,
        Technique::Pointing => 2.6,
        Technique::Claiming => 2.8,
        Technique::NakedPair => 3.0,
        Technique::XWing => 3.2,
        Technique::HiddenPair => 3.4,
        Technique::NakedTriple => 3.6,
        // Not in SE 1.2.1: SukakuExplainer finds finned fish as chains of 2, 3 and 4 strong
        // links (grouped: 4.3, 5.7, 6.1). A finned X-wing and an empty rectangle are two
        // strong links, one in a box: 4.1 where the box's link joins two cells, else 4.3.
        Technique::FinnedXWing => {
            let ungrouped = step.eliminations.first().is_some_and(|&(t, d)| {
                let b = c.shape().box_of(t / n, t % n);
                c.units()[2 * n + b]
                    .iter()
                    .filter(|&&x| c.has(x, d) && !step.eliminations.contains(&(x, d)))
                    .count()
                    == 2
            });
            if ungrouped { 4.1 } else { 4.3 }
        }
        Technique::FinnedSwordfish => 5.7,
        Technique::FinnedJellyfish => 6.1,
        Technique::Swordfish => 3.8,
        Technique::HiddenTriple => 4.0,
        Technique::Skyscraper => 4.0,
        Technique::TwoStringKite => 4.1,
        Technique::XyWing => 4.2,
        // The pattern is the box's cells, then the line's strong link.
        Technique::EmptyRectangle => {
            if step.pattern.len() == 4 {
                4.1
            } else {
                4.3
            }
        }
        Technique::XyzWing => 4.4,
        // Type 3 lists the naked subset's other cells after the four corners: SE adds a tenth
        // per cell (4.6 with one, a pair with the roofs).
        Technique::UniqueRectangle => 4.5 + 0.1 * step.pattern.len().saturating_sub(4) as f64,
        Technique::NakedQuad => 5.0,
        Technique::Jellyfish => 5.2,
        Technique::HiddenQuad => 5.4,
        // SukakuExplainer's n-wings: a base, plus a tenth or two where the wing's largest
        // cell is of middle size (its `biggestCardinality`: 3 of 2–4, or of 2–5).
        Technique::WxyzWing => 5.5 + wing_size_bonus(c, step, 4),
        Technique::VwxyzWing => 6.2 + wing_size_bonus(c, step, 5),
        // SukakuExplainer rates every UVWXYZ-wing 6.6, after its VWXYZ-wings and before its
        // chains.
        Technique::UvwxyzWing => 6.6,
        Technique::BugPlusOne => 5.6,
        // The ratings of SukakuExplainer, which rated the calibration data: an X-chain by its
        // strong links (3 → 5.5, 4 → 5.9, ...); an XY-chain and a W-wing it finds only as
        // forcing chains (7.0 and up; its Y-cycles are 6.6–7.0). Colouring is not in SE: it
        // is rated as a chain over its strong links.
        Technique::XChain => x_chain_rating(c, step),
        // Its grouped chains (the chain holds a candidate per node): 2 strong links 4.3,
        // 3 → 5.7, 4 → 6.1, then +0.4 a link.
        Technique::GroupedTwoStrongLinks => 4.3,
        Technique::GroupedXChain => 5.7 + 0.4 * (step.chain.len() / 2).saturating_sub(3) as f64,
        Technique::SimpleColouring => 6.5 + length_bonus(step.chain.len()),
        // SE finds a W-wing as a forcing chain of six implications (7.1 on every W-wing of
        // its paths).
        Technique::WWing => 7.1,
        // An XY-chain whose ends see each other closes into a cycle, which SE rates from 6.6.
        Technique::XyChain => {
            let ends = (step.chain.first(), step.chain.last());
            let closed = matches!(ends, (Some(&(a, _)), Some(&(b, _))) if a != b && {
                let box_of = |x: usize| c.shape().box_of(x / n, x % n);
                a / n == b / n || a % n == b % n || box_of(a) == box_of(b)
            });
            (if closed { 6.6 } else { 7.0 }) + length_bonus(step.chain.len())
        }
        // SE's forcing chains start at 7.0 and grow with the chain's length (its
        // `getLengthDifficulty`: +0.1 per doubling of the length beyond 4, roughly).
        Technique::ForcingChain => 7.0 + length_bonus(step.chain.len()),
        // SE finds these as its (non-dynamic) forcing chains and bidirectional cycles.
        Technique::Aic => 7.0 + se_length_bonus(step.chain.len()),
        // SE's Nishio (7.5), cell and region (8.0) and dynamic (8.5) forcing chains, with its
        // length difficulty on the implications they rest on (the chain holds them all).
        Technique::Nishio => 7.5 + net_length_bonus(step),
        Technique::CellForcingChain | Technique::RegionForcingChain => 8.0 + net_length_bonus(step),
        Technique::DynamicForcingChain => 8.5 + net_length_bonus(step),
        // SE's nested chains of level 1 ("Dynamic Forcing Chains (+)"): 9.0 and the length.
        Technique::DynamicForcingChainPlus => 9.0 + net_length_bonus(step),
    }
}

/// SukakuExplainer's bonus for an n-wing of at most `max` candidates a cell: a tenth per step
/// the largest cell of the wing is from the extremes (2 or `max`) towards the middle (3).
fn wing_size_bonus(c: &Candidates, step: &Step, max: u32) -> f64 {
    wing_bonus(c.largest(&step.pattern), max)
}

/// SukakuExplainer's strong-link chains: 5.4 for three links, 0.4 more per link, and a tenth
/// each for a link in a box and for links in both rows and columns (`StrongLinksHint`).
fn x_chain_rating(c: &Candidates, step: &Step) -> f64 {
    let n = c.shape().size();
    // A pair that is the digit's only two places in its row or column counts as a line link.
    let pair_in = |unit: &[usize], d: u8| unit.iter().filter(|&&x| c.has(x, d)).count() == 2;
    let units = c.units();
    let (mut in_box, mut rows, mut cols) = (false, false, false);
    for pair in step.chain.chunks_exact(2) {
        let ((a, d), (b, _)) = (pair[0], pair[1]);
        if a / n == b / n && pair_in(&units[a / n], d) {
            rows = true;
        } else if a % n == b % n && pair_in(&units[n + a % n], d) {
            cols = true;
        } else {
            in_box = true;
        }
    }
    let links = step.chain.len() / 2;
    5.4 + 0.4 * links.saturating_sub(3) as f64
        + 0.1 * f64::from(u8::from(in_box))
        + 0.1 * f64::from(u8::from(rows && cols))
}

/// The bonus of [`wing_size_bonus`] for a wing whose largest cell has `biggest` candidates.
fn wing_bonus(biggest: u32, max: u32) -> f64 {
    let middle = (max + 2) / 2;
    let tenths = i64::from(max - middle) - (i64::from(middle) - i64::from(biggest)).abs();
    tenths.max(0) as f64 / 10.0
}

/// SE's length difficulty (`ChainingHint.getLengthDifficulty` of SukakuExplainer): a tenth
/// each time the chain's length passes 4, 6, 8, 12, 16, 24, 32, … (alternately ×3/2 and
/// ×4/3). SE measures a chain by its implications less two, which for an alternating chain is
/// its number of candidates (fitted on SE's paths: 6 → 7.1, 8 → 7.2, 10 and 12 → 7.3).
fn se_length_bonus(len: usize) -> f64 {
    let (mut ceil, mut tenths, mut odd) = (4usize, 0u32, false);
    while len > ceil {
        tenths += 1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    f64::from(tenths) / 10.0
}

/// SE's length difficulty of a forcing chain found on implication nets: its complexity (the
/// implications of every branch, which the step's chain lists) less two.
fn net_length_bonus(step: &Step) -> f64 {
    se_length_bonus(step.chain.len().saturating_sub(2))
}

/// A tenth per doubling of a chain's length beyond 4 (after SE's length difficulty).
fn length_bonus(len: usize) -> f64 {
    let len = len.max(1) as f64;
    (0.1 * (len / 4.0).log2().ceil().max(0.0)).min(1.4)
}

/// A puzzle's rating.
#[derive(Debug, Clone, PartialEq)]
pub struct Rating {
    /// Hardest step of the easiest-first path ("explainer rating").
    pub er: f64,
    /// Hardest step up to the first placement ("pearl").
    pub ep: f64,
    /// The first step's ("diamond").
    pub ed: f64,
    /// The technique of the hardest step.
    pub hardest: Option<Technique>,
    /// Whether the techniques solved it (otherwise ER is an estimate beyond them).
    pub solved_by_logic: bool,
    /// Steps taken.
    pub steps: usize,
}

/// Levels for people, from ER.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    /// Singles only (ER ≤ 2.3).
    Easy,
    /// Locked candidates and pairs (≤ 3.4).
    Medium,
    /// Triples, fish, simple wings (≤ 4.4).
    Hard,
    /// Quads, jellyfish and the like (< 7.0).
    Expert,
    /// Forcing chains and beyond (≥ 7.0).
    Extreme,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
        Level::Extreme,
    ];

    /// The level of a rating.
    pub fn of(er: f64) -> Level {
        if er <= 2.3 {
            Level::Easy
        } else if er <= 3.4 {
            Level::Medium
        } else if er <= 4.4 {
            Level::Hard
        } else if er < 7.0 {
            Level::Expert
        } else {
            Level::Extreme
        }
    }

    /// The highest ER of the level (expert stays below 7.0; extreme has no ceiling).
    pub fn ceiling(self) -> f64 {
        match self {
            Level::Easy => 2.3,
            Level::Medium => 3.4,
            Level::Hard => 4.4,
            Level::Expert => 6.99,
            Level::Extreme => f64::INFINITY,
        }
    }

    /// The name.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Extreme => "extreme",
        }
    }
}

impl std::str::FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Level::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or_else(|| {
                format!("unknown level `{s}`; expected easy, medium, hard, expert or extreme")
            })
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The rater's next step from `c` and its difficulty: the easiest-first step, except that among
/// the chains (from simple colouring to AICs) it takes Sudoku Explainer's least difficult
/// forcing chain or cycle, as SE does. `None` when no technique applies.
pub fn next_rated_step(c: &Candidates) -> Option<(Step, f64)> {
    let (step, rating) = next_step_in(c, &|_| false, true)?;
    let d = rating.unwrap_or_else(|| difficulty(c, &step));
    Some((step, d))
}

/// Rates a puzzle from its candidate grid; `None` when the givens clash. When no technique
/// applies before the grid is solved, ER is set beyond the nested forcing chains implemented:
/// 9.5 plus two tenths per doubling of the candidates left (a rough stand-in for SE's deeper
/// nesting, documented as an estimate by [`Rating::solved_by_logic`]).
pub fn rate_candidates(c: Candidates) -> Rating {
    match walk(c, &|_| false, f64::INFINITY, None) {
        Walk::Rated(r) => r,
        Walk::Above | Walk::Stopped(_) => unreachable!("no rating is above infinity, no deadline"),
    }
}

/// Where the estimate for a grid no technique solves starts: Sudoku Explainer's next rule
/// after the dynamic forcing chains (+), its nested forcing chains of level 2, rate from 9.5.
const BEYOND_BASE: f64 = 9.5;

/// The estimate's growth per doubling of the candidates left, which puts the forum's hardest
/// puzzles near SE's ratings of them (10.5–12, from its deeper nesting) on average; it does not
/// rank them (`docs/measurements/sudoku-rating.md`).
const BEYOND_PER_DOUBLING: f64 = 0.2;

/// The rating given to a grid no technique solves (an estimate: SE's nested chains beyond level
/// 1 are not implemented).
fn beyond_estimate(c: &Candidates) -> f64 {
    let n = c.shape().size();
    let left: u32 = (0..n * n).map(|x| c.mask(x).count_ones()).sum();
    BEYOND_BASE + BEYOND_PER_DOUBLING * f64::from(left.max(1)).log2()
}

/// How a walk ended.
enum Walk {
    Rated(Rating),
    /// A step rated above the ceiling.
    Above,
    /// The deadline (or a stop request) came first; the hardest step so far.
    Stopped(f64),
}

/// The easiest-first path from `c`, giving up (`None`) as soon as a step (or the estimate for
/// a grid no technique solves) rates above `max_er`; `stop` ends the main pass early (see
/// [`rate_within`]).
fn walk(
    mut c: Candidates,
    stop: &dyn Fn(Technique) -> bool,
    max_er: f64,
    deadline: Option<Instant>,
) -> Walk {
    let (mut er, mut ep, mut ed) = (0.0f64, 0.0f64, None);
    let mut placed = false;
    let mut hardest = None;
    let mut steps = 0;
    // The deadline is asked between steps and between the techniques of a step.
    let stop = |t: Technique| stop(t) || past(deadline);
    while !c.is_solved() {
        if past(deadline) {
            return Walk::Stopped(er);
        }
        let Some((step, se_rating)) = next_step_in(&c, &stop, true) else {
            if past(deadline) {
                return Walk::Stopped(er);
            }
            let estimate = beyond_estimate(&c);
            if estimate > max_er {
                return Walk::Above;
            }
            if estimate > er {
                er = estimate;
                hardest = None;
            }
            if !placed {
                ep = ep.max(estimate);
            }
            return Walk::Rated(Rating {
                er,
                ep,
                ed: ed.unwrap_or(estimate),
                hardest,
                solved_by_logic: false,
                steps,
            });
        };
        let d = se_rating.unwrap_or_else(|| difficulty(&c, &step));
        if d > max_er {
            return Walk::Above;
        }
        ed.get_or_insert(d);
        if d > er {
            er = d;
            hardest = Some(step.technique);
        }
        if !placed {
            ep = ep.max(d);
            placed = !step.placements.is_empty();
        }
        c.apply(&step);
        steps += 1;
    }
    Walk::Rated(Rating {
        er,
        ep,
        ed: ed.unwrap_or(0.0),
        hardest,
        solved_by_logic: true,
        steps,
    })
}

/// The least difficulty of a step of `t` on the main pass of the easiest-first path, after
/// singles and SE's direct forms were tried (so pointing, claiming and hidden pairs and
/// triples at their plain ratings; chains grow with their length from here). Checked against
/// [`difficulty`] by the tests of [`rate_within`].
pub fn base_difficulty(t: Technique) -> f64 {
    use Technique::*;
    match t {
        FullHouse => 1.0,
        HiddenSingle => 1.2,
        NakedSingle => 2.3,
        Pointing => 2.6,
        Claiming => 2.8,
        NakedPair => 3.0,
        XWing => 3.2,
        HiddenPair => 3.4,
        NakedTriple => 3.6,
        Swordfish => 3.8,
        HiddenTriple | Skyscraper => 4.0,
        TwoStringKite | FinnedXWing | EmptyRectangle => 4.1,
        XyWing => 4.2,
        GroupedTwoStrongLinks => 4.3,
        XyzWing => 4.4,
        UniqueRectangle => 4.5,
        NakedQuad => 5.0,
        Jellyfish => 5.2,
        HiddenQuad => 5.4,
        XChain => 5.4,
        WxyzWing => 5.5,
        BugPlusOne => 5.6,
        GroupedXChain | FinnedSwordfish => 5.7,
        FinnedJellyfish => 6.1,
        VwxyzWing => 6.2,
        UvwxyzWing => 6.6,
        SimpleColouring => 6.5,
        XyChain => 6.6,
        Aic | ForcingChain => 7.0,
        WWing => 7.1,
        Nishio => 7.5,
        CellForcingChain | RegionForcingChain => 8.0,
        DynamicForcingChain => 8.5,
        DynamicForcingChainPlus => 9.0,
    }
}

/// The rating of `puzzle` if its ER is at most `max_er`, else `None` — the same as [`rate`]
/// filtered, but without trying the techniques that only rate above `max_er` when the order
/// allows it (when no technique after the first one rated above `max_er` rates below it
/// again), which makes asking "is this easy / medium / hard?" cheap: no chain is ever
/// searched. Otherwise it rates fully.
pub fn rate_within(puzzle: &Grid, max_er: f64) -> Option<Rating> {
    let main = &Technique::ALL[3..];
    let barrier = main.iter().position(|&t| base_difficulty(t) > max_er);
    let exact = barrier.is_some_and(|b| main[b..].iter().all(|&t| base_difficulty(t) > max_er));
    if !exact {
        return rate(puzzle).filter(|r| r.er <= max_er);
    }
    match walk(
        Candidates::new(puzzle)?,
        &|t| base_difficulty(t) > max_er,
        max_er,
        None,
    ) {
        Walk::Rated(r) => Some(r),
        _ => None,
    }
}

/// Rates a puzzle; `None` when the givens clash.
pub fn rate(puzzle: &Grid) -> Option<Rating> {
    Candidates::new(puzzle).map(rate_candidates)
}

/// [`rate`], giving up at `deadline` (or on a stop request): `Some(Err(er))` then, `er` being
/// the hardest step taken so far (a lower bound of the rating). Asked between steps and
/// between the techniques of a step.
pub fn rate_until(puzzle: &Grid, deadline: Option<Instant>) -> Option<Result<Rating, f64>> {
    let c = Candidates::new(puzzle)?;
    Some(match walk(c, &|_| false, f64::INFINITY, deadline) {
        Walk::Rated(r) => Ok(r),
        Walk::Stopped(er) => Err(er),
        Walk::Above => unreachable!("no rating is above infinity"),
    })
}

/// Spearman's rank correlation of two equally long samples (ties get their mean rank).
pub fn spearman(a: &[f64], b: &[f64]) -> f64 {
    fn ranks(x: &[f64]) -> Vec<f64> {
        let mut idx: Vec<usize> = (0..x.len()).collect();
        idx.sort_by(|&i, &j| x[i].total_cmp(&x[j]));
        let mut r = vec![0.0; x.len()];
        let mut i = 0;
        while i < idx.len() {
            let mut j = i;
            while j + 1 < idx.len() && x[idx[j + 1]] == x[idx[i]] {
                j += 1;
            }
            let mean = (i + j) as f64 / 2.0 + 1.0;
            for &k in &idx[i..=j] {
                r[k] = mean;
            }
            i = j + 1;
        }
        r
    }
    let (ra, rb) = (ranks(a), ranks(b));
    let n = a.len() as f64;
    let (ma, mb) = (ra.iter().sum::<f64>() / n, rb.iter().sum::<f64>() / n);
    let cov: f64 = ra.iter().zip(&rb).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let va: f64 = ra.iter().map(|x| (x - ma).powi(2)).sum();
    let vb: f64 = rb.iter().map(|y| (y - mb).powi(2)).sum();
    if va == 0.0 || vb == 0.0 {
        return 0.0;
    }
    cov / (va * vb).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SE's chain-length steps: a tenth past 4, 6, 8, 12, 16, 24 and 32 implications.
    #[test]
    fn chain_length_bonus_steps_as_se() {
        let tenths = |len| (se_length_bonus(len) * 10.0).round() as u32;
        let expected = [
            (0, 0),
            (4, 0),
            (5, 1),
            (6, 1),
            (7, 2),
            (8, 2),
            (9, 3),
            (12, 3),
            (13, 4),
            (16, 4),
            (17, 5),
            (24, 5),
            (25, 6),
            (32, 6),
            (33, 7),
        ];
        for (len, t) in expected {
            assert_eq!(tenths(len), t, "length {len}");
        }
    }

    /// SukakuExplainer's WXYZ-wings rate 5.5–5.6 and VWXYZ-wings 6.2–6.4 by the largest
    /// cell: the middle size (3) is the hardest.
    #[test]
    fn wing_bonus_peaks_at_the_middle_size() {
        let tenths = |b, max| (wing_bonus(b, max) * 10.0).round() as u32;
        assert_eq!([2, 3, 4].map(|b| tenths(b, 4)), [0, 1, 0]);
        assert_eq!([2, 3, 4, 5].map(|b| tenths(b, 5)), [1, 2, 1, 0]);
    }

    #[test]
    fn spearman_of_monotone_samples_is_one_and_of_reversed_minus_one() {
        let a = [1.0, 2.0, 3.0, 4.0];
        assert!((spearman(&a, &[10.0, 20.0, 30.0, 45.0]) - 1.0).abs() < 1e-12);
        assert!((spearman(&a, &[4.0, 3.0, 2.0, 1.0]) + 1.0).abs() < 1e-12);
    }

    #[test]
    fn levels_follow_the_rating_bands() {
        assert_eq!(Level::of(1.5), Level::Easy);
        assert_eq!(Level::of(2.6), Level::Medium);
        assert_eq!(Level::of(4.2), Level::Hard);
        assert_eq!(Level::of(5.2), Level::Expert);
        assert_eq!(Level::of(7.3), Level::Extreme);
    }
}
