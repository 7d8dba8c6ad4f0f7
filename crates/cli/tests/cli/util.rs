//! Running the built `csp`, and checks written out directly (no solver) that the tests
//! compare its answers with.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub(crate) fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

pub(crate) fn csp(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_csp"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("csp runs")
}

pub(crate) fn csp_stdin(args: &[&str], input: &str) -> Output {
    csp_stdin_bytes(args, input.as_bytes())
}

pub(crate) fn csp_stdin_bytes(args: &[&str], input: &[u8]) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_csp"))
        .args(args)
        .current_dir(root())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("csp runs");
    // `csp` may refuse its arguments and exit before reading: a closed pipe is fine then.
    if let Err(e) = child.stdin.take().expect("piped").write_all(input) {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "write stdin: {e}");
    }
    child.wait_with_output().expect("csp runs")
}

pub(crate) fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub(crate) fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Parses `name = value` lines into pairs.
pub(crate) fn assignment(text: &str) -> Vec<(String, String)> {
    text.lines()
        .filter_map(|l| l.split_once(" = "))
        .map(|(a, b)| (a.trim().to_string(), b.trim().to_string()))
        .collect()
}

/// Queens check written out directly: rows pairwise different, no shared diagonal.
pub(crate) fn queens_ok(rows: &[i64]) -> bool {
    let n = rows.len();
    (0..n).all(|i| {
        (i + 1..n).all(|j| rows[i] != rows[j] && (rows[i] - rows[j]).abs() != (j - i) as i64)
    })
}

/// Checks `vertex colour` lines against the graph file's edges, directly.
pub(crate) fn proper(edges: &[(&str, &str)], out: &str) -> bool {
    let colour: std::collections::HashMap<String, String> = out
        .lines()
        .filter_map(|l| {
            let mut it = l.split_whitespace();
            Some((it.next()?.to_string(), it.next()?.to_string()))
        })
        .collect();
    edges
        .iter()
        .all(|(a, b)| colour.contains_key(*a) && colour.get(*a) != colour.get(*b))
}

pub(crate) const PETERSEN: [(&str, &str); 15] = [
    ("o1", "o2"),
    ("o2", "o3"),
    ("o3", "o4"),
    ("o4", "o5"),
    ("o5", "o1"),
    ("o1", "i1"),
    ("o2", "i2"),
    ("o3", "i3"),
    ("o4", "i4"),
    ("o5", "i5"),
    ("i1", "i3"),
    ("i3", "i5"),
    ("i5", "i2"),
    ("i2", "i4"),
    ("i4", "i1"),
];
