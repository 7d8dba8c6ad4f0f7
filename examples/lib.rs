//! Model builders shared by the examples and the benches: n-queens (binary and global
//! models), map colouring, and seeded random binary CSPs (model RB).

use csp_core::heuristics::SplitMix64;
use csp_core::{Model, VarId};

/// How to state n-queens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QueensModel {
    /// The textbook model: `q[i] ≠ q[j]`, `q[i] ≠ q[j] ± (j - i)` for every pair
    /// (`3·n(n-1)/2` binary constraints).
    Binary,
    /// Three all-different constraints, two of them with offsets (rows and both diagonals).
    Global,
}

/// n-queens: `q[i]` is the row (1..=n) of the queen in column `i`.
pub fn queens(n: usize, kind: QueensModel) -> (Model, Vec<VarId>) {
    let mut m = Model::new();
    let q: Vec<VarId> = (0..n)
        .map(|i| {
            m.new_var(format!("q{}", i + 1), 1..=n as i32)
                .expect("fresh name")
        })
        .collect();
    match kind {
        QueensModel::Binary => {
            for i in 0..n {
                for j in i + 1..n {
                    let d = (j - i) as i32;
                    m.not_equal(q[i], q[j]).expect("valid");
                    m.not_equal_offset(q[i], q[j], d).expect("valid");
                    m.not_equal_offset(q[i], q[j], -d).expect("valid");
                }
            }
        }
        QueensModel::Global => {
            let up: Vec<i32> = (0..n as i32).collect();
            let down: Vec<i32> = (0..n as i32).map(|i| -i).collect();
            m.all_different(&q).expect("valid");
            m.all_different_offset(&q, &up).expect("valid");
            m.all_different_offset(&q, &down).expect("valid");
        }
    }
    (m, q)
}

/// Whether `rows` (row of the queen in each column) places non-attacking queens; checks
/// the board directly, not through any model.
pub fn queens_ok(rows: &[i32]) -> bool {
    let n = rows.len();
    (0..n).all(|i| {
        (1..=n as i32).contains(&rows[i])
            && (i + 1..n).all(|j| {
                let d = (j - i) as i32;
                rows[i] != rows[j] && (rows[i] - rows[j]).abs() != d
            })
    })
}

/// The states and territories of Australia and their borders (Russell & Norvig's example).
pub const AUSTRALIA: (&[&str], &[(&str, &str)]) = (
    &["WA", "NT", "SA", "Q", "NSW", "V", "T"],
    &[
        ("WA", "NT"),
        ("WA", "SA"),
        ("NT", "SA"),
        ("NT", "Q"),
        ("SA", "Q"),
        ("SA", "NSW"),
        ("SA", "V"),
        ("Q", "NSW"),
        ("NSW", "V"),
    ],
);

/// Map colouring with `k` colours: one variable per region, `≠` per border.
pub fn map_colouring(regions: &[&str], borders: &[(&str, &str)], k: i32) -> Model {
    let mut m = Model::new();
    for r in regions {
        m.new_var(*r, 0..=k - 1).expect("distinct region names");
    }
    for (a, b) in borders {
        let (x, y) = (
            m.var_by_name(a).expect("known region"),
            m.var_by_name(b).expect("known region"),
        );
        m.not_equal(x, y).expect("valid");
    }
    m
}

/// A random binary CSP in model RB (Xu & Li 2000): `n` variables with `d` values,
/// `e` constraints on distinct random pairs, each forbidding a fraction `tightness` of the
/// `d²` value pairs (so allowing `(1 - tightness)·d²` pairs, as a table). Seeded.
pub fn random_binary(n: usize, d: i32, e: usize, tightness: f64, seed: u64) -> Model {
    let mut rng = SplitMix64::new(seed);
    let mut m = Model::new();
    let vars: Vec<VarId> = (0..n)
        .map(|i| m.new_var(format!("x{i}"), 0..=d - 1).expect("fresh"))
        .collect();
    let mut pairs = std::collections::BTreeSet::new();
    let e = e.min(n * (n - 1) / 2);
    while pairs.len() < e {
        let a = rng.below(n as u32) as usize;
        let b = rng.below(n as u32) as usize;
        if a != b {
            pairs.insert((a.min(b), a.max(b)));
        }
    }
    let all: Vec<(i32, i32)> = (0..d).flat_map(|a| (0..d).map(move |b| (a, b))).collect();
    let forbid = ((d * d) as f64 * tightness).round() as usize;
    for (a, b) in pairs {
        // A partial Fisher–Yates shuffle picks the forbidden pairs.
        let mut cand = all.clone();
        for i in 0..forbid.min(cand.len()) {
            let j = i + rng.below((cand.len() - i) as u32) as usize;
            cand.swap(i, j);
        }
        let allowed: Vec<Vec<i32>> = cand[forbid.min(cand.len())..]
            .iter()
            .map(|&(u, v)| vec![u, v])
            .collect();
        m.table(&[vars[a], vars[b]], allowed).expect("valid table");
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;
    use csp_core::{Search, SearchConfig};

    #[test]
    fn both_queens_models_count_92_for_eight() {
        for kind in [QueensModel::Binary, QueensModel::Global] {
            let (m, _) = queens(8, kind);
            let mut s = Search::new(&m, SearchConfig::default());
            let mut n = 0;
            for sol in s.solutions() {
                assert!(queens_ok(sol.values()));
                n += 1;
            }
            assert_eq!(n, 92);
        }
    }

    #[test]
    fn australia_has_18_three_colourings_and_no_two_colouring() {
        let (r, b) = AUSTRALIA;
        let m = map_colouring(r, b, 3);
        assert_eq!(
            Search::new(&m, SearchConfig::default()).count(1000).count,
            18
        );
        let m2 = map_colouring(r, b, 2);
        assert_eq!(
            Search::new(&m2, SearchConfig::default()).count(1000).count,
            0
        );
    }

    #[test]
    fn random_binary_is_reproducible() {
        let a = random_binary(10, 5, 20, 0.3, 1);
        let b = random_binary(10, 5, 20, 0.3, 1);
        assert_eq!(a.num_constraints(), 20);
        let ca = Search::new(&a, SearchConfig::default())
            .count(u64::MAX)
            .count;
        let cb = Search::new(&b, SearchConfig::default())
            .count(u64::MAX)
            .count;
        assert_eq!(ca, cb);
    }
}
