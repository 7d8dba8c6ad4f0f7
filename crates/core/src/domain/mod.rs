//! Finite integer domains: [`Domain`] (a value set, used to declare variables) and
//! [`DomainStore`] (every variable's current domain during search, with its trail).

mod store;
mod trail;

pub use store::{DomainStore, Representation, Values};
pub use trail::{Trail, TrailEntry};

/// A wiped-out domain (or a violated check): the current node has no solution. This is
/// control flow for the search, not an error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Conflict;

use std::fmt;

/// A value a variable can take.
pub type Value = i32;

/// The widest span `max - min + 1` a variable's domain may have; wider domains are refused
/// by the model (during search a domain costs one bit per value of its span).
pub const MAX_DOMAIN_SPAN: u32 = 1 << 24;

/// A finite set of integer values, as given when a variable is declared: an interval or a
/// sorted list, so that declaring costs memory in the number of values, never in the span.
/// During search, domains live as bitsets in the [`DomainStore`].
///
/// ```
/// use csp_core::Domain;
/// let d = Domain::from_values([7, -3, 7]);
/// assert_eq!(d.len(), 2);
/// assert_eq!(d.iter().collect::<Vec<_>>(), vec![-3, 7]);
/// assert_eq!(Domain::range(1, 9).len(), 9);
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Domain {
    repr: Repr,
}

#[derive(Clone, PartialEq, Eq)]
enum Repr {
    Interval(Value, Value),
    Sorted(Vec<Value>),
}

impl Domain {
    /// The empty domain (a model refuses it for a variable, but it is a valid set).
    pub fn empty() -> Self {
        Domain {
            repr: Repr::Sorted(Vec::new()),
        }
    }

    /// All integers from `lo` to `hi` inclusive (empty when `lo > hi`).
    pub fn range(lo: Value, hi: Value) -> Self {
        if lo > hi {
            return Self::empty();
        }
        Domain {
            repr: Repr::Interval(lo, hi),
        }
    }

    /// The set of the given values (duplicates ignored).
    pub fn from_values<I: IntoIterator<Item = Value>>(values: I) -> Self {
        let mut v: Vec<Value> = values.into_iter().collect();
        v.sort_unstable();
        v.dedup();
        match (v.first(), v.last()) {
            (Some(&lo), Some(&hi)) if i64::from(hi) - i64::from(lo) + 1 == v.len() as i64 => {
                Self::range(lo, hi)
            }
            _ => Domain {
                repr: Repr::Sorted(v),
            },
        }
    }

    /// `(lo, hi)` when the domain is declared as an interval (every integer between).
    pub(crate) fn as_interval(&self) -> Option<(Value, Value)> {
        match self.repr {
            Repr::Interval(lo, hi) => Some((lo, hi)),
            Repr::Sorted(_) => None,
        }
    }

    /// Number of values.
    pub fn len(&self) -> usize {
        match &self.repr {
            Repr::Interval(lo, hi) => (i64::from(*hi) - i64::from(*lo) + 1) as usize,
            Repr::Sorted(v) => v.len(),
        }
    }

    /// Whether the domain has no value.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether `v` is in the domain.
    pub fn contains(&self, v: Value) -> bool {
        match &self.repr {
            Repr::Interval(lo, hi) => (*lo..=*hi).contains(&v),
            Repr::Sorted(s) => s.binary_search(&v).is_ok(),
        }
    }

    /// Smallest value.
    pub fn min(&self) -> Option<Value> {
        match &self.repr {
            Repr::Interval(lo, _) => Some(*lo),
            Repr::Sorted(s) => s.first().copied(),
        }
    }

    /// Largest value.
    pub fn max(&self) -> Option<Value> {
        match &self.repr {
            Repr::Interval(_, hi) => Some(*hi),
            Repr::Sorted(s) => s.last().copied(),
        }
    }

    /// `max - min + 1`, or 0 for the empty domain.
    pub fn span(&self) -> u64 {
        match (self.min(), self.max()) {
            (Some(lo), Some(hi)) => (i64::from(hi) - i64::from(lo) + 1) as u64,
            _ => 0,
        }
    }

    /// The values in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = Value> + '_ {
        let (interval, sorted) = match &self.repr {
            Repr::Interval(lo, hi) => (Some(*lo..=*hi), None),
            Repr::Sorted(s) => (None, Some(s.iter().copied())),
        };
        interval
            .into_iter()
            .flatten()
            .chain(sorted.into_iter().flatten())
    }

    /// Removes `v` (no effect when absent).
    pub fn remove(&mut self, v: Value) {
        if self.contains(v) {
            self.retain(|w| *w != v);
        }
    }

    /// Keeps only the values for which `keep` is true.
    pub fn retain(&mut self, keep: impl FnMut(&Value) -> bool) {
        let kept: Vec<Value> = self.iter().filter(keep).collect();
        *self = Domain::from_values(kept);
    }
}

impl From<std::ops::RangeInclusive<Value>> for Domain {
    fn from(r: std::ops::RangeInclusive<Value>) -> Self {
        Domain::range(*r.start(), *r.end())
    }
}

impl From<&[Value]> for Domain {
    fn from(v: &[Value]) -> Self {
        Domain::from_values(v.iter().copied())
    }
}

impl From<Vec<Value>> for Domain {
    fn from(v: Vec<Value>) -> Self {
        Domain::from_values(v)
    }
}

impl<const N: usize> From<[Value; N]> for Domain {
    fn from(v: [Value; N]) -> Self {
        Domain::from_values(v)
    }
}

impl fmt::Debug for Domain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl fmt::Display for Domain {
    /// Runs of consecutive values print as `a..b`: `{1..4, 7}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{")?;
        let mut first = true;
        let mut it = self.iter().peekable();
        while let Some(lo) = it.next() {
            let mut hi = lo;
            while it.peek() == Some(&(hi + 1)) {
                hi = it.next().unwrap_or(hi);
            }
            if !first {
                write!(f, ", ")?;
            }
            first = false;
            match hi - lo {
                0 => write!(f, "{lo}")?,
                1 => write!(f, "{lo}, {hi}")?,
                _ => write!(f, "{lo}..{hi}")?,
            }
        }
        write!(f, "}}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn range_and_values_agree() {
        assert_eq!(Domain::range(1, 4), Domain::from_values([4, 3, 2, 1]));
        assert!(Domain::range(3, 2).is_empty());
    }

    #[test]
    fn negative_values_are_kept() {
        let d = Domain::from_values([-3, 7]);
        assert!(d.contains(-3) && d.contains(7) && !d.contains(0));
        assert_eq!((d.min(), d.max(), d.span()), (Some(-3), Some(7), 11));
    }

    #[test]
    fn display_compresses_runs() {
        assert_eq!(
            Domain::from_values([1, 2, 3, 4, 7, 9, 10]).to_string(),
            "{1..4, 7, 9, 10}"
        );
        assert_eq!(Domain::empty().to_string(), "{}");
    }

    #[test]
    fn remove_and_retain_shrink_the_set() {
        let mut d = Domain::range(1, 6);
        d.remove(3);
        d.remove(100);
        d.retain(|v| v % 2 == 0);
        assert_eq!(d.iter().collect::<Vec<_>>(), vec![2, 4, 6]);
    }
}
