//! `csp-colouring`: graph colouring on the `csp-core` engine.
//!
//! Reads graphs (DIMACS `.col` in [`dimacs`], YAML in [`yaml`]), decides k-colourability
//! ([`chromatic::k_colourable`]) and computes the chromatic number with a proof of optimality
//! ([`chromatic::chromatic_number`]): a clique lower bound, DSATUR and TabuCol upper bounds,
//! and an exact DSATUR-style search on the engine that closes the gap. Every colouring can be
//! checked with [`encode::verify`], which looks at the graph only.
//!
//! ```
//! use csp_colouring::{chromatic, Graph, Instance};
//! // The 5-cycle needs three colours.
//! let g = Graph::from_edges(5, (0..5).map(|i| (i, (i + 1) % 5)));
//! let inst = Instance::new("c5", g);
//! let r = chromatic::chromatic_number(&inst, &chromatic::Config::default(), &mut |_| {});
//! assert!(r.proved && r.ub == 3);
//! assert!(csp_colouring::encode::verify(&inst, Some(3), &r.colouring).is_ok());
//! ```

#![warn(missing_docs)]

pub mod chromatic;
pub mod clique;
pub mod dimacs;
pub mod encode;
pub mod error;
pub mod graph;
pub mod heuristic;
pub mod mycielski;
pub mod render;
pub mod sat;
pub mod yaml;

pub use encode::{Colouring, decode, encode, verify};
pub use error::ParseError;
pub use graph::{Graph, Instance};

/// Reads a graph file: YAML for `.yaml`/`.yml`, DIMACS otherwise.
pub fn read(path: &std::path::Path) -> Result<Instance, ParseError> {
    match path.extension().and_then(|e| e.to_str()) {
        Some("yaml" | "yml") => yaml::read(path),
        _ => dimacs::read(path),
    }
}
