//! Branching heuristics: which variable to branch on next ([`VarOrder`]) and which value to
//! try first ([`ValueOrder`]).
//!
//! # Background
//!
//! The search branches on a variable `x` and a value `v`: first `x = v`, then, if that
//! subtree has no (more) solutions, `x ≠ v`. The variable order decides the shape of the
//! tree: the *fail-first* principle (Haralick & Elliott 1980) picks the variable most
//! likely to fail, so that dead ends are found high in the tree. The value order decides
//! which subtree comes first: it matters for the first solution, not for proving
//! unsatisfiability or counting all solutions.
//!
//! | order | picks the unfixed variable with | reference |
//! |---|---|---|
//! | [`VarOrder::InputOrder`] | the lowest index | |
//! | [`VarOrder::FirstFail`] | the fewest values (MRV) | Haralick & Elliott 1980 |
//! | [`VarOrder::MaxDegree`] | the most neighbours in the constraint graph (static) | Dechter & Meiri 1989 |
//! | [`VarOrder::DynamicDegree`] | the most constraints shared with other unfixed variables | Brélaz 1979 |
//! | [`VarOrder::MostConstrained`] | MRV, ties by dynamic degree | Brélaz 1979 (DSATUR) |
//! | [`VarOrder::DomOverDeg`] | the smallest domain size / dynamic degree | Bessière & Régin 1996 |
//! | [`VarOrder::DomOverWDeg`] | the smallest domain size / weighted degree | Boussemart et al. 2004 |
//!
//! The dynamic degree of `x` counts the constraints on `x` that have another unfixed
//! variable; the weighted degree sums their weights, each constraint's weight starting at 1
//! and growing by 1 each time its propagator finds a conflict, so the search learns where the
//! problem is hard (and, with restarts, starts again from there).
//!
//! Every tie is broken by the lowest variable index, and values by the smallest value, so a
//! run is reproducible; [`ValueOrder::InDomainRandom`] draws from a generator seeded by
//! [`SearchConfig::seed`](crate::SearchConfig::seed).
//!
//! # Cost per node
//!
//! All orders scan the unfixed variables: `O(n)` for input order, MRV and static degree,
//! `O(Σ arity)` over the variables' constraints for the dynamic-degree orders (MRV with
//! degree ties computes degrees only for the variables tied on size).
//! [`ValueOrder::LeastConstraining`] probes every value with forward checking:
//! `O(|D(x)| · Σ arity)` per node.
//!
//! # Adding a heuristic
//!
//! Add a variant, its name in [`VarOrder::name`] / `FromStr`, and its scoring in
//! `brancher.rs` (the `Brancher` sees a read-only selection context and keeps its own
//! state, like dom/wdeg's weights); the search does not change. The property tests run
//! every variant against brute force.

mod brancher;

pub(crate) use brancher::{Brancher, ProbeContext, SelectionContext};

use crate::domain::Value;
use crate::index::VarId;
use std::fmt;
use std::str::FromStr;

/// A branching decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// `x = v` (left branch).
    Assign(VarId, Value),
    /// `x ≠ v` (right branch).
    Remove(VarId, Value),
    /// A domain split's first branch: `x ≤ v`, or `x > v` when the flag is false (the
    /// upper half first).
    Split(VarId, Value, bool),
    /// The split's other branch, once the first is refuted: `x > v` (or `x ≤ v` when the
    /// flag is false).
    Other(VarId, Value, bool),
}

impl Decision {
    /// Whether this opens a new level (a first branch) rather than refuting one.
    pub fn is_first(self) -> bool {
        matches!(self, Decision::Assign(..) | Decision::Split(..))
    }

    /// The decision in words: `x = 3`, `x ≠ 3`, `x ≤ 3`, `x > 3`, with the variable named by
    /// `name` and the value shown by `show`.
    pub fn describe(
        self,
        name: impl Fn(VarId) -> String,
        show: impl Fn(VarId, Value) -> String,
    ) -> String {
        let (x, v, op) = match self {
            Decision::Assign(x, v) => (x, v, "="),
            Decision::Remove(x, v) => (x, v, "≠"),
            Decision::Split(x, v, true) | Decision::Other(x, v, false) => (x, v, "≤"),
            Decision::Split(x, v, false) | Decision::Other(x, v, true) => (x, v, ">"),
        };
        format!("{} {op} {}", name(x), show(x, v))
    }
}

/// Which unfixed variable to branch on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum VarOrder {
    /// The first unfixed variable, in creation order.
    InputOrder,
    /// Minimum remaining values (MRV, "first fail").
    FirstFail,
    /// The most neighbours in the constraint graph (static degree).
    MaxDegree,
    /// The most constraints shared with other unfixed variables (dynamic degree).
    DynamicDegree,
    /// MRV, ties broken by dynamic degree.
    MostConstrained,
    /// Smallest domain size / dynamic degree.
    DomOverDeg,
    /// Smallest domain size / weighted degree (conflict-driven weights).
    #[default]
    DomOverWDeg,
    /// The largest domain (MiniZinc's `anti_first_fail`).
    AntiFirstFail,
    /// The smallest least value (MiniZinc's `smallest`).
    Smallest,
    /// The largest greatest value (MiniZinc's `largest`).
    Largest,
}

impl VarOrder {
    /// Every variable order.
    pub const ALL: [VarOrder; 10] = [
        VarOrder::InputOrder,
        VarOrder::FirstFail,
        VarOrder::MaxDegree,
        VarOrder::DynamicDegree,
        VarOrder::MostConstrained,
        VarOrder::DomOverDeg,
        VarOrder::DomOverWDeg,
        VarOrder::AntiFirstFail,
        VarOrder::Smallest,
        VarOrder::Largest,
    ];

    /// The name used on the command line and in files.
    pub fn name(self) -> &'static str {
        match self {
            VarOrder::InputOrder => "input",
            VarOrder::FirstFail => "mrv",
            VarOrder::MaxDegree => "degree",
            VarOrder::DynamicDegree => "ddeg",
            VarOrder::MostConstrained => "mrv-deg",
            VarOrder::DomOverDeg => "dom/deg",
            VarOrder::DomOverWDeg => "dom/wdeg",
            VarOrder::AntiFirstFail => "anti-first-fail",
            VarOrder::Smallest => "smallest",
            VarOrder::Largest => "largest",
        }
    }
}

impl fmt::Display for VarOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for VarOrder {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let alias = match s {
            "first-fail" | "ff" => "mrv",
            "static-degree" | "max-degree" => "degree",
            "dynamic-degree" => "ddeg",
            "most-constrained" | "mrv+deg" | "mrv+degree" => "mrv-deg",
            "domdeg" | "dom-deg" => "dom/deg",
            "domwdeg" | "dom-wdeg" | "wdeg" => "dom/wdeg",
            s => s,
        };
        VarOrder::ALL
            .into_iter()
            .find(|o| o.name() == alias)
            .ok_or_else(|| {
                let names: Vec<_> = VarOrder::ALL.iter().map(|o| o.name()).collect();
                format!(
                    "unknown variable order `{s}`; expected one of {}",
                    names.join(", ")
                )
            })
    }
}

/// One phase of a search plan: branch on these variables first, in this order and with this
/// value order, before the next phase (MiniZinc's `int_search`, in a `seq_search`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Phase {
    /// The variables of the phase.
    pub vars: Vec<VarId>,
    /// How to pick among them.
    pub var_order: VarOrder,
    /// Which value first.
    pub value_order: ValueOrder,
}

/// Which value to try first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum ValueOrder {
    /// The smallest value.
    #[default]
    InDomainMin,
    /// The largest value.
    InDomainMax,
    /// The value that removes the fewest values from the other variables under forward
    /// checking (Russell & Norvig's least-constraining value); ties by smallest value.
    LeastConstraining,
    /// A value drawn uniformly from a generator seeded by the configuration.
    InDomainRandom,
    /// The middle value of the domain (the lower of two middles).
    InDomainMedian,
    /// Split the domain in halves, the lower half first: `x ≤ m`, then `x > m`, with `m` the
    /// middle of the bounds (MiniZinc's `indomain_split`).
    Split,
    /// Split the domain, the upper half first (`indomain_reverse_split`).
    ReverseSplit,
}

impl ValueOrder {
    /// Every value order.
    pub const ALL: [ValueOrder; 7] = [
        ValueOrder::InDomainMin,
        ValueOrder::InDomainMax,
        ValueOrder::LeastConstraining,
        ValueOrder::InDomainRandom,
        ValueOrder::InDomainMedian,
        ValueOrder::Split,
        ValueOrder::ReverseSplit,
    ];

    /// The name used on the command line and in files.
    pub fn name(self) -> &'static str {
        match self {
            ValueOrder::InDomainMin => "min",
            ValueOrder::InDomainMax => "max",
            ValueOrder::LeastConstraining => "lcv",
            ValueOrder::InDomainRandom => "random",
            ValueOrder::InDomainMedian => "median",
            ValueOrder::Split => "split",
            ValueOrder::ReverseSplit => "reverse-split",
        }
    }
}

impl fmt::Display for ValueOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for ValueOrder {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let alias = match s {
            "least-constraining" => "lcv",
            "rand" => "random",
            s => s,
        };
        ValueOrder::ALL
            .into_iter()
            .find(|o| o.name() == alias)
            .ok_or_else(|| {
                let names: Vec<_> = ValueOrder::ALL.iter().map(|o| o.name()).collect();
                format!(
                    "unknown value order `{s}`; expected one of {}",
                    names.join(", ")
                )
            })
    }
}

/// A small deterministic generator (SplitMix64, Steele et al. 2014): the engine's only
/// source of randomness, seeded from the configuration.
#[derive(Debug, Clone)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator with the given seed.
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`), by Lemire's multiply-shift.
    pub fn below(&mut self, n: u32) -> u32 {
        ((u128::from(self.next_u64() as u32) * u128::from(n)) >> 32) as u32
    }

    /// An index in `0..len` (0 when `len` is 0), by remainder: the local searches draw their
    /// moves this way, so a seed keeps giving the same timetables.
    pub fn index(&mut self, len: usize) -> usize {
        (self.next_u64() % len.max(1) as u64) as usize
    }

    /// A number in `[0, 1)` with 53 random bits.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Shuffles `v` in place (Fisher–Yates, each position drawn by [`SplitMix64::below`]).
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = match u32::try_from(i + 1) {
                Ok(n) => self.below(n) as usize,
                Err(_) => self.index(i + 1),
            };
            v.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shuffles_are_permutations_that_a_seed_repeats() {
        let mut a: Vec<u32> = (0..50).collect();
        let mut b = a.clone();
        SplitMix64::new(7).shuffle(&mut a);
        SplitMix64::new(7).shuffle(&mut b);
        assert_eq!(a, b);
        assert_ne!(a, (0..50).collect::<Vec<_>>());
        a.sort_unstable();
        assert_eq!(a, (0..50).collect::<Vec<_>>());
    }

    #[test]
    fn names_round_trip() {
        for o in VarOrder::ALL {
            assert_eq!(o.name().parse::<VarOrder>(), Ok(o));
        }
        for o in ValueOrder::ALL {
            assert_eq!(o.name().parse::<ValueOrder>(), Ok(o));
        }
        assert!(
            "fancy"
                .parse::<VarOrder>()
                .unwrap_err()
                .contains("expected one of input, mrv")
        );
    }

    #[test]
    fn generator_is_deterministic_and_in_range() {
        let mut a = SplitMix64::new(7);
        let mut b = SplitMix64::new(7);
        for _ in 0..100 {
            let x = a.below(10);
            assert_eq!(x, b.below(10));
            assert!(x < 10);
        }
    }
}
