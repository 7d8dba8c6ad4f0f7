//! Property tests: Algorithm X finds exactly the exact covers that brute force finds, on
//! random small matrices with primary and secondary columns, with and without imposed rows.

use csp_exact_cover::{Dlx, Matrix, RowId, verify};
use proptest::prelude::*;
use std::collections::BTreeSet;

/// Every subset of rows that is an exact cover (rows ≤ 12).
fn brute_force(m: &Matrix) -> BTreeSet<Vec<usize>> {
    let n = m.num_rows();
    let mut out = BTreeSet::new();
    for mask in 0u32..(1 << n) {
        let rows: Vec<RowId> = (0..n)
            .filter(|&r| mask >> r & 1 == 1)
            .map(RowId::new)
            .collect();
        if verify(m, &rows).is_ok() {
            out.insert(rows.iter().map(|r| r.index()).collect());
        }
    }
    out
}

fn matrix() -> impl Strategy<Value = Matrix> {
    (1usize..=6, 0usize..=3).prop_flat_map(|(primary, secondary)| {
        let columns = primary + secondary;
        let row = proptest::sample::subsequence((0..columns).collect::<Vec<_>>(), 1..=columns)
            .prop_shuffle();
        proptest::collection::vec(row, 0..=12).prop_map(move |rows| {
            let mut m = Matrix::new(primary, secondary);
            for r in rows {
                // Rows without a primary column are refused by design.
                let _ = m.add_row(&r);
            }
            m
        })
    })
}

fn sorted(rows: &[RowId]) -> Vec<usize> {
    let mut v: Vec<usize> = rows.iter().map(|r| r.index()).collect();
    v.sort_unstable();
    v
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn dancing_links_find_exactly_the_brute_force_covers(m in matrix()) {
        let expected = brute_force(&m);
        let mut dlx = Dlx::new(&m);
        let mut found = Vec::new();
        while let Some(s) = dlx.next_solution() {
            found.push(sorted(s));
        }
        let set: BTreeSet<_> = found.iter().cloned().collect();
        prop_assert_eq!(set.len(), found.len(), "a cover was reported twice");
        prop_assert_eq!(&set, &expected);
        prop_assert_eq!(dlx.count(u64::MAX).count, 0, "an exhausted search stays exhausted");
        prop_assert_eq!(Dlx::new(&m).count(u64::MAX).count as usize, expected.len());
    }

    /// A reused `Dlx` with imposed rows finds exactly the covers containing them, whatever
    /// ran before.
    #[test]
    fn imposed_rows_give_exactly_the_covers_that_contain_them(
        m in matrix(),
        picks in proptest::collection::vec(proptest::collection::vec(0usize..12, 0..3), 1..4),
    ) {
        let all = brute_force(&m);
        let mut dlx = Dlx::new(&m);
        for pick in picks {
            let mut rows: Vec<usize> = pick.into_iter().filter(|&r| r < m.num_rows()).collect();
            rows.dedup();
            let forced: Vec<RowId> = rows.iter().map(|&r| RowId::new(r)).collect();
            let ok = dlx.reset(&forced);
            let expected: BTreeSet<Vec<usize>> =
                all.iter().filter(|s| rows.iter().all(|r| s.contains(r))).cloned().collect();
            let mut found = BTreeSet::new();
            while let Some(s) = dlx.next_solution() {
                prop_assert!(ok);
                found.insert(sorted(s));
            }
            prop_assert_eq!(found, expected);
        }
    }
}
