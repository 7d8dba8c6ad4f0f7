//! n-queens on the engine.
//!
//! ```text
//! cargo run --release --example nqueens -- 1000              # MRV + forward checking
//! cargo run --release --example nqueens -- 8 --count         # all 92 solutions
//! cargo run --release --example nqueens -- --table 8,16,32   # nodes per strategy
//! cargo run --release --example nqueens -- 8 --yaml          # the model as a csp file
//! ```

use csp_core::{
    AllDifferentStrength, Limits, Outcome, Propagation, Search, SearchConfig, ValueOrder, VarOrder,
};
use csp_examples::{QueensModel, queens, queens_ok};
use std::time::{Duration, Instant};

fn usage() -> ! {
    eprintln!(
        "usage: nqueens N [--count] [--binary] [--var-order O] [--propagation none|fc|ac3]\n       \
         nqueens --table N1,N2,… [--binary]   (nodes per strategy)\n       nqueens N --yaml"
    );
    std::process::exit(2)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |f: &str| args.iter().any(|a| a == f);
    let value = |f: &str| {
        args.iter()
            .position(|a| a == f)
            .and_then(|i| args.get(i + 1))
    };
    let kind = if flag("--binary") {
        QueensModel::Binary
    } else {
        QueensModel::Global
    };
    if let Some(list) = value("--table") {
        let ns: Vec<usize> = list
            .split(',')
            .map(|s| s.parse().unwrap_or_else(|_| usage()))
            .collect();
        table(&ns, kind);
        return;
    }
    let Some(n) = args.first().and_then(|a| a.parse::<usize>().ok()) else {
        usage()
    };
    if flag("--yaml") {
        print!("{}", yaml(n));
        return;
    }
    let var_order = value("--var-order").map_or(VarOrder::FirstFail, |s| {
        s.parse().unwrap_or_else(|e| {
            eprintln!("{e}");
            usage()
        })
    });
    let propagation = match value("--propagation").map(String::as_str) {
        None | Some("fc") => Propagation::ForwardChecking,
        Some("none") => Propagation::None,
        Some("ac3") => Propagation::ArcConsistency,
        Some(_) => usage(),
    };
    let start = Instant::now();
    let (model, _) = queens(n, kind);
    let built = start.elapsed();
    let config = SearchConfig {
        propagation,
        all_different: AllDifferentStrength::Pairwise,
        var_order,
        value_order: ValueOrder::InDomainMin,
        ..SearchConfig::default()
    };
    let mut search = Search::new(&model, config);
    if flag("--count") {
        let c = search.count(u64::MAX);
        println!("{n}-queens: {} solutions ({})", c.count, search.stats());
        return;
    }
    match search.solve() {
        Outcome::Satisfiable(s) => {
            assert!(
                queens_ok(s.values()),
                "the solution must place non-attacking queens"
            );
            if n <= 30 {
                for &row in s.values() {
                    let line: String = (1..=n as i32)
                        .map(|r| if r == row { "Q " } else { ". " })
                        .collect();
                    println!("{}", line.trim_end());
                }
            }
            println!(
                "{n}-queens solved with {} + {:?}: model built in {:.1} ms; {}",
                var_order,
                propagation,
                built.as_secs_f64() * 1e3,
                search.stats()
            );
        }
        other => println!("{n}-queens: {other:?}"),
    }
}

/// Nodes to the first solution per strategy, as a Markdown table.
fn table(ns: &[usize], kind: QueensModel) {
    let strategies: [(&str, Propagation, VarOrder); 7] = [
        ("input+bt", Propagation::None, VarOrder::InputOrder),
        (
            "input+fc",
            Propagation::ForwardChecking,
            VarOrder::InputOrder,
        ),
        ("mrv+fc", Propagation::ForwardChecking, VarOrder::FirstFail),
        (
            "mrv-deg+fc",
            Propagation::ForwardChecking,
            VarOrder::MostConstrained,
        ),
        ("mrv+ac3", Propagation::ArcConsistency, VarOrder::FirstFail),
        (
            "dom/wdeg+ac3",
            Propagation::ArcConsistency,
            VarOrder::DomOverWDeg,
        ),
        (
            "dom/wdeg+ac3+restarts",
            Propagation::ArcConsistency,
            VarOrder::DomOverWDeg,
        ),
    ];
    print!("| n |");
    for (name, ..) in &strategies {
        print!(" {name} |");
    }
    println!();
    println!("|---:|{}", "---:|".repeat(strategies.len()));
    for &n in ns {
        let (model, _) = queens(n, kind);
        print!("| {n} |");
        for (name, p, v) in &strategies {
            let config = SearchConfig {
                propagation: *p,
                all_different: AllDifferentStrength::Pairwise,
                var_order: *v,
                limits: Limits {
                    time: Some(Duration::from_secs(10)),
                    ..Limits::default()
                },
                restarts: name.ends_with("restarts").then(Default::default),
                ..SearchConfig::default()
            };
            let mut s = Search::new(&model, config);
            let cell = match s.solve() {
                Outcome::Satisfiable(sol) => {
                    assert!(queens_ok(sol.values()));
                    format!("{}", s.stats().nodes)
                }
                Outcome::Unknown(_) => format!(">{} (10 s)", s.stats().nodes),
                Outcome::Unsatisfiable => "unsat".into(),
            };
            print!(" {cell} |");
        }
        println!();
    }
}

/// The binary model as a `kind: csp` file.
fn yaml(n: usize) -> String {
    let mut s = format!(
        "# {n}-queens: q<i> is the row of the queen in column i.\n\
         # Generated by `cargo run --example nqueens -- {n} --yaml`.\n\
         kind: csp\nname: {n}-queens\nvariables:\n  - names: [{}]\n    domain: 1..{n}\nconstraints:\n",
        (1..=n)
            .map(|i| format!("q{i}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    s.push_str(&format!(
        "  - all_different: [{}]\n",
        (1..=n)
            .map(|i| format!("q{i}"))
            .collect::<Vec<_>>()
            .join(", ")
    ));
    s.push_str("  # no two queens on a diagonal: q<i> ≠ q<j> ± (j - i)\n");
    for i in 1..=n {
        for j in i + 1..=n {
            let d = j - i;
            s.push_str(&format!("  - {{not_equal: [q{i}, q{j}], offset: {d}}}\n"));
            s.push_str(&format!("  - {{not_equal: [q{i}, q{j}], offset: -{d}}}\n"));
        }
    }
    s
}
