//! `csp-sat`: propositional satisfiability for the toolkit's SAT reductions.
//!
//! [`Cnf`] builds formulas over [`Var`]s and [`Lit`]s; [`dimacs`] reads and writes the DIMACS
//! CNF format with errors that name file, line and column; [`simplify`] propagates unit
//! clauses (givens) once and hands a smaller formula on; [`Solver`] solves through batsat
//! (MiniSat 2.2 in Rust, chosen by measurement) incrementally, and [`solver::count`] counts
//! models with blocking clauses; [`dpll`] is a small solver of our own for teaching and
//! comparison. The crate depends on nothing else of the workspace.
//!
//! ```
//! use csp_sat::{Cnf, Solver};
//! // Pigeonhole: 2 pigeons, 1 hole.
//! let mut f = Cnf::new();
//! let (p, q) = (f.new_var(), f.new_var());
//! f.add_clause(&[p.positive()]);
//! f.add_clause(&[q.positive()]);
//! f.add_clause(&[p.negative(), q.negative()]);
//! assert_eq!(Solver::new(&f).solve(&[]), Some(false));
//! assert_eq!(csp_sat::dpll::dpll(&f).0, None);
//! ```

#![warn(missing_docs)]

pub mod cnf;
pub mod dimacs;
pub mod dpll;
pub mod simplify;
pub mod solver;

pub use cnf::{Cnf, Lit, Var};
pub use dimacs::DimacsError;
pub use simplify::{Simplified, UnitPropagator};
pub use solver::{Solver, SolverStats};
