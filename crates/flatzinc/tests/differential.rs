//! The engine against brute force on random small FlatZinc models: the same solutions
//! (every one accepted by the independent checker) and, for optimisation, the same optimum.

use csp_core::{Optimum, Search, SearchConfig};
use csp_flatzinc::encode::encode;
use csp_flatzinc::testing::{brute_force, random_model};
use csp_flatzinc::{Goal, check, parse};
use proptest::prelude::*;
use std::collections::BTreeSet;

fn model_from(bytes: &[u8]) -> String {
    let mut k = 0;
    random_model(&mut |n| {
        let b = bytes.get(k).copied().unwrap_or(0) as usize;
        k += 1;
        b % n
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn the_engine_finds_exactly_the_brute_force_solutions(bytes in proptest::collection::vec(any::<u8>(), 64..160)) {
        let text = model_from(&bytes);
        let fzn = parse(&text, "r.fzn").expect("the generator writes valid FlatZinc");
        let expected: BTreeSet<Vec<i64>> = brute_force(&fzn).into_iter().collect();
        let enc = encode(&fzn, "r.fzn", &text).expect("the encoder takes every generated predicate");
        let found: BTreeSet<Vec<i64>> = Search::new(&enc.model, SearchConfig::default())
            .solutions()
            .map(|s| enc.values(&s))
            .collect();
        for s in &found {
            prop_assert!(check::check(&fzn, s).is_ok(), "{}\n{:?}", text, s);
        }
        prop_assert_eq!(&found, &expected, "{}", text);
        if let Some(obj) = enc.objective {
            let key = |s: &Vec<i64>| check::objective(&fzn, s).unwrap();
            let best = match fzn.solve.goal {
                Goal::Minimize(_) => expected.iter().map(key).min(),
                _ => expected.iter().map(key).max(),
            };
            let got = Search::new(&enc.model, SearchConfig::default()).optimize(obj.var, obj.minimize, |_| {});
            match (got, best) {
                (Optimum::Optimal(s), Some(b)) => prop_assert_eq!(check::objective(&fzn, &enc.values(&s)), Some(b), "{}", text),
                (Optimum::Unsatisfiable, None) => {}
                (g, b) => prop_assert!(false, "{:?} against {:?}\n{}", g, b, text),
            }
        }
    }
}
