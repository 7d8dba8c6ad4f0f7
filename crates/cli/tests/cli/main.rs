//! The `csp` binary's tests, one test binary with a module per topic (ripgrep's layout):
//! each runs the built `csp` and checks its answers independently of the solvers.

mod colour;
mod compressed;
mod flags;
mod fzn;
mod parity;
mod readme;
mod sat;
mod shell;
mod solve;
mod study;
mod sudoku;
mod timetable;
mod util;
mod vocabulary;
