//! `csp-cli`: the `csp` command-line program, and the pieces it is made of that tests and
//! other front-ends can reuse: the generic YAML model format ([`model_file`]), text and
//! JSON output ([`output`]) and the teaching trace ([`trace`]).
//!
//! ```
//! let yaml = "kind: csp\nvariables:\n  - names: [a, b]\n    domain: 1..2\nconstraints:\n  - not_equal: [a, b]\n";
//! let file = csp_cli::model_file::CspFile::parse(yaml, "ab.yaml").unwrap();
//! assert_eq!(file.model.num_vars(), 2);
//! ```

#![warn(missing_docs)]

pub mod model_file;
pub mod output;
pub mod trace;
