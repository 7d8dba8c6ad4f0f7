//! All-different by counting: pigeonhole failure and hidden singles, on machine words where
//! the keys fit in one.

use super::{
    AllDifferent, KeyWords, at_most_one, fixed_apart, fixed_distinct, key_range, remove_fixed_value,
};
use crate::domain::{DomainStore, Value};
use crate::index::VarId;
use crate::propagation::{Conflict, Propagator, Wake};

/// The pairwise pruning plus value counting: fewer values left than variables is a
/// conflict (pigeonhole), and when there are exactly as many values as variables, each value
/// must be taken, so a value that only one variable can still take is assigned to it (the
/// sudoku player's "hidden single"). `O(Σ|D(x)|)` per call; stronger than [`Pairwise`](super::pairwise::Pairwise),
/// weaker than [`Matching`](super::matching::Matching) (it misses Hall sets of two or more values), and much cheaper.
#[derive(Debug)]
pub(super) struct Counting<'a> {
    c: &'a AllDifferent,
    /// Smallest key `x + o` over the initial domains; bit `k` stands for `min_key + k`.
    min_key: i64,
    /// Keys seen at least once / at least twice in the current call.
    once: Vec<u64>,
    twice: Vec<u64>,
    /// Keys of the fixed variables.
    fixed: Vec<u64>,
    removals: Vec<Value>,
    scratch: Vec<i64>,
    /// The word-parallel fast path, when the keys fit in one word.
    words: Option<KeyWords>,
}

impl<'a> Counting<'a> {
    pub(super) fn new(c: &'a AllDifferent) -> Self {
        Counting {
            c,
            words: None,
            min_key: i64::MAX,
            once: Vec::new(),
            twice: Vec::new(),
            fixed: Vec::new(),
            removals: Vec::new(),
            scratch: Vec::new(),
        }
    }

    /// Sizes the key bitsets from the current domains (the first call sees the widest).
    fn init(&mut self, d: &DomainStore) {
        let (lo, hi) = key_range(self.c, d);
        let words = if lo <= hi {
            ((hi - lo) as usize + 1).div_ceil(64)
        } else {
            1
        };
        self.min_key = lo.min(hi);
        self.words = KeyWords::new(self.c, d, self.min_key, hi - lo + 1);
        self.once = vec![0; words];
        self.twice = vec![0; words];
        self.fixed = vec![0; words];
    }

    /// One pass: removes the values of the fixed variables from the others, then counts
    /// the supports of each value. `Ok(true)` when it fixed a variable (the caller repeats).
    fn pass(&mut self, d: &mut DomainStore) -> Result<bool, Conflict> {
        let (c, min_key) = (self.c, self.min_key);
        let key = |i: usize, v: Value| (i64::from(v) + i64::from(c.offsets[i]) - min_key) as usize;
        // The fixed variables' keys; a repeat is a conflict.
        self.fixed.fill(0);
        for (i, &x) in c.vars.iter().enumerate() {
            if let Some(v) = d.value(x) {
                let k = key(i, v);
                let (w, b) = (k / 64, 1u64 << (k % 64));
                if self.fixed[w] & b != 0 {
                    return Err(Conflict);
                }
                self.fixed[w] |= b;
            }
        }
        let mut changed = false;
        self.once.fill(0);
        self.twice.fill(0);
        for (i, &x) in c.vars.iter().enumerate() {
            if !d.is_fixed(x) {
                self.removals.clear();
                for v in d.iter(x) {
                    let k = key(i, v);
                    if self.fixed[k / 64] >> (k % 64) & 1 == 1 {
                        self.removals.push(v);
                    }
                }
                for &v in &self.removals {
                    d.count_revision();
                    d.remove(x, v)?;
                }
                changed |= d.is_fixed(x);
            }
            for v in d.iter(x) {
                let k = key(i, v);
                let (w, b) = (k / 64, 1u64 << (k % 64));
                self.twice[w] |= self.once[w] & b;
                self.once[w] |= b;
            }
        }
        let values: u32 = self.once.iter().map(|w| w.count_ones()).sum();
        let n = c.vars.len() as u32;
        if values < n {
            return Err(Conflict);
        }
        if changed || values > n {
            return Ok(changed);
        }
        // Every value is needed: a value with a single supporter goes to it.
        for w in 0..self.once.len() {
            let mut single = self.once[w] & !self.twice[w];
            while single != 0 {
                let b = single.trailing_zeros() as usize;
                single &= single - 1;
                let k = min_key + (w * 64 + b) as i64;
                for (&x, &o) in c.vars.iter().zip(&c.offsets) {
                    if let Ok(v) = Value::try_from(k - i64::from(o))
                        && d.contains(x, v)
                    {
                        changed |= d.assign(x, v)?;
                        break;
                    }
                }
            }
        }
        Ok(changed)
    }
}

impl Counting<'_> {
    /// [`Counting::pass`] repeated to a fixpoint, on words: the same pruning, without
    /// walking any domain.
    fn propagate_words(&mut self, d: &mut DomainStore) -> Result<(), Conflict> {
        let c = self.c;
        let Some(kw) = self.words.as_mut() else {
            return Ok(());
        };
        let n = c.vars.len() as u32;
        kw.load(d);
        // The keys of the fixed variables; two fixed to one key is a conflict.
        let (mut fixed, mut clash) = (0usize, 0usize);
        for &m in &kw.masks {
            let single = m & (at_most_one(m) as usize).wrapping_neg();
            clash |= fixed & single;
            fixed |= single;
        }
        if clash != 0 {
            return Err(Conflict);
        }
        loop {
            let (mut once, mut twice, mut newly) = (0usize, 0usize, 0usize);
            for i in 0..kw.masks.len() {
                let m = kw.masks[i];
                if m & fixed != 0 && !at_most_one(m) {
                    kw.keep(c, d, i, !fixed)?;
                    let m = kw.masks[i];
                    if at_most_one(m) {
                        if newly & m != 0 {
                            return Err(Conflict);
                        }
                        newly |= m;
                    }
                }
                let m = kw.masks[i];
                twice |= once & m;
                once |= m;
            }
            let values = once.count_ones();
            if values < n {
                return Err(Conflict);
            }
            if newly != 0 {
                fixed |= newly;
                continue;
            }
            let mut singles = once & !twice & !fixed;
            if values > n || singles == 0 {
                return Ok(());
            }
            // Every value is needed: a value with a single supporter goes to it. Its other
            // values may now have one supporter left, so count again.
            fixed |= singles;
            while singles != 0 {
                let bit = singles & singles.wrapping_neg();
                singles &= singles - 1;
                let i = kw
                    .masks
                    .iter()
                    .position(|&m| m & bit != 0)
                    .ok_or(Conflict)?;
                kw.keep(c, d, i, bit)?;
            }
        }
    }
}

impl Propagator for Counting<'_> {
    fn scope(&self) -> &[VarId] {
        &self.c.vars
    }

    fn wake(&self) -> Wake {
        Wake::Change
    }

    fn prepare(&mut self, d: &DomainStore) {
        self.init(d);
    }

    fn propagate(&mut self, d: &mut DomainStore) -> Result<(), Conflict> {
        if self.min_key == i64::MAX {
            self.init(d);
        }
        if self.words.is_some() {
            return self.propagate_words(d);
        }
        while self.pass(d)? {}
        Ok(())
    }

    fn forward_check(&mut self, d: &mut DomainStore, i: usize) -> Result<(), Conflict> {
        remove_fixed_value(self.c, d, i)
    }

    fn check(&mut self, d: &DomainStore) -> bool {
        fixed_distinct(self.c, d, &mut self.scratch)
    }

    fn check_fixed(&mut self, d: &DomainStore, i: usize) -> bool {
        fixed_apart(self.c, d, i)
    }
}
