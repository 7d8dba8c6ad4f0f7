//! Compressed inputs (gzip, bzip2, xz, zstd), recognised by their first bytes: the same
//! answers as the plain files, and a bomb or a broken stream refused with the file named.

use crate::util::{csp, csp_stdin, stderr, stdout};

const DIR: &str = "crates/cli/tests/data/compressed";

#[test]
fn every_format_gives_the_plain_files_answer() {
    let plain = stdout(&csp(&["sat", "problems/pigeonhole-3-2.cnf", "--json"]));
    let plain: serde_json::Value = serde_json::from_str(plain.trim()).unwrap();
    for ext in ["gz", "bz2", "xz", "zst"] {
        let file = format!("{DIR}/pigeonhole-3-2.cnf.{ext}");
        let o = csp(&["sat", &file, "--json"]);
        let j: serde_json::Value = serde_json::from_str(stdout(&o).trim())
            .unwrap_or_else(|e| panic!("{file}: {e}: {}", stderr(&o)));
        assert_eq!(o.status.code(), Some(1), "{file}");
        for key in ["instance", "status", "variables", "clauses"] {
            assert_eq!(j[key], plain[key], "{file}: {key}");
        }
    }
}

#[test]
fn a_compressed_puzzle_list_streams_like_the_plain_one() {
    let plain = stdout(&csp(&["sudoku", "solve", "problems/sudoku-classic.txt"]));
    let gz = csp(&["sudoku", "solve", &format!("{DIR}/sudoku-classic.txt.gz")]);
    assert_eq!(stdout(&gz), plain);
    // And through a pipe: the magic number, not the name, tells the format.
    let bytes =
        std::fs::read(crate::util::root().join(format!("{DIR}/pigeonhole-3-2.cnf.zst"))).unwrap();
    let o = crate::util::csp_stdin_bytes(&["sat", "-"], &bytes);
    assert!(stdout(&o).contains("s UNSATISFIABLE"), "{}", stderr(&o));
}

#[test]
fn a_bomb_and_a_broken_stream_are_refused_with_the_file_named() {
    let file = format!("{DIR}/bomb-257mib.zst");
    let o = csp(&["sat", &file]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains(&format!(
            "{file}: larger than 256 MiB once decompressed (zstd)"
        )),
        "{}",
        stderr(&o)
    );
    let o = csp_stdin(&["sat", "-"], "\u{1f}");
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let broken = [0x1f, 0x8b, 0x08, 0x00, b'x', b'y', b'z'];
    let o = crate::util::csp_stdin_bytes(&["sat", "-"], &broken);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("<stdin>: not a valid gzip stream"),
        "{}",
        stderr(&o)
    );
}
