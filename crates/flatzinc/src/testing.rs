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
    let mut d = Draw { pick, ints, bools };
    let n = 1 + d.pick(4);
    for _ in 0..n {
        let reif = ["", "_reif", "_imp"][d.pick(3)];
        let c = match d.pick(30) {
            k @ 0..=9 => d.logical(k, reif),
            k @ 10..=17 => d.numeric(k),
            k @ 18..=28 => d.global(k),
            _ => format!("int_ne({}, {})", d.int(), d.int()),
        };
        let _ = writeln!(s, "constraint {c};");
    }
    let _ = match d.pick(3) {
        0 => writeln!(s, "solve satisfy;"),
        1 => writeln!(s, "solve minimize x{};", d.pick(ints)),
        _ => writeln!(s, "solve maximize x{};", d.pick(ints)),
    };
    s
}

/// The draws of one model: the choice function and the variables declared.
struct Draw<'p> {
    pick: &'p mut dyn FnMut(usize) -> usize,
    ints: usize,
    bools: usize,
}

impl Draw<'_> {
    fn pick(&mut self, n: usize) -> usize {
        (self.pick)(n)
    }

    /// An integer argument: a small constant or an integer variable.
    fn int(&mut self) -> String {
        if self.pick(4) == 0 {
            (self.pick(5) as i64 - 2).to_string()
        } else {
            format!("x{}", self.pick(self.ints))
        }
    }

    /// A boolean argument: a constant or a boolean variable.
    fn boolean(&mut self) -> String {
        match self.pick(6) {
            0 => "true".into(),
            1 => "false".into(),
            _ => format!("b{}", self.pick(self.bools)),
        }
    }

    /// The reifying boolean's argument, when `reif` is a suffix.
    fn reif_arg(&mut self, reif: &str) -> String {
        if reif.is_empty() {
            String::new()
        } else {
            format!(", {}", self.boolean())
        }
    }

    /// Sums, comparisons and boolean connectives (kinds 0 to 9), some reified by `reif`.
    fn logical(&mut self, kind: usize, reif: &str) -> String {
        let draw = self;
        match kind {
            0 => {
                let k = 1 + draw.pick(3);
                let coeffs: Vec<String> = (0..k)
                    .map(|_| (draw.pick(7) as i64 - 3).to_string())
                    .collect();
                let xs: Vec<String> = (0..k).map(|_| draw.int()).collect();
                let rel = ["eq", "le", "ne"][draw.pick(3)];
                let rhs = draw.pick(9) as i64 - 4;
                format!(
                    "int_lin_{rel}{reif}([{}], [{}], {rhs}{})",
                    coeffs.join(", "),
                    xs.join(", "),
                    draw.reif_arg(reif)
                )
            }
            1 => {
                let rel = ["eq", "ne", "le", "lt"][draw.pick(4)];
                format!(
                    "int_{rel}{reif}({}, {}{})",
                    draw.int(),
                    draw.int(),
                    draw.reif_arg(reif)
                )
            }
            2 => {
                let rel = ["eq", "ne", "le", "lt"][draw.pick(4)];
                format!(
                    "bool_{rel}{reif}({}, {}{})",
                    draw.boolean(),
                    draw.boolean(),
                    draw.reif_arg(reif)
                )
            }
            3 => {
                let op = ["and", "or", "xor"][draw.pick(3)];
                format!(
                    "bool_{op}({}, {}, {})",
                    draw.boolean(),
                    draw.boolean(),
                    draw.boolean()
                )
            }
            4 => format!("bool_not({}, {})", draw.boolean(), draw.boolean()),
            5 => {
                let (p, q) = (draw.pick(3), draw.pick(3));
                let ps: Vec<String> = (0..p).map(|_| draw.boolean()).collect();
                let qs: Vec<String> = (0..q).map(|_| draw.boolean()).collect();
                format!("bool_clause([{}], [{}])", ps.join(", "), qs.join(", "))
            }
            6 => {
                let op = ["and", "or"][draw.pick(2)];
                let k = 1 + draw.pick(3);
                let xs: Vec<String> = (0..k).map(|_| draw.boolean()).collect();
                format!("array_bool_{op}([{}], {})", xs.join(", "), draw.boolean())
            }
            7 => {
                let k = 1 + draw.pick(3);
                let xs: Vec<String> = (0..k).map(|_| draw.boolean()).collect();
                format!("array_bool_xor([{}])", xs.join(", "))
            }
            8 => format!("bool2int({}, {})", draw.boolean(), draw.int()),
            9 => format!("int_plus({}, {}, {})", draw.int(), draw.int(), draw.int()),
            _ => unreachable!("kinds 0 to 9"),
        }
    }

    /// Arithmetic, element and sets (kinds 10 to 17).
    fn numeric(&mut self, kind: usize) -> String {
        let draw = self;
        match kind {
            10..=12 => {
                let op = ["times", "div", "mod", "min", "max", "pow"][draw.pick(6)];
                format!("int_{op}({}, {}, {})", draw.int(), draw.int(), draw.int())
            }
            13 => format!("int_abs({}, {})", draw.int(), draw.int()),
            14 => {
                let k = 1 + draw.pick(4);
                let t: Vec<String> = (0..k)
                    .map(|_| (draw.pick(5) as i64 - 2).to_string())
                    .collect();
                format!(
                    "array_int_element({}, [{}], {})",
                    draw.int(),
                    t.join(", "),
                    draw.int()
                )
            }
            15 => {
                let k = 1 + draw.pick(3);
                let t: Vec<String> = (0..k).map(|_| draw.int()).collect();
                format!(
                    "array_var_int_element({}, [{}], {})",
                    draw.int(),
                    t.join(", "),
                    draw.int()
                )
            }
            16 => {
                let op = ["maximum", "minimum"][draw.pick(2)];
                let k = 1 + draw.pick(3);
                let t: Vec<String> = (0..k).map(|_| draw.int()).collect();
                format!("array_int_{op}({}, [{}])", draw.int(), t.join(", "))
            }
            17 => {
                let set = ["{-1, 1}", "0..2", "{}", "{-2, 0, 3}"][draw.pick(4)];
                let reif = ["", "_reif", "_imp"][draw.pick(3)];
                let r = if reif.is_empty() {
                    String::new()
                } else {
                    format!(", {}", draw.boolean())
                };
                format!("set_in{reif}({}, {set}{r})", draw.int())
            }
            _ => unreachable!("kinds 10 to 17"),
        }
    }

    /// The globals (kinds 18 to 28).
    fn global(&mut self, kind: usize) -> String {
        let draw = self;
        match kind {
            18 => {
                let k = 1 + draw.pick(3);
                let t: Vec<String> = (0..k).map(|_| draw.int()).collect();
                format!("fzn_all_different_int([{}])", t.join(", "))
            }
            19 => {
                let k = 1 + draw.pick(2);
                let t: Vec<String> = (0..k).map(|_| draw.int()).collect();
                let rows = draw.pick(4);
                let flat: Vec<String> = (0..rows * k)
                    .map(|_| (draw.pick(5) as i64 - 2).to_string())
                    .collect();
                let name = ["fzn_table_int", "csp_table_int_negative"][draw.pick(2)];
                format!("{name}([{}], [{}])", t.join(", "), flat.join(", "))
            }
            20 => {
                let k = 1 + draw.pick(3);
                let coeffs: Vec<String> = (0..k)
                    .map(|_| (draw.pick(5) as i64 - 2).to_string())
                    .collect();
                let xs: Vec<String> = (0..k).map(|_| draw.boolean()).collect();
                format!(
                    "bool_lin_eq([{}], [{}], {})",
                    coeffs.join(", "),
                    xs.join(", "),
                    draw.pick(4)
                )
            }
            21 => {
                let k = 1 + draw.pick(3);
                let s: Vec<String> = (0..k).map(|_| draw.int()).collect();
                let d: Vec<String> = (0..k).map(|_| draw.pick(3).to_string()).collect();
                let r: Vec<String> = (0..k).map(|_| draw.pick(3).to_string()).collect();
                format!(
                    "csp_cumulative([{}], [{}], [{}], {})",
                    s.join(", "),
                    d.join(", "),
                    r.join(", "),
                    // A constant capacity, or a variable one.
                    if draw.pick(2) == 0 {
                        (draw.pick(4) as i64 - 1).to_string()
                    } else {
                        draw.int()
                    }
                )
            }
            22 => {
                let k = 1 + draw.pick(3);
                let t: Vec<String> = (0..k).map(|_| draw.int()).collect();
                let name = ["csp_circuit", "csp_subcircuit"][draw.pick(2)];
                format!("{name}([{}], {})", t.join(", "), draw.pick(3) as i64 - 1)
            }
            23 => {
                let f: Vec<String> = (0..1 + draw.pick(2)).map(|_| draw.int()).collect();
                let g: Vec<String> = (0..1 + draw.pick(2)).map(|_| draw.int()).collect();
                format!(
                    "csp_inverse([{}], {}, [{}], {})",
                    f.join(", "),
                    draw.pick(3) as i64 - 1,
                    g.join(", "),
                    draw.pick(3) as i64 - 1
                )
            }
            24 => {
                let t: Vec<String> = (0..1 + draw.pick(3)).map(|_| draw.int()).collect();
                format!(
                    "csp_count_eq([{}], {}, {})",
                    t.join(", "),
                    draw.pick(4) as i64 - 1,
                    draw.int()
                )
            }
            25 => {
                let x: Vec<String> = (0..draw.pick(3)).map(|_| draw.int()).collect();
                let y: Vec<String> = (0..draw.pick(3)).map(|_| draw.int()).collect();
                format!("csp_lex_lesseq_int([{}], [{}])", x.join(", "), y.join(", "))
            }
            26 => {
                let x: Vec<String> = (0..draw.pick(4)).map(|_| draw.int()).collect();
                let d: Vec<String> = (0..4).map(|_| draw.pick(3).to_string()).collect();
                let f = ["{}", "{1}", "{2}", "1..2"][draw.pick(4)];
                format!(
                    "csp_regular([{}], 2, 2, [{}], {}, {f})",
                    x.join(", "),
                    d.join(", "),
                    draw.pick(3)
                )
            }
            27 => {
                let k = 1 + draw.pick(3);
                let s: Vec<String> = (0..k).map(|_| draw.int()).collect();
                let d: Vec<String> = (0..k).map(|_| draw.pick(3).to_string()).collect();
                format!("csp_disjunctive([{}], [{}])", s.join(", "), d.join(", "))
            }
            28 => {
                let load: Vec<String> = (0..draw.pick(3)).map(|_| draw.int()).collect();
                let k = draw.pick(3);
                let bin: Vec<String> = (0..k).map(|_| draw.int()).collect();
                let w: Vec<String> = (0..k).map(|_| draw.pick(3).to_string()).collect();
                format!(
                    "csp_bin_packing_load([{}], [{}], [{}], {})",
                    load.join(", "),
                    bin.join(", "),
                    w.join(", "),
                    draw.pick(3) as i64 - 1
                )
            }
            _ => unreachable!("kinds 18 to 28"),
        }
    }
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
