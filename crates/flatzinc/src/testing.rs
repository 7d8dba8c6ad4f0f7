//! Random small FlatZinc models for differential tests (the property tests and the
//! `diff_flatzinc` fuzz target): every built-in the encoder takes, on variables with a few
//! values, so that brute force over the checker is the reference.

use std::fmt::Write;

/// A random model in FlatZinc text, every choice drawn from `pick(n)` (a number below `n`).
pub fn random_model(pick: &mut dyn FnMut(usize) -> usize) -> String {
    let mut s = String::new();
    let ints = 1 + pick(3);
    let bools = 1 + pick(2);
    for i in 0..ints {
        let lo = pick(4) as i64 - 2;
        let hi = lo + pick(4) as i64;
        let _ = writeln!(s, "var {lo}..{hi}: x{i} :: output_var;");
    }
    for i in 0..bools {
        let _ = writeln!(s, "var bool: b{i} :: output_var;");
    }
    let int = |pick: &mut dyn FnMut(usize) -> usize| -> String {
        if pick(4) == 0 {
            (pick(5) as i64 - 2).to_string()
        } else {
            format!("x{}", pick(ints))
        }
    };
    let boolean = |pick: &mut dyn FnMut(usize) -> usize| -> String {
        match pick(6) {
            0 => "true".into(),
            1 => "false".into(),
            _ => format!("b{}", pick(bools)),
        }
    };
    let n = 1 + pick(4);
    for _ in 0..n {
        let reif = ["", "_reif", "_imp"][pick(3)];
        let r = |pick: &mut dyn FnMut(usize) -> usize| {
            if reif.is_empty() {
                String::new()
            } else {
                format!(", {}", boolean(pick))
            }
        };
        let c = match pick(30) {
            0 => {
                let k = 1 + pick(3);
                let coeffs: Vec<String> =
                    (0..k).map(|_| (pick(7) as i64 - 3).to_string()).collect();
                let xs: Vec<String> = (0..k).map(|_| int(pick)).collect();
                let rel = ["eq", "le", "ne"][pick(3)];
                let rhs = pick(9) as i64 - 4;
                format!(
                    "int_lin_{rel}{reif}([{}], [{}], {rhs}{})",
                    coeffs.join(", "),
                    xs.join(", "),
                    r(pick)
                )
            }
            1 => {
                let rel = ["eq", "ne", "le", "lt"][pick(4)];
                format!("int_{rel}{reif}({}, {}{})", int(pick), int(pick), r(pick))
            }
            2 => {
                let rel = ["eq", "ne", "le", "lt"][pick(4)];
                format!(
                    "bool_{rel}{reif}({}, {}{})",
                    boolean(pick),
                    boolean(pick),
                    r(pick)
                )
            }
            3 => {
                let op = ["and", "or", "xor"][pick(3)];
                format!(
                    "bool_{op}({}, {}, {})",
                    boolean(pick),
                    boolean(pick),
                    boolean(pick)
                )
            }
            4 => format!("bool_not({}, {})", boolean(pick), boolean(pick)),
            5 => {
                let (p, q) = (pick(3), pick(3));
                let ps: Vec<String> = (0..p).map(|_| boolean(pick)).collect();
                let qs: Vec<String> = (0..q).map(|_| boolean(pick)).collect();
                format!("bool_clause([{}], [{}])", ps.join(", "), qs.join(", "))
            }
            6 => {
                let op = ["and", "or"][pick(2)];
                let k = 1 + pick(3);
                let xs: Vec<String> = (0..k).map(|_| boolean(pick)).collect();
                format!("array_bool_{op}([{}], {})", xs.join(", "), boolean(pick))
            }
            7 => {
                let k = 1 + pick(3);
                let xs: Vec<String> = (0..k).map(|_| boolean(pick)).collect();
                format!("array_bool_xor([{}])", xs.join(", "))
            }
            8 => format!("bool2int({}, {})", boolean(pick), int(pick)),
            9 => format!("int_plus({}, {}, {})", int(pick), int(pick), int(pick)),
            10..=12 => {
                let op = ["times", "div", "mod", "min", "max", "pow"][pick(6)];
                format!("int_{op}({}, {}, {})", int(pick), int(pick), int(pick))
            }
            13 => format!("int_abs({}, {})", int(pick), int(pick)),
            14 => {
                let k = 1 + pick(4);
                let t: Vec<String> = (0..k).map(|_| (pick(5) as i64 - 2).to_string()).collect();
                format!(
                    "array_int_element({}, [{}], {})",
                    int(pick),
                    t.join(", "),
                    int(pick)
                )
            }
            15 => {
                let k = 1 + pick(3);
                let t: Vec<String> = (0..k).map(|_| int(pick)).collect();
                format!(
                    "array_var_int_element({}, [{}], {})",
                    int(pick),
                    t.join(", "),
                    int(pick)
                )
            }
            16 => {
                let op = ["maximum", "minimum"][pick(2)];
                let k = 1 + pick(3);
                let t: Vec<String> = (0..k).map(|_| int(pick)).collect();
                format!("array_int_{op}({}, [{}])", int(pick), t.join(", "))
            }
            17 => {
                let set = ["{-1, 1}", "0..2", "{}", "{-2, 0, 3}"][pick(4)];
                let reif = ["", "_reif", "_imp"][pick(3)];
                let r = if reif.is_empty() {
                    String::new()
                } else {
                    format!(", {}", boolean(pick))
                };
                format!("set_in{reif}({}, {set}{r})", int(pick))
            }
            18 => {
                let k = 1 + pick(3);
                let t: Vec<String> = (0..k).map(|_| int(pick)).collect();
                format!("fzn_all_different_int([{}])", t.join(", "))
            }
            19 => {
                let k = 1 + pick(2);
                let t: Vec<String> = (0..k).map(|_| int(pick)).collect();
                let rows = pick(4);
                let flat: Vec<String> = (0..rows * k)
                    .map(|_| (pick(5) as i64 - 2).to_string())
                    .collect();
                let name = ["fzn_table_int", "csp_table_int_negative"][pick(2)];
                format!("{name}([{}], [{}])", t.join(", "), flat.join(", "))
            }
            20 => {
                let k = 1 + pick(3);
                let coeffs: Vec<String> =
                    (0..k).map(|_| (pick(5) as i64 - 2).to_string()).collect();
                let xs: Vec<String> = (0..k).map(|_| boolean(pick)).collect();
                format!(
                    "bool_lin_eq([{}], [{}], {})",
                    coeffs.join(", "),
                    xs.join(", "),
                    pick(4)
                )
            }
            21 => {
                let k = 1 + pick(3);
                let s: Vec<String> = (0..k).map(|_| int(pick)).collect();
                let d: Vec<String> = (0..k).map(|_| pick(3).to_string()).collect();
                let r: Vec<String> = (0..k).map(|_| pick(3).to_string()).collect();
                format!(
                    "csp_cumulative([{}], [{}], [{}], {})",
                    s.join(", "),
                    d.join(", "),
                    r.join(", "),
                    // A constant capacity, or a variable one.
                    if pick(2) == 0 {
                        (pick(4) as i64 - 1).to_string()
                    } else {
                        int(pick)
                    }
                )
            }
            22 => {
                let k = 1 + pick(3);
                let t: Vec<String> = (0..k).map(|_| int(pick)).collect();
                let name = ["csp_circuit", "csp_subcircuit"][pick(2)];
                format!("{name}([{}], {})", t.join(", "), pick(3) as i64 - 1)
            }
            23 => {
                let f: Vec<String> = (0..1 + pick(2)).map(|_| int(pick)).collect();
                let g: Vec<String> = (0..1 + pick(2)).map(|_| int(pick)).collect();
                format!(
                    "csp_inverse([{}], {}, [{}], {})",
                    f.join(", "),
                    pick(3) as i64 - 1,
                    g.join(", "),
                    pick(3) as i64 - 1
                )
            }
            24 => {
                let t: Vec<String> = (0..1 + pick(3)).map(|_| int(pick)).collect();
                format!(
                    "csp_count_eq([{}], {}, {})",
                    t.join(", "),
                    pick(4) as i64 - 1,
                    int(pick)
                )
            }
            25 => {
                let x: Vec<String> = (0..pick(3)).map(|_| int(pick)).collect();
                let y: Vec<String> = (0..pick(3)).map(|_| int(pick)).collect();
                format!("csp_lex_lesseq_int([{}], [{}])", x.join(", "), y.join(", "))
            }
            26 => {
                let x: Vec<String> = (0..pick(4)).map(|_| int(pick)).collect();
                let d: Vec<String> = (0..4).map(|_| pick(3).to_string()).collect();
                let f = ["{}", "{1}", "{2}", "1..2"][pick(4)];
                format!(
                    "csp_regular([{}], 2, 2, [{}], {}, {f})",
                    x.join(", "),
                    d.join(", "),
                    pick(3)
                )
            }
            27 => {
                let k = 1 + pick(3);
                let s: Vec<String> = (0..k).map(|_| int(pick)).collect();
                let d: Vec<String> = (0..k).map(|_| pick(3).to_string()).collect();
                format!("csp_disjunctive([{}], [{}])", s.join(", "), d.join(", "))
            }
            28 => {
                let load: Vec<String> = (0..pick(3)).map(|_| int(pick)).collect();
                let k = pick(3);
                let bin: Vec<String> = (0..k).map(|_| int(pick)).collect();
                let w: Vec<String> = (0..k).map(|_| pick(3).to_string()).collect();
                format!(
                    "csp_bin_packing_load([{}], [{}], [{}], {})",
                    load.join(", "),
                    bin.join(", "),
                    w.join(", "),
                    pick(3) as i64 - 1
                )
            }
            _ => format!("int_ne({}, {})", int(pick), int(pick)),
        };
        let _ = writeln!(s, "constraint {c};");
    }
    let _ = match pick(3) {
        0 => writeln!(s, "solve satisfy;"),
        1 => writeln!(s, "solve minimize x{};", pick(ints)),
        _ => writeln!(s, "solve maximize x{};", pick(ints)),
    };
    s
}

/// Every assignment of `fzn`'s variables (over their declared domains) that the checker
/// accepts. For tiny models only.
pub fn brute_force(fzn: &crate::FlatZinc) -> Vec<Vec<i64>> {
    let doms: Vec<Vec<i64>> = fzn
        .vars
        .iter()
        .map(|v| {
            v.domain
                .as_ref()
                .map(|d| d.iter().collect())
                .unwrap_or_default()
        })
        .collect();
    let mut out = Vec::new();
    let mut values = vec![0i64; doms.len()];
    fn walk(
        k: usize,
        doms: &[Vec<i64>],
        values: &mut Vec<i64>,
        fzn: &crate::FlatZinc,
        out: &mut Vec<Vec<i64>>,
    ) {
        if k == doms.len() {
            if crate::check::check(fzn, values).is_ok() {
                out.push(values.clone());
            }
            return;
        }
        for &v in &doms[k] {
            values[k] = v;
            walk(k + 1, doms, values, fzn, out);
        }
    }
    walk(0, &doms, &mut values, fzn, &mut out);
    out
}
