//! What a search is asked: its configuration ([`SearchConfig`], [`Limits`], [`Restarts`]),
//! and what it answers ([`Outcome`], [`Count`], [`LimitReached`]).

use crate::heuristics::{Phase, ValueOrder, VarOrder};
use crate::model::Solution;
use crate::propagation::{AllDifferentStrength, Propagation, PropagationLevel};
use std::fmt;
use std::time::{Duration, Instant};

/// How to search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchConfig {
    /// Propagation at each node.
    pub propagation: Propagation,
    /// all-different strength under arc consistency.
    pub all_different: AllDifferentStrength,
    /// Run AC-3 once before search even when `propagation` is weaker (always done for
    /// [`Propagation::ArcConsistency`]).
    pub root_arc_consistency: bool,
    /// Variable order.
    pub var_order: VarOrder,
    /// Value order.
    pub value_order: ValueOrder,
    /// Phases branched on before the variable and value orders above take over (a model's
    /// search annotations); empty by default. With restarts, runs alternate between
    /// following the plan and the orders alone.
    pub plan: Vec<Phase>,
    /// Seed of every random choice.
    pub seed: u64,
    /// When to give up.
    pub limits: Limits,
    /// Restarts for the first-solution search.
    pub restarts: Option<Restarts>,
    /// The values are interchangeable (any permutation of values maps solutions to
    /// solutions, as colours are in graph colouring): a variable may then open at most one
    /// new value, i.e. after refuting `x = v` with `v` used by no fixed variable, every
    /// value unused by the fixed variables is removed from `x` too. Counting then counts solutions up to a
    /// renaming of values. Do not set it for models where values mean something.
    pub symmetric_values: bool,
}

impl Default for SearchConfig {
    /// MAC with all-different by matching, dom/wdeg, smallest value first, no limits.
    fn default() -> Self {
        SearchConfig {
            propagation: Propagation::ArcConsistency,
            all_different: AllDifferentStrength::Matching,
            root_arc_consistency: false,
            var_order: VarOrder::DomOverWDeg,
            value_order: ValueOrder::InDomainMin,
            plan: Vec::new(),
            seed: 0,
            limits: Limits::default(),
            restarts: None,
            symmetric_values: false,
        }
    }
}

impl SearchConfig {
    /// This configuration with the propagation level `level` (both [`SearchConfig::propagation`]
    /// and [`SearchConfig::all_different`]).
    pub fn with_level(mut self, level: PropagationLevel) -> Self {
        (self.propagation, self.all_different) = level.split();
        self
    }

    /// The propagation level of this configuration.
    pub fn level(&self) -> PropagationLevel {
        PropagationLevel::of(self.propagation, self.all_different)
    }

    /// The naive backtracker: input order, smallest value, check on assignment.
    pub fn naive() -> Self {
        SearchConfig {
            propagation: Propagation::None,
            all_different: AllDifferentStrength::Pairwise,
            var_order: VarOrder::InputOrder,
            ..Self::default()
        }
    }
}

/// Limits on one search; reaching one ends it with [`Outcome::Unknown`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Limits {
    /// At most this many nodes ([`Stats::nodes`](crate::Stats::nodes)).
    pub nodes: Option<u64>,
    /// At most this many failures ([`Stats::failures`](crate::Stats::failures)).
    pub failures: Option<u64>,
    /// At most this much wall time in the search (over every call of solve, count and the
    /// solutions iterator).
    pub time: Option<Duration>,
    /// Stop at this point in time (a caller's deadline, passed straight through).
    pub deadline: Option<Instant>,
}

/// Luby restarts: the `i`-th run may fail `scale × luby(i)` times (1, 1, 2, 1, 1, 2, 4, …).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Restarts {
    /// Failures per unit of the Luby sequence.
    pub scale: u64,
}

impl Default for Restarts {
    fn default() -> Self {
        Restarts { scale: 100 }
    }
}

/// The `i`-th term (from 1) of the Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, …
pub fn luby(mut i: u64) -> u64 {
    loop {
        let mut k = 1u32;
        while (1u64 << k) - 1 < i {
            k += 1;
        }
        if i == (1u64 << k) - 1 {
            return 1u64 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

/// Which limit stopped a search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LimitReached {
    /// [`Limits::nodes`].
    Nodes,
    /// [`Limits::failures`].
    Failures,
    /// [`Limits::time`] or [`Limits::deadline`].
    Time,
    /// The caller's termination condition ([`Search::set_termination`](crate::Search::set_termination)).
    Interrupted,
}

impl fmt::Display for LimitReached {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            LimitReached::Nodes => "node limit",
            LimitReached::Failures => "failure limit",
            LimitReached::Time => "time limit",
            LimitReached::Interrupted => "interrupt",
        })
    }
}

/// The answer of a first-solution search.
#[derive(Debug, Clone, PartialEq, Eq)]
#[must_use]
pub enum Outcome {
    /// A solution.
    Satisfiable(Solution),
    /// Proved: no solution.
    Unsatisfiable,
    /// A limit stopped the search first.
    Unknown(LimitReached),
}

/// The answer of [`Search::optimize`](crate::Search::optimize).
#[derive(Debug, Clone, PartialEq, Eq)]
#[must_use]
pub enum Optimum {
    /// The best solution, proved optimal.
    Optimal(Solution),
    /// The best solution found before a limit stopped the search.
    Best(Solution, LimitReached),
    /// Proved: no solution.
    Unsatisfiable,
    /// A limit stopped the search before any solution.
    Unknown(LimitReached),
}

/// The answer of [`Search::count`](crate::Search::count).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[must_use]
pub struct Count {
    /// Solutions found.
    pub count: u64,
    /// Whether the search space was exhausted: then `count` is the exact number.
    pub exhausted: bool,
    /// The limit that stopped the search, if one did.
    pub limit: Option<LimitReached>,
}
