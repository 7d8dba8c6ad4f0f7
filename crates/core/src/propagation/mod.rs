//! Propagation: removing values that cannot be part of any solution below the current node.
//!
//! # Background
//!
//! A *propagator* enforces one constraint by filtering the domains of its variables. The
//! search alternates decisions with propagation: after each decision the engine runs the
//! propagators affected by the changes until none of them can remove anything more (a
//! *fixpoint*), or until a domain becomes empty (a [`Conflict`]), which sends the search back.
//!
//! A constraint is *arc consistent* (for n-ary constraints: generalised arc consistent, GAC)
//! when every value of every variable in its scope belongs to some tuple that satisfies the
//! constraint using only values still in the domains. Maintaining this at every node is
//! "MAC" (Sabin & Freuder 1994). The engine here is the constraint-oriented AC-3 of Mackworth
//! (1977) as solvers such as Gecode and Choco run it: a queue of propagators, each woken by
//! the events it subscribes to.
//!
//! # Levels (see [`Propagation`]), and their cost per node
//!
//! * [`Propagation::None`]: plain backtracking. After each decision the constraints on the
//!   decided variable are *checked* against the fixed variables; nothing is removed. `O(Σ
//!   arity)` over the decided variable's constraints.
//! * [`Propagation::ForwardChecking`]: after each decision `x = v`, every constraint on `x`
//!   filters the domains of its variables that are not fixed, when at most one remains
//!   (Haralick & Elliott 1980; for all-different: `v` is removed from every other variable).
//!   No further chaining. `O(Σ arity)` per decision for `≠` and all-different.
//! * [`Propagation::ArcConsistency`]: AC-3 maintained at every node (MAC), and run once before
//!   search. With `e` constraints of arity at most `r` and domains of at most `d` values, AC-3
//!   on binary constraints costs `O(e·d³)` per fixpoint (`O(e·d²)` with AC-2001-style
//!   residues, which the table propagator keeps); each disequality costs `O(1)` per event.
//!   all-different is propagated by the strength in [`AllDifferentStrength`]: the pairwise
//!   decomposition (`O(n)` per fixed variable), or GAC by matching (Régin 1994, `O(e)` per call
//!   after an incremental matching repair, see `AllDifferent`).
//!
//! For the `None` and `ForwardChecking` levels [`crate::SearchConfig::root_arc_consistency`]
//! runs AC-3 once before search ("AC-3 as preprocessing").
//!
//! # Who calls what
//!
//! The [`Search`](crate::Search) owns one [`Propagator`] per constraint, created by
//! [`Constraint::propagator`](crate::Constraint::propagator). A propagator declares in
//! [`Propagator::wake`] which events wake it: [`Wake::Fix`] propagators (disequalities,
//! pairwise all-different) are told which of their variables became fixed and get
//! [`Propagator::forward_check`]; [`Wake::Change`] propagators (tables, all-different by
//! matching) are queued on any domain change and get [`Propagator::propagate`]. In the weaker
//! levels the engine calls [`Propagator::check`] or [`Propagator::forward_check`] for the
//! decided variable only.
//!
//! # Adding a propagator
//!
//! Implement [`Propagator`] for a type that borrows your constraint; change domains only
//! through the [`DomainStore`] (which trails every change, so backtracking is free for you);
//! call [`DomainStore::count_revision`] once per variable you try to filter; return
//! `Err(Conflict)` as soon as a domain is wiped out (the store's methods do this for you).
//! Internal state must be a cache that is valid whatever the search undid (the table's
//! residues, the all-different matching), or be rebuilt per call. Test it against
//! [`GenericPropagator`] on small domains: it must never remove a value some solution uses.

mod engine;
mod generic;

pub(crate) use engine::Engine;
pub use generic::GenericPropagator;

use crate::domain::DomainStore;
use crate::index::VarId;
use std::fmt;

pub use crate::domain::Conflict;

/// Passes of a propagator's own loop between two looks at the clock.
const PASSES_PER_POLL: u32 = 64;

/// Runs `pass` until it changes nothing: for propagators that are not idempotent (a pass can
/// enable another), since the engine does not wake a propagator for its own changes. Every
/// pass that goes on removed a value, so the loop ends; on wide intervals it may be long, and
/// it stops when the search's time is up (the engine then ends the search, claiming nothing).
pub(crate) fn to_fixpoint(
    d: &mut DomainStore,
    mut pass: impl FnMut(&mut DomainStore) -> Result<(), Conflict>,
) -> Result<(), Conflict> {
    let mut passes = 0u32;
    loop {
        let mark = d.mark();
        pass(d)?;
        if d.mark() == mark {
            return Ok(());
        }
        passes += 1;
        if passes.is_multiple_of(PASSES_PER_POLL) && d.time_is_up() {
            return Ok(());
        }
    }
}

/// Which changes of its variables wake a propagator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wake {
    /// Only a variable becoming fixed; the engine calls [`Propagator::forward_check`] with it.
    Fix,
    /// Any removal; the engine queues [`Propagator::propagate`].
    Change,
    /// Nothing: propagated once, before search (unary constraints).
    Never,
}

/// How much propagation the search does at each node.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Propagation {
    /// Check each constraint of the decided variable against the fixed ones; remove nothing.
    None,
    /// Filter the other variables of the decided variable's constraints; no chaining.
    ForwardChecking,
    /// Maintain (generalised) arc consistency with AC-3 at every node (MAC).
    #[default]
    ArcConsistency,
}

impl Propagation {
    /// Whether consistency is maintained at every node (arc consistency): then a variable
    /// needs a decision exactly when its domain is not a singleton, and every change
    /// propagates. Below it, the search keeps track of the variables it decided.
    #[inline]
    pub fn is_maintained(self) -> bool {
        self == Propagation::ArcConsistency
    }
}

/// How strongly all-different is propagated under [`Propagation::ArcConsistency`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum AllDifferentStrength {
    /// As its clique of binary `≠` constraints: a fixed value is removed from the others.
    Pairwise,
    /// Pairwise, plus counting: fewer values than variables fails, and a value that only one
    /// variable can take is assigned to it when every value is needed (a "hidden single").
    Counting,
    /// Generalised arc consistency by bipartite matching (Régin 1994).
    #[default]
    Matching,
}

/// The propagation levels by name, as users pick them: [`Propagation`] and, under arc
/// consistency, the [`AllDifferentStrength`] together. The one place their names are
/// written; every front-end parses these.
///
/// ```
/// use csp_core::{PropagationLevel, SearchConfig};
/// let level: PropagationLevel = "counting".parse().unwrap();
/// let config = SearchConfig::default().with_level(level);
/// assert_eq!(config.level(), PropagationLevel::Counting);
/// assert!("foo".parse::<PropagationLevel>().unwrap_err().contains("none, fc, ac3, counting, gac"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum PropagationLevel {
    /// Plain backtracking: constraints checked against the fixed variables.
    None,
    /// Forward checking.
    ForwardChecking,
    /// Maintained arc consistency (AC-3), all-different as its pairwise `≠`.
    ArcConsistency,
    /// Arc consistency, all-different by counting (hidden singles, pigeonhole).
    Counting,
    /// Arc consistency, all-different by bipartite matching (Régin).
    #[default]
    Matching,
}

impl PropagationLevel {
    /// Every level, weakest first.
    pub const ALL: [PropagationLevel; 5] = [
        PropagationLevel::None,
        PropagationLevel::ForwardChecking,
        PropagationLevel::ArcConsistency,
        PropagationLevel::Counting,
        PropagationLevel::Matching,
    ];

    /// The name used on the command line and in files.
    pub fn name(self) -> &'static str {
        match self {
            PropagationLevel::None => "none",
            PropagationLevel::ForwardChecking => "fc",
            PropagationLevel::ArcConsistency => "ac3",
            PropagationLevel::Counting => "counting",
            PropagationLevel::Matching => "gac",
        }
    }

    /// The level as the search's two settings.
    pub fn split(self) -> (Propagation, AllDifferentStrength) {
        match self {
            PropagationLevel::None => (Propagation::None, AllDifferentStrength::Pairwise),
            PropagationLevel::ForwardChecking => {
                (Propagation::ForwardChecking, AllDifferentStrength::Pairwise)
            }
            PropagationLevel::ArcConsistency => {
                (Propagation::ArcConsistency, AllDifferentStrength::Pairwise)
            }
            PropagationLevel::Counting => {
                (Propagation::ArcConsistency, AllDifferentStrength::Counting)
            }
            PropagationLevel::Matching => {
                (Propagation::ArcConsistency, AllDifferentStrength::Matching)
            }
        }
    }

    /// The level of the search's two settings (all-different strength matters only under
    /// arc consistency).
    pub fn of(propagation: Propagation, all_different: AllDifferentStrength) -> Self {
        match (propagation, all_different) {
            (Propagation::None, _) => PropagationLevel::None,
            (Propagation::ForwardChecking, _) => PropagationLevel::ForwardChecking,
            (Propagation::ArcConsistency, AllDifferentStrength::Pairwise) => {
                PropagationLevel::ArcConsistency
            }
            (Propagation::ArcConsistency, AllDifferentStrength::Counting) => {
                PropagationLevel::Counting
            }
            (Propagation::ArcConsistency, AllDifferentStrength::Matching) => {
                PropagationLevel::Matching
            }
        }
    }
}

impl fmt::Display for PropagationLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for PropagationLevel {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let alias = match s {
            "check" | "bt" => "none",
            "forward-checking" => "fc",
            "mac" => "ac3",
            "ac3+count" => "counting",
            "matching" | "regin" => "gac",
            s => s,
        };
        PropagationLevel::ALL
            .into_iter()
            .find(|l| l.name() == alias)
            .ok_or_else(|| {
                let names: Vec<_> = PropagationLevel::ALL.iter().map(|l| l.name()).collect();
                format!(
                    "unknown propagation `{s}`; expected one of {}",
                    names.join(", ")
                )
            })
    }
}

/// Choices that shape the propagators a constraint creates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PropagatorOptions {
    /// all-different strength.
    pub all_different: AllDifferentStrength,
}

/// Enforces one constraint during search. See the module docs for who calls what.
pub trait Propagator: fmt::Debug {
    /// The variables, in the constraint's scope order (positions are passed to
    /// [`Propagator::forward_check`]).
    fn scope(&self) -> &[VarId];

    /// Which events wake this propagator under arc consistency.
    fn wake(&self) -> Wake;

    /// Called once with the initial domains, before any search (and before the root
    /// assignments of [`crate::Search::reset`]): where a propagator sizes its buffers.
    fn prepare(&mut self, _d: &DomainStore) {}

    /// Removes what this propagator can prove unsupported, to its own fixpoint.
    fn propagate(&mut self, d: &mut DomainStore) -> Result<(), Conflict>;

    /// Forward checking from `scope()[i]`, which has just become fixed: filter the variables
    /// of the constraint that are not fixed (for [`Wake::Fix`] propagators this is also
    /// their arc-consistency step).
    fn forward_check(&mut self, d: &mut DomainStore, i: usize) -> Result<(), Conflict>;

    /// Whether the fixed variables of the scope are consistent with the constraint, judged
    /// on them alone (plain backtracking's test).
    fn check(&mut self, d: &DomainStore) -> bool;

    /// [`Propagator::check`] just after `scope()[i]` became fixed, when the other fixed
    /// variables were consistent before: a propagator may test `scope()[i]` against them
    /// alone. The search keeps that promise in plain backtracking, where every fixed variable
    /// is checked as it becomes fixed.
    fn check_fixed(&mut self, d: &DomainStore, i: usize) -> bool {
        let _ = i;
        self.check(d)
    }
}
