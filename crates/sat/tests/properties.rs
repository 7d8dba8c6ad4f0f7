//! Property tests on random small formulas: batsat, our DPLL and brute force agree; level-0
//! simplification keeps exactly the models; model counting matches brute force; DIMACS
//! written and read back is the same formula.

use csp_sat::{Cnf, Lit, Solver, UnitPropagator, dimacs, dpll::dpll, solver::count};
use proptest::prelude::*;

fn formula() -> impl Strategy<Value = Cnf> {
    (1usize..=8).prop_flat_map(|n| {
        let lit = (1..=n as i64, any::<bool>()).prop_map(|(v, p)| if p { v } else { -v });
        let clause = proptest::collection::vec(lit, 0..=4);
        proptest::collection::vec(clause, 0..=24).prop_map(move |cs| {
            let mut f = Cnf::with_vars(n);
            for c in cs {
                let c: Vec<Lit> = c.into_iter().filter_map(Lit::from_dimacs).collect();
                // Mostly non-empty clauses, so that many formulas are satisfiable.
                if !c.is_empty() {
                    f.add_clause(&c);
                }
            }
            f
        })
    })
}

fn models(f: &Cnf) -> Vec<Vec<bool>> {
    let n = f.num_vars();
    (0u32..1 << n)
        .map(|m| (0..n).map(|v| m >> v & 1 == 1).collect::<Vec<bool>>())
        .filter(|a| f.is_satisfied_by(a))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn batsat_dpll_and_brute_force_agree(f in formula()) {
        let all = models(&f);
        let sat = Solver::new(&f).solve(&[]);
        prop_assert_eq!(sat, Some(!all.is_empty()));
        let (m, _) = dpll(&f);
        prop_assert_eq!(m.is_some(), !all.is_empty());
        if let Some(m) = m {
            prop_assert!(f.is_satisfied_by(&m));
        }
        let c = count(&f, None, u64::MAX);
        prop_assert_eq!(c.count as usize, all.len());
        prop_assert!(c.exhausted);
        if let Some(first) = c.first {
            prop_assert!(f.is_satisfied_by(&first));
        }
    }

    #[test]
    fn simplification_keeps_exactly_the_models_extending_the_units(
        f in formula(),
        units in proptest::collection::vec((1i64..=8, any::<bool>()), 0..3),
    ) {
        let units: Vec<Lit> = units
            .into_iter()
            .filter(|&(v, _)| v as usize <= f.num_vars())
            .map(|(v, p)| Lit::from_dimacs(if p { v } else { -v }).unwrap())
            .collect();
        let expected: Vec<Vec<bool>> = models(&f)
            .into_iter()
            .filter(|m| units.iter().all(|l| m[l.var().index()] == l.is_positive()))
            .collect();
        let mut up = UnitPropagator::new(&f);
        match up.simplify(&units) {
            None => prop_assert!(expected.is_empty(), "propagation refuted a satisfiable formula"),
            Some(s) => {
                // Every model of the reduced formula extends to a model of the original.
                let reduced = models(&s.cnf);
                for m in &reduced {
                    let full = s.extend(m);
                    prop_assert!(f.is_satisfied_by(&full));
                }
                prop_assert_eq!(reduced.is_empty(), expected.is_empty());
            }
        }
    }

    #[test]
    fn dimacs_round_trips(f in formula()) {
        let text = dimacs::to_string(&f);
        let g = dimacs::parse(&text, "round-trip.cnf").unwrap();
        prop_assert_eq!(g, f);
    }
}
