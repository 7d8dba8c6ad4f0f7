//! `csp completions` and `csp man`: generated from the flags, so they name every subcommand.

use crate::util::{csp, stdout};

const SUBCOMMANDS: [&str; 6] = ["solve", "colour", "sudoku", "sat", "timetable", "fzn"];

#[test]
fn completion_scripts_name_every_subcommand_and_bash_reads_its_own() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let o = csp(&["completions", shell]);
        assert!(o.status.success(), "{shell}");
        let script = stdout(&o);
        for sub in SUBCOMMANDS {
            assert!(script.contains(sub), "{shell} script lacks {sub}");
        }
    }
    // The bash script parses (`bash -n`), where bash is installed.
    let script = stdout(&csp(&["completions", "bash"]));
    let dir = std::env::temp_dir().join(format!("csp-completions-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("csp.bash");
    std::fs::write(&path, script).unwrap();
    if let Ok(o) = std::process::Command::new("bash")
        .arg("-n")
        .arg(&path)
        .output()
    {
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_unknown_shell_is_refused_with_the_choices() {
    let o = csp(&["completions", "tcsh"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("bash") && err.contains("zsh"), "{err}");
}

#[test]
fn the_manual_page_is_roff_and_every_subcommand_gets_a_page() {
    let page = stdout(&csp(&["man"]));
    assert!(
        page.contains(".TH csp 1"),
        "{}",
        &page[..200.min(page.len())]
    );
    assert!(page.contains("timetable"));
    let dir = std::env::temp_dir().join(format!("csp-man-{}", std::process::id()));
    let out = dir.join("man1");
    let o = csp(&["man", "--out", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    for page in [
        "csp.1",
        "csp-solve.1",
        "csp-sudoku-hint.1",
        "csp-timetable-solve.1",
    ] {
        let text =
            std::fs::read_to_string(out.join(page)).unwrap_or_else(|e| panic!("{page}: {e}"));
        assert!(text.contains(".TH"), "{page}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
