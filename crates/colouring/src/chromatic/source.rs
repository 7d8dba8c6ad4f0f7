//! Which step of the search gave a bound.

use std::fmt;

/// The step that gave a bound of [`super::Chromatic`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Source {
    /// A clique (the lower bound).
    Clique,
    /// The clique's colours fixed and propagated ([`crate::heuristic::anchor`]).
    CliquePropagation,
    /// Mycielskian extensions of the clique ([`crate::mycielski`]).
    Mycielski,
    /// The transversal cover ([`crate::transversal`]).
    Transversals,
    /// DSATUR's colouring (the upper bound).
    Dsatur,
    /// Local search.
    LocalSearch,
    /// Clause learning on the k-colouring formula ([`crate::sat`]).
    Sat,
    /// The exact search on the engine.
    Exact,
}

impl Source {
    /// The name the CLI, the JSON outputs and Python print: `clique`, `clique propagation`,
    /// `mycielski`, `transversals`, `dsatur`, `local search`, `sat`, `exact`.
    pub fn name(self) -> &'static str {
        match self {
            Source::Clique => "clique",
            Source::CliquePropagation => "clique propagation",
            Source::Mycielski => "mycielski",
            Source::Transversals => "transversals",
            Source::Dsatur => "dsatur",
            Source::LocalSearch => "local search",
            Source::Sat => "sat",
            Source::Exact => "exact",
        }
    }
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
