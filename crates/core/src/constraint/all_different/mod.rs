//! `all_different(x₁ + o₁, …, xₙ + oₙ)`: the constraint, and its three propagators, one
//! file each: the pairwise decomposition ([`pairwise`]), counting ([`counting`]) and Régin's
//! matching-based generalised arc consistency ([`matching`]). The helpers they share (the
//! word-parallel key view, the fixed-value pruning) are here.

mod counting;
mod matching;
mod pairwise;

use super::{Constraint, names};
use crate::domain::{DomainStore, Value};
use crate::index::VarId;
use crate::propagation::{AllDifferentStrength, Conflict, Propagator, PropagatorOptions};

/// All the values `xᵢ + oᵢ` are pairwise different (plain all-different when every offset is
/// 0; the n-queens diagonals with offsets `0, 1, 2, …`).
#[derive(Debug, Clone)]
pub struct AllDifferent {
    vars: Vec<VarId>,
    offsets: Vec<Value>,
}

impl AllDifferent {
    /// All different, with optional offsets (one per variable).
    pub fn new(vars: Vec<VarId>, offsets: Option<Vec<Value>>) -> Result<Self, String> {
        let offsets = offsets.unwrap_or_else(|| vec![0; vars.len()]);
        if offsets.len() != vars.len() {
            return Err(format!(
                "{} variables but {} offsets",
                vars.len(),
                offsets.len()
            ));
        }
        let mut sorted = vars.clone();
        sorted.sort();
        if sorted.windows(2).any(|w| w[0] == w[1]) {
            return Err("a variable appears twice".into());
        }
        Ok(AllDifferent { vars, offsets })
    }

    /// The offsets `oᵢ`.
    pub fn offsets(&self) -> &[Value] {
        &self.offsets
    }
}

impl Constraint for AllDifferent {
    fn kind(&self) -> &'static str {
        "all_different"
    }

    fn scope(&self) -> &[VarId] {
        &self.vars
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let mut seen: Vec<i64> = values
            .iter()
            .zip(&self.offsets)
            .map(|(&v, &o)| i64::from(v) + i64::from(o))
            .collect();
        seen.sort_unstable();
        seen.windows(2).all(|w| w[0] != w[1])
    }

    fn describe(&self, name: &dyn Fn(VarId) -> String) -> String {
        if self.offsets.iter().all(|&o| o == 0) {
            return format!("all_different({})", names(&self.vars, name, ", "));
        }
        let terms: Vec<String> = self
            .vars
            .iter()
            .zip(&self.offsets)
            .map(|(&x, &o)| match o {
                0 => name(x),
                o if o > 0 => format!("{} + {o}", name(x)),
                o => format!("{} - {}", name(x), -i64::from(o)),
            })
            .collect();
        format!("all_different({})", terms.join(", "))
    }

    fn propagator(&self, options: &PropagatorOptions) -> Box<dyn Propagator + '_> {
        match options.all_different {
            AllDifferentStrength::Pairwise => Box::new(pairwise::Pairwise::new(self)),
            AllDifferentStrength::Counting => Box::new(counting::Counting::new(self)),
            AllDifferentStrength::Matching => Box::new(matching::Matching::new(self)),
        }
    }
}

/// Removes `xᵢ`'s value from every other variable: the pruning of the clique of `≠`
/// constraints, in one propagator. `O(n)` per fix event.
#[inline]
fn remove_fixed_value(c: &AllDifferent, d: &mut DomainStore, i: usize) -> Result<(), Conflict> {
    let Some(v) = d.value(c.vars[i]) else {
        return Ok(());
    };
    let key = i64::from(v) + i64::from(c.offsets[i]);
    for (j, (&y, &o)) in c.vars.iter().zip(&c.offsets).enumerate() {
        if j != i {
            d.count_revision();
            if let Ok(w) = Value::try_from(key - i64::from(o)) {
                d.remove(y, w)?;
            }
        }
    }
    Ok(())
}

/// Whether `xᵢ`, just fixed, differs from every other fixed variable of `c` (the others
/// being distinct already): a bit test per variable, no values looked up.
#[inline]
fn fixed_apart(c: &AllDifferent, d: &DomainStore, i: usize) -> bool {
    let Some(v) = d.value(c.vars[i]) else {
        return true;
    };
    let key = i64::from(v) + i64::from(c.offsets[i]);
    c.vars
        .iter()
        .zip(&c.offsets)
        .enumerate()
        .all(|(j, (&y, &o))| {
            j == i
                || !d.is_fixed(y)
                || Value::try_from(key - i64::from(o)).map_or(true, |w| !d.contains(y, w))
        })
}

/// Whether the fixed variables of `c` take distinct values (`scratch` is reused).
#[inline]
fn fixed_distinct(c: &AllDifferent, d: &DomainStore, scratch: &mut Vec<i64>) -> bool {
    scratch.clear();
    let (mut lo, mut hi) = (i64::MAX, i64::MIN);
    for (&x, &o) in c.vars.iter().zip(&c.offsets) {
        if let Some(v) = d.value(x) {
            let k = i64::from(v) + i64::from(o);
            lo = lo.min(k);
            hi = hi.max(k);
            scratch.push(k);
        }
    }
    if scratch.len() < 2 {
        return true;
    }
    // Keys within one word (every sudoku, small colourings): one bit each, no sorting.
    if hi - lo < 64 {
        let mut seen = 0u64;
        for &k in scratch.iter() {
            let b = 1u64 << (k - lo);
            if seen & b != 0 {
                return false;
            }
            seen |= b;
        }
        return true;
    }
    scratch.sort_unstable();
    scratch.windows(2).all(|w| w[0] != w[1])
}

/// The word-parallel view of an all-different whose keys `x + o` span at most one machine
/// word (every sudoku, colouring with up to 64 colours, n-queens up to 64): variable `i`'s
/// domain word, shifted left by `shift[i]`, is its set of keys, so counting, matching and
/// filtering are a few bitwise operations per variable instead of a walk over values.
#[derive(Debug)]
struct KeyWords {
    shift: Vec<u32>,
    /// Per variable, where its domain word is in the store.
    word: Vec<u32>,
    /// The key sets of the last [`KeyWords::load`], kept in step by [`KeyWords::keep`].
    masks: Vec<usize>,
}

impl KeyWords {
    /// The view, when every variable sits in one word and the keys from `min_key` on fit in
    /// one word.
    fn new(c: &AllDifferent, d: &DomainStore, min_key: i64, span: i64) -> Option<Self> {
        if span > i64::from(usize::BITS) {
            return None;
        }
        let mut shift = Vec::with_capacity(c.vars.len());
        for (&x, &o) in c.vars.iter().zip(&c.offsets) {
            let s = i64::from(d.word_base(x)?) + i64::from(o) - min_key;
            // Bits beyond the key span are never set, so `s` may not exceed the word.
            shift.push(u32::try_from(s).ok().filter(|&s| s < usize::BITS)?);
        }
        Some(KeyWords {
            masks: vec![0; shift.len()],
            word: c.vars.iter().map(|&x| d.word_index(x)).collect(),
            shift,
        })
    }

    #[inline]
    fn load(&mut self, d: &DomainStore) {
        for ((m, &w), &s) in self.masks.iter_mut().zip(&self.word).zip(&self.shift) {
            *m = d.bits_at(w) << s;
        }
    }

    /// Narrows variable `i` to the keys in `keep`.
    #[inline]
    fn keep(
        &mut self,
        c: &AllDifferent,
        d: &mut DomainStore,
        i: usize,
        keep: usize,
    ) -> Result<(), Conflict> {
        d.count_revision();
        self.masks[i] &= keep;
        d.keep_bits_at(c.vars[i], self.word[i], keep >> self.shift[i])?;
        Ok(())
    }
}

/// The smallest and largest key `x + o` over the current domains (`(i64::MAX, i64::MIN)`
/// when every domain is empty).
#[inline]
fn key_range(c: &AllDifferent, d: &DomainStore) -> (i64, i64) {
    let mut lo = i64::MAX;
    let mut hi = i64::MIN;
    for (&x, &o) in c.vars.iter().zip(&c.offsets) {
        if let (Some(a), Some(b)) = (d.min(x), d.max(x)) {
            lo = lo.min(i64::from(a) + i64::from(o));
            hi = hi.max(i64::from(b) + i64::from(o));
        }
    }
    (lo, hi)
}

/// Whether a word has at most one bit set.
#[inline]
fn at_most_one(m: usize) -> bool {
    m & m.wrapping_sub(1) == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::Domain;

    fn vars(n: usize) -> Vec<VarId> {
        (0..n).map(VarId::new).collect()
    }

    fn options(all_different: AllDifferentStrength) -> PropagatorOptions {
        PropagatorOptions { all_different }
    }

    #[test]
    fn repeated_variables_and_mismatched_offsets_are_refused() {
        assert!(AllDifferent::new(vec![VarId::new(0), VarId::new(0)], None).is_err());
        assert!(AllDifferent::new(vars(2), Some(vec![1])).is_err());
    }

    #[test]
    fn offsets_shift_the_compared_values() {
        let c = AllDifferent::new(vars(2), Some(vec![0, 1])).unwrap();
        assert!(!c.is_satisfied(&[2, 1]));
        assert!(c.is_satisfied(&[1, 1]));
        assert_eq!(
            c.describe(&|x| format!("q{}", x.index())),
            "all_different(q0, q1 + 1)"
        );
    }

    #[test]
    fn matching_finds_hall_intervals_the_pairwise_form_misses() {
        // x0, x1 ∈ {1, 2} use up both values, so x2 ∈ {1, 2, 3} must be 3.
        let doms = [
            Domain::range(1, 2),
            Domain::range(1, 2),
            Domain::range(1, 3),
        ];
        let c = AllDifferent::new(vars(3), None).unwrap();
        let mut d = DomainStore::new(&doms);
        c.propagator(&options(AllDifferentStrength::Pairwise))
            .propagate(&mut d)
            .unwrap();
        assert_eq!(d.size(VarId::new(2)), 3);
        c.propagator(&options(AllDifferentStrength::Matching))
            .propagate(&mut d)
            .unwrap();
        assert_eq!(d.value(VarId::new(2)), Some(3));
    }

    #[test]
    fn matching_over_several_words_finds_hall_sets() {
        // Keys 0..=200 span four words. x0, x1 ∈ {0, 100} use up keys 0 and 100, so x2 must
        // be 199 and x3 (shifted by 100: keys 100 and 200) must be 100.
        let doms = [
            Domain::from_values([0, 100]),
            Domain::from_values([0, 100]),
            Domain::from_values([0, 100, 199]),
            Domain::from_values([0, 100]),
        ];
        let c = AllDifferent::new(vars(4), Some(vec![0, 0, 0, 100])).unwrap();
        let mut d = DomainStore::new(&doms);
        let mut p = c.propagator(&options(AllDifferentStrength::Matching));
        p.propagate(&mut d).unwrap();
        assert_eq!(d.value(VarId::new(2)), Some(199));
        assert_eq!(d.value(VarId::new(3)), Some(100));
        assert_eq!(d.size(VarId::new(0)), 2);
        // After backtracking, the matching is repaired from the previous one.
        let mark = d.mark();
        d.assign(VarId::new(0), 0).unwrap();
        p.propagate(&mut d).unwrap();
        assert_eq!(d.value(VarId::new(1)), Some(100));
        d.undo_to(mark);
        d.assign(VarId::new(1), 0).unwrap();
        p.propagate(&mut d).unwrap();
        assert_eq!(d.value(VarId::new(0)), Some(100));
        assert!(p.check(&d));
        // Three variables on two keys fail.
        let doms = vec![Domain::from_values([0, 100]); 3];
        let c = AllDifferent::new(vars(3), None).unwrap();
        let mut p = c.propagator(&options(AllDifferentStrength::Matching));
        assert_eq!(p.propagate(&mut DomainStore::new(&doms)), Err(Conflict));
    }

    #[test]
    fn matching_detects_too_few_values() {
        let doms = [
            Domain::range(1, 2),
            Domain::range(1, 2),
            Domain::range(1, 2),
        ];
        let c = AllDifferent::new(vars(3), None).unwrap();
        let mut d = DomainStore::new(&doms);
        let mut p = c.propagator(&options(AllDifferentStrength::Matching));
        assert_eq!(p.propagate(&mut d), Err(Conflict));
    }

    #[test]
    fn matching_is_reused_after_backtracking() {
        let doms = vec![Domain::range(1, 4); 4];
        let c = AllDifferent::new(vars(4), None).unwrap();
        let mut d = DomainStore::new(&doms);
        let mut p = c.propagator(&options(AllDifferentStrength::Matching));
        p.propagate(&mut d).unwrap();
        let mark = d.mark();
        d.assign(VarId::new(0), 1).unwrap();
        d.assign(VarId::new(1), 2).unwrap();
        p.propagate(&mut d).unwrap();
        assert_eq!(d.iter(VarId::new(2)).collect::<Vec<_>>(), vec![3, 4]);
        d.undo_to(mark);
        d.assign(VarId::new(3), 1).unwrap();
        p.propagate(&mut d).unwrap();
        assert!(!d.contains(VarId::new(0), 1));
        assert!(p.check(&d));
    }
}
