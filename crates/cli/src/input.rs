//! Reading a problem for a subcommand: one reader for every file (or `-`), and the hint when
//! a file is of another kind than the subcommand solves.

use anyhow::{Result, bail};
use csp_model::Source;
use std::path::Path;

/// What a file looks like it is, and the command for it.
fn command_for(src: &Source) -> Option<(&'static str, String)> {
    if let Some(kind) = csp_model::source::kind_of(&src.text) {
        return match kind.as_str() {
            "csp" => Some(("kind: csp", "csp solve".into())),
            "colouring" | "coloring" => Some(("kind: colouring", "csp colour".into())),
            "sudoku" => Some(("kind: sudoku", "csp sudoku solve".into())),
            "timetable" => Some(("kind: timetable", "csp timetable solve".into())),
            _ => None,
        };
    }
    let header = src
        .text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('c') && !l.starts_with('#'))?;
    if header.starts_with("p cnf") {
        Some(("a DIMACS CNF formula", "csp sat".into()))
    } else if header.starts_with("p edge") || header.starts_with("p col") {
        Some(("a DIMACS graph", "csp colour".into()))
    } else {
        None
    }
}

/// Refuses a file that is plainly for another subcommand than `here` (e.g. `csp solve`),
/// naming its kind and the command for it.
pub(crate) fn expect(src: &Source, path: &Path, here: &str) -> Result<()> {
    if let Some((what, cmd)) = command_for(src)
        && cmd != here
    {
        bail!(
            "{}: this is {what}, not a problem for `{here}`; try `{cmd} {}`",
            src.name,
            path.display()
        );
    }
    Ok(())
}

/// Reads `path` (or standard input for `-`) for the subcommand `here`.
pub(crate) fn read(path: &Path, here: &str) -> Result<Source> {
    use std::io::IsTerminal;
    if path.as_os_str() == "-" && std::io::stdin().is_terminal() {
        bail!("no input: give a FILE, or pipe one to standard input (`-`)");
    }
    let src = csp_model::source::read(path)?;
    expect(&src, path, here)?;
    Ok(src)
}
