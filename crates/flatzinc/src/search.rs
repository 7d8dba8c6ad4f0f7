//! The model's search annotations as the engine's search plan: `int_search` and
//! `bool_search` (alone or in a `seq_search`) become phases branched on first, in order;
//! what they leave open goes to csp's own search.

use crate::encode::{Encoded, Term};
use crate::model::{Ann, Arg, FlatZinc};
use csp_core::{Limits, Phase, Restarts, SearchConfig, ValueOrder, VarOrder};
use std::time::Duration;

/// Failures between two restarts, per unit of the Luby sequence, in the default search.
pub const RESTART_SCALE: u64 = 100;

/// The search of member `k` of a portfolio: member 0 follows the model's search annotations
/// (`plan`, unless `free`), then csp's default (dom/wdeg, smallest value, Luby restarts);
/// member 1 follows the annotations without restarts (the modeller's search exactly, which
/// some models need: multi-knapsack solves in seconds that way and not with restarts), or
/// without annotations varies the orders as the others do; the others vary the variable
/// order, the value order and the restart scale, each with its own seed, so that they
/// explore differently.
pub fn portfolio_member(
    k: usize,
    plan: &[Phase],
    free: bool,
    seed: u64,
    time: Option<Duration>,
) -> SearchConfig {
    let annotated = !free && !plan.is_empty();
    let (var_order, value_order) = match k % 3 {
        0 => (VarOrder::DomOverWDeg, ValueOrder::InDomainMin),
        1 => (VarOrder::FirstFail, ValueOrder::InDomainMin),
        _ => (VarOrder::DomOverWDeg, ValueOrder::InDomainRandom),
    };
    let follows_plan = annotated && k < 2;
    let restarts = if annotated && k == 1 {
        None
    } else {
        Some(Restarts {
            scale: RESTART_SCALE << (k % 3),
        })
    };
    SearchConfig {
        var_order,
        value_order,
        seed: seed.wrapping_add(k as u64),
        plan: if follows_plan {
            plan.to_vec()
        } else {
            Vec::new()
        },
        restarts,
        limits: Limits {
            time,
            ..Limits::default()
        },
        ..SearchConfig::default()
    }
}

/// The phases of `fzn`'s solve annotations, over `enc`'s variables (constants dropped);
/// unknown annotations are skipped, unknown selectors become csp's defaults.
pub fn plan(fzn: &FlatZinc, enc: &Encoded) -> Vec<Phase> {
    let mut phases = Vec::new();
    for a in &fzn.solve.anns {
        collect(a, enc, &mut phases);
    }
    phases
}

fn collect(a: &Ann, enc: &Encoded, out: &mut Vec<Phase>) {
    match a {
        Ann::Call(name, args) if name == "seq_search" => {
            if let Some(Ann::Array(list)) = args.first() {
                for b in list {
                    collect(b, enc, out);
                }
            }
        }
        Ann::Call(name, args) if name == "int_search" || name == "bool_search" => {
            let [vars, var_sel, val_sel, ..] = args.as_slice() else {
                return;
            };
            let Ann::Arg(Arg::Array(items)) = vars else {
                return;
            };
            let vars = items
                .iter()
                .filter_map(|x| match x {
                    Arg::Var(v) => match enc.terms[*v] {
                        Term::Var(x) => Some(x),
                        Term::Const(_) => None,
                    },
                    _ => None,
                })
                .collect();
            out.push(Phase {
                vars,
                var_order: var_order(var_sel),
                value_order: value_order(val_sel),
            });
        }
        _ => {}
    }
}

/// MiniZinc's variable selection by name (`max_regret` as first fail, the nearest csp has).
fn var_order(a: &Ann) -> VarOrder {
    match a {
        Ann::Name(n) => match n.as_str() {
            "input_order" => VarOrder::InputOrder,
            "first_fail" | "max_regret" => VarOrder::FirstFail,
            "anti_first_fail" => VarOrder::AntiFirstFail,
            "smallest" => VarOrder::Smallest,
            "largest" => VarOrder::Largest,
            "occurrence" => VarOrder::MaxDegree,
            "most_constrained" => VarOrder::MostConstrained,
            _ => VarOrder::DomOverWDeg,
        },
        _ => VarOrder::DomOverWDeg,
    }
}

/// MiniZinc's value choice by name.
fn value_order(a: &Ann) -> ValueOrder {
    match a {
        Ann::Name(n) => match n.as_str() {
            "indomain_max" => ValueOrder::InDomainMax,
            "indomain_median" | "indomain_middle" => ValueOrder::InDomainMedian,
            "indomain_split" | "indomain_interval" => ValueOrder::Split,
            "indomain_reverse_split" => ValueOrder::ReverseSplit,
            "indomain_random" => ValueOrder::InDomainRandom,
            _ => ValueOrder::InDomainMin,
        },
        _ => ValueOrder::InDomainMin,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sequences_of_searches_become_phases_in_order() {
        let text = "var 1..3: x;\nvar 1..3: y;\nvar bool: b;\narray [1..2] of var int: xs = [y, x];\n\
            solve :: seq_search([int_search(xs, smallest, indomain_split, complete), bool_search([b], input_order, indomain_max, complete)]) satisfy;\n";
        let fzn = crate::parse(text, "s.fzn").unwrap();
        let enc = crate::encode::encode(&fzn, "s.fzn", text).unwrap();
        let p = plan(&fzn, &enc);
        assert_eq!(p.len(), 2);
        let name = |x| enc.model.name(x).to_string();
        assert_eq!(
            p[0].vars.iter().map(|&x| name(x)).collect::<Vec<_>>(),
            ["y", "x"]
        );
        assert_eq!(
            (p[0].var_order, p[0].value_order),
            (VarOrder::Smallest, ValueOrder::Split)
        );
        assert_eq!(
            (p[1].var_order, p[1].value_order),
            (VarOrder::InputOrder, ValueOrder::InDomainMax)
        );
    }
}
