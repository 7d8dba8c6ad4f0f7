//! `csp-study`: how search strategies compare on sets of instances.
//!
//! A study ([`spec::Spec`], read from a `kind: study` YAML file) names sets of instances
//! (sudoku lists, `kind: csp` models, DIMACS graphs to colour with `k` colours, timetables) and
//! a grid of strategies (variable order × propagation level × value order × restarts, or the
//! sudoku reductions `dlx` and `sat`). [`run::run`]
//! solves every instance with every strategy, in parallel, appending one JSON line per run to
//! a results file as it comes; a second call skips the runs already there, so a study
//! interrupted half-way resumes where it stopped. [`summary::summarise`] turns the rows into
//! one table per set: solved, nodes (median, mean, total), failures, revisions,
//! propagations, CPU time and the PAR-2 score; [`report::report`] draws the plots ([`plot`])
//! and the HTML page; [`tree`] records and draws one search's tree.
//!
//! Every answer is checked before it is counted as solved: sudoku grids against the givens
//! and the rules ([`csp_sudoku::verify()`]), models against their constraints, colourings edge
//! by edge, timetables by [`csp_timetabling::check::verify`].

pub mod instance;
pub mod machine;
pub mod plot;
pub mod report;
pub mod run;
pub mod spec;
pub mod summary;
/// Search trees (moved to `csp-trace`, which the CLI and the server share).
pub use csp_trace::tree;
