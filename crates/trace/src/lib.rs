//! `csp-trace`: what a search did, for people: the teaching trace ([`trace`], a line per
//! decision, pruning, conflict and backtrack) and the search tree ([`tree`], recorded by an
//! observer and drawn as an SVG in the style of Gecode's Gist, with the step trace as a
//! folding HTML page). It sits below the CLI, the server and the studies, which all draw
//! searches, and depends only on the engine and the model format.

#![warn(missing_docs)]

pub mod trace;
pub mod tree;
