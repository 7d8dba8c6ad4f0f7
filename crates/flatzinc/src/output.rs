//! Solutions as MiniZinc's `solns2out` reads them: `name = value;` per output variable,
//! `name = arrayNd(ranges, [values]);` per output array, each solution closed by
//! `----------`, and the search's end by one of the status lines.

use crate::model::{Arg, FlatZinc};
use std::fmt::Write;

/// Closes a solution.
pub const SOLUTION_END: &str = "----------";
/// The search space was exhausted: the last solution is optimal, or all were printed.
pub const COMPLETE: &str = "==========";
/// Proved: no solution.
pub const UNSATISFIABLE: &str = "=====UNSATISFIABLE=====";
/// No solution found, none ruled out.
pub const UNKNOWN: &str = "=====UNKNOWN=====";

/// One solution in FlatZinc's output format, `----------` included, each line ended by `\n`.
/// `values` holds one value per variable (booleans as 0/1).
pub fn solution(fzn: &FlatZinc, values: &[i64]) -> String {
    let mut out = String::new();
    for o in &fzn.outputs {
        let show = |a: &Arg| -> String {
            let v = match a {
                Arg::Var(x) => values[*x],
                Arg::Int(i) => *i,
                Arg::Bool(b) => i64::from(*b),
                _ => 0,
            };
            if o.is_bool {
                (v != 0).to_string()
            } else {
                v.to_string()
            }
        };
        match (&o.dims, &o.value) {
            (None, a) => {
                let _ = writeln!(out, "{} = {};", o.name, show(a));
            }
            (Some(dims), Arg::Array(items)) => {
                let ranges: Vec<String> =
                    dims.iter().map(|(lo, hi)| format!("{lo}..{hi}")).collect();
                let elems: Vec<String> = items.iter().map(show).collect();
                let _ = writeln!(
                    out,
                    "{} = array{}d({}, [{}]);",
                    o.name,
                    dims.len(),
                    ranges.join(", "),
                    elems.join(", ")
                );
            }
            (Some(_), a) => {
                let _ = writeln!(out, "{} = {};", o.name, show(a));
            }
        }
    }
    out.push_str(SOLUTION_END);
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variables_and_arrays_print_as_minizinc_expects() {
        let m = crate::parse(
            "var 1..9: x :: output_var;\nvar bool: b :: output_var;\narray [1..4] of var int: g :: output_array([1..2, 0..1]) = [x, 3, x, x];\nsolve satisfy;\n",
            "o.fzn",
        )
        .unwrap();
        assert_eq!(
            solution(&m, &[7, 1]),
            "x = 7;\nb = true;\ng = array2d(1..2, 0..1, [7, 3, 7, 7]);\n----------\n"
        );
    }
}
