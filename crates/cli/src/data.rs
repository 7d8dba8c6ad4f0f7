//! Where the benchmark data is, for an installed binary as for a checkout: `$CSP_DATA`, the
//! full public sets beside a checkout (`../shared/data`), the samples of the repository run
//! from its root (`./data`), then the samples of the source tree the binary was built from
//! (still there after `cargo install --path` or `--git`), in that order.

use anyhow::{Result, bail};
use std::path::PathBuf;

/// The samples of the source tree this binary was built from.
const BUILT_FROM: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data");

/// The places looked in, in order, each with how an error names it.
fn candidates() -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    match std::env::var_os("CSP_DATA") {
        Some(d) => {
            let d = PathBuf::from(d);
            let named = format!("$CSP_DATA ({})", d.display());
            out.push((d, named));
        }
        None => out.push((PathBuf::new(), "$CSP_DATA (not set)".into())),
    }
    for (d, named) in [
        ("../shared/data", "../shared/data"),
        ("data", "./data"),
        (BUILT_FROM, "the source tree it was built from"),
    ] {
        out.push((PathBuf::from(d), format!("{named} ({d})")));
    }
    out
}

/// The folder `sub` of the benchmark data (the data folder itself for `""`), from the first
/// place that has it, or an error naming every place looked in.
pub(crate) fn dir(sub: &str) -> Result<PathBuf> {
    let all = candidates();
    for (d, _) in &all {
        if d.as_os_str().is_empty() {
            continue;
        }
        let p = d.join(sub);
        if p.is_dir() {
            return Ok(p);
        }
    }
    let looked: Vec<String> = all
        .iter()
        .map(|(d, named)| {
            if d.as_os_str().is_empty() {
                named.clone()
            } else {
                format!("{named}/{sub}")
            }
        })
        .collect();
    bail!(
        "no benchmark data `{sub}`: looked in {}; set CSP_DATA to a folder holding `{sub}` (the repository's `data/`, or the full public sets)",
        looked.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::dir;

    #[test]
    fn the_samples_of_the_source_tree_are_found_and_a_missing_set_names_every_place() {
        assert!(dir("sudoku").unwrap().join("puzzles2_17_clue").is_file());
        let e = dir("no-such-set").unwrap_err().to_string();
        for place in [
            "$CSP_DATA",
            "../shared/data",
            "./data",
            "the source tree it was built from",
        ] {
            assert!(e.contains(place), "{e}");
        }
        assert!(e.contains("set CSP_DATA"), "{e}");
    }
}
