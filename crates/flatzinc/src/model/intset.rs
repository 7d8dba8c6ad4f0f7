//! Sets of integers as sorted ranges: domains and set constants.

/// A set of integers: sorted, disjoint, non-adjacent closed ranges.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct IntSet {
    ranges: Vec<(i64, i64)>,
}

impl IntSet {
    /// `lo..=hi` (empty when `lo > hi`).
    pub fn range(lo: i64, hi: i64) -> Self {
        IntSet {
            ranges: if lo <= hi { vec![(lo, hi)] } else { Vec::new() },
        }
    }

    /// The set of `values` (any order, duplicates allowed).
    pub fn from_values(mut values: Vec<i64>) -> Self {
        values.sort_unstable();
        values.dedup();
        let mut ranges: Vec<(i64, i64)> = Vec::new();
        for v in values {
            match ranges.last_mut() {
                Some((_, hi)) if hi.checked_add(1) == Some(v) => *hi = v,
                _ => ranges.push((v, v)),
            }
        }
        IntSet { ranges }
    }

    /// The ranges, increasing.
    pub fn ranges(&self) -> &[(i64, i64)] {
        &self.ranges
    }

    /// Whether `v` is in the set.
    pub fn contains(&self, v: i64) -> bool {
        let i = self.ranges.partition_point(|&(_, hi)| hi < v);
        self.ranges.get(i).is_some_and(|&(lo, _)| lo <= v)
    }

    /// Whether the set has no element.
    pub fn is_empty(&self) -> bool {
        self.ranges.is_empty()
    }

    /// Smallest element.
    pub fn min(&self) -> Option<i64> {
        self.ranges.first().map(|r| r.0)
    }

    /// Largest element.
    pub fn max(&self) -> Option<i64> {
        self.ranges.last().map(|r| r.1)
    }

    /// Number of elements (saturating).
    pub fn len(&self) -> u64 {
        self.ranges
            .iter()
            .map(|&(lo, hi)| (i128::from(hi) - i128::from(lo) + 1) as u64)
            .fold(0u64, u64::saturating_add)
    }

    /// The elements, increasing (walk only small sets).
    pub fn iter(&self) -> impl Iterator<Item = i64> + '_ {
        self.ranges.iter().flat_map(|&(lo, hi)| lo..=hi)
    }

    /// The elements of both sets.
    pub fn intersect(&self, other: &IntSet) -> IntSet {
        let (mut i, mut j, mut out) = (0, 0, Vec::new());
        while i < self.ranges.len() && j < other.ranges.len() {
            let (a, b) = (self.ranges[i], other.ranges[j]);
            let (lo, hi) = (a.0.max(b.0), a.1.min(b.1));
            if lo <= hi {
                out.push((lo, hi));
            }
            if a.1 < b.1 {
                i += 1;
            } else {
                j += 1;
            }
        }
        IntSet { ranges: out }
    }
}

impl std::fmt::Display for IntSet {
    /// MiniZinc's syntax: `1..5`, `{1,3,7}` or `1..3 union {7}`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.ranges.as_slice() {
            [] => write!(f, "{{}}"),
            [(lo, hi)] if lo != hi => write!(f, "{lo}..{hi}"),
            rs if rs.iter().all(|r| r.1 - r.0 < 2) => {
                let v: Vec<String> = self.iter().map(|v| v.to_string()).collect();
                write!(f, "{{{}}}", v.join(","))
            }
            rs => {
                let parts: Vec<String> = rs
                    .iter()
                    .map(|&(lo, hi)| {
                        if lo == hi {
                            format!("{{{lo}}}")
                        } else {
                            format!("{lo}..{hi}")
                        }
                    })
                    .collect();
                write!(f, "{}", parts.join(" union "))
            }
        }
    }
}
