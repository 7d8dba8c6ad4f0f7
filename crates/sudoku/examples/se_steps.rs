//! Our rater's choice of step against Sudoku Explainer's, state by state.
//!
//! Reads SE's full solve paths (`$CSP_DATA/sudoku-rated/se_explainer_steps.jsonl`, default
//! `../shared/data`) and the puzzles they start from (`se_explainer_corpus.tsv`,
//! `se_explainer_pencilmark.tsv`). For every step of every path it asks our easiest-first
//! search for the next step *in SE's state* (so one disagreement does not spoil the rest of
//! the path), compares the two ratings, then applies SE's step. Prints, per SE technique: how
//! often our next step rates the same, lower (we found an easier step SE did not consider, or
//! rate it lower) or higher (we lack SE's step or rate it higher), and which of our
//! techniques we chose instead; then how many whole puzzles get SE's ER exactly. A cell with
//! one pencil mark in a pencil-mark state counts as solved, as SE reads those states.
//!
//! ```text
//! cargo run --release -p csp-sudoku --example se_steps [-- --limit N] [--fit]
//! ```
//!
//! `--fit` also prints, on standard error, a tab-separated line per step (`FIT`, SE's short
//! name, SE's rating, our technique, our chain's length, our rating, whether the two
//! eliminate the same candidates): the data the chain-length ratings were fitted on.

use csp_sudoku::human::Candidates;
use csp_sudoku::human::rating::{next_rated_step, rate_candidates};
use csp_sudoku::parse;
use std::collections::{BTreeMap, HashMap};

/// SE's technique family: its short name without the trailing digits that number variants
/// (`UR3` → `UR`, `gSS111` → `gSS`, `3SK0112` → `3SK`).
fn family(short: &str) -> String {
    let trimmed = short.trim_end_matches(|c: char| c.is_ascii_digit());
    if trimmed.is_empty() {
        short.to_string()
    } else {
        trimmed.to_string()
    }
}

/// The starting candidates of each corpus row: `id → (candidates, SE's ER)`.
fn starts(dir: &std::path::Path) -> HashMap<String, (Candidates, f64)> {
    let mut out = HashMap::new();
    for file in ["se_explainer_corpus.tsv", "se_explainer_pencilmark.tsv"] {
        let path = dir.join(file);
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| die(&format!("{}: {e}", path.display())));
        for line in text.lines().skip(1) {
            let f: Vec<&str> = line.split('\t').collect();
            if f.len() < 6 || !f[4].is_empty() {
                continue; // the deliberately invalid rows
            }
            let Ok(er) = f[5].parse::<f64>() else {
                continue;
            };
            let c = if f[2].len() == 729 {
                // A cell with one pencil mark is solved in these states (HoDoKu's exports,
                // as SE reads them): placed here, so that it is not taken for a single.
                Candidates::from_pencil_marks(f[2]).ok().map(|mut c| {
                    for cell in 0..81 {
                        let m = c.mask(cell);
                        if c.value(cell) == 0 && m.count_ones() == 1 {
                            c.place(cell, m.trailing_zeros() as u8 + 1);
                        }
                    }
                    c
                })
            } else {
                parse::parse(f[2], file)
                    .ok()
                    .and_then(|p| Candidates::new(&p[0].grid))
            };
            if let Some(c) = c {
                out.insert(f[0].to_string(), (c, er));
            }
        }
    }
    out
}

/// Reports bad input and stops.
fn die(message: &str) -> ! {
    eprintln!("se_steps: {message}");
    std::process::exit(2)
}

/// A step's `(cell, digit)`, or a clear stop at `at` when it is not a 9×9 candidate.
fn candidate(at: &str, cell: u64, digit: u64) -> (usize, u8) {
    if cell >= 81 || !(1..=9).contains(&digit) {
        die(&format!(
            "{at}: expected a cell 0–80 and a digit 1–9, found {cell} and {digit}"
        ));
    }
    (cell as usize, digit as u8)
}

#[derive(Default)]
struct Tally {
    steps: usize,
    same: usize,
    lower: usize,
    higher: usize,
    /// Our technique at a disagreement, and how often.
    instead: BTreeMap<String, usize>,
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let fit = args.iter().any(|a| a == "--fit");
    let limit = args
        .iter()
        .position(|a| a == "--limit")
        .and_then(|i| args.get(i + 1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(usize::MAX);
    let dir = std::env::var_os("CSP_DATA")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| {
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data")
        })
        .join("sudoku-rated");
    let starts = starts(&dir);
    let steps_path = dir.join("se_explainer_steps.jsonl");
    let text = std::fs::read_to_string(&steps_path)
        .unwrap_or_else(|e| die(&format!("{}: {e}", steps_path.display())));
    let mut tally: BTreeMap<String, Tally> = BTreeMap::new();
    // Puzzles and exact ERs, from givens (0) and from pencil marks (1).
    let (mut puzzles, mut exact, mut diverged_paths) = ([0usize; 2], [0usize; 2], 0usize);
    let start = std::time::Instant::now();
    for (n, line) in text.lines().enumerate().take(limit) {
        let at = format!("{}:{}", steps_path.display(), n + 1);
        let v: serde_json::Value = serde_json::from_str(line)
            .unwrap_or_else(|e| die(&format!("{at}: expected a JSON object: {e}")));
        let id = v["id"].as_str().unwrap_or_default();
        let Some((c0, se_er)) = starts.get(id) else {
            continue;
        };
        let kind = usize::from(id.starts_with("rlpm"));
        puzzles[kind] += 1;
        if (rate_candidates(c0.clone()).er - se_er).abs() < 0.05 {
            exact[kind] += 1;
        }
        let mut c = c0.clone();
        let mut diverged = false;
        for s in v["steps"].as_array().into_iter().flatten() {
            let (short, rating) = (s[0].as_str().unwrap_or("?"), s[1].as_f64().unwrap_or(0.0));
            let t = tally.entry(family(short)).or_default();
            t.steps += 1;
            match next_rated_step(&c) {
                Some((ours, d)) => {
                    if fit {
                        let theirs: Vec<(usize, u8)> = s[4]
                            .as_array()
                            .into_iter()
                            .flatten()
                            .flat_map(|r| {
                                let cell = r[0].as_u64().unwrap_or(0) as usize;
                                r[1].as_array()
                                    .into_iter()
                                    .flatten()
                                    .map(move |d| (cell, d.as_u64().unwrap_or(0) as u8))
                                    .collect::<Vec<_>>()
                            })
                            .collect();
                        let mut ours_el: Vec<(usize, u8)> =
                            ours.eliminations.iter().map(|x| (x.0, x.1)).collect();
                        ours_el.sort();
                        let mut t2 = theirs.clone();
                        t2.sort();
                        eprintln!(
                            "FIT\t{short}\t{rating}\t{}\t{}\t{}\t{}",
                            ours.technique.name(),
                            ours.chain.len(),
                            d,
                            ours_el == t2
                        );
                    }
                    if (d - rating).abs() < 0.05 {
                        t.same += 1;
                    } else {
                        *t.instead
                            .entry(ours.technique.name().to_string())
                            .or_default() += 1;
                        if d < rating {
                            t.lower += 1;
                        } else {
                            t.higher += 1;
                        }
                    }
                }
                None => {
                    t.higher += 1;
                    *t.instead.entry("(none)".into()).or_default() += 1;
                }
            }
            // SE's step, on our candidates.
            let (cell, value) = (s[2].as_i64().unwrap_or(-1), s[3].as_u64().unwrap_or(0));
            if cell >= 0 && value > 0 {
                let (cell, value) = candidate(&at, cell as u64, value);
                if !c.has(cell, value) {
                    diverged = true;
                    break;
                }
                c.place(cell, value);
            }
            for r in s[4].as_array().into_iter().flatten() {
                for d in r[1].as_array().into_iter().flatten() {
                    let (cell, d) =
                        candidate(&at, r[0].as_u64().unwrap_or(81), d.as_u64().unwrap_or(0));
                    c.eliminate(cell, d);
                }
            }
        }
        diverged_paths += usize::from(diverged);
    }
    println!(
        "| SE technique | SE steps | same rating | ours lower | ours higher | ours instead (most often) |"
    );
    println!("|---|---:|---:|---:|---:|---|");
    let pct = |a: usize, n: usize| 100.0 * a as f64 / n.max(1) as f64;
    for (fam, t) in &tally {
        let mut instead: Vec<_> = t.instead.iter().collect();
        instead.sort_by(|a, b| b.1.cmp(a.1));
        let instead: Vec<String> = instead
            .iter()
            .take(2)
            .map(|(k, n)| format!("{k} ({n})"))
            .collect();
        println!(
            "| {fam} | {} | {:.0} % | {:.0} % | {:.0} % | {} |",
            t.steps,
            pct(t.same, t.steps),
            pct(t.lower, t.steps),
            pct(t.higher, t.steps),
            instead.join(", ")
        );
    }
    for (kind, name) in ["from givens", "from pencil marks"].iter().enumerate() {
        println!(
            "\n{} puzzles {name}: ER exactly SE's on {} ({:.1} %)",
            puzzles[kind],
            exact[kind],
            pct(exact[kind], puzzles[kind])
        );
    }
    println!(
        "{diverged_paths} paths placed a digit our candidates had lost; {:.0} s",
        start.elapsed().as_secs_f64()
    );
}
