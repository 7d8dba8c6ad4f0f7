//! `csp-colouring`: graph colouring on the `csp-core` engine.
//!
//! Reads graphs (DIMACS `.col` in [`dimacs`], YAML in [`yaml`]), decides k-colourability
//! ([`chromatic::k_colourable`]) and computes the chromatic number with a proof of optimality
//! ([`chromatic::chromatic_number`]): a clique lower bound, DSATUR and TabuCol upper bounds,
//! and an exact DSATUR-style search on the engine that closes the gap, with clause learning
//! ([`sat`]) and, for graphs split into cliques of the lower bound's size, an exact cover by
//! independent transversals ([`transversal`]). Every colouring can be checked with
//! [`encode::verify`], which looks at the graph only.
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
pub mod transversal;
pub mod yaml;

pub use encode::{Colouring, decode, encode, verify};
pub use error::ParseError;
pub use graph::{Graph, Instance};

/// Reads a graph file (`-`: standard input): YAML for `.yaml`/`.yml` or text that declares a
/// `kind:`, DIMACS otherwise.
pub fn read(path: &std::path::Path) -> Result<Instance, ParseError> {
    let (file, bytes) = csp_model::source::read_bytes(path)?;
    parse(&String::from_utf8_lossy(&bytes), &file, path)
}

/// Parses a graph's text read from `path` (named `file` in errors): YAML for `.yaml`/`.yml`
/// or text that declares a `kind:`, DIMACS otherwise (named by the file's stem).
pub fn parse(text: &str, file: &str, path: &std::path::Path) -> Result<Instance, ParseError> {
    let yaml = matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("yaml" | "yml")
    ) || csp_model::source::kind_of(text).is_some();
    if yaml {
        yaml::parse(text, file)
    } else {
        Ok(Instance::new(
            dimacs::stem(path, file),
            dimacs::parse(text, file)?,
        ))
    }
}
