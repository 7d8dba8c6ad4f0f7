//! The `$ csp …` examples of the README and the `docs/` pages, run and compared line by line.

use crate::util::*;

/// The README's `$ csp …` examples, run and compared line by line, so the README never lies.
#[test]
fn readme_examples_print_what_the_readme_shows() {
    let mut checked = 0;
    let mut pages = vec![root().join("README.md")];
    let mut docs: Vec<_> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    pages.extend(docs);
    let readme: String = pages
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap() + "\n")
        .collect();
    let mut lines = readme.lines().peekable();
    while let Some(line) = lines.next() {
        let Some(cmd) = line.strip_prefix("$ csp ") else {
            continue;
        };
        let mut expected = String::new();
        while let Some(next) = lines.peek() {
            if next.starts_with("$ ") || next.starts_with("```") {
                break;
            }
            expected.push_str(lines.next().unwrap());
            expected.push('\n');
        }
        let args: Vec<&str> = cmd.split_whitespace().collect();
        let out = stdout(&csp(&args));
        // Timings vary: every number with a decimal point becomes `#`; the machine a study
        // ran on is whatever runs the test.
        let strip = |s: &str| {
            s.lines()
                .map(|l| {
                    if l.starts_with("machine: ") {
                        return "machine: …".to_string();
                    }
                    let mut out = String::new();
                    let mut run = String::new();
                    for ch in l.chars().chain(std::iter::once(' ')) {
                        if ch.is_ascii_digit() || ch == '.' {
                            run.push(ch);
                        } else {
                            let decimal =
                                run.contains('.') && run.chars().any(|c| c.is_ascii_digit());
                            out.push_str(if decimal { "#" } else { &run });
                            run.clear();
                            out.push(ch);
                        }
                    }
                    out.trim_end().to_string()
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(strip(&out), strip(&expected), "README example `csp {cmd}`");
        checked += 1;
    }
    assert!(checked >= 3, "the README shows at least three examples");
}
