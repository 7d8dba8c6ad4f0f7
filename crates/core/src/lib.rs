//! `csp-core`: a domain-independent constraint-satisfaction engine.
//!
//! Variables take values from finite integer domains (bitsets); constraints (`≠` with an
//! offset, all-different, tables, unary `in`/`not in`, or your own through the
//! [`Constraint`] trait) restrict them. The [`Search`] explores assignments by chronological
//! backtracking over a trail, with a choice of propagation ([`Propagation`]: none, forward
//! checking, maintained arc consistency; all-different pairwise or by matching), variable
//! orders ([`VarOrder`]) and value orders ([`ValueOrder`]); it finds one solution, counts
//! them up to a cap or enumerates them, under limits, and keeps [`Stats`]. An [`Observer`]
//! can watch every decision, pruning and conflict.
//!
//! This crate knows nothing of sudoku, graphs, timetables or file formats: front-ends build
//! a [`Model`] and read back a [`Solution`].
//!
//! ```
//! use csp_core::{Model, Outcome, Search, SearchConfig, VarOrder};
//!
//! // Colour Australia with three colours.
//! let mut m = Model::new();
//! let names = ["wa", "nt", "sa", "q", "nsw", "v", "t"];
//! let r: Vec<_> = names.iter().map(|n| m.new_var(*n, 0..=2).unwrap()).collect();
//! for (a, b) in [(0, 1), (0, 2), (1, 2), (1, 3), (2, 3), (2, 4), (2, 5), (3, 4), (4, 5)] {
//!     m.not_equal(r[a], r[b]).unwrap();
//! }
//! let config = SearchConfig { var_order: VarOrder::MostConstrained, ..SearchConfig::default() };
//! let mut search = Search::new(&m, config);
//! let Outcome::Satisfiable(sol) = search.solve() else { panic!() };
//! assert!(m.verify(sol.values()).is_ok());
//! assert_eq!(Search::new(&m, SearchConfig::default()).count(1000).count, 18);
//! ```
//!
//! Read in this order: [`model`], [`constraint`], [`propagation`], [`search`],
//! [`heuristics`], [`observe`].

#![warn(missing_docs)]

pub mod constraint;
pub mod domain;
pub mod heuristics;
pub mod index;
pub mod model;
pub mod observe;
pub mod propagation;
pub mod search;
pub mod termination;
#[cfg(feature = "testing")]
pub mod testing;

pub use constraint::Constraint;
pub use domain::{Domain, DomainStore, Value};
pub use heuristics::{Phase, ValueOrder, VarOrder};
pub use model::{ConstraintGraph, ConstraintId, Model, ModelError, VarId, Violation};
pub use observe::{NoopObserver, Observer, Stats};
pub use propagation::{AllDifferentStrength, Conflict, Propagation, PropagationLevel, Propagator};
pub use search::{
    Count, Decision, LimitReached, Limits, Optimum, Outcome, Restarts, Search, SearchConfig,
    Solution,
};
