//! The word-parallel path of [`Matching`] over several words: keys spanning two to four
//! machine words (colourings with 65 to 256 colours).

use super::{Matching, NONE};
use crate::constraint::all_different::{AllDifferent, at_most_one};
use crate::domain::DomainStore;
use crate::propagation::Conflict;

/// The most words of keys for [`MultiWords`]: 256 keys (colourings with up to 256 colours).
pub(super) const KEY_WORDS: usize = 4;

/// A set of keys over [`KEY_WORDS`] words.
type Keys = [usize; KEY_WORDS];

const BITS: usize = usize::BITS as usize;

#[inline]
fn has(s: &Keys, k: usize) -> bool {
    s[k / BITS] >> (k % BITS) & 1 == 1
}

#[inline]
fn add(s: &mut Keys, k: usize) {
    s[k / BITS] |= 1 << (k % BITS);
}

#[inline]
fn and_not(a: &Keys, b: &Keys) -> Keys {
    std::array::from_fn(|w| a[w] & !b[w])
}

#[inline]
fn meets(a: &Keys, b: &Keys) -> bool {
    a.iter().zip(b).any(|(x, y)| x & y != 0)
}

#[inline]
fn or_into(a: &mut Keys, b: &Keys) {
    for (x, y) in a.iter_mut().zip(b) {
        *x |= y;
    }
}

/// The lowest key of a set.
#[inline]
fn lowest(s: &Keys) -> Option<usize> {
    s.iter()
        .enumerate()
        .find(|(_, w)| **w != 0)
        .map(|(i, w)| i * BITS + w.trailing_zeros() as usize)
}

/// Whether a set has at most one key.
#[inline]
fn at_most_one_key(s: &Keys) -> bool {
    let mut seen = false;
    for &w in s {
        if w != 0 {
            if seen || !at_most_one(w) {
                return false;
            }
            seen = true;
        }
    }
    true
}

/// The word-parallel view over several words, for keys spanning more than one word and at
/// most [`KEY_WORDS`] (colourings with 65 to 256 colours: DSJR500.5's clique all-differents
/// have 120 variables over 124 colours). Variable `i`'s domain words, placed from key
/// `shift[i]` on, are its key set; [`Matching::propagate_multi`] then runs on key sets as
/// [`Matching::propagate_words`] does on single words, instead of walking values one by
/// one (on DSJR500.5, the walk took nine tenths of the exact search's time).
#[derive(Debug)]
pub(super) struct MultiWords {
    /// Per variable: the key of bit 0 of its first domain word.
    shift: Vec<u32>,
    /// Per variable: its first domain word in the store, and how many.
    first: Vec<u32>,
    count: Vec<u32>,
    /// The key sets of the last [`MultiWords::load`], kept in step by [`MultiWords::keep`].
    masks: Vec<Keys>,
    /// Workspaces: open variables, their matched keys, and the keys they reach.
    var: Vec<u32>,
    key: Vec<u32>,
    reach: Vec<Keys>,
}

impl MultiWords {
    /// The view, when the `span` keys from `min_key` on fit in [`KEY_WORDS`] words and every
    /// variable's first domain word starts at or after `min_key`.
    pub(super) fn new(
        c: &AllDifferent,
        d: &DomainStore,
        min_key: i64,
        span: usize,
    ) -> Option<Self> {
        // Intervals have no words to read.
        if span > KEY_WORDS * BITS || c.vars.iter().any(|&x| d.is_interval(x)) {
            return None;
        }
        let n = c.vars.len();
        let (mut shift, mut first, mut count) = (
            Vec::with_capacity(n),
            Vec::with_capacity(n),
            Vec::with_capacity(n),
        );
        for (&x, &o) in c.vars.iter().zip(&c.offsets) {
            let (base, w, k) = d.word_range(x);
            let s = i64::from(base) + i64::from(o) - min_key;
            shift.push(u32::try_from(s).ok()?);
            first.push(w);
            count.push(k);
        }
        Some(MultiWords {
            shift,
            first,
            count,
            masks: vec![[0; KEY_WORDS]; n],
            var: Vec::with_capacity(n),
            key: Vec::with_capacity(n),
            reach: Vec::with_capacity(n),
        })
    }

    /// Reads every variable's key set from the store.
    fn load(&mut self, d: &DomainStore) {
        for i in 0..self.masks.len() {
            let mut m = [0; KEY_WORDS];
            for j in 0..self.count[i] {
                let bits = d.bits_at(self.first[i] + j);
                if bits == 0 {
                    continue;
                }
                // Bits beyond the key span are never set, so a non-empty word lies within.
                let at = self.shift[i] as usize + j as usize * BITS;
                let (q, r) = (at / BITS, at % BITS);
                m[q] |= bits << r;
                if r > 0 && q + 1 < KEY_WORDS {
                    m[q + 1] |= bits >> (BITS - r);
                }
            }
            self.masks[i] = m;
        }
    }

    /// Narrows variable `i` to the keys in `keep`.
    fn keep(
        &mut self,
        c: &AllDifferent,
        d: &mut DomainStore,
        i: usize,
        keep: &Keys,
    ) -> Result<(), Conflict> {
        d.count_revision();
        for (m, k) in self.masks[i].iter_mut().zip(keep) {
            *m &= k;
        }
        for j in 0..self.count[i] {
            let at = self.shift[i] as usize + j as usize * BITS;
            let (q, r) = (at / BITS, at % BITS);
            let word = |q: usize| keep.get(q).copied().unwrap_or(0);
            let bits = if r == 0 {
                word(q)
            } else {
                word(q) >> r | word(q + 1) << (BITS - r)
            };
            d.keep_bits_at(c.vars[i], self.first[i] + j, bits)?;
        }
        Ok(())
    }
}

/// [`super::augment_words`] over key sets of several words.
fn augment_multi(
    masks: &[Keys],
    match_var: &mut [u32],
    match_val: &mut [u32],
    i: usize,
    visited: &mut Keys,
    matched: &mut Keys,
) -> bool {
    let candidates = and_not(&masks[i], visited);
    if let Some(k) = lowest(&and_not(&candidates, matched)) {
        match_var[i] = k as u32;
        match_val[k] = i as u32;
        add(matched, k);
        return true;
    }
    or_into(visited, &candidates);
    for (w, &word) in candidates.iter().enumerate() {
        let mut rest = word;
        while rest != 0 {
            let k = w * BITS + rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let j = match_val[k] as usize;
            if augment_multi(masks, match_var, match_val, j, visited, matched) {
                match_var[i] = k as u32;
                match_val[k] = i as u32;
                return true;
            }
        }
    }
    false
}

impl Matching<'_> {
    /// [`Matching::propagate_words`] over key sets of several words: the same matching
    /// repair, the keys reaching a free key by a fixpoint, and Warshall's closure over the
    /// open variables' matched keys, `O(n²)` operations of [`KEY_WORDS`] words.
    pub(super) fn propagate_multi(&mut self, d: &mut DomainStore) -> Result<(), Conflict> {
        let c = self.c;
        let Some(mw) = self.multi.as_mut() else {
            return Ok(());
        };
        let n = c.vars.len();
        mw.load(d);
        d.count_revisions(n as u64);
        let mut matched = [0; KEY_WORDS];
        for i in 0..n {
            let k = self.match_var[i];
            if k == NONE {
                continue;
            }
            if has(&mw.masks[i], k as usize) {
                add(&mut matched, k as usize);
            } else {
                self.match_var[i] = NONE;
                self.match_val[k as usize] = NONE;
            }
        }
        for i in 0..n {
            if self.match_var[i] == NONE {
                let mut visited = [0; KEY_WORDS];
                if !augment_multi(
                    &mw.masks,
                    &mut self.match_var,
                    &mut self.match_val,
                    i,
                    &mut visited,
                    &mut matched,
                ) {
                    return Err(Conflict);
                }
            }
        }
        let mut all = [0; KEY_WORDS];
        for m in &mw.masks {
            or_into(&mut all, m);
        }
        // Keys from which an alternating path leads to a free key.
        let mut reach_free = and_not(&all, &matched);
        if reach_free.iter().any(|&w| w != 0) {
            loop {
                let mut grew = false;
                for (i, m) in mw.masks.iter().enumerate() {
                    let k = self.match_var[i] as usize;
                    if !has(&reach_free, k) && meets(m, &reach_free) {
                        add(&mut reach_free, k);
                        grew = true;
                    }
                }
                if !grew {
                    break;
                }
            }
        }
        // The open variables, their matched keys and the keys they reach directly.
        mw.var.clear();
        mw.key.clear();
        mw.reach.clear();
        for (i, m) in mw.masks.iter().enumerate() {
            if !at_most_one_key(m) {
                let k = self.match_var[i];
                let mut r = *m;
                r[k as usize / BITS] &= !(1 << (k as usize % BITS));
                mw.var.push(i as u32);
                mw.key.push(k);
                mw.reach.push(r);
            }
        }
        // Warshall's transitive closure, one key set per row.
        for p in 0..mw.key.len() {
            let (kp, rp) = (mw.key[p] as usize, mw.reach[p]);
            for r in mw.reach.iter_mut() {
                if has(r, kp) {
                    or_into(r, &rp);
                }
            }
        }
        // An edge (t, k) outside the matching lies on an alternating cycle iff k reaches
        // t's matched key: keep the keys of the rows that reach key[t].
        for t in 0..mw.key.len() {
            let kt = mw.key[t] as usize;
            let mut keep = reach_free;
            add(&mut keep, kt);
            for (r, &k) in mw.reach.iter().zip(&mw.key) {
                if has(r, kt) {
                    add(&mut keep, k as usize);
                }
            }
            let i = mw.var[t] as usize;
            let m = mw.masks[i];
            let keep: Keys = std::array::from_fn(|w| m[w] & keep[w]);
            if keep != m {
                mw.keep(c, d, i, &keep)?;
            }
        }
        Ok(())
    }
}
