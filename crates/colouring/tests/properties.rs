//! On random small graphs the chromatic number equals brute force, for every strategy, and
//! the lower bounds never exceed it.

use csp_colouring::chromatic::{self, Config, KAnswer, Strategy as Branching};
use csp_colouring::mycielski::mycielski_bound;
use csp_colouring::{Graph, Instance, verify};
use proptest::prelude::*;

/// χ by trying every colouring with k = 0, 1, 2, … colours.
fn brute_chi(g: &Graph) -> u32 {
    fn colourable(g: &Graph, k: u32, v: usize, c: &mut Vec<u32>) -> bool {
        if v == g.len() {
            return true;
        }
        for col in 0..k {
            if g.neighbours(v)
                .iter()
                .all(|&w| (w as usize) >= v || c[w as usize] != col)
            {
                c[v] = col;
                if colourable(g, k, v + 1, c) {
                    return true;
                }
            }
        }
        false
    }
    (0..=g.len() as u32)
        .find(|&k| colourable(g, k, 0, &mut vec![0; g.len()]))
        .unwrap_or(0)
}

fn graph() -> impl Strategy<Value = Graph> {
    (1usize..10).prop_flat_map(|n| {
        proptest::collection::vec((0..n, 0..n), 0..n * 3).prop_map(move |e| Graph::from_edges(n, e))
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn chromatic_number_equals_brute_force(g in graph()) {
        let chi = brute_chi(&g);
        let inst = Instance::new("r", g.clone());
        for s in Branching::ALL {
            for tabu in [false, true] {
                let r = chromatic::chromatic_number(&inst, &Config { strategy: s, tabu, ..Config::default() }, &mut |_| {});
                prop_assert!(r.proved);
                prop_assert_eq!(r.ub, chi, "{} tabu {}", s, tabu);
                prop_assert_eq!(verify(&inst, Some(chi), &r.colouring), Ok(()));
            }
            if chi > 0 {
                let mut e = chromatic::Effort::default();
                prop_assert_eq!(chromatic::k_colourable(&inst, chi - 1, &[], s, None, &mut e), KAnswer::NotColourable);
            }
        }
    }

    #[test]
    fn mycielski_bound_never_exceeds_chi(g in graph()) {
        let chi = brute_chi(&g);
        for (u, v) in g.edges() {
            let (b, witness) = mycielski_bound(&g, &[u, v], 2, 10_000, u32::MAX, None);
            prop_assert!(b <= chi, "bound {} > χ {} from edge {}-{}, witness {:?}", b, chi, u, v, witness);
        }
    }
}
