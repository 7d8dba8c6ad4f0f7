//! `csp fzn`: FlatZinc in, MiniZinc's output format out; and `csp minizinc install`.

use crate::util::*;

/// n-queens in FlatZinc as MiniZinc writes it: rows different, diagonals by sums.
fn queens(n: usize) -> String {
    let mut s = format!("array [1..{n}] of var 1..{n}: q :: output_array([1..{n}]) = [");
    let names: Vec<String> = (1..=n).map(|i| format!("q{i}")).collect();
    let mut decls = String::new();
    for q in &names {
        decls.push_str(&format!("var 1..{n}: {q};\n"));
    }
    s = decls + &s + &names.join(", ") + "];\n";
    for i in 0..n {
        for j in i + 1..n {
            let d = (j - i) as i64;
            s.push_str(&format!("constraint int_ne({}, {});\n", names[i], names[j]));
            s.push_str(&format!(
                "constraint int_lin_ne([1, -1], [{}, {}], {d});\n",
                names[i], names[j]
            ));
            s.push_str(&format!(
                "constraint int_lin_ne([1, -1], [{}, {}], {});\n",
                names[i], names[j], -d
            ));
        }
    }
    s + "solve satisfy;\n"
}

fn rows(line: &str) -> Vec<i64> {
    let inside = line
        .split('[')
        .nth(1)
        .unwrap_or("")
        .split(']')
        .next()
        .unwrap_or("");
    inside
        .split(',')
        .map(|v| v.trim().parse().unwrap())
        .collect()
}

#[test]
fn all_solutions_are_printed_each_checked_and_the_search_said_complete() {
    let o = csp_stdin(&["fzn", "-a", "-"], &queens(6));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let sols: Vec<Vec<i64>> = out
        .lines()
        .filter(|l| l.starts_with("q = array1d(1..6, ["))
        .map(rows)
        .collect();
    assert_eq!(sols.len(), 4, "{out}");
    assert!(sols.iter().all(|r| queens_ok(r)));
    assert_eq!(out.matches("----------\n").count(), 4);
    assert!(out.ends_with("==========\n"), "{out}");
    let o = csp_stdin(&["fzn", "-n", "2", "-"], &queens(6));
    let out = stdout(&o);
    assert_eq!(out.matches("----------\n").count(), 2);
    assert!(!out.contains("=========="), "two of four: not complete");
    let o = csp_stdin(&["fzn", "-"], &queens(3));
    assert_eq!(stdout(&o), "=====UNSATISFIABLE=====\n");
}

#[test]
fn optimisation_prints_improving_solutions_then_the_proof() {
    // A knapsack: weights 3 4 5 6, values 4 5 7 8, capacity 10; optimum by hand below.
    let (w, v, cap) = ([3, 4, 5, 6], [4, 5, 7, 8], 10);
    let best = (0..16u32)
        .filter(|m| {
            (0..4)
                .filter(|i| m >> i & 1 == 1)
                .map(|i| w[i])
                .sum::<i64>()
                <= cap
        })
        .map(|m| {
            (0..4)
                .filter(|i| m >> i & 1 == 1)
                .map(|i| v[i])
                .sum::<i64>()
        })
        .max()
        .unwrap();
    let text = "var bool: x1 :: output_var;\nvar bool: x2 :: output_var;\nvar bool: x3 :: output_var;\nvar bool: x4 :: output_var;\n\
        var 0..24: value :: output_var;\n\
        constraint bool_lin_le([3, 4, 5, 6], [x1, x2, x3, x4], 10);\n\
        constraint int_lin_eq([4, 5, 7, 8, -1], [x1, x2, x3, x4, value], 0);\n\
        solve maximize value;\n";
    for threads in ["1", "2"] {
        let o = csp_stdin(&["fzn", "-s", "-p", threads, "-"], text);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let out = stdout(&o);
        let values: Vec<i64> = out
            .lines()
            .filter_map(|l| l.strip_prefix("value = "))
            .map(|v| v.trim_end_matches(';').parse().unwrap())
            .collect();
        assert!(
            values.windows(2).all(|p| p[1] > p[0]),
            "improving: {values:?}"
        );
        assert_eq!(values.last(), Some(&best));
        assert!(out.contains("==========\n%%%mzn-stat: nodes="), "{out}");
        assert!(out.contains(&format!("%%%mzn-stat: objective={best}\n")));
        assert!(out.ends_with("%%%mzn-stat-end\n"));
    }
}

#[test]
fn bad_flatzinc_is_refused_with_its_place() {
    let o = csp_stdin(
        &["fzn", "-"],
        "var 1..3: x;\nconstraint int_le(x, 4;\nsolve satisfy;\n",
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("<stdin>:2:23: expected `)`"),
        "{}",
        stderr(&o)
    );
    let o = csp_stdin(
        &["fzn", "-"],
        "var 1..3: x;\nconstraint fzn_mystery(x);\nsolve satisfy;\n",
    );
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(
        e.contains("<stdin>:2:1: constraint `fzn_mystery`") && e.contains("csp minizinc install"),
        "{e}"
    );
}

#[test]
fn minizinc_install_writes_a_configuration_pointing_at_this_csp() {
    let dir = std::env::temp_dir().join(format!("csp-mzn-{}", std::process::id()));
    let o = csp(&["minizinc", "install", "--dir", dir.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let msc = std::fs::read_to_string(dir.join("csp.msc")).unwrap();
    let config: serde_json::Value = serde_json::from_str(&msc).unwrap();
    assert_eq!(config["id"], "org.csp-toolkit.csp");
    assert!(dir.join("csp/mznlib/fzn_all_different_int.mzn").exists());
    let script = std::fs::read_to_string(dir.join("csp/fzn-csp")).unwrap();
    assert!(script.contains(" fzn \"$@\""), "{script}");
    std::fs::remove_dir_all(&dir).ok();
}
