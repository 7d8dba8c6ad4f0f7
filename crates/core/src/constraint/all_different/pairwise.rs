//! All-different as its clique of `≠`, in one propagator.

use super::{AllDifferent, fixed_apart, fixed_distinct, remove_fixed_value};
use crate::domain::DomainStore;
use crate::index::VarId;
use crate::propagation::{Conflict, Propagator, Wake};

/// The pairwise decomposition: exactly the pruning that arc consistency achieves on the
/// `n(n-1)/2` binary `≠` constraints, without creating them.
#[derive(Debug)]
pub(super) struct Pairwise<'a> {
    c: &'a AllDifferent,
    scratch: Vec<i64>,
    /// Plain backtracking's test on machine words, when every domain is one word: per
    /// variable, its word's index in the store and the key of the word's bit 0 (`base + o`).
    /// The layout of the store never changes, so this is built once, at the first test.
    words: Option<Option<Vec<(u32, i64)>>>,
}

impl<'a> Pairwise<'a> {
    pub(super) fn new(c: &'a AllDifferent) -> Self {
        Pairwise {
            c,
            scratch: Vec::new(),
            words: None,
        }
    }
}

impl Propagator for Pairwise<'_> {
    fn scope(&self) -> &[VarId] {
        &self.c.vars
    }

    fn wake(&self) -> Wake {
        Wake::Fix
    }

    fn propagate(&mut self, d: &mut DomainStore) -> Result<(), Conflict> {
        for i in 0..self.c.vars.len() {
            if d.is_fixed(self.c.vars[i]) {
                remove_fixed_value(self.c, d, i)?;
            }
        }
        Ok(())
    }

    fn forward_check(&mut self, d: &mut DomainStore, i: usize) -> Result<(), Conflict> {
        remove_fixed_value(self.c, d, i)
    }

    fn check(&mut self, d: &DomainStore) -> bool {
        fixed_distinct(self.c, d, &mut self.scratch)
    }

    fn check_fixed(&mut self, d: &DomainStore, i: usize) -> bool {
        let c = self.c;
        let words = self.words.get_or_insert_with(|| {
            c.vars
                .iter()
                .zip(&c.offsets)
                .map(|(&x, &o)| Some((d.word_index(x), i64::from(d.word_base(x)?) + i64::from(o))))
                .collect()
        });
        let Some(words) = words else {
            return fixed_apart(c, d, i);
        };
        let (wi, ki) = words[i];
        let mine = d.bits_at(wi);
        if mine == 0 || mine & (mine - 1) != 0 {
            return true; // not fixed
        }
        let key = ki + i64::from(mine.trailing_zeros());
        // Another variable clashes when its word is one bit, at `key`.
        words.iter().enumerate().all(|(j, &(w, k))| {
            let b = d.bits_at(w);
            let off = key - k;
            j == i || !(0..i64::from(usize::BITS)).contains(&off) || b != 1usize << off
        })
    }
}
