//! `csp-model`: problem files for the engine.
//!
//! Two layers, both below every front-end and the binary:
//!
//! - [`source`]: reading a problem's text (a file, or `-` for standard input) with a size
//!   cap, the one error shape "file, line, column, what was expected" ([`SourceError`]) with
//!   a snippet of the line, YAML errors turned into it, and the `kind:` a YAML file declares
//!   (so a tool can say which command a file is for). The graph, sudoku and model readers
//!   all use it.
//! - [`file`](mod@file): the generic model format (`kind: csp`): variables with integer or symbolic
//!   domains, constraints by name, and solve options typed at load time (a bad
//!   `propagation:` is an error with its line and column).
//! - [`output`]: a model's solutions and statistics as text and JSON, for the CLI and the
//!   web server alike.
//! - [`sink`]: writing a file whole, through a temporary file and a rename.
//! - [`status`]: the one status vocabulary (`satisfiable`, `optimal`, …) of every answer.
//!
//! ```
//! let yaml = "kind: csp\nvariables:\n  - names: [a, b]\n    domain: 1..2\nconstraints:\n  - not_equal: [a, b]\n";
//! let file = csp_model::CspFile::parse(yaml, "ab.yaml").unwrap();
//! assert_eq!(file.model.num_vars(), 2);
//! ```

#![warn(missing_docs)]

pub mod compressed;
pub mod data;
pub mod file;
pub mod lang;
pub mod output;
pub mod sink;
pub mod source;
pub mod status;

pub use file::{CspFile, SolveOptions, VarKind};
pub use source::{Source, SourceError};
pub use status::Status;
