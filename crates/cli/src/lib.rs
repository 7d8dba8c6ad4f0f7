//! `csp-cli`: the `csp` command-line program, and the pieces of it that tests and other
//! front-ends can reuse: the teaching trace ([`trace`]), and ([`output`], now in `csp-model`)
//! text and JSON renderings of a model file's solutions. The model format itself is
//! `csp-model`.
//!
//! ```
//! let yaml = "kind: csp\nvariables:\n  - names: [a, b]\n    domain: 1..2\nconstraints:\n  - not_equal: [a, b]\n";
//! let file = csp_model::CspFile::parse(yaml, "ab.yaml").unwrap();
//! let mut search = csp_core::Search::new(&file.model, Default::default());
//! let csp_core::Outcome::Satisfiable(s) = search.solve() else { panic!() };
//! assert_eq!(csp_cli::output::solution_text(&file, &s), "a = 1\nb = 2\n");
//! ```

#![warn(missing_docs)]

/// Text and JSON renderings of solutions (moved to `csp-model`, which `csp serve` shares).
pub use csp_model::output;
/// The teaching trace (moved to `csp-trace`, with the search trees).
pub use csp_trace::trace;
